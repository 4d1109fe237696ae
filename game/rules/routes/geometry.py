"""Where a route board's cities, tracks and train spaces sit on the screen.

Computed once per board and screen area: each track becomes its train spaces
(rotated rectangles) along the line between its cities, parallel tracks side
by side. Scenes draw from it and hit-test clicks against it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.routes.board import Board, Track

SPACE_WIDTH = 13
SPACE_GAP = 3
CITY_RADIUS = 9
PARALLEL_OFFSET = 15


@dataclass
class Space:
    center: tuple[float, float]
    corners: list[tuple[float, float]]
    angle: float  # degrees, for rotated sprites
    wave: bool


@dataclass
class TrackShape:
    track: Track
    start: tuple[float, float]
    end: tuple[float, float]
    spaces: list[Space]

    @property
    def middle(self) -> tuple[float, float]:
        return ((self.start[0] + self.end[0]) / 2, (self.start[1] + self.end[1]) / 2)

    def distance(self, point: tuple[float, float]) -> float:
        """Distance from `point` to the track's centre line."""
        (x1, y1), (x2, y2) = self.start, self.end
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy or 1.0
        t = max(0.0, min(1.0, ((point[0] - x1) * dx + (point[1] - y1) * dy) / length2))
        px, py = x1 + t * dx, y1 + t * dy
        return math.hypot(point[0] - px, point[1] - py)


class BoardGeometry:
    """Screen positions for one board drawn into `rect` (x, y, w, h)."""

    def __init__(self, board: Board, rect: tuple[int, int, int, int]):
        self.board = board
        self.rect = rect
        x, y, w, h = rect
        bw, bh = board.size
        self.scale = min(w / bw, h / bh)
        self.origin = (x + (w - bw * self.scale) / 2, y + (h - bh * self.scale) / 2)
        self.cities = {name: self.to_screen((c["x"], c["y"]))
                       for name, c in board.cities.items()}
        self.tracks: dict[str, TrackShape] = {}
        for track in board.tracks:
            self.tracks[track.id] = self._shape(track)

    def to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        return (self.origin[0] + point[0] * self.scale, self.origin[1] + point[1] * self.scale)

    def _shape(self, track: Track) -> TrackShape:
        a, b = sorted((track.a, track.b))
        (x1, y1), (x2, y2) = self.cities[a], self.cities[b]
        siblings = self.board.parallel[track.id]
        k = siblings.index(track.index)
        offset = (k - (len(siblings) - 1) / 2) * PARALLEL_OFFSET * self.scale
        dx, dy = x2 - x1, y2 - y1
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        nx, ny = -uy, ux
        trim = (CITY_RADIUS + 3) * self.scale
        sx, sy = x1 + ux * trim + nx * offset, y1 + uy * trim + ny * offset
        ex, ey = x2 - ux * trim + nx * offset, y2 - uy * trim + ny * offset
        usable = max(1.0, dist - 2 * trim)
        n = track.length
        gap = SPACE_GAP * self.scale
        seg = (usable - gap * (n - 1)) / n
        half_w = SPACE_WIDTH * self.scale / 2
        angle = -math.degrees(math.atan2(dy, dx))
        spaces = []
        # wave spaces at both ends of a ferry track alternate from the ends inwards
        wave_slots = _wave_slots(n, track.ferries)
        for i in range(n):
            s0 = i * (seg + gap)
            s1 = s0 + seg
            c0 = (sx + ux * s0, sy + uy * s0)
            c1 = (sx + ux * s1, sy + uy * s1)
            corners = [
                (c0[0] + nx * half_w, c0[1] + ny * half_w),
                (c1[0] + nx * half_w, c1[1] + ny * half_w),
                (c1[0] - nx * half_w, c1[1] - ny * half_w),
                (c0[0] - nx * half_w, c0[1] - ny * half_w),
            ]
            center = ((c0[0] + c1[0]) / 2, (c0[1] + c1[1]) / 2)
            spaces.append(Space(center, corners, angle, i in wave_slots))
        return TrackShape(track, (sx, sy), (ex, ey), spaces)

    def track_at(self, point: tuple[float, float], among: set[str] | None = None,
                 tolerance: float = 12.0) -> str | None:
        """The id of the track under `point` (closest within tolerance)."""
        best, best_d = None, tolerance * self.scale
        for tid, shape in self.tracks.items():
            if among is not None and tid not in among:
                continue
            d = shape.distance(point)
            if d < best_d:
                best, best_d = tid, d
        return best

    def city_at(self, point: tuple[float, float], tolerance: float = 14.0) -> str | None:
        for name, (x, y) in self.cities.items():
            if math.hypot(point[0] - x, point[1] - y) <= tolerance * self.scale:
                return name
        return None


def _wave_slots(length: int, waves: int) -> set[int]:
    """Which spaces of a track are waves: alternately from each end."""
    slots: set[int] = set()
    lo, hi = 0, length - 1
    for i in range(waves):
        if i % 2 == 0:
            slots.add(lo)
            lo += 1
        else:
            slots.add(hi)
            hi -= 1
    return slots
