"""The route planner's graph of a board, and the shapes its parts share.

A seat plans on a graph of the board's nodes (a city, or at a dead end one
node per track end) joined by pairs (the tracks between two nodes); the
board's side of it is worked out once and kept with the board
(`PlannerBoard`). Here too: INF (no way), the shapes of a seat's graph, of a
ticket's record and of a plan (routes_planner.py makes them,
routes_lender.py lends their paths), and the planner's memo store.
"""

from __future__ import annotations

from typing import Any

from game.rules.routes.board import Board, Track, pair_key

INF = 10**9


class PlannerBoard:
    """What the planner's graph needs of a board, worked out once and kept on
    it (the graph is rebuilt, and paths searched, every move of every
    rollout). Graph nodes are numbered in name order, so a path search breaks
    ties as it would on the names. The tracks between two nodes make one
    pair, numbered in board order: a seat's graph is, per pair, the cost of
    the cheapest track it may still use (INF when none) and that track (None
    when the pair is the seat's already)."""

    def __init__(self, board: Board):
        pairs = [pair_key(board.node(t.a, t), board.node(t.b, t)) for t in board.tracks]
        self.names: list[str] = sorted({name for pair in pairs for name in pair})
        ids = {name: i for i, name in enumerate(self.names)}
        # per track, in board order: (track, its edge as node ids, low id
        # first, its train cost)
        self.edges: list[tuple[Track, tuple[int, int], int]] = [
            (t, (ids[a], ids[b]), t.length + (1 if t.ferries else 0))
            for t, (a, b) in zip(board.tracks, pairs, strict=True)]
        # track index -> indices of its parallel set (itself included)
        self.parallel: list[tuple[int, ...]] = [board.parallel[t.id] for t in board.tracks]
        # an edge's node ids -> the indices of its tracks, in board order
        self.pair_tracks: dict[tuple[int, int], list[int]] = {}
        for index, (_, key, _) in enumerate(self.edges):
            self.pair_tracks.setdefault(key, []).append(index)
        # pair number -> its node ids, and its tracks; track index -> its pair
        self.pairs: list[tuple[int, int]] = list(self.pair_tracks)
        self.members: list[list[int]] = [self.pair_tracks[key] for key in self.pairs]
        number = {key: pid for pid, key in enumerate(self.pairs)}
        self.pair_of: list[int] = [number[key] for _, key, _ in self.edges]
        # track index -> the other tracks of its parallel set, and the pairs
        # of its whole set (a claim of it may change those pairs only)
        self.siblings: list[tuple[int, ...]] = [
            tuple(i for i in self.parallel[index] if i != index)
            for index in range(len(self.edges))]
        self.set_pairs: list[tuple[int, ...]] = [
            tuple(sorted({self.pair_of[i] for i in self.parallel[index]}))
            for index in range(len(self.edges))]
        # node -> (neighbour, pair) of every pair it is in
        links: list[list[tuple[int, int]]] = [[] for _ in self.names]
        for pid, (a, b) in enumerate(self.pairs):
            links[a].append((b, pid))
            links[b].append((a, pid))
        self.links: list[tuple[tuple[int, int], ...]] = [tuple(sorted(x)) for x in links]
        # a path search's heap entries are (distance << shift) | node: they
        # order exactly as (distance, node) pairs would
        self.shift = len(self.names).bit_length()
        # city -> its graph nodes (one per track end at a dead end)
        self.ends: dict[str, list[int]] = {}
        for name in self.names:
            self.ends.setdefault(name.split("#", 1)[0], []).append(ids[name])
        self.dead_ends: frozenset[str] = frozenset(c for c in board.cities
                                                   if board.is_dead_end(c))
        # dead-end city -> (node, pair) of each of its nodes: a node there
        # is one track's end, so it is in one pair
        self.dead_end_links: dict[str, list[tuple[int, int]]] = {
            city: [(n, pid) for n in self.ends.get(city, []) for _, pid in self.links[n]]
            for city in self.dead_ends}
        # a claim's worth per track id, and the tracks ranked by it per trains
        # left, on a board with no region bonus (RoutesPlanner.claim_worths)
        self.worth: dict[str, float] = {}
        self.ranked: dict[int, list[list[Track]]] = {}

    @staticmethod
    def of(board: Board) -> PlannerBoard:
        """The tables of `board`, worked out when first asked and kept with it."""
        known = board.__dict__.get("_planner_board")
        if known is None:
            known = board.__dict__["_planner_board"] = PlannerBoard(board)
        return known


# A seat's graph: per pair, (costs, tracks) as PlannerBoard says.
Graph = tuple[list[int], list[Track | None]]
# What a plan keeps of each ticket it weighed, in the order weighed: its
# (a, b, points), whether the plan took it, the path found (cost, tracks
# still to claim, their pairs), and what the search reached: (distances,
# the path's cost) when every node at most that far was reached, else None.
Record = tuple[tuple[str, str, int], bool, int, tuple[Track, ...], frozenset[int],
               tuple[list[int], int] | None]
# A plan: (tracks, cost, points, the records of its tickets, its graph, the
# number of the owners of tracks that graph is of, and its tickets' (a, b,
# points) in the order planned).
Plan = tuple[tuple[Track, ...], int, int, tuple[Record, ...], Graph, int,
             tuple[tuple[str, str, int], ...]]


def remember(memo: dict, size: int, key: Any, value: Any) -> Any:
    """Store `value` under `key` (the store starts afresh once it holds `size`)
    and return it. A plain dict: safe to share between a thinking thread and
    the screen's."""
    if len(memo) >= size:
        memo.clear()
    memo[key] = value
    return value
