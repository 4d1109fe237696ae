"""Build assets/race/world_map.json: the race game's world map, from Natural Earth.

Input: Natural Earth's 1:110m land (public domain) as TopoJSON, as packaged
in the npm package `world-atlas` (`npm pack world-atlas@2`; the tarball
holds `package/land-110m.json`):

    python tools/build_world_map.py path/to/land-110m.json

Steps: decode the TopoJSON arcs (quantized, delta-encoded), join them into
rings, drop Antarctica and tiny islands, project (Miller cylindrical, the
map cut in the mid-Atlantic so the journey reads left to right from London
to New York and the last sea leg wraps from the right edge to the left),
simplify each ring (Douglas-Peucker, in map units) and clip it to the map.
The cities come from their real latitude and longitude (nudged apart where
London and Paris would touch), the legs from hand-picked sea lanes and
railways. The output is checked by the race scene's loader; CI does not run
this tool, so the generated JSON is committed.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "race" / "world_map.json"

WIDTH = 1600          # map units across the whole 360 degrees
WEST = -28.0          # the map's left edge (mid-Atlantic); the right edge is WEST + 360
NORTH, SOUTH = 74.0, -40.0
STRETCH = 1.22        # the game board is taller than the world: latitude drawn larger
TOLERANCE = 1.2       # Douglas-Peucker tolerance in map units
MIN_AREA = 30.0       # rings smaller than this (map units squared) are dropped

# lon, lat of each city of the route.
CITIES = {
    "London": (-0.13, 51.51), "Paris": (2.35, 48.86), "Brindisi": (17.94, 40.63),
    "Suez": (32.55, 29.97), "Bombay": (72.88, 19.08), "Calcutta": (88.36, 22.57),
    "Hong Kong": (114.17, 22.30), "Yokohama": (139.64, 35.44),
    "San Francisco": (-122.42, 37.77), "New York": (-74.01, 40.71),
}
# Map units: London, Paris and Brindisi crowd each other; spread them a little.
NUDGE = {"London": (-24, -16), "Paris": (12, 14), "Brindisi": (12, 6)}
# Where each leg goes between its cities (lon, lat): sea lanes round the land,
# railways over it. Kind "ship", "train" or "land" (no cards: rail and elephant).
LEGS = [
    ("London", "Paris", "ship", []),
    ("Paris", "Brindisi", "train", [(7.0, 45.3), (12.0, 43.5)]),
    ("Brindisi", "Suez", "ship", [(19.5, 38.0), (22.0, 34.8), (28.0, 32.6), (32.3, 31.3)]),
    ("Suez", "Bombay", "ship", [(34.5, 27.0), (38.5, 20.5), (42.5, 14.0), (44.5, 12.3),
                                (51.0, 13.0), (58.0, 15.5), (66.0, 17.5)]),
    ("Bombay", "Calcutta", "land", [(78.0, 21.5), (83.0, 23.5)]),
    ("Calcutta", "Hong Kong", "ship", [(88.5, 20.5), (92.5, 14.0), (96.0, 7.0), (99.5, 4.0),
                                       (103.8, 1.2), (106.5, 5.0), (110.0, 12.0),
                                       (111.5, 18.5)]),
    ("Hong Kong", "Yokohama", "ship", [(119.0, 22.5), (123.0, 27.0), (129.0, 30.0),
                                       (134.0, 32.8), (138.0, 34.2)]),
    ("Yokohama", "San Francisco", "ship", [(150.0, 38.0), (170.0, 41.0), (195.0, 42.0),
                                           (220.0, 40.0)]),
    ("San Francisco", "New York", "train", [(-112.0, 41.0), (-96.0, 41.3), (-87.6, 41.9)]),
    ("New York", "London", "ship", [(-55.0, 43.5), (-35.0, 48.5), (-15.0, 50.5)]),
]


# --- TopoJSON -------------------------------------------------------------------------

def decode_arcs(topo: dict) -> list[list[tuple[float, float]]]:
    """The arcs as lon/lat points: quantized positions, each a delta from the last."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_points(indices: list[int], arcs: list[list[tuple[float, float]]]
                ) -> list[tuple[float, float]]:
    """One ring from its arc indices (~i is arc i reversed); shared ends appear once."""
    ring: list[tuple[float, float]] = []
    for index in indices:
        arc = arcs[index] if index >= 0 else arcs[~index][::-1]
        ring.extend(arc[1:] if ring else arc)
    return ring


def land_rings(topo: dict) -> list[list[tuple[float, float]]]:
    """Every outer ring of the land (holes, the Caspian's kind, are not needed here)."""
    arcs = decode_arcs(topo)
    rings = []
    for geometry in topo["objects"]["land"]["geometries"]:
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in polygons:
            rings.append(ring_points(polygon[0], arcs))
    return rings


# --- projection -------------------------------------------------------------------------

def miller(lat: float) -> float:
    phi = math.radians(lat)
    return 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * phi))


SCALE = WIDTH / (2 * math.pi)
TOP = miller(NORTH)
HEIGHT = round((TOP - miller(SOUTH)) * SCALE * STRETCH)


