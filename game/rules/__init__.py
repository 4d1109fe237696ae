"""Rules engines behind one contract: `create(game_id, players, seed, **options)`.

Engines are pure Python: no pygame, no sockets, no clock.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Action, Event, GameInfo, GameState, IllegalAction, View, redact_events

__all__ = [
    "Action", "Event", "GameInfo", "GameState", "IllegalAction", "View",
    "GAMES", "create", "replay", "redact_events",
]


def _routes_factory(game_id: str):
    def factory(players: int, seed: int, **options: Any) -> GameState:
        from game.rules.routes.engine import RoutesState
        return RoutesState.new(game_id, players, seed, **options)
    return factory


GAMES: dict[str, GameInfo] = {
    "routes-usa": GameInfo("routes-usa", "Rail Routes: North America", 2, 5,
                           _routes_factory("routes-usa")),
    "routes-italy": GameInfo("routes-italy", "Rail Routes: Italia", 2, 5,
                             _routes_factory("routes-italy")),
}


def create(game_id: str, players: int, seed: int = 0, **options: Any) -> GameState:
    """A new game in its first state. Raises ValueError for an unknown game,
    a player count the game does not allow, or an unknown option."""
    info = GAMES.get(game_id)
    if info is None:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}")
    if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
        raise ValueError(
            f"{info.name} takes {info.min_players}-{info.max_players} players, not {players!r}")
    if not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return info.factory(players, seed, **options)


def replay(game_id: str, players: int, seed: int, history: list[tuple[int, Action]],
           **options: Any) -> GameState:
    """Rebuild a state from its seed and its applied actions (saves, replays, desync checks)."""
    state = create(game_id, players, seed, **options)
    for seat, action in history:
        state.apply(seat, action)
    return state
