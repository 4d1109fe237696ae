"""The key of region colours on a route board with regions (Italy).

It sits in the corner of the board it covers least, and is laid out from
measured text, not from a count of names: its heading is wrapped to the
key's width and each region's name within its column, broken after a "＝",
"・", "-" or space where one allows it (a word is never cut in two where
a better break exists). A name too long for one line takes two, and the key
grows downward instead of the name running out of it: Japanese names, drawn
at the 24 px floor (game/ui/fonts.py), need that, and so does any long name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.rules.routes.board import Board
from game.rules.routes.geometry import BoardGeometry
from game.ui import theme, wrap
from game.words.i18n import _
from game.words.places import place

HEADING_SIZE = 20
ENTRY_SIZE = 21
COLUMN_W = 210      # a column: its colour chip, the name and the gap to the next
PAD = 12            # round the key's contents
NAME_X = 26         # the name, right of its colour chip
NAME_ROOM = COLUMN_W - NAME_X - 6
ENTRY_STEP = 24     # from one line of a name to the next
HEADING_GAP = 4     # between the heading and the first name
BREAK_AFTER = "＝・- "  # where a place's name breaks best


@dataclass
class LegendText:
    """The key's words, measured: the heading's lines and each region's."""

    heading: list[str]
    entries: list[list[str]]
    heading_step: int

    def column_of(self, index: int, columns: int) -> int:
        return index // self.rows(columns)

    def rows(self, columns: int) -> int:
        return -(-len(self.entries) // columns)

    def height(self, columns: int) -> int:
        """The box's height with the names in `columns` columns."""
        rows = self.rows(columns)
        tallest = max(sum(len(e) for e in self.entries[c * rows:(c + 1) * rows])
                      for c in range(columns))
        return PAD - 4 + len(self.heading) * self.heading_step + HEADING_GAP \
            + tallest * ENTRY_STEP + 8


def region_names(board: Board) -> list[str]:
    """The board's regions, in the order their colours are given."""
    listed = getattr(board, "regions", None)
    if listed:
        return list(listed)
    return sorted({c.get("region") for c in board.cities.values()
                   if c.get("region") and not c.get("dead_end")})


def region_color(index: int) -> tuple[int, int, int]:
    """The tint of the `index`th region, on the land and in the key."""
    hue = (index * 0.618034) % 1.0
    c = pygame.Color(0)
    c.hsva = (hue * 360, 55, 90, 100)
    return (c.r, c.g, c.b)


def name_lines(name: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """`name` in lines no wider than `width`: broken after the last separator
    that leaves a first line that fits, else where the language's rules allow."""
    if measure(name) <= width:
        return [name]
    for cut in range(len(name) - 1, 0, -1):
        head = name[:cut].rstrip()
        if name[cut - 1] in BREAK_AFTER and head and measure(head) <= width:
            return [head, *name_lines(name[cut:].lstrip(), width, measure)]
    return wrap.wrap(name, width, measure) or [name]


def legend_text(board: Board, columns: int) -> LegendText:
    """The key's words for `columns` columns, in the current language."""
    doubles = set(getattr(board, "double_regions", ()) or ())
    entry_font = theme.font(ENTRY_SIZE)
    entries = [name_lines(_("{region} x2").format(region=place(name)) if name in doubles
                          else place(name), NAME_ROOM, lambda s: entry_font.size(s)[0])
               for name in region_names(board)]
    inner = columns * COLUMN_W - PAD
    heading = [line for part in (_("Regions (x2: all its cities"), _("in one network)"))
               for line in theme.wrap_text(part, HEADING_SIZE, inner)]
    step = max(20, theme.font(HEADING_SIZE).get_linesize() - 2)
    return LegendText(heading, entries, step)


def draw_region_legend(surface: pygame.Surface, geo: BoardGeometry,
                       keep_clear: Sequence[pygame.Rect] = ()) -> None:
    """A key of region colours where it covers the least of the board: each
    corner is tried in one and two columns, and the one over the fewest
    cities and train spaces wins (on the Italy board: open sea)."""
    if not region_names(geo.board):
        return
    box, columns = legend_box(geo, keep_clear)
    text = legend_text(geo.board, columns)
    pygame.draw.rect(surface, (20, 30, 44), box, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=10)
    for i, line in enumerate(text.heading):
        theme.blit_text(surface, line, (box.x + PAD, box.y + 8 + i * text.heading_step),
                        HEADING_SIZE, theme.TEXT_DIM)
    top = box.y + PAD - 4 + len(text.heading) * text.heading_step + HEADING_GAP
    y = {column: top for column in range(columns)}
    for i, lines in enumerate(text.entries):
        column = text.column_of(i, columns)
        x = box.x + PAD + column * COLUMN_W
        pygame.draw.rect(surface, region_color(i), (x, y[column] + 3, 18, 16), border_radius=3)
        for line in lines:
            theme.blit_text(surface, line, (x + NAME_X, y[column] + 2), ENTRY_SIZE, theme.TEXT)
            y[column] += ENTRY_STEP


def legend_box(geo: BoardGeometry,
               keep_clear: Sequence[pygame.Rect] = ()) -> tuple[pygame.Rect, int]:
    """The legend's rectangle and column count, in the emptiest corner that
    stays out of `keep_clear` (so a toast never covers its heading)."""
    x0, y0, w, h = geo.rect
    area = pygame.Rect(x0 + 12, y0 + 12, w - 24, h - 24)
    things = [pygame.Rect(round(x) - 12, round(y) - 12, 24, 24) for x, y in geo.cities.values()]
    things += [pygame.Rect(round(s.center[0]) - 6, round(s.center[1]) - 6, 12, 12)
               for shape in geo.tracks.values() for s in shape.spaces]
    best: tuple[int, int, pygame.Rect, int] | None = None
    for columns in (2, 1):
        box = pygame.Rect(0, 0, PAD + columns * COLUMN_W,
                          legend_text(geo.board, columns).height(columns))
        for corner in ("topright", "bottomleft", "topleft", "bottomright"):
            setattr(box, corner, getattr(area, corner))
            covered = sum(box.colliderect(t) for t in things)
            key = (covered + 1000 * (box.collidelist(list(keep_clear)) >= 0), columns == 1)
            if best is None or key < best[:2]:
                best = (*key, box.copy(), columns)
    assert best is not None
    return best[2], best[3]
