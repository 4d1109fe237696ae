"""Esc in a game: Resume, Rules, Settings, and Save and leave.

Rules opens the game's paged rules (game/scenes/rules_book.py), the same
pages the setup screen shows, with the table's `rules_options()`.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _
from game.scenes import nav
from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu, panel, shade

BOX = pygame.Rect(0, 0, 620, 560)
BOX.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)


class GameMenuScene(Scene):
    overlay = True

    def __init__(self, app: Any, table: Any):
        super().__init__(app)
        self.table = table
        leave = N_("Leave (your seat is kept)") if table.session.remote else N_("Save and leave")
        entries = [(N_("Resume"), self._resume), (N_("Rules"), self._rules),
                   (N_("Settings"), self._settings), (leave, self._leave)]
        self.menu = Menu([Button(label, pygame.Rect(BOX.x + 60, BOX.y + 130 + i * 100,
                                                    BOX.width - 120, 80), fn, size=38)
                          for i, (label, fn) in enumerate(entries)])

    def _resume(self) -> None:
        self.app.pop(self)

    def _rules(self) -> None:
        table = self.table
        self.app.push(nav.rules_screen(self.app, table.info.id, table.rules_options()))

    def _settings(self) -> None:
        self.app.push(nav.screen("settings", self.app))

    def _leave(self) -> None:
        self.app.pop(self)
        self.table.leave()  # a local game is saved after every move already

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("back", "menu"):
            self._resume()
            return True
        self.menu.handle(intent)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 140)
        panel(surface, BOX, theme.PANEL, theme.ACCENT, 20, 4)
        theme.blit_text(surface, _("Paused"), (BOX.centerx, BOX.y + 64), 64, theme.ACCENT, True,
                        "center")
        self.menu.draw(surface)
