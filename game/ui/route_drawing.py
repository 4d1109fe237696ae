"""Drawing a route board: the static layer (sea, land, tracks, cities), the
claimed cars, highlights. The static layer is drawn once and cached."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.rules.routes.board import GRAY, Board
from game.rules.routes.geometry import CITY_RADIUS, SPACE_WIDTH, BoardGeometry, Space, TrackShape
from game.rules.routes.scoring import connected
from game.ui import layout_record, theme
from game.ui.labels import place_labels
from game.ui.region_legend import draw_region_legend, region_color, region_names
from game.words import i18n
from game.words.places import place

GRAY_SPACE = (196, 196, 190)


def draw_static_board(geo: BoardGeometry, colorblind: bool = False,
                      keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Surface:
    """The board that does not change in a game. `keep_clear`: places the
    screen uses for other things (where toasts appear): the legend avoids them."""
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H), pygame.SRCALPHA)
    layout_record.keep(surface)
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
    draw_region_legend(surface, geo, keep_clear)
    pygame.draw.rect(surface, theme.PANEL_EDGE, area, 3, border_radius=14)
    for shape in geo.tracks.values():
        color = theme.CARD_COLORS.get(shape.track.color, (150, 150, 150))
        if shape.track.color == GRAY:
            color = GRAY_SPACE
        for space in shape.spaces:
            draw_free_space(surface, space, color)
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


FREE_INSIDE = (250, 246, 236)  # an empty slot's inside: near white, whatever its colour


def draw_free_space(surface: pygame.Surface, space: Space,
                    color: tuple[int, int, int]) -> None:
    """An empty slot of a free route: a frame in the route's card colour round a
    near-white inside. A claimed route is a solid train on a black bed with its
    owner's number (draw_claims): the two differ in shape, not only in colour,
    which matters where a seat's colour is also a card colour."""
    pygame.draw.polygon(surface, _tint(color, FREE_INSIDE, 0.8), space.corners)
    pygame.draw.polygon(surface, color, space.corners, 5)
    pygame.draw.polygon(surface, (30, 30, 34), space.corners, 1)


def _tint(color: tuple[int, int, int], toward: tuple[int, int, int],
          amount: float) -> tuple[int, int, int]:
    return tuple(round(c + (t - c) * amount) for c, t in zip(color, toward, strict=True))


LABEL_SIZE = 23
LABEL_PAD = 2  # the dark outline round each letter


def label_boxes(geo: BoardGeometry) -> dict[str, tuple[float, float, float, float]]:
    """Where each city's name goes: no two overlap, none covers a city (cached)."""
    by_language = geo.__dict__.setdefault("_label_boxes", {})
    cached = by_language.get(i18n.language())
    if cached is None:
        def measure(name: str) -> tuple[int, int]:
            w, h = theme.text(place(name), LABEL_SIZE, (0, 0, 0), True).get_size()
            return w + 2 * LABEL_PAD, h - 4 + 2 * LABEL_PAD

        radius = CITY_RADIUS * geo.scale + 4 + (4 if any(
            geo.board.is_dead_end(c) for c in geo.cities) else 0)
        spaces = [_bounds(space.corners) for shape in geo.tracks.values()
                  for space in shape.spaces]
        cached = place_labels(geo.cities, radius, measure, geo.rect, spaces)
        by_language[i18n.language()] = cached
    return cached


