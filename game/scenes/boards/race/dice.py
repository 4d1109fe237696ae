"""The die on screen: tumbling (faces flicking, spinning, squashed on each
bounce) and landing on the rolled face with a little bounce, then held big.

`draw_tumble(surface, t, roll, ...)` draws the die at progress t (0..1) of
its roll; the face sequence is fixed by the roll and throw number, so every
screen shows the same tumble.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.scenes.boards.race import pieces
from game.ui import theme

LAND_AT = 0.78     # the share of the roll spent tumbling before it lands


def _faces(roll: int, number: int, count: int = 14) -> list[int]:
    rng = random.Random(roll * 31 + number * 7)
    faces: list[int] = []
    for _ in range(count):
        face = rng.randint(1, 6)
        while faces and face == faces[-1]:
            face = rng.randint(1, 6)
        faces.append(face)
    faces.append(roll)
    return faces


@lru_cache(maxsize=2)
def spotlight(radius: int) -> pygame.Surface:
    """A soft dark disc that sets the die apart from the map under it."""
    s = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    for i in range(8):
        r = radius - i * radius // 10
        pygame.draw.circle(s, (10, 16, 26, 34), (radius, radius), r)
    return s


def draw_spot(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
    img = spotlight(round(size * 1.25))
    surface.blit(img, img.get_rect(center=(center[0], center[1] + size // 4)))


def draw_shadow(surface: pygame.Surface, center: tuple[float, float], size: int,
                lift: float) -> None:
    width = size * (1.0 - 0.4 * min(1.0, lift / 160))
    shadow = pygame.Rect(0, 0, width, size * 0.22)
    shadow.center = (round(center[0]), round(center[1] + size * 0.58))
    pygame.draw.ellipse(surface, (16, 26, 40), shadow)


def draw_tumble(surface: pygame.Surface, t: float, roll: int, number: int,
                center: tuple[int, int], size: int) -> None:
    """The die `t` of the way through its roll."""
    faces = _faces(roll, number)
    draw_spot(surface, center, size)
    if t < LAND_AT:
        u = t / LAND_AT
        # three bounces, each lower, while the faces flick ever slower
        bounce = abs(math.sin(u * math.pi * 3)) * (1 - u) ** 1.4
        lift = bounce * 170
        face = faces[min(len(faces) - 2, int((1 - (1 - u) ** 1.6) * (len(faces) - 1)))]
        angle = (1 - u) ** 1.5 * 900
        squash = 1 - 0.22 * max(0.0, 1 - bounce * 6) * (1 - u)
        x = center[0] + (1 - u) * 180
        draw_shadow(surface, (x, center[1]), size, lift)
        img = pygame.transform.rotozoom(pieces.die_face(face, size), angle, 1.0)
        img = pygame.transform.smoothscale(
            img, (max(4, round(img.get_width() / squash)), max(4, round(img.get_height()
                                                                         * squash))))
        surface.blit(img, img.get_rect(center=(round(x), round(center[1] - lift))))
        return
    u = (t - LAND_AT) / (1 - LAND_AT)
    # landed: a small squash-and-stretch settle on the final face
    grow = 1 + 0.18 * math.sin(u * math.pi) * (1 - u)
    draw_shadow(surface, center, size, 0)
    face = pieces.die_face(roll, size)
    img = pygame.transform.smoothscale(face, (round(size * grow), round(size / grow)))
    surface.blit(img, img.get_rect(midbottom=(center[0], center[1] + size // 2)))


def draw_still(surface: pygame.Surface, roll: int, center: tuple[int, int], size: int,
               caption: str, glow: float = 0.0) -> None:
    """The landed die, big, with its caption under it."""
    draw_spot(surface, center, size)
    if glow:
        ring = pygame.Rect(0, 0, size + 24, size + 24)
        ring.center = center
        pygame.draw.rect(surface, theme.ACCENT, ring, 5, border_radius=size // 5)
    draw_shadow(surface, center, size, 0)
    face = pieces.die_face(roll, size)
    surface.blit(face, face.get_rect(center=center))
    if caption:
        theme.blit_text(surface, caption, (center[0], center[1] + size // 2 + 34), 36,
                        theme.TEXT, True, "center", shadow=True)
