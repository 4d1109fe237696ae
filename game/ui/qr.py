"""A QR code as a pygame surface (made by `segno`), so a phone's camera can open
the page the host serves (net/host/web.py)."""

from __future__ import annotations

from functools import lru_cache

import pygame
import segno

QUIET_MODULES = 4      # the blank border a reader needs around the code


@lru_cache(maxsize=8)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """`text` as a black-on-white QR code about `size` pixels square (whole
    pixels per module, so every module is as sharp as the next)."""
    matrix = segno.make_qr(text, error="m").matrix
    modules = len(matrix) + 2 * QUIET_MODULES
    scale = max(1, size // modules)
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), ((x + QUIET_MODULES) * scale,
                                         (y + QUIET_MODULES) * scale, scale, scale))
    return surface
