"""The scene interface: every screen and overlay has the same lifecycle.

The app owns the stack and calls `enter` when a scene becomes the top one,
`exit` when it leaves the stack, `handle` for each intent, `update` once per
fixed tick (60 Hz) and `draw` once per frame. Scenes receive the app; they
never import it (nor each other in circles: screens are reached by name
through `game.scenes.nav`).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.input import Intent


class Scene:
    """A screen or an overlay. The top scene gets input first.

    `overlay = True` lets the scene below keep drawing (dialogs, hand-off).
    `handle` returns True when it used the intent.
    """

    overlay = False
    # Where toasts appear while this scene is on top (away from its headings):
    # the top of the first one. The default keeps them above the footer line
    # every menu screen draws at the bottom (SCREEN_H - 40).
    toast_y = 980
    # A question on screen: closing the window while it shows ends the program.
    is_question = False

    def __init__(self, app: Any):
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top scene."""

    def exit(self) -> None:
        """Called when the scene leaves the stack (release sockets, threads)."""

    def handle(self, intent: Intent) -> bool:
        return False

    def update(self) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_resize(self) -> None:
        pass

    def request_quit(self, to_desktop: bool = False) -> bool:
        """The window is being closed: ask first and return True, or return
        False to let the scenes below (or the app) decide."""
        return False

    def intercept(self, intent: Intent) -> bool:
        """The bottom scene sees every intent first (the kiosk takes them all)."""
        return False

    def draw_badge(self, surface: pygame.Surface) -> None:
        """The bottom scene may draw over everything (the kiosk's LIVE badge)."""
