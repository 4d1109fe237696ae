"""City labels placed so that none covers another label or a city marker.

Each city gets the first of a ring of candidate spots (above, below, the
sides, the corners, then the same further out) whose box overlaps no label
placed so far and no city marker, stays on the board, and covers as few
train spaces as it can. The most crowded cities choose first, while the
most spots are still free. Pure geometry: text sizes come from a measuring
function, so the placer can be tested without drawing anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

Box = tuple[float, float, float, float]  # x, y, w, h

# Candidate anchors: (dx, dy) in units of the marker radius plus a gap; the box
# is centred on the point horizontally/vertically as the direction says.
DIRECTIONS = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))
RINGS = (1.0, 1.6, 2.3, 3.2)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


def _box_at(center: tuple[float, float], size: tuple[int, int], direction: tuple[int, int],
            reach: float) -> Box:
    (cx, cy), (w, h), (dx, dy) = center, size, direction
    x = cx - w / 2 + dx * (reach + w / 2)
    y = cy - h / 2 + dy * (reach + h / 2)
    return (x, y, w, h)


def place_labels(cities: dict[str, tuple[float, float]], marker_radius: float,
                 measure: Callable[[str], tuple[int, int]], bounds: Box,
                 obstacles: Iterable[Box] = ()) -> dict[str, Box]:
    """A box per city name. `measure(name)` gives the label's pixel size;
    `obstacles` are soft: a spot that covers fewer of them wins."""
    markers = {name: (x - marker_radius, y - marker_radius, 2 * marker_radius,
                      2 * marker_radius) for name, (x, y) in cities.items()}
    soft = list(obstacles)

    def crowding(name: str) -> int:
        x, y = cities[name]
        return sum(1 for ox, oy in cities.values() if abs(ox - x) < 120 and abs(oy - y) < 60)

    placed: dict[str, Box] = {}
    for name in sorted(cities, key=lambda n: (-crowding(n), n)):
        size = measure(name)
        best: tuple[tuple[int, int, int], Box] | None = None
        for ring_index, ring in enumerate(RINGS):
            for order, direction in enumerate(DIRECTIONS):
                box = _box_at(cities[name], size, direction, marker_radius * ring + 3)
                if not _inside(box, bounds):
                    continue
                if any(_overlap(box, other) for other in placed.values()):
                    continue
                if any(_overlap(box, m) for m in markers.values()):
                    continue
                covered = sum(1 for s in soft if _overlap(box, s))
                score = (covered > 2, ring_index, covered * 2 + order)
                if best is None or score < best[0]:
                    best = (score, box)
            if best is not None and not best[0][0]:
                break
        if best is None:  # nowhere free: the least bad spot above the city
            best = ((9, 9, 9), _box_at(cities[name], size, (0, -1), marker_radius + 3))
        placed[name] = best[1]
    return placed


def _inside(box: Box, bounds: Box) -> bool:
    return (box[0] >= bounds[0] and box[1] >= bounds[1]
            and box[0] + box[2] <= bounds[0] + bounds[2]
            and box[1] + box[3] <= bounds[1] + bounds[3])
