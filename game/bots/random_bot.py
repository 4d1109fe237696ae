"""The random bot: uniform over the legal actions (a baseline and a fuzzer)."""

from __future__ import annotations

import random

from game.rules.base import Action, View


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)
