"""What a route planner's claims add to the region bonus (Italy), and the
claims' worths, per board, region table and tracks held, kept for the
planners that ask them (a rollout asks the same tracks held many times).
"""

from __future__ import annotations

from typing import Any

from game.bots.families.routes_graph import remember
from game.rules.routes.board import Board, Track
from game.rules.routes.scoring import RegionScores, TrackGains

# per board and region table: the tracks held whose region gains (and
# claims' worths) are kept before their store starts afresh
GAINS_KEPT = 2048


class RegionMemo:
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
    def of(board: Board, table: Any) -> RegionMemo:
        """The memo of `board` and region `table`, kept with the board (the
        table last asked is known by identity)."""
        last = board.__dict__.get("_planner_regions_last")
        if last is not None and last[0] is table:
            return last[1]
        key = tuple(tuple(row) for row in table)
        known = board.__dict__.setdefault("_planner_regions", {})
        memo = known.get(key)
        if memo is None:
            memo = known[key] = RegionMemo(RegionScores(board, key))
        board.__dict__["_planner_regions_last"] = (table, memo)
        return memo

    def gains_of(self, held: int, tracks: list[Track], seat: int, owner: dict[int, int]
                 ) -> TrackGains:
        """The gains against the tracks `held` (a bit per track index) of
        `seat`, given the board's `tracks` and their `owner` by index:
        remembered, else made from those against the same tracks less one
        (a seat claims a track at a time), else afresh."""
        known = self._gains
        gains = known.get(held)
        if gains is None:
            rest = held
            while rest:
                low = rest & -rest
                rest ^= low
                fewer = known.get(held ^ low)
                if fewer is not None:
                    gains = fewer.adding(tracks[low.bit_length() - 1])
                    break
            else:
                gains = self.scores.gains([(tracks[i].a, tracks[i].b)
                                           for i, holder in owner.items()
                                           if holder == seat])
            remember(known, GAINS_KEPT, held, gains)
        return gains

    def worths_of(self, held: int) -> tuple[dict[str, float], dict[int, list[list[Track]]]]:
        worths = self._worths.get(held)
        if worths is None:
            worths = remember(self._worths, GAINS_KEPT, held, ({}, {}))
        return worths
