"""Pure scoring functions of the route-building games.

They take plain tuples, not states, so that tests can feed worked examples
and the client can show a breakdown without touching the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules.routes.board import Board, Track

# The Italy board's region bonus (seed 002): regions in one network -> points;
# fewer regions than the first entry score nothing, more than the last score it.
ITALY_REGION_TABLE: tuple[tuple[int, int], ...] = (
    (5, 1), (6, 2), (7, 4), (8, 7), (9, 11), (10, 16), (11, 22), (12, 29), (13, 37),
    (14, 46), (15, 56),
)


def longest_route(tracks: Iterable[tuple[Any, Any, int]]) -> int:
    """Length of the longest continuous route through the given tracks.

    Each track is used at most once; cities may repeat, so loops and
    figure-eights count whole. Tracks are `(city_a, city_b, length)` (any
    hashable city names). Each connected part is searched on its own,
    largest first, and a part whose every track together cannot beat the
    best so far is skipped. In a part without a cycle (a tree, as most
    networks mostly are) the longest route is its longest path, found in
    two sweeps; a part with a cycle gets an exhaustive trail search, which
    is fine at the sizes a player can own (45 trains make at most 45
    tracks, usually about 15).
    """
    adjacency: dict[Any, list[tuple[Any, int]]] = {}
    edges = []
    for a, b, length in tracks:
        edges.append((a, b, length))
        adjacency.setdefault(a, []).append((b, length))
        adjacency.setdefault(b, []).append((a, length))
    best = 0
    for size, cities, part in _parts(adjacency, edges):
        if size <= best:
            break  # the parts come largest first
        if len(part) == len(cities) - 1:
            found = _longest_path_in_tree(adjacency, cities[0])
        else:
            found = _longest_trail(part, size, best)
        if found > best:
            best = found
    return best


def _parts(adjacency: dict[Any, list[tuple[Any, int]]], edges: list[tuple[Any, Any, int]]
           ) -> list[tuple[int, list[Any], list[tuple[Any, Any, int]]]]:
    """The connected parts as (total length, cities, tracks), largest first."""
    part_of: dict[Any, int] = {}
    parts: list[tuple[list[Any], list[tuple[Any, Any, int]]]] = []
    for start in adjacency:
        if start in part_of:
            continue
        number = len(parts)
        part_of[start] = number
        cities, todo = [start], [start]
        while todo:
            for nxt, _ in adjacency[todo.pop()]:
                if nxt not in part_of:
                    part_of[nxt] = number
                    cities.append(nxt)
                    todo.append(nxt)
        parts.append((cities, []))
    for edge in edges:
        parts[part_of[edge[0]]][1].append(edge)
    sized = [(sum(e[2] for e in part), cities, part) for cities, part in parts]
    sized.sort(key=lambda p: -p[0])
    return sized


def _longest_path_in_tree(adjacency: dict[Any, list[tuple[Any, int]]], start: Any) -> int:
    """The longest path of the tree holding `start`: the city farthest from
    any city is an end of a longest path, and the farthest from it the other."""
    far, _ = _farthest(adjacency, start)
    _, length = _farthest(adjacency, far)
    return length


def _farthest(adjacency: dict[Any, list[tuple[Any, int]]], start: Any) -> tuple[Any, int]:
    best_city, best = start, 0
    todo = [(start, None, 0)]
    while todo:
        city, came_from, length = todo.pop()
        if length > best:
            best_city, best = city, length
        for nxt, step in adjacency[city]:
            if nxt != came_from:
                todo.append((nxt, city, length + step))
    return best_city, best


def _longest_trail(tracks: list[tuple[Any, Any, int]], size: int, best: int) -> int:
    """The longest trail of one connected part (`size`: its total length),
    when it beats `best`; an exhaustive search over bitmasks of tracks."""
    edges = _merge_chains(tracks)
    adjacency: dict[Any, list[tuple[int, Any, int]]] = {}
    for i, (a, b, length) in enumerate(edges):
        adjacency.setdefault(a, []).append((1 << i, b, length))
        adjacency.setdefault(b, []).append((1 << i, a, length))

    def walk(city: Any, used: int, length: int, left: int) -> None:
        # `left` is the length of the part's unused tracks: the most this
        # trail can still gain, so a branch that cannot beat the best is cut.
        nonlocal best
        if length > best:
            best = length
        for bit, nxt, step in adjacency[city]:
            if not used & bit and length + left > best:
                walk(nxt, used | bit, length + step, left - step)

    # A longest trail that cannot be extended either ends at two odd-degree
    # cities or is a closed circuit of the whole part when every degree is
    # even, so it is enough to start from the odd cities, or from any one.
    odd = [c for c, links in adjacency.items() if len(links) % 2]
    for city in odd or list(adjacency)[:1]:
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
    facts = _region_facts(board)
    networks, area_to_area = _networks(facts, tracks)
    counts = [_region_count(facts, cities) for cities in networks]
    # networks of only dead-end tracks still count, with no region
    counts += [0] * area_to_area
    return sorted(counts, reverse=True)


def _networks(facts: _RegionFacts, tracks: Iterable[tuple[str, str]]
              ) -> tuple[list[set[str]], int]:
    """The cities of each separate network of one seat's tracks (a track
    into a dead-end area adds only its other end), and how many tracks join
    two areas (each a network of its own, with no city that counts)."""
    dead_ends = facts.dead_ends
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        root = parent.setdefault(x, x)
        while root != x:
            parent[x] = parent[root]
            x, root = root, parent[root]
        return root

    area_to_area = 0
    for a, b in tracks:
        if a in dead_ends:
            if b in dead_ends:
                area_to_area += 1
            else:
                find(b)  # the area's end is a leaf of b's network
        elif b in dead_ends:
            find(a)
        else:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
    members: dict[str, set[str]] = {}
    for city in parent:
        members.setdefault(find(city), set()).add(city)
    return list(members.values()), area_to_area


def _region_count(facts: _RegionFacts, cities: set[str]) -> int:
    """The regions one network joins, a double region it holds whole twice."""
    region_of, cities_of = facts.region_of, facts.cities_of
    regions = {region_of[c] for c in cities if c in region_of}
    doubled = sum(1 for r in facts.double_regions
                  if r in regions and cities_of[r] <= cities)
    return len(regions) + doubled


class _RegionFacts:
    """What region scoring needs of a board, worked out once per board."""

    def __init__(self, board: Any):
        self.dead_ends = frozenset(c for c in board.cities if board.is_dead_end(c))
        cities_of: dict[str, set[str]] = {}
        for name in board.cities:
            region = board.region(name)
            if region is not None and name not in self.dead_ends:
                cities_of.setdefault(region, set()).add(name)
        listed = set(board.regions)
        # city -> its region, for the cities whose region counts
        self.region_of = {c: r for r, cities in cities_of.items() for c in cities
                          if not listed or r in listed}
        self.cities_of = cities_of
        self.double_regions = tuple(board.double_regions)


def _region_facts(board: Any) -> _RegionFacts:
    facts = board.__dict__.get("_region_facts")
    if facts is None:
        facts = board.__dict__["_region_facts"] = _RegionFacts(board)
    return facts


class RegionScores:
    """Region scoring of one board and table as a bot asks it: what one more
    track would add to a seat's region bonus, for many tracks against the
    same tracks held (a bot weighs every claim open to it). Exactly
    `region_bonus(tracks + [track]) - region_bonus(tracks)`, by the rules of
    `region_networks`: the held networks are joined once (`gains`), with a
    network's regions kept as bits, and each track only merges the (at
    most two) networks its ends touch."""

    def __init__(self, board: Board, table: Sequence[tuple[int, int]]):
        facts = self._facts = _region_facts(board)
        self.dead_ends = facts.dead_ends
        names = sorted(set(facts.region_of.values()))
        bits = {name: 1 << i for i, name in enumerate(names)}
        # city -> its region's bit (cities whose region counts)
        self.bit: dict[str, int] = {c: bits[r] for c, r in facts.region_of.items()}
        # each double region as listed: (its bit, or 0 when it never
        # counts, and its cities)
        self.doubles: tuple[tuple[int, frozenset[str]], ...] = tuple(
            (bits.get(r, 0), frozenset(facts.cities_of.get(r, ()))) for r in facts.double_regions)
        top = len(names) + len(self.doubles) + 1
        self.points: list[int] = [region_points(n, table) for n in range(top + 1)]
        # up to how many regions (doubles counted) a network scores nothing
        self.pointless = -1
        while self.pointless < top and self.points[self.pointless + 1] == 0:
            self.pointless += 1

    def _score(self, mask: int, cities: set[str] | frozenset[str]) -> int:
        """The points of one network: its regions, and a double region it
        holds whole counted twice."""
        count = mask.bit_count()
        for bit, members in self.doubles:
            if mask & bit and members <= cities:
                count += 1
        return self.points[count]

    def gains(self, held: Iterable[tuple[str, str]]) -> TrackGains:
        """The gains against the networks of `held` (city pairs, one per
        track), joined as region_networks joins them."""
        bit = self.bit
        members, _ = _networks(self._facts, held)
        network: dict[str, tuple[int, set[str], int]] = {}
        for cities in members:
            mask = 0
            for c in cities:
                mask |= bit.get(c, 0)
            entry = (mask, cities, self._score(mask, cities))
            for c in cities:
                network[c] = entry
        return TrackGains(self, network)


class TrackGains:
    """What a track adds to a seat's region bonus (`gains(track)`), against
    its networks: city -> (the network's region bits, its cities, its
    points), one entry per network; remembered per track id."""

    __slots__ = ("scores", "network", "known")

    def __init__(self, scores: RegionScores, network: dict[str, tuple[int, set[str], int]]):
        self.scores = scores
        self.network = network
        self.known: dict[str, int] = {}

    def adding(self, track: Track) -> TrackGains:
        """The gains against these networks and `track` (as _networks
        adds a track: into a dead-end area only its other end joins)."""
        scores = self.scores
        dead_ends, bit = scores.dead_ends, scores.bit
        network = self.network
        a, b = track.a, track.b
        if a in dead_ends or b in dead_ends:
            if a in dead_ends and b in dead_ends:
                return self
            end = b if a in dead_ends else a
            if end in network:
                return self
            network = dict(network)
            cities = {end}
            network[end] = (bit.get(end, 0), cities, scores._score(bit.get(end, 0), cities))
            return TrackGains(scores, network)
        here, there = network.get(a), network.get(b)
        if here is not None and here is there:
            return self
        mask = (here[0] if here is not None else bit.get(a, 0)) \
            | (there[0] if there is not None else bit.get(b, 0))
        cities = (here[1] if here is not None else {a}) | (there[1] if there is not None else {b})
        entry = (mask, cities, scores._score(mask, cities))
        network = dict(network)
        for c in cities:
            network[c] = entry
        return TrackGains(scores, network)

    def __call__(self, track: Track) -> int:
        """What claiming `track` would add to the bonus."""
        known = self.known
        value = known.get(track.id)
        if value is not None:
            return value
        scores = self.scores
        dead_ends, bit, network = scores.dead_ends, scores.bit, self.network
        a, b = track.a, track.b
        if a in dead_ends and b in dead_ends:
            value = scores.points[0]  # a network of its own
        elif a in dead_ends or b in dead_ends:
            end = b if a in dead_ends else a
            value = 0 if end in network else scores._score(bit.get(end, 0), {end})
        else:
            here, there = network.get(a), network.get(b)
            if here is not None and here is there:
                value = 0
            else:
                mask = (here[0] if here is not None else bit.get(a, 0)) \
                    | (there[0] if there is not None else bit.get(b, 0))
                most = mask.bit_count()
                for double, _ in scores.doubles:
                    if mask & double:
                        most += 1
                if most <= scores.pointless:
                    value = 0  # the joined network scores nothing, nor its parts
                else:
                    joined = (here[1] if here is not None else {a}) \
                        | (there[1] if there is not None else {b})
                    value = scores._score(mask, joined) \
                        - (here[2] if here is not None else 0) \
                        - (there[2] if there is not None else 0)
        known[track.id] = value
        return value


def region_bonus(board: Any, tracks: Iterable[tuple[str, str]],
                 table: Sequence[tuple[int, int]] = ITALY_REGION_TABLE
                 ) -> tuple[int, list[int]]:
    """One seat's region bonus: (total points, regions of each network, largest first).

    Each separate network scores on its own by `table` (seed 002).
    """
    counts = region_networks(board, tracks)
    return sum(region_points(n, table) for n in counts), counts


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
