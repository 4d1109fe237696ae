"""What the route games' guided games share: preparing the deal (hands,
face-up row, deck and ticket order, trains), the coach's pickers (a face-up
card, a route with the cards that pay for it, the tickets to keep), the
position's facts in the player's words, and opponents that play as the
Normal bot except where the lesson needs a move of its own.

Preparing a deal only reorders what `create` dealt: every card and ticket
stays in the game exactly once (`prepare` checks it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from game.bots import make_bot
from game.narration.routes import card_word
from game.rules.base import Action, GameState, View
from game.rules.routes.board import LOCOMOTIVE, Track, load_board
from game.rules.routes.payments import FERRY
from game.words.i18n import _, joined
from game.words.places import pair, place

# (turn number, seat) -> the move the opponent makes then (cards_drawn picks a
# second card's move); a value of None lets the guarded bot play
ScriptedMoves = dict[tuple[int, int, int], Action]


def prepare(state: GameState, hands: list[list[str]], face_up: list[str],
            deck_top: list[str], offers: list[list[int]], next_tickets: list[int],
            trains: list[int]) -> GameState:
    """Deal again from the cards and tickets `state` already holds: each seat's
    `hands`, the face-up row, the deck's first cards (`deck_top[0]` is drawn
    first; the rest of the deck keeps its shuffled order below them), each
    seat's first ticket offer, the tickets a later draw offers first, and
    the trains each seat starts with (a short game)."""
    cards = Counter(state.deck) + Counter(state.discard) + Counter(
        c for c in state.face_up if c is not None)
    for hand in state.hands:
        cards.update(hand)
    wanted = Counter(c for hand in hands for c in hand) + Counter(face_up) + Counter(deck_top)
    missing = wanted - cards
    if missing:
        raise ValueError(f"the prepared deal needs cards the game has not: {dict(missing)}")
    rest = list(state.deck) + list(state.discard) + [c for c in state.face_up if c] + [
        c for hand in state.hands for c, n in sorted(hand.items()) for _n in range(n)]
    for card in wanted.elements():
        rest.remove(card)
    state.deck = rest + list(reversed(deck_top))    # the top is the end of the list
    state.discard = []
    state.face_up = list(face_up)
    state.hands = [dict(Counter(hand)) for hand in hands]
    tickets = list(state.ticket_deck) + [t for p in state.pending if p for t in p]
    for t in [t for offer in offers for t in offer] + next_tickets:
        tickets.remove(t)
    state.pending = [list(offer) for offer in offers]
    state.ticket_deck = list(next_tickets) + sorted(tickets)
    state.trains = list(trains)
    state._legal_cache = {}
    return state


# ---- the coach's pickers -------------------------------------------------------

def face_up_slot(card: str) -> Callable[[View, list[Action]], Action | None]:
    """Take the face-up `card` (the first slot showing it)."""
    def pick(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a["type"] == "draw_face_up"
                     and view["face_up"][a["slot"]] == card), None)
    return pick


def of_type(kind: str) -> Callable[[View, list[Action]], Action | None]:
    """The one legal action of `kind` (draw_deck, draw_tickets, draw_ferry)."""
    def pick(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a["type"] == kind), None)
    return pick


def keep(*tickets: int) -> Callable[[View, list[Action]], Action | None]:
    """Keep exactly these tickets of the offer."""
    def pick(view: View, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a["type"] == "keep_tickets"
                     and sorted(a["keep"]) == sorted(tickets)), None)
    return pick


def claim(*track_ids: str, prefer: tuple[str, ...] = ()
          ) -> Callable[[View, list[Action]], Action | None]:
    """Claim the first of `track_ids` the hand pays for, with the fewest
    locomotives and ferry cards, from a colour of `prefer` or else the colour
    held most."""
    def pick(view: View, legal: list[Action]) -> Action | None:
        hand = view["private"]["hand"]
        for track_id in track_ids:
            claims = [a for a in legal if a["type"] == "claim" and a["track"] == track_id]
            if claims:
                return min(claims, key=lambda a: payment_cost(a["cards"], hand, prefer))
        return None
    return pick


def payment_cost(cards: dict[str, int], hand: dict[str, int],
                 prefer: tuple[str, ...] = ()) -> tuple[Any, ...]:
    """Fewest locomotives and ferry cards, then a preferred colour, then the
    colour held most (then a fixed order, so the facts and the pick name the
    same payment)."""
    special = cards.get(LOCOMOTIVE, 0) + cards.get(FERRY, 0)
    colour = next((c for c in cards if c not in (LOCOMOTIVE, FERRY)), None)
    return (special, colour not in prefer, -hand.get(colour, 0) if colour else 0,
            sorted(cards.items()))


def same_claim(view: View, action: Action, track_ids: Iterable[str]) -> bool:
    """An accepter: any payment of any of `track_ids` does what the step asks."""
    return action.get("type") == "claim" and action.get("track") in set(track_ids)


def drawing_for(view: View, legal: list[Action]) -> Action | None:
    """A card draw that helps: a face-up colour held twice or more, else the
    deck; never a face-up locomotive, so that every turn is two draws (an
    autoplay step counts actions)."""
    hand = view["private"]["hand"]
    colours = [(hand.get(view["face_up"][a["slot"]], 0), -a["slot"], a) for a in legal
               if a["type"] == "draw_face_up" and view["face_up"][a["slot"]] != LOCOMOTIVE]
    if colours:
        best = max(colours, key=lambda c: c[:2])
        if best[0] >= 2:
            return best[2]
    return next((a for a in legal if a["type"] == "draw_deck"), None)


def drawing(needs: dict[str, int]) -> Callable[[View, list[Action]], Action | None]:
    """A card draw towards `needs` (colour -> cards wanted, the most wanted
    first): a face-up card of a colour still short, else the deck; never a
    face-up locomotive, so that every turn is two draws."""
    def pick(view: View, legal: list[Action]) -> Action | None:
        hand = view["private"]["hand"]
        for colour, wanted in needs.items():
            if hand.get(colour, 0) < wanted:
                face_up = next((a for a in legal if a["type"] == "draw_face_up"
                                and view["face_up"][a["slot"]] == colour), None)
                if face_up is not None:
                    return face_up
        return next((a for a in legal if a["type"] == "draw_deck"), None)
    return pick


# ---- the position's facts --------------------------------------------------------

def track(view: View, track_id: str) -> Track:
    return load_board(view["board"]).track_by_id[track_id]


def route(view: View, track_id: str) -> str:
    """'Montréal - New York' in the player's language."""
    t = track(view, track_id)
    return pair(t.a, t.b)


