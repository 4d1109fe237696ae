"""The spotlight: the screen dimmed but for the things an action acts on,
with a few lines saying what and why in a small panel that keeps clear of them.

A hint and a guided game's coach both point at the board this way; this
module only draws (the dim layer with its holes, the panel placed where it
covers no lit thing). What to light is the table's to say
(game/scenes/table_spotlight.py).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import layout_record, theme

DIM_ALPHA = 150          # how dark the rest of the screen goes
HOLE_PAD = 10            # the lit area reaches this far around a thing
RING = 4                 # the lit thing's outline
PANEL_WIDTH = 640
TITLE_SIZE = 30
LINE_SIZE = 28           # 28 px at 1080p is the tooltip's size: 19 px at 720p
FOOT_SIZE = 24
PAD_X, PAD_Y, GAP = 18, 12, 6
MARGIN = 16              # from the screen's edge and from a lit thing
PANEL_BG = (14, 16, 24)


@lru_cache(maxsize=8)
def _dim_layer(size: tuple[int, int], holes: tuple[tuple[int, int, int, int], ...]
               ) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((0, 0, 0, DIM_ALPHA))
    for hole in holes:
        layer.fill((0, 0, 0, 0), pygame.Rect(hole))
    return layer


def draw_dim(surface: pygame.Surface, holes: list[pygame.Rect]) -> None:
    """Darken `surface` but for `holes` (each padded a little), outlining each hole."""
    padded = [r.inflate(2 * HOLE_PAD, 2 * HOLE_PAD) for r in holes]
    layer = _dim_layer(surface.get_size(), tuple(tuple(r) for r in padded))
    surface.blit(layer, (0, 0))
    for rect in padded:
        pygame.draw.rect(surface, theme.FOCUS, rect, RING, border_radius=10)


def _rows(title: str, lines: list[str], footer: str) -> list[tuple[str, int, tuple, bool]]:
    """The panel's wrapped rows: (text, size, colour, bold)."""
    width = PANEL_WIDTH - 2 * PAD_X
    rows: list[tuple[str, int, tuple, bool]] = []
    if title:
        rows += [(t, TITLE_SIZE, theme.ACCENT, True)
                 for t in theme.wrap_text(title, TITLE_SIZE, width, bold=True)]
    for line in lines:
        rows += [(t, LINE_SIZE, theme.TEXT, False) for t in theme.wrap_text(line, LINE_SIZE, width)]
    if footer:
        rows += [(t, FOOT_SIZE, theme.TEXT_DIM, False)
                 for t in theme.wrap_text(footer, FOOT_SIZE, width)]
    return rows


def _spots(size: tuple[int, int], bounds: pygame.Rect) -> list[pygame.Rect]:
    """Where the panel may go, best first: top middle, bottom middle, the sides."""
    box = pygame.Rect((0, 0), size)
    spots = []
    for anchor, at in (("midtop", (bounds.centerx, bounds.top + 72)),
                       ("midbottom", (bounds.centerx, bounds.bottom - MARGIN)),
                       ("midleft", (bounds.left + MARGIN, bounds.centery)),
                       ("midright", (bounds.right - MARGIN, bounds.centery)),
                       ("topleft", (bounds.left + MARGIN, bounds.top + 72)),
                       ("topright", (bounds.right - MARGIN, bounds.top + 72)),
                       ("bottomleft", (bounds.left + MARGIN, bounds.bottom - MARGIN)),
                       ("bottomright", (bounds.right - MARGIN, bounds.bottom - MARGIN))):
        spot = box.copy()
        setattr(spot, anchor, at)
        spots.append(spot.clamp(bounds))
    return spots


def panel_box(rows: list[tuple[str, int, tuple, bool]], avoid: list[pygame.Rect],
              bounds: pygame.Rect) -> pygame.Rect:
    """The panel's box: the first spot that covers none of `avoid` (padded),
    else the one covering least of them."""
    height = sum(theme.font(size, bold).get_linesize() for _t, size, _c, bold in rows)
    height += 2 * PAD_Y + GAP * max(0, len(rows) - 1)
    width = min(PANEL_WIDTH, bounds.width)
    keep_clear = [r.inflate(2 * (HOLE_PAD + MARGIN), 2 * (HOLE_PAD + MARGIN)) for r in avoid]

    def covered(spot: pygame.Rect) -> int:
        return sum(spot.clip(r).width * spot.clip(r).height for r in keep_clear)

    spots = _spots((width, height), bounds)
    return min(spots, key=lambda s: (covered(s) > 0, covered(s), spots.index(s)))


def draw_spotlight(surface: pygame.Surface, holes: list[pygame.Rect], title: str,
                   lines: list[str], footer: str = "", dim: bool = True,
                   avoid: list[pygame.Rect] | None = None) -> pygame.Rect | None:
    """Dim all but `holes` (when `dim`), then the panel with `title`, `lines`
    and `footer`, clear of `holes` and `avoid`. Returns the panel's box."""
    if dim:
        draw_dim(surface, holes)
    else:
        for rect in holes:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(2 * HOLE_PAD, 2 * HOLE_PAD),
                             RING, border_radius=10)
    rows = _rows(title, lines, footer)
    if not rows:
        return None
    box = panel_box(rows, holes + (avoid or []), surface.get_rect())
    pygame.draw.rect(surface, PANEL_BG, box, border_radius=12)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
    layout_record.box(surface, box, "tip")   # floats over the board, owns its lines
    y = box.y + PAD_Y
    for text, size, color, bold in rows:
        theme.blit_text(surface, text, (box.x + PAD_X, y), size, color, bold)
        y += theme.font(size, bold).get_linesize() + GAP
    return box
