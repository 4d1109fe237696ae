"""Who wins the race, and the order of everyone else.

Three to six players: the fewest days among those back within the time
limit wins, a tie going to the earlier arrival; when nobody is back within
it, the first back wins. Two players: a traveller back within the limit
wins; one back later loses to the other; both back in the same round: fewer
days, then more coins (still level: both win). A traveller still on the way
never wins (unless nobody is back at all, when the fewest days do).
"""

from __future__ import annotations


def winners(days: list[int], arrivals: list[int], coins: list[int], limit: int) -> list[int]:
    """The winning seats (`arrivals`: seats in the order they came home)."""
    players = len(days)
    if not arrivals:
        best = min(days)
        return [s for s in range(players) if days[s] == best]
    if players == 2:
        if len(arrivals) == 2:
            key = {s: (days[s], -coins[s]) for s in arrivals}
            best = min(key.values())
            return [s for s in arrivals if key[s] == best]
        first = arrivals[0]
        return [first] if days[first] <= limit else [1 - first]
    within = [s for s in arrivals if days[s] <= limit]
    if within:
        return [min(within, key=lambda s: (days[s], arrivals.index(s)))]
    return [arrivals[0]]


def places(days: list[int], arrivals: list[int], winning: list[int], limit: int) -> list[int]:
    """Each seat's place (1 = a winner): then those back within the limit
    (fewest days, earlier arrival), those back later (arrival order), and
    the travellers still on the way (fewest days). Scores alone, being days,
    would put a slow traveller still on the way first."""
    def key(s: int) -> tuple[int, int, int]:
        if s in winning:
            return (0, 0, 0)
        if s not in arrivals:
            return (3, days[s], s)
        order = arrivals.index(s)
        return (1, days[s], order) if days[s] <= limit else (2, order, 0)
    out = [0] * len(days)
    for place, s in enumerate(sorted(range(len(days)), key=key), start=1):
        out[s] = 1 if s in winning else place
    return out
