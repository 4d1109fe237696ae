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

BOX = pygame.Rect(260, 70, 1400, 940)
LINE = 26
RULE = 24


class LearnEndScene(Scene):
    """Over the finished guided game's table."""

    overlay = True

    def __init__(self, app: Any, lesson: Lesson):
        super().__init__(app)
        self.lesson = lesson
        cx, y = BOX.centerx, BOX.bottom - 110
        self.menu = Menu([
            Button(N_("Play a real game"), pygame.Rect(cx - 500, y, 480, 80), self.play_real,
                   size=38),
            Button(N_("Back to the title"), pygame.Rect(cx + 20, y, 480, 80), self.to_title,
                   size=38)])

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
        panel(surface, BOX, theme.PANEL, theme.ACCENT, 20, 4)
        title = _("You have played {game}").format(game=_(game_info(self.lesson.game_id).name))
        size = theme.fit_size(title, 56, BOX.width - 80, True)
        theme.blit_text(surface, title, (BOX.centerx, BOX.y + 60), size, theme.ACCENT, True,
                        "center")
        width = BOX.width - 120
        x, y = BOX.x + 60, BOX.y + 120
        bottom = self.menu.buttons[0].rect.y - 20
        if self.lesson.learned:
            theme.blit_text(surface, _("What you learned"), (x, y), 32, theme.TEXT, True)
            y += 48
        for line in self.lesson.learned:
            for part in theme.wrap_text("- " + _(line), LINE, width):
                if y + 34 > bottom:
                    break
                theme.blit_text(surface, part, (x, y), LINE, theme.TEXT)
                y += 34
        taught = {step.rule for step in self.lesson.steps}
        rules = [_(title) for rule, title in self.lesson.rules if rule in taught]
        if rules and y + 90 < bottom:
            y += 16
            theme.blit_text(surface, _("The rules you played"), (x, y), 30, theme.TEXT, True)
            y += 44
            for part in theme.wrap_text(_(", ").join(rules), RULE, width):
                if y + 32 > bottom:
                    break
                theme.blit_text(surface, part, (x, y), RULE, theme.TEXT_DIM)
                y += 32
        self.menu.draw(surface)
