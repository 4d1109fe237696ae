"""Pure scoring functions of the route-building games.

They take plain tuples, not states, so that tests can feed worked examples
and the client can show a breakdown without touching the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

# The Italy board's region bonus (seed 002): regions in one network -> points;
# fewer regions than the first entry score nothing, more than the last score it.
ITALY_REGION_TABLE: tuple[tuple[int, int], ...] = (
    (5, 1), (6, 2), (7, 4), (8, 7), (9, 11), (10, 16), (11, 22), (12, 29), (13, 37),
    (14, 46), (15, 56),
)


def longest_route(tracks: Iterable[tuple[str, str, int]]) -> int:
    """Length of the longest continuous route through the given tracks.

    Each track is used at most once; cities may repeat, so loops and
    figure-eights count whole. Tracks are `(city_a, city_b, length)`.
    An exhaustive trail search (edges as a bitmask) is fine at the sizes a
    player can own (45 trains make at most 45 tracks, usually about 15).
    """
    edges = _merge_chains([(a, b, length) for a, b, length in tracks])
    if not edges:
        return 0
    adjacency: dict[str, list[tuple[int, str, int]]] = {}
    for i, (a, b, length) in enumerate(edges):
        adjacency.setdefault(a, []).append((1 << i, b, length))
        adjacency.setdefault(b, []).append((1 << i, a, length))
    best = 0

    def walk(city: str, used: int, length: int, left: int) -> None:
        # `left` is the length of the component's unused tracks: the most this
        # trail can still gain, so a branch that cannot beat the best is cut.
        nonlocal best
        if length > best:
            best = length
        for bit, nxt, step in adjacency[city]:
            if not used & bit and length + left > best:
                walk(nxt, used | bit, length + step, left - step)

    # A longest trail that cannot be extended either ends at two odd-degree
    # cities or is a closed circuit of a whole all-even component, so it is
    # enough to start from the odd cities, or from any one city of a
    # component that has none. Components are searched largest first, and
    # one whose every track together cannot beat the best is skipped.
    parts = []
    for component in _components(adjacency):
        size = sum(step for c in component for _, _, step in adjacency[c]) // 2
        odd = [c for c in component if len(adjacency[c]) % 2]
        parts.append((size, odd if odd else component[:1]))
    for size, starts in sorted(parts, key=lambda p: -p[0]):
        for city in starts:
            if best >= size:
                break
            walk(city, 0, 0, size)
    return best


def _merge_chains(edges: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Fold each city with exactly two tracks (not a loop) into one longer track.

    A longest trail never ends at such a city (it could go on), so it passes
    through it using both tracks: the search does the same work on fewer edges.
    A fold leaves the degree of every other city as it was, so one pass over
    the cities of degree two does it all (in time linear in the tracks).
    """
    edges = list(edges)
    incident: dict[Any, list[int]] = {}
    for i, (a, b, _) in enumerate(edges):
        incident.setdefault(a, []).append(i)
        incident.setdefault(b, []).append(i)
    alive = [True] * len(edges)
    for city in [c for c, ids in incident.items() if len(ids) == 2]:
        i, j = incident[city]
        (a1, b1, l1), (a2, b2, l2) = edges[i], edges[j]
        if a1 == b1 or a2 == b2:
            continue  # a loop at the city (its two ends are the city's two tracks)
        u = b1 if a1 == city else a1
        w = b2 if a2 == city else a2
        alive[i] = alive[j] = False
        new = len(edges)
        edges.append((u, w, l1 + l2))
        alive.append(True)
        del incident[city]
        ids_u = incident[u]
        ids_u[ids_u.index(i)] = new
        ids_w = incident[w]
        ids_w[ids_w.index(j)] = new  # when u == w: the same list, now a loop at u
    return [e for e, keep in zip(edges, alive, strict=True) if keep]


def _components(adjacency: dict[str, list[tuple[int, str, int]]]) -> list[list[str]]:
    seen: set[str] = set()
    out = []
    for start in adjacency:
        if start in seen:
            continue
        seen.add(start)
        todo, members = [start], [start]
        while todo:
            for _, nxt, _ in adjacency[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
                    members.append(nxt)
        out.append(members)
    return out


def connected(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Union-find over city pairs: city -> representative of its network."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    return {x: find(x) for x in parent}


def ticket_done(networks: dict[str, str], a: str, b: str) -> bool:
    """Whether a and b are in the same network of `connected(...)`."""
    return a in networks and b in networks and networks[a] == networks[b]


def region_points(regions: int, table: Sequence[tuple[int, int]] = ITALY_REGION_TABLE) -> int:
    """The points of one network joining `regions` regions (the table's row at or below)."""
    points = 0
    for count, value in table:
        if regions >= count:
            points = value
    return points


def region_networks(board: Any, tracks: Iterable[tuple[str, str]]) -> list[int]:
    """Regions joined by each separate network of one seat's tracks, largest first.

    `tracks` are `(city_a, city_b)` pairs, one per claimed track. A dead-end
    area is split per track, so two tracks into one area are two networks
    (and an area is not a region). Only the board's listed regions count (any
    region when it lists none); a double region counts twice for a network
    that holds every city of it.
    """
    pairs = []
    for i, (a, b) in enumerate(tracks):
        pairs.append((_split(board, a, i), _split(board, b, i)))
    networks = connected(pairs)
    members: dict[str, set[str]] = {}
    for node, root in networks.items():
        if "#" not in node:  # dead-end nodes hold no region
            members.setdefault(root, set()).add(node)
    listed = set(board.regions)
    cities_of: dict[str, set[str]] = {}
    for name in board.cities:
        region = board.region(name)
        if region is not None and not board.is_dead_end(name):
            cities_of.setdefault(region, set()).add(name)
    counts = []
    for cities in members.values():
        regions = {board.region(c) for c in cities} & set(cities_of)
        if listed:
            regions &= listed
        doubled = sum(1 for r in board.double_regions
                      if r in regions and cities_of[r] <= cities)
        counts.append(len(regions) + doubled)
    # networks of only dead-end tracks still count, with no region
    counts += [0] * (len(set(networks.values())) - len(members))
    return sorted(counts, reverse=True)


def region_bonus(board: Any, tracks: Iterable[tuple[str, str]],
                 table: Sequence[tuple[int, int]] = ITALY_REGION_TABLE
                 ) -> tuple[int, list[int]]:
    """One seat's region bonus: (total points, regions of each network, largest first).

    Each separate network scores on its own by `table` (seed 002).
    """
    counts = region_networks(board, tracks)
    return sum(region_points(n, table) for n in counts), counts


def _split(board: Any, city: str, index: int) -> str:
    return f"{city}#{index}" if board.is_dead_end(city) else city


def longest_trail(tracks: list[tuple[str, str, int]]) -> tuple[int, list[int]]:
    """The longest route and the indices of the tracks it uses (for showing it).

    Same rule as `longest_route`; slower, as it remembers the path, so it is
    for the results screen, not for scoring in a loop.
    """
    adjacency: dict[str, list[tuple[int, str, int]]] = {}
    for i, (a, b, length) in enumerate(tracks):
        adjacency.setdefault(a, []).append((i, b, length))
        adjacency.setdefault(b, []).append((i, a, length))
    best: tuple[int, list[int]] = (0, [])
    path: list[int] = []

    def walk(city: str, length: int) -> None:
        nonlocal best
        if length > best[0]:
            best = (length, list(path))
        for i, nxt, step in adjacency[city]:
            if i not in path:
                path.append(i)
                walk(nxt, length + step)
                path.pop()

    for city in adjacency:
        walk(city, 0)
    return best
