"""Paying for a leg: which card sets fit, and how many days a payment costs.

A card is a `(kind, value)` pair, kind "train" or "ship". Two cards of the
same kind and value on one leg count once (no change of train or ship);
cards whose days an effect replaces (the balloon's die, the propeller
train's 1, the submarine's 3) never make such a pair.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable
from itertools import combinations, product

Card = tuple[str, int]

# a travel card -> its digit in a hand's code: 8 bits a card (no hand holds
# 256 of one card); a new card gets the next digit, under the lock (a search
# thread and the UI's may meet a card first at once)
_CARD_CODES: dict[Card, int] = {}
_NEW_CODE = threading.Lock()


def card_code(card: Card) -> int:
    """The card's digit in hand codes (the first time a card is met, a new one)."""
    code = _CARD_CODES.get(card)
    if code is None:
        with _NEW_CODE:
            code = _CARD_CODES.get(card)
            if code is None:
                code = _CARD_CODES[card] = 1 << (8 * len(_CARD_CODES))
    return code


def hand_code(hand: Iterable[Card]) -> int:
    """The hand as a number, the same for the same cards in any order: the
    sum of its cards' digits (a memo key without sorting the hand)."""
    try:
        return sum(map(_CARD_CODES.__getitem__, hand))
    except KeyError:
        return sum(map(card_code, hand))


def card_sets(options: Iterable[tuple[str, ...]], hand: Iterable[Card]) -> list[list[Card]]:
    """Every distinct multiset of cards in `hand` that pays one of the leg's options.

    Each set is sorted; identical sets (same kinds and values) appear once.
    """
    return [list(s) for s in _card_sets(options, hand)]


# (a leg's options, a hand's code) -> its card sets, for `hand_sets`
_HAND_SETS: dict[tuple[tuple[tuple[str, ...], ...], int], tuple[tuple[Card, ...], ...]] = {}
HAND_SETS_KEPT = 1 << 14


def hand_sets(options: tuple[tuple[str, ...], ...], hand: Iterable[Card],
              code: int | None = None) -> tuple[tuple[Card, ...], ...]:
    """`card_sets` as tuples (read-only, shared), remembered by the options and
    the hand's code (`code`: hand_code(hand) when known). The same hand meets
    the same leg again and again: a player weighs its cost before it moves,
    and a search's rollouts come back to it (the store starts afresh at
    HAND_SETS_KEPT entries)."""
    key = (options, hand_code(hand) if code is None else code)
    known = _HAND_SETS.get(key)
    if known is None:
        if len(_HAND_SETS) >= HAND_SETS_KEPT:
            _HAND_SETS.clear()
        known = _HAND_SETS[key] = tuple(_card_sets(options, hand))
    return known


def _card_sets(options: Iterable[tuple[str, ...]], hand: Iterable[Card]
               ) -> list[tuple[Card, ...]]:
    """card_sets' sets as tuples."""
    by_kind: dict[str, list[int]] = {}
    for kind, value in hand:
        by_kind.setdefault(kind, []).append(value)
    found: set[tuple[Card, ...]] = set()
    for option in options:
        per_kind = []
        for kind, n in _needs(option):
            values = by_kind.get(kind, ())
            if len(values) < n:
                break
            if n == 1:
                per_kind.append([((kind, v),) for v in set(values)])
            else:
                per_kind.append([tuple((kind, v) for v in pick)
                                 for pick in set(combinations(sorted(values), n))])
        else:
            if len(per_kind) == 1:
                found.update(per_kind[0])
            else:
                # kinds in order, each part sorted: the set comes out sorted
                for parts in product(*per_kind):
                    found.add(tuple(card for part in parts for card in part))
    return sorted(found)


# a leg option -> how many cards of each kind it takes, kinds in order
_NEEDS: dict[tuple[str, ...], tuple[tuple[str, int], ...]] = {}


def _needs(option: Iterable[str]) -> tuple[tuple[str, int], ...]:
    key = option if isinstance(option, tuple) else tuple(option)
    known = _NEEDS.get(key)
    if known is None:
        known = _NEEDS[key] = tuple(sorted(Counter(key).items()))
    return known


def payment_days(cards: list[Card], *, balloon: Card | None = None, roll: int | None = None,
                 propeller: int | None = None, submarine: int | None = None,
                 opportunity: bool = False) -> int:
    """Days a leg paid with `cards` takes.

    `balloon`: the card the die replaces (its days are `roll`). `propeller` /
    `submarine`: the days of the highest train / ship left after the balloon
    (the effect helps most there). `opportunity`: two cards of one kind count
    as the higher of the two.
    """
    days = 0
    if balloon is None and propeller is None and submarine is None:
        rest = cards
    else:
        rest = list(cards)
        if balloon is not None:
            rest.remove(balloon)
            days += roll or 0
        for kind, fixed in (("train", propeller), ("ship", submarine)):
            if fixed is not None:
                best = max((c for c in rest if c[0] == kind), key=lambda c: c[1])
                rest.remove(best)
                days += fixed
    trains: list[int] = []
    ships: list[int] = []
    for kind, value in rest:
        if kind == "train":
            trains.append(value)
        elif kind == "ship":
            ships.append(value)
    for values in (trains, ships):
        if len(values) == 2 and (opportunity or values[0] == values[1]):
            days += max(values)
        else:
            days += sum(values)
    return days


def without(cards: list[Card], known: list[Card]) -> list[Card]:
    """`cards` less one copy of each card in `known`."""
    rest = list(cards)
    for card in known:
        rest.remove(card)
    return rest
