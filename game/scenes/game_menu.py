"""Esc in a game: Resume, Rules, Settings, and Save and leave.

The rules page shows the game's own short summary (the table's `rules()`
hook: a list of (heading, text, picture) where a picture is a function that
draws into a rectangle, or None).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes import nav
from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu, panel

BOX = pygame.Rect(0, 0, 620, 560)
BOX.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)


class GameMenuScene(Scene):
    overlay = True

    def __init__(self, app: Any, table: Any):
        super().__init__(app)
        self.table = table
        leave = "Leave (your seat is kept)" if table.session.remote else "Save and leave"
        entries = [("Resume", self._resume), ("Rules", self._rules),
                   ("Settings", self._settings), (leave, self._leave)]
        self.menu = Menu([Button(label, pygame.Rect(BOX.x + 60, BOX.y + 130 + i * 100,
                                                    BOX.width - 120, 80), fn, size=38)
                          for i, (label, fn) in enumerate(entries)])

    def _resume(self) -> None:
        self.app.pop(self)

    def _rules(self) -> None:
        self.app.push(RulesScene(self.app, self.table))

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
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        panel(surface, BOX, theme.PANEL, theme.ACCENT, 20, 4)
        theme.blit_text(surface, "Paused", (BOX.centerx, BOX.y + 64), 64, theme.ACCENT, True,
                        "center")
        self.menu.draw(surface)


class RulesScene(Scene):
    """The game's rules in short, a page of sections with pictures; scrolls."""

    overlay = True
    AREA = pygame.Rect(160, 70, 1600, 940)

    def __init__(self, app: Any, table: Any):
        super().__init__(app)
        self.table = table
        self.sections = table.rules()
        self.scroll = 0

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("back", "menu", "select", "click"):
            self.app.pop(self)
        elif intent.kind in ("down", "next"):
            self.scroll = min(self.scroll + 1, max(0, len(self.sections) - 1))
        elif intent.kind in ("up", "prev"):
            self.scroll = max(0, self.scroll - 1)
        elif intent.kind == "wheel":
            self.scroll = max(0, min(len(self.sections) - 1, self.scroll - intent.button))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        area = self.AREA
        panel(surface, area, (24, 30, 44), theme.ACCENT, 20, 4)
        theme.blit_text(surface, f"How to play {self.table.info.name}", (area.centerx,
                        area.y + 44), 52, theme.ACCENT, True, "center")
        y = area.y + 100
        for heading, text, picture in self.sections[self.scroll:]:
            lines = theme.wrap_text(text, 30, area.width - 560 if picture else area.width - 80)
            height = max(40 + 34 * len(lines), 150 if picture else 0)
            if y + height > area.bottom - 60:
                break
            theme.blit_text(surface, heading, (area.x + 40, y), 36, theme.TEXT, True)
            for i, line in enumerate(lines):
                theme.blit_text(surface, line, (area.x + 40, y + 42 + i * 34), 30,
                                theme.TEXT_DIM)
            if picture is not None:
                picture(surface, pygame.Rect(area.right - 500, y, 460, 140))
            y += height + 24
        more = "Up/down or the wheel: more" if self.scroll or y > area.bottom - 60 else ""
        theme.blit_text(surface, f"{more}    Esc, Enter or a click: back to the game",
                        (area.centerx, area.bottom - 30), 26, theme.TEXT_DIM, anchor="center")
