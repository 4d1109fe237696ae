"""The rules contract shared by every game (see ../shared/DESIGN.md).

A state is a pure, deterministic, seeded object: `create(...)` plus the list of
applied `(seat, action)` pairs replays a game exactly. Actions, events and
views are plain msgpack-safe data (dicts with str keys, lists, ints, strs,
bools, None).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player."""


class GameState(Protocol):
    """What every game's state offers; see the module docstring of each game."""

    game_id: str
    players: int
    seed: int
    history: list[tuple[int, Action]]

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def apply(self, seat: int, action: Action) -> list[Event]: ...

    def view(self, seat: int | None) -> View: ...

    def result(self) -> dict[str, Any]: ...

    def determinize(self, seat: int, rng: random.Random) -> GameState: ...

    def clone(self) -> GameState: ...


@dataclass(frozen=True)
class GameInfo:
    """A registry entry: what the setup screen and the simulator list."""

    id: str
    name: str
    min_players: int
    max_players: int
    factory: Callable[..., GameState]
    options: tuple[str, ...] = ()


def redact_events(events: list[Event], viewer: int | None) -> list[Event]:
    """Copies of `events` as `viewer` may see them (None: a spectator).

    An event that carries a secret holds it under "private", with the one
    seat allowed to see it in "private_to"; everyone else gets the event
    without the "private" part.
    """
    out = []
    for event in events:
        if "private" in event and event.get("private_to") != viewer:
            event = {k: v for k, v in event.items() if k != "private"}
        out.append(event)
    return out
