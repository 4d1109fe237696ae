"""The world map on screen: `assets/race/world_map.json` scaled into the map's rect.

The map file (built by tools/build_world_map.py from Natural Earth) holds
land rings, the cities and each leg's lane in its own units, the map cut in
the mid-Atlantic. Legs that run past the right edge (New York to London)
come back in at the left: `wrap` folds such points onto the map.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import pygame

Point = tuple[float, float]


@dataclass(frozen=True)
class WorldMap:
    rect: pygame.Rect
    land: list[list[Point]]
    cities: dict[str, Point]
    legs: list[tuple[str, str, str, list[Point]]]   # from, to, kind, screen points

    @property
    def width(self) -> int:
        return self.rect.width

    def wrap(self, point: Point) -> Point:
        """A point past the right edge, folded back onto the map."""
        x, y = point
        while x > self.rect.right:
            x -= self.rect.width
        return (x, y)

    def leg_index(self, start: str) -> int:
        return next(i for i, leg in enumerate(self.legs) if leg[0] == start)

    def leg_points(self, index: int) -> list[Point]:
        return self.legs[index][3]

    def walk(self, start: int, end: int) -> list[Point]:
        """The lanes from route city `start` to route city `end` (either way round)."""
        if start == end:
            return [self.cities[self.legs[start][0]]] * 2
        forward = end > start
        legs = range(start, end) if forward else range(start - 1, end - 1, -1)
        points: list[Point] = []
        for i in legs:
            lane = self.legs[i][3] if forward else self.legs[i][3][::-1]
            points += lane if not points else lane[1:]
        return points


def point_along(points: list[Point], t: float) -> tuple[Point, float]:
    """The point a fraction `t` of the way along a polyline, and its heading (radians)."""
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]
    total = sum(lengths) or 1.0
    goal = max(0.0, min(1.0, t)) * total
    for (a, b), length in zip(zip(points, points[1:], strict=False), lengths, strict=True):
        if goal <= length and length > 0:
            f = goal / length
            return ((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f),
                    math.atan2(b[1] - a[1], b[0] - a[0]))
        goal -= length
    a, b = points[-2], points[-1]
    return b, math.atan2(b[1] - a[1], b[0] - a[0])


def middle(points: list[Point]) -> Point:
    return point_along(points, 0.5)[0]


@lru_cache(maxsize=4)
def load_world(rect: tuple[int, int, int, int], name: str = "world_map") -> WorldMap:
    """The packaged map scaled into `rect` (x, y, w, h), loaded once per rect."""
    text = resources.files("assets").joinpath("race", f"{name}.json").read_text()
    data = json.loads(text)
    width, height = data["size"]
    x0, y0, w, h = rect
    sx, sy = w / width, h / height

    def screen(p: list[float]) -> Point:
        return (x0 + p[0] * sx, y0 + p[1] * sy)

    land = [[screen(p) for p in ring] for ring in data["land"]]
    cities = {name: screen(p) for name, p in data["cities"].items()}
    legs = [(leg["from"], leg["to"], leg["kind"], [screen(p) for p in leg["points"]])
            for leg in data["legs"]]
    return WorldMap(pygame.Rect(rect), land, cities, legs)
