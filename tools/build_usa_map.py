"""Build assets/maps/usa.json from the board facts in tools/data/usa_board_facts.json.

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
FACTS = ROOT / "tools" / "data" / "usa_board_facts.json"
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


# Coastline and the Great Lakes as (lat, lon) rings, traced by hand from an atlas
# at a coarse scale: enough for a stylised board, and the project's own drawing.
LAND = [[
    (58, -140), (54, -131), (50.5, -128.5), (48.4, -124.7), (46.2, -124.0), (43.0, -124.5),
    (40.4, -124.4), (38.0, -123.0), (36.6, -121.9), (34.5, -120.5), (34.0, -118.5),
    (32.5, -117.1), (31.0, -116.5), (28.0, -114.2), (24.0, -110.5), (23.0, -109.5),
    (24.5, -111.8), (27.5, -112.8), (31.3, -114.7), (30.0, -112.6), (27.0, -110.3),
    (25.0, -108.4), (22.0, -105.6), (19.0, -104.5), (15.0, -100.0), (15.0, -95.0),
    (18.5, -95.0), (19.5, -96.3), (22.0, -97.8), (25.9, -97.2), (27.8, -97.4),
    (29.3, -94.8), (29.7, -93.8), (29.5, -92.0), (29.1, -90.2), (30.3, -89.0),
    (30.4, -87.5), (30.1, -85.5), (29.7, -84.5), (29.0, -83.0), (27.8, -82.7),
    (26.5, -82.0), (25.2, -81.1), (25.3, -80.4), (26.7, -80.0), (28.5, -80.6),
    (30.4, -81.4), (32.0, -80.9), (32.8, -79.9), (33.8, -78.6), (34.7, -76.6),
    (35.2, -75.5), (36.9, -76.0), (38.5, -75.0), (39.5, -74.3), (40.5, -74.0),
    (40.7, -72.5), (41.2, -72.0), (41.5, -71.0), (41.7, -70.0), (42.1, -70.6),
    (42.7, -70.7), (43.6, -70.2), (44.4, -68.2), (44.9, -67.0), (45.2, -66.0),
    (43.5, -65.7), (44.6, -63.5), (45.8, -61.0), (46.8, -64.6), (48.5, -64.3),
    (49.2, -67.5), (50.2, -66.4), (50.5, -60.0), (52.0, -56.0), (58.0, -56.0),
]]
LAKES = [
    [(46.6, -92.1), (47.3, -90.5), (47.9, -89.3), (48.8, -88.3), (48.6, -86.4),
     (47.6, -84.9), (46.6, -84.6), (46.4, -86.6), (46.8, -88.0), (46.6, -90.5)],
    [(45.8, -85.0), (45.9, -87.0), (44.5, -87.5), (43.0, -87.9), (41.8, -87.6),
     (41.7, -86.8), (43.0, -86.3), (44.5, -86.2), (45.2, -85.4)],
    [(46.2, -84.0), (45.9, -81.5), (45.0, -80.0), (44.5, -81.3), (43.2, -81.7),
     (43.9, -83.2), (44.8, -83.3), (45.8, -83.9)],
    [(42.9, -78.9), (42.3, -79.8), (41.5, -81.7), (41.4, -82.7), (42.0, -83.2),
     (42.6, -81.5)],
    [(43.3, -79.8), (43.6, -79.2), (43.9, -77.0), (44.2, -76.3), (43.5, -76.2),
     (43.3, -77.8)],
]


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
    def project(lat: float, lon: float) -> tuple[float, float]:
        return (MARGIN + (lon * squeeze - min(xs)) * scale,
                MARGIN + (max(lats) - lat) * scale)

    out_cities = []
    for c in cities:
        dx, dy = NUDGE.get(c["name"], (0, 0))
        px, py = project(c["lat"], c["lon"])
        px, py = px + dx, py + dy
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
        "land": [[[round(v) for v in project(*p)] for p in ring] for ring in LAND],
        "lakes": [[[round(v) for v in project(*p)] for p in ring] for ring in LAKES],
    }


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from game.rules.routes.board import map_json, validate_map

    data = build(json.loads(FACTS.read_text(encoding="utf-8")))
    problems = validate_map(data, str(OUT))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    OUT.write_text(map_json(data), encoding="utf-8")
    print(f"wrote {OUT}: {len(data['cities'])} cities, {len(data['tracks'])} tracks, "
          f"{len(data['tickets'])} tickets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