def cards_words(cards: dict[str, int]) -> str:
    """'3 blue, 1 locomotive' in the player's language."""
    return joined(_("{n} {card}").format(n=n, card=card_word(c)) for c, n in cards.items())


def ticket_words(ticket: dict[str, Any]) -> str:
    return pair(ticket["a"], ticket["b"])


def my_ticket(view: View, a: str, b: str) -> dict[str, Any] | None:
    return next((t for t in view["private"]["tickets"] if {t["a"], t["b"]} == {a, b}), None)


def offered(view: View, ticket_id: int) -> dict[str, Any]:
    pending = view["private"].get("pending") or {}
    return next((t for t in pending.get("options", ()) if t["id"] == ticket_id),
                {"a": "?", "b": "?", "points": 0})


def owner_name(view: View, track_id: str, names: tuple[str, ...]) -> str:
    owner = view["routes"].get(track_id)
    return names[owner] if owner is not None and owner < len(names) else "?"


def city(name: str) -> str:
    return place(name)


def breakdown(view: View) -> list[dict[str, Any]]:
    return (view.get("result") or {}).get("breakdown", [])


# ---- the opponents -----------------------------------------------------------------

def guarded_opponents(moves: ScriptedMoves, keep_off: set[str], bot: str = "greedy",
                      seed: int = 1) -> Callable[[View, list[Action], int], Action]:
    """An opponent script: the lesson's own moves where `moves` has one for
    (turn, seat, cards drawn), else the Normal bot's move, except that it
    leaves the tracks in `keep_off` (the lesson's routes) and the ticket pile
    alone and draws from the deck instead."""
    def script(view: View, legal: list[Action], seat: int) -> Action:
        scripted = moves.get((view["turn"], seat, view["cards_drawn"]))
        if scripted is not None and scripted in legal:
            return scripted
        if view["phase"] == "setup":
            return make_bot(bot, seed=seed * 7919 + seat).choose(view, legal, None)
        chosen = make_bot(bot, seed=seed * 7919 + view["turn"] * 11 + seat).choose(
            view, legal, None)
        if chosen["type"] == "draw_tickets" or (
                chosen["type"] == "claim" and chosen["track"] in keep_off):
            return next((a for a in legal if a["type"] == "draw_deck"),
                        next((a for a in legal if a["type"] != "draw_tickets"), legal[0]))
        return chosen
    return script


def parallel_ids(board: str, track_ids: Iterable[str]) -> set[str]:
    """`track_ids` and every other track of their double or triple routes."""
    b = load_board(board)
    return {b.tracks[i].id for t in track_ids for i in b.parallel[t]}
