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


def standing_of_view(view: dict) -> tuple[dict[str, int], list[int]] | None:
    """Each company's share value and each seat's score as they stand, read off
    a view (public parts only: the lines, locomotives and shares on show), the
    way the engine's result counts them; for a LAN guest, who has no state to
    ask. None when the view lacks them."""
    try:
        values = {}
        for company, line in view["lines"].items():
            loco = view["locomotives"].get(company)
            values[company] = 0 if loco is None else line_value(
                [item["value"] for item in line], loco["distance"], loco["cost"])
        own = [sum(values[share["company"]] for share in player["shares"])
               for player in view["players"]]
    except (KeyError, TypeError, AttributeError):
        return None
    scores = list(own)
    if view.get("teams") and len(own) == 4:
        scores = [own[s] + own[(s + 2) % 4] for s in range(4)]
    return values, scores
