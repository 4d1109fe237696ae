"""What a Railway Tricks line is worth to its company's shareholders.

The bot values a company by its line: with a locomotive, what the line earns
now; without, the average of what the locomotives still to come would make of
it. Rollouts meet the same lines again and again, so the worths are kept here
in bounded memos (each starts afresh at WORTHS_KEPT entries), some under a
short number per line (`line_id`) that outlives a rollout.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from itertools import accumulate
from operator import sub
from typing import Any

Loco = tuple[int | None, int]  # (distance, cost)


def worth(values: list[int], loco: Loco | None, coming: Sequence[Loco]) -> float:
    """A line's expected share value: its locomotive's, or the average of those to come."""
    # the same lines meet the same locomotives again and again in a search's
    # rollouts: remembered (each store starts afresh at WORTHS_KEPT entries)
    if loco is not None:
        key = (tuple(values), loco)
        known = _RUNS.get(key)
        if known is None:
            if len(_RUNS) >= WORTHS_KEPT:
                _RUNS.clear()
            known = _RUNS[key] = max(0, best_runs(values, [loco[0]])[0] - loco[1])
        return known
    if not coming:
        return 0.0
    # the average over the locomotives to come is the costly case
    key = (tuple(values), tuple(coming))
    known = _WORTHS.get(key)
    if known is None:
        # each run's earnings over its cost added up (whole numbers)
        earned = 0
        distances = []          # (a plain loop: a comprehension costs a function call)
        for d, _ in coming:
            distances.append(d)
        for run, (_, cost) in zip(best_runs(values, distances), coming, strict=True):
            if run > cost:
                earned += run - cost
        known = remember(_WORTHS, key, earned / len(coming))
    return known


def best_runs(values: list[int], distances: list[int | None]) -> list[int]:
    """best_stretch's sum for each of `distances` (None: the whole line), the
    line's running totals worked out once for all of them."""
    total, length = sum(values), len(values)
    prefix: list[int] | None = None
    runs = []
    for d in distances:
        if d is None or length <= d:
            runs.append(total)
            continue
        if prefix is None:
            prefix = list(accumulate(values, initial=0))
        runs.append(max(map(sub, prefix[d:], prefix)))   # every run of d stations
    return runs


_WORTHS: dict[tuple, float] = {}
_RUNS: dict[tuple, int] = {}
WORTHS_KEPT = 16384


def line_id(values: list[int], loco: Loco | None, coming: tuple[Loco, ...],
            cards: tuple[int, int]) -> int:
    """A number for a line's station values with its locomotive, or those to come,
    and its company's `cards` (how many, their station values summed: what its
    expected additions come from): the worths of the lines as they may grow are
    remembered under it (LINE_WORTHS here, _AHEAD in tricks_reading.py),
    short keys that outlive a rollout (the lines of one deal come back in
    every rollout from it). A number is never given twice."""
    key = (tuple(values), loco, coming, cards)
    known = _LINE_IDS.get(key)
    if known is None:
        known = remember(_LINE_IDS, key, next(_NUMBERS))
    return known


def laid_worths(number: int, mean: int, count: int, value: int, line: list[int],
                loco: Loco | None, coming: tuple[Loco, ...]) -> tuple[float, float]:
    """The worths of line `number` (station values `line`) expected to grow by
    `count` stations of value `mean`, half at each end, with a station of
    `value` laid at its left and at its right end."""
    key = (number, mean, count, value)
    known = LINE_WORTHS.get(key)
    if known is None:
        before, after = [mean] * (count // 2), [mean] * (count - count // 2)
        known = remember(LINE_WORTHS, key,
                         (worth(before + [value] + line + after, loco, coming),
                          worth(before + line + [value] + after, loco, coming)))
    return known


def remember(store: dict, key: Any, value: Any) -> Any:
    """Remember `value` under `key` in `store`, which starts afresh at WORTHS_KEPT
    entries; returns `value`."""
    if len(store) >= WORTHS_KEPT:
        store.clear()
    store[key] = value
    return value


_LINE_IDS: dict[tuple, int] = {}
_NUMBERS = itertools.count()
# by (line_id, expected additions' mean and count): the line's worth; with a
# station's value added, its worths with the station laid at the left and at the
# right; with a locomotive's distance and cost, its worths without a locomotive
# (the others to come) and with that one
LINE_WORTHS: dict[tuple, Any] = {}
