"""A planning bot for the route-building games.

It plans its tickets over shortest paths (its own tracks cost nothing, tracks
it may not use are cut), collects the colours those paths need, claims the
planned tracks it can pay for (longest first: they are the hardest to get),
takes more tickets while it has trains to spare, and spends the last trains
on the best points it can find. On a board with regions (Italy) a claim
outside the plan also counts what it adds to the region bonus.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections import Counter
from typing import Any

from game.bots.families.routes_worlds import world_from_view
from game.bots.search import Deal, SearchHooks, redealer
from game.rules.base import Action, GameState, View
from game.rules.routes.board import GRAY, LOCOMOTIVE, Board, Track, load_board, pair_key
from game.rules.routes.engine import RoutesState
from game.rules.routes.payments import FERRY
from game.rules.routes.scoring import RegionGains

INF = 10**9
# When choosing tickets, plan them within this share of the trains left: the
# rest goes to detours round tracks others take. (Planning with every train
# kept too many tickets, and failed more of them, on both boards.)
KEEP_BUDGET = 0.75
# Weight, in train spaces, of one region-bonus point when choosing a claim.
REGION_WEIGHT = 0.5
# Graphs and plans kept for reuse before their store starts afresh. A rollout
# replans every move, but most moves are draws that change neither the tracks
# held nor the tickets: the same plan comes back (a search gets about a tenth
# more rollouts in its time). Sized to stay near ten megabytes (a graph is
# some kilobytes, a plan a few hundred bytes).
GRAPHS_KEPT, PLANS_KEPT = 256, 4096
_GRAPHS: dict[tuple, list[list[tuple[int, int, Track | None]]]] = {}
_PLANS: dict[tuple, tuple[tuple[Track, ...], int, int]] = {}
# per (board, region table, tracks held): track id -> what claiming it adds
# to the region bonus (a few hundred bytes each)
GAINS_KEPT = 4096
_GAINS: dict[tuple, dict[str, int]] = {}
# per (board, seat, small table, budget, tickets): the owners of the last
# plan made for them, and that plan (RoutesPlanner._carried)
_LATEST: dict[tuple, tuple[dict[int, int], tuple[tuple[Track, ...], int, int]]] = {}
# the routes dict of the last planning view read, its owners by track index
# and its items (one tuple, replaced whole: safe between threads)
_LAST_ROUTES: tuple = (None, {}, ())
# the same of the last engine state read: its claims version, owners by
# track index and their number (_state_owners)
_LAST_CLAIMS: tuple = (None, {}, ())
# (board, owners of tracks by index, in index order) -> the number standing
# for them (_owners_id)
OWNERS_KEPT = 8192
_OWNERS: dict[tuple, int] = {}
_OWNER_NUMBERS = itertools.count()
# per (board, seat, small table): the owners of the last graph made for
# them, and that graph (RoutesPlanner._patched)
_BASES: dict[tuple, tuple[dict[int, int], list]] = {}


class _PlannerBoard:
    """What the planner's graph needs of a board, worked out once and kept on
    it (the graph is rebuilt, and paths searched, every move of every
    rollout). Graph nodes are numbered in name order, so a path search breaks
    ties as it would on the names."""

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
        # city -> its graph nodes (one per track end at a dead end)
        self.ends: dict[str, list[int]] = {}
        for name in self.names:
            self.ends.setdefault(name.split("#", 1)[0], []).append(ids[name])

    @staticmethod
    def of(board: Board) -> _PlannerBoard:
        known = board.__dict__.get("_planner_board")
        if known is None:
            known = board.__dict__["_planner_board"] = _PlannerBoard(board)
        return known


class RoutesPlanner:
    """What the bot knows of one position, rebuilt from a view each turn."""

    def __init__(self, view: View):
        self.view = view
        board = load_board(view["board"])
        seat: int = view["you"]
        private: dict[str, Any] = view["private"]
        self._set(board, seat, private, dict(private.get("hand", {})), len(view["players"]),
                  view["players"][seat]["trains"],
                  _owners(board, view["routes"], bool(view.get("planning"))),
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
        self._nodes = _PlannerBoard.of(board)
        # what the graph depends on: the board, the seat, the table size and
        # every track's owner (as a number standing for them: the memo keys
        # are looked up every move, and a long tuple is hashed every time)
        self._graph_key = (board.name, seat, players < 4, owners[2])
        self._adjacency: list[list[tuple[int, int, Track | None]]] | None = None
        # (a, b, free tracks) -> path(a, b, free), for a planner that plans
        # many sets of tickets (see remember_paths)
        self._paths: dict[tuple, tuple[int, list[Track]]] | None = None

    def remember_paths(self) -> None:
        """Keep every path found from now on: weighing the ways to keep an
        offer plans the tickets held with each way, and the paths of the
        tickets planned before the first one it adds come back each time
        (a path depends only on the graph, the ends and the free tracks)."""
        if self._paths is None:
            self._paths = {}

    @property
    def adjacency(self) -> list[list[tuple[int, int, Track | None]]]:
        """The graph, built (or found) only when a path is searched: a move
        whose plan is remembered needs none (most moves of a rollout)."""
        adjacency = self._adjacency
        if adjacency is None:
            adjacency = _GRAPHS.get(self._graph_key)
            if adjacency is None:
                same = self._graph_key[:3]
                adjacency = self._patched(_BASES.get(same)) or self._graph()
                _remember(_GRAPHS, GRAPHS_KEPT, self._graph_key, adjacency)
                _BASES[same] = (self.owner, adjacency)
            self._adjacency = adjacency
        return adjacency

    def _patched(self, base: tuple[dict[int, int], list] | None) -> list | None:
        """The last graph made for this seat, with the claims made since
        applied (a rollout claims a track at a time), or None when claims
        were taken back since (another rollout) or too many were made.

        A claim changes only its own pair of nodes and, when it blocks its
        parallel set, the pairs of that set: those pairs are worked out
        again as `_graph` works them out; every other entry stays. Each
        node's list is kept in neighbour order, as `_graph` leaves it, so a
        patched graph equals the one built afresh."""
        if base is None:
            return None
        then, adjacency = base
        now = self.owner
        if len(then) > len(now) or len(now) - len(then) > 8:
            return None
        for index, holder in then.items():
            if now.get(index) != holder:
                return None
        nodes, seat, few = self._nodes, self.seat, self.players < 4
        edges, parallel = nodes.edges, nodes.parallel
        touched: set[tuple[int, int]] = set()
        for index, holder in now.items():
            if index not in then:
                touched.add(edges[index][1])
                if holder == seat or few:
                    touched.update(edges[i][1] for i in parallel[index])
        adjacency = list(adjacency)
        copied: set[int] = set()
        for pair in touched:
            best = self._pair_best(pair)
            for here, there in (pair, pair[::-1]):
                if here not in copied:
                    adjacency[here] = list(adjacency[here])
                    copied.add(here)
                entries = adjacency[here]
                at = 0
                while at < len(entries) and entries[at][0] < there:
                    at += 1
                if at < len(entries) and entries[at][0] == there:
                    del entries[at]
                if best is not None:
                    entries.insert(at, (there, best[0], best[1]))
        return adjacency

    def _pair_best(self, pair: tuple[int, int]) -> tuple[int, Track | None] | None:
        """(cost, track to claim or None when already ours) of the cheapest
        track this seat may still use between a pair of nodes, as `_graph`
        finds it; None when there is none."""
        owner, seat, few = self.owner, self.seat, self.players < 4
        nodes = self._nodes
        best: tuple[int, Track | None] | None = None
        for index in nodes.pair_tracks[pair]:
            track, _, cost = nodes.edges[index]
            holder = owner.get(index)
            if holder is not None:
                if holder == seat:
                    best = (0, None)
                continue
            if any(owner.get(i) == seat or (few and i in owner)
                   for i in nodes.parallel[index]):
                continue
            if best is None or cost < best[0]:
                best = (cost, track)
        return best

    # --- the graph ----------------------------------------------------------

    def _graph(self) -> list[list[tuple[int, int, Track | None]]]:
        """Node id -> (neighbour id, cost, track to claim or None when already
        ours): per pair of nodes, the cheapest track this seat may still use."""
        owner, seat, few = self.owner, self.seat, self.players < 4
        nodes = self._nodes
        # a free track is out when a track of its parallel set is this
        # seat's or, at a small table, anyone's
        blocked: set[int] = set()
        for index, holder in owner.items():
            if holder == seat or few:
                blocked.update(nodes.parallel[index])
        best: dict[tuple[int, int], tuple[int, Track | None]] = {}
        for track, key, cost in nodes.edges:
            holder = owner.get(track.index)
            if holder is not None:
                if holder == seat:
                    best[key] = (0, None)
                continue
            if track.index in blocked:
                continue
            known = best.get(key)
            if known is None or cost < known[0]:
                best[key] = (cost, track)
        adjacency: list[list[tuple[int, int, Track | None]]] = [[] for _ in nodes.names]
        for (a, b), (cost, track) in best.items():
            adjacency[a].append((b, cost, track))
            adjacency[b].append((a, cost, track))
        # in neighbour order (a path search does not depend on it; a graph
        # patched claim by claim keeps the same order: see _patched)
        for entries in adjacency:
            entries.sort(key=_neighbour)
        return adjacency

    def ends(self, city: str) -> list[int]:
        """A city's graph nodes: itself, or at a dead end one per track end
        this seat may still use."""
        nodes = self._nodes.ends.get(city, [])
        if not self.board.is_dead_end(city):
            return nodes
        return [n for n in nodes if self.adjacency[n]]

    def path(self, a: str, b: str, free: set[int]) -> tuple[int, list[Track]]:
        """Cheapest way to join a and b: (train cost, tracks still to claim);
        `free` tracks (by index) cost nothing. Remembered once
        `remember_paths` was asked."""
        paths = self._paths
        if paths is None:
            return self._cheapest(a, b, free)
        key = (a, b, frozenset(free))
        known = paths.get(key)
        if known is None:
            known = paths[key] = self._cheapest(a, b, free)
        return known[0], list(known[1])

    def _cheapest(self, a: str, b: str, free: set[int]) -> tuple[int, list[Track]]:
        """Dijkstra with the heap's entries packed into one int, distance times
        the node count plus the node: they order exactly as (distance, node)
        pairs would, and ints compare faster than tuples. With no free
        track the loop skips the test for one."""
        adjacency = self.adjacency
        size = len(adjacency)
        targets = set(self.ends(b))
        dist = [INF] * size
        prev_node = [-1] * size
        prev_track: list[Track | None] = [None] * size
        starts = self.ends(a)
        heap = sorted(starts)
        for start in starts:
            dist[start] = 0
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, node = divmod(pop(heap), size)
            if d > dist[node]:
                continue
            if node in targets:
                tracks: list[Track] = []
                while prev_node[node] >= 0:
                    track = prev_track[node]
                    if track is not None:
                        tracks.append(track)
                    node = prev_node[node]
                return d, tracks
            if free:
                for nxt, cost, track in adjacency[node]:
                    nd = d if track is not None and track.index in free else d + cost
                    if nd < dist[nxt]:
                        dist[nxt] = nd
                        prev_node[nxt] = node
                        prev_track[nxt] = track
                        push(heap, nd * size + nxt)
                continue
            for nxt, cost, track in adjacency[node]:
                nd = d + cost
                if nd < dist[nxt]:
                    dist[nxt] = nd
                    prev_node[nxt] = node
                    prev_track[nxt] = track
                    push(heap, nd * size + nxt)
        return INF, []

    def plan(self, tickets: list[dict[str, Any]], budget: int | None = None
             ) -> tuple[list[Track], int, int]:
        """Tracks to claim for the tickets, best value first: (tracks, cost, points).

        Tickets whose path would take the plan past `budget` trains (default:
        every train left) are left out.
        """
        budget = self.trains if budget is None else budget
        wanted = tuple((t["a"], t["b"], t["points"]) for t in tickets if not t.get("done"))
        key = (self._graph_key, budget, wanted)
        known = _PLANS.get(key)
        if known is None:
            same = (self._graph_key[:3], budget, wanted)
            known = self._carried(same)
            if known is None:
                known = self._plan(tickets, budget)
            _remember(_PLANS, PLANS_KEPT, key, known)
            _remember(_LATEST, PLANS_KEPT, same, (self.owner, known))
        return list(known[0]), known[1], known[2]

    def _carried(self, same: tuple) -> tuple[tuple[Track, ...], int, int] | None:
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
        if len(then) > len(now):
            return None
        for index, holder in then.items():
            if now.get(index) != holder:
                return None
        nodes, seat = self._nodes, self.seat
        edges, parallel = nodes.edges, nodes.parallel
        few = self.players < 4
        used = {edges[t.index][1] for t in known[0]}
        for index, holder in now.items():
            if index in then:
                continue
            if holder == seat:
                return None
            # the pair loses the track, and at a small table its whole parallel set
            for touched in (parallel[index] if few else (index,)):
                if edges[touched][1] in used:
                    return None
        return known

    def _plan(self, tickets: list[dict[str, Any]], budget: int
              ) -> tuple[tuple[Track, ...], int, int]:
        planned: dict[int, Track] = {}
        cost = points = 0
        order = sorted(tickets, key=lambda t: -t["points"])
        for ticket in order:
            if ticket.get("done"):
                continue
            c, tracks = self.path(ticket["a"], ticket["b"], set(planned))
            if c >= INF or cost + c > budget:
                continue
            cost += c
            points += ticket["points"]
            for t in tracks:
                planned[t.index] = t
        return tuple(planned.values()), cost, points


def _owners(board: Board, routes: dict[str, int], planning: bool) -> tuple:
    """(routes, track index -> owner, the owners' number) of a view's routes.

    A rollout's planning views hand every seat the engine's own routes dict
    until the next claim (never changed, replaced by a claim): its owners
    are read once."""
    global _LAST_ROUTES
    last = _LAST_ROUTES
    if last[0] is not routes:
        owner = {board.track_by_id[tid].index: s for tid, s in routes.items()}
        last = (routes, owner, _owners_id(board.name, tuple(sorted(owner.items()))))
        if planning:
            _LAST_ROUTES = last
    return last


def _state_owners(state: RoutesState) -> tuple:
    """(claims version, track index -> owner, the owners' number) of a state:
    read once per claim (the seats of a rollout share it)."""
    global _LAST_CLAIMS
    last = _LAST_CLAIMS
    version = state.claims_version
    if last[0] != version:
        claimed = state.claimed
        last = _LAST_CLAIMS = (version, dict(claimed),
                               _owners_id(state.board.name, tuple(sorted(claimed.items()))))
    return last


def _owners_id(board: str, owners: tuple) -> int:
    """A number for a board's owners of tracks ((track index, seat) pairs
    in index order): equal owners, equal numbers, and a number is never used again
    for other owners (the count only goes up), so the memos keyed by it
    stay right when this store starts afresh."""
    key = (board, owners)
    known = _OWNERS.get(key)
    if known is None:
        if len(_OWNERS) >= OWNERS_KEPT:
            _OWNERS.clear()
        known = _OWNERS[key] = next(_OWNER_NUMBERS)
    return known


def _neighbour(entry: tuple[int, int, Track | None]) -> int:
    return entry[0]


def _remember(memo: dict, size: int, key: tuple, value: Any) -> Any:
    """Store `value` under `key` (the store starts afresh once it holds `size`)
    and return it. A plain dict: safe to share between a thinking thread and
    the screen's."""
    if len(memo) >= size:
        memo.clear()
    memo[key] = value
    return value


class RoutesGreedy:
    """The route game part of the greedy bot."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: View, legal: list[Action],
               planner: RoutesPlanner | None = None) -> Action:
        """The move from `legal`; `planner` (of this view) if one is made already."""
        planner = planner or RoutesPlanner(view)
        kinds = {a["type"] for a in legal}
        if "keep_tickets" in kinds:
            return self._keep(planner, legal)
        claims = [a for a in legal if a["type"] == "claim"]
        mine = planner.private.get("tickets", [])
        targets, _, _ = planner.plan(mine)
        target_ids = {t.id for t in targets}
        final = view.get("final_round", False)
        need = self.colour_need(planner, targets)
        first = not view.get("cards_drawn")
        if first and claims:
            planned = [a for a in claims if a["track"] in target_ids]
            if planned:
                return self.best_claim(planner, planned, need, prefer_long=True)
            if final or planner.trains <= 5:
                return self.best_claim(planner, claims, need, prefer_long=True)
        if first and not targets:
            if "draw_tickets" in kinds and planner.trains >= 12 and not final:
                return {"type": "draw_tickets"}
            if claims:
                return self.best_claim(planner, claims, need, prefer_long=True)
        draw = self._draw(view, legal, need, planner)
        if draw is not None:
            return draw
        if claims:
            return self.best_claim(planner, claims, need, prefer_long=True)
        if "draw_ferry" in kinds:
            return {"type": "draw_ferry"}
        if "draw_tickets" in kinds and not final:
            return {"type": "draw_tickets"}
        return self.rng.choice(legal)

    # --- tickets ------------------------------------------------------------

    def _keep(self, planner: RoutesPlanner, legal: list[Action]) -> Action:
        return self.ranked_keeps(planner, legal)[0]

    def ranked_keeps(self, planner: RoutesPlanner, legal: list[Action]) -> list[Action]:
        """The legal ways to keep an offer of tickets, best first (ties in
        offer order): points the plan reaches, less twice what it would likely
        fail, less a small charge for the trains it spends."""
        offer = planner.private["pending"]["options"]
        held = [t for t in planner.private.get("tickets", []) if not t.get("done")]
        budget = int(planner.trains * KEEP_BUDGET)
        planner.remember_paths()
        held_points = planner.plan(held, budget)[2]
        scores: list[float] = []
        for action in legal:
            chosen = [t for t in offer if t["id"] in action["keep"]]
            _, cost, points = planner.plan(held + chosen, budget)
            unreachable = sum(t["points"] for t in chosen) - (points - held_points)
            scores.append(points - 2 * max(0, unreachable) - 0.3 * cost)
        order = sorted(range(len(legal)), key=lambda k: -scores[k])
        return [legal[k] for k in order]

    # --- colours ------------------------------------------------------------

    def colour_need(self, planner: RoutesPlanner, targets: list[Track]) -> Counter:
        need: Counter = Counter()
        for t in targets:
            if t.color != GRAY:
                need[t.color] += t.length - t.ferries
        gray = [t for t in targets if t.color == GRAY]
        if gray:
            spare = {c: planner.hand.get(c, 0) - need.get(c, 0) for c in planner.board.colors}
            for t in sorted(gray, key=lambda t: -t.length):
                color = max(spare, key=lambda c: spare[c])
                need[color] += t.length - t.ferries
                spare[color] -= t.length - t.ferries
            need[FERRY] += sum((t.ferries + 1) // 2 for t in gray)
        return need

    def _deficit(self, planner: RoutesPlanner, need: Counter) -> dict[str, int]:
        return {c: need[c] - planner.hand.get(c, 0) for c in need
                if need[c] > planner.hand.get(c, 0)}

    def _draw(self, view: View, legal: list[Action], need: Counter,
              planner: RoutesPlanner) -> Action | None:
        deficit = self._deficit(planner, need)
        ferry_short = deficit.pop(FERRY, 0)
        face_up = view["face_up"]
        options = {a["slot"]: face_up[a["slot"]] for a in legal if a["type"] == "draw_face_up"}
        wanted = [(deficit[c], slot) for slot, c in options.items() if c in deficit]
        if wanted:
            return {"type": "draw_face_up", "slot": max(wanted)[1]}
        first = not view.get("cards_drawn")
        if first and ferry_short and any(a["type"] == "draw_ferry" for a in legal):
            return {"type": "draw_ferry"}
        locos = [slot for slot, c in options.items() if c == LOCOMOTIVE]
        if first and locos and sum(deficit.values()) >= 5:
            return {"type": "draw_face_up", "slot": locos[0]}
        if any(a["type"] == "draw_deck" for a in legal):
            return {"type": "draw_deck"}
        plain = [slot for slot, c in options.items() if c != LOCOMOTIVE]
        if plain:
            return {"type": "draw_face_up", "slot": plain[0]}
        if locos:
            return {"type": "draw_face_up", "slot": locos[0]}
        return None

    # --- claims -------------------------------------------------------------

    def best_claim(self, planner: RoutesPlanner, claims: list[Action], need: Counter,
                    prefer_long: bool, worth: dict[str, float] | None = None) -> Action:
        """The claim with the best (size, region gain and points; least waste):
        the first such in `claims`. A rollout weighs every payment of every
        claim near the end of the game, so the track's part of the value is
        worked out once per track, not per payment, and kept in `worth`
        when given (for the same planner and `prefer_long`)."""
        board = planner.board
        regions: dict[str, int] | None = None
        by_id, route_points = board.track_by_id, board.route_points
        if worth is None:
            worth = {}
        best: Action | None = None
        best_key: tuple[float, float] | None = None
        for action in claims:
            tid = action["track"]
            size = worth.get(tid)
            if size is None:
                if regions is None:
                    regions = self._region_gain(planner, claims) if board.regions else {}
                track = by_id[tid]
                gain = regions.get(track.id, 0)
                points = route_points[track.length] + gain
                length = track.length if prefer_long else 0
                size = worth[tid] = length + REGION_WEIGHT * gain + points / 10
            if best_key is not None and size < best_key[0]:
                continue  # whatever it wastes, it comes after the best
            # spend colours the plan does not need; keep locomotives and ferries
            waste = 0
            for c, n in action["cards"].items():
                if c == LOCOMOTIVE:
                    waste += 4 * n
                elif c == FERRY:
                    waste += 3 * n
                else:
                    waste += n * (1 + need.get(c, 0))
            key = (size, -waste)
            if best_key is None or key > best_key:
                best, best_key = action, key
        if best is None:
            raise ValueError("no claim to choose from")
        return best

    def _region_gain(self, planner: RoutesPlanner, claims: list[Action]) -> dict[str, int]:
        """Track id -> what claiming it would add to this seat's region bonus."""
        board = planner.board
        table = tuple(tuple(row) for row in planner.region_table or ())
        if not table:
            return {}
        owner, seat = planner.owner, planner.seat
        held = tuple(sorted(index for index, holder in owner.items() if holder == seat))
        # the same tracks held and the same claim give the same gain: rollouts
        # from one deal weigh the same claims again and again
        known = _GAINS.get((board.name, table, held))
        if known is None:
            known = _remember(_GAINS, GAINS_KEPT, (board.name, table, held), {})
        gains: RegionGains | None = None
        gain: dict[str, int] = {}
        for action in claims:
            track = board.track_by_id[action["track"]]
            if track.id in gain:
                continue
            value = known.get(track.id)
            if value is None:
                if gains is None:
                    tracks = board.tracks
                    gains = RegionGains(board, [(tracks[i].a, tracks[i].b) for i in held], table)
                value = known[track.id] = gains.gain(track.a, track.b)
            gain[track.id] = value
        return gain


# The bots this family offers beyond the generic random one, by name.
class RoutesSearch(SearchHooks):
    """The search bot's hooks: the planner plays the rollouts to the end of
    the game (it is what the other seats most likely do, and a cut-off
    evaluation flatters drawing: the claim still comes a turn later, and the
    track taken meanwhile is not seen); the root tries the planner's move,
    its planned claims, the longest other claims, each kind of draw, and the
    planner's best ways to keep an offer of tickets."""

    depth = None
    scale = 25.0
    widest = 8
    # ways to keep weighed when an offer has more than `widest` (Italy's)
    widest_keep = 4
    # think times a choice of tickets gets (game/bots/timing.py): where Hard
    # gains most, and it needs the rollouts (tools/probe_decisions.py --only
    # keep_tickets on Italy: -0.013 a decision at 40 rollouts, +0.070 at 160)
    keep_weight = 4.0

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.greedy = RoutesGreedy(rng)
        # seat -> its plan in the rollout played last (see act)
        self._seat_plans: dict[int, _SeatPlan] = {}

    def policy(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        # the planner reads a few fields of the view: the engine builds just
        # those (a whole view was a sixth of a rollout's time)
        return self.greedy.choose(state.planning_view(seat), legal)

    def act(self, state: GameState, seat: int) -> Action:
        """The planner's move (`RoutesGreedy.choose` on the planning view and
        the legal actions), worked out from the engine state: the planner
        is read from the state and kept while the seat's plan cannot change
        (the same routes, tickets and trains), and the move is found without
        listing every legal action (only the claims it weighs). Working out
        every payment of every claim was a quarter of a North America
        rollout, building a view and a planner every move a fifth. A choice
        of tickets, and the setup, go as any family's."""
        if not isinstance(state, RoutesState) or state.phase != "play" \
                or state.pending[seat] is not None or seat != state.current:
            return super().act(state, seat)
        known = self._seat_plans.get(seat)
        tickets = state._ticket_dicts(seat)
        trains = state.trains[seat]
        if known is None or known.tickets is not tickets or known.trains != trains \
                or (known.version != state.claims_version and not known.carry(state)):
            known = self._seat_plans[seat] = _SeatPlan(state, seat)
        planner = known.planner
        hand = planner.hand = state.hands[seat]
        greedy = self.greedy
        targets = known.targets
        need = known.colour_need(hand, planner.board.colors)
        worth = known.worth
        first = not state.cards_drawn
        final = state.final_turns is not None
        claims: list[Action] | None = None if first else []
        if first:
            if targets and known.may_claim(hand):
                planned = state.legal_claims(seat, targets)
                if planned:
                    return greedy.best_claim(planner, planned, need, True, worth)
            if final or trains <= 5 or not targets:
                claims = state.legal_claims(seat)
                if claims and (final or trains <= 5):
                    return greedy.best_claim(planner, claims, need, True, worth)
                if not targets:
                    if state.ticket_deck and trains >= 12 and not final:
                        return {"type": "draw_tickets"}
                    if claims:
                        return greedy.best_claim(planner, claims, need, True, worth)
        # the draws, as RoutesGreedy._draw weighs them
        deficit = greedy._deficit(planner, need)
        ferry_short = deficit.pop(FERRY, 0)
        can_draw = bool(state.deck or state.discard)
        ferry = first and state.may_draw_ferry(seat)
        if can_draw:
            options = [(slot, card) for slot, card in enumerate(state.face_up)
                       if card is not None and (first or card != LOCOMOTIVE)]
            wanted = [(deficit[c], slot) for slot, c in options if c in deficit]
            if wanted:
                return {"type": "draw_face_up", "slot": max(wanted)[1]}
            if ferry and ferry_short:
                return {"type": "draw_ferry"}
            if first and sum(deficit.values()) >= 5:
                for slot, card in options:
                    if card == LOCOMOTIVE:
                        return {"type": "draw_face_up", "slot": slot}
            return {"type": "draw_deck"}
        if ferry and ferry_short:
            return {"type": "draw_ferry"}
        if claims is None:
            claims = state.legal_claims(seat)
        if claims:
            return greedy.best_claim(planner, claims, need, True, worth)
        if ferry:
            return {"type": "draw_ferry"}
        if first and state.ticket_deck and not final:
            return {"type": "draw_tickets"}
        return super().act(state, seat)

    def fallback(self, view: View, legal: list[Action]) -> Action:
        return self.greedy.choose(view, legal)

    def weight(self, view: View, legal: list[Action]) -> float:
        return self.keep_weight if legal and legal[0]["type"] == "keep_tickets" else 1.0

    def world(self, view: View) -> Deal | None:
        world = world_from_view(view)
        return None if world is None else redealer(world, view["you"])

    def prior(self, view: View, legal: list[Action]) -> Action | None:
        return self.greedy.choose(view, legal)

    def candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """Every way to keep an offer of tickets (rolled out to the end, the
        tickets' cost and risk show; an early search cut off after a few moves
        kept too many and failed them), or the planner's best `widest_keep`
        of an offer with more than `widest` (Italy's fifteen or sixteen get
        too few rounds in a second to overrule the planner); one payment per
        track (the planner's), planned tracks first, then the longest; one
        draw per face-up colour."""
        keeping = any(a["type"] == "keep_tickets" for a in legal)
        if keeping and len(legal) <= self.widest:
            return legal
        planner = RoutesPlanner(view)
        if keeping:
            return self.greedy.ranked_keeps(planner, legal)[:self.widest_keep]
        planned = planner.plan(planner.private.get("tickets", []))[0]
        targets = {t.id for t in planned}
        need = self.greedy.colour_need(planner, planned)
        by_track: dict[str, list[Action]] = {}
        for action in legal:
            if action["type"] == "claim":
                by_track.setdefault(action["track"], []).append(action)
        board = planner.board
        ranked = sorted((self.greedy.best_claim(planner, payments, need, prefer_long=True)
                         for payments in by_track.values()),
                        key=lambda a: (a["track"] not in targets,
                                       -board.track_by_id[a["track"]].length))
        draws: list[Action] = []
        colours: set[str] = set()
        for action in legal:
            if action["type"] == "draw_face_up":
                colour = view["face_up"][action["slot"]]
                if colour in colours:
                    continue
                colours.add(colour)
            if action["type"] in ("draw_deck", "draw_face_up", "draw_ferry", "draw_tickets"):
                draws.append(action)
        return (ranked[:self.widest // 2] + draws)[:self.widest]

class _SeatPlan:
    """A seat's planner and plan in a rollout, kept while the claims (by the
    state's claims version), its tickets' status list (the engine's own,
    replaced when the seat claims or keeps tickets) and its trains stay the
    same: the plan depends on nothing else. With it what follows from the
    plan alone: the colours its coloured tracks need, its gray tracks, a
    track's worth as a claim, and a quick test of whether the hand might
    pay for a planned track at all."""

    __slots__ = ("version", "tickets", "trains", "planner", "targets", "need", "gray",
                 "ferry_need", "coloured", "gray_shortest", "worth", "pairs")

    def __init__(self, state: RoutesState, seat: int):
        planner = self.planner = RoutesPlanner.of_state(state, seat)
        self.version = state.claims_version
        self.pairs: set[tuple[int, int]] | None = None
        self.tickets = planner.private["tickets"]
        trains = self.trains = planner.trains
        targets = self.targets = planner.plan(self.tickets)[0]
        # RoutesGreedy.colour_need's coloured part, and its gray tracks in
        # the order it weighs them
        need: Counter = Counter()
        for t in targets:
            if t.color != GRAY:
                need[t.color] += t.length - t.ferries
        self.need = need
        gray = self.gray = sorted((t for t in targets if t.color == GRAY),
                                  key=lambda t: -t.length)
        self.ferry_need = sum((t.ferries + 1) // 2 for t in gray)
        # the engine lists a claim only of a track no longer than the trains
        # left and than a colour's cards with the locomotives (for a gray
        # track with two spaces per ferry card too)
        self.coloured = [(t.color, t.length) for t in targets
                         if t.color != GRAY and t.length <= trains]
        self.gray_shortest = min((t.length for t in gray if t.length <= trains), default=INF)
        self.worth: dict[str, float] = {}

    def carry(self, state: RoutesState) -> bool:
        """Keep the plan over the claims made since it was made, when
        RoutesPlanner._carried would (claims by other seats only, none on a
        planned track's pair of nodes nor, at a small table, on its parallel
        set; the claims then all still stand), and say whether it was kept.
        The plan's memo would hand back the same plan; this is cheaper."""
        planner = self.planner
        then = planner.owner
        owners = _state_owners(state)
        now = owners[1]
        if len(then) > len(now) or not then.items() <= now.items():
            return False
        nodes, seat = planner._nodes, planner.seat
        edges, parallel = nodes.edges, nodes.parallel
        few = planner.players < 4
        used = self.pairs
        if used is None:
            used = self.pairs = {edges[t.index][1] for t in self.targets}
        for index in now.keys() - then.keys():
            if now[index] == seat:
                return False
            for touched in (parallel[index] if few else (index,)):
                if edges[touched][1] in used:
                    return False
        self.version = owners[0]
        planner.owner = now
        planner._graph_key = (*planner._graph_key[:3], owners[2])
        planner._adjacency = None
        return True

    def colour_need(self, hand: dict[str, int], colors: tuple[str, ...]) -> Counter:
        """RoutesGreedy.colour_need of the plan for `hand`."""
        gray = self.gray
        if not gray:
            return self.need
        need = self.need.copy()
        spare = {c: hand.get(c, 0) - need.get(c, 0) for c in colors}
        for t in gray:
            color = max(spare, key=lambda c: spare[c])
            need[color] += t.length - t.ferries
            spare[color] -= t.length - t.ferries
        need[FERRY] += self.ferry_need
        return need

    def may_claim(self, hand: dict[str, int]) -> bool:
        """False only when the engine lists no claim of a planned track."""
        locos = hand.get(LOCOMOTIVE, 0)
        for color, length in self.coloured:
            if hand.get(color, 0) + locos >= length:
                return True
        gray = self.gray_shortest
        return gray < INF and max(hand.values(), default=0) + locos + 2 * hand.get(FERRY, 0) >= gray


BOTS = {"greedy": RoutesGreedy}
SEARCH = RoutesSearch
