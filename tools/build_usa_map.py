"""Build assets/maps/usa.json from the board facts in ../shared/data.

The facts give real latitude/longitude; this lays them out on the project's
own stylised board (an equirectangular projection squeezed by the cosine of
the mid latitude, then nudged where labels would crowd). Run it again after
changing the facts or the nudges; the output is checked by the validator.
"""

from __future__ import annotations

import json
import math
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT.parent / "shared" / "data" / "usa_board_facts.json"
OUT = ROOT / "assets" / "maps" / "usa.json"
SIZE = (1400, 900)
MARGIN = 60
# Hand nudges (in layout units) so that close cities do not overlap on screen.
NUDGE = {
    "Seattle": (0, 10),
    "Vancouver": (0, -10),
    "Portland": (-5, 10),
    "Boston": (10, 0),
    "New York": (5, 10),
    "Washington": (0, 10),
    "Pittsburgh": (-10, 0),
    "Sault St. Marie": (0, 10),
}


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


def build(facts: dict) -> dict:
    cities = facts["cities"]
    lats = [c["lat"] for c in cities]
    lons = [c["lon"] for c in cities]
    squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
    xs = [lon * squeeze for lon in lons]
    span_x, span_y = max(xs) - min(xs), max(lats) - min(lats)
    scale = min((SIZE[0] - 2 * MARGIN) / span_x, (SIZE[1] - 2 * MARGIN) / span_y)
    out_cities = []
    for c, x in zip(cities, xs, strict=True):
        dx, dy = NUDGE.get(c["name"], (0, 0))
        px = MARGIN + (x - min(xs)) * scale + dx
        py = MARGIN + (max(lats) - c["lat"]) * scale + dy
        out_cities.append({"name": c["name"], "x": round(px), "y": round(py),
                           "lat": c["lat"], "lon": c["lon"]})
    seen: dict[str, int] = {}
    pairs: dict[tuple[str, str], int] = {}
    for t in facts["tracks"]:
        key = tuple(sorted((t["a"], t["b"])))
        pairs[key] = pairs.get(key, 0) + 1
    tracks = []
    for t in facts["tracks"]:
        key = tuple(sorted((t["a"], t["b"])))
        base = f"{slug(t['a'])}--{slug(t['b'])}"
        seen[base] = seen.get(base, 0) + 1
        tid = f"{base}-{seen[base]}" if pairs[key] > 1 else base
        tracks.append({"id": tid, "a": t["a"], "b": t["b"], "length": t["length"],
                       "color": t["color"]})
    return {
        "format": 1,
        "name": "usa",
        "title": "North America",
        "size": list(SIZE),
        "route_points": facts["route_points"],
        "colors": facts["train_cards"]["colors"],
        "cities": out_cities,
        "tracks": tracks,
        "tickets": facts["tickets"],
    }


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from game.rules.routes.board import validate_map

    data = build(json.loads(FACTS.read_text(encoding="utf-8")))
    problems = validate_map(data, str(OUT))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: {len(data['cities'])} cities, {len(data['tracks'])} tracks, "
          f"{len(data['tickets'])} tickets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
