"""The route games' Normal planner: what one seat knows of a position (the
graph of tracks it may still use, the paths and plans over it, the region
gains of its claims), with the memos that let a rollout replan every move.
The bots (routes_greedy.py, routes_search.py) decide with it; the board
scene asks it for a seat's paths.
"""

from __future__ import annotations

import heapq
from collections import Counter
from typing import Any

from game.rules.base import View
from game.rules.routes.board import Board, Track, load_board, pair_key
from game.rules.routes.engine import RoutesState
from game.rules.routes.scoring import RegionScores, TrackGains

INF = 10**9
# Graphs and plans kept for reuse before their store starts afresh. A rollout
# replans every move, but most moves are draws that change neither the tracks
# held nor the tickets: the same plan comes back (a search gets about a tenth
# more rollouts in its time). Sized to stay near ten megabytes (a graph is
# some kilobytes, a plan a few hundred bytes).
GRAPHS_KEPT, PLANS_KEPT = 256, 4096
_GRAPHS: dict[tuple, Any] = {}
_PLANS: dict[tuple, Any] = {}
# per board and region table: the tracks held whose region gains (and
# claims' worths) are kept before their store starts afresh
GAINS_KEPT = 2048
# per (board, seat, small table, budget, tickets): the owners of the last
# plan made for them, and that plan (RoutesPlanner._carried)
_LATEST: dict[tuple, tuple[dict[int, int], Any]] = {}
# the routes dict of the last planning view read, its owners by track index,
# the number standing for them and each seat's tracks (one tuple, replaced
# whole: safe between threads)
_LAST_ROUTES: tuple = (None, {}, 0, [])
# the same of the last engine state read, with its claims version first
# and its board's name and seat count last (_state_owners)
_LAST_CLAIMS: tuple = (None, {}, 0, [], None, 0)
# per (board, seat, small table): the owners of the last graph made for
# them, and that graph (RoutesPlanner._patched)
_BASES: dict[tuple, tuple[int, Any]] = {}
# the last question _changed answered and its answer (one tuple, replaced
# whole: safe between threads)
_LAST_CHANGED: tuple = (None, None, None, None)
# claims by which a prior plan's graph may differ from a planner's for it
# to lend its paths (_Lender)
LENT_APART = 24
# bits per track in the number standing for the owners of tracks: room for
# a seat number plus one
OWNER_BITS = 4
# claims since the last graph made for a seat beyond which its graph is
# built afresh rather than patched (either gives the same graph)
PATCHED_MOST = 24


class _PlannerBoard:
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
    def of(board: Board) -> _PlannerBoard:
        known = board.__dict__.get("_planner_board")
        if known is None:
            known = board.__dict__["_planner_board"] = _PlannerBoard(board)
        return known


# A seat's graph: per pair, (costs, tracks) as _PlannerBoard says.
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


