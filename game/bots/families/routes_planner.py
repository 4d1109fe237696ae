"""The route games' Normal planner: what one seat knows of a position (the
graph of tracks it may still use, the paths and plans over it, the region
gains of its claims), with the memos that let a rollout replan every move.
The bots (routes_greedy.py, routes_search.py) decide with it; the board
scene asks it for a seat's paths.

Its parts beside it: routes_graph.py (the board's side of the graph, the
shapes of a graph and a plan), routes_owners.py (the owners of tracks as
the memos know them), routes_lender.py (a prior plan's paths lent to a new
plan), routes_regions.py (the region gains and claims' worths per tracks
held); this module holds the seat's graph, its path search and its plans.
"""

from __future__ import annotations

import heapq
from typing import Any

from game.bots.families.routes_graph import INF, Graph, Plan, PlannerBoard, Record, remember
from game.bots.families.routes_lender import Lender
from game.bots.families.routes_owners import state_owners, touched_pairs, view_owners
from game.bots.families.routes_regions import RegionMemo
from game.rules.base import View
from game.rules.routes.board import Board, Track, load_board
from game.rules.routes.engine import RoutesState
from game.rules.routes.scoring import TrackGains

# Graphs and plans kept for reuse before their store starts afresh. A rollout
# replans every move, but most moves are draws that change neither the tracks
# held nor the tickets: the same plan comes back (a search gets about a tenth
# more rollouts in its time). Sized to stay near ten megabytes (a graph is
# some kilobytes, a plan a few hundred bytes).
GRAPHS_KEPT, PLANS_KEPT = 256, 4096
_GRAPHS: dict[tuple, Any] = {}
_PLANS: dict[tuple, Any] = {}
# per (board, seat, small table, budget, tickets): the owners of the last
# plan made for them, and that plan (RoutesPlanner._carried)
_LATEST: dict[tuple, tuple[dict[int, int], Any]] = {}
# per (board, seat, small table): the owners of the last graph made for
# them, and that graph (RoutesPlanner._patched)
_BASES: dict[tuple, tuple[int, Any]] = {}
# claims since the last graph made for a seat beyond which its graph is
# built afresh rather than patched (either gives the same graph)
PATCHED_MOST = 24


