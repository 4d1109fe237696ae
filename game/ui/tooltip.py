"""A tooltip: a few wrapped lines in a dark box beside the thing they explain.

The box is measured before it is drawn: its lines are wrapped to
`TIP_WIDTH`, it sits under its anchor (over it when there is no room below)
and is kept inside `bounds`, so it never runs off the screen.
"""

from __future__ import annotations

import pygame

from game.ui import layout_record, theme

TIP_SIZE = 28
TIP_WIDTH = 560
PAD_X, PAD_Y, GAP = 14, 10, 10
TIP_BG = (14, 16, 24)


def tooltip_layout(text: str, anchor: pygame.Rect, bounds: pygame.Rect,
                   width: int = TIP_WIDTH) -> tuple[pygame.Rect, list[str]]:
    """The box and the wrapped lines of a tooltip for `anchor`."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += theme.wrap_text(paragraph, TIP_SIZE, width - 2 * PAD_X) or [""]
    font = theme.font(TIP_SIZE)
    inner_w = max(font.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, inner_w + 2 * PAD_X,
                      len(lines) * font.get_linesize() + 2 * PAD_Y)
    box.midtop = (anchor.centerx, anchor.bottom + GAP)
    if box.bottom > bounds.bottom:
        box.midbottom = (anchor.centerx, anchor.top - GAP)
    box.clamp_ip(bounds)
    return box, lines


def draw_tooltip(surface: pygame.Surface, text: str, anchor: pygame.Rect,
                 bounds: pygame.Rect | None = None) -> pygame.Rect:
    """Draw the tooltip; returns its box."""
    bounds = bounds or surface.get_rect()
    box, lines = tooltip_layout(text, anchor, bounds)
    pygame.draw.rect(surface, TIP_BG, box, border_radius=10)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
    layout_record.box(surface, box, "tip")  # floats over the board: covers, owns its lines
    step = theme.font(TIP_SIZE).get_linesize()
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, (box.x + PAD_X, box.y + PAD_Y + i * step), TIP_SIZE,
                        theme.TEXT)
    return box
