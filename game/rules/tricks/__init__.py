"""The trick-taking stock family: tricks win shares and build five railway lines."""

from __future__ import annotations

from typing import Any

from game.rules.base import GameInfo, GameState

__all__ = ["GAMES"]


def _factory(players: int, seed: int, **options: Any) -> GameState:
    from game.rules.tricks.engine import TricksState
    return TricksState.new("railway-tricks", players, seed, **options)


GAMES = (
    GameInfo("railway-tricks", "Railway Tricks", 3, 5, "tricks", _factory,
             score_order="high", simultaneous=False,
             options={"expert": False, "teams": False},
             bots=("random", "greedy", "search"), demo_players=4,
             blurb="Win tricks for shares, lay the losing cards as track, value the lines."),
)
