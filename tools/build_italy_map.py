"""Build assets/maps/italy.json: the project's own Italy board for `routes-italy`.

The printed Italy board's data is not public, so this script draws a board of
its own that follows every rule of seed 002: real Italian cities at their real
positions, each in one of the 17 regions; the neighbouring areas (Francia,
Svizzera, Austria, Slovenia, Monaco) as dead ends; every gray route a ferry
with 1 to 4 wave spaces; a few double and triple routes; 56 tickets whose
values follow the fewest train spaces between their ends, on the base game's
scale. The data below are the facts; the layout is the same projection as
tools/build_usa_map.py (equirectangular, squeezed by the cosine of the mid
latitude) with the crowded Po valley drawn larger, and a few nudges. Run it again after changing the
data; the output is checked by the validator before it is written.
"""

from __future__ import annotations

import heapq
import math
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "maps" / "italy.json"
WIDTH = 1000           # layout width; the height follows the map's shape
MARGIN = 60
ROUTE_POINTS = {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15}
COLORS = ["pink", "white", "blue", "yellow", "orange", "black", "red", "green"]

# The 17 regions of the board (Valle d'Aosta counts with Piemonte, Molise with
# Abruzzo, Basilicata with Calabria) and the three that count twice for a
# network holding every one of their cities.
REGIONS = [
    "Piemonte", "Liguria", "Lombardia", "Trentino-Alto Adige", "Veneto",
    "Friuli-Venezia Giulia", "Emilia-Romagna", "Toscana", "Umbria", "Marche", "Lazio",
    "Abruzzo", "Campania", "Puglia", "Calabria", "Sicilia", "Sardegna",
]
DOUBLE_REGIONS = ["Sardegna", "Sicilia", "Puglia"]

# name: (lat, lon, region). Real positions of the cities.
CITIES = {
    "Aosta": (45.737, 7.315, "Piemonte"),
    "Torino": (45.070, 7.686, "Piemonte"),
    "Cuneo": (44.384, 7.543, "Piemonte"),
    "Sanremo": (43.816, 7.776, "Liguria"),
    "Genova": (44.405, 8.946, "Liguria"),
    "La Spezia": (44.103, 9.824, "Liguria"),
    "Milano": (45.464, 9.190, "Lombardia"),
    "Bergamo": (45.698, 9.677, "Lombardia"),
    "Brescia": (45.541, 10.212, "Lombardia"),
    "Bolzano": (46.498, 11.355, "Trentino-Alto Adige"),
    "Trento": (46.067, 11.121, "Trentino-Alto Adige"),
    "Verona": (45.438, 10.992, "Veneto"),
    "Padova": (45.406, 11.877, "Veneto"),
    "Venezia": (45.438, 12.327, "Veneto"),
    "Udine": (46.071, 13.235, "Friuli-Venezia Giulia"),
    "Trieste": (45.650, 13.777, "Friuli-Venezia Giulia"),
    "Parma": (44.801, 10.328, "Emilia-Romagna"),
    "Bologna": (44.494, 11.343, "Emilia-Romagna"),
    "Ravenna": (44.418, 12.204, "Emilia-Romagna"),
    "Pisa": (43.716, 10.402, "Toscana"),
    "Livorno": (43.548, 10.311, "Toscana"),
    "Firenze": (43.770, 11.255, "Toscana"),
    "Perugia": (43.112, 12.389, "Umbria"),
    "Ancona": (43.616, 13.519, "Marche"),
    "Roma": (41.903, 12.496, "Lazio"),
    "L'Aquila": (42.350, 13.399, "Abruzzo"),
    "Pescara": (42.464, 14.214, "Abruzzo"),
    "Napoli": (40.852, 14.268, "Campania"),
    "Salerno": (40.683, 14.768, "Campania"),
    "Foggia": (41.462, 15.545, "Puglia"),
    "Bari": (41.117, 16.872, "Puglia"),
    "Taranto": (40.464, 17.247, "Puglia"),
    "Lecce": (40.352, 18.169, "Puglia"),
    "Potenza": (40.640, 15.806, "Calabria"),
    "Cosenza": (39.298, 16.254, "Calabria"),
    "Reggio Calabria": (38.111, 15.647, "Calabria"),
    "Messina": (38.193, 15.554, "Sicilia"),
    "Palermo": (38.116, 13.361, "Sicilia"),
    "Catania": (37.502, 15.087, "Sicilia"),
    "Sassari": (40.727, 8.560, "Sardegna"),
    "Olbia": (40.923, 9.498, "Sardegna"),
    "Cagliari": (39.223, 9.122, "Sardegna"),
}
# The neighbouring areas: dead ends, placed just across the border where the
# tracks into them cross it. Each one's region is its own name.
AREAS = {
    "Francia": (45.25, 6.60),
    "Monaco": (43.738, 7.424),
    "Svizzera": (46.25, 8.75),
    "Austria": (47.00, 11.90),
    "Slovenia": (45.95, 13.95),
}
# The crowded north (Milano to Venezia) is drawn larger: a smooth magnification
# by 1 + MAGNIFY at this centre (lat, lon), fading out over MAGNIFY_REACH degrees.
MAGNIFY_AT = (45.35, 10.9)
MAGNIFY = 0.9
MAGNIFY_REACH = 1.9
# Hand nudges (layout units) so that close cities do not overlap on screen.
NUDGE = {
    "Messina": (-12, -6),
    "Reggio Calabria": (12, 8),
    "Pisa": (2, -8),
    "Livorno": (-6, 16),
    "Monaco": (-10, 6),
    "Padova": (-6, 4),
    "Venezia": (6, -4),
}

