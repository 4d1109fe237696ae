"""Where things sit on the Railway Tricks screen (logical 1920x1080).

Left, top to bottom: the trick lane, the five company lines, the trick on
the table, the viewer's hand. Right: the players with their shares, the last
trick, the log.
"""

from __future__ import annotations

import pygame

LEFT_X, LEFT_R = 10, 1430

# The trick lane: the leftmost entry is what the next trick wins.
LANE_Y = 66
LANE_LABEL_W = 180
LANE_CARD = (70, 96)
LANE_STEP = 80

# The company lines: a head (name, locomotive, value) then the cards.
LINES_Y = 172
LINE_ROW = 106
HEAD_W = 232
LINE_CARD = (70, 96)
LINE_X = LEFT_X + HEAD_W + 6 + LINE_CARD[0] + 10   # the left end's slot sits before it
LINE_STEP = 78

# The trick on the table and the hand.
TRICK_Y = 708
TRICK_H = 212
BANNER_Y = TRICK_Y + 193  # the middle of the winner's banner, under the trick
TRICK_CARD = (92, 128)
TRICK_STEP = 150
HAND_Y = 928
HAND_CARD = (96, 140)
HAND_X = 190
HAND_STEP = 104
DEAL_FROM = (LEFT_X + 120, TRICK_Y + 110)

# The right panel.
PANEL_X, PANEL_W = 1444, 466
PLAYER_ROW = 84
PLAYERS_RECT = pygame.Rect(PANEL_X, 104, PANEL_W, 5 * PLAYER_ROW)
LAST_TRICK_Y = 560
LOG_RECT = pygame.Rect(PANEL_X, 792, PANEL_W, 1080 - 792 - 8)
LAST_CARD = (64, 90)
LIST_BUTTON = pygame.Rect(LEFT_X + 12, TRICK_Y + 150, 250, 54)
# the table's button (the Hint): where the list button is, left of the hand (a
# playable card rises to its height); beside the list button while that shows
BUTTON_RECT = pygame.Rect(LIST_BUTTON.x, LIST_BUTTON.y, HAND_X - LIST_BUTTON.x - 8, 54)
BUTTON_BESIDE_LIST = pygame.Rect(LIST_BUTTON.right + 12, LIST_BUTTON.y, 230, 54)


def lane_rect(i: int) -> pygame.Rect:
    return pygame.Rect(LEFT_X + LANE_LABEL_W + i * LANE_STEP, LANE_Y + 4, *LANE_CARD)


def line_row_rect(row: int) -> pygame.Rect:
    return pygame.Rect(LEFT_X, LINES_Y + row * LINE_ROW, LEFT_R - LEFT_X, LINE_ROW - 8)


def head_rect(row: int) -> pygame.Rect:
    r = line_row_rect(row)
    return pygame.Rect(r.x, r.y, HEAD_W, r.height)


def line_step(count: int) -> int:
    """The distance between cards of a line of `count` (overlapping when long);
    one more slot is kept free for the right end."""
    room = LEFT_R - 8 - LINE_X - LINE_CARD[0]
    return min(LINE_STEP, room // max(1, count))


def line_card_rect(row: int, index: int, count: int) -> pygame.Rect:
    r = line_row_rect(row)
    x = LINE_X + index * line_step(count)
    return pygame.Rect(x, r.y + (r.height - LINE_CARD[1]) // 2, *LINE_CARD)


def end_rect(row: int, end: str, count: int) -> pygame.Rect:
    """The free slot at one end of a line: where a laid card would go."""
    r = line_row_rect(row)
    y = r.y + (r.height - LINE_CARD[1]) // 2
    if end == "left":
        return pygame.Rect(LINE_X - LINE_CARD[0] - 8, y, *LINE_CARD)
    return pygame.Rect(LINE_X + count * line_step(count), y, *LINE_CARD)


def trick_rect(slot: int, players: int) -> pygame.Rect:
    width = (players - 1) * TRICK_STEP + TRICK_CARD[0]
    left = (LEFT_X + 300 + LEFT_R - 150) // 2 - width // 2
    return pygame.Rect(left + slot * TRICK_STEP, TRICK_Y + 40, *TRICK_CARD)


def hand_step(count: int) -> int:
    room = LEFT_R - HAND_X - HAND_CARD[0]
    return min(HAND_STEP, room // max(1, count - 1))


def hand_rect(index: int, count: int) -> pygame.Rect:
    return pygame.Rect(HAND_X + index * hand_step(count), HAND_Y, *HAND_CARD)


def player_rect(seat: int) -> pygame.Rect:
    return pygame.Rect(PLAYERS_RECT.x, PLAYERS_RECT.y + seat * PLAYER_ROW, PLAYERS_RECT.width,
                       PLAYER_ROW - 6)


# Beside the trick: a won city or locomotive waits there for its place.
RESOLVE_RECT = pygame.Rect(LEFT_R - 130, TRICK_Y + 40, *TRICK_CARD)
REMOVED_SPOT = (LEFT_X + 140, TRICK_Y + 100)


def loco_rect(row: int) -> pygame.Rect:
    """The locomotive's place at the head of its line."""
    head = head_rect(row)
    return pygame.Rect(head.x + 70, head.y + 4, 64, head.height - 8)
