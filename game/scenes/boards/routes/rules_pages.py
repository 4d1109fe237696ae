"""The route games' rules, page by page, in the project's own words.

The numbers come from the game's rules table and board (trains, tickets,
route points, ferries, the region table), and the pictures are drawn by
the board's own helpers: train cards, free spaces, claimed cars.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.narration.routes import card_word
from game.rules.routes import load_board
from game.rules.routes.board import Board
from game.rules.routes.engine import RULES
from game.rules.routes.geometry import Space
from game.scenes.rules_book import Picture, RulesPage
from game.tables.seats import SEAT_COLORS, SEAT_RGB
from game.ui import route_drawing as rd
from game.ui import theme
from game.ui.widgets import draw_card
from game.words.i18n import N_, _, listed, ngettext
from game.words.places import pair, place

CARD_W, CARD_H = 96, 136
SPACE_W, SPACE_H = 62, 30
LABEL = 28


def _label(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int,
           color: tuple[int, int, int] = theme.TEXT, anchor: str = "topleft") -> None:
    theme.blit_text(surface, theme.fit_text(_(text), LABEL, width), pos, LABEL, color,
                    anchor=anchor)


def _cards(rows: list[tuple[str, list[str]]]) -> Picture:
    """Rows of train cards, each with a caption above it."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = rect.y
        for caption, cards in rows:
            _label(surface, caption, (rect.x, y), rect.width, theme.TEXT_DIM)
            for i, card in enumerate(cards):
                draw_card(surface, pygame.Rect(rect.x + i * (CARD_W + 14), y + 38, CARD_W,
                                               CARD_H), card)
            y += CARD_H + 70
    return draw


def _spaces(x: int, y: int, n: int, waves: int = 0) -> list[Space]:
    out = []
    for i in range(n):
        left = x + i * (SPACE_W + 6)
        corners = [(left, y), (left + SPACE_W, y), (left + SPACE_W, y + SPACE_H),
                   (left, y + SPACE_H)]
        out.append(Space((left + SPACE_W / 2, y + SPACE_H / 2), corners, 0.0, i < waves))
    return out


def _route(surface: pygame.Surface, x: int, y: int, n: int, color: str,
           owner: str | None = None, waves: int = 0) -> None:
    """A route as the board draws it: free slots, or (`owner`: a seat colour) the
    owner's train with the seat number the board shows for that colour."""
    spaces = _spaces(x, y, n, waves)
    for space in spaces:
        rd.draw_free_space(surface, space, theme.CARD_COLORS[color])
        if space.wave:
            rd._wave_mark(surface, space)
    if owner is not None:
        rd.draw_train(surface, spaces, SEAT_RGB[owner], SEAT_COLORS.index(owner),
                      SPACE_H / rd.SPACE_WIDTH)


def _routes(rows: list[tuple[str, int, str, str | None, int]]) -> Picture:
    """Routes with captions: (caption, spaces, colour, owner seat colour or None, waves)."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = rect.y
        for caption, n, color, owner, waves in rows:
            _label(surface, caption, (rect.x, y), rect.width, theme.TEXT_DIM)
            _route(surface, rect.x + 10, y + 44, n, color, owner, waves)
            y += 120
    return draw


def _claim_picture() -> Picture:
    """A free red route of three, a payment for it, and the route claimed."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _label(surface, _("a free red route of 3 spaces"), (rect.x, rect.y), rect.width,
               theme.TEXT_DIM)
        _route(surface, rect.x + 10, rect.y + 44, 3, "red")
        _label(surface, _("pay 3 red cards, or 2 red and a locomotive"), (rect.x, rect.y + 110),
               rect.width, theme.TEXT_DIM)
        for i, card in enumerate(("red", "red", "locomotive")):
            draw_card(surface, pygame.Rect(rect.x + 10 + i * (CARD_W + 14), rect.y + 150,
                                           CARD_W, CARD_H), card)
        _label(surface, _("the route is yours: your cars fill it"), (rect.x, rect.y + 320),
               rect.width, theme.TEXT_DIM)
        _route(surface, rect.x + 10, rect.y + 364, 3, "red", "blue")
    return draw


