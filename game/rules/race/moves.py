"""Every legal way to travel one leg: card sets, balloon and event cards.

A move action is `{"type": "move", "cards": [[kind, value], ...], "balloon":
[kind, value] | None, "events": [name, ...]}` with `cards` and `events`
sorted. `balloon` names the paid card the die replaces; it comes from the
track's balloon action when the seat holds one this turn, else from a
Balloon card (or the Princess copying one) listed in `events`.

Event cards that change a move: Offer (no cards, fixed days), Elephant (the
leg without cards: base + die), Balloon, Opportunity (a pair of one kind
counts as its higher card), Propeller train and Submarine (one card of a
multi-card leg counts fixed days) and Connection (the second move of a
turn). The Princess stands for the top card of the event discard. Each
effect is used at most once per move; cards of no use to the move are not
offered (an Opportunity on two cards of equal value, a Submarine on a
single-card leg).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from game.rules.race.data import Leg
from game.rules.race.days import Card, hand_sets

MOVE_EFFECTS = frozenset(("Balloon", "Connection", "Elephant", "Offer", "Opportunity",
                          "Propeller train", "Submarine"))
PRINCESS = "Princess"


def effect_sources(held: list[str], princess_as: str | None,
                   effects: frozenset[str]) -> dict[str, list[str]]:
    """Effect name -> the held cards that can give it (itself, or the Princess)."""
    sources: dict[str, list[str]] = {}
    for name in sorted(set(held)):
        if name in effects:
            sources.setdefault(name, []).append(name)
    if PRINCESS in held and princess_as in effects:
        sources.setdefault(princess_as, []).append(PRINCESS)
    return sources


def effects_of(names: list[str], princess_as: str | None) -> list[str]:
    """The effects the listed event cards give (the Princess as the card it copies)."""
    return [princess_as if n == PRINCESS else n for n in names]


def _action(cards: list[Card] | tuple[Card, ...], balloon: Card | None,
            events: list[str]) -> dict[str, Any]:
    return {"type": "move", "cards": list(map(list, cards)),
            "balloon": None if balloon is None else list(balloon), "events": sorted(events)}


def move_actions(leg: Leg, hand: list[Card], held: list[str], princess_as: str | None, *,
                 second_move: bool, track_balloon: bool, balloon_used: bool
                 ) -> list[dict[str, Any]]:
    """Every legal move along `leg` for a seat holding `hand` and event cards `held`."""
    sources = effect_sources(held, princess_as, MOVE_EFFECTS) if held else {}
    if not sources and not second_move and leg.options:
        return _plain_moves(leg, hand, track_balloon and not balloon_used)
    starts = [[s] for s in sources.get("Connection", ())] if second_move else [[]]
    out: list[dict[str, Any]] = []
    for start in starts:
        # each effect's cards but the one the start plays
        free = {effect: [s for s in cards if s not in start] for effect, cards in sources.items()}
        # without a card for them, the optional effects add no move
        optional = any(free.get(effect) for effect in _OPTIONAL)
        for s in free.get("Offer", ()):
            out.append(_action([], None, start + [s]))
        if not leg.options:
            out.append(_action([], None, start))
            for s in free.get("Elephant", ()):
                out.append(_action([], None, start + [s]))
            continue
        if balloon_used:
            balloon_sources: list[str | None] = []
        elif track_balloon:
            balloon_sources = [None]
        else:
            balloon_sources = list(free.get("Balloon", ()))
        for cards in hand_sets(leg.options, hand):
            choices: list[tuple[Card | None, list[str]]] = [(None, [])]
            for src in balloon_sources:
                for card in _distinct(cards):
                    choices.append((card, [] if src is None else [src]))
            for balloon, balloon_cards in choices:
                if not optional:
                    out.append(_action(cards, balloon, start + balloon_cards))
                    continue
                rest = list(cards)
                if balloon is not None:
                    rest.remove(balloon)
                options: list[list[str | None]] = []
                for effect in _useful(cards, rest):
                    options.append([None, *free.get(effect, ())])
                used = start + balloon_cards
                for picks in product(*options):
                    names = used + [p for p in picks if p is not None]
                    if names.count(PRINCESS) > 1:
                        continue
                    out.append(_action(cards, balloon, names))
    return out


# the effects `_useful` may offer
_OPTIONAL = ("Opportunity", "Propeller train", "Submarine")


def _plain_moves(leg: Leg, hand: list[Card], balloon: bool) -> list[dict[str, Any]]:
    """move_actions without event cards to play: each card set, and with the
    track's `balloon` each set with each of its distinct cards ballooned."""
    out: list[dict[str, Any]] = []
    for cards in hand_sets(leg.options, hand):
        out.append({"type": "move", "cards": list(map(list, cards)), "balloon": None,
                    "events": []})
        if balloon:
            for card in _distinct(cards):
                out.append({"type": "move", "cards": list(map(list, cards)),
                            "balloon": list(card), "events": []})
    return out


def _distinct(cards: tuple[Card, ...]) -> list[Card]:
    """A card set's distinct cards in order (hand_sets' sets are sorted)."""
    return list(dict.fromkeys(cards))


def _useful(cards: Sequence[Card], rest: list[Card]) -> list[str]:
    """The optional effects that change the days of paying `cards` (`rest`: not ballooned)."""
    trains: list[int] = []
    ships: list[int] = []
    for kind, value in rest:
        (trains if kind == "train" else ships).append(value)
    useful = []
    if any(len(values) == 2 and values[0] != values[1] for values in (trains, ships)):
        useful.append("Opportunity")
    if len(cards) > 1:
        if trains:
            useful.append("Propeller train")
        if ships:
            useful.append("Submarine")
    return useful
