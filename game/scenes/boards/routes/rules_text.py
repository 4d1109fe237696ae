"""The route games' rules in short, in the project's own words, with pictures
drawn by the same helpers as the board (cards, free spaces, cars)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import route_drawing as rd
from game.ui import theme
from game.ui.route_geometry import Space
from game.ui.widgets import draw_card

Picture = Callable[[pygame.Surface, pygame.Rect], None] | None


def _cards(cards: list[str]) -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        for i, card in enumerate(cards):
            draw_card(surface, pygame.Rect(rect.x + i * 78, rect.y + 10, 70, 100), card)
    return draw


def _route(owner: tuple[int, int, int] | None, color: str, waves: int = 0) -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        for i in range(4):
            x, y = rect.x + 20 + i * 62, rect.y + 50
            corners = [(x, y), (x + 56, y), (x + 56, y + 26), (x, y + 26)]
            space = Space((x + 28, y + 13), corners, 0.0, i < waves)
            rd.draw_free_space(surface, space, theme.CARD_COLORS[color])
            if owner is not None and i < 3:
                rd.draw_car(surface, space, owner)
        label = "claimed: solid cars" if owner else "free: empty spaces"
        theme.blit_text(surface, label, (rect.x + 290, rect.y + 63), 26, theme.TEXT,
                        anchor="midleft")
    return draw


def rules(game_id: str, ferries: bool, regions: bool, longest: bool
          ) -> list[tuple[str, str, Picture]]:
    sections: list[tuple[str, str, Picture]] = [
        ("The goal", "Claim railway routes between cities and join the cities on your secret "
         "destination tickets. Routes score as you claim them; at the end every completed "
         "ticket adds its points and every failed one takes them away.", None),
        ("Your turn: one of three things", "Draw two train cards, or claim one route, or "
         "draw new destination tickets. A face-up locomotive taken as your first card is "
         "your whole draw.", _cards(["red", "blue", "locomotive"])),
        ("Claiming a route", "Pay as many cards of the route's colour as it has spaces "
         "(any one colour for a gray route); locomotives count as any colour. Your train "
         "cars fill the route.", _route(theme.PLAYER_COLORS["blue"], "red")),
        ("Free or taken", "A free route shows empty spaces in its colour; a taken one shows "
         "its owner's solid cars. On a double route one player may not take both sides; "
         "with two or three players only one side of it is used.", _route(None, "red")),
        ("Tickets", "Keep at least the number asked when you draw tickets; the others go "
         "under the pile. Hover or focus a ticket to see its cities and what you built; "
         "the list says how many spaces you still need.", None),
        ("The end", "When a player has two trains or fewer left, everyone plays one last "
         "turn. Then tickets are counted.", None),
    ]
    if longest:
        sections.append(("Longest route", "The longest unbroken line of your own cars earns "
                         "a bonus of 10 points.", None))
    if ferries:
        sections.append(("Ferries", "Gray routes with waves are ferries: each wave space "
                         "needs a locomotive or a ferry card. Ferry cards come from their own "
                         "pile; you may hold at most two.", _cards(["ferry", "locomotive"])))
    if regions:
        sections.append(("Regions", "At the end each of your separate networks scores by "
                         "how many regions it reaches (a city counts for its region; the "
                         "key on the board shows them). Regions marked x2 count twice when "
                         "your network holds all of their cities.", None))
    return sections
