"""The window on the player's screen: a size that fits it, the picture scaled in.

Every screen is drawn on a logical 1920x1080 surface and SDL's renderer
scales it to the window (pygame's SCALED). Left to itself pygame opens a
SCALED window at a whole multiple of the picture, at least 1x: on a
1366x768 laptop that is a 1920x1080 window, its title bar above the screen
and the hand and scores below it, with a minimum size that forbids
shrinking it and whole-multiple scaling that would show a smaller window
cropped. So the window is opened, then sized here to the largest 16:9
window that fits the desktop with room for its frame and a panel, and the
renderer scales by any factor (pygame reads that choice from a hint).
"""

from __future__ import annotations

import contextlib
import os
import warnings
from typing import Any

import pygame

from game.ui import theme

# the part of the desktop a window may take: the rest is its frame, a panel, a dock
ROOM = 0.9
# a window is never made smaller than this (a fraction of the picture)
SMALLEST = 0.25


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on (None: no display says so)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes or min(sizes[0]) <= 0:
        return None
    return int(sizes[0][0]), int(sizes[0][1])


def fitting_size(desktop: tuple[int, int],
                 picture: tuple[int, int] = (theme.SCREEN_W, theme.SCREEN_H)) -> tuple[int, int]:
    """The largest window of the picture's shape inside `ROOM` of the desktop."""
    scale = min(desktop[0] * ROOM / picture[0], desktop[1] * ROOM / picture[1])
    scale = max(scale, SMALLEST)
    return round(picture[0] * scale), round(picture[1] * scale)


def prepare_scaling(desktop: tuple[int, int] | None) -> None:
    """Before the display mode is set: the renderer scales by any factor, not
    whole multiples only (pygame's own hint name), and a picture made smaller
    is filtered, not sampled (its text would break up); a value the player
    set in the environment is left alone.

    pygame's resize watch is turned off: it serves unscaled windows only, and
    when a mode is set again on an open window (F11 where fullscreen cannot
    be toggled) it pointed the display surface at a window surface freed a
    moment later.
    """
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    set_autoresize = getattr(pygame.display, "_set_autoresize", None)
    if set_autoresize is not None:
        set_autoresize(False)
    if desktop is not None and fitting_size(desktop)[0] < theme.SCREEN_W:
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")


def _display_window() -> Any:
    """pygame's display window, or None. The display module has no other
    handle on it than `Window.from_display_module` (deprecated in pygame-ce
    2.5, still the only one)."""
    if pygame.display.get_surface() is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None


def _resize(window: Any, size: tuple[int, int], smallest: tuple[int, int]) -> None:
    with contextlib.suppress(pygame.error, ValueError):
        window.minimum_size = smallest
        window.size = size
        window.position = pygame.WINDOWPOS_CENTERED


def fit_window(desktop: tuple[int, int] | None) -> None:
    """Size the open (windowed) SCALED window to fit the desktop, centred;
    without a handle on it, it stays as pygame opened it."""
    window = _display_window()
    if desktop is None or window is None:
        return
    size = fitting_size(desktop)
    _resize(window, size, (min(size[0], 640), min(size[1], 360)))
