"""The title screen: New game, Continue, Learn, LAN, Replays, Settings, Quit."""

from __future__ import annotations

import math

import pygame

from game.scenes import nav
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu
from game.words.i18n import N_, _


class TitleScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.ticks = 0
        self._build()

    def _build(self) -> None:
        from game.scenes.flow import unfinished_autosave

        cx = theme.SCREEN_W // 2
        entries = [(N_("New game"), self._new)]
        if unfinished_autosave():
            entries.append((N_("Continue"), self._continue))
        entries.append((N_("Learn"), self._learn))
        entries += [(N_("Join LAN game"), self._join), (N_("Host LAN game"), self._host),
                    (N_("Replays"), self._replays), (N_("Settings"), self._settings),
                    (N_("Quit"), self._quit)]
        step = min(82, 570 // len(entries))   # every entry above the footer line
        self.menu = Menu([Button(label, pygame.Rect(cx - 230, 440 + i * step, 460, step - 10),
                                 fn, size=46 if step >= 80 else 42)
                          for i, (label, fn) in enumerate(entries)])

    def enter(self) -> None:
        self._build()

    def _new(self) -> None:
        self.app.push(nav.screen("setup", self.app))

    def _continue(self) -> None:
        from game.scenes.flow import continue_game
        continue_game(self.app)

    def _learn(self) -> None:
        self.app.push(nav.screen("learn", self.app))

    def _join(self) -> None:
        self.app.push(nav.screen("join", self.app))

    def _host(self) -> None:
        self.app.push(nav.screen("host", self.app))

    def _replays(self) -> None:
        self.app.push(nav.screen("replays", self.app))

    def _settings(self) -> None:
        self.app.push(nav.screen("settings", self.app))

    def _quit(self) -> None:
        self.app.push(ConfirmScene(self.app, N_("Quit Rail Party?"),
                                   N_("See you at the next party."),
                                   self.app.quit, yes=N_("Quit"), no=N_("Stay")))

    def request_quit(self, to_desktop: bool = False) -> bool:
        return False  # closing the window on the title just closes it

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "back":
            self._quit()  # Esc or Backspace asks first: a stray key never ends the party
            return True
        return self.menu.handle(intent)

    def update(self) -> None:
        self.ticks += 1

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        # rails across the screen and a train running along them
        y = 400
        for x in range(0, theme.SCREEN_W, 40):
            pygame.draw.rect(surface, (90, 70, 50), (x, y - 18, 14, 36))
        pygame.draw.line(surface, (170, 170, 180), (0, y - 10), (theme.SCREEN_W, y - 10), 4)
        pygame.draw.line(surface, (170, 170, 180), (0, y + 10), (theme.SCREEN_W, y + 10), 4)
        head = (self.ticks * 6) % (theme.SCREEN_W + 900) - 600
        colors = list(theme.PLAYER_COLORS.values())
        for i in range(6):
            x = head - i * 110
            body = pygame.Rect(x, y - 52, 100, 44)
            pygame.draw.rect(surface, colors[i % len(colors)], body, border_radius=8)
            pygame.draw.rect(surface, (20, 20, 20), body, 3, border_radius=8)
            for wx in (x + 22, x + 78):
                pygame.draw.circle(surface, (30, 30, 30), (wx, y - 6), 10)
        bob = math.sin(self.ticks / 30) * 6
        theme.blit_text(surface, "RAIL PARTY", (theme.SCREEN_W // 2, 200 + bob), 180,
                        theme.ACCENT, True, "center", shadow=True)
        theme.blit_text(surface, _("railway board games for everyone in the room"),
                        (theme.SCREEN_W // 2, 300), 44, theme.TEXT_DIM, anchor="center")
        self.menu.draw(surface)
        theme.blit_text(surface, _("Arrows / d-pad to choose, Enter / A to select, "
                                  "F11 fullscreen"),
                        (theme.SCREEN_W // 2, theme.SCREEN_H - 40), 30, theme.TEXT_DIM,
                        anchor="center")
