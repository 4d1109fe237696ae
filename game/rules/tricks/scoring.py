"""What a railway line earns at the end: its best run of stations for its locomotive."""

from __future__ import annotations


def best_stretch(values: list[int], distance: int | None) -> tuple[int, int, int]:
    """(sum, start, length) of the best run of `distance` consecutive station values.

    The whole line when it is not longer than `distance`, or when `distance`
    is None (a locomotive that runs the whole line). Among equal sums the
    leftmost run is reported.
    """
    if distance is None or len(values) <= distance:
        return sum(values), 0, len(values)
    run = sum(values[:distance])
    best, start = run, 0
    for i in range(distance, len(values)):
        run += values[i] - values[i - distance]
        if run > best:
            best, start = run, i - distance + 1
    return best, start, distance


def line_value(values: list[int], distance: int | None, cost: int) -> int:
    """A share's worth: best stretch minus the locomotive's cost, never below 0."""
    return max(0, best_stretch(values, distance)[0] - cost)
