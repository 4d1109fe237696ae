"""Colours, fonts and a cache of rendered text (rendering text every frame is
the slowest thing a pygame scene can do)."""

from __future__ import annotations

import weakref
from functools import lru_cache

import pygame

from game.tables.seats import SEAT_RGB
from game.ui import layout_record, wrap
from game.ui.fonts import FontChain
from game.words import i18n

SCREEN_W, SCREEN_H = 1920, 1080

BG = (24, 30, 42)
PANEL = (36, 44, 60)
PANEL_EDGE = (70, 82, 104)
TEXT = (236, 238, 242)
TEXT_DIM = (160, 168, 184)
ACCENT = (255, 196, 72)
FOCUS = (255, 230, 120)
ERROR = (240, 96, 80)
GOOD = (110, 210, 120)
SEA = (54, 92, 130)
SEA_DEEP = (44, 78, 114)
LAND = (214, 200, 160)
LAND_EDGE = (150, 132, 96)
LAKE = (96, 140, 180)
CITY = (250, 246, 236)
CITY_EDGE = (40, 40, 40)

CARD_COLORS: dict[str, tuple[int, int, int]] = {
    "pink": (232, 120, 190),
    "white": (240, 240, 236),
    "blue": (60, 120, 220),
    "yellow": (246, 212, 60),
    "orange": (240, 140, 40),
    "black": (50, 50, 56),
    "red": (214, 50, 50),
    "green": (70, 170, 80),
    "gray": (150, 150, 150),
    "locomotive": (120, 90, 200),
    "ferry": (70, 170, 200),
}
# Letters for the colour-blind aid, drawn on cards and route spaces.
CARD_LETTERS: dict[str, str] = {
    "pink": "P", "white": "W", "blue": "B", "yellow": "Y", "orange": "O",
    "black": "K", "red": "R", "green": "G", "locomotive": "L", "ferry": "F", "gray": "",
}
# Seat colours come from the one palette in game/tables/seats.py.
PLAYER_COLORS: dict[str, tuple[int, int, int]] = dict(SEAT_RGB)


def readable_on(color: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `color`."""
    r, g, b = color[:3]
    return (20, 20, 24) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 250)


def font(size: int, bold: bool = False) -> FontChain:
    """The font for text asked at `size` in the current language (the Japanese
    font in Japanese mode, for every line: it has Latin too), with fallbacks
    for the characters it lacks (game/ui/fonts.py)."""
    return _font(size, bold, i18n.language())


@lru_cache(maxsize=64)
def _font(size: int, bold: bool, lang: str) -> FontChain:
    f = FontChain(lang, size)
    f.set_bold(bold)
    return f


def rendered_language(img: pygame.Surface) -> str | None:
    """The language whose font rendered `img` through `text()`, None for a
    picture rendered elsewhere: lets a test prove Japanese lines never use
    the Latin font."""
    return _RENDERED.get(img)


_RENDERED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def text(content: str, size: int, color: tuple[int, int, int] = TEXT,
         bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: drawing the same label again is a blit.
    A bare number is drawn with the Latin font in every language: digits mean
    the same everywhere, and the boards' badges keep the size they were laid
    out for."""
    lang = "en" if is_numeral(content) else i18n.language()
    return _text(content, size, color, bold, lang)


_NUMERAL = frozenset("0123456789 +-−/%:.,×()?")


def is_numeral(content: str) -> bool:
    """Digits and the signs that go with them, nothing to translate."""
    return bool(content) and all(c in _NUMERAL for c in content)


@lru_cache(maxsize=2048)
def _text(content: str, size: int, color: tuple[int, int, int], bold: bool,
          lang: str) -> pygame.Surface:
    img = _font(size, bold, lang).render(content, True, color)
    _RENDERED[img] = lang
    return img


def blit_text(surface: pygame.Surface, content: str, pos: tuple[float, float], size: int,
              color: tuple[int, int, int] = TEXT, bold: bool = False,
              anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    img = text(content, size, color, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(text(content, size, (0, 0, 0), bold), rect.move(2, 2))
    surface.blit(img, rect)
    layout_record.text(surface, rect, content, size, img)
    return rect


def fit_text(content: str, size: int, width: int, bold: bool = False) -> str:
    """`content`, cut with an ellipsis where needed so it fits `width` pixels."""
    return _fit_text(content, size, width, bold, i18n.language())


@lru_cache(maxsize=1024)
def _fit_text(content: str, size: int, width: int, bold: bool, lang: str) -> str:
    f = _font(size, bold, lang)
    if f.size(content)[0] <= width:
        return content
    while content and f.size(content + "…")[0] > width:
        content = content[:-1]
    return content.rstrip() + "…"


# The kiosk's LIVE/DEMO badge sits in this strip at the bottom right; the
# table keeps its log out of it on a kiosk.
BADGE_BAND = 60

# Toasts: short notices stacked at the middle of the screen (see App._draw_toasts).
TOAST_TEXT = 34
MAX_TOASTS = 3
TOAST_PAD, TOAST_GAP = 20, 8


def toast_band(top: int) -> pygame.Rect:
    """Where toasts stacking down from `top` may appear: what a screen keeps
    free of headings and keys."""
    height = font(TOAST_TEXT).get_linesize() + TOAST_PAD + TOAST_GAP
    return pygame.Rect(0, top, SCREEN_W, MAX_TOASTS * height)


def fit_size(content: str, size: int, width: int, bold: bool = False, smallest: int = 30) -> int:
    """The largest text size up to `size` at which `content` fits `width` pixels
    (a heading shrinks rather than running out of its box)."""
    return _fit_size(content, size, width, bold, smallest, i18n.language())


@lru_cache(maxsize=256)
def _fit_size(content: str, size: int, width: int, bold: bool, smallest: int,
              lang: str) -> int:
    while size > smallest and _font(size, bold, lang).size(content)[0] > width:
        size -= 2
    return size


def wrap_text(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of `content` that each fit `width` pixels: broken at spaces in
    English, between characters in Japanese with its line-break rules
    (game/ui/wrap.py)."""
    f = font(size, bold)
    return wrap.wrap(content, width, lambda line: f.size(line)[0])
