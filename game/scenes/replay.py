"""Watching a kept game: the controls over a replaying table, and the
Replays list the title screen opens.

The controls are an overlay above the game's own table scene (which draws
and animates the replay as in live play): Space plays or pauses, Right steps
a move forwards, Left a move back, Page Up/Down jump a round, Home/End go to
the start and the end, Up/Down change the speed, H hides the controls, V changes whose view shows
(the public one; a seat's own only where `ReplaySession.viewable_seats`
allows), a click on the bar jumps to that move, a round's number and Enter jump to
that round, Esc leaves. The mouse has buttons on the bar for the same (start,
a move back, play/pause, a move on, end, slower, faster); a controller plays
with A, steps with the d-pad's left/right, changes speed with up/down, jumps
a round with the shoulder buttons (Tab and Shift+Tab on a keyboard), changes
the view with Y, hides the bar with X and leaves with B; the bar's eye button
changes the view by mouse.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.scenes import nav
from game.scenes.base import Scene
from game.tables.seat_names import shown_name
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu, panel
from game.words.host_words import said, words_of
from game.words.i18n import N_, _, listed, ngettext
from game.words.os_words import os_reason

# seconds between moves while playing, slowest first; the middle one to start
PACES = (2.0, 1.0, 0.5, 0.25, 0.1)
# at the foot of the screen: the public view has no hand there to cover (H hides it)
BAR = pygame.Rect(460, 934, 1000, 138)
# the mouse's buttons on the bar, left to right (drawn as the usual player symbols)
ICONS = ("start", "back", "play", "step", "end", "slower", "faster", "view")
ICON_W, ICON_H, ICON_GAP = 64, 40, 10


class ReplayControls(Scene):
    overlay = True

    def __init__(self, app: Any, table: Any, session: Any,
                 on_exit: Callable[[], None] | None = None, playing: bool = True):
        super().__init__(app)
        self.table = table
        self.session = session
        self.on_exit = on_exit
        self.playing = playing
        self.pace = 2
        self.wait = 0
        self.round_starts = _round_starts(session)
        self.hidden = False
        self.typed = ""          # digits of a round to jump to (Enter jumps)

    # --- moving ---------------------------------------------------------------

    def _idle(self) -> bool:
        return not self.table.animator.busy and not self.table.queue

    def step(self) -> None:
        self.table.animator.finish()
        if not self.session.step():
            self.playing = False

    def seek(self, n: int) -> None:
        """Jump to the point after `n` moves and show it at once: a step taken
        before the next tick then animates from this board, not the old one."""
        self.table.animator.finish()
        self.table.queue.clear()
        self.session.seek(n)
        self.table.fast_forward()
        self.table.retell(self.session.told())

    def jump_round(self, step: int) -> None:
        cursor = self.session.cursor
        if step > 0:
            later = [r for r in self.round_starts if r > cursor]
            self.seek(later[0] if later else self.session.length)
        else:
            earlier = [r for r in self.round_starts if r < cursor]
            self.seek(earlier[-1] if earlier else 0)

    def jump_to_round(self, number: int) -> None:
        """To the start of round `number` (1 is the first; past the last: the end)."""
        self.playing = False
        if number <= 0:
            return
        starts = self.round_starts
        self.seek(starts[number - 1] if number <= len(starts) else self.session.length)

    def change_view(self) -> None:
        choices = [None, *self.session.viewable_seats()]
        if len(choices) == 1:
            self.app.toast(_("Only the public view: the players' cards stay hidden"),
                           theme.ACCENT)
            return
        i = choices.index(self.session.watching) if self.session.watching in choices else 0
        self.table.animator.finish()
        self.table.queue.clear()
        self.session.watch(choices[(i + 1) % len(choices)])
        self.table.retell(self.session.told())    # told as the new view hears it

    def leave(self) -> None:
        if self.on_exit is not None:
            self.on_exit()
        else:
            nav.to_title(self.app)

    # --- the scene --------------------------------------------------------------

    def update(self) -> None:
        if not self.playing or not self._idle():
            self.wait = 0
            return
        self.wait += 1
        if self.wait >= PACES[self.pace] * 60:
            self.wait = 0
            if not self.session.step():
                self.playing = False

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "back" and self.typed:
            self.typed = ""
        elif kind == "back":
            self.leave()
        elif kind == "key" and intent.text.isdigit() and len(self.typed) < 4:
            self.typed += intent.text
        elif kind == "select" and self.typed:
            self.jump_to_round(int(self.typed))
            self.typed = ""
        elif kind == "select":
            self.playing = not self.playing
            if self.playing and self.session.cursor >= self.session.length:
                self.seek(0)
        elif kind == "right":
            self.playing = False
            self.step()
        elif kind == "left":
            self.playing = False
            self.seek(self.session.cursor - 1)
        elif kind == "up":
            self.pace = min(len(PACES) - 1, self.pace + 1)
        elif kind == "down":
            self.pace = max(0, self.pace - 1)
        elif kind == "key" and intent.key == pygame.K_HOME:
            self.seek(0)
        elif kind == "key" and intent.key == pygame.K_END:
            self.seek(self.session.length)
        elif kind == "key" and intent.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.jump_round(-1 if intent.key == pygame.K_PAGEUP else 1)
        elif kind in ("prev", "next"):         # a controller's shoulders, Tab
            self.jump_round(-1 if kind == "prev" else 1)
        elif kind == "pad_y":                  # a controller's Y: whose view (V)
            self.change_view()
        elif kind == "pad_x":                  # a controller's X: hide the bar (H)
            self.hidden = not self.hidden
        elif kind == "key" and intent.key == pygame.K_v:
            self.change_view()
        elif kind == "key" and intent.key == pygame.K_h:
            self.hidden = not self.hidden
        elif kind == "click" and intent.pos and not self.hidden and self._icon_at(intent.pos):
            self.press(self._icon_at(intent.pos))
        elif (kind == "click" and intent.pos and not self.hidden
              and self._track().collidepoint(intent.pos)):
            track = self._track()
            share = (intent.pos[0] - track.x) / max(1, track.width)
            self.seek(round(share * self.session.length))
        else:
            return False
        return True

    def _track(self) -> pygame.Rect:
        return pygame.Rect(BAR.x + 20, BAR.bottom - 26, BAR.width - 40, 14)

    def icon_rect(self, icon: str) -> pygame.Rect:
        if icon == "view":                   # whose view: at the bar's right end
            return pygame.Rect(BAR.right - 20 - ICON_W, BAR.y + 46, ICON_W, ICON_H)
        i = ICONS.index(icon)
        return pygame.Rect(BAR.x + 20 + i * (ICON_W + ICON_GAP), BAR.y + 46, ICON_W, ICON_H)

    def _icon_at(self, pos: tuple[int, int]) -> str | None:
        return next((icon for icon in ICONS if self.icon_rect(icon).collidepoint(pos)), None)

    def press(self, icon: str) -> None:
        """What a mouse button of the bar does: the same as its key."""
        if icon == "start":
            self.seek(0)
        elif icon == "end":
            self.seek(self.session.length)
        elif icon == "back":
            self.playing = False
            self.seek(self.session.cursor - 1)
        elif icon == "step":
            self.playing = False
            self.step()
        elif icon == "play":
            self.playing = not self.playing
            if self.playing and self.session.cursor >= self.session.length:
                self.seek(0)
        elif icon == "slower":
            self.pace = max(0, self.pace - 1)
        elif icon == "faster":
            self.pace = min(len(PACES) - 1, self.pace + 1)
        elif icon == "view":
            self.change_view()

    def _draw_icons(self, surface: pygame.Surface) -> None:
        for icon in ICONS:
            box = self.icon_rect(icon)
            pygame.draw.rect(surface, (64, 78, 104), box, border_radius=8)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=8)
            _draw_symbol(surface, "pause" if icon == "play" and self.playing else icon,
                         box.center, theme.TEXT)
        # the speed: one dot per pace, lit up to the one playing now
        x = self.icon_rect("faster").right + 24
        for k in range(len(PACES)):
            color = theme.ACCENT if k <= self.pace else theme.PANEL_EDGE
            pygame.draw.circle(surface, color, (x + k * 20, BAR.y + 46 + ICON_H // 2), 6)

    def draw(self, surface: pygame.Surface) -> None:
        if self.hidden or self.table.results_shown:   # the results cover the game
            return
        s = self.session
        panel(surface, BAR, (30, 36, 50))
        state = _("Playing") if self.playing else _("Paused")
        who = (_("Public view") if s.watching is None
               else _("{name}'s view").format(name=shown_name(s.seats()[s.watching]["name"])))
        line = _("Replay · {state} · move {n} of {total} · round {round} · {who}").format(
            state=state, n=s.cursor, total=s.length, round=self.round_of(s.cursor), who=who)
        if self.typed:
            line = _("Go to round {number}: press Enter").format(number=self.typed)
        size = theme.fit_size(line, 30, BAR.width - 40, True, 20)
        theme.blit_text(surface, line, (BAR.x + 20, BAR.y + 10), size, theme.TEXT, True)
        keys = _("Space play/pause · Left/Right step · PgUp/PgDn round · Up/Down speed · "
                 "digits + Enter round · V view · H hide · Esc leave")
        size = theme.fit_size(keys, 22, BAR.width - 40, False, 16)
        track = self._track()       # the keys stand on the track, never across it
        theme.blit_text(surface, keys, (BAR.x + 20, track.y - 3), size, theme.TEXT_DIM,
                        anchor="bottomleft")
        self._draw_icons(surface)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=7)
        done = track.copy()
        done.width = round(track.width * s.cursor / max(1, s.length))
        if done.width:
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=7)
        for start in self.round_starts:
            x = track.x + round(track.width * start / max(1, s.length))
            pygame.draw.line(surface, theme.BG, (x, track.y), (x, track.bottom - 1), 1)

    def round_of(self, cursor: int) -> int:
        return 1 + sum(1 for r in self.round_starts if r <= cursor and r > 0)


def _draw_symbol(surface: pygame.Surface, icon: str, center: tuple[int, int],
                 color: tuple[int, int, int]) -> None:
    """A player's symbol, drawn (no font has them all): triangles and bars."""
    x, y = center

    def right(at: int) -> None:
        pygame.draw.polygon(surface, color, [(at - 7, y - 10), (at - 7, y + 10), (at + 7, y)])

    def left(at: int) -> None:
        pygame.draw.polygon(surface, color, [(at + 7, y - 10), (at + 7, y + 10), (at - 7, y)])

    def bar(at: int) -> None:
        pygame.draw.rect(surface, color, (at - 2, y - 10, 5, 21))

    if icon == "play":
        right(x)
    elif icon == "pause":
        bar(x - 6)
        bar(x + 6)
    elif icon == "start":
        bar(x - 10)
        left(x + 2)
    elif icon == "end":
        right(x - 2)
        bar(x + 10)
    elif icon == "back":
        left(x - 6)
        left(x + 8)
    elif icon == "step":
        right(x - 8)
        right(x + 6)
    elif icon == "view":                    # an eye
        pygame.draw.ellipse(surface, color, (x - 16, y - 9, 33, 19), 3)
        pygame.draw.circle(surface, color, (x, y), 5)
    elif icon in ("slower", "faster"):
        pygame.draw.rect(surface, color, (x - 10, y - 2, 21, 5))
        if icon == "faster":
            pygame.draw.rect(surface, color, (x - 2, y - 10, 5, 21))


