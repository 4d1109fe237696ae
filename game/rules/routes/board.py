"""Route-building boards as data: loading and validating a map file.

A map file (JSON, `assets/maps/NAME.json`) holds everything a board is made
of, so the engine never hard-codes a city or a track. Format 1:

```
{
  "format": 1,
  "name": "usa",                      # file stem, also `load_board("usa")`
  "title": "North America",
  "size": [W, H],                     # layout space of the x/y coordinates
  "route_points": {"1": 1, ...},      # points for claiming a track, by length
  "colors": ["pink", ...],            # card colours; a track may also be "gray"
  "regions": [str, ...],              # optional: the board's named regions
  "double_regions": [str, ...],       # optional: regions that may count twice
  "cities": [{"name": str, "x": num, "y": num,
              "region": str (optional), "dead_end": bool (optional)}],
  "tracks": [{"id": str, "a": city, "b": city, "length": int,
              "color": colour or "gray", "ferries": int (optional, wave spaces)}],
  "tickets": [{"a": city, "b": city, "points": int}],
  "land": [[[x, y], ...], ...],       # optional: land outlines to draw
  "lakes": [[[x, y], ...], ...]       # optional: lakes to draw on the land
}
```

Tracks joining the same two cities form a parallel set (double or triple
route); they must have the same length. A `dead_end` city is an area such as
a neighbouring country: different tracks into it do not connect to each other.

Transcribing a printed board (the validator, `railparty validate-map FILE`,
checks every point below and names each mistake):

- `cities`: one entry per city or area, named as printed (no `#` in a name),
  at `x`/`y` in the `size` layout space. Extra keys such as `lat`/`lon` are
  kept and ignored by the rules.
- Neighbouring areas (countries, Monaco) are cities with `"dead_end": true`;
  a ticket to an area is completed through any one track into it.
- Regions (the Italy board's region bonus): list the board's region names in
  `regions`; then every city has a `region` from that list, except a dead-end
  area, whose `region` is its own name (an area is not one of the regions).
  `double_regions` (a part of `regions`) count as two regions for a network
  that holds every one of their cities. Every listed region needs a city.
  Once any city has a `region`, every city needs one.
- `tracks`: one entry per track; a double or triple route is two or three
  entries between the same cities (same length, at most three). `ids` are
  unique (the convention: `city-a--city-b`, then `-1`, `-2`, `-3` for a
  parallel set). A ferry is a `"gray"` track with `ferries` wave spaces,
  1 up to its length; a track without `ferries` has none.
- `tickets`: both ends are cities or areas of the board, the points positive,
  and some chain of tracks joins them without passing through an area.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

GRAY = "gray"
LOCOMOTIVE = "locomotive"
FORMAT = 1
MAX_MAP_BYTES = 4 * 1024 * 1024  # the packaged maps are about 20 kB


class MapError(ValueError):
    """A map file that cannot be used; `problems` lists every reason found."""

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        shown = "\n".join(f"  - {p}" for p in problems[:50])
        more = f"\n  ... and {len(problems) - 50} more" if len(problems) > 50 else ""
        super().__init__(f"{source}: {len(problems)} problem(s) in the map:\n{shown}{more}")


@dataclass(frozen=True)
class Track:
    index: int
    id: str
    a: str
    b: str
    length: int
    color: str
    ferries: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "a": self.a, "b": self.b, "length": self.length,
                "color": self.color, "ferries": self.ferries}


@dataclass(frozen=True)
class Ticket:
    index: int
    a: str
    b: str
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.index, "a": self.a, "b": self.b, "points": self.points}


@dataclass
class Board:
    """A loaded, validated board. Read-only by convention; shared by states."""

    name: str
    title: str
    size: tuple[int, int]
    route_points: dict[int, int]
    colors: tuple[str, ...]
    cities: dict[str, dict[str, Any]]
    tracks: list[Track]
    tickets: list[Ticket]
    land: list[list[list[float]]] = field(default_factory=list)
    lakes: list[list[list[float]]] = field(default_factory=list)
    regions: tuple[str, ...] = ()
    double_regions: tuple[str, ...] = ()
    track_by_id: dict[str, Track] = field(init=False)
    parallel: dict[str, tuple[int, ...]] = field(init=False)
    kinds_by_color: tuple[Any, ...] = field(init=False)

    def __getstate__(self) -> dict[str, Any]:
        """The board's data without the engine's caches kept on it (named "_"):
        they grow as games are played and are rebuilt on demand."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def __post_init__(self) -> None:
        self.track_by_id = {t.id: t for t in self.tracks}
        groups: dict[tuple[str, str], list[int]] = {}
        for t in self.tracks:
            groups.setdefault(pair_key(t.a, t.b), []).append(t.index)
        # track id -> indices of every track in its parallel set (itself included)
        self.parallel = {t.id: tuple(groups[pair_key(t.a, t.b)]) for t in self.tracks}
        # For the legal-move scan, the engine's hottest loop: per track colour,
        # (length, tracks) sorted by length, each track as (index, id, other
        # tracks of its parallel set, wave spaces), so the scan stops at the first length
        # the hand cannot pay for.
        by_color: dict[str, dict[int, list[tuple[int, str, tuple[int, ...], int]]]] = {}
        for t in self.tracks:
            siblings = tuple(i for i in self.parallel[t.id] if i != t.index)
            by_color.setdefault(t.color, {}).setdefault(t.length, []).append(
                (t.index, t.id, siblings, t.ferries))
        self.kinds_by_color = tuple(
            (color, tuple((length, tuple(m)) for length, m in sorted(lengths.items())))
            for color, lengths in by_color.items())

    def is_dead_end(self, city: str) -> bool:
        return bool(self.cities[city].get("dead_end"))

    def region(self, city: str) -> str | None:
        return self.cities[city].get("region")

    def node(self, city: str, track: Track) -> str:
        """The graph node a track touches at `city`: dead ends are split per track."""
        return f"{city}#{track.id}" if self.is_dead_end(city) else city


