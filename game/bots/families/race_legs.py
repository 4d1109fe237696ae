"""The race's legs as Eighty Days' planner reads them, and what paying for
one costs: a leg table (each leg's ways to pay and its days without cards),
one per race, made once and named by its id in the planner's memo keys; and
the cheapest payment of a leg from a hand, remembered as the same hands meet
the same legs again and again in a search's rollouts.
"""

from __future__ import annotations

from typing import Any

from game.rules.race.data import RaceData
from game.rules.race.days import Card, hand_code, hand_sets, payment_days

# each leg's ways to pay and its days without cards (see leg_table)
LegTable = tuple[tuple[tuple[tuple[str, ...], ...], ...], tuple[int, ...]]
# (leg options, hand's code) -> the cheapest payment, for `cheapest_payment`
_CHEAPEST: dict[tuple, tuple[float, tuple[Card, ...]] | None] = {}
CHEAPEST_KEPT = 8192
_UNKNOWN: Any = object()


def cheapest_payment(options: tuple[tuple[str, ...], ...], hand: list[Card],
                     code: int | None = None) -> tuple[float, tuple[Card, ...]] | None:
    """The fewest days a card set of `hand` pays one of a leg's `options` for,
    and that set (the first in card_sets' order of the cheapest); None when
    none fits (`code`: the hand's hand_code when known). It depends on the
    hand's cards, not their order, and the same hands meet the same legs
    again and again in a search's rollouts, so it is remembered (the store
    starts afresh at CHEAPEST_KEPT entries)."""
    if code is None:
        code = hand_code(hand)
    key = (options, code)
    known = _CHEAPEST.get(key, _UNKNOWN)
    if known is not _UNKNOWN:
        return known
    best: tuple[float, tuple[Card, ...]] | None = None
    for cards in hand_sets(options, hand, code):
        days = float(payment_days(cards))
        if best is None or days < best[0]:
            best = (days, cards)
    if len(_CHEAPEST) >= CHEAPEST_KEPT:
        _CHEAPEST.clear()
    _CHEAPEST[key] = best
    return best


# id(race data) -> (the data, its legs' options and days without cards); 0 -> the
# last one asked for
_DATA_LEGS: dict[int, tuple[RaceData, LegTable]] = {}


# every leg table made, each once: the planner's memo keys name one by its id
_LEG_TABLES: dict[LegTable, LegTable] = {}


def leg_table(legs: list[dict[str, Any]]) -> LegTable:
    """Each leg's ways to pay (as tuples) and its days without cards, from a view's legs."""
    table = (tuple(tuple(tuple(o) for o in leg["options"]) for leg in legs),
             tuple(leg["no_cards_days"] for leg in legs))
    return _LEG_TABLES.setdefault(table, table)


def data_leg_table(data: RaceData) -> LegTable:
    """`leg_table` of the race data's legs, made once per data."""
    last = _DATA_LEGS.get(0)
    if last is not None and last[0] is data:
        return last[1]
    known = _DATA_LEGS.get(id(data))
    if known is None or known[0] is not data:
        table = (tuple(tuple(tuple(o) for o in leg.options) for leg in data.legs),
                 tuple(leg.no_cards_days for leg in data.legs))
        known = _DATA_LEGS[id(data)] = (data, _LEG_TABLES.setdefault(table, table))
    _DATA_LEGS[0] = known   # the last one asked for
    return known[1]