class RoutesPlanner:
    """What the bot knows of one position, rebuilt from a view each turn."""

    def __init__(self, view: View):
        self.view = view
        board = load_board(view["board"])
        seat: int = view["you"]
        private: dict[str, Any] = view["private"]
        self._set(board, seat, private, dict(private.get("hand", {})), len(view["players"]),
                  view["players"][seat]["trains"],
                  view_owners(board, view["routes"], bool(view.get("planning")),
                              len(view["players"])),
                  view.get("region_table"))

    @classmethod
    def of_state(cls, state: RoutesState, seat: int) -> RoutesPlanner:
        """The planner of `seat`'s planning view, read straight from the
        engine state (a rollout plans every move; building the view was a
        tenth of its time). Its hand is the state's own (read-only, and
        current only until the next action); it has no view."""
        planner = cls.__new__(cls)
        planner.view = None
        planner._set(state.board, seat, {"tickets": state._ticket_dicts(seat), "pending": None},
                     state.hands[seat], state.players, state.trains[seat],
                     state_owners(state), state.rules.region_table)
        return planner

    def _set(self, board: Board, seat: int, private: dict[str, Any], hand: dict[str, int],
             players: int, trains: int, owners: tuple, region_table: Any) -> None:
        self.board: Board = board
        self.seat: int = seat
        self.private: dict[str, Any] = private
        self.hand: dict[str, int] = hand
        self.players = players
        self.trains: int = trains
        self.region_table = region_table
        self.owner: dict[int, int] = owners[1]
        # the tracks this seat holds, a bit per track index
        self.held: int = owners[3][seat]
        self._nodes = PlannerBoard.of(board)
        # what the graph depends on: the board, the seat, the table size and
        # every track's owner (as a number standing for them: the memo keys
        # are looked up every move, and a long tuple is hashed every time)
        self._graph_key = (board.name, seat, players < 4, owners[2])
        self._adjacency: Graph | None = None
        # dead-end city -> its nodes this seat may still use, in this graph
        self._dead_ends: dict[str, list[int]] = {}
        # (a, b, free tracks) -> path(a, b, free), for a planner that plans
        # many sets of tickets (see remember_paths)
        self._paths: dict[tuple, tuple[int, tuple[Track, ...], Any]] | None = None
        # track -> what claiming it adds to the region bonus (region_gains)
        self._gains: TrackGains | None = None

    def region_gains(self) -> TrackGains:
        """track -> what claiming it would add to this seat's region bonus
        (of the tracks it holds now), remembered per tracks held."""
        gains = self._gains
        if gains is None:
            gains = self._gains = self._regions().gains_of(
                self.held, self.board.tracks, self.seat, self.owner)
        return gains

    def _regions(self) -> RegionMemo:
        return RegionMemo.of(self.board, self.region_table)

    def claim_worths(self) -> tuple[dict[str, float], dict[int, list[list[Track]]]]:
        """What RoutesGreedy.best_claim (preferring long tracks) keeps of
        each track's worth as a claim, and the tracks ranked by it per trains
        left (_SeatPlan.best_of_all): shared by every planner of this board
        (and region table and tracks held, on a board with regions)."""
        if self.board.regions and self.region_table:
            return self._regions().worths_of(self.held)
        nodes = self._nodes
        return nodes.worth, nodes.ranked

    def remember_paths(self) -> None:
        """Keep every path found from now on: weighing the ways to keep an
        offer plans the tickets held with each way, and the paths of the
        tickets planned before the first one it adds come back each time
        (a path depends only on the graph, the ends and the free tracks)."""
        if self._paths is None:
            self._paths = {}

    @property
    def adjacency(self) -> Graph:
        """The graph, built (or found) only when a path is searched: a move
        whose plan is remembered needs none (most moves of a rollout)."""
        adjacency = self._adjacency
        if adjacency is None:
            adjacency = _GRAPHS.get(self._graph_key)
            if adjacency is None:
                same = self._graph_key[:3]
                adjacency = self._patched(_BASES.get(same)) or self._graph()
                remember(_GRAPHS, GRAPHS_KEPT, self._graph_key, adjacency)
                _BASES[same] = (self._graph_key[3], adjacency)
            self._adjacency = adjacency
        return adjacency

    def _patched(self, base: tuple[int, Graph] | None) -> Graph | None:
        """The last graph made for this seat, with the claims that differ
        since (a rollout claims a track at a time; another starts from
        the position searched) worked in, or None when too many do.

        A track's owner bears only on the pairs of its parallel set: those
        pairs are worked out again as `_graph` works them out; every other
        entry stays."""
        if base is None:
            return None
        then, (costs, tracks) = base
        touched = touched_pairs(self._nodes.set_pairs, then, self._graph_key[3],
                                PATCHED_MOST)
        if touched is None:
            return None
        costs, tracks = costs.copy(), tracks.copy()
        for pid in touched:
            costs[pid], tracks[pid] = self._pair_best(pid)
        return costs, tracks

    def _pair_best(self, pid: int) -> tuple[int, Track | None]:
        """(cost, track to claim or None when already ours) of the cheapest
        track this seat may still use of a pair of nodes, as `_graph` finds
        it; (INF, None) when there is none."""
        owner, seat = self.owner, self.seat
        nodes = self._nodes
        edges, siblings = nodes.edges, nodes.siblings
        few = self.players < 4
        best: tuple[int, Track | None] = (INF, None)
        for index in nodes.members[pid]:
            holder = owner.get(index)
            if holder is not None:
                if holder == seat:
                    return 0, None  # no track can beat it
                continue
            blocked = False
            for i in siblings[index]:
                holder = owner.get(i)
                if holder is not None and (few or holder == seat):
                    blocked = True
                    break
            if blocked:
                continue
            track, _, cost = edges[index]
            if cost < best[0]:
                best = (cost, track)
        return best

    # --- the graph ----------------------------------------------------------

    def _graph(self) -> Graph:
        """Per pair of nodes, (cost, track to claim or None when already
        ours) of the cheapest track this seat may still use; INF, None when
        it may use none."""
        owner, seat, few = self.owner, self.seat, self.players < 4
        nodes = self._nodes
        # a free track is out when a track of its parallel set is this
        # seat's or, at a small table, anyone's
        blocked: set[int] = set()
        for index, holder in owner.items():
            if holder == seat or few:
                blocked.update(nodes.parallel[index])
        pairs = len(nodes.pairs)
        costs: list[int] = [INF] * pairs
        tracks: list[Track | None] = [None] * pairs
        for (track, _, cost), pid in zip(nodes.edges, nodes.pair_of):  # noqa: B905 (same length)
            index = track.index
            holder = owner.get(index)
            if holder is not None:
                if holder == seat:
                    costs[pid], tracks[pid] = 0, None
                continue
            if index in blocked:
                continue
            if cost < costs[pid]:
                costs[pid], tracks[pid] = cost, track
        return costs, tracks

    def ends(self, city: str) -> list[int]:
        """A city's graph nodes: itself, or at a dead end one per track end
        this seat may still use."""
        nodes = self._nodes
        if city not in nodes.dead_ends:
            return nodes.ends.get(city, [])
        known = self._dead_ends.get(city)
        if known is None:
            costs = self.adjacency[0]
            known = self._dead_ends[city] = [
                n for n, pid in nodes.dead_end_links[city] if costs[pid] < INF]
        return known

    def path(self, a: str, b: str, free: set[int]) -> tuple[int, list[Track]]:
        """Cheapest way to join a and b: (train cost, tracks still to claim);
        `free` tracks (by index) cost nothing. Remembered once
        `remember_paths` was asked."""
        costs, tracks = self.adjacency
        weights = costs
        if free:
            weights = costs.copy()
            pair_of = self._nodes.pair_of
            for index in free:
                pid = pair_of[index]
                track = tracks[pid]
                if track is not None and track.index == index:
                    weights[pid] = 0
        found = self._search(a, b, free, weights)
        return found[0], list(found[1])

    def _search(self, a: str, b: str, free: Any, weights: list[int]
                ) -> tuple[int, tuple[Track, ...], frozenset[int], Any]:
        """`_cheapest` with the pairs of the `free` tracks at no cost in
        `weights`, remembered by the free tracks once `remember_paths` was
        asked."""
        paths = self._paths
        if paths is None:
            return self._cheapest(a, b, weights)
        key = (a, b, frozenset(free))
        known = paths.get(key)
        if known is None:
            known = paths[key] = self._cheapest(a, b, weights)
        return known

    def _cheapest(self, a: str, b: str, weights: list[int]
                  ) -> tuple[int, tuple[Track, ...], frozenset[int], tuple[list[int], int]]:
        """Dijkstra over the pairs, each at its cost in `weights`, with the
        heap's entries packed into one int, (distance << shift) | node: they
        order exactly as (distance, node) pairs would, and ints compare
        faster than tuples. (cost, tracks to claim from b back to a, the
        path's pairs (its own tracks' too), and the distances once every
        node no farther than b was reached, with that cost)."""
        nodes = self._nodes
        links, shift = nodes.links, nodes.shift
        mask = (1 << shift) - 1
        size = len(links)
        targets = set(self.ends(b))
        dist = [INF] * size
        # the pair each node was reached by (-1: a start); its other end
        # is the node reached from
        prev_pair = [-1] * size
        starts = self.ends(a)
        heap = sorted(starts)
        for start in starts:
            dist[start] = 0
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            key = pop(heap)
            d = key >> shift
            node = key & mask
            if d > dist[node]:
                continue
            if node in targets:
                graph_tracks, ends = self.adjacency[1], nodes.pairs
                tracks: list[Track] = []
                pairs: list[int] = []
                pid = prev_pair[node]
                while pid >= 0:
                    pairs.append(pid)
                    track = graph_tracks[pid]
                    if track is not None:
                        tracks.append(track)
                    low, high = ends[pid]
                    node = high if low == node else low
                    pid = prev_pair[node]
                # reach every other node as far as b: the distances then
                # say which nodes the search could have expanded
                top = (d + 1) << shift
                while heap and heap[0] < top:
                    key = pop(heap)
                    node = key & mask
                    if d > dist[node]:
                        continue
                    for nxt, pid in links[node]:
                        nd = d + weights[pid]
                        if nd < dist[nxt]:
                            dist[nxt] = nd
                            push(heap, (nd << shift) | nxt)
                return d, tuple(tracks), frozenset(pairs), (dist, d)
            for nxt, pid in links[node]:
                nd = d + weights[pid]
                if nd < dist[nxt]:
                    dist[nxt] = nd
                    prev_pair[nxt] = pid
                    push(heap, (nd << shift) | nxt)
        return INF, (), frozenset(), (dist, INF - 1)

    def plan(self, tickets: list[dict[str, Any]], budget: int | None = None
             ) -> tuple[list[Track], int, int]:
        """Tracks to claim for the tickets, best value first: (tracks, cost, points).

        Tickets whose path would take the plan past `budget` trains (default:
        every train left) are left out.
        """
        known = self.whole_plan(tickets, budget)
        return list(known[0]), known[1], known[2]

    def whole_plan(self, tickets: list[dict[str, Any]], budget: int | None = None,
                   prior: Plan | None = None) -> Plan:
        """`plan` as kept: with the records of its tickets and its graph.
        `prior`, a plan made before for this seat and tickets (some since
        done), lends its paths where the claims made since cannot change
        them (see `_plan`)."""
        budget = self.trains if budget is None else budget
        wanted = tuple([(t["a"], t["b"], t["points"]) for t in tickets if not t.get("done")])
        key = (self._graph_key, budget, wanted)
        known = _PLANS.get(key)
        if known is None:
            same = (self._graph_key[:3], budget, wanted)
            known = self._carried(same)
            if known is None:
                known = self._plan(tickets, budget, prior)
            remember(_PLANS, PLANS_KEPT, key, known)
            remember(_LATEST, PLANS_KEPT, same, (self.owner, known))
        return known

    def _carried(self, same: tuple) -> Plan | None:
        """The last plan made for the same seat, budget and tickets, if the
        claims made since cannot change it, else None.

        Claims by other seats only take tracks out of this seat's graph (or
        make a pair of cities dearer). A cheapest path none of whose pairs
        lost a track is still the one the search finds (its nodes keep their
        distances, and nothing reaches them sooner), and a ticket left out
        only gets dearer; so a plan none of whose tracks' pairs was touched
        stays as it was. A claim of this seat's own, or one that took an
        earlier claim back (another rollout), means planning afresh.
        """
        entry = _LATEST.get(same)
        if entry is None:
            return None
        then, known = entry
        now = self.owner
        if len(then) > len(now) or not then.items() <= now.items():
            return None
        nodes, seat = self._nodes, self.seat
        pair_of, parallel = nodes.pair_of, nodes.parallel
        few = self.players < 4
        used = {pair_of[t.index] for t in known[0]}
        for index in now.keys() - then.keys():
            if now[index] == seat:
                return None
            # the pair loses the track, and at a small table its whole parallel set
            for touched in (parallel[index] if few else (index,)):
                if pair_of[touched] in used:
                    return None
        return known

    def _plan(self, tickets: list[dict[str, Any]], budget: int, prior: Plan | None = None
              ) -> Plan:
        """The tickets, most points first, each joined by its cheapest path
        (the tracks planned for the tickets before free), kept when it fits
        in the budget. With a `prior` plan, a ticket's path is lent by it
        where the search would find it again (see Lender)."""
        graph = self.adjacency
        pair_of = self._nodes.pair_of
        weights = graph[0].copy()
        planned: dict[int, Track] = {}
        cost = points = 0
        keys = tuple([(t["a"], t["b"], t["points"])
                      for t in sorted(tickets, key=_by_points) if not t.get("done")])
        records: list[Record] = []
        lend = None if prior is None else Lender.of(
            self._nodes, graph, self._graph_key[3], prior, keys)
        for key in keys:
            found = None if lend is None else lend.path()
            c, tracks, pairs, reach = found if found is not None else \
                self._search(key[0], key[1], planned, weights)
            taken = c < INF and cost + c <= budget
            records.append((key, taken, c, tracks, pairs, reach))
            if lend is not None:
                lend.took(taken, pairs)
            if not taken:
                continue
            cost += c
            points += key[2]
            for t in tracks:
                planned[t.index] = t
                weights[pair_of[t.index]] = 0
        return (tuple(planned.values()), cost, points, tuple(records), graph,
                self._graph_key[3], keys)


def _by_points(ticket: dict[str, Any]) -> int:
    return -ticket["points"]
