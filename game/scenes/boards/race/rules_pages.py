"""Eighty Days' rules, page by page, in the project's own words.

Every number comes from the race's data file (the route, the legs, the
action track, cards laid, the limits and prices) and every picture is drawn
by the board's own pieces: travel and event cards, chips, coins, pawns, the
detective and the die.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.narration.race import CHIP_WORDS, event_name
from game.rules.race.data import load_race
from game.scenes.boards.race import dice, pieces
from game.scenes.boards.race import layout as L
from game.scenes.boards.race.board_layer import draw_slot_head
from game.scenes.rules_book import Picture, RulesPage
from game.tables.seats import SEAT_RGB
from game.ui import theme
from game.ui.widgets import panel
from game.words.i18n import N_, _, listed, ngettext
from game.words.places import place

LABEL = 26
CARD = (100, 140)
LAND = (206, 192, 150)  # the map's land, as the board draws it


def _label(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int,
           color: tuple[int, int, int] = theme.TEXT_DIM, anchor: str = "topleft") -> None:
    theme.blit_text(surface, theme.fit_text(_(text), LABEL, width), pos, LABEL, color,
                    anchor=anchor)


def _travel(rows: list[tuple[str, list[tuple[str, int]], str]]) -> Picture:
    """Rows of travel cards: (caption, cards, what they cost)."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = rect.y
        for caption, cards, days in rows:
            _label(surface, caption, (rect.x, y), rect.width)
            x = rect.x + 8
            for kind, value in cards:
                surface.blit(pieces.travel_card(kind, value, *CARD), (x, y + 40))
                x += CARD[0] + 14
            theme.blit_text(surface, _(days), (x + 10, y + 40 + CARD[1] // 2), 40, theme.ACCENT,
                            True, "midleft")
            y += CARD[1] + 70
    return draw


def _track(actions: list[str], cards: list[tuple[str, int] | None]) -> Picture:
    """The action track as the board draws it: each slot's heading and its card."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        w = min(L.SLOT_W, (rect.width - 8) // 3 - 8)
        for i, action in enumerate(actions):
            row, col = divmod(i, 3)
            x, y = rect.x + 4 + col * (w + 8), rect.y + row * 250
            head = pygame.Rect(x, y, w, L.SLOT_HEAD_H)
            panel(surface, head, (52, 60, 80), theme.PANEL_EDGE, 8)
            draw_slot_head(surface, head, action)
            spot = pygame.Rect(0, 0, *CARD)
            spot.midtop = (head.centerx, head.bottom + 12)
            card = cards[i] if i < len(cards) else None
            if card is None:
                pygame.draw.rect(surface, (50, 58, 76), spot, 2, border_radius=8)
                theme.blit_text(surface, _("not in"), (spot.centerx, spot.centery - 14), 22,
                                theme.TEXT_DIM, anchor="center")
                theme.blit_text(surface, _("play"), (spot.centerx, spot.centery + 12), 22,
                                theme.TEXT_DIM, anchor="center")
            else:
                surface.blit(pieces.travel_card(card[0], card[1], *CARD), spot)
    return draw


def _pieces(items: list[tuple[pygame.Surface, str]], step: int = 110) -> Picture:
    """Pieces one under another, each with a line of words beside it."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        for i, (img, words) in enumerate(items):
            y = rect.y + i * step
            surface.blit(img, img.get_rect(center=(rect.x + 50, y + step // 2 - 10)))
            _label(surface, words, (rect.x + 110, y + step // 2 - 10), rect.width - 120,
                   theme.TEXT, "midleft")
    return draw


def _events(names: list[str], blue: bool = False) -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        w, h = (200, 60) if len(names) > 4 else (300, 90)
        per_row = max(1, rect.width // (w + 12))
        for i, name in enumerate(names):
            row, col = divmod(i, per_row)
            surface.blit(pieces.event_card(name, w, h), (rect.x + col * (w + 12),
                                                          rect.y + row * (h + 14)))
        if blue:
            y = rect.y + ((len(names) - 1) // per_row + 1) * (h + 14) + 20
            _label(surface, _("blue: played at once, for everyone"), (rect.x, y), rect.width)
    return draw


def _die(caption: str, coins: int = 2, elephant: bool = False) -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        center = (rect.centerx, rect.y + 140)
        dice.draw_still(surface, 4, center, 150, "", glow=1)
        _label(surface, caption, (rect.centerx, rect.y + 260), rect.width, theme.TEXT,
               "midtop")
        coin = pieces.coin(22)
        for i in range(coins):
            surface.blit(coin, coin.get_rect(center=(rect.centerx - 30 + i * 60, rect.y + 340)))
        _label(surface, _("a re-roll costs a coin"), (rect.centerx, rect.y + 380), rect.width,
               anchor="midtop")
        if elephant:
            surface.blit(pieces.event_card("Elephant", 220, 70), (rect.x + 40, rect.y + 460))
            theme.blit_text(surface, _("6 + die"), (rect.x + 280, rect.y + 495), 36, theme.ACCENT,
                            True, "midleft")
            return
        surface.blit(pieces.travel_card("ship", 7, *CARD), (rect.x + 40, rect.y + 440))
        theme.blit_text(surface, _("counts as the die"), (rect.x + 160, rect.y + 510), 36,
                        theme.ACCENT, True, "midleft")
    return draw


def _detective_picture(city: str, days: int) -> Picture:
    """The detective at a city on the map, and a traveller he catches there."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        land = pygame.Rect(rect.x, rect.y, rect.width, 300)
        pygame.draw.rect(surface, LAND, land, border_radius=16)
        spot = (land.x + 200, land.y + 190)
        pygame.draw.circle(surface, theme.CITY_EDGE, spot, 11)
        pygame.draw.circle(surface, theme.CITY, spot, 8)
        img = pieces.detective(140)
        surface.blit(img, img.get_rect(midbottom=(spot[0] - 6, spot[1] + 6)))
        pawn = pieces.pawn(SEAT_RGB["blue"], 2, 18)
        surface.blit(pawn, pawn.get_rect(center=(spot[0] + 70, spot[1] + 10)))
        name = place(city)               # the plate fits the name as drawn, in any language
        plate = pygame.Rect(0, 0, theme.text(name, 26, bold=True).get_width() + 20, 36)
        plate.midtop = (spot[0] + 40, spot[1] + 40)
        pygame.draw.rect(surface, (24, 28, 38), plate, border_radius=10)
        theme.blit_text(surface, name, plate.center, 26, (255, 255, 255), True, "center")
        _label(surface, _("traveller 2 ends a turn here: +{days} days").format(
                            days=days), (rect.x, land.bottom + 24),
               rect.width, theme.TEXT)
    return draw


def _hand_limit(limit: int) -> Picture:
    """A hand one card over the limit: travel and event cards count together."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _label(surface, _("{value} cards: one must go").format(
                            value=limit + 1), (rect.x, rect.y), rect.width)
        cards = [("train", 2), ("train", 4), ("ship", 5), ("ship", 8), ("ship", 6)]
        for i, (kind, value) in enumerate(cards):
            surface.blit(pieces.travel_card(kind, value, *CARD), (rect.x + 8 + i * 120,
                                                                  rect.y + 40))
        for i, name in enumerate(("Offer", "Swap")):
            surface.blit(pieces.event_card(name, 220, 70), (rect.x + 8 + i * 240,
                                                            rect.y + 220))
        _label(surface, _("5 travel cards + 2 event cards = 7"), (rect.x, rect.y + 320),
               rect.width, theme.ERROR)
    return draw


def _time(limit: int) -> Picture:
    """A stretch of the time track round the board, with markers on it."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        days = list(range(limit - 4, limit + 2))
        w = min(90, rect.width // len(days) - 6)
        y = rect.y + 60
        for i, day in enumerate(days):
            cell = pygame.Rect(rect.x + i * (w + 6), y, w, 60)
            color = (200, 60, 50) if day == limit else (52, 62, 82)
            pygame.draw.rect(surface, color, cell, border_radius=6)
            label = str(day) if day <= limit else f"{limit + 1}+"
            theme.blit_text(surface, label, cell.center, 30, theme.TEXT, day == limit, "center")
        _label(surface, _("the time track: days so far"), (rect.x, rect.y), rect.width)
        for k, (seat, day) in enumerate((("red", limit - 3), ("blue", limit - 1))):
            i = days.index(day)
            img = pieces.pawn(SEAT_RGB[seat], k + 1, 20)
            surface.blit(img, img.get_rect(center=(rect.x + i * (w + 6) + w // 2, y + 100)))
        _label(surface, _("pawn 1: 77 days, pawn 2: 79 days"), (rect.x, y + 140), rect.width,
               theme.TEXT)
        _label(surface, _("back in London within {limit} days: can win").format(
                            limit=limit), (rect.x, y + 190),
               rect.width, theme.GOOD)
        _label(surface, _("later than {limit} days: only if nobody made it").format(
                            limit=limit), (rect.x, y + 230),
               rect.width, theme.ERROR)
    return draw


def _route(route: list[str]) -> Picture:
    """The route as a chain of city plates, London to London."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        step = min(52, rect.height // len(route))
        for i, city in enumerate(route):
            y = rect.y + i * step
            spot = (rect.x + 30, y + step // 2)
            if i:
                pygame.draw.line(surface, (200, 200, 210), (spot[0], spot[1] - step), spot, 3)
            pygame.draw.circle(surface, theme.CITY_EDGE, spot, 11)
            pygame.draw.circle(surface, theme.ACCENT if city == route[0] else theme.CITY, spot, 8)
            theme.blit_text(surface, place(city), (rect.x + 60, spot[1]), 28, theme.TEXT, True,
                            "midleft")
        img = pieces.pawn(SEAT_RGB["red"], 1, 18)
        surface.blit(img, img.get_rect(center=(rect.x + 320, rect.y + step // 2)))
    return draw


def pages(game_id: str, options: dict[str, Any]) -> list[RulesPage]:
    """Every page of the race's rules (the numbers from its data file)."""
    data = load_race()
    n = data.numbers
    route = list(data.route)
    laid = listed([_("{players} travellers {cards}").format(players=k, cards=v)
                   for k, v in sorted(data.cards_laid.items())])
    actions = list(data.action_track)
    no_cards = next(leg for leg in data.legs if not leg.options)
    chip = {kind: _(CHIP_WORDS[kind]) for kind in CHIP_WORDS}
    limit = n["time_limit"]
    hand = n["hand_limit"]
    blue = listed([ngettext("{event} {days} day", "{event} {days} days", days).format(
        event=event_name(name), days=days) for name, days in data.blue_days.items()])
    return [
        RulesPage(_("The race"), (
            _("Go round the world from {route0} and back: east through {join}. Each leg is "
              "paid with travel cards, and their days move your marker along the time track "
              "round the board.").format(
                route0=place(route[0]),
                join=listed([place(c) for c in route[1:-1]])),
            _("The winner is the traveller back in {route0} with the fewest days, if within "
              "{limit}. Cards, chips, events and a detective make the way long or short.").format(
                route0=place(route[0]),
                limit=limit),
        ), _route(route)),
        RulesPage(_("A round"), (
            _("At the start of each round travel cards are laid face up on the action track, "
              "one per slot from the left: {laid}. Empty slots are not in play that round.").format(
                laid=laid),
            _("Then, from the start player round the table, every traveller takes one turn. "
              "The start player may not take the card on Start player."),
            _("With six travellers the last of them may take the deck's top card instead, "
              "without an action."),
        ), _track(actions, [("train", 3), ("ship", 7), ("ship", 5), ("train", 6)])),
        RulesPage(_("Your turn, step by step"), (
            _("1. Take one card from the action track into your hand."),
            _("2. You may use the action of its slot, before you travel."),
            _("3. Travel one leg to the next city by paying its cards, or stay."),
            _("4. End your turn. If the detective is in your city you lose {n} days. If you "
              "hold more than {hand} cards, discard down to {hand} first.").format(
                n=n['detective_days'],
                hand=hand),
            _("At any time in your turn you may play event cards and buy the top travel or "
              "event card for {n} coins.").format(
                n=n['buy_price']),
        ), _travel([(N_("take a card from the track..."), [("ship", 6)], ""),
                    (N_("...then pay a leg: ship + train"), [("ship", 6), ("train", 3)],
                     N_("9 days"))])),
        RulesPage(_("The action track"), (
            _("Coin: take a coin from the bank."),
            _("Balloon: one card of this turn's move becomes a die roll."),
            _("Event: draw the top event card."),
            _("Detective: send the detective to any city but {route0}.").format(
                route0=place(route[0])),
            _("Start player: you start the next round (if nobody takes it, the start moves "
              "one seat on)."),
            _("Exchange: give up 1 to {n} travel cards and draw as many new ones.").format(
                n=n['exchange_max']),
            _("An action is yours only on the turn you take its card, and only before you "
              "travel or end the turn. Going on without it, a Coin is taken for you; any "
              "other action, the game asks whether you use it or go on without it."),
        ), _track(actions, [("train", 2), ("ship", 4), ("train", 5), ("ship", 8),
                            ("train", 4), ("ship", 6)])),
        RulesPage(_("Travelling a leg"), (
            _("The badge on each leg shows the cards it takes: London to Paris a ship and a "
              "train, Suez to Bombay two ships. Pay those cards; the leg takes the sum of "
              "their days."),
            _("Two cards of the same kind and the same number count once: there is no change "
              "of ship or train. Hong Kong to Yokohama takes two ships, or a ship and a "
              "train."),
        ), _travel([(N_("ship 7 + train 3"), [("ship", 7), ("train", 3)], N_("10 days")),
                    (N_("ship 8 + ship 8: no change"), [("ship", 8), ("ship", 8)], N_("8 days")),
                    (N_("ship 5 + ship 4"), [("ship", 5), ("ship", 4)], N_("9 days"))])),
        RulesPage(_("The balloon and the die"), (
            _("With the Balloon slot's card, or a Balloon event card, one card of your "
              "payment counts as a die roll (1 to {n}) instead of its days.").format(
                n=n['die_sides']),
            _("Not happy? Pay {n} coin to roll again, as often as your coins allow; the "
              "earlier roll is gone. Accept to finish the move.").format(
                n=n['reroll_price']),
            _("One balloon a turn. A ballooned card never makes a pair, and no balloon flies "
              "{start} to {end}.").format(
                start=place(no_cards.start),
                end=place(no_cards.end)),
        ), _die(_("a balloon roll: 4 days"))),
        RulesPage(_("Coins"), (
            _("You start with {n} coin; the bank holds {n2} in all and an empty bank pays "
              "nothing.").format(
                n=n['start_coins'],
                n2=n['coins']),
            _("Coins come from the Coin slot, from a bonus chip, and from cashing an "
              "Elephant card. Spend {n} on a re-roll, or {n2} on the top travel or event "
              "card at any time in your turn (click a pile).").format(
                n=n['reroll_price'],
                n2=n['buy_price']),
        ), _pieces([(pieces.coin(40), _("a coin")),
                    (pieces.card_back("travel", 90, 126),
                     _("travel pile: {count} coins").format(count=n["buy_price"])),
                    (pieces.card_back("event", 90, 126),
                     _("event pile: {count} coins").format(count=n["buy_price"]))],
                   step=160)),
        RulesPage(_("The detective"), (
            _("The detective starts in {route}. If you end your own turn in his city, he "
              "questions you: {n} days lost.").format(
                route=place(route[data.detective_start]),
                n=n['detective_days']),
            _("Leave his city on your turn and he cannot stop you; he never stops anyone "
              "when he comes to them. The Detective slot and the Detective card send him to "
              "any city but {route0}; a Distraction card keeps him off you for a turn.").format(
                route0=place(route[0])),
        ), _detective_picture(route[data.detective_start], n["detective_days"])),
        RulesPage(_("Bonus chips"), (
            _("Every city on the way holds a red and a blue chip, face up. The first "
              "traveller to reach a city may use its red chip; the last to reach it, its "
              "blue chip. You may leave a chip; either way it is gone."),
            _("A chip gives a coin, a travel card or an event card, or makes every other "
              "traveller lose a day; the picture shows which."),
        ), _pieces([(pieces.chip(color, kind, 26), _("{color} chip: {chip}").format(
                        color=_(color), chip=words))
                    for color, kind, words in (("red", "coin", chip["coin"]),
                                               ("blue", "travel", chip["travel"]),
                                               ("red", "event", chip["event"]),
                                               ("blue", "delay_others", _("others +1 day")))],
                   step=100)),
        RulesPage(_("Event cards"), (
            _("Keep event cards in your hand and play them in your turn, as many as you like:"),
            _("Distraction: the detective leaves you alone this turn."),
            _("Offer: travel a leg without cards, in {n} days.").format(
                n=n['offer_days']),
            _("Balloon: one card of your move becomes a die roll."),
            _("Connection: travel a second leg this turn."),
            _("Detective: send him to any city but {route0}.").format(
                route0=place(route[0])),
            _("Elephant: ride across India (see that page), or cash it for a coin."),
            _("Opportunity: two cards of one kind count as the higher one only."),
            _("Princess: acts as the top card of the event discard."),
            _("Propeller train: one train card counts {n} day (on a leg of two or more "
              "cards).").format(
                n=n['propeller_days']),
            _("Submarine: one ship card counts {n} days (the same).").format(
                n=n['submarine_days']),
            _("Swap: two track cards change places, before you take one."),
        ), _events(["Distraction", "Offer", "Balloon", "Connection", "Detective",
                    "Elephant", "Opportunity", "Princess", "Propeller train", "Submarine",
                    "Swap"])),
        RulesPage(_("Storm and Delay"), (
            _("Two blue event cards are played the moment they are drawn: {blue} for every "
              "traveller still on the way.").format(
                blue=blue),
            _("Then every event card, those in players' hands too, goes back into one "
              "shuffled pile. Event cards kept too long may be lost this way."),
        ), _events(list(data.blue_days), blue=True)),
        RulesPage(_("India and the elephant"), (
            _("{start} to {end} takes no cards: {no_cards_days} days.").format(
                start=place(no_cards.start),
                end=place(no_cards.end),
                no_cards_days=no_cards.no_cards_days),
            _("With an Elephant card it takes {elephant_base} days plus a die roll, which "
              "you may roll again for a coin as with the balloon. An Elephant you do not "
              "ride can be cashed for a coin in your turn.").format(
                elephant_base=no_cards.elephant_base),
        ), _die(_("elephant: {base} + 4 days").format(base=no_cards.elephant_base), coins=1,
                elephant=True)),
        RulesPage(_("The hand limit"), (
            _("At the end of your turn you may hold at most {hand} cards, travel and event "
              "cards together. Holding more, you discard (click a card) before you can end "
              "the turn.").format(
                hand=hand),
            _("Other players see how many cards you hold and the cards you took face up from "
              "the track."),
        ), _hand_limit(hand)),
        RulesPage(_("Arriving and the end"), (
            _("Reaching {route0} ends your turn and your hand is discarded. From the next "
              "round on, every traveller still on the way loses {n} day at the start of each "
              "round, and fewer cards are laid.").format(
                route0=place(route[0]),
                n=n['round_loss']),
            _("The game ends with the round in which all but one traveller are back (with 6 "
              "players, when 4 are back; with 2, when one is). Fewest days within the limit "
              "wins, a tie going to the earlier arrival; if nobody made it in time, the "
              "first back wins. Two players: back in time wins, else the other does (both "
              "back in one round: fewer days, then more coins)."),
        ), _time(limit)),
    ]
