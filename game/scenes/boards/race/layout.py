"""Where things sit on the race game's screen (logical 1920x1080).

The world map sits inside a frame that is the time track (day 0 at the top
left, clockwise); under it the action track and the viewer's hand; on the
right the piles, the buttons, the players and the log.
"""

from __future__ import annotations

from functools import cache

import pygame

from game.words.i18n import N_

FRAME = pygame.Rect(8, 62, 1424, 694)
RING = 40                                   # the time track's thickness
MAP_RECT = FRAME.inflate(-2 * RING, -2 * RING)
TRACK_CELLS = 82                            # days 0..80 and one "81+" cell
TOP_CELLS, SIDE_CELLS = 29, 12              # per side: 2 * (29 + 12) = 82

# The action track, left of the hand, under the map.
SLOT_W, SLOT_GAP = 126, 6
SLOT_Y = 766
SLOT_HEAD_H = 46
CARD_W, CARD_H = 100, 140
TRACK_X = 8

HAND_X, HAND_Y = 816, 766
HAND_W = FRAME.right - HAND_X
HAND_CARD_W, HAND_CARD_H = 78, 110
EVENT_W, EVENT_H = 148, 50

PANEL_X, PANEL_W = 1444, 466
PILE_Y = 70
DECK_RECT = pygame.Rect(PANEL_X, PILE_Y, 90, 126)
EVENT_DECK_RECT = pygame.Rect(PANEL_X + 104, PILE_Y, 90, 126)
PILE_INFO_X = PANEL_X + 214
BUTTON_Y, BUTTON_W, BUTTON_H = 236, 226, 56
PLAYERS_Y, PLAYER_ROW = 480, 52
PLAYERS_RECT = pygame.Rect(PANEL_X, PLAYERS_Y, PANEL_W, 6 * PLAYER_ROW)
LOG_Y = 800
LOG_RECT = pygame.Rect(PANEL_X, LOG_Y, PANEL_W, 1080 - LOG_Y - 8)
BANK_POS = (PILE_INFO_X + 20, PILE_Y + 106)

# The die rolls over the empty Pacific, in the middle of the board.
DIE_CENTER = (830, 520)
DIE_SIZE = 150

# Each city's plate (its name and bonus chips), placed in open sea or desert
# beside the city and joined to it by a line, and the side of the plate its
# pawns stand on: Europe's cities are too close for anything to sit on them.
PLATES: dict[str, tuple[int, int, str]] = {
    "London": (160, 166, "below"),
    "Paris": (112, 338, "below"),
    "Brindisi": (306, 292, "above"),
    "Suez": (206, 432, "below"),
    "Bombay": (420, 522, "below"),
    "Calcutta": (470, 360, "above"),
    "Hong Kong": (646, 472, "below"),
    "Yokohama": (690, 298, "above"),
    "San Francisco": (1000, 404, "below"),
    "New York": (1270, 382, "below"),
}
PLATE_H = 36
CHIP_R = 14
PAWNS_PER_ROW = 3
PAWN_STEP = 32


def pawn_spot(plate: pygame.Rect, side: str, k: int, count: int) -> tuple[int, int]:
    """Where the k-th of `count` pawns at a city stands, in rows of three by its plate."""
    row, col = divmod(k, PAWNS_PER_ROW)
    in_row = min(PAWNS_PER_ROW, count - row * PAWNS_PER_ROW)
    x = plate.centerx + (col - (in_row - 1) / 2) * PAWN_STEP
    step = 18 + row * PAWN_STEP
    return (round(x), plate.top - step if side == "above" else plate.bottom + step)


def slot_rect(slot: int) -> pygame.Rect:
    """A whole action-track slot: its action heading and its card under it."""
    return pygame.Rect(TRACK_X + slot * (SLOT_W + SLOT_GAP), SLOT_Y, SLOT_W, 1072 - SLOT_Y)