# (a, b, length, colours, wave spaces). Several colours make a double or a
# triple route, one track per colour; "gray" tracks are ferries and every one
# has 1 to 4 wave spaces, the other spaces being ordinary gray spaces.
TRACKS = [
    # into the neighbouring areas
    ("Aosta", "Francia", 2, ["orange"], 0),
    ("Torino", "Francia", 2, ["white"], 0),
    ("Cuneo", "Francia", 3, ["green"], 0),
    ("Sanremo", "Monaco", 1, ["blue"], 0),
    ("Cuneo", "Monaco", 2, ["red"], 0),
    ("Aosta", "Svizzera", 3, ["black"], 0),
    ("Milano", "Svizzera", 2, ["yellow"], 0),
    ("Bergamo", "Svizzera", 2, ["pink"], 0),
    ("Bolzano", "Austria", 2, ["red"], 0),
    ("Udine", "Austria", 3, ["white"], 0),
    ("Trieste", "Slovenia", 1, ["orange"], 0),
    ("Udine", "Slovenia", 2, ["black"], 0),
    # the north-west
    ("Aosta", "Torino", 2, ["blue"], 0),
    ("Torino", "Cuneo", 2, ["yellow"], 0),
    ("Torino", "Milano", 2, ["red", "green"], 0),
    ("Torino", "Genova", 3, ["pink"], 0),
    ("Sanremo", "Genova", 3, ["black"], 0),
    ("Genova", "La Spezia", 2, ["white", "yellow"], 0),
    ("Milano", "Genova", 3, ["blue", "orange"], 0),
    ("Milano", "Bergamo", 1, ["black"], 0),
    ("Bergamo", "Brescia", 1, ["yellow"], 0),
    ("Milano", "Parma", 3, ["white"], 0),
    ("Milano", "Brescia", 2, ["green", "blue"], 0),
    ("Aosta", "Milano", 3, ["green"], 0),
    ("Bolzano", "Svizzera", 3, ["orange"], 0),
    # the north-east
    ("Brescia", "Verona", 2, ["red"], 0),
    ("Brescia", "Trento", 3, ["orange"], 0),
    ("Verona", "Trento", 2, ["pink"], 0),
    ("Trento", "Bolzano", 1, ["green"], 0),
    ("Verona", "Padova", 2, ["blue", "white"], 0),
    ("Padova", "Venezia", 1, ["orange", "green"], 0),
    ("Venezia", "Udine", 3, ["yellow"], 0),
    ("Bolzano", "Udine", 5, ["blue"], 0),
    ("Udine", "Trieste", 2, ["green"], 0),
    ("Venezia", "Trieste", 3, ["gray"], 2),
    ("Padova", "Bologna", 3, ["black"], 0),
    ("Verona", "Parma", 3, ["yellow"], 0),
    # Emilia-Romagna and Toscana
    ("Parma", "Bologna", 2, ["pink", "orange"], 0),
    ("Parma", "La Spezia", 3, ["red"], 0),
    ("La Spezia", "Pisa", 2, ["green"], 0),
    ("Pisa", "Livorno", 1, ["pink"], 0),
    ("Pisa", "Firenze", 2, ["yellow", "black"], 0),
    ("Livorno", "Firenze", 2, ["blue"], 0),
    ("Ravenna", "Firenze", 3, ["pink"], 0),
    ("Bologna", "Firenze", 2, ["red", "blue", "black"], 0),
    ("Bologna", "Ravenna", 2, ["white"], 0),
    ("Ravenna", "Venezia", 3, ["gray"], 2),
    ("Trieste", "Ancona", 5, ["gray"], 3),
    ("Ravenna", "Ancona", 4, ["green"], 0),
    ("Firenze", "Perugia", 3, ["orange"], 0),
    ("Perugia", "Ancona", 3, ["pink"], 0),
    # the centre
    ("Firenze", "Roma", 5, ["white", "yellow"], 0),
    ("Perugia", "Roma", 3, ["green"], 0),
    ("Livorno", "Roma", 6, ["black"], 0),
    ("Ancona", "Pescara", 4, ["red"], 0),
    ("Ancona", "L'Aquila", 4, ["blue"], 0),
    ("Pescara", "L'Aquila", 1, ["yellow"], 0),
    ("L'Aquila", "Roma", 2, ["orange"], 0),
    ("Pescara", "Roma", 4, ["pink"], 0),
    # the south
    ("Roma", "Napoli", 4, ["black", "green", "pink"], 0),
    ("Pescara", "Foggia", 4, ["white"], 0),
    ("Napoli", "Foggia", 3, ["yellow"], 0),
    ("Napoli", "Salerno", 1, ["red", "white"], 0),
    ("L'Aquila", "Napoli", 4, ["red"], 0),
    ("Salerno", "Potenza", 2, ["blue"], 0),
    ("Potenza", "Foggia", 2, ["black"], 0),
    ("Foggia", "Bari", 3, ["orange", "red"], 0),
    ("Bari", "Taranto", 2, ["green"], 0),
    ("Bari", "Lecce", 3, ["pink"], 0),
    ("Taranto", "Lecce", 2, ["black"], 0),
    ("Potenza", "Taranto", 3, ["blue"], 0),
    ("Potenza", "Bari", 3, ["yellow"], 0),
    ("Potenza", "Cosenza", 3, ["green"], 0),
    ("Salerno", "Cosenza", 4, ["orange"], 0),
    ("Taranto", "Cosenza", 3, ["yellow"], 0),
    ("Cosenza", "Reggio Calabria", 3, ["red"], 0),
    ("Reggio Calabria", "Messina", 1, ["gray", "gray"], 1),
    # Sicilia
    ("Messina", "Palermo", 4, ["white"], 0),
    ("Messina", "Catania", 2, ["blue", "pink"], 0),
    ("Catania", "Palermo", 3, ["orange"], 0),
    ("Napoli", "Palermo", 6, ["gray"], 4),
    # Sardegna and its ferries
    ("Olbia", "Sassari", 2, ["yellow"], 0),
    ("Sassari", "Cagliari", 4, ["red"], 0),
    ("Olbia", "Cagliari", 4, ["white"], 0),
    ("Olbia", "Livorno", 5, ["gray"], 3),
    ("Olbia", "Roma", 5, ["gray"], 3),
    ("Sassari", "Genova", 6, ["gray"], 4),
    ("Cagliari", "Palermo", 6, ["gray"], 4),
    ("Cagliari", "Napoli", 6, ["gray"], 4),
]