def pair_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def validate_map(data: Any, source: str = "map") -> list[str]:
    """Every problem found in a map's data, as sentences; empty when usable."""
    problems: list[str] = []
    if not isinstance(data, dict):
        return ["the file must hold a JSON object"]
    if data.get("format") != FORMAT:
        problems.append(f"'format' must be {FORMAT}, found {data.get('format')!r}")
    for key in ("name", "title"):
        if not isinstance(data.get(key), str) or not data.get(key):
            problems.append(f"'{key}' must be a non-empty string")
    size = data.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(_is_int(v) and v > 0 for v in size)):
        problems.append("'size' must be [width, height] in positive whole numbers")
        size = None
    points = data.get("route_points")
    lengths: set[int] = set()
    if not isinstance(points, dict) or not points:
        problems.append("'route_points' must map track lengths to points")
    else:
        for k, v in points.items():
            if not (isinstance(k, str) and k.isdigit() and int(k) > 0 and _is_int(v) and v >= 0):
                problems.append(f"route_points entry {k!r}: {v!r} is not length -> points")
            else:
                lengths.add(int(k))
    colors = data.get("colors")
    if not (isinstance(colors, list) and colors and all(isinstance(c, str) for c in colors)):
        problems.append("'colors' must be a list of card colour names")
        colors = []
    elif GRAY in colors or LOCOMOTIVE in colors:
        problems.append(f"'colors' must not contain {GRAY!r} or {LOCOMOTIVE!r}")

    declared = _declared_regions(data, problems)

    cities = data.get("cities")
    names: set[str] = set()
    if not isinstance(cities, list) or not cities:
        problems.append("'cities' must be a non-empty list")
        cities = []
    for i, city in enumerate(cities):
        where = f"city #{i + 1}"
        if not isinstance(city, dict):
            problems.append(f"{where} is not an object")
            continue
        name = city.get("name")
        if not isinstance(name, str) or not name:
            problems.append(f"{where} has no name")
            continue
        where = f"city {name!r}"
        if "#" in name:
            problems.append(f"{where}: a name must not contain '#'")
        if name in names:
            problems.append(f"{where} appears twice")
        names.add(name)
        x, y = city.get("x"), city.get("y")
        if not (_is_number(x) and _is_number(y)):
            problems.append(f"{where} needs numeric x and y")
        elif size and not (0 <= x <= size[0] and 0 <= y <= size[1]):
            problems.append(f"{where} at ({x}, {y}) lies outside the board size {size}")
        if "region" in city and not (isinstance(city["region"], str) and city["region"]):
            problems.append(f"{where} has an empty region")
        if "dead_end" in city and not isinstance(city["dead_end"], bool):
            problems.append(f"{where}: dead_end must be true or false")
    problems.extend(_region_problems(cities, declared))
    dead_ends = {c["name"] for c in cities if isinstance(c, dict)
                 and isinstance(c.get("name"), str) and c.get("dead_end") is True}

    tracks = data.get("tracks")
    ids: set[str] = set()
    pair_lengths: dict[tuple[str, str], int] = {}
    adjacency: dict[str, set[str]] = {n: set() for n in names}
    if not isinstance(tracks, list) or not tracks:
        problems.append("'tracks' must be a non-empty list")
        tracks = []
    for i, track in enumerate(tracks):
        where = f"track #{i + 1}"
        if not isinstance(track, dict):
            problems.append(f"{where} is not an object")
            continue
        tid = track.get("id")
        if isinstance(tid, str) and tid:
            where = f"track {tid!r}"
            if tid in ids:
                problems.append(f"{where} is a duplicate track id")
            ids.add(tid)
        else:
            problems.append(f"{where} has no id")
        a, b = track.get("a"), track.get("b")
        ends_ok = True
        for end in (a, b):
            if end not in names:
                problems.append(f"{where} goes to unknown city {end!r}")
                ends_ok = False
        if ends_ok and a == b:
            problems.append(f"{where} joins {a!r} to itself")
            ends_ok = False
        length = track.get("length")
        if not _is_int(length) or (lengths and length not in lengths) or length <= 0:
            problems.append(
                f"{where} has impossible length {length!r} (allowed: {sorted(lengths)})")
            length = None
        color = track.get("color")
        if color != GRAY and color not in colors:
            problems.append(f"{where} has unknown colour {color!r}")
        ferries = track.get("ferries", 0)
        if not _is_int(ferries) or ferries < 0 or (length is not None and ferries > length):
            problems.append(f"{where} has impossible ferries count {ferries!r}")
        elif ferries and color != GRAY:
            problems.append(f"{where} is a ferry but not gray")
        if ends_ok and length is not None:
            key = pair_key(a, b)
            if pair_lengths.setdefault(key, length) != length:
                problems.append(f"{where}: parallel tracks {key[0]}-{key[1]} differ in length")
            adjacency[a].add(b)
            adjacency[b].add(a)
    for (a, b), _ in pair_lengths.items():
        count = sum(1 for t in tracks if isinstance(t, dict) and pair_key(
            str(t.get("a")), str(t.get("b"))) == (a, b))
        if count > 3:
            problems.append(f"{a}-{b} has {count} parallel tracks (at most 3)")

    for key in ("land", "lakes"):
        rings = data.get(key, [])
        if not isinstance(rings, list) or not all(
                isinstance(ring, list) and len(ring) >= 3 and all(
                    isinstance(p, list) and len(p) == 2 and all(_is_number(v) for v in p)
                    for p in ring) for ring in rings):
            problems.append(f"'{key}' must be a list of outlines of at least 3 [x, y] points")

    tickets = data.get("tickets")
    if not isinstance(tickets, list) or not tickets:
        problems.append("'tickets' must be a non-empty list")
        tickets = []
    reach_cache: dict[str, set[str]] = {}
    for i, ticket in enumerate(tickets):
        where = f"ticket #{i + 1}"
        if not isinstance(ticket, dict):
            problems.append(f"{where} is not an object")
            continue
        a, b = ticket.get("a"), ticket.get("b")
        where = f"ticket {a}-{b}"
        if a not in names or b not in names:
            for end in (a, b):
                if end not in names:
                    problems.append(f"{where} goes to unknown city {end!r} (a ticket to nowhere)")
            continue
        if a == b:
            problems.append(f"{where} starts and ends in the same city")
            continue
        if not (_is_int(ticket.get("points")) and ticket["points"] > 0):
            problems.append(f"{where} needs positive whole points")
        if a not in reach_cache:
            reach_cache[a] = _reachable(adjacency, a, dead_ends)
        if b not in reach_cache[a]:
            problems.append(f"{where} cannot be completed: no tracks lead from {a} to {b}")
    return problems


