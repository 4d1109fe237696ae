"""Railway Tricks cards as cached sprites: company cards, the line's first card,
cities, locomotives, the lane's share and reservation slots, and card backs.

Each company has a colour chosen to stay apart for colour-blind eyes, and its
initial on every card; the colour-blind setting adds a shape per company. A
sprite is drawn once per look and size, so a frame only blits.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import layout_record, theme, wrap
from game.words import i18n
from game.words.i18n import _
from game.words.places import place

# Colours after Okabe and Ito (apart for the common colour-blindnesses), keyed by
# the colour name the card tables give each company.
COMPANY_RGB: dict[str, tuple[int, int, int]] = {
    "blue": (30, 120, 200),
    "green": (0, 158, 115),
    "yellow": (240, 220, 70),
    "gray": (160, 160, 168),
    "red": (214, 84, 20),
    "orange": (230, 159, 0),
    "purple": (170, 100, 170),
    "sky": (86, 180, 233),
}
SHAPES = ("circle", "square", "triangle", "diamond", "cross", "ring")
CITY_RGB = (236, 222, 186)
LOCO_RGB = (52, 56, 70)
INITIAL_RGB = (110, 116, 130)


class Palette:
    """Each company's colour, initial and shape, from the view's companies."""

    def __init__(self, companies: list[str], colors: dict[str, str]):
        self.companies = list(companies)
        self.rgb = {c: COMPANY_RGB.get(colors.get(c, ""), (150, 150, 150)) for c in companies}
        self.letter: dict[str, str] = {}
        for c in companies:
            letter = c[0].upper()
            if letter in self.letter.values():
                letter = c[:2].upper()
            self.letter[c] = letter
        self.shape = {c: SHAPES[i % len(SHAPES)] for i, c in enumerate(companies)}


def draw_shape(surface: pygame.Surface, shape: str, center: tuple[int, int], r: int,
               color: tuple[int, int, int]) -> None:
    """A small solid mark that tells companies apart without colour."""
    x, y = center
    if shape == "circle":
        pygame.draw.circle(surface, color, center, r)
    elif shape == "square":
        pygame.draw.rect(surface, color, (x - r, y - r, 2 * r, 2 * r))
    elif shape == "triangle":
        pygame.draw.polygon(surface, color, [(x, y - r), (x + r, y + r), (x - r, y + r)])
    elif shape == "diamond":
        pygame.draw.polygon(surface, color, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif shape == "cross":
        w = max(2, r // 2)
        pygame.draw.rect(surface, color, (x - r, y - w, 2 * r, 2 * w))
        pygame.draw.rect(surface, color, (x - w, y - r, 2 * w, 2 * r))
    else:
        pygame.draw.circle(surface, color, center, r, max(2, r // 2))


class CardArt:
    """Draws and caches every card look at every size asked for."""

    def __init__(self, palette: Palette):
        self.palette = palette
        self.cache: dict[Any, pygame.Surface] = {}

    def sprite(self, item: dict[str, Any] | None, size: tuple[int, int], *,
               style: str = "hand", dim: bool = False, colorblind: bool = False) -> pygame.Surface:
        """The picture of a card (None: a card back). style "hand" shows the
        strength big, "line" the station value big."""
        key = (item_key(item), size, style, dim, colorblind, i18n.language())
        cached = self.cache.get(key)
        if cached is None:
            cached = pygame.Surface(size, pygame.SRCALPHA)
            layout_record.keep(cached)  # its words count where the card is blitted,
            layout_record.box(cached, cached.get_rect())  # on the card
            self._draw(cached, item, style, colorblind)
            if dim:
                shade = pygame.Surface(size, pygame.SRCALPHA)
                shade.fill((10, 12, 18, 150))
                cached.blit(shade, (0, 0))
            if len(self.cache) > 3000:
                self.cache.clear()
            self.cache[key] = cached
        return cached

    # --- the looks --------------------------------------------------------------------

    def _draw(self, surface: pygame.Surface, item: dict[str, Any] | None, style: str,
              colorblind: bool) -> None:
        rect = surface.get_rect()
        if item is None:
            _back(surface, rect)
            return
        kind = item.get("kind")
        if "strength" in item:
            self._company(surface, rect, item, style, colorblind)
        elif kind == "initial":
            _plain(surface, rect, INITIAL_RGB, _("START"), str(item["value"]))
        elif kind == "city":
            self._city(surface, rect, item)
        elif kind == "locomotive" or "distance" in item:
            self._locomotive(surface, rect, item)
        elif kind == "exchange":
            self._exchange(surface, rect, item["company"], colorblind)
        elif kind == "reservation":
            _plain(surface, rect, (84, 88, 100), _("SHARE"), "?", sub=_("reserved"))
        else:
            _plain(surface, rect, (84, 88, 100), "", "?")

    def _company(self, surface: pygame.Surface, rect: pygame.Rect, card: dict[str, Any],
                 style: str, colorblind: bool) -> None:
        company = card["company"]
        color = self.palette.rgb.get(company, (150, 150, 150))
        ink = theme.readable_on(color)
        w, h = rect.size
        pygame.draw.rect(surface, color, rect, border_radius=8)
        pygame.draw.rect(surface, (250, 250, 250), rect, 2, border_radius=8)
        letter = self.palette.letter.get(company, "?")
        small = max(18, h // 5)
        theme.blit_text(surface, letter, (6, 3), small, ink, True)
        if colorblind:
            r = max(5, h // 16)
            draw_shape(surface, self.palette.shape.get(company, "circle"),
                       (w - r - 6, r + 7), r, ink)
        if style == "hand":
            big, corner = str(card["strength"]), str(card["value"])
            theme.blit_text(surface, big, (w // 2, int(h * 0.46)), int(h * 0.5), ink, True,
                            "center")
            pill = pygame.Rect(0, 0, int(w * 0.62), max(20, h // 5))
            pill.midbottom = (w // 2, h - 6)
            pygame.draw.rect(surface, (250, 248, 240), pill, border_radius=pill.height // 2)
            theme.blit_text(surface, corner, pill.center, int(pill.height * 1.0),
                            (30, 30, 36), True, "center")
        else:
            big, corner = str(card["value"]), str(card["strength"])
            plate = pygame.Rect(0, 0, w - 10, int(h * 0.42))
            plate.center = (w // 2, int(h * 0.56))
            pygame.draw.rect(surface, (250, 248, 240), plate, border_radius=6)
            theme.blit_text(surface, big, plate.center, int(h * 0.4), (30, 30, 36), True,
                            "center")
            if not colorblind:
                theme.blit_text(surface, corner, (w - 6, 4), small, ink, True, "topright")

    def _city(self, surface: pygame.Surface, rect: pygame.Rect, city: dict[str, Any]) -> None:
        w, h = rect.size
        pygame.draw.rect(surface, CITY_RGB, rect, border_radius=8)
        pygame.draw.rect(surface, (120, 90, 60), rect, 3, border_radius=8)
        ink = (70, 44, 24)
        size = max(16, h // 6)
        name = place(city["name"])
        longest = max(name.split(), key=len)
        while size > 12 and theme.font(size, True).size(longest)[0] > w - 6:
            size -= 1
        lines = _name_lines(name, size, w - 6)
        # a Japanese name (no spaces, at the 24 px floor) wraps in taller lines
        step = max(size - 2, theme.font(size, True).get_height() - 6)
        for i, line in enumerate(lines):
            theme.blit_text(surface, theme.fit_text(line, size, w - 6, True),
                            (w // 2, 6 + i * step), size, ink, True, "midtop")
        theme.blit_text(surface, str(city["value"]), (w // 2, int(h * 0.68)), int(h * 0.4),
                        ink, True, "center")

    def _locomotive(self, surface: pygame.Surface, rect: pygame.Rect,
                    loco: dict[str, Any]) -> None:
        w, h = rect.size
        pygame.draw.rect(surface, LOCO_RGB, rect, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=8)
        # a little engine: cab, boiler, chimney, wheels
        body = pygame.Rect(0, 0, int(w * 0.66), max(8, h // 8))
        body.midtop = (w // 2 + 2, 8)
        pygame.draw.rect(surface, theme.ACCENT, body, border_radius=3)
        pygame.draw.rect(surface, theme.ACCENT, (body.right - body.width // 3, body.y - 6,
                                                 body.width // 3, body.height + 6))
        pygame.draw.rect(surface, theme.ACCENT, (body.x + 4, body.y - 6, 6, 6))
        for dx in (0.25, 0.5, 0.8):
            pygame.draw.circle(surface, theme.ACCENT, (body.x + int(body.width * dx),
                                                       body.bottom + 3), max(3, w // 18))
        names = [loco["name"]] + [m["name"] for m in loco.get("with", [])]
        label = "+".join(names)
        size = int(h * 0.36) if len(label) <= 2 else int(h * 0.3)
        while size > 16 and theme.font(size, True).size(label)[0] > w - 6:
            size -= 2
        theme.blit_text(surface, label, (w // 2, int(h * 0.52)), size, theme.TEXT, True,
                        "center")
        costs = "/".join(f"-{m['cost']}" for m in [loco, *loco.get("with", [])])
        cost_size = max(16, h // 6)
        while cost_size > 12 and theme.font(cost_size, True).size(costs)[0] > w - 4:
            cost_size -= 1
        theme.blit_text(surface, costs, (w // 2, h - 6), cost_size, (250, 170, 150), True,
                        "midbottom")

    def _exchange(self, surface: pygame.Surface, rect: pygame.Rect, company: str,
                  colorblind: bool) -> None:
        w, h = rect.size
        color = self.palette.rgb.get(company, (150, 150, 150))
        pygame.draw.rect(surface, (36, 40, 52), rect, border_radius=8)
        pygame.draw.rect(surface, color, rect, 5, border_radius=8)
        letter = self.palette.letter.get(company, "?")
        theme.blit_text(surface, letter, (w // 2, int(h * 0.42)), int(h * 0.46), color, True,
                        "center")
        theme.blit_text(surface, _("SHARE"), (w // 2, h - 8), max(16, h // 6), theme.TEXT, True,
                        "midbottom")
        if colorblind:
            draw_shape(surface, self.palette.shape.get(company, "circle"), (w - 14, 14), 6,
                       color)


def _name_lines(name: str, size: int, width: int) -> list[str]:
    """A city's name in at most two lines `width` px wide. Japanese breaks
    between any two letters, so its two lines are made even, which keeps the
    short words of a place whole (ニュー / ヨーク, not ニューヨー / ク)."""
    lines = theme.wrap_text(name, size, width, True)
    if len(lines) == 2 and wrap.has_wide(name):
        half = -(-theme.font(size, True).size(name)[0] // 2)
        lines = next((even for narrower in range(half, width)
                      if len(even := theme.wrap_text(name, size, narrower, True)) == 2), lines)
    return lines[:2]


def item_key(item: dict[str, Any] | None) -> Any:
    """A hashable stand-in for a card's dict (the sprite cache's key)."""
    if item is None:
        return None
    return tuple(sorted((k, v if not isinstance(v, list) else _list_key(v))
                        for k, v in item.items()))


def _list_key(values: list[Any]) -> Any:
    return tuple(item_key(v) if isinstance(v, dict) else v for v in values)


def _plain(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int],
           title: str, big: str, sub: str = "") -> None:
    w, h = rect.size
    pygame.draw.rect(surface, color, rect, border_radius=8)
    pygame.draw.rect(surface, (220, 222, 228), rect, 2, border_radius=8)
    ink = theme.readable_on(color)
    if title:
        theme.blit_text(surface, title, (w // 2, 6), max(16, h // 6), ink, True, "midtop")
    theme.blit_text(surface, big, (w // 2, int(h * 0.56)), int(h * 0.42), ink, True, "center")
    if sub:
        theme.blit_text(surface, sub, (w // 2, h - 6), max(14, h // 7), ink, False, "midbottom")


def _back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, (90, 60, 40), rect, border_radius=8)
    pygame.draw.rect(surface, (200, 170, 110), rect.inflate(-10, -10), 2, border_radius=6)
    w, h = rect.size
    theme.blit_text(surface, "RT", (w // 2, h // 2), max(16, h // 4), (220, 190, 130), True,
                    "center")
