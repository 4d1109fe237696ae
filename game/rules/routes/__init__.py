"""The route-building family: one engine, a board per game (data in assets/maps)."""

from __future__ import annotations

from typing import Any

from game.rules.base import GameInfo, GameState
from game.rules.routes.board import load_board
from game.rules.words import N_

__all__ = ["GAMES", "load_board"]


def _page_board(board: str):
    def picture() -> dict[str, Any]:
        from game.rules.routes.page_board import page_board
        return page_board(board)
    return picture


def _factory(game_id: str):
    def factory(players: int, seed: int, **options: Any) -> GameState:
        from game.rules.routes.engine import RoutesState
        return RoutesState.new(game_id, players, seed, **options)
    return factory


GAMES = (
    GameInfo("routes-usa", N_("Rail Routes: North America"), 2, 5, "routes",
             _factory("routes-usa"), score_order="high", simultaneous=True,
             bots=("random", "greedy", "search"), demo_players=4, turn_seconds=120,
             page_board=_page_board("usa"),
             blurb=N_("Claim routes across North America and join your tickets' cities.")),
    GameInfo("routes-italy", N_("Rail Routes: Italia"), 2, 5, "routes",
             _factory("routes-italy"), score_order="high", simultaneous=True,
             bots=("random", "greedy", "search"), demo_players=3, turn_seconds=120,
             page_board=_page_board("italy"),
             blurb=N_("Routes, ferries and a bonus for the regions your lines join.")),
)
