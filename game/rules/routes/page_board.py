"""A route board as the phone page draws it: the map's own data, laid out by
the same geometry as the window's board, in the map's coordinates.

The page gets the board from the host (never a copy of its own), so the map
on a phone is the map on the TV: the same cities, the same train spaces, the
same parallel tracks side by side. Numbers are rounded to a tenth: a phone
draws no finer, and the largest board stays small on the wire.
"""

from __future__ import annotations

from typing import Any

from game.rules.routes.board import load_board
from game.rules.routes.geometry import CITY_RADIUS, SPACE_WIDTH, BoardGeometry


def _r(value: float) -> float:
    return round(value, 1)


def page_board(board_name: str) -> dict[str, Any]:
    """The board `board_name` for the phone page (see the module's docstring)."""
    board = load_board(board_name)
    width, height = board.size
    geometry = BoardGeometry(board, (0, 0, width, height))
    tracks = []
    for track in board.tracks:
        shape = geometry.tracks[track.id]
        (x0, y0), (x1, y1) = shape.spaces[0].corners[:2]
        tracks.append({
            "id": track.id, "a": track.a, "b": track.b, "length": track.length,
            "color": track.color, "ferries": track.ferries,
            "points": board.route_points.get(track.length, 0),
            "parallel": len(board.parallel[track.id]),
            # each train space: centre x, centre y, angle (degrees), a wave (ferry) space
            "spaces": [[_r(s.center[0]), _r(s.center[1]), _r(s.angle), int(s.wave)]
                       for s in shape.spaces],
            "space_length": _r(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5),
            "line": [_r(shape.start[0]), _r(shape.start[1]),
                     _r(shape.end[0]), _r(shape.end[1])],
        })
    return {
        "name": board.name, "title": board.title, "size": [width, height],
        "space_width": SPACE_WIDTH, "city_radius": CITY_RADIUS,
        "cities": [{"name": name, "x": _r(c["x"]), "y": _r(c["y"]),
                    "dead_end": bool(c.get("dead_end")), "region": c.get("region")}
                   for name, c in board.cities.items()],
        "tracks": tracks,
        "land": [[[_r(x), _r(y)] for x, y in outline] for outline in board.land],
        "lakes": [[[_r(x), _r(y)] for x, y in outline] for outline in board.lakes],
        "regions": list(board.regions),
    }