def _round_starts(session: Any) -> list[int]:
    """Move numbers where a new round begins: the first seat to act acts again
    after every other seat has (a plain, game-free reading of 'a round')."""
    starts = [0]
    seen: set[int] = set()
    first = session.actions[0][0] if session.actions else 0
    for i, (seat, _action) in enumerate(session.actions):
        if seat == first and len(seen) > 1 and i > starts[-1]:
            starts.append(i)
            seen = set()
        seen.add(seat)
    return starts


def open_replay(app: Any, path: str | Path, on_exit: Callable[[], None] | None = None,
                playing: bool = True) -> bool:
    """Show a kept game (or a save) on the table with the replay controls; a
    damaged or foreign file shows a message and returns False."""
    from game.story.replay_session import open_session
    from game.tables.save_check import SaveError

    try:
        session = open_session(path)
    except SaveError as exc:
        app.toast(said(exc), seconds=6)
        return False
    leave = on_exit or (lambda: nav.to_title(app))
    table = nav.board_scene(app, session, on_exit=leave)
    app.reset(table)
    app.push(ReplayControls(app, table, session, on_exit=leave, playing=playing))
    return True


class ReplaysScene(Scene):
    """The newest kept games, to pick one to watch."""

    SHOWN = 8

    def __init__(self, app: Any):
        super().__init__(app)
        self.entries: list[tuple[str, Path]] = []
        self._build()

    def _build(self) -> None:
        from game.rules import GAMES
        from game.story.history import history_dir, read_record
        from game.story.view_record import read_view_record, summary_of
        from game.tables.save_check import SaveError

        folder = history_dir()
        files = sorted([*folder.glob("*.json"), *folder.glob("*.json.z")], key=_mtime,
                       reverse=True)
        self.entries = []
        self.unreadable: list[tuple[Path, str]] = []   # said, never skipped in silence
        for path in files:
            if len(self.entries) == self.SHOWN:
                break
            try:
                if path.name.endswith(".json.z"):
                    summary = summary_of(read_view_record(path), path)
                else:
                    summary = read_record(path).summary()
            except SaveError as exc:
                self.unreadable.append((path, said(exc)))
                continue
            except OSError as exc:
                self.unreadable.append((path, words_of(os_reason(exc))))
                continue
            info = GAMES[summary["game"]]
            name = _(info.name)
            state = (_("won by {names}").format(names=listed(summary["winners"]))
                     if summary["over"] else _("unfinished"))
            self.entries.append((_("{game}: {players} ({state})").format(
                game=name, players=listed(summary["players"]), state=state), path))
        cx = theme.SCREEN_W // 2
        buttons = [Button(label, pygame.Rect(cx - 640, 220 + i * 88, 1280, 76),
                          lambda p=path: self._open(p), size=32)
                   for i, (label, path) in enumerate(self.entries)]
        row = 220 + len(buttons) * 88
        buttons.append(Button(N_("Players"), pygame.Rect(cx - 480, row, 460, 76),
                              self._players, size=40))
        buttons.append(Button(N_("Back"), pygame.Rect(cx + 20, row, 460, 76), self._back,
                              size=40))
        self.menu = Menu(buttons)

    def _players(self) -> None:
        self.app.push(TableHistoryScene(self.app))

    def _open(self, path: Path) -> None:
        open_replay(self.app, path, on_exit=lambda: self._return())

    def _return(self) -> None:
        nav.to_title(self.app)
        self.app.push(ReplaysScene(self.app))

    def _back(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "back":
            self._back()
            return True
        return self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Replays"), (theme.SCREEN_W // 2, 90), 64, theme.ACCENT,
                        True, "midtop")
        if not self.entries and not self.unreadable:
            theme.blit_text(surface, _("No games kept yet: every game you play is kept here."),
                            (theme.SCREEN_W // 2, 180), 30, theme.TEXT_DIM, False, "midtop")
        if self.unreadable:
            path, why = self.unreadable[0]
            line = ngettext("{count} kept file cannot be read, so it is not listed: {why}",
                            "{count} kept files cannot be read, so they are not listed; "
                            "the first: {why}", len(self.unreadable)).format(
                count=len(self.unreadable), why=why)
            at = 180 if not self.entries else theme.SCREEN_H - 40
            size = theme.fit_size(line, 26, theme.SCREEN_W - 120, False, 18)
            theme.blit_text(surface, theme.fit_text(line, size, theme.SCREEN_W - 120), (
                theme.SCREEN_W // 2, at), size, theme.ERROR, False,
                "midtop" if not self.entries else "center")
        self.menu.draw(surface)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


class TableHistoryScene(Scene):
    """The history of the table: each player name's games, wins, best scores and
    rating (game/story/ratings.py), as `railparty history` prints them."""

    SHOWN = 12

    def __init__(self, app: Any):
        super().__init__(app)
        from game.story.history import list_records
        from game.story.ratings import table_history
        from game.story.view_record import list_view_records

        records, self.problems = list_records()
        guests, guest_problems = list_view_records()
        self.problems += guest_problems
        self.games = len(records) + len(guests)
        self.players = table_history(records, guests)[:self.SHOWN]

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("back", "select", "click"):
            self.app.pop(self)
        return True

    @staticmethod
    def per_game(player: Any, games: dict[str, Any]) -> list[str]:
        """Each game this name played: won of played, and its best score."""
        out = []
        for game in sorted(player.played):
            figures = {"game": _(games[game].name), "played": player.played[game],
                       "won": player.won.get(game, 0)}
            if game in player.best:
                out.append(_("{game}: won {won} of {played}, best {best}").format(
                    best=round(player.best[game]), **figures))
            else:
                out.append(_("{game}: won {won} of {played}").format(**figures))
        return out

    def _draw_per_game(self, surface: pygame.Surface, player: Any, row: pygame.Rect,
                       games: dict[str, Any]) -> None:
        """Two games a line, two lines: every game of the program fits the row."""
        width = (row.right - 930) // 2 - 10
        for i, text in enumerate(self.per_game(player, games)[:4]):
            at = (930 + (i % 2) * (width + 10), row.centery + (i // 2 * 2 - 1) * 12)
            if len(player.played) <= 2:
                at = (at[0], row.centery)
            theme.blit_text(surface, theme.fit_text(text, 20, width), at, 20,
                            theme.TEXT_DIM, anchor="midleft")

    def draw(self, surface: pygame.Surface) -> None:
        from game.rules import GAMES

        surface.fill(theme.BG)
        cx = theme.SCREEN_W // 2
        theme.blit_text(surface, _("The table's history"), (cx, 70), 64, theme.ACCENT, True,
                        "midtop")
        theme.blit_text(surface, _("{count} games kept on this machine").format(
            count=self.games), (cx, 150), 28, theme.TEXT_DIM, False, "midtop")
        columns = [(200, _("Player")), (560, _("Played")), (680, _("Won")),
                   (790, _("Rating")), (920, _("Per game"))]
        y = 220
        for x, head in columns:
            theme.blit_text(surface, head, (x, y), 26, theme.TEXT_DIM, True)
        y += 44
        for player in self.players:
            row = pygame.Rect(180, y - 6, 1560, 56)
            panel(surface, row, theme.PANEL)
            name = player.name + (_(" (bot)") if player.bot else "")
            mid = row.centery
            theme.blit_text(surface, theme.fit_text(name, 30, 340, bold=True), (200, mid), 30,
                            theme.TEXT, True, "midleft")
            theme.blit_text(surface, str(sum(player.played.values())), (560, mid), 30,
                            anchor="midleft")
            theme.blit_text(surface, str(sum(player.won.values())), (680, mid), 30,
                            anchor="midleft")
            rating = f"{player.rating:.1f}" if player.rated_games else "-"
            theme.blit_text(surface, rating, (790, mid), 30, theme.ACCENT, True, "midleft")
            self._draw_per_game(surface, player, row, GAMES)
            y += 64
        if not self.players:
            theme.blit_text(surface, _("No games kept yet: every game you play is kept here."),
                            (cx, y + 20), 30, theme.TEXT_DIM, False, "midtop")
        theme.blit_text(surface, _("Rating: openskill's cautious estimate (mu - 3 sigma) "
                                   "over finished games · any key: back"),
                        (cx, theme.SCREEN_H - 40), 24, theme.TEXT_DIM, anchor="center")
