"""The LAN host setup screen: game, seats, bots, turn time and the game's own
options (as the couch setup offers them), then the lobby."""

from __future__ import annotations

from typing import Any

import pygame

from game.bots import bot_for_game, level_name
from game.rules import GAMES
from game.rules.base import GameInfo
from game.scenes.base import Scene
from game.scenes.lan_field import TextField
from game.scenes.lan_lobby import LobbyScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel
from game.words.host_words import said, words_of
from game.words.i18n import N_, _
from game.words.os_words import os_reason

# the height the rows share (the lines under them keep the rest of the screen)
ROWS_SPACE = 700


class HostSetupScene(Scene):
    """Host a LAN game: which game, how many seats, your name."""

    def __init__(self, app):
        super().__init__(app)
        self.games = list(GAMES)
        self.game = 0
        self.seats = 4
        self.name = TextField(N_("Your name"), _("Host"), 16)
        self.drop = "bot"  # what happens to a player who drops: a bot plays, or a pause
        # index into TURN_TIMERS: how long a connected player may think; the
        # game's own length until the host picks another
        self.timer = self._game_timer()
        self.timer_chosen = False
        self.bot = "greedy"  # the level of the bots that fill open seats and stand in
        self.hints = bool(getattr(app, "hints", True))  # the players may ask for a hint
        # each game's options as chosen here (the registry's defaults to start)
        self.chosen: dict[str, dict[str, Any]] = {g: dict(GAMES[g].options) for g in GAMES}
        self.focus = 0
        self.key: str | None = None   # this computer's host key fingerprint
        try:
            from net.identity import HostIdentity
            self.key = HostIdentity.load_or_create().fingerprint
        except Exception:   # no key can be read or made here: the host makes one itself
            self.key = None

    # the rows every game has, in order; the game's options come after them
    FIXED = ("game", "seats", "name", "drop", "timer", "bots", "hints")
    # seconds before the stand-in plays a turn a connected player leaves too long
    TURN_TIMERS = (0, 30, 60, 90, 120, 180)

    @property
    def info(self) -> GameInfo:
        return GAMES[self.games[self.game]]

    def rows(self) -> list[str]:
        """The rows' keys, top to bottom: the fixed ones, the chosen game's
        options, then the lobby."""
        return [*self.FIXED, *(f"option:{name}" for name in self.info.options), "open"]

    @property
    def row_count(self) -> int:
        return len(self.rows())

    def options(self) -> dict[str, Any]:
        """The chosen game's options as chosen."""
        return dict(self.chosen[self.info.id])

    def _rect(self, i: int) -> pygame.Rect:
        step = min(96, ROWS_SPACE // self.row_count)
        return pygame.Rect(260, 200 + i * step, 1400, step - 16)

    def _game_timer(self) -> int:
        """The TURN_TIMERS index nearest the game's own turn length."""
        wanted = GAMES[self.games[self.game]].turn_seconds
        return min(range(1, len(self.TURN_TIMERS)),
                   key=lambda i: abs(self.TURN_TIMERS[i] - wanted))

    def _change(self, step: int) -> None:
        key = self.rows()[self.focus % self.row_count]
        if key == "game":
            self.game = (self.game + step) % len(self.games)
            if not self.timer_chosen:
                self.timer = self._game_timer()
        elif key == "seats":
            self.seats += step
        elif key == "drop":
            self.drop = "pause" if self.drop == "bot" else "bot"
        elif key == "timer":
            self.timer = (self.timer + step) % len(self.TURN_TIMERS)
            self.timer_chosen = True
        elif key == "bots":
            levels = list(self.info.bots)
            here = levels.index(self.bot) if self.bot in levels else len(levels) - 1
            self.bot = levels[(here + step) % len(levels)]
        elif key == "hints":
            self.hints = not self.hints
        elif key.startswith("option:"):
            self._toggle(key.split(":", 1)[1])
        info = self.info
        self.seats = max(info.min_players, min(info.max_players, self.seats))
        # an option this many seats cannot have is switched off, never offered
        options = self.chosen[info.id]
        for name, value in options.items():
            if isinstance(value, bool) and not info.option_allowed(name, self.seats):
                options[name] = False
        self.focus = min(self.focus, self.row_count - 1)

    def _toggle(self, name: str) -> None:
        info, options = self.info, self.chosen[self.info.id]
        if not info.option_allowed(name, self.seats):
            allowed = info.option_info[name].players
            self.app.toast(_("{option}: only with {counts} players").format(
                option=_(info.option_label(name)), counts=" / ".join(map(str, allowed))),
                theme.ACCENT)
        elif isinstance(options[name], bool):
            options[name] = not options[name]

    def start(self) -> None:
        from game.system.paths import data_dir
        from net.host import Host

        name = self.name.value.strip() or _("Host")
        from net.host.web import pick_web_port
        from net.protocol import DEFAULT_PORT

        host = None
        # the well-known port first (people can type it; clients retry it after
        # a restart), any free port when another program holds it
        for port in (DEFAULT_PORT, 0):
            try:
                table = _("{name}'s table").format(name=name)   # sent as the host's name
                host = Host(self.games[self.game], self.seats, table, port=port,
                            options=self.options(),
                            save_path=data_dir() / "lan-host-save.json", on_drop=self.drop,
                            turn_timeout=self.TURN_TIMERS[self.timer],
                            fill_bot=self.bot, standin_bot=self.bot,
                            think_ms=self.app.settings.bot_think_ms,
                            colour_aid=bool(self.app.settings.colorblind),
                            bot_delay=self.app.settings.bot_pace,
                            keep_history=self.app.settings.keep_history, hints=self.hints,
                            web_port=pick_web_port("0.0.0.0")).start()
                break
            except OSError as exc:
                error = exc
            except ValueError as exc:
                self.app.toast(_("Cannot host: {reason}").format(reason=said(exc)))
                return
        if host is None:
            self.app.toast(_("Cannot host: {reason}").format(reason=words_of(os_reason(error))))
            return
        client = host.join_local(name)
        self.app.replace(LobbyScene(self.app, client, host))

    def handle(self, intent: Intent) -> bool:
        if self.rows()[self.focus] == "name" and self.name.key(intent):
            return True
        if intent.kind == "back":
            self.app.pop(self)
        elif intent.kind in ("down", "next"):
            self.focus = (self.focus + 1) % self.row_count
        elif intent.kind in ("up", "prev"):
            self.focus = (self.focus - 1) % self.row_count
        elif intent.kind in ("left", "right"):
            self._change(1 if intent.kind == "right" else -1)
        elif intent.kind == "select":
            if self.focus == self.row_count - 1:
                self.start()
            else:
                self._change(1)
        elif intent.kind == "click" and intent.pos:
            for i in range(self.row_count):
                if self._rect(i).collidepoint(intent.pos):
                    self.focus = i
                    if i == self.row_count - 1:
                        self.start()
                    else:
                        self._change(1)
        return True

    def _option_row(self, name: str) -> tuple[str, str]:
        """An option's row: its name and whether it is on (or the seats it needs)."""
        info = self.info
        if not info.option_allowed(name, self.seats):
            allowed = _(" or ").join(map(str, info.option_info[name].players))
            return (_(info.option_label(name)),
                    _("{counts} players only").format(counts=allowed))
        value = self.chosen[info.id][name]
        shown = (_("On") if value else _("Off")) if isinstance(value, bool) else str(value)
        return _(info.option_label(name)), f"<  {shown}  >"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Host a LAN game"), (theme.SCREEN_W // 2, 110), 90,
                        theme.ACCENT, True, "center")
        info = self.info
        timer = self.TURN_TIMERS[self.timer]
        rows = [(_("Game"), f"<  {_(info.name)}  >"), (_("Seats"), f"<  {self.seats}  >"),
                (_("Your name"), self.name.value + ("_" if self.focus == 2 else "")),
                (_("If a player drops"), _("<  a bot plays until they return  >") if
                 self.drop == "bot" else _("<  the game pauses for them  >")),
                (_("Turn timer"), _("<  off  >") if not timer else
                 _("<  a bot plays a turn left {seconds} s  >").format(seconds=timer)),
                (_("Bots"), f"<  {_(level_name(bot_for_game(info.id, self.bot)))}  >"),
                (_("Hints"), f"<  {_('On') if self.hints else _('Off')}  >"),
                *(self._option_row(name) for name in info.options),
                (_("Open the lobby"), "")]
        size = 42 if self.row_count <= 7 else 38
        for i, (label, value) in enumerate(rows):
            rect = self._rect(i)
            panel(surface, rect)
            last = i == self.row_count - 1
            theme.blit_text(surface, label, (rect.x + 24, rect.centery), size,
                            theme.ACCENT if last else theme.TEXT, True, "midleft")
            theme.blit_text(surface, value, (rect.right - 24, rect.centery), size - 2,
                            theme.ACCENT, anchor="midright")
            if i == self.focus:
                focus_ring(surface, rect)
        theme.blit_text(surface, _("Players join from Join on their own screens; bots fill "
                                  "the empty seats when you start"),
                        (theme.SCREEN_W // 2, self._rect(self.row_count - 1).bottom + 44), 32,
                        theme.TEXT_DIM, anchor="center")
        if self.key is not None:
            from net.identity import shown
            theme.blit_text(surface, _("Your host key: {key}  (players see it beside your game "
                                      "when they join)").format(key=shown(self.key)),
                            (theme.SCREEN_W // 2, self._rect(self.row_count - 1).bottom + 90), 30,
                            theme.TEXT_DIM, anchor="center")
