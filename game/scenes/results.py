"""The end of any game: the winner, then every seat's score built up piece by piece.

The table's game supplies the pieces through three hooks:
    results_reveal(result) -> (ticks, banner)   something shown on the board
                                                first (the longest route lit)
    results_lines(entry) -> [str]               fixed lines of a seat's column
    results_items(entry) -> [(text, value, good)]  items turned over one by one
                                                (tickets done or failed)
Seats are ranked by the game's own places when its breakdown gives them (the
race: a traveller still on the way comes after those back home), else by its
score order.
Race chart (or C) shows the race over the game instead of the columns
(game/story/race_chart.py, drawn by race_chart_view), replayed from the game's
record or, on a LAN guest, from the views it was shown. Rematch is offered
where the session can start one; a replay's results offer Back to the replay
(Esc too), which steps back into the game; Title leaves the table
(a hosting window stops its host). Leaving takes a deliberate choice: no
button has the focus until an arrow (or the mouse) picks one, so Enter pressed
to hurry the animations never skips the scores.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.anim.tween import ease_out_cubic, scaled
from game.scenes.base import Scene
from game.story.race_chart import Race, race_of, race_of_views
from game.tables.seat_names import shown_name
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu, panel, shade
from game.words.i18n import N_, _, ngettext

BOX = pygame.Rect(120, 80, 1680, 920)
log = logging.getLogger("railparty.results")
# keys that leave a replay's results for that point of the game (its start, a round back)
REPLAY_JUMPS = (pygame.K_HOME, pygame.K_PAGEUP)


def hints_said(table: Any) -> str:
    """"Hints used: Ann 3, Bo 1" for a game in which hints were shown ("" if none)."""
    counted = getattr(table.session, "hints_used", None)
    used = counted() if counted is not None else []
    said = [_("{name} {count}").format(name=shown_name(table.seat_info[seat]["name"]), count=n)
            for seat, n in enumerate(used) if n and seat < len(table.seat_info)]
    return _("Hints used: {seats}").format(seats=", ".join(said)) if said else ""


def race_for(table: Any, result: dict[str, Any] | None = None) -> Race | None:
    """The race over the game just ended, replayed from its record; a LAN guest
    (the seed stays on the host) charts what it was shown instead: the views
    its ViewRecorder kept. None where this machine has neither."""
    session = table.session
    match = getattr(session, "match", None)
    if match is None:      # a hosting window's host, or a replay's record
        match = getattr(getattr(session, "host", None), "match", None)
    if match is None:
        match = getattr(getattr(session, "record", None), "match", None)
    info = table.info
    if match is None or not match.state.history:
        recorder = getattr(session, "recorder", None)
        frames = getattr(recorder, "frames", None) or getattr(session, "frames", None)
        if not frames:
            return None
        try:
            race = race_of_views(list(frames), result, table.race_measure_view,
                                 table.race_measure, info.better, table.describe,
                                 table.story_note, table.race_sides_view)
        except Exception:             # a chart is never worth losing the results over
            log.exception("could not chart the race this guest saw")
            return None
        return race if race.moves > 0 else None
    try:
        return race_of(match.game_id, len(match.seats), match.seed, dict(match.options),
                       list(match.state.history), table.race_measure, info.better,
                       table.describe, table.story_note, table.race_sides)
    except Exception:                 # a chart is never worth losing the results over
        log.exception("could not chart the race of this game")
        return None


class ResultsScene(Scene):
    overlay = True
    toast_y = BOX.bottom + 8  # below the box: never over the winner line

    def __init__(self, app: Any, table: Any, result: dict[str, Any]):
        super().__init__(app)
        self.table = table
        self.result = result
        self.info = table.info
        self.seats = table.seat_info
        speed = app.settings.animation
        self.flip_every = scaled(14, speed)
        self.count_ticks = scaled(90, speed)
        reveal, self.banner = table.results_reveal(result)
        self.entries = list(result.get("breakdown") or [{} for _i in result["scores"]])
        self.lines = [self._hook("results_lines", e) for e in self.entries]
        self.items = [self._hook("results_items", e) for e in self.entries]
        # the race over the game (a chart), where this machine has the game's record
        self.race = race_for(table, result)
        self.chart = False
        buttons = []
        self.replay = bool(getattr(table.session, "replay", False))
        if self.replay:
            buttons.append((N_("Back to the replay"), self._back_to_replay))
        if table.session.can_rematch:
            buttons.append((N_("Rematch"), self._rematch))
        buttons.append((N_("Title"), self._title))
        if self.race is not None:
            buttons.append((N_("Race chart"), self._toggle_chart))
        width = 380
        left = BOX.centerx - (len(buttons) * (width + 40) - 40) // 2
        self.menu = Menu([Button(label, pygame.Rect(left + i * (width + 40), BOX.bottom - 100,
                                                    width, 76), fn)
                          for i, (label, fn) in enumerate(buttons)])
        self.hints_line = hints_said(table)
        self.compact = False
        # Nothing is focused until the player moves to a button: Enter pressed to
        # hurry the animations along never starts a rematch or leaves the table.
        self.chosen = False
        # First the board alone with its reveal lit, then the scores.
        self.ticks = -scaled(reveal, speed) if reveal else 0

    def enter(self) -> None:
        """The results are a new screen: what was said on the board is old news."""
        self.app.toasts.clear()

    def _hook(self, name: str, entry: dict[str, Any]) -> list:
        return list(getattr(self.table, name)(entry)) if entry else []

    def _rematch(self) -> None:
        self.table.rematch()

    def _title(self) -> None:
        self.table.leave()

    def _close_for_replay(self) -> Any:
        self.app.pop(self)
        self.table.results_shown = False
        return self.app.top

    def _back_to_replay(self) -> None:
        """A replay's results close onto its last move, paused, to step back
        through the game (playing on to the end shows them again)."""
        controls = self._close_for_replay()
        if hasattr(controls, "seek"):
            controls.playing = False
            controls.seek(self.table.session.length - 1)

    def _toggle_chart(self) -> None:
        self.chart = not self.chart
        for button in self.menu.buttons:
            if button.action == self._toggle_chart:
                button.label = N_("Scores") if self.chart else N_("Race chart")

    @property
    def order(self) -> list[int]:
        """Seats best first: by the game's own places where its breakdown gives
        them (the race: a traveller still on the way has fewer days but comes
        after those back home), else by the score order (winners first on ties)."""
        scores = self.result["scores"]
        winners = set(self.result["winners"])
        places = [entry.get("place") for entry in self.entries]
        if len(places) == len(scores) and all(isinstance(p, int) for p in places):
            return sorted(range(len(scores)), key=lambda s: (s not in winners, places[s], s))
        return sorted(range(len(scores)),
                      key=lambda s: (s not in winners, self.info.rank_key(scores[s]), s))

    def handle(self, intent: Intent) -> bool:
        if self.replay and intent.kind == "back":
            self._back_to_replay()
            return True
        if self.replay and intent.kind == "key" and intent.key in REPLAY_JUMPS:
            self._close_for_replay()
            return False              # the replay's controls below take the jump
        if self.ticks < 0 and intent.kind in ("select", "click"):
            self.ticks = 0  # skip to the scores
            return True
        if intent.kind == "key" and intent.key == pygame.K_m:
            self.compact = not self.compact  # peek at the board behind
            return True
        if intent.kind == "key" and intent.key == pygame.K_c and self.race is not None:
            self._toggle_chart()
            return True
        if intent.kind in ("select", "click") and self.ticks < self._total_ticks():
            self.ticks = self._total_ticks()  # skip the count-up
            return True
        if not self.chosen:
            if intent.kind == "select":
                self.app.toast(_("Arrows: choose Rematch or Title, then Enter"), theme.ACCENT)
                return True
            if intent.kind in ("down", "next", "right", "up", "prev", "left"):
                # the first press lands on the button on that side
                forward = intent.kind in ("down", "next", "right")
                self.menu.focus = 0 if forward else len(self.menu.buttons) - 1
                self.chosen = True
                return True
        self.menu.handle(intent)
        return True

    def _total_ticks(self) -> int:
        most = max((len(items) for items in self.items), default=0)
        return most * self.flip_every + self.count_ticks

    def update(self) -> None:
        self.ticks += 1

    def winner_line(self) -> str:
        winners = self.result["winners"]
        if not winners:
            return _("Nobody wins")
        names = _(" and ").join(shown_name(self.seats[w]["name"]) for w in winners)
        return ngettext("{names} wins!", "{names} win!", len(winners)).format(names=names)

    def draw(self, surface: pygame.Surface) -> None:
        if self.ticks < 0:
            if self.banner:
                box = pygame.Rect(0, 0, 1100, 96)
                box.midtop = (theme.SCREEN_W // 2 - 230, 80)
                panel(surface, box, (26, 30, 42), theme.ACCENT, 16, 4)
                theme.blit_text(surface, self.banner, box.center, 46, theme.ACCENT, True,
                                "center")
            return
        if self.compact:
            self._draw_back_hint(surface)
            return
        shade(surface, 120)
        panel(surface, BOX, (26, 30, 42), theme.ACCENT, 20, 4)
        theme.blit_text(surface, self.winner_line(), (BOX.centerx, BOX.y + 56), 72,
                        theme.ACCENT, True, "center")
        theme.blit_text(surface, _("M: look at the board"), (BOX.right - 24, BOX.y + 16), 24,
                        theme.TEXT_DIM, anchor="topright")
        if self.hints_line:
            theme.blit_text(surface, theme.fit_text(self.hints_line, 24, 520),
                            (BOX.x + 24, BOX.y + 16), 24, theme.TEXT_DIM)
        if self.chart and self.race is not None:
            self._draw_chart(surface)
            return
        order = self.order
        col_w = (BOX.width - 60) // max(1, len(order))
        counted = self.ticks - self._total_ticks() + self.count_ticks
        progress = ease_out_cubic(min(1.0, max(0.0, counted / max(1, self.count_ticks))))
        for place, seat in enumerate(order):
            x = BOX.x + 30 + place * col_w
            col = pygame.Rect(x, BOX.y + 120, col_w - 20, BOX.height - 250)
            self._draw_column(surface, col, seat, progress)
        self._draw_buttons(surface)

    def _draw_back_hint(self, surface: pygame.Surface) -> None:
        """The way back to the scores, on a badge in the top bar between the
        table's status and its view label: the bottom left holds a hand."""
        text = theme.fit_text(_("M: back to the scores"), 28, 360, bold=True)
        box = pygame.Rect(0, 0, theme.font(28, True).size(text)[0] + 36, 44)
        box.center = (1240, 28)
        panel(surface, box, (26, 30, 42), theme.ACCENT, 12, 2)
        theme.blit_text(surface, text, box.center, 28, theme.ACCENT, True, "center")

    def _draw_chart(self, surface: pygame.Surface) -> None:
        from game.scenes.race_chart_view import draw_race

        area = pygame.Rect(BOX.x + 30, BOX.y + 120, BOX.width - 60, BOX.height - 250)
        seats = range(len(self.seats))
        draw_race(surface, area, self.race, _(self.table.race_label()),
                  [shown_name(self.seats[s]["name"]) for s in seats],
                  [self.table.seat_color(s) for s in seats])
        self._draw_buttons(surface)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        for i, button in enumerate(self.menu.buttons):
            button.draw(surface, focused=self.chosen and i == self.menu.focus,
                        hover=i == self.menu.hover)

    def _draw_column(self, surface: pygame.Surface, col: pygame.Rect, seat: int,
                     progress: float) -> None:
        winners = self.result["winners"]
        color = self.table.seat_color(seat)
        won = seat in winners
        panel(surface, col, (40, 46, 62), color if won else theme.PANEL_EDGE, 14, 4 if won else 2)
        pygame.draw.rect(surface, color, (col.x, col.y, col.width, 12), border_radius=6)
        name = theme.fit_text(shown_name(self.seats[seat]["name"]), 40, col.width - 20, True)
        theme.blit_text(surface, name, (col.centerx, col.y + 40), 40, theme.TEXT, True, "center")
        score = self.result["scores"][seat]
        total = round(score * progress) if self.count_ticks else score
        unit = ngettext("day", "days", total) if self.info.score_order == "low" \
            else ngettext("point", "points", total)
        theme.blit_text(surface, str(total), (col.centerx, col.y + 100), 84, color, True,
                        "center")
        theme.blit_text(surface, unit, (col.centerx, col.y + 146), 24, theme.TEXT_DIM,
                        anchor="center")
        y = col.y + 170
        for line in self.lines[seat]:
            for part in theme.wrap_text(line, 28, col.width - 32):
                theme.blit_text(surface, part, (col.x + 16, y), 28, theme.TEXT)
                y += 32
        y += 8
        for k, (text, value, good) in enumerate(self.items[seat]):
            if y > col.bottom - 30:
                theme.blit_text(surface, "...", (col.x + 16, y), 28, theme.TEXT_DIM)
                break
            turn = (self.ticks - k * self.flip_every) / max(1, self.flip_every)
            if turn < 1 and self.flip_every:
                # the item turns over: its width shrinks to an edge, then grows back
                squeeze = abs(1 - 2 * min(1.0, max(0.0, turn)))
                face = pygame.Rect(0, y, max(2, round((col.width - 28) * squeeze)), 28)
                face.centerx = col.centerx
                front = (60, 120, 70) if good else (130, 50, 50)
                pygame.draw.rect(surface, (236, 222, 186) if turn < 0.5 else front, face,
                                 border_radius=4)
            else:
                tc = theme.GOOD if good else theme.ERROR
                width = col.width - 32 - theme.font(24, True).size(value)[0] - 10
                theme.blit_text(surface, value, (col.right - 16, y), 24, tc, True, "topright")
                # whole names: a long pair of cities wraps onto a second line
                for part in theme.wrap_text(text, 24, width)[:-1]:
                    theme.blit_text(surface, part, (col.x + 16, y), 24, tc)
                    y += 24
                theme.blit_text(surface, theme.wrap_text(text, 24, width)[-1],
                                (col.x + 16, y), 24, tc)
            y += 30
        notes = self.race.notes[seat] if self.race is not None and self.race.notes else []
        if notes and progress >= 1.0:
            y += 8
            theme.blit_text(surface, _("The way it went"), (col.x + 16, y), 24, theme.ACCENT,
                            True)
            y += 30
            for k, note in enumerate(notes):
                if y > col.bottom - 30:
                    theme.blit_text(surface, _("... and {count} more").format(
                        count=len(notes) - k), (col.x + 16, y), 22, theme.TEXT_DIM)
                    break
                theme.blit_text(surface, theme.fit_text(note, 22, col.width - 32),
                                (col.x + 16, y), 22, theme.TEXT)
                y += 26