# Ticket ends; the values are computed from the tracks above.
TICKETS = [
    # to and from the neighbouring areas
    ("Francia", "Roma"), ("Francia", "Venezia"), ("Francia", "Firenze"),
    ("Monaco", "Milano"), ("Monaco", "Napoli"), ("Svizzera", "Roma"),
    ("Svizzera", "Venezia"), ("Svizzera", "Genova"), ("Austria", "Milano"),
    ("Austria", "Napoli"), ("Austria", "Firenze"), ("Slovenia", "Torino"),
    ("Slovenia", "Roma"), ("Slovenia", "Bari"), ("Francia", "Slovenia"),
    # between cities
    ("Torino", "Venezia"), ("Torino", "Roma"), ("Torino", "Bari"),
    ("Milano", "Roma"), ("Milano", "Napoli"), ("Milano", "Palermo"),
    ("Milano", "Trieste"), ("Genova", "Firenze"), ("Genova", "Roma"),
    ("Genova", "Cagliari"), ("Aosta", "Bologna"), ("Cuneo", "Firenze"),
    ("Sanremo", "Bologna"), ("Bolzano", "Roma"), ("Bolzano", "Venezia"),
    ("Trento", "Firenze"), ("Verona", "Bari"), ("Verona", "Napoli"),
    ("Venezia", "Ancona"), ("Venezia", "Roma"), ("Udine", "Bologna"),
    ("Trieste", "Pescara"), ("Trieste", "Reggio Calabria"), ("Parma", "Perugia"),
    ("Bologna", "Lecce"), ("Bologna", "Napoli"), ("Ravenna", "Roma"),
    ("Firenze", "Bari"), ("Livorno", "Cagliari"), ("Pisa", "Ancona"),
    ("Perugia", "Napoli"), ("Roma", "Bari"), ("Roma", "Palermo"),
    ("L'Aquila", "Taranto"), ("Napoli", "Lecce"), ("Napoli", "Reggio Calabria"),
    ("Salerno", "Bari"), ("Foggia", "Catania"), ("Bari", "Palermo"),
    ("Sassari", "Palermo"), ("Brescia", "La Spezia"),
]

