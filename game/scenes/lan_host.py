"""The LAN host setup screen: game, seats, bots and turn time, then the lobby."""

from __future__ import annotations

import pygame

from game.bots import bot_for_game, level_name
from game.rules import GAMES
from game.scenes.base import Scene
from game.scenes.lan_field import TextField
from game.scenes.lan_lobby import LobbyScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel
from game.words.host_words import said, words_of
from game.words.i18n import N_, _
from game.words.os_words import os_reason


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
        self.focus = 0
        self.key: str | None = None   # this computer's host key fingerprint
        try:
            from net.identity import HostIdentity
            self.key = HostIdentity.load_or_create().fingerprint
        except Exception:   # no key can be read or made here: the host makes one itself
            self.key = None

    ROWS = 7
    # seconds before the stand-in plays a turn a connected player leaves too long
    TURN_TIMERS = (0, 30, 60, 90, 120, 180)

    def _rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(260, 200 + i * 96, 1400, 80)

    def _game_timer(self) -> int:
        """The TURN_TIMERS index nearest the game's own turn length."""
        wanted = GAMES[self.games[self.game]].turn_seconds
        return min(range(1, len(self.TURN_TIMERS)),
                   key=lambda i: abs(self.TURN_TIMERS[i] - wanted))

    def _change(self, step: int) -> None:
        info = GAMES[self.games[self.game]]
        if self.focus == 0:
            self.game = (self.game + step) % len(self.games)
            info = GAMES[self.games[self.game]]
            if not self.timer_chosen:
                self.timer = self._game_timer()
        elif self.focus == 1:
            self.seats += step
        elif self.focus == 3:
            self.drop = "pause" if self.drop == "bot" else "bot"
        elif self.focus == 4:
            self.timer = (self.timer + step) % len(self.TURN_TIMERS)
            self.timer_chosen = True
        elif self.focus == 5:
            levels = list(info.bots)
            here = levels.index(self.bot) if self.bot in levels else len(levels) - 1
            self.bot = levels[(here + step) % len(levels)]
        self.seats = max(info.min_players, min(info.max_players, self.seats))

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
                            save_path=data_dir() / "lan-host-save.json", on_drop=self.drop,
                            turn_timeout=self.TURN_TIMERS[self.timer],
                            fill_bot=self.bot, standin_bot=self.bot,
                            think_ms=self.app.settings.bot_think_ms,
                            colour_aid=bool(self.app.settings.colorblind),
                            bot_delay=self.app.settings.bot_pace,
                            keep_history=self.app.settings.keep_history,
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
        if self.focus == 2 and self.name.key(intent):
            return True
        if intent.kind == "back":
            self.app.pop(self)
        elif intent.kind in ("down", "next"):
            self.focus = (self.focus + 1) % self.ROWS
        elif intent.kind in ("up", "prev"):
            self.focus = (self.focus - 1) % self.ROWS
        elif intent.kind in ("left", "right"):
            self._change(1 if intent.kind == "right" else -1)
        elif intent.kind == "select":
            if self.focus == self.ROWS - 1:
                self.start()
            else:
                self._change(1)
        elif intent.kind == "click" and intent.pos:
            for i in range(self.ROWS):
                if self._rect(i).collidepoint(intent.pos):
                    self.focus = i
                    if i == self.ROWS - 1:
                        self.start()
                    else:
                        self._change(1)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Host a LAN game"), (theme.SCREEN_W // 2, 110), 90,
                        theme.ACCENT, True, "center")
        info = GAMES[self.games[self.game]]
        timer = self.TURN_TIMERS[self.timer]
        rows = [(_("Game"), f"<  {_(info.name)}  >"), (_("Seats"), f"<  {self.seats}  >"),
                (_("Your name"), self.name.value + ("_" if self.focus == 2 else "")),
                (_("If a player drops"), _("<  a bot plays until they return  >") if
                 self.drop == "bot" else _("<  the game pauses for them  >")),
                (_("Turn timer"), _("<  off  >") if not timer else
                 _("<  a bot plays a turn left {seconds} s  >").format(seconds=timer)),
                (_("Bots"), f"<  {_(level_name(bot_for_game(info.id, self.bot)))}  >"),
                (_("Open the lobby"), "")]
        for i, (label, value) in enumerate(rows):
            rect = self._rect(i)
            panel(surface, rect)
            theme.blit_text(surface, label, (rect.x + 24, rect.centery), 42,
                            theme.ACCENT if i == self.ROWS - 1 else theme.TEXT, True, "midleft")
            theme.blit_text(surface, value, (rect.right - 24, rect.centery), 40, theme.ACCENT,
                            anchor="midright")
            if i == self.focus:
                focus_ring(surface, rect)
        theme.blit_text(surface, _("Players join from Join on their own screens; bots fill "
                                  "the empty seats when you start"),
                        (theme.SCREEN_W // 2, self._rect(self.ROWS - 1).bottom + 44), 32,
                        theme.TEXT_DIM, anchor="center")
        if self.key is not None:
            from net.identity import shown
            theme.blit_text(surface, _("Your host key: {key}  (players see it beside your game "
                                      "when they join)").format(key=shown(self.key)),
                            (theme.SCREEN_W // 2, self._rect(self.ROWS - 1).bottom + 90), 30,
                            theme.TEXT_DIM, anchor="center")