class RoutesPlanner:
    """What the bot knows of one position, rebuilt from a view each turn."""

    def __init__(self, view: View):
        self.view = view
        board = load_board(view["board"])
        seat: int = view["you"]
        private: dict[str, Any] = view["private"]
        self._set(board, seat, private, dict(private.get("hand", {})), len(view["players"]),
                  view["players"][seat]["trains"],
                  _owners(board, view["routes"], bool(view.get("planning")),
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
                     _state_owners(state), state.rules.region_table)
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
        self._nodes = _PlannerBoard.of(board)
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
            gains = self._gains = self._regions().gains_of(self.held, self)
        return gains

    def _regions(self) -> _RegionMemo:
        return _RegionMemo.of(self.board, self.region_table)

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
                _remember(_GRAPHS, GRAPHS_KEPT, self._graph_key, adjacency)
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
        touched = _touched_pairs(self._nodes.set_pairs, then, self._graph_key[3],
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
            _remember(_PLANS, PLANS_KEPT, key, known)
            _remember(_LATEST, PLANS_KEPT, same, (self.owner, known))
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
        where the search would find it again (see _Lender)."""
        graph = self.adjacency
        pair_of = self._nodes.pair_of
        weights = graph[0].copy()
        planned: dict[int, Track] = {}
        cost = points = 0
        keys = tuple([(t["a"], t["b"], t["points"])
                      for t in sorted(tickets, key=_by_points) if not t.get("done")])
        records: list[Record] = []
        lend = None if prior is None else _Lender.of(self, prior, keys)
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


class _Lender:
    """Lends a plan made before (the prior) the paths its searches found,
    for planning tickets in this planner's graph: the same tickets, some
    since done, or more of them (a way to keep an offer).

    A ticket's search differs from the prior's search for it only in the
    cost of some pairs: the graphs differ (claims made since), and so do
    the tracks planned before it (the free ones, at no cost). Its search
    finds the prior's path again when every pair that changed is
      - dearer, or another track of the same cost, and off the path
        (a cheapest path none of whose pairs got dearer is found again:
        its nodes keep their distances, and nothing reaches them sooner);
      - cheaper (or as cheap and now this seat's) and on the path, with
        the same track or none (a pair of the path getting cheaper leaves
        it the path found, cheaper by as much, less the tracks now the
        seat's);
      - cheaper and off the path, with neither end a node the prior's
        search reached no farther than the path's cost: the search goes
        as it did until it ends. Those nodes are what a record keeps of
        the search (its distances), and they stay a fair bound: a pair
        of the path getting cheaper by some cost brings no node nearer by
        more, and the path is that much cheaper too.
    Cases applied in that order: each leaves what the next needs true."""

    __slots__ = ("records", "steps", "at", "changed", "old_costs", "old_tracks", "costs",
                 "tracks", "ends", "pair_of", "old_free", "new_free", "record")

    @staticmethod
    def of(planner: RoutesPlanner, prior: Plan, keys: tuple[tuple[str, str, int], ...]
           ) -> _Lender | None:
        """None when the prior lends nothing (other tickets, or graphs too
        far apart to compare cheaply). `keys`: the tickets to plan, in order."""
        records = prior[3]
        if keys == prior[6]:
            if not keys:
                return None
            steps = [((), k) for k in range(len(keys))]
        else:
            steps = _Lender._steps(records, keys)
            if steps is None:
                return None
        old_costs, old_tracks = prior[4]
        costs, tracks = planner.adjacency
        changed: set[int] = set()
        if old_costs is not costs:
            touched = _touched_pairs(planner._nodes.set_pairs, prior[5],
                                     planner._graph_key[3], LENT_APART)
            if touched is None:
                return None
            for pid in touched:
                if old_costs[pid] != costs[pid] or old_tracks[pid] is not tracks[pid]:
                    changed.add(pid)
        lender = _Lender()
        lender.records = records
        lender.steps = steps
        lender.at = 0
        lender.changed = changed
        lender.old_costs, lender.old_tracks = old_costs, old_tracks
        lender.costs, lender.tracks = costs, tracks
        lender.ends = planner._nodes.pairs
        lender.pair_of = planner._nodes.pair_of
        lender.old_free = set()     # the pairs the prior had planned so far
        lender.new_free = set()     # the pairs planned here so far
        lender.record = None
        return lender

    @staticmethod
    def _steps(records: tuple[Record, ...], keys: tuple[tuple[str, str, int], ...]
               ) -> list[tuple[tuple[int, ...], int]] | None:
        """Walking both lists of tickets in order (the tickets both have
        keep their order: most points first, ties as held), per ticket to
        plan the prior's records passed before it and its own (-1 for none);
        None when no ticket has one."""
        olds = Counter(r[0] for r in records)
        steps: list[tuple[tuple[int, ...], int]] = []
        at = 0
        lent = False
        for key in keys:
            passed: list[int] = []
            if olds[key] > 0:
                while records[at][0] != key:
                    passed.append(at)
                    olds[records[at][0]] -= 1
                    at += 1
                olds[key] -= 1
                steps.append((tuple(passed), at))
                at += 1
                lent = True
            else:
                steps.append(((), -1))
        return steps if lent else None

    def path(self) -> tuple[int, tuple[Track, ...], frozenset[int], Any] | None:
        """(cost, tracks, pairs, reach) of the next ticket's path, as its
        search would find it, or None when it must be searched."""
        records = self.records
        passed, at = self.steps[self.at]
        old_free = self.old_free
        for k in passed:
            if records[k][1]:
                old_free.update(records[k][4])
        if at < 0:
            self.record = None
            return None
        record = self.record = records[at]
        _, _, c, tracks, pairs, reach = record
        new_free = self.new_free
        changed = self.changed
        if old_free != new_free:
            changed = changed | (old_free ^ new_free)
        if not changed:
            return c, tracks, pairs, reach
        old_costs, old_tracks, costs, now_tracks = \
            self.old_costs, self.old_tracks, self.costs, self.tracks
        dropped: list[int] | None = None
        for pid in changed:
            was = 0 if pid in old_free else old_costs[pid]
            cost = 0 if pid in new_free else costs[pid]
            track = now_tracks[pid]
            if pid in pairs:
                old_track = old_tracks[pid]
                if cost > was or (track is not old_track and track is not None):
                    return None
                c -= was - cost
                if track is None and old_track is not None:
                    if dropped is None:
                        dropped = []
                    dropped.append(pid)
            elif cost < was:
                # a pair cut before may give a dead end a node to start
                # or end at: the search's ends change
                if reach is None or was >= INF:
                    return None
                dist, far = reach
                a, b = self.ends[pid]
                if dist[a] <= far or dist[b] <= far:
                    return None
        if dropped is not None:
            pair_of = self.pair_of
            tracks = tuple([t for t in tracks if pair_of[t.index] not in dropped])
        return c, tracks, pairs, reach

    def took(self, taken: bool, pairs: frozenset[int]) -> None:
        """The ticket was planned (`taken`) or not, with a path on `pairs`."""
        self.at += 1
        if taken:
            self.new_free.update(pairs)
        record = self.record
        if record is not None and record[1]:
            self.old_free.update(record[4])


def _owners(board: Board, routes: dict[str, int], planning: bool, players: int) -> tuple:
    """(routes, track index -> owner, the owners' number, each seat's
    tracks as a number) of a view's routes (see _owners_number).

    A rollout's planning views hand every seat the engine's own routes dict
    until the next claim (never changed, replaced by a claim): its owners
    are read once."""
    global _LAST_ROUTES
    last = _LAST_ROUTES
    if last[0] is not routes or len(last[3]) != players:
        owner = {board.track_by_id[tid].index: s for tid, s in routes.items()}
        last = (routes, owner, *_owners_number(owner, players))
        if planning:
            _LAST_ROUTES = last
    return last


def _state_owners(state: RoutesState) -> tuple:
    """(claims version, track index -> owner, the owners' number, each
    seat's tracks as a number) of a state: read once per claim (the seats
    of a rollout share it), from the claims before it when the state just
    added one (a claim adds its track last to the state's dict)."""
    global _LAST_CLAIMS
    last = _LAST_CLAIMS
    version = state.claims_version
    if last[0] != version:
        claimed = state.claimed
        then = last[1]
        name, players = state.board.name, state.players
        if len(claimed) == len(then) + 1 and last[4] == name and last[5] == players \
                and then.items() <= claimed.items():
            index, holder = next(reversed(claimed.items()))
            held = list(last[3])
            held[holder] |= 1 << index
            last = (version, dict(claimed), last[2] + ((holder + 1) << (OWNER_BITS * index)),
                    held, name, players)
        else:
            last = (version, dict(claimed), *_owners_number(claimed, players), name, players)
        _LAST_CLAIMS = last
    return last


def _owners_number(owner: dict[int, int], players: int) -> tuple[int, list[int]]:
    """A number for the owners of tracks, OWNER_BITS per track index
    holding its owner's seat plus one (equal owners, equal numbers; the
    memos know a board's graphs and plans by it), and each seat's tracks
    as a number (a bit per track index)."""
    number = 0
    held = [0] * players
    for index, holder in owner.items():
        number += (holder + 1) << (OWNER_BITS * index)
        held[holder] |= 1 << index
    return number, held


def _changed(then: int, now: int, most: int) -> list[int] | None:
    """The indices of the tracks whose owners differ between two owners'
    numbers (_owners_number), low to high; None when more than `most` do.
    The last answer is kept: after a seat's claim its graph is patched
    from, and its new plan lent paths by, the same graph most times."""
    global _LAST_CHANGED
    last = _LAST_CHANGED
    if last[0] == then and last[1] == now and last[2] == most:
        return last[3]
    differ = then ^ now
    out: list[int] | None = []
    base = 0
    while differ:
        at = ((differ & -differ).bit_length() - 1) // OWNER_BITS
        base += at
        out.append(base)
        if len(out) > most:
            out = None
            break
        differ >>= (at + 1) * OWNER_BITS
        base += 1
    _LAST_CHANGED = (then, now, most, out)
    return out


def _touched_pairs(set_pairs: list[tuple[int, ...]], then: int, now: int,
                   most: int) -> set[int] | None:
    """The node pairs whose cheapest track two owners' numbers may differ
    on: those of the parallel sets of the tracks whose owners differ
    (`set_pairs` by track index); None when more than `most` tracks do."""
    changed = _changed(then, now, most)
    if changed is None:
        return None
    touched: set[int] = set()
    for index in changed:
        touched.update(set_pairs[index])
    return touched


def _remember(memo: dict, size: int, key: Any, value: Any) -> Any:
    """Store `value` under `key` (the store starts afresh once it holds `size`)
    and return it. A plain dict: safe to share between a thinking thread and
    the screen's."""
    if len(memo) >= size:
        memo.clear()
    memo[key] = value
    return value


class _RegionMemo:
    """The region gains and claims' worths of a board and region table, per
    tracks held (a bit per track index), kept for the planners that ask
    them (a rollout asks the same tracks held many times)."""

    def __init__(self, scores: RegionScores):
        self.scores = scores
        # per tracks held (a number, RoutesPlanner.held): the gains, and
        # the claims' worths with the tracks ranked by them per trains left
        self._gains: dict[int, TrackGains] = {}
        self._worths: dict[int, tuple[dict[str, float], dict[int, list[list[Track]]]]] = {}

    @staticmethod
    def of(board: Board, table: Any) -> _RegionMemo:
        last = board.__dict__.get("_planner_regions_last")
        if last is not None and last[0] is table:
            return last[1]
        key = tuple(tuple(row) for row in table)
        known = board.__dict__.setdefault("_planner_regions", {})
        memo = known.get(key)
        if memo is None:
            memo = known[key] = _RegionMemo(RegionScores(board, key))
        board.__dict__["_planner_regions_last"] = (table, memo)
        return memo

    def gains_of(self, held: int, planner: RoutesPlanner) -> TrackGains:
        """The gains against the tracks `held` (a bit per track index) of
        the planner's seat: remembered, else made from those against the
        same tracks less one (a seat claims a track at a time), else afresh."""
        known = self._gains
        gains = known.get(held)
        if gains is None:
            tracks = planner.board.tracks
            rest = held
            while rest:
                low = rest & -rest
                rest ^= low
                fewer = known.get(held ^ low)
                if fewer is not None:
                    gains = fewer.adding(tracks[low.bit_length() - 1])
                    break
            else:
                seat = planner.seat
                gains = self.scores.gains([(tracks[i].a, tracks[i].b)
                                           for i, holder in planner.owner.items()
                                           if holder == seat])
            _remember(known, GAINS_KEPT, held, gains)
        return gains

    def worths_of(self, held: int) -> tuple[dict[str, float], dict[int, list[list[Track]]]]:
        worths = self._worths.get(held)
        if worths is None:
            worths = _remember(self._worths, GAINS_KEPT, held, ({}, {}))
        return worths