def _bounds(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def draw_labels(surface: pygame.Surface, geo: BoardGeometry) -> None:
    """City names, drawn last so that no train car ever covers one."""
    for name, (x, y, w, h) in label_boxes(geo).items():
        _label(surface, place(name), (x + w / 2, y + h - LABEL_PAD + 2))


def _sea_texture(surface: pygame.Surface, area: pygame.Rect) -> None:
    for row in range(area.top + 30, area.bottom, 46):
        offset = (row // 46) % 2 * 23
        for col in range(area.left + 20 + offset, area.right - 10, 92):
            pygame.draw.arc(surface, theme.SEA_DEEP, (col, row, 22, 10), 0.3, math.pi - 0.3, 2)


REGION_ALPHA = 110
SUPERSAMPLE = 3  # region shapes are drawn this much larger, then scaled down: clean edges


def _regions(surface: pygame.Surface, geo: BoardGeometry) -> None:
    """Tint the land by region: each patch takes the region of its nearest city.

    The board data gives cities, not borders, so the project draws each
    region as the land closest to its cities (a Voronoi map cut to a reach
    around each city), which reads as regions at a glance; dead-end areas are
    left untinted. Each city's cell is an exact polygon, drawn supersampled
    and scaled down in premultiplied alpha, so borders are anti-aliased
    without dark fringes.
    """
    cities = [(x, y, geo.board.cities[name].get("region"))
              for name, (x, y) in geo.cities.items()
              if geo.board.cities[name].get("region") and not geo.board.is_dead_end(name)]
    if not cities:
        return
    names = region_names(geo.board)
    land = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for ring in geo.board.land:
        points = [geo.to_screen(p) for p in ring]
        pygame.draw.polygon(land, (255, 255, 255, 255), points)
        pygame.draw.aalines(land, (255, 255, 255, 255), True, points)
    x0, y0, w, h = geo.rect
    k = SUPERSAMPLE
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    reach = 90 * geo.scale
    for x, y, region in cities:
        cell = voronoi_cell((x, y), [(ox, oy) for ox, oy, _unused in cities], reach)
        if len(cell) >= 3:
            pygame.draw.polygon(big, (*region_color(names.index(region)), 255),
                                [((px - x0) * k, (py - y0) * k) for px, py in cell])
    big = big.premul_alpha()
    tint = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    tint.blit(pygame.transform.smoothscale(big, (w, h)), (x0, y0))
    # only on land (the coast keeps the land polygon's clean edge), and see-through
    tint.blit(land, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    tint.fill((REGION_ALPHA,) * 4, special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(tint, (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED)


def voronoi_cell(site: tuple[float, float], sites: list[tuple[float, float]],
                 reach: float, sides: int = 72) -> list[tuple[float, float]]:
    """The points within `reach` of `site` that are nearer to it than to any
    other of `sites`: a circle (as a polygon) cut by each perpendicular bisector."""
    sx, sy = site
    cell = [(sx + reach * math.cos(2 * math.pi * i / sides),
             sy + reach * math.sin(2 * math.pi * i / sides)) for i in range(sides)]
    for ox, oy in sites:
        if (ox, oy) == (sx, sy) or math.dist(site, (ox, oy)) >= 2 * reach:
            continue
        # keep the side of the bisector nearer to `site`: n . p <= c
        nx, ny = ox - sx, oy - sy
        c = (ox * ox + oy * oy - sx * sx - sy * sy) / 2
        cell = _clip(cell, nx, ny, c)
        if not cell:
            break
    return cell


def _clip(polygon: list[tuple[float, float]], nx: float, ny: float,
          c: float) -> list[tuple[float, float]]:
    """Sutherland-Hodgman: the part of a convex polygon where nx*x + ny*y <= c."""
    out: list[tuple[float, float]] = []
    for i, p in enumerate(polygon):
        q = polygon[i - 1]
        fp, fq = nx * p[0] + ny * p[1] - c, nx * q[0] + ny * q[1] - c
        if (fp <= 0) != (fq <= 0):
            t = fq / (fq - fp)
            out.append((q[0] + t * (p[0] - q[0]), q[1] + t * (p[1] - q[1])))
        if fp <= 0:
            out.append(p)
    return out


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
    size = LABEL_SIZE
    dark = theme.text(name, size, (20, 20, 24), True)
    rect = dark.get_rect(midbottom=(round(pos[0]), round(pos[1])))
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        surface.blit(dark, rect.move(dx, dy))
    surface.blit(theme.text(name, size, (255, 250, 236), True), rect)
    layout_record.text(surface, rect, name, size, dark)


BED = (14, 14, 18)  # the black bed a claimed route's train stands on


def draw_claims(surface: pygame.Surface, geo: BoardGeometry, routes: dict[str, int],
                colors: list[tuple[int, int, int]], marks: bool = False) -> None:
    """Every claimed track as its owner's train, unmistakable from across the
    room: one black bed under the whole route, solid cars in the owner's colour
    with a strong edge, and a badge with the owner's seat number (the number
    the players panel shows). `marks` (the colour-blind aid) makes the badge
    larger, its number easier to read than its colour. Beds first, then cars,
    then badges: a crossing route's bed never cuts a train in two."""
    shapes = [(geo.tracks[tid], seat) for tid, seat in routes.items() if tid in geo.tracks]
    for shape, _unused in shapes:
        draw_bed(surface, shape.spaces, geo.scale)
    for shape, seat in shapes:
        for space in shape.spaces:
            draw_car(surface, space, colors[seat % len(colors)])
    # badges already on the board (kept on the geometry: the layer adds claims
    # one by one), so two never cover each other where routes meet
    placed: dict[str, pygame.Rect] = geo.__dict__.setdefault("_badges", {})
    for shape, seat in shapes:
        tid = shape.track.id
        spot, clear = badge_place(geo, shape, [r for t, r in placed.items() if t != tid])
        placed[tid] = _badge_rect(spot, geo.scale)
        draw_owner_badge(surface, spot, seat, colors[seat % len(colors)], geo.scale,
                         large=marks, number=clear)


def draw_train(surface: pygame.Surface, spaces: Sequence[Space], color: tuple[int, int, int],
               seat: int, scale: float = 1.0) -> None:
    """One claimed route as the board draws it (for pictures off the board)."""
    draw_bed(surface, spaces, scale)
    for space in spaces:
        draw_car(surface, space, color)
    draw_owner_badge(surface, spaces[len(spaces) // 2].center, seat, color, scale)


def draw_bed(surface: pygame.Surface, spaces: Sequence[Space], scale: float) -> None:
    """A dark band under a track's spaces, end to end, so the cars read as one train."""
    first, last = spaces[0], spaces[-1]
    a = _mix(first.corners[0], first.corners[3], 0.5)
    b = _mix(last.corners[1], last.corners[2], 0.5)
    width = round((SPACE_WIDTH + 5) * scale)
    pygame.draw.line(surface, BED, a, b, width)
    for end in (a, b):
        pygame.draw.circle(surface, BED, end, width // 2)


def badge_spot(geo: BoardGeometry, shape: TrackShape) -> tuple[float, float]:
    """Where the track's owner badge is drawn (or would be, on an empty board)."""
    drawn = geo.__dict__.get("_badges", {}).get(shape.track.id)
    return drawn.center if drawn is not None else badge_place(geo, shape)[0]


def _badge_rect(at: tuple[float, float], scale: float) -> pygame.Rect:
    reach = BADGE_RADIUS * scale + 4
    return pygame.Rect(round(at[0] - reach), round(at[1] - reach), round(2 * reach),
                       round(2 * reach))


def badge_place(geo: BoardGeometry, shape: TrackShape,
                taken: Sequence[pygame.Rect] = ()) -> tuple[tuple[float, float], bool]:
    """Where a claimed track's owner badge sits: the space nearest its middle
    that keeps the badge off every city name and every badge in `taken` (the
    second of two parallel tracks starts one space along), and whether one
    was clear (else the middle, drawn small with no number to hide)."""
    spaces = shape.spaces
    twins = geo.board.parallel.get(shape.track.id, (shape.track.index,))
    k = twins.index(shape.track.index) if shape.track.index in twins else 0
    middle = (len(spaces) // 2 - k) % len(spaces)
    order = sorted(range(len(spaces)), key=lambda i: (abs(i - middle), i))
    keep_off = [pygame.Rect(round(x), round(y), round(w), round(h))
                for x, y, w, h in label_boxes(geo).values()] + list(taken)
    for i in order:
        if _badge_rect(spaces[i].center, geo.scale).collidelist(keep_off) < 0:
            return spaces[i].center, True
    return spaces[middle].center, False


BADGE_RADIUS = 13  # at board scale 1, with the colour-blind aid (11 without)


def draw_owner_badge(surface: pygame.Surface, at: tuple[float, float], seat: int,
                     color: tuple[int, int, int], scale: float = 1.0,
                     large: bool = False, number: bool = True) -> None:
    """A round badge in the owner's colour with a white ring and the seat number
    (left out where a city's name would cover it: the smaller disc still says
    the route is taken)."""
    radius = round((BADGE_RADIUS if large else BADGE_RADIUS - 2) * scale)
    radius = max(9, radius) if number else max(5, round(radius * 0.6))
    x, y = round(at[0]), round(at[1])
    pygame.draw.circle(surface, BED, (x, y), radius + 3)
    pygame.draw.circle(surface, (250, 250, 250), (x, y), radius + 1)
    pygame.draw.circle(surface, color, (x, y), radius - 2)
    if number:
        theme.blit_text(surface, str(seat + 1), (x, y + 1), round(radius * 1.9),
                        theme.readable_on(color), True, "center")


def draw_car(surface: pygame.Surface, space: Space, color: tuple[int, int, int],
             lift: float = 0.0, grow: float = 1.0) -> None:
    """A train car on a space; `lift` raises it (hopping), `grow` scales it in."""
    cx, cy = space.center
    scale = 0.6 + 0.5 * max(0.0, min(1.0, grow))  # a car is a little larger than its space
    corners = [(cx + (x - cx) * scale, cy + (y - cy) * scale - lift) for x, y in space.corners]
    shadow = [(x + 4, y + 4 + lift) for x, y in corners]
    pygame.draw.polygon(surface, (12, 12, 16), shadow)
    pygame.draw.polygon(surface, color, corners)
    # a strong edge: white round a dark car (it stands on a black bed), else black
    edge = (255, 255, 255) if sum(color) < 200 else (15, 15, 18)
    pygame.draw.polygon(surface, edge, corners, 3)
    # a roof line in a lighter shade: a car, still solid in its owner's colour from afar
    a, b, c, d = corners
    inner = [_mix(a, d, 0.3), _mix(b, c, 0.3), _mix(b, c, 0.45), _mix(a, d, 0.45)]
    inner = [_mix(inner[0], inner[1], 0.12), _mix(inner[0], inner[1], 0.88),
             _mix(inner[3], inner[2], 0.88), _mix(inner[3], inner[2], 0.12)]
    pygame.draw.polygon(surface, _tint(color, (255, 255, 255), 0.45), inner)


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
