"""Paying for a leg: which card sets fit, and how many days a payment costs.

A card is a `(kind, value)` pair, kind "train" or "ship". Two cards of the
same kind and value on one leg count once (no change of train or ship);
cards whose days an effect replaces (the balloon's die, the propeller
train's 1, the submarine's 3) never make such a pair.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, product

Card = tuple[str, int]


def card_sets(options: Iterable[tuple[str, ...]], hand: Iterable[Card]) -> list[list[Card]]:
    """Every distinct multiset of cards in `hand` that pays one of the leg's options.

    Each set is sorted; identical sets (same kinds and values) appear once.
    """
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
    return [list(s) for s in sorted(found)]


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
