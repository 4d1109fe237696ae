"""A yes/no question over the current scene."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu, panel, shade
from game.words.i18n import N_, _


class ConfirmScene(Scene):
    overlay = True
    is_question = True

    def __init__(self, app, title: str, detail: str, on_yes: Callable[[], None],
                 yes: str = N_("Leave"), no: str = N_("Stay"),
                 on_no: Callable[[], None] | None = None):
        super().__init__(app)
        self.title, self.detail = title, detail
        cx, cy = theme.SCREEN_W // 2, theme.SCREEN_H // 2
        self.menu = Menu([
            Button(no, pygame.Rect(cx - 330, cy + 40, 300, 80), self._no),
            Button(yes, pygame.Rect(cx + 30, cy + 40, 300, 80), self._yes),
        ])
        self.on_yes, self.on_no = on_yes, on_no

    def _no(self) -> None:
        self.app.pop(self)
        if self.on_no is not None:
            self.on_no()

    def _yes(self) -> None:
        self.app.pop(self)
        self.on_yes()

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "back":
            self._no()
            return True
        self.menu.handle(intent)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 150)
        box = pygame.Rect(0, 0, 900, 360)
        box.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)
        panel(surface, box, theme.PANEL, theme.ACCENT, 20, 4)
        title = _(self.title)
        size = theme.fit_size(title, 60, box.w - 60, True)
        theme.blit_text(surface, title, (box.centerx, box.y + 60), size, theme.TEXT, True,
                        "center")
        lines = theme.wrap_text(_(self.detail), 34, box.w - 80)[:2]
        for i, line in enumerate(lines):
            y = box.y + 130 + (i - (len(lines) - 1) / 2) * 38
            theme.blit_text(surface, line, (box.centerx, y), 34, theme.TEXT_DIM,
                            anchor="center")
        self.menu.draw(surface)
