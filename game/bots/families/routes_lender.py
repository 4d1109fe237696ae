"""Lending a plan made before the paths its searches found, where the
claims made since cannot change them: a rollout replans a seat after each
of its claims, and most of the new plan's paths are the old ones
(`Lender`, used by RoutesPlanner._plan in routes_planner.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.bots.families.routes_graph import INF, Graph, Plan, PlannerBoard, Record
from game.bots.families.routes_owners import touched_pairs
from game.rules.routes.board import Track

# claims by which a prior plan's graph may differ from a planner's for it
# to lend its paths (Lender)
LENT_APART = 24


class Lender:
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
    def of(nodes: PlannerBoard, graph: Graph, owners: int, prior: Plan,
           keys: tuple[tuple[str, str, int], ...]) -> Lender | None:
        """The lender for planning `keys` (the tickets, in order) on a
        seat's `graph` of the board's `nodes`, made for the owners' number
        `owners`; None when the prior lends nothing (other tickets, or
        graphs too far apart to compare cheaply)."""
        records = prior[3]
        if keys == prior[6]:
            if not keys:
                return None
            steps = [((), k) for k in range(len(keys))]
        else:
            steps = Lender._steps(records, keys)
            if steps is None:
                return None
        old_costs, old_tracks = prior[4]
        costs, tracks = graph
        changed: set[int] = set()
        if old_costs is not costs:
            touched = touched_pairs(nodes.set_pairs, prior[5], owners, LENT_APART)
            if touched is None:
                return None
            for pid in touched:
                if old_costs[pid] != costs[pid] or old_tracks[pid] is not tracks[pid]:
                    changed.add(pid)
        lender = Lender()
        lender.records = records
        lender.steps = steps
        lender.at = 0
        lender.changed = changed
        lender.old_costs, lender.old_tracks = old_costs, old_tracks
        lender.costs, lender.tracks = costs, tracks
        lender.ends = nodes.pairs
        lender.pair_of = nodes.pair_of
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