# Coastlines as (lat, lon) rings, traced by hand from an atlas at a coarse
# scale: the mainland (running off the board on three sides), then Sicilia,
# Sardegna and Corsica. The project's own drawing.
LAND = [
    [(41.0, 0.0), (41.5, 2.3), (42.4, 3.2), (43.2, 3.6), (43.2, 4.0), (43.2, 5.0),
     (43.1, 6.0), (43.5, 7.0), (43.7, 7.4), (43.8, 7.8),
     (44.1, 8.2), (44.4, 8.9), (44.3, 9.3), (44.05, 9.85), (43.9, 10.2), (43.55, 10.3),
     (43.0, 10.5), (42.75, 10.95), (42.4, 11.2), (42.1, 11.8), (41.75, 12.25),
     (41.45, 12.6), (41.22, 13.05), (41.25, 13.6), (40.95, 14.0), (40.82, 14.25),
     (40.6, 14.35), (40.65, 14.75), (40.35, 14.95), (40.0, 15.3), (39.95, 15.65),
     (39.5, 15.95), (39.0, 16.1), (38.7, 16.1), (38.6, 15.85), (38.25, 15.7),
     (38.1, 15.63), (37.92, 15.7), (37.93, 16.05), (38.3, 16.5), (38.8, 16.6),
     (39.1, 17.1), (39.4, 17.15), (39.65, 16.5), (40.1, 16.65), (40.45, 17.2),
     (40.3, 17.7), (40.05, 18.0), (39.8, 18.35), (40.15, 18.5), (40.65, 17.95),
     (41.0, 17.3), (41.13, 16.87), (41.35, 16.3), (41.55, 15.9), (41.9, 16.2),
     (41.95, 15.6), (41.95, 15.1), (42.2, 14.7), (42.47, 14.22), (42.9, 13.9),
     (43.3, 13.7), (43.62, 13.52), (43.9, 12.95), (44.06, 12.57), (44.42, 12.28),
     (44.8, 12.3), (45.0, 12.55), (45.2, 12.3), (45.45, 12.4), (45.6, 12.8),
     (45.75, 13.1), (45.7, 13.6), (45.65, 13.75), (45.55, 13.7), (45.4, 13.55),
     (45.1, 13.6), (44.8, 13.9), (45.1, 14.2), (45.3, 14.45), (45.0, 14.9),
     (44.5, 15.3), (44.1, 15.25), (43.5, 16.0), (43.0, 17.4), (42.6, 18.1),
     (42.4, 18.6), (42.0, 19.1), (41.5, 19.5), (41.0, 19.5), (40.0, 19.8),
     (39.6, 20.0), (39.0, 20.7), (38.3, 21.3), (37.5, 21.6), (36.5, 22.4),
     (36.0, 26.0), (51.0, 26.0), (51.0, 0.0)],  # off the board's edges: no false coast
    [(38.27, 15.6), (38.2, 15.55), (37.9, 15.35), (37.5, 15.1), (37.07, 15.3),
     (36.7, 15.1), (36.8, 14.5), (37.1, 13.9), (37.3, 13.5), (37.6, 12.6), (37.8, 12.45),
     (38.0, 12.5), (38.2, 12.75), (38.1, 13.1), (38.13, 13.36), (38.0, 13.7),
     (38.05, 14.3), (38.15, 14.9)],
    [(41.25, 9.2), (41.1, 9.55), (40.92, 9.55), (40.55, 9.8), (40.2, 9.7), (39.9, 9.7),
     (39.5, 9.65), (39.15, 9.55), (39.2, 9.1), (38.9, 8.85), (39.05, 8.4), (39.5, 8.45),
     (39.9, 8.55), (40.3, 8.45), (40.55, 8.2), (40.95, 8.2), (40.85, 8.4), (40.93, 8.7),
     (41.1, 9.0)],
    [(43.0, 9.35), (42.7, 9.45), (42.1, 9.55), (41.6, 9.35), (41.38, 9.15), (41.6, 8.8),
     (41.92, 8.7), (42.3, 8.6), (42.57, 8.75), (42.7, 9.1)],
]


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


