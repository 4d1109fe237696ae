"""Computer players. A bot sees only what the rules contract gives its seat:
`choose(view, legal)` gets the seat's own view and its legal actions, and
returns one of those actions. The same bot plays in-process (hot-seat, the
simulator) and from a LAN client.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from game.rules.base import Action, View


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal: list[Action]) -> Action: ...


def _random(seed: int) -> Bot:
    from game.bots.random_bot import RandomBot
    return RandomBot(seed)


def _greedy(seed: int) -> Bot:
    from game.bots.greedy import GreedyBot
    return GreedyBot(seed)


BOTS: dict[str, Callable[[int], Bot]] = {"random": _random, "greedy": _greedy}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot by name; ValueError names the known bots for a wrong one."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; bots are {', '.join(BOTS)}")
    return factory(random.randrange(2**32) if seed is None else seed)
