"""The engine's compact card numbers, and the plain dicts views and events show.

Inside the engine everything is a small int or tuple so a clone is cheap:
a company card is its number in the tables (see TricksData); in a line the
initial card is INITIAL and city k is CITY_BASE - k; an exchange share held
by a player is EXCHANGE_BASE + company. A lane entry is a tuple (kind, payload).
"""

from __future__ import annotations

from typing import Any

from game.rules.tricks.data import CITY, EXCHANGE, LOCOMOTIVE, RESERVATION, TricksData

INITIAL = -1
CITY_BASE = -2          # city k in a line: CITY_BASE - k
EXCHANGE_BASE = 1000    # an exchange share of company c: EXCHANGE_BASE + c
SHARE = "share"         # a lane entry holding a company card (it took a reservation's place)

LaneEntry = tuple[str, Any]


def card_view(data: TricksData, card: int) -> dict[str, Any]:
    return {"company": data.companies[card // data.strengths],
            "strength": card % data.strengths + 1, "value": data.card_values[card]}


def city_view(data: TricksData, city: int) -> dict[str, Any]:
    name, value = data.cities[city]
    return {"kind": "city", "name": name, "value": value}


def locomotive_view(data: TricksData, loco: int) -> dict[str, Any]:
    name, distance, cost = data.locomotives[loco]
    return {"name": name, "distance": distance, "cost": cost}


def line_item_view(data: TricksData, item: int) -> dict[str, Any]:
    if item >= 0:
        return card_view(data, item)
    if item == INITIAL:
        return {"kind": "initial", "value": data.initial_value}
    return city_view(data, CITY_BASE - item)


def line_item_value(data: TricksData, item: int) -> int:
    if item >= 0:
        return data.card_values[item]
    if item == INITIAL:
        return data.initial_value
    return data.cities[CITY_BASE - item][1]


def share_company(data: TricksData, share: int) -> int:
    return share - EXCHANGE_BASE if share >= EXCHANGE_BASE else share // data.strengths


def share_view(data: TricksData, share: int) -> dict[str, Any]:
    if share >= EXCHANGE_BASE:
        return {"company": data.companies[share - EXCHANGE_BASE], "kind": "exchange"}
    return card_view(data, share)


def lane_entry_view(data: TricksData, entry: LaneEntry) -> dict[str, Any]:
    kind, payload = entry
    if kind == EXCHANGE:
        return {"kind": EXCHANGE, "company": data.companies[payload]}
    if kind == CITY:
        return city_view(data, payload)
    if kind == LOCOMOTIVE:
        first, *also = payload
        out: dict[str, Any] = {"kind": LOCOMOTIVE, **locomotive_view(data, first)}
        # the ALL locomotive comes with the 6 in the same trick
        out["with"] = [locomotive_view(data, loco) for loco in also]
        return out
    if kind == RESERVATION:
        return {"kind": RESERVATION}
    return card_view(data, payload)