def fewest_spaces(tracks: list[dict], a: str, b: str) -> int:
    """The fewest train spaces joining a and b; an area is an end, never a way through."""
    adjacency: dict[str, list[tuple[str, int]]] = {}
    for t in tracks:
        adjacency.setdefault(t["a"], []).append((t["b"], t["length"]))
        adjacency.setdefault(t["b"], []).append((t["a"], t["length"]))
    dist = {a: 0}
    heap = [(0, a)]
    while heap:
        d, city = heapq.heappop(heap)
        if city == b:
            return d
        if d > dist[city] or (city != a and city in AREAS):
            continue
        for nxt, length in adjacency[city]:
            if d + length < dist.get(nxt, 10**9):
                dist[nxt] = d + length
                heapq.heappush(heap, (d + length, nxt))
    raise ValueError(f"no way from {a} to {b}")


def ticket_points(spaces: int) -> int:
    """The base game's scale: the fewest spaces, plus one from 15 and one more from 20."""
    return spaces + (spaces >= 15) + (spaces >= 20)


def build() -> dict:
    places = {name: (lat, lon) for name, (lat, lon, _) in CITIES.items()}
    places.update(AREAS)
    lats = [lat for lat, _ in places.values()]
    lons = [lon for _, lon in places.values()]
    squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
    xs = [lon * squeeze for lon in lons]
    scale = (WIDTH - 2 * MARGIN) / (max(xs) - min(xs))

    def flat(lat: float, lon: float) -> tuple[float, float]:
        return ((lon * squeeze - min(xs)) * scale, (max(lats) - lat) * scale)

    centre = flat(*MAGNIFY_AT)
    reach = MAGNIFY_REACH * scale

    def magnified(lat: float, lon: float) -> tuple[float, float]:
        """The Po valley drawn larger, so its close cities keep room for their
        routes: points move out from its centre by 1 + k*exp(-(r/R)^2), which
        never folds the map for k below 2.2 and leaves far places where they were."""
        x, y = flat(lat, lon)
        dx, dy = x - centre[0], y - centre[1]
        grow = 1 + MAGNIFY * math.exp(-(dx * dx + dy * dy) / (reach * reach))
        return (centre[0] + dx * grow, centre[1] + dy * grow)

    placed = [magnified(lat, lon) for lat, lon in places.values()]
    left, top = min(p[0] for p in placed), min(p[1] for p in placed)
    fit = (WIDTH - 2 * MARGIN) / (max(p[0] for p in placed) - left)
    size = [WIDTH, math.ceil((max(p[1] for p in placed) - top) * fit + 2 * MARGIN)]

    def project(lat: float, lon: float) -> tuple[float, float]:
        x, y = magnified(lat, lon)
        return (MARGIN + (x - left) * fit, MARGIN + (y - top) * fit)

    cities = []
    for name, (lat, lon) in places.items():
        dx, dy = NUDGE.get(name, (0, 0))
        px, py = project(lat, lon)
        city = {"name": name, "x": round(px + dx), "y": round(py + dy),
                "region": CITIES[name][2] if name in CITIES else name}
        if name in AREAS:
            city["dead_end"] = True
        city.update(lat=lat, lon=lon)
        cities.append(city)
    tracks = []
    for a, b, length, colors, waves in TRACKS:
        base = f"{slug(a)}--{slug(b)}"
        for n, color in enumerate(colors, 1):
            track = {"id": f"{base}-{n}" if len(colors) > 1 else base,
                     "a": a, "b": b, "length": length, "color": color}
            if waves:
                track["ferries"] = waves
            tracks.append(track)
    tickets = [{"a": a, "b": b, "points": ticket_points(fewest_spaces(tracks, a, b))}
               for a, b in TICKETS]
    return {
        "format": 1,
        "name": "italy",
        "title": "Italia",
        "size": size,
        "route_points": ROUTE_POINTS,
        "colors": COLORS,
        "regions": REGIONS,
        "double_regions": DOUBLE_REGIONS,
        "cities": cities,
        "tracks": tracks,
        "tickets": tickets,
        "land": [[[round(v) for v in project(*p)] for p in ring] for ring in LAND],
    }


def summary(data: dict) -> str:
    tracks = data["tracks"]
    by_color: dict[str, int] = {}
    for t in tracks:
        by_color[t["color"]] = by_color.get(t["color"], 0) + t["length"]
    points = sorted(t["points"] for t in data["tickets"])
    return (f"{len(data['cities'])} places, {len(tracks)} tracks, "
            f"{sum(t['length'] for t in tracks)} train spaces, "
            f"{len(data['tickets'])} tickets (points {points[0]}-{points[-1]}, "
            f"total {sum(points)})\n  spaces by colour: {by_color}")


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from game.rules.routes.board import map_json, validate_map

    data = build()
    problems = validate_map(data, str(OUT))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    OUT.write_text(map_json(data), encoding="utf-8")
    print(f"wrote {OUT}: {summary(data)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
