"""Rules engines behind one contract: `create(game_id, players, seed, **options)`.

Engines are pure Python: no pygame, no sockets, no clock. Each game family is
a subpackage that declares its registry entries as `GAMES` (a tuple of
`GameInfo`); this module finds them, so it names no game itself.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from game.rules.base import Action, Event, GameInfo, GameState, IllegalAction, View, redact_events

__all__ = [
    "Action", "Event", "GameInfo", "GameState", "IllegalAction", "View",
    "GAMES", "create", "replay", "redact_events", "game_info",
]


def _discover() -> dict[str, GameInfo]:
    found: dict[str, GameInfo] = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        for info in getattr(package, "GAMES", ()):
            if info.id in found:
                raise RuntimeError(f"two rules packages declare the game {info.id!r}")
            found[info.id] = info
    return found


GAMES: dict[str, GameInfo] = _discover()


def game_info(game_id: str) -> GameInfo:
    """The registry entry; ValueError names the known games for a wrong id."""
    info = GAMES.get(game_id)
    if info is None:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}")
    return info


def create(game_id: str, players: int, seed: int = 0, **options: Any) -> GameState:
    """A new game in its first state. Raises ValueError for an unknown game,
    a player count the game does not allow, or an unknown option."""
    info = game_info(game_id)
    if (not isinstance(players, int) or isinstance(players, bool)
            or not info.min_players <= players <= info.max_players):
        raise ValueError(
            f"{info.name} takes {info.min_players}-{info.max_players} players, not {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be a whole number of at least 0, not {seed!r}")
    unknown = sorted(set(options) - set(info.options))
    if unknown:
        known = ", ".join(info.options) or "none"
        raise ValueError(f"{info.name} has no option {', '.join(unknown)} (options: {known})")
    return info.factory(players, seed, **{**info.options, **options})


def replay(game_id: str, players: int, seed: int, history: list[tuple[int, Action]],
           **options: Any) -> GameState:
    """Rebuild a state from its seed and its applied actions (saves, replays, desync checks)."""
    state = create(game_id, players, seed, **options)
    for seat, action in history:
        state.apply(seat, action)
    return state
