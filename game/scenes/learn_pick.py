"""Learn, from the title screen: choose a game to learn by playing it.

Each game with a guided game (game.learn.games_with_lessons) is a button;
a game whose guided game was left half way says so and asks whether to pick
it up where it was left or to start it again.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.learn import games_with_lessons
from game.learn.progress import has_progress
from game.rules import game_info
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu
from game.words.i18n import N_, _


class LearnPickScene(Scene):
    """The games to learn, one button each (Esc: back)."""

    def __init__(self, app: Any):
        super().__init__(app)
        self.games = games_with_lessons()
        self._build()

    def _build(self) -> None:
        cx = theme.SCREEN_W // 2
        buttons = [Button(_(game_info(g).name), pygame.Rect(cx - 400, 300 + i * 100, 800, 80),
                          lambda g=g: self.choose(g), size=42)
                   for i, g in enumerate(self.games)]
        buttons.append(Button(N_("Back"), pygame.Rect(cx - 400, 320 + len(self.games) * 100,
                                                      800, 80), self.back, size=42))
        self.menu = Menu(buttons)

    def enter(self) -> None:
        self._build()

    def back(self) -> None:
        self.app.pop(self)

    def choose(self, game_id: str) -> None:
        offer_lesson(self.app, game_id)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "back":
            self.back()
            return True
        return self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Learn by playing"), (theme.SCREEN_W // 2, 110), 96,
                        theme.ACCENT, True, "center")
        theme.blit_text(surface, _("A coach walks you through a first game and says why."),
                        (theme.SCREEN_W // 2, 200), 36, theme.TEXT_DIM, anchor="center")
        if not self.games:
            theme.blit_text(surface, _("No game has a guided game yet."),
                            (theme.SCREEN_W // 2, 260), 32, theme.TEXT_DIM, anchor="center")
        for i, game_id in enumerate(self.games):
            if has_progress(game_id):
                rect = self.menu.buttons[i].rect
                theme.blit_text(surface, _("left half way"), (rect.right + 24, rect.centery),
                                28, theme.TEXT_DIM, anchor="midleft")
        self.menu.draw(surface)
        theme.blit_text(surface, _("Arrows / d-pad to choose, Enter / A to select, Esc / B: "
                                  "back"), (theme.SCREEN_W // 2, theme.SCREEN_H - 40), 30,
                        theme.TEXT_DIM, anchor="center")


def offer_lesson(app: Any, game_id: str) -> None:
    """Open the guided game of `game_id`; one left half way asks whether to
    pick it up or start it again."""
    if has_progress(game_id):
        app.push(ConfirmScene(
            app, N_("Pick up where you left it?"),
            N_("Or start the guided game again from its first step."),
            lambda: start_lesson(app, game_id), yes=N_("Pick up"),
            no=N_("Start again"), on_no=lambda: start_lesson(app, game_id, True)))
        return
    start_lesson(app, game_id)


def start_lesson(app: Any, game_id: str, fresh: bool = False) -> Any:
    """The guided game of `game_id` in the window (where it was left, unless
    `fresh`); returns its table."""
    from game.learn import lesson_for
    from game.learn.coach_session import CoachSession
    from game.learn.progress import forget_progress, load_coach
    from game.scenes.learn_table import open_learn_table

    lesson = lesson_for(game_id)
    if fresh:
        forget_progress(game_id)
    return open_learn_table(app, CoachSession(load_coach(lesson, fresh)))
