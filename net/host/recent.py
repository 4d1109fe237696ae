"""The host's memory of the current game's latest events, as they happened
(unredacted), so a phone back from away can be told what it missed: the
page words them for its own seat (net/host/web.py), redacted as its updates
were. Bounded: the last RECENT_EVENTS events, whatever the game's length.
It also remembers which of those moves a stand-in played for a person's seat
(a dropped player, a phone asleep, a turn run out): the page marks them, so
its player never takes a stand-in's move for their own; such a move's events
go out marked (`standin_marked`), so every screen says it was the stand-in."""

from __future__ import annotations

from collections import deque
from typing import Any

RECENT_EVENTS = 400


class RecentEvents:
    """The last `limit` events of a game, each with the version it came at."""

    def __init__(self, limit: int = RECENT_EVENTS):
        self._kept: deque[tuple[int, dict[str, Any]]] = deque(maxlen=limit)
        self._standins: dict[int, int] = {}      # version -> the seat a stand-in played

    def clear(self) -> None:
        self._kept.clear()
        self._standins.clear()

    def add(self, version: int, events: list[dict[str, Any]]) -> None:
        for event in events:
            self._kept.append((version, event))
        if self._kept and len(self._standins) > len(self._kept):
            oldest = self._kept[0][0]
            self._standins = {v: s for v, s in self._standins.items() if v >= oldest}

    def played_by_standin(self, version: int, seat: int) -> None:
        """The move of `version` was a stand-in's for `seat` (said before its events)."""
        self._standins[version] = seat

    def standin_at(self, version: Any) -> int | None:
        """The seat a stand-in played the move of `version` for, if one did."""
        return self._standins.get(version) if isinstance(version, int) else None

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


def standin_marked(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The events of a move a stand-in played for `seat` (None: no stand-in's),
    that seat's own marked `standin`: every screen and page words them as the
    stand-in's (game/narration), never as the person's own."""
    if seat is None:
        return events
    return [dict(e, standin=True) if e.get("seat") == seat else e for e in events]
