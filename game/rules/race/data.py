"""The race game as data: loading and validating `assets/race/NAME.json`.

Everything that could change with a better reading of the printed game lives
in the data file, not in code: the route, each leg's card options (legs whose
cards no source confirms carry `"status": "reconstructed"`), the travel and
event card counts, the bonus chips, the action track and the small numbers.
Format 1:

```
{
  "format": 1, "name": str, "title": str,
  "route": [city, ...],                    # first and last are the same city
  "legs": [{"from": city, "to": city,
            "options": [[kind, ...], ...],  # kind "train" or "ship"; one list per way to pay
            "no_cards": {"days": int, "elephant_base": int},  # only on a leg with no options
            "status": "printed" | "sourced" | "reconstructed"}],
  "travel_cards": {kind: {value: count}},
  "event_cards": [{"name": str, "count": int, "blue": bool, "days": int,
                   "two_player": bool}],    # blue cards hit every traveller for `days`
  "bonus_chips": {"red": {chip: count}, "blue": {chip: count}},
  "action_track": [action, ...],            # left to right
  "cards_laid": {travellers: cards},
  "numbers": {name: int},
  "detective_start": city
}
```
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

FORMAT = 1
KINDS = ("train", "ship")
EVENT_NAMES = ("Distraction", "Offer", "Balloon", "Connection", "Detective", "Elephant",
               "Opportunity", "Princess", "Propeller train", "Submarine", "Swap",
               "Storm", "Delay")
CHIPS = ("coin", "travel", "event", "delay_others")
ACTIONS = ("coin", "balloon", "event", "detective", "start_player", "exchange")
NUMBERS = ("coins", "start_coins", "start_hand", "hand_limit", "time_limit",
           "detective_days", "offer_days", "propeller_days", "submarine_days",
           "buy_price", "reroll_price", "exchange_max", "die_sides", "round_loss")
STATUSES = ("printed", "sourced", "reconstructed")


class RaceDataError(ValueError):
    """A race data file that cannot be used; `problems` lists every reason found."""

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        shown = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"{source}: {len(problems)} problem(s) in the race data:\n{shown}")


@dataclass(frozen=True)
class Leg:
    index: int
    start: str
    end: str
    options: tuple[tuple[str, ...], ...]  # each sorted; empty for a leg paid in days only
    no_cards_days: int
    elephant_base: int
    status: str


@dataclass(frozen=True)
class RaceData:
    name: str
    title: str
    route: tuple[str, ...]
    legs: tuple[Leg, ...]
    travel_cards: tuple[tuple[str, int], ...]  # every card of the game, one entry each
    event_cards: tuple[str, ...]               # every event card, one entry each
    two_player_out: tuple[str, ...]            # event cards left out with two players
    blue_days: dict[str, int]
    red_chips: tuple[str, ...]
    blue_chips: tuple[str, ...]
    action_track: tuple[str, ...]
    cards_laid: dict[int, int]
    numbers: dict[str, int]
    detective_start: int                       # an index into `route`

    def event_deck(self, players: int) -> list[str]:
        """The event cards of a game with `players` seats."""
        deck = list(self.event_cards)
        if players == 2:
            for name in self.two_player_out:
                deck.remove(name)
        return deck


def _count_table(table: Any, where: str, keys: tuple[str, ...] | None,
                 problems: list[str]) -> dict[str, int]:
    if not isinstance(table, dict) or not table:
        problems.append(f"{where} must be a non-empty object of counts")
        return {}
    out = {}
    for key, n in table.items():
        if keys is not None and key not in keys:
            problems.append(f"{where}: unknown entry {key!r} (known: {', '.join(keys)})")
        elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
            problems.append(f"{where}: the count of {key!r} must be a whole number >= 0")
        else:
            out[key] = n
    return out


def validate(data: Any) -> list[str]:
    """Every problem found in parsed race data (empty when it is usable)."""
    if not isinstance(data, dict):
        return ["the file must hold a JSON object"]
    problems: list[str] = []
    if data.get("format") != FORMAT:
        problems.append(f"'format' must be {FORMAT}, not {data.get('format')!r}")
    for key in ("name", "title", "detective_start"):
        if not isinstance(data.get(key), str) or not data.get(key):
            problems.append(f"{key!r} must be a non-empty string")
    route = data.get("route")
    if (not isinstance(route, list) or len(route) < 3
            or not all(isinstance(c, str) and c for c in route)):
        problems.append("'route' must list at least three city names")
        route = []
    elif route[0] != route[-1]:
        problems.append(f"the route must end where it starts ({route[0]!r}), "
                        f"not at {route[-1]!r}")
    elif len(set(route[:-1])) != len(route) - 1:
        problems.append("a city appears twice in the route")
    if route and data.get("detective_start") in (route[0],):
        problems.append("the detective may not start in the first city of the route")
    elif route and isinstance(data.get("detective_start"), str) \
            and data["detective_start"] not in route:
        problems.append(f"detective_start {data['detective_start']!r} is not on the route")
    legs = data.get("legs")
    if not isinstance(legs, list):
        problems.append("'legs' must be a list")
        legs = []
    elif route and len(legs) != len(route) - 1:
        problems.append(f"the route has {len(route) - 1} legs but 'legs' lists {len(legs)}")
    for i, leg in enumerate(legs):
        where = f"leg {i + 1}"
        if not isinstance(leg, dict):
            problems.append(f"{where} must be an object")
            continue
        if i + 1 < len(route) and (leg.get("from"), leg.get("to")) != (route[i], route[i + 1]):
            problems.append(f"{where} must go {route[i]} -> {route[i + 1]}, "
                            f"not {leg.get('from')!r} -> {leg.get('to')!r}")
        if leg.get("status") not in STATUSES:
            problems.append(f"{where}: 'status' must be one of {', '.join(STATUSES)}")
        options = leg.get("options")
        if not isinstance(options, list):
            problems.append(f"{where}: 'options' must be a list of card-kind lists")
            continue
        for option in options:
            if (not isinstance(option, list) or not option
                    or not all(k in KINDS for k in option)):
                problems.append(f"{where}: option {option!r} must list card kinds "
                                f"({', '.join(KINDS)})")
        no_cards = leg.get("no_cards")
        if not options:
            if (not isinstance(no_cards, dict)
                    or not all(isinstance(no_cards.get(k), int) and no_cards.get(k) > 0
                               for k in ("days", "elephant_base"))):
                problems.append(f"{where}: a leg without card options needs 'no_cards' "
                                "with positive 'days' and 'elephant_base'")
        elif no_cards is not None:
            problems.append(f"{where}: 'no_cards' is only for a leg without card options")
    cards = data.get("travel_cards")
    if not isinstance(cards, dict) or set(cards) != set(KINDS):
        problems.append(f"'travel_cards' must have exactly the kinds {', '.join(KINDS)}")
    else:
        for kind, table in cards.items():
            counts = _count_table(table, f"travel_cards.{kind}", None, problems)
            for value in counts:
                if not value.isdigit() or int(value) < 1:
                    problems.append(f"travel_cards.{kind}: value {value!r} must be a "
                                    "positive whole number")
    events = data.get("event_cards")
    if not isinstance(events, list) or not events:
        problems.append("'event_cards' must be a non-empty list")
        events = []
    seen = set()
    for card in events:
        name = card.get("name") if isinstance(card, dict) else None
        if name not in EVENT_NAMES:
            problems.append(f"unknown event card {name!r} (known: {', '.join(EVENT_NAMES)})")
            continue
        if name in seen:
            problems.append(f"event card {name!r} is listed twice")
        seen.add(name)
        count = card.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            problems.append(f"event card {name!r}: 'count' must be a whole number >= 1")
        if card.get("blue") and not (isinstance(card.get("days"), int) and card["days"] > 0):
            problems.append(f"blue event card {name!r} needs positive 'days'")
    chips = data.get("bonus_chips")
    if not isinstance(chips, dict) or set(chips) != {"red", "blue"}:
        problems.append("'bonus_chips' must have 'red' and 'blue' tables")
    elif route:
        cities = len(route) - 2
        for color in ("red", "blue"):
            counts = _count_table(chips[color], f"bonus_chips.{color}", CHIPS, problems)
            if counts and sum(counts.values()) != cities:
                problems.append(f"bonus_chips.{color}: {sum(counts.values())} chips for "
                                f"{cities} cities (one each, the first city excepted)")
    track = data.get("action_track")
    if not isinstance(track, list) or not track or any(a not in ACTIONS for a in track) \
            or len(set(track)) != len(track):
        problems.append(f"'action_track' must list distinct actions from {', '.join(ACTIONS)}")
        track = []
    laid = data.get("cards_laid")
    if not isinstance(laid, dict):
        problems.append("'cards_laid' must map traveller counts to card counts")
    else:
        for n in ("2", "3", "4", "5", "6"):
            value = laid.get(n)
            if not isinstance(value, int) or not 1 <= value <= max(len(track), 1):
                problems.append(f"cards_laid[{n}] must be 1..{len(track)} "
                                "(at most one card per action)")
            elif value < int(n) and not (n == "6" and value == 6):
                problems.append(f"cards_laid[{n}] must give every traveller a card")
    numbers = data.get("numbers")
    if not isinstance(numbers, dict):
        problems.append("'numbers' must be an object")
    else:
        for key in NUMBERS:
            value = numbers.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                problems.append(f"numbers.{key} must be a whole number >= 0")
    return problems


def race_from_data(data: Any, source: str = "race data") -> RaceData:
    """Build RaceData from parsed JSON, raising RaceDataError naming every problem."""
    problems = validate(data)
    if problems:
        raise RaceDataError(source, problems)
    route = tuple(data["route"])
    legs = tuple(
        Leg(i, leg["from"], leg["to"], tuple(tuple(sorted(o)) for o in leg["options"]),
            leg.get("no_cards", {}).get("days", 0),
            leg.get("no_cards", {}).get("elephant_base", 0), leg["status"])
        for i, leg in enumerate(data["legs"]))
    travel = tuple((kind, int(value)) for kind in KINDS
                   for value, n in sorted(data["travel_cards"][kind].items(),
                                          key=lambda item: int(item[0]))
                   for _ in range(n))
    events = tuple(c["name"] for c in data["event_cards"] for _ in range(c["count"]))
    return RaceData(
        name=data["name"], title=data["title"], route=route, legs=legs, travel_cards=travel,
        event_cards=events,
        two_player_out=tuple(c["name"] for c in data["event_cards"]
                             if c.get("two_player") is False for _ in range(c["count"])),
        blue_days={c["name"]: c["days"] for c in data["event_cards"] if c.get("blue")},
        red_chips=tuple(k for k, n in data["bonus_chips"]["red"].items() for _ in range(n)),
        blue_chips=tuple(k for k, n in data["bonus_chips"]["blue"].items() for _ in range(n)),
        action_track=tuple(data["action_track"]),
        cards_laid={int(k): v for k, v in data["cards_laid"].items()},
        numbers=dict(data["numbers"]),
        detective_start=route.index(data["detective_start"]),
    )


_CACHE: dict[str, RaceData] = {}


def load_race(name: str = "eighty_days") -> RaceData:
    """The packaged race `assets/race/NAME.json`, loaded once and shared."""
    if name not in _CACHE:
        resource = resources.files("assets").joinpath("race", f"{name}.json")
        if not resource.is_file():
            raise RaceDataError(name, [f"no packaged race data named {name!r}"])
        data = json.loads(resource.read_text(encoding="utf-8"))
        _CACHE[name] = race_from_data(data, f"assets/race/{name}.json")
    return _CACHE[name]
