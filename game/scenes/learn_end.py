"""The end of a guided game: what was learned, and Play a real game.

The lesson's own `learned` lines and the titles of the rules its steps
taught, then two buttons: Play a real game (the setup screen with that game
chosen) and Back to the title.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.learn.lesson import Lesson
from game.rules import game_info
from game.scenes import nav
from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu, panel, shade
from game.words.i18n import N_, _

WIDTH = 1400
LINE = 26
RULE = 24
TALLEST = 940


class LearnEndScene(Scene):
    """Over the finished guided game's table."""

    overlay = True

    def __init__(self, app: Any, lesson: Lesson):
        super().__init__(app)
        self.lesson = lesson
        self.rows = self._rows()
        height = min(TALLEST, 120 + sum(gap for *_rest, gap in self.rows) + 150)
        self.box = pygame.Rect(0, 0, WIDTH, height)
        self.box.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)
        cx, y = self.box.centerx, self.box.bottom - 110
        self.menu = Menu([
            Button(N_("Play a real game"), pygame.Rect(cx - 500, y, 480, 80), self.play_real,
                   size=38),
            Button(N_("Back to the title"), pygame.Rect(cx + 20, y, 480, 80), self.to_title,
                   size=38)])

    def _rows(self) -> list[tuple[str, int, tuple[int, int, int], bool, int]]:
        """What was learned and the rules played, line by line: (text, size,
        colour, bold, the room the line takes)."""
        width = WIDTH - 120
        rows: list[tuple[str, int, tuple[int, int, int], bool, int]] = []
        if self.lesson.learned:
            rows.append((_("What you learned"), 32, theme.TEXT, True, 48))
            for line in self.lesson.learned:
                rows += [(part, LINE, theme.TEXT, False, 34)
                         for part in theme.wrap_text("- " + _(line), LINE, width)]
        taught = {step.rule for step in self.lesson.steps}
        rules = [_(title) for rule, title in self.lesson.rules if rule in taught]
        if rules:
            if rows:
                rows.append(("", 0, theme.TEXT, False, 16))      # room before a heading
            rows.append((_("The rules you played"), 30, theme.TEXT, True, 44))
            rows += [(part, RULE, theme.TEXT_DIM, False, 32)
                     for part in theme.wrap_text(_(", ").join(rules), RULE, width)]
        return rows

    def play_real(self) -> None:
        """The setup screen with this game chosen, above the title."""
        nav.to_title(self.app)
        self.app.push(nav.screen("setup", self.app, game=self.lesson.game_id))

    def to_title(self) -> None:
        nav.to_title(self.app)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "back":
            self.to_title()
            return True
        self.menu.handle(intent)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        box = self.box
        panel(surface, box, theme.PANEL, theme.ACCENT, 20, 4)
        title = _("You have played {game}").format(game=_(game_info(self.lesson.game_id).name))
        size = theme.fit_size(title, 56, box.width - 80, True)
        theme.blit_text(surface, title, (box.centerx, box.y + 60), size, theme.ACCENT, True,
                        "center")
        x, y = box.x + 60, box.y + 120
        bottom = self.menu.buttons[0].rect.y - 20
        for text, size, color, bold, gap in self.rows:
            if y + gap > bottom + 12:
                break
            if text:
                theme.blit_text(surface, text, (x, y), size, color, bold)
            y += gap
        self.menu.draw(surface)
