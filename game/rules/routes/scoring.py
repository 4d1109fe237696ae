"""Pure scoring functions of the route-building games.

They take plain tuples, not states, so that tests can feed worked examples
and the client can show a breakdown without touching the engine.
"""

from __future__ import annotations

from collections.abc import Iterable


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
    total = sum(length for _, _, length in edges)
    best = 0

    def walk(city: str, used: int, length: int, left: int) -> None:
        # `left` is the length of the unused tracks: the most this trail can
        # still gain, so a branch that cannot beat the best is cut early.
        nonlocal best
        if length > best:
            best = length
        for bit, nxt, step in adjacency[city]:
            if not used & bit and length + left > best:
                walk(nxt, used | bit, length + step, left - step)

    # A longest trail that cannot be extended either ends at two odd-degree
    # cities or is a closed circuit of a whole all-even component, so it is
    # enough to start from the odd cities, or from any one city of a
    # component that has none.
    starts: list[str] = []
    for component in _components(adjacency):
        odd = [c for c in component if len(adjacency[c]) % 2]
        starts.extend(odd if odd else component[:1])
    for city in starts:
        walk(city, 0, 0, total)
        if best == total:
            break
    return best


def _merge_chains(edges: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Fold each city with exactly two tracks (not a loop) into one longer track.

    A longest trail never ends at such a city (it could go on), so it passes
    through it using both tracks: the search does the same work on fewer edges.
    """
    edges = list(edges)
    while True:
        incident: dict[str, list[int]] = {}
        for i, (a, b, _) in enumerate(edges):
            incident.setdefault(a, []).append(i)
            incident.setdefault(b, []).append(i)
        for city, ids in incident.items():
            if len(ids) != 2:
                continue
            (a1, b1, l1), (a2, b2, l2) = edges[ids[0]], edges[ids[1]]
            if a1 == b1 or a2 == b2:
                continue
            u = b1 if a1 == city else a1
            w = b2 if a2 == city else a2
            if u == city or w == city:
                continue
            if u == w and len(incident) <= 2:
                continue  # the whole component is this loop; keep it as it is
            edges = [e for i, e in enumerate(edges) if i not in ids]
            edges.append((u, w, l1 + l2))
            break
        else:
            return edges


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
