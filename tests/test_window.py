"""The window on the player's screen: it opens at a size that fits the
desktop, and the logical 1920x1080 picture is scaled into it (F11 and back
keep it fitting). The desktop size is faked; SDL's dummy driver opens the
window."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.ui import theme  # noqa: E402


def _fits(size: tuple[int, int], desktop: tuple[int, int]) -> bool:
    return 0 < size[0] <= desktop[0] and 0 < size[1] <= desktop[1]


@pytest.mark.parametrize("desktop", [(1366, 768), (1280, 720), (1024, 600)])
def test_the_window_opens_inside_a_small_screen_with_the_whole_picture(monkeypatch, desktop):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    for hint in ("SDL_HINT_RENDER_SCALE_QUALITY", "SDL_RENDER_SCALE_QUALITY"):
        monkeypatch.delenv(hint, raising=False)  # the window sets them; put back after
    app = App(settings=Settings(animation=0.0, bot_pace=0.0, fullscreen=False),
              headless=False)
    try:
        window = pygame.display.get_window_size()
        assert _fits(window, desktop), (window, desktop)
        assert app.surface.get_size() == (theme.SCREEN_W, theme.SCREEN_H)
        assert abs(window[0] / window[1] - theme.SCREEN_W / theme.SCREEN_H) < 0.01
        # F11 and back: windowed again, it still fits and the picture is whole
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        assert not app.fullscreen
        window = pygame.display.get_window_size()
        assert _fits(window, desktop), (window, desktop)
        assert app.surface.get_size() == (theme.SCREEN_W, theme.SCREEN_H)
        app.step(1)
    finally:
        app.close()


def test_the_fitting_size_keeps_the_shape_and_leaves_room_for_the_frame():
    from game.ui.window import fitting_size

    assert fitting_size((1366, 768)) == (1229, 691)
    assert fitting_size((1920, 1080)) == (1728, 972)
    width, height = fitting_size((3840, 2160))
    assert width <= 3840 * 0.9 and width / height == 16 / 9
    assert fitting_size((800, 1280))[0] <= 720   # a portrait screen: the width decides
