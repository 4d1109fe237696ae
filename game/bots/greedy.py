"""The greedy bot: a planning player for every game, dispatched by game."""

from __future__ import annotations

import random

from game.rules.base import Action, View


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._parts: dict[str, object] = {}

    def choose(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        game = view.get("game", "")
        part = self._parts.get(game)
        if part is None:
            part = self._parts[game] = self._make(game)
        action = part.choose(view, legal)
        # A planner slip must never stall a game: fall back to a legal move.
        return action if action in legal else self.rng.choice(legal)

    def _make(self, game: str):
        if game.startswith("routes-"):
            from game.bots.routes_greedy import RoutesGreedy
            return RoutesGreedy(self.rng)
        raise ValueError(f"the greedy bot does not know the game {game!r}")
