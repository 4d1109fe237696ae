"""Drawing a route board: the static layer (sea, land, tracks, cities), the
claimed cars, highlights. The static layer is drawn once and cached."""

from __future__ import annotations

import math

import pygame

from game.rules.routes.board import GRAY, Board
from game.rules.routes.scoring import connected
from game.ui import theme
from game.ui.route_geometry import CITY_RADIUS, BoardGeometry, Space

GRAY_SPACE = (196, 196, 190)


def draw_static_board(geo: BoardGeometry, colorblind: bool = False) -> pygame.Surface:
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H), pygame.SRCALPHA)
    x, y, w, h = geo.rect
    area = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surface, theme.SEA, area, border_radius=14)
    _sea_texture(surface, area)
    clip = surface.get_clip()
    surface.set_clip(area)
    board = geo.board
    for ring in board.land:
        points = [geo.to_screen(p) for p in ring]
        pygame.draw.polygon(surface, theme.LAND, points)
        pygame.draw.aalines(surface, theme.LAND_EDGE, True, points)
        pygame.draw.lines(surface, theme.LAND_EDGE, True, points, 3)
    for ring in board.lakes:
        points = [geo.to_screen(p) for p in ring]
        pygame.draw.polygon(surface, theme.LAKE, points)
        pygame.draw.aalines(surface, theme.SEA_DEEP, True, points)
    _regions(surface, geo)
    surface.set_clip(clip)
    pygame.draw.rect(surface, theme.PANEL_EDGE, area, 3, border_radius=14)
    for shape in geo.tracks.values():
        color = theme.CARD_COLORS.get(shape.track.color, (150, 150, 150))
        if shape.track.color == GRAY:
            color = GRAY_SPACE
        for space in shape.spaces:
            pygame.draw.polygon(surface, color, space.corners)
            pygame.draw.polygon(surface, (30, 30, 34), space.corners, 2)
            if space.wave:
                _wave_mark(surface, space)
        if colorblind and shape.track.color != GRAY:
            mid = shape.spaces[len(shape.spaces) // 2]
            letter = theme.CARD_LETTERS.get(shape.track.color, "")
            theme.blit_text(surface, letter, mid.center, 18, theme.readable_on(color), True,
                            "center")
    for name, (cx, cy) in geo.cities.items():
        dead_end = board.is_dead_end(name)
        radius = round(CITY_RADIUS * geo.scale) + (4 if dead_end else 0)
        pygame.draw.circle(surface, theme.CITY_EDGE, (cx, cy), radius + 3)
        pygame.draw.circle(surface, (200, 80, 60) if dead_end else theme.CITY, (cx, cy), radius)
    return surface


def draw_labels(surface: pygame.Surface, geo: BoardGeometry) -> None:
    """City names, drawn last so that no train car ever covers one."""
    for name, (cx, cy) in geo.cities.items():
        _label(surface, name, (cx, cy - CITY_RADIUS * geo.scale - 4))


def _sea_texture(surface: pygame.Surface, area: pygame.Rect) -> None:
    for row in range(area.top + 30, area.bottom, 46):
        offset = (row // 46) % 2 * 23
        for col in range(area.left + 20 + offset, area.right - 10, 92):
            pygame.draw.arc(surface, theme.SEA_DEEP, (col, row, 22, 10), 0.3, math.pi - 0.3, 2)


def _regions(surface: pygame.Surface, geo: BoardGeometry) -> None:
    """Tint around each city by region, when the board has regions."""
    regions = sorted({c.get("region") for c in geo.board.cities.values() if c.get("region")})
    if not regions:
        return
    tint = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for name, (cx, cy) in geo.cities.items():
        region = geo.board.cities[name].get("region")
        if region is None:
            continue
        color = region_color(regions.index(region))
        pygame.draw.circle(tint, (*color, 90), (cx, cy), 46 * geo.scale)
    surface.blit(tint, (0, 0))


def region_color(index: int) -> tuple[int, int, int]:
    hue = (index * 0.618034) % 1.0
    c = pygame.Color(0)
    c.hsva = (hue * 360, 45, 95, 100)
    return (c.r, c.g, c.b)


def _wave_mark(surface: pygame.Surface, space: Space) -> None:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = space.corners
    cx, cy = space.center
    ux, uy = (x1 - x0), (y1 - y0)
    length = math.hypot(ux, uy) or 1
    ux, uy = ux / length, uy / length
    points = []
    for i in range(7):
        t = (i / 6 - 0.5) * length * 0.8
        wobble = 2.5 if i % 2 else -2.5
        points.append((cx + ux * t - uy * wobble, cy + uy * t + ux * wobble))
    pygame.draw.lines(surface, (20, 60, 120), False, points, 2)


def _label(surface: pygame.Surface, name: str, pos: tuple[float, float]) -> None:
    size = 23
    dark = theme.text(name, size, (20, 20, 24), True)
    rect = dark.get_rect(midbottom=(round(pos[0]), round(pos[1])))
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        surface.blit(dark, rect.move(dx, dy))
    surface.blit(theme.text(name, size, (255, 250, 236), True), rect)


def draw_claims(surface: pygame.Surface, geo: BoardGeometry, routes: dict[str, int],
                colors: list[tuple[int, int, int]]) -> None:
    """Train cars in their owners' colours on every claimed track."""
    for tid, seat in routes.items():
        shape = geo.tracks.get(tid)
        if shape is None:
            continue
        for space in shape.spaces:
            draw_car(surface, space, colors[seat % len(colors)])


def draw_car(surface: pygame.Surface, space: Space, color: tuple[int, int, int],
             lift: float = 0.0, grow: float = 1.0) -> None:
    """A train car on a space; `lift` raises it (hopping), `grow` scales it in."""
    cx, cy = space.center
    scale = 0.6 + 0.5 * max(0.0, min(1.0, grow))  # a car is a little larger than its space
    corners = [(cx + (x - cx) * scale, cy + (y - cy) * scale - lift) for x, y in space.corners]
    shadow = [(x + 3, y + 3 + lift) for x, y in corners]
    pygame.draw.polygon(surface, (20, 20, 24), shadow)
    pygame.draw.polygon(surface, color, corners)
    pygame.draw.polygon(surface, (255, 255, 255) if sum(color) < 200 else (15, 15, 18),
                        corners, 2)
    # a window stripe along the car
    a, b, c, d = corners
    inner = [_mix(a, d, 0.35), _mix(b, c, 0.35), _mix(b, c, 0.55), _mix(a, d, 0.55)]
    inner = [_mix(inner[0], inner[1], 0.15), _mix(inner[0], inner[1], 0.85),
             _mix(inner[3], inner[2], 0.85), _mix(inner[3], inner[2], 0.15)]
    pygame.draw.polygon(surface, theme.readable_on(color), inner)


def _mix(p: tuple[float, float], q: tuple[float, float], t: float) -> tuple[float, float]:
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def outline_track(surface: pygame.Surface, geo: BoardGeometry, tid: str,
                  color: tuple[int, int, int], width: int = 3) -> None:
    shape = geo.tracks.get(tid)
    if shape is None:
        return
    for space in shape.spaces:
        pygame.draw.polygon(surface, color, space.corners, width)


def ring_city(surface: pygame.Surface, geo: BoardGeometry, city: str) -> None:
    cx, cy = geo.cities[city]
    pygame.draw.circle(surface, theme.FOCUS, (cx, cy), CITY_RADIUS * geo.scale + 10, 4)


def network_tracks(board: Board, mine: set[str], cities: set[str]) -> set[str]:
    """The seat's tracks in the networks that touch any of `cities`."""
    pairs = {tid: (board.track_by_id[tid].a, board.track_by_id[tid].b) for tid in mine}
    networks = connected(pairs.values())
    roots = {networks[c] for c in cities if c in networks}
    return {tid for tid, (a, _) in pairs.items() if networks.get(a) in roots}
