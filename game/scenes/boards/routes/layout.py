"""Where things sit on the route games' screen (logical 1920x1080)."""

from __future__ import annotations

import pygame

BOARD_RECT = (10, 62, 1420, 896)
# A portrait board (Italy) takes the full height; the hand becomes a column
# in the space its narrow map leaves on the left.
HAND_COLUMN_W = 200
PORTRAIT_BOARD_RECT = (10 + HAND_COLUMN_W + 10, 62, 1420 - HAND_COLUMN_W - 10, 1008)
PANEL_X, PANEL_W = 1444, 466
CARD_W, CARD_H = 82, 112
FACE_UP_Y = 96
PILES_Y = 242
PLAYERS_Y = 428
PLAYER_ROW = 50
TICKETS_Y = 690
TICKET_ROW = 27
LOG_Y = 902
HAND_Y, HAND_H = 966, 106
FERRY = "ferry"


def face_up_rect(slot: int) -> pygame.Rect:
    return pygame.Rect(PANEL_X + slot * (CARD_W + 10), FACE_UP_Y, CARD_W, CARD_H)


DECK_RECT = pygame.Rect(PANEL_X, PILES_Y, CARD_W, CARD_H)
TICKET_PILE_RECT = pygame.Rect(PANEL_X + CARD_W + 10, PILES_Y, CARD_W, CARD_H)
FERRY_PILE_RECT = pygame.Rect(PANEL_X + 2 * (CARD_W + 10), PILES_Y, CARD_W, CARD_H)
DISCARD_POS = (PANEL_X + 3 * (CARD_W + 10) + 10, PILES_Y + 20)
PLAYERS_RECT = pygame.Rect(PANEL_X, PLAYERS_Y, PANEL_W, 5 * PLAYER_ROW)
LOG_RECT = pygame.Rect(PANEL_X, LOG_Y, PANEL_W, 1080 - LOG_Y - 8)
# A spectator has no tickets: the log takes their room too.
SPECTATOR_LOG_RECT = pygame.Rect(PANEL_X, TICKETS_Y + 48, PANEL_W, 1080 - TICKETS_Y - 56)
# Action buttons (Pass) beside the discard count, over the players.
BUTTON_RECT = pygame.Rect(PANEL_X + 3 * (CARD_W + 10) + 10, PILES_Y + 56, 170, 56)


TICKET_ROWS = (LOG_Y - TICKETS_Y - 40) // TICKET_ROW  # the rest scroll
TICKETS_RECT = pygame.Rect(PANEL_X, TICKETS_Y, PANEL_W, LOG_Y - TICKETS_Y - 8)


def ticket_rect(slot: int) -> pygame.Rect:
    """The row of the `slot`-th ticket shown (after scrolling)."""
    return pygame.Rect(PANEL_X, TICKETS_Y + 30 + slot * TICKET_ROW, PANEL_W, TICKET_ROW - 2)
