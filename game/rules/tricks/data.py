"""The trick-taking railway game's card tables as data: loading and validating.

A data file (JSON, `assets/tricks/NAME.json`) holds every number of the game,
so the engine hard-codes no card. Format 1:

```
{
  "format": 1,
  "name": "railway_tricks",           # file stem, also `load_tricks_data(...)`
  "title": str,
  "companies": [{"name": str, "color": str,
                 "values": [int, ...]}],   # station value of strength 1, 2, ...
  "initial_value": int,               # station value of each line's first card
  "cities": [{"name": str, "value": int}],
  "locomotives": [{"name": str, "distance": int | null, "cost": int}],
                                      # distance null: the whole line (ALL)
  "reservations": int,                # share reservation cards in the box
  "dealt": {"3": int, ...},           # cards dealt to each player, by player count
  "lanes": {"3": [token, ...], ...}   # the trick lane, leftmost first
}
```

Lane tokens: `"exchange"` (an exchange share; each company's exchange card
is dealt at random to these slots, so there is one slot per company),
`"city"` (a city drawn at random), `"reservation"`, and `"locomotive:A+B"`
(one trick takes locomotives A then B, by name). A lane has one token per
trick, that is as many tokens as each player is dealt cards; each locomotive
appears once in it at most.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

FORMAT = 1
EXCHANGE, CITY, RESERVATION, LOCOMOTIVE = "exchange", "city", "reservation", "locomotive"


class TricksDataError(ValueError):
    """A data file that cannot be used; `problems` lists every reason found."""

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        shown = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"{source}: {len(problems)} problem(s) in the card tables:\n{shown}")


@dataclass(frozen=True)
class LaneToken:
    """One slot of a printed lane; `locomotives` holds indices (locomotive slots only)."""

    kind: str
    locomotives: tuple[int, ...] = ()


@dataclass(frozen=True)
class TricksData:
    """The card tables. A company card is the int `company * strengths + strength - 1`."""

    name: str
    title: str
    companies: tuple[str, ...]
    colors: tuple[str, ...]
    strengths: int
    card_values: tuple[int, ...]        # by card number
    initial_value: int
    cities: tuple[tuple[str, int], ...]
    locomotives: tuple[tuple[str, int | None, int], ...]  # (name, distance, cost)
    reservations: int
    dealt: dict[int, int]
    lanes: dict[int, tuple[LaneToken, ...]]

    @property
    def card_count(self) -> int:
        return len(self.companies) * self.strengths

    def company_of(self, card: int) -> int:
        return card // self.strengths

    def strength_of(self, card: int) -> int:
        return card % self.strengths + 1

    def card_number(self, company: int, strength: int) -> int:
        return company * self.strengths + strength - 1


def _whole(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _check_companies(data: dict[str, Any], problems: list[str]) -> list[list[int]]:
    companies = data.get("companies")
    if not isinstance(companies, list) or not companies:
        problems.append("'companies' must be a non-empty list")
        return []
    names: set[str] = set()
    tables: list[list[int]] = []
    for i, company in enumerate(companies):
        where = f"companies[{i}]"
        if not isinstance(company, dict):
            problems.append(f"{where} must be an object")
            continue
        name = company.get("name")
        if not isinstance(name, str) or not name:
            problems.append(f"{where}: 'name' must be a non-empty text")
        elif name in names:
            problems.append(f"{where}: the company {name!r} is listed twice")
        else:
            names.add(name)
        if not isinstance(company.get("color"), str):
            problems.append(f"{where}: 'color' must be a text")
        values = company.get("values")
        if not isinstance(values, list) or not values or not all(_whole(v) for v in values):
            problems.append(f"{where}: 'values' must list a station value (whole number "
                            f"of at least 0) for each strength 1, 2, ...")
            continue
        tables.append(values)
    if tables and len({len(t) for t in tables}) > 1:
        problems.append("every company needs the same number of strengths; found "
                        + ", ".join(str(len(t)) for t in tables))
    return tables


def _check_named_list(data: dict[str, Any], key: str, problems: list[str]) -> list[dict]:
    items = data.get(key)
    if not isinstance(items, list):
        problems.append(f"'{key}' must be a list")
        return []
    names = [item.get("name") for item in items if isinstance(item, dict)]
    if len(names) != len(items) or not all(isinstance(n, str) and n for n in names):
        problems.append(f"every entry of '{key}' must be an object with a 'name'")
        return []
    if len(set(names)) != len(names):
        problems.append(f"'{key}' lists a name twice")
    return items


def _parse_lane(count: int, tokens: Any, data: dict[str, Any], loco_names: list[str],
                problems: list[str]) -> tuple[LaneToken, ...]:
    where = f"lanes[{count}]"
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        problems.append(f"{where} must be a list of texts")
        return ()
    lane: list[LaneToken] = []
    for token in tokens:
        if token in (EXCHANGE, CITY, RESERVATION):
            lane.append(LaneToken(token))
        elif token.startswith(LOCOMOTIVE + ":"):
            names = token[len(LOCOMOTIVE) + 1:].split("+")
            unknown = [n for n in names if n not in loco_names]
            if unknown:
                problems.append(f"{where}: no locomotive named {', '.join(unknown)}")
                continue
            lane.append(LaneToken(LOCOMOTIVE, tuple(loco_names.index(n) for n in names)))
        else:
            problems.append(f"{where}: unknown lane token {token!r} (use exchange, city, "
                            f"reservation or locomotive:NAME[+NAME])")
    dealt = data.get("dealt", {}).get(str(count)) if isinstance(data.get("dealt"), dict) else None
    if dealt is not None and len(tokens) != dealt:
        problems.append(f"{where} has {len(tokens)} slots but {dealt} tricks are played "
                        f"(one slot per trick)")
    kinds = [t.kind for t in lane]
    companies = data.get("companies") if isinstance(data.get("companies"), list) else []
    if kinds.count(EXCHANGE) != len(companies):
        problems.append(f"{where} needs one exchange slot per company ({len(companies)}), "
                        f"not {kinds.count(EXCHANGE)}")
    cities = data.get("cities") if isinstance(data.get("cities"), list) else []
    if kinds.count(CITY) > len(cities):
        problems.append(f"{where} has {kinds.count(CITY)} city slots but only "
                        f"{len(cities)} cities exist")
    reservations = data.get("reservations")
    if _whole(reservations) and kinds.count(RESERVATION) > reservations:
        problems.append(f"{where} has {kinds.count(RESERVATION)} reservation slots but only "
                        f"{reservations} reservation cards exist")
    used = [i for t in lane for i in t.locomotives]
    if len(used) != len(set(used)):
        problems.append(f"{where} uses a locomotive twice")
    if len(used) > len(companies):
        problems.append(f"{where} has more locomotives than companies (one per line at most)")
    shares_before = 0
    for position, token in enumerate(lane):
        if token.kind == RESERVATION:
            if shares_before == 0:
                problems.append(f"{where}: the reservation in slot {position} cannot be "
                                f"filled before its trick (too few exchange slots before it)")
            shares_before -= 1
        elif token.kind == EXCHANGE:
            shares_before += 1
    return tuple(lane)


def tricks_data_from_dict(data: Any, source: str = "card tables") -> TricksData:
    """Validated card tables; TricksDataError names every problem found."""
    if not isinstance(data, dict):
        raise TricksDataError(source, ["the file must hold one JSON object"])
    problems: list[str] = []
    if data.get("format") != FORMAT:
        problems.append(f"'format' must be {FORMAT}")
    for key in ("name", "title"):
        if not isinstance(data.get(key), str):
            problems.append(f"'{key}' must be a text")
    tables = _check_companies(data, problems)
    if not _whole(data.get("initial_value")):
        problems.append("'initial_value' must be a whole number of at least 0")
    cities = _check_named_list(data, "cities", problems)
    for city in cities:
        if not _whole(city.get("value")):
            problems.append(f"city {city['name']!r}: 'value' must be a whole number")
    locos = _check_named_list(data, "locomotives", problems)
    for loco in locos:
        distance = loco.get("distance")
        if distance is not None and not _whole(distance, 1):
            problems.append(f"locomotive {loco['name']!r}: 'distance' must be a positive "
                            f"whole number or null (the whole line)")
        if not _whole(loco.get("cost")):
            problems.append(f"locomotive {loco['name']!r}: 'cost' must be a whole number")
    if not _whole(data.get("reservations")):
        problems.append("'reservations' must be a whole number of at least 0")
    dealt_raw = data.get("dealt")
    dealt: dict[int, int] = {}
    total_cards = sum(len(t) for t in tables)
    if not isinstance(dealt_raw, dict) or not dealt_raw:
        problems.append("'dealt' must map player counts to cards dealt")
    else:
        for key, n in dealt_raw.items():
            if not (key.isdigit() and int(key) >= 2 and _whole(n, 1)):
                problems.append(f"dealt[{key!r}] must be a positive whole number, keyed "
                                f"by a player count of at least 2")
            elif int(key) * n > total_cards:
                problems.append(f"dealing {n} cards to {key} players needs "
                                f"{int(key) * n} cards; there are {total_cards}")
            else:
                dealt[int(key)] = n
    lanes_raw = data.get("lanes")
    lanes: dict[int, tuple[LaneToken, ...]] = {}
    loco_names = [loco["name"] for loco in locos]
    if not isinstance(lanes_raw, dict):
        problems.append("'lanes' must map player counts to lanes")
    else:
        for key in dealt_raw if isinstance(dealt_raw, dict) else ():
            if key not in lanes_raw:
                problems.append(f"no lane for {key} players")
        for key, tokens in lanes_raw.items():
            if not key.isdigit() or not isinstance(dealt_raw, dict) or key not in dealt_raw:
                problems.append(f"lanes[{key!r}]: 'dealt' has no entry for that player count")
                continue
            lanes[int(key)] = _parse_lane(int(key), tokens, data, loco_names, problems)
    if problems:
        raise TricksDataError(source, problems)
    return TricksData(
        name=data["name"], title=data["title"],
        companies=tuple(c["name"] for c in data["companies"]),
        colors=tuple(c["color"] for c in data["companies"]),
        strengths=len(tables[0]),
        card_values=tuple(v for table in tables for v in table),
        initial_value=data["initial_value"],
        cities=tuple((c["name"], c["value"]) for c in cities),
        locomotives=tuple((loco["name"], loco["distance"], loco["cost"]) for loco in locos),
        reservations=data["reservations"], dealt=dealt, lanes=lanes)


_CACHE: dict[str, TricksData] = {}


def load_tricks_data(name: str = "railway_tricks") -> TricksData:
    """The packaged tables `assets/tricks/NAME.json`, loaded once and shared."""
    if name not in _CACHE:
        if not name.replace("_", "").replace("-", "").isalnum():
            raise TricksDataError(name, ["a data name has only letters, digits, '-' and '_'"])
        resource = resources.files("assets").joinpath("tricks", f"{name}.json")
        if not resource.is_file():
            raise TricksDataError(name, [f"no packaged card tables named {name!r}"])
        data = json.loads(resource.read_text(encoding="utf-8"))
        _CACHE[name] = tricks_data_from_dict(data, f"assets/tricks/{name}.json")
    return _CACHE[name]
