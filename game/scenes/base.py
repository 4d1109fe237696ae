"""The scene interface and the small helpers most scenes share."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.input import Intent

if TYPE_CHECKING:
    from game.app import App


class Scene:
    """A screen or an overlay. The top scene gets input first.

    `overlay = True` lets the scene below keep drawing (dialogs, hand-off).
    `handle` returns True when it used the intent. `update` runs once per
    fixed tick (60 Hz) and `draw` once per frame.
    """

    overlay = False

    def __init__(self, app: App):
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top scene."""

    def handle(self, intent: Intent) -> bool:
        return False

    def update(self) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_resize(self) -> None:
        pass
