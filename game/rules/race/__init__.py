"""The race family: a round-the-world race with travel cards (data in assets/race)."""

from __future__ import annotations

from typing import Any

from game.rules.base import GameInfo, GameState
from game.rules.words import N_

__all__ = ["GAMES"]


def _page_board() -> dict[str, Any]:
    from game.rules.race.page_board import page_board
    return page_board()


def _factory(players: int, seed: int, **options: Any) -> GameState:
    from game.rules.race.engine import RaceState
    return RaceState.new("eighty-days", players, seed, **options)


GAMES = (
    GameInfo("eighty-days", N_("Eighty Days"), 2, 6, "race", _factory, score_order="low",
             bots=("random", "greedy", "search"), demo_players=4, turn_seconds=90,
             page_board=_page_board,
             blurb=N_("Race round the world by train, ship, balloon and elephant in 80 days.")),
)