def slot_card_rect(slot: int) -> pygame.Rect:
    rect = pygame.Rect(0, 0, CARD_W, CARD_H)
    area = slot_rect(slot)
    rect.midtop = (area.centerx, area.y + SLOT_HEAD_H + 12)
    return rect


def hand_card_rect(i: int, count: int) -> pygame.Rect:
    step = min(HAND_CARD_W + 10, (HAND_W - HAND_CARD_W) // max(1, count - 1)) if count > 1 else 0
    return pygame.Rect(HAND_X + i * step, HAND_Y + 40, HAND_CARD_W, HAND_CARD_H)


def event_card_rect(i: int) -> pygame.Rect:
    per_row = HAND_W // (EVENT_W + 8)
    row, col = divmod(i, per_row)
    return pygame.Rect(HAND_X + col * (EVENT_W + 8), HAND_Y + 162 + row * (EVENT_H + 8),
                       EVENT_W, EVENT_H)


def button_rect(index: int) -> pygame.Rect:
    row, col = divmod(index, 2)
    return pygame.Rect(PANEL_X + col * (BUTTON_W + 14), BUTTON_Y + row * (BUTTON_H + 10),
                       BUTTON_W, BUTTON_H)


@cache
def day_cell(day: int) -> pygame.Rect:
    """The time track's cell for `day` (clamped to the last, "81+", cell)."""
    i = max(0, min(TRACK_CELLS - 1, day))
    w = FRAME.width / TOP_CELLS
    h = MAP_RECT.height / SIDE_CELLS
    if i < TOP_CELLS:
        return _rect(FRAME.x + i * w, FRAME.y, w, RING)
    i -= TOP_CELLS
    if i < SIDE_CELLS:
        return _rect(MAP_RECT.right, MAP_RECT.y + i * h, RING, h)
    i -= SIDE_CELLS
    if i < TOP_CELLS:
        return _rect(FRAME.right - (i + 1) * w, MAP_RECT.bottom, w, RING)
    i -= TOP_CELLS
    return _rect(FRAME.x, MAP_RECT.bottom - (i + 1) * h, RING, h)


def inward(day: int) -> tuple[int, int]:
    """The direction from the day's cell into the map (markers stack that way)."""
    i = max(0, min(TRACK_CELLS - 1, day))
    if i < TOP_CELLS:
        return (0, 1)
    if i < TOP_CELLS + SIDE_CELLS:
        return (-1, 0)
    if i < 2 * TOP_CELLS + SIDE_CELLS:
        return (0, -1)
    return (1, 0)


def _rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    left, top = round(x), round(y)
    return pygame.Rect(left, top, round(x + w) - left, round(y + h) - top)

# Each leg's card badge sits on the middle of its lane; short or crowded legs
# have it beside (an offset, by the leg's first city), joined by a thin line.
BADGES: dict[str, tuple[int, int]] = {
    "London": (-74, 0),
    "Paris": (30, -60),
    "Brindisi": (40, -10),
    "Bombay": (10, 48),
    "Hong Kong": (84, 40),
}
# English words, marked for the catalogs; the screens translate them as they draw.
ACTION_HINTS = {"coin": N_("take a coin from the bank"),
                "balloon": N_("one card of your move becomes a die roll"),
                "event": N_("draw the top event card"),
                "detective": N_("move the detective to any city"),
                "start_player": N_("you start the next round"),
                "exchange": N_("swap 1-3 travel cards for new ones")}


def marker_spot(day: int, k: int) -> tuple[int, int]:
    """The k-th time marker on one day: the first in its cell, the rest stacked
    from it into the map (kept off the frame's other side at the corners)."""
    cell = day_cell(day)
    ix, iy = inward(day)
    if k == 0:
        return (cell.centerx + ix * 6, cell.centery + iy * 6)
    x = cell.centerx + ix * (10 + 26 * k)
    y = cell.centery + iy * (10 + 26 * k)
    inner = MAP_RECT.inflate(-30, -30)
    return (min(max(x, inner.x), inner.right), min(max(y, inner.y), inner.bottom))