def project(lon: float, lat: float) -> tuple[float, float]:
    """Map units; longitudes east of the right edge keep going (callers wrap)."""
    lat = max(SOUTH - 10, min(NORTH + 10, lat))
    x = (lon - WEST) / 360 * WIDTH
    y = (TOP - miller(lat)) * SCALE * STRETCH
    return x, y


def unwrap(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Longitudes made continuous (no 360-degree jumps) and shifted past WEST."""
    out = [ring[0]]
    for lon, lat in ring[1:]:
        prev = out[-1][0]
        while lon - prev > 180:
            lon -= 360
        while prev - lon > 180:
            lon += 360
        out.append((lon, lat))
    west = min(lon for lon, _ in out)
    shift = 0.0
    while west + shift < WEST:
        shift += 360
    while west + shift >= WEST + 360:
        shift -= 360
    return [(lon + shift, lat) for lon, lat in out]


# --- geometry ---------------------------------------------------------------------------

def area(ring: list[tuple[float, float]]) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
                   in zip(ring, ring[1:] + ring[:1], strict=True))) / 2


def douglas_peucker(points: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    """Keep the points that stray more than `tol` from the line between kept ones."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = points[a], points[b]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        worst, index = 0.0, -1
        for i in range(a + 1, b):
            px, py = points[i]
            if length:
                d = abs(dy * px - dx * py + bx * ay - by * ax) / length
            else:
                d = math.hypot(px - ax, py - ay)
            if d > worst:
                worst, index = d, i
        if worst > tol:
            keep[index] = True
            stack += [(a, index), (index, b)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def simplify_ring(ring: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    """A closed ring simplified in two halves (so its start point is not special)."""
    if ring[0] == ring[-1]:
        ring = ring[:-1]
    half = len(ring) // 2
    first = douglas_peucker(ring[:half + 1], tol)
    second = douglas_peucker(ring[half:] + ring[:1], tol)
    return first[:-1] + second[:-1]


def clip_x(ring: list[tuple[float, float]], low: float, high: float
           ) -> list[tuple[float, float]]:
    """Sutherland-Hodgman against the vertical lines x = low and x = high."""
    def clip(points, inside, cross):
        out = []
        for i, cur in enumerate(points):
            prev = points[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
        return out

    def at_x(x):
        def cross(p, q):
            t = (x - p[0]) / (q[0] - p[0])
            return (x, p[1] + t * (q[1] - p[1]))
        return cross

    ring = clip(ring, lambda p: p[0] >= low, at_x(low))
    return clip(ring, lambda p: p[0] <= high, at_x(high)) if ring else ring


def leg_path(start: str, end: str, via: list[tuple[float, float]]) -> list[list[int]]:
    """A leg's points in map units, eastward (past the right edge where it wraps)."""
    lon0 = CITIES[start][0] + (360 if CITIES[start][0] < WEST else 0)
    out = [city_point(start)]
    prev = lon0
    for lon, lat in via + [CITIES[end]]:
        while lon - prev > 180:
            lon -= 360
        while prev - lon > 180:
            lon += 360
        prev = lon
        x, y = project(lon, lat)
        out.append([round(x), round(y)])
    end_x, end_y = city_point(end)
    while end_x < out[-1][0] - WIDTH / 2:
        end_x += WIDTH  # the Atlantic: New York to London runs off the right edge
    out[-1] = [end_x, end_y]
    return out


def city_point(name: str) -> list[int]:
    lon, lat = CITIES[name]
    if lon < WEST:
        lon += 360
    x, y = project(lon, lat)
    dx, dy = NUDGE.get(name, (0, 0))
    return [round(x + dx), round(y + dy)]


def build(topo: dict) -> dict:
    land = []
    for ring in land_rings(topo):
        if max(lat for _, lat in ring) < -55:
            continue  # Antarctica: far south of every route
        ring = unwrap(ring)
        projected = [project(lon, lat) for lon, lat in ring]
        if area(projected) < MIN_AREA:
            continue
        simple = simplify_ring(projected, TOLERANCE)
        for shift in (0, -WIDTH):
            moved = [(x + shift, y) for x, y in simple]
            clipped = clip_x(moved, 0, WIDTH)
            if len(clipped) >= 3 and area(clipped) >= MIN_AREA:
                points = [[round(x), round(y)] for x, y in clipped]
                dedup = [p for i, p in enumerate(points) if p != points[i - 1]]
                if len(dedup) >= 3:
                    land.append(dedup)
    land.sort(key=lambda r: -area([tuple(p) for p in r]))
    return {
        "format": 1,
        "source": "Natural Earth 1:110m land (public domain), via the world-atlas package",
        "projection": {"name": "miller", "west": WEST, "north": NORTH, "south": SOUTH,
                       "stretch": STRETCH},
        "size": [WIDTH, HEIGHT],
        "land": land,
        "cities": {name: city_point(name) for name in CITIES},
        "lonlat": {name: list(CITIES[name]) for name in CITIES},
        "legs": [{"from": a, "to": b, "kind": kind, "points": leg_path(a, b, via)}
                 for a, b, kind, via in LEGS],
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    topo = json.loads(Path(argv[1]).read_text())
    data = build(topo)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"))
    OUT.write_text(text + "\n")
    points = sum(len(r) for r in data["land"])
    print(f"{OUT}: {len(data['land'])} land rings, {points} points, {len(text) // 1024} KB, "
          f"size {data['size']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
