"""The race's board as the phone page draws it: the world map the window
draws (its land, the cities and each leg's lane, from assets/race), each
leg's elephant base, and the numbers a phone needs to word a move's days
and a purchase's price.

The page gets these from the host (never a copy of its own), so a phone's
map is the TV's map and its prices are the game's. Points are rounded to
whole map units: a phone draws no finer, and the map stays small on the wire.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from game.rules.race.data import load_race

# the numbers of the race data a phone words moves and prices with
PAGE_NUMBERS = ("offer_days", "propeller_days", "submarine_days", "buy_price",
                "reroll_price", "exchange_max", "hand_limit", "detective_days",
                "time_limit", "die_sides")


def _points(points: list[list[float]]) -> list[list[int]]:
    return [[round(x), round(y)] for x, y in points]


def page_board(name: str = "eighty_days", map_name: str = "world_map") -> dict[str, Any]:
    """The race `name` on the map `map_name` for the phone page (see the module's
    docstring)."""
    race = load_race(name)
    text = resources.files("assets").joinpath("race", f"{map_name}.json").read_text(
        encoding="utf-8")
    world = json.loads(text)
    return {
        "name": race.name, "size": list(world["size"]),
        "land": [_points(ring) for ring in world["land"]],
        "cities": {city: [round(x), round(y)] for city, (x, y) in world["cities"].items()},
        "legs": [{"from": leg["from"], "to": leg["to"], "kind": leg["kind"],
                  "points": _points(leg["points"])} for leg in world["legs"]],
        "elephant_base": [leg.elephant_base for leg in race.legs],
        "numbers": {key: race.numbers[key] for key in PAGE_NUMBERS},
    }