def _points_table(points: dict[int, int]) -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _label(surface, _("spaces"), (rect.x, rect.y), 200, theme.TEXT_DIM)
        _label(surface, _("points"), (rect.right - 10, rect.y), 200, theme.TEXT_DIM, "topright")
        step = min(80, (rect.height - 50) // max(1, len(points)))
        for k, (length, value) in enumerate(sorted(points.items())):
            y = rect.y + 50 + k * step
            _route(surface, rect.x + 10, y, length, "gray")
            theme.blit_text(surface, str(value), (rect.right - 10, y + SPACE_H // 2), 40,
                            theme.ACCENT, True, "midright")
    return draw


def _ticket(a: str, b: str, points: int, done: bool | None = None) -> Picture:
    """A destination ticket as the ticket list shows it, and the two cities."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        card = pygame.Rect(rect.x + 20, rect.y + 20, rect.width - 40, 150)
        pygame.draw.rect(surface, (236, 226, 196), card, border_radius=12)
        pygame.draw.rect(surface, (120, 96, 60), card, 3, border_radius=12)
        ink = (50, 40, 30)
        title = theme.fit_text(pair(a, b), 36, card.width - 120, True)
        theme.blit_text(surface, title,
                        (card.x + 20, card.y + 24), 36, ink, True)
        theme.blit_text(surface, str(points), (card.right - 24, card.y + 24), 48, ink, True,
                        "topright")
        left, right = (card.x + 60, card.y + 110), (card.right - 60, card.y + 110)
        pygame.draw.line(surface, ink, left, right, 3)
        for spot in (left, right):
            pygame.draw.circle(surface, theme.CITY_EDGE, spot, 14)
            pygame.draw.circle(surface, theme.CITY, spot, 10)
        y = card.bottom + 40
        _label(surface, _("joined by your own cars: +{points}").format(
                            points=points), (rect.x + 20, y), rect.width - 40,
               theme.GOOD)
        _label(surface, _("not joined at the end: -{points}").format(
                            points=points), (rect.x + 20, y + 44),
               rect.width - 40, theme.ERROR)
        _route(surface, rect.x + 20, y + 120, 3, "blue", "blue")
        _route(surface, rect.x + 20 + 3 * (SPACE_W + 6) + 20, y + 120, 2, "red", "blue")
    return draw


def _last_turn(trains: int, end: int) -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _label(surface, _("{trains} trains at the start").format(
                            trains=trains), (rect.x, rect.y), rect.width,
               theme.TEXT_DIM)
        _route(surface, rect.x + 10, rect.y + 44, 6, "green", "red")
        _label(surface, _("{end} or fewer left: one last turn each").format(
                            end=end), (rect.x, rect.y + 120),
               rect.width, theme.TEXT_DIM)
        _route(surface, rect.x + 10, rect.y + 164, end, "green", "red")
    return draw


def _screen_help(a: str, b: str, length: int, color: str, points: int) -> Picture:
    """A real route of the board with the tooltip the board shows for it."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _route(surface, rect.x + 20, rect.y + 90, length, color)
        spaces = ngettext("{count} {color} space", "{count} {color} spaces", length).format(
            count=length, color=card_word(color))
        words = ngettext("{a} - {b}: {spaces}, {points} point.",
                         "{a} - {b}: {spaces}, {points} points.", points).format(
            a=place(a), b=place(b), spaces=spaces, points=points)
        tip = theme.fit_text(words, 28, rect.width - 40)
        img = theme.text(tip, 28, theme.TEXT)
        box = img.get_rect(topleft=(rect.x + 10, rect.y + 20)).inflate(16, 10)
        pygame.draw.rect(surface, (16, 18, 26), box, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=6)
        surface.blit(img, img.get_rect(center=box.center))
        draw_card(surface, pygame.Rect(rect.x + 20, rect.y + 180, CARD_W, CARD_H), color,
                  count=length - 1)
        draw_card(surface, pygame.Rect(rect.x + 130, rect.y + 180, CARD_W, CARD_H),
                  "locomotive", count=1)
    return draw


def pages(game_id: str, options: dict[str, Any]) -> list[RulesPage]:
    """Every page of the rules of one route game (boards differ in numbers and extras)."""
    rules = RULES[game_id]
    board = load_board(rules.board)
    points = dict(board.route_points)
    longest = max(points)
    sample = next((t for t in board.tracks if t.length == 4 and t.color != "gray"
                   and not t.ferries), board.tracks[0])
    ticket = max(board.tickets, key=lambda t: (t.points <= 9, t.points))
    out = [
        RulesPage(_("The goal"), (
            _("Claim railway routes between cities with sets of train cards, and join the "
              "cities on your secret destination tickets with your own cars."),
            _("A route scores as soon as you claim it. At the end every ticket whose two "
              "cities your cars join adds its points, and every ticket left unjoined takes "
              "its points away. The most points wins."),
        ), _routes([(N_("a free blue route"), 4, "blue", None, 0),
                    (N_("the same route, claimed by the red player"), 4, "blue", "red", 0)])),
        RulesPage(_("Your turn: one of four things") if rules.ferry_cards
                  else _("Your turn: one of three things"), (
            _("On your turn you do exactly one of these:"),
            _("1. Draw two train cards (from the five face-up cards or the deck)."),
            _("2. Claim one route by paying its cards."),
            _("3. Draw {draw_tickets} destination tickets and keep at least {draw_keep}; the "
              "others go under the ticket pile.").format(
                draw_tickets=rules.draw_tickets,
                draw_keep=rules.draw_keep),
            *([_("4. Draw one ferry card from the ferry pile (you may hold at most "
                 "{ferry_hold_limit}).").format(ferry_hold_limit=rules.ferry_hold_limit)]
              if rules.ferry_cards else []),
            _("Only when none of these is possible may you pass."),
        ), _cards([(N_("train cards in eight colours"), ["red", "blue", "green", "yellow"]),
                   (N_("and locomotives, which are any colour"), ["locomotive"])])),
        RulesPage(_("Drawing train cards"), (
            _("Take two cards, one at a time: a face-up card (it is replaced at once from "
              "the deck) or the deck's top card. You start with {hand_size} cards.").format(
                hand_size=rules.hand_size),
            _("A face-up locomotive counts twice: taken as your first card it is your whole "
              "draw, and it may not be your second card. A locomotive from the deck is an "
              "ordinary draw."),
            _("Whenever {locomotive_reset} locomotives lie face up, all five face-up cards "
              "are discarded and five new ones are laid.").format(
                locomotive_reset=rules.locomotive_reset),
        ), _cards([(N_("face up: take one, then another"), ["orange", "locomotive", "black"]),
                   (N_("a face-up locomotive: your whole draw"), ["locomotive"])])),
        RulesPage(_("Claiming a route"), (
            _("Pay as many cards as the route has spaces, all of the route's colour. A gray "
              "route takes any one colour. Locomotives stand in for any colour."),
            _("Your cars then fill the route and its points go straight onto your score. You "
              "have {trains} cars for the whole game, and a route needs as many as it has "
              "spaces.").format(
                trains=rules.trains),
        ), _claim_picture()),
        RulesPage(_("Points for a route"), (
            _("Long routes pay far more than short ones: the table on the right gives the "
              "points by length. A route of {longest} spaces pays {points}.").format(
                longest=longest,
                points=points[longest]),
            _("Claiming long routes also uses your cars faster, which brings the end closer."),
        ), _points_table(points)),
        RulesPage(_("Double routes"), (
            _("Some cities are joined by two routes side by side (on some boards three). One "
              "player may never claim two of them."),
            _("With fewer than {all_parallel_from} players only one of them can be used: "
              "once one is claimed, the others stay empty for the rest of the game.").format(
                all_parallel_from=rules.all_parallel_from),
        ), _routes([(N_("one side claimed (blue player)"), 3, "green", "blue", 0),
                    (N_("the other side: free for another player"), 3, "pink", None, 0)])),
        RulesPage(_("Destination tickets"), (
            _("At the start you are offered {initial_tickets} tickets and keep at least "
              "{initial_keep}. On a later turn you may draw {draw_tickets} more instead; then "
              "you must keep at least {draw_keep} of them.").format(
                initial_tickets=rules.initial_tickets,
                initial_keep=rules.initial_keep,
                draw_tickets=rules.draw_tickets,
                draw_keep=rules.draw_keep),
            _("A ticket is done when a line of your own routes joins its two cities, by any "
              "way round. Nobody else sees your tickets until the end."),
            _("On screen, hover or focus a ticket in your list to light its cities and what "
              "you have built; the list says how many spaces you still need."),
        ), _ticket(ticket.a, ticket.b, ticket.points)),
        RulesPage(_("The end of the game"), (
            _("When a player has {end_trains} cars or fewer left after their turn, every "
              "player, that one included, plays one last turn. Then the game ends.").format(
                end_trains=rules.end_trains),
            _("Tickets are revealed and counted: joined ones add, unjoined ones subtract."),
            *([_("The longest unbroken line of one player's cars earns a bonus of "
                 "{longest_bonus} points (each route counts once along it).").format(
                   longest_bonus=rules.longest_bonus)]
              if rules.longest_bonus else []),
            # the engine's ranking: points, then tickets done, then the bonus
            _("The most points wins. A tie goes to the player with more tickets done, then "
              "the longest-route bonus decides it; players still level share the win.")
            if rules.longest_bonus else
            _("The most points wins. A tie goes to the player with more tickets done; players "
              "still level share the win."),
        ), _last_turn(rules.trains, rules.end_trains)),
    ]
    if rules.ferry_cards:
        out.append(RulesPage(_("Ferries"), (
            _("Gray routes with waves are ferries. Each wave space needs a locomotive, or a "
              "ferry card for every two wave spaces; the other spaces are paid as usual."),
            _("Ferry cards come from their own pile of {ferry_cards}: drawing one is your "
              "whole turn, and you may hold at most {ferry_hold_limit}. Spent ferry cards go "
              "back to that pile.").format(
                ferry_cards=rules.ferry_cards,
                ferry_hold_limit=rules.ferry_hold_limit),
        ), _routes([(N_("a ferry with two wave spaces"), 3, "gray", None, 2),
                    (N_("claimed"), 3, "gray", "yellow", 2)])))
    areas = [name for name in board.cities if board.is_dead_end(name)]
    if areas:
        out.append(_countries_page(board, areas))
    if rules.region_table:
        low, high = rules.region_table[0], rules.region_table[-1]
        out.append(RulesPage(_("Regions"), (
            _("This board has no longest-route bonus. Instead, at the end each separate "
              "network of your routes scores by how many regions its cities reach; the key "
              "on the board names the regions."),
            _("A network reaching {low0} regions scores {low1}; the points grow with every "
              "region, up to {high1} for {high0} or more. Regions marked x2 count twice when "
              "your network holds all of their cities.").format(
                low0=low[0],
                low1=low[1],
                high1=high[1],
                high0=high[0]),
        ), _region_table(rules.region_table)))
    out.append(RulesPage(_("On the screen"), (
        _("Click a face-up card or the deck to draw, a route on the map to claim it (you "
          "choose how to pay), or the ticket pile to draw tickets. The keyboard's arrows and "
          "a controller move the focus; Enter or A chooses."),
        _("Hover or focus a route to see its cities, length, colour and points. The "
          "colour-blind setting puts a letter on every card and space."),
    ), _screen_help(sample.a, sample.b, sample.length, sample.color,
                    points[sample.length])))
    return out


def _region_table(table: tuple[tuple[int, int], ...]) -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _label(surface, _("regions"), (rect.x, rect.y), 200, theme.TEXT_DIM)
        _label(surface, _("points"), (rect.x + 260, rect.y), 200, theme.TEXT_DIM)
        step = min(48, (rect.height - 50) // max(1, len(table)))
        for k, (regions, value) in enumerate(table):
            y = rect.y + 50 + k * step
            theme.blit_text(surface, f"{regions}+" if k == len(table) - 1 else str(regions),
                            (rect.x + 20, y), 34, theme.TEXT, True)
            theme.blit_text(surface, str(value), (rect.x + 280, y), 34, theme.ACCENT, True)
    return draw


def _countries_page(board: Board, areas: list[str]) -> RulesPage:
    """The neighbouring countries: areas where routes end (the board's dead ends)."""
    area = max(areas, key=lambda a: sum(1 for t in board.tracks if a in (t.a, t.b)))
    cities = [t.a if t.b == area else t.b for t in board.tracks if area in (t.a, t.b)]
    return RulesPage(_("Neighbouring countries"), (
        _("{areas} are neighbouring countries, not cities. A route into a country ends "
          "there: two routes into the same country never join each other, so no line runs "
          "through it.").format(areas=listed([place(a) for a in areas])),
        _("A ticket to a country is done when one of your networks reaches it by any one of "
          "its routes. A country is in no region: reaching it adds no region to a network."),
    ), _dead_end_picture(area, cities[:2]))


def _dead_end_picture(area: str, cities: list[str]) -> Picture:
    """Two claimed routes from two cities into one country, which stay apart."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _label(surface, _("two routes into {area} do not join").format(area=place(area)),
               (rect.x, rect.y), rect.width, theme.TEXT_DIM)
        box = pygame.Rect(rect.right - 240, rect.y + 60, 220, 320)
        pygame.draw.rect(surface, (58, 66, 84), box, border_radius=24)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 3, border_radius=24)
        theme.blit_text(surface, theme.fit_text(place(area), 34, box.width - 24, True),
                        box.center, 34, theme.TEXT, True, "center")
        for k, (city, color) in enumerate(zip(cities, ("green", "white"), strict=False)):
            y = box.y + 50 + k * 190
            right = box.x - 6
            left = right - 3 * (SPACE_W + 6)
            _route(surface, left, y, 3, color, "red")
            spot = (left - 24, y + SPACE_H // 2)
            pygame.draw.circle(surface, theme.CITY_EDGE, spot, 14)
            pygame.draw.circle(surface, theme.CITY, spot, 10)
            theme.blit_text(surface, theme.fit_text(place(city), LABEL, spot[0] - rect.x - 30),
                            (spot[0] - 24, spot[1]), LABEL, theme.TEXT, anchor="midright")
        _label(surface, _("a ticket to it: any one of its routes"), (rect.x, box.bottom + 30),
               rect.width, theme.GOOD)
    return draw
