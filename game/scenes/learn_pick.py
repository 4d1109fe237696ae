"""Learn, from the title screen: choose a game to learn by playing it.

Each game with a guided game (game.learn.games_with_lessons) is a button;
a game whose guided game was left half way says so and asks whether to pick
it up where it was left or to start it again. "Play on a phone" plays the
learner's seat on a phone instead (net/host/coached.py): the TV shows how to
join, the board and the coach panel.
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
        self.phone = False          # the learner's seat on a phone
        self._build()

    def _build(self) -> None:
        cx = theme.SCREEN_W // 2
        buttons = [Button(_(game_info(g).name), pygame.Rect(cx - 400, 300 + i * 100, 800, 80),
                          lambda g=g: self.choose(g), size=42)
                   for i, g in enumerate(self.games)]
        phone = N_("Play on a phone: on") if self.phone else N_("Play on a phone: off")
        buttons.append(Button(phone, pygame.Rect(cx - 400, 320 + len(self.games) * 100, 800, 80),
                              self.toggle_phone, size=42))
        buttons.append(Button(N_("Back"), pygame.Rect(cx - 400, 420 + len(self.games) * 100,
                                                      800, 80), self.back, size=42))
        focus = self.menu.focus if getattr(self, "menu", None) is not None else 0
        self.menu = Menu(buttons)
        self.menu.focus = min(focus, len(buttons) - 1)

    def toggle_phone(self) -> None:
        """Play the guided game on a phone, or in the window."""
        self.phone = not self.phone
        self._build()

    def enter(self) -> None:
        self._build()

    def back(self) -> None:
        self.app.pop(self)

    def choose(self, game_id: str) -> None:
        offer_lesson(self.app, game_id, self.phone)

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


def offer_lesson(app: Any, game_id: str, phone: bool = False) -> None:
    """Open the guided game of `game_id` (`phone`: the learner plays on a
    phone); one left half way asks whether to pick it up or start it again."""
    if has_progress(game_id):
        app.push(ConfirmScene(
            app, N_("Pick up where you left it?"),
            N_("Or start the guided game again from its first step."),
            lambda: start_lesson(app, game_id, phone=phone), yes=N_("Pick up"),
            no=N_("Start again"), on_no=lambda: start_lesson(app, game_id, True, phone)))
        return
    start_lesson(app, game_id, phone=phone)


def start_lesson(app: Any, game_id: str, fresh: bool = False, phone: bool = False) -> Any:
    """The guided game of `game_id` in the window (where it was left, unless
    `fresh`; `phone`: the learner's seat on a phone); returns its table (None:
    the phone page cannot be served here, said in a toast)."""
    from game.learn import lesson_for
    from game.learn.coach_session import CoachSession
    from game.learn.progress import forget_progress, load_coach
    from game.scenes.learn_table import open_learn_table

    lesson = lesson_for(game_id)
    if fresh:
        forget_progress(game_id)
    coach = load_coach(lesson, fresh)
    if not phone:
        return open_learn_table(app, CoachSession(coach))
    from game.scenes.flow import couch_host_options
    from game.words.host_words import words_of
    from game.words.os_words import os_reason
    from net.host.coached import PhoneCoachSession, coached_host

    options = couch_host_options(app, save_path=None, keep_history=False, advertise=False)
    try:
        session = PhoneCoachSession(coach, coached_host(coach, **options))
    except OSError as exc:
        app.toast(_("Cannot host: {reason}").format(reason=words_of(os_reason(exc))),
                  seconds=6)
        return None
    return open_learn_table(app, session)
