"""Re-dealing hidden hands so that every known void is honoured (for determinize)."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.rules.base import shuffle


def deal_respecting_voids(cards: list[int], sizes: dict[int, int], voids: dict[int, int],
                          company_of: Callable[[int], int], rng: random.Random
                          ) -> dict[int, list[int]]:
    """Hands of the given sizes from `cards`, no seat getting a company it is void in.

    `voids[seat]` is a bit mask of companies. Cards go out in a random order,
    each to a random seat with room that may hold it; when none has room, an
    augmenting path moves cards already dealt (bipartite matching with
    capacities), so a deal is always found when one exists, as it does for
    the real hands. ValueError if none exists.
    """
    order = list(cards)
    shuffle(order, rng)
    seats = list(sizes)
    hands: dict[int, list[int]] = {s: [] for s in seats}

    def allowed(card: int) -> list[int]:
        bit = 1 << company_of(card)
        options = [s for s in seats if not voids.get(s, 0) & bit]
        shuffle(options, rng)
        return options

    def place(card: int, visited: set[int]) -> bool:
        options = allowed(card)
        for s in options:
            if len(hands[s]) < sizes[s]:
                hands[s].append(card)
                return True
        for s in options:
            if s in visited:
                continue
            visited.add(s)
            for i, other in enumerate(hands[s]):
                hands[s][i] = card  # hold the place while `other` looks for room
                if place(other, visited):
                    return True
                hands[s][i] = other
        return False

    for card in order:
        if not place(card, set()):
            raise ValueError("no deal of the hidden cards honours every known void")
    return {s: sorted(hand) for s, hand in hands.items()}
