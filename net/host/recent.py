"""The host's memory of the current game's latest events, as they happened
(unredacted), so a phone back from away can be told what it missed: the
page words them for its own seat (net/host/web.py), redacted as its updates
were. Bounded: the last RECENT_EVENTS events, whatever the game's length."""

from __future__ import annotations

from collections import deque
from typing import Any

RECENT_EVENTS = 400


class RecentEvents:
    """The last `limit` events of a game, each with the version it came at."""

    def __init__(self, limit: int = RECENT_EVENTS):
        self._kept: deque[tuple[int, dict[str, Any]]] = deque(maxlen=limit)

    def clear(self) -> None:
        self._kept.clear()

    def add(self, version: int, events: list[dict[str, Any]]) -> None:
        for event in events:
            self._kept.append((version, event))

    def since(self, version: int) -> list[tuple[int, list[dict[str, Any]]]]:
        """(version, its events) for each kept version after `version`, oldest first."""
        out: list[tuple[int, list[dict[str, Any]]]] = []
        for at, event in self._kept:
            if at <= version:
                continue
            if out and out[-1][0] == at:
                out[-1][1].append(event)
            else:
                out.append((at, [event]))
        return out
