"""The race game's pieces as cached pictures: travel and event cards, card
backs, coins, bonus chips, pawns, the detective and the die's faces.

Each picture is drawn once with primitives and kept, so a frame only blits.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.narration.race import event_name
from game.ui import theme
from game.words import i18n
from game.words.i18n import _

TRAIN = (196, 92, 52)
TRAIN_DARK = (120, 50, 26)
SHIP = (44, 104, 178)
SHIP_DARK = (22, 56, 104)
PAPER = (240, 228, 196)
INK = (60, 44, 28)
BLUE_EVENT = (150, 190, 236)
CHIP_RED = (206, 52, 48)
CHIP_BLUE = (48, 96, 206)
GOLD = (236, 190, 60)
KIND_RGB = {"train": TRAIN, "ship": SHIP}
# What a bonus chip gives, as a mark on it (its words: game/narration/race.py);
# a chip that gives a card shows that pile's card back instead, with a plus.
CHIP_MARKS = {"coin": "$", "delay_others": "-1"}
CHIP_CARDS = ("travel", "event")
BLUE_EVENTS = ("Storm", "Delay")


def _surface(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def _train_icon(surface: pygame.Surface, rect: pygame.Rect, color) -> None:
    """A small locomotive: boiler, cab, chimney and wheels."""
    x, y, w, h = rect
    pygame.draw.rect(surface, color, (x + w * 0.05, y + h * 0.35, w * 0.6, h * 0.35),
                     border_radius=3)
    pygame.draw.rect(surface, color, (x + w * 0.6, y + h * 0.1, w * 0.35, h * 0.6),
                     border_radius=2)
    pygame.draw.rect(surface, color, (x + w * 0.12, y + h * 0.12, w * 0.1, h * 0.25))
    for cx in (0.18, 0.42, 0.78):
        pygame.draw.circle(surface, color, (x + w * cx, y + h * 0.8), max(2, h * 0.16))


def _ship_icon(surface: pygame.Surface, rect: pygame.Rect, color) -> None:
    """A small steamer: hull, funnel and a wave."""
    x, y, w, h = rect
    hull = [(x, y + h * 0.5), (x + w, y + h * 0.5), (x + w * 0.85, y + h * 0.78),
            (x + w * 0.12, y + h * 0.78)]
    pygame.draw.polygon(surface, color, hull)
    pygame.draw.rect(surface, color, (x + w * 0.3, y + h * 0.28, w * 0.4, h * 0.22))
    pygame.draw.rect(surface, color, (x + w * 0.45, y, w * 0.14, h * 0.3))
    points = [(x + i * w / 8, y + h * (0.93 if i % 2 else 0.86)) for i in range(9)]
    pygame.draw.lines(surface, color, False, points, 2)


def kind_icon(surface: pygame.Surface, rect: pygame.Rect, kind: str, color) -> None:
    (_train_icon if kind == "train" else _ship_icon)(surface, pygame.Rect(rect), color)


@lru_cache(maxsize=64)
def travel_card(kind: str, value: int, w: int, h: int) -> pygame.Surface:
    """A travel card: its kind's colour and icon, its days big in the middle."""
    s = _surface(w, h)
    base = KIND_RGB.get(kind, (120, 120, 120))
    dark = TRAIN_DARK if kind == "train" else SHIP_DARK
    pygame.draw.rect(s, base, (0, 0, w, h), border_radius=8)
    pygame.draw.rect(s, (250, 246, 236), (0, 0, w, h), 3, border_radius=8)
    inner = pygame.Rect(6, 6, w - 12, h * 0.3)
    pygame.draw.rect(s, dark, inner, border_radius=5)
    kind_icon(s, inner.inflate(-inner.width * 0.3, -inner.height * 0.3), kind, (250, 246, 236))
    size = max(24, int(h * 0.42))
    theme.blit_text(s, str(value), (w / 2, h * 0.62), size, (255, 255, 255), True, "center",
                    shadow=True)
    theme.blit_text(s, _("days") if h >= 90 else "", (w / 2, h - 6), max(16, h // 7),
                    (250, 246, 236), anchor="midbottom")
    return s


@lru_cache(maxsize=16)
def card_back(pile: str, w: int, h: int) -> pygame.Surface:
    """The back of a travel card (a globe) or an event card (a star)."""
    s = _surface(w, h)
    color, edge = ((34, 84, 70), (210, 190, 120)) if pile == "travel" else ((92, 52, 110),
                                                                          (230, 200, 120))
    pygame.draw.rect(s, color, (0, 0, w, h), border_radius=8)
    pygame.draw.rect(s, edge, (5, 5, w - 10, h - 10), 2, border_radius=6)
    c, r = (w // 2, h // 2), min(w, h) // 4
    if pile == "travel":
        pygame.draw.circle(s, edge, c, r, 2)
        pygame.draw.ellipse(s, edge, (c[0] - r // 2, c[1] - r, r, 2 * r), 2)
        pygame.draw.line(s, edge, (c[0] - r, c[1]), (c[0] + r, c[1]), 2)
    else:
        points = [(c[0] + r * math.cos(a * math.pi / 5 - math.pi / 2) * (1 if a % 2 == 0 else
                                                                           0.45),
                   c[1] + r * math.sin(a * math.pi / 5 - math.pi / 2) * (1 if a % 2 == 0 else
                                                                           0.45))
                  for a in range(10)]
        pygame.draw.polygon(s, edge, points)
    return s


def event_card(name: str, w: int, h: int) -> pygame.Surface:
    """An event card: parchment (blue for the cards that hit everyone) with its name
    in the player's language."""
    return _event_card(name, w, h, i18n.language())


@lru_cache(maxsize=64)
def _event_card(name: str, w: int, h: int, lang: str) -> pygame.Surface:
    s = _surface(w, h)
    pygame.draw.rect(s, BLUE_EVENT if name in BLUE_EVENTS else PAPER, (0, 0, w, h),
                     border_radius=8)
    pygame.draw.rect(s, (150, 96, 170), (0, 0, w, h), 3, border_radius=8)
    size = 24
    label = theme.fit_text(event_name(name), size, w - 12, True)
    theme.blit_text(s, label, (w / 2, h / 2), size, INK, True, "center")
    return s


@lru_cache(maxsize=8)
def coin(radius: int) -> pygame.Surface:
    s = _surface(2 * radius + 2, 2 * radius + 2)
    c = (radius + 1, radius + 1)
    pygame.draw.circle(s, (150, 110, 20), c, radius)
    pygame.draw.circle(s, GOLD, c, radius - 2)
    theme.blit_text(s, "$", c, max(16, radius + 6), (150, 110, 20), True, "center")
    return s


@lru_cache(maxsize=16)
def chip(color: str, kind: str, radius: int) -> pygame.Surface:
    """A bonus chip: red (the first to arrive) or blue (the last), with what it gives."""
    s = _surface(2 * radius + 2, 2 * radius + 2)
    c = (radius + 1, radius + 1)
    pygame.draw.circle(s, (250, 250, 250), c, radius)
    pygame.draw.circle(s, CHIP_RED if color == "red" else CHIP_BLUE, c, radius - 2)
    if kind in CHIP_CARDS:
        back = card_back(kind, max(8, round(radius * 0.7)), max(11, round(radius * 1.05)))
        card = back.get_rect(midleft=(c[0] - radius * 0.05, c[1]))
        pygame.draw.rect(s, (250, 250, 250), card.inflate(2, 2), border_radius=3)
        s.blit(back, card)
        theme.blit_text(s, "+", (card.x - 1, c[1]), max(14, radius), (255, 255, 255),
                        True, "midright")
    else:
        theme.blit_text(s, CHIP_MARKS.get(kind, "?"), c, max(18, radius + 4), (255, 255, 255),
                        True, "center")
    return s


@lru_cache(maxsize=16)
def pawn(rgb: tuple[int, int, int], number: int, radius: int) -> pygame.Surface:
    """A traveller's pawn: a disc in the seat colour carrying the seat number."""
    s = _surface(2 * radius + 4, 2 * radius + 4)
    c = (radius + 2, radius + 2)
    pygame.draw.circle(s, (20, 20, 24), (c[0] + 2, c[1] + 2), radius)
    pygame.draw.circle(s, (250, 250, 250), c, radius)
    pygame.draw.circle(s, rgb, c, radius - 3)
    theme.blit_text(s, str(number), c, max(18, int(radius * 1.5)), theme.readable_on(rgb), True,
                    "center")
    return s


@lru_cache(maxsize=2)
def detective(height: int) -> pygame.Surface:
    """Inspector Fix: a dark figure in a bowler hat with a magnifying glass."""
    w = int(height * 0.8)
    s = _surface(w, height)
    cx = w // 2 - 4
    coat = (36, 36, 44)
    pygame.draw.polygon(s, coat, [(cx - height * 0.22, height - 2), (cx + height * 0.22,
                                                                     height - 2),
                                  (cx + height * 0.12, height * 0.42),
                                  (cx - height * 0.12, height * 0.42)])
    pygame.draw.circle(s, (232, 200, 170), (cx, height * 0.34), height * 0.13)
    pygame.draw.ellipse(s, coat, (cx - height * 0.2, height * 0.2, height * 0.4, height * 0.08))
    pygame.draw.ellipse(s, coat, (cx - height * 0.12, height * 0.04, height * 0.24,
                                  height * 0.22))
    glass = (cx + height * 0.26, height * 0.52)
    pygame.draw.line(s, (140, 100, 60), (cx + height * 0.1, height * 0.7), glass, 4)
    pygame.draw.circle(s, (250, 250, 250), glass, height * 0.1)
    pygame.draw.circle(s, (60, 60, 70), glass, height * 0.1, 3)
    return s


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@lru_cache(maxsize=16)
def die_face(value: int, size: int) -> pygame.Surface:
    """One face of the die: ivory with a shadowed edge and its pips."""
    s = _surface(size, size)
    pygame.draw.rect(s, (150, 140, 120), (0, 0, size, size), border_radius=size // 6)
    pygame.draw.rect(s, (252, 248, 236), (3, 3, size - 6, size - 10), border_radius=size // 6)
    r = max(3, size // 11)
    for px, py in PIPS.get(value, []):
        center = (size / 2 + px * size * 0.27, size / 2 - 2 + py * size * 0.27)
        pygame.draw.circle(s, (30, 30, 36) if value != 1 else (190, 40, 40), center, r)
    return s