def _reachable(adjacency: dict[str, set[str]], start: str,
               dead_ends: set[str] = frozenset()) -> set[str]:
    """Every city a chain of tracks reaches from `start`; a dead end is no way through."""
    seen = {start}
    todo = [start]
    while todo:
        city = todo.pop()
        if city != start and city in dead_ends:
            continue
        for nxt in adjacency.get(city, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _declared_regions(data: dict, problems: list[str]) -> list[str] | None:
    """The board's `regions` list (None when it has none), checking it and `double_regions`."""
    declared = data.get("regions")
    if declared is not None and not (
            isinstance(declared, list) and declared
            and all(isinstance(r, str) and r for r in declared)):
        problems.append("'regions' must be a non-empty list of region names")
        declared = None
    elif declared is not None:
        for r in sorted({r for r in declared if declared.count(r) > 1}):
            problems.append(f"region {r!r} is listed twice in 'regions'")
    doubles = data.get("double_regions")
    if doubles is not None:
        if not (isinstance(doubles, list) and all(isinstance(r, str) for r in doubles)):
            problems.append("'double_regions' must be a list of region names")
        elif declared is None:
            problems.append("'double_regions' needs the 'regions' list")
        else:
            for r in doubles:
                if r not in declared:
                    problems.append(f"double region {r!r} is not in 'regions'")
    return declared


def _region_problems(cities: list[Any], declared: list[str] | None) -> list[str]:
    """Regions: all cities or none, from the declared list, areas named after themselves."""
    problems: list[str] = []
    entries = [c for c in cities if isinstance(c, dict) and isinstance(c.get("name"), str)]
    if declared is None and not any("region" in c for c in entries):
        return problems
    used: set[str] = set()
    for city in entries:
        name, region = city["name"], city.get("region")
        if not isinstance(region, str) or not region:
            if "region" not in city:
                problems.append(f"city {name!r} has no region (every city needs one "
                                "once the board has regions)")
            continue
        if city.get("dead_end") is True:
            if region != name:
                problems.append(f"area {name!r} is a dead end: its region must be its own "
                                f"name, not {region!r}")
        elif declared is not None and region not in declared:
            problems.append(f"city {name!r} is in unknown region {region!r} "
                            "(not in 'regions')")
        else:
            used.add(region)
    for region in declared or ():
        if region not in used:
            problems.append(f"region {region!r} has no city")
    return problems


def board_from_data(data: Any, source: str = "map") -> Board:
    """Build a Board from parsed JSON, raising MapError with every problem."""
    problems = validate_map(data, source)
    if problems:
        raise MapError(source, problems)
    cities = {c["name"]: dict(c) for c in data["cities"]}
    tracks = [
        Track(i, t["id"], t["a"], t["b"], t["length"], t["color"], t.get("ferries", 0))
        for i, t in enumerate(data["tracks"])
    ]
    tickets = [Ticket(i, t["a"], t["b"], t["points"]) for i, t in enumerate(data["tickets"])]
    return Board(
        name=data["name"],
        title=data["title"],
        size=(data["size"][0], data["size"][1]),
        route_points={int(k): v for k, v in data["route_points"].items()},
        colors=tuple(data["colors"]),
        cities=cities,
        tracks=tracks,
        tickets=tickets,
        land=data.get("land", []),
        lakes=data.get("lakes", []),
        regions=tuple(data.get("regions", ())),
        double_regions=tuple(data.get("double_regions", ())),
    )


def read_map_file(path: str | Path) -> Board:
    """Load and validate a map file, with a clear error for a missing or bad file."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_MAP_BYTES + 1)   # bounded: a huge file is refused, not read
    except OSError as exc:
        raise MapError(str(path), [f"cannot read the file: {exc.strerror or exc}"]) from exc
    if len(raw) > MAX_MAP_BYTES:
        raise MapError(str(path), [f"the file is bigger than a map can be "
                                   f"({MAX_MAP_BYTES // 1024 ** 2} MB)"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MapError(str(path), ["not a text file (a map is JSON text in UTF-8)"]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapError(str(path), [f"not valid JSON: {exc}"]) from exc
    except (RecursionError, ValueError):   # nested too deeply; a number too long to read
        raise MapError(str(path), ["not valid JSON (nested too deeply, or a number too "
                                   "long)"]) from None
    return board_from_data(data, str(path))


_CACHE: dict[str, Board] = {}


def load_board(name: str) -> Board:
    """The packaged board `assets/maps/NAME.json`, loaded once and shared."""
    if name not in _CACHE:
        if not name.replace("_", "").replace("-", "").isalnum():
            raise MapError(name, ["a board name has only letters, digits, '-' and '_'"])
        resource = resources.files("assets").joinpath("maps", f"{name}.json")
        if not resource.is_file():
            raise MapError(name, [f"no packaged map named {name!r}"])
        data = json.loads(resource.read_text(encoding="utf-8"))
        _CACHE[name] = board_from_data(data, f"assets/maps/{name}.json")
    return _CACHE[name]


def map_json(data: dict[str, Any]) -> str:
    """A map as JSON text with one line per city, track, ticket and outline:
    small files whose diffs read well. The map builders in tools/ write it."""
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
            rows = ",\n  ".join(json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f' "{key}": [\n  {rows}\n ]')
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
