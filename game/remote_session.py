"""A LAN seat or spectator seen through the board scene's session interface.

Wraps a `net.client.Session` (a network `Client`, or the host's own
`LocalClient`): views, legal actions and events come from the host's `sync`
and `update` messages; actions go to the host, which validates them and
answers with an `update` or an `error` whose reason the scene shows.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Action, Event, View


class RemoteSession:
    remote = True

    def __init__(self, client: Any):
        self.client = client
        self._events: list[list[Event]] = []
        self._notices: list[tuple[str, str]] = []
        self.status = client.snapshot()["status"]

    # --- what the board scene reads ------------------------------------------------

    def _snap(self) -> dict[str, Any]:
        return self.client.snapshot()

    @property
    def game_id(self) -> str:
        return self._snap()["game"]

    @property
    def players(self) -> int:
        return len(self._snap()["seats"])

    def seats(self) -> list[dict[str, Any]]:
        out = []
        for s in self._snap()["seats"]:
            entry = dict(s)
            entry["name"] = entry.get("name") or f"Seat {entry.get('seat', 0) + 1}"
            entry["color"] = entry.get("color") or "black"
            out.append(entry)
        return out

    @property
    def seat(self) -> int | None:
        return self._snap()["seat"]

    @property
    def humans(self) -> list[int]:
        """Only this client's own seat is played from this screen."""
        seat = self.seat
        return [] if seat is None else [seat]

    @property
    def to_act(self) -> tuple[int, ...]:
        view = self._snap()["view"] or {}
        return tuple(view.get("to_act", ()))

    @property
    def is_over(self) -> bool:
        snap = self._snap()
        return snap["result"] is not None or (snap["view"] or {}).get("phase") == "over"

    @property
    def ready(self) -> bool:
        return self._snap()["view"] is not None

    def view(self, seat: int | None) -> View:
        view = self._snap()["view"]
        if view is None:
            raise RuntimeError("no view from the host yet")
        if seat is None or seat != view.get("you"):
            view = dict(view, you=None, private={})
        return view

    def legal(self, seat: int) -> list[Action]:
        snap = self._snap()
        return list(snap["legal"]) if seat == snap["seat"] else []

    def result(self) -> dict[str, Any]:
        snap = self._snap()
        return snap["result"] or (snap["view"] or {}).get("result") or {}

    # --- acting ----------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> list[Event]:
        """Send to the host; the outcome arrives later as an update or an error.

        Until it does, `awaiting` is true: the screen takes no second action
        chosen on a view the host has already moved past.
        """
        self.sent_version = self._snap()["version"]
        self.client.send_action(action, self.sent_version)
        return []

    sent_version: int | None = None

    @property
    def awaiting(self) -> bool:
        if self.sent_version is None:
            return False
        if self._snap()["version"] != self.sent_version or self.status != "connected":
            self.sent_version = None
        return self.sent_version is not None

    def explain(self, seat: int, action: Action) -> str | None:
        return None  # the host explains: send and show its `error`

    def bot_seat(self) -> int | None:
        return None  # the host plays its bots

    def play_bot(self, seat: int) -> list[Event]:  # pragma: no cover - never called
        raise RuntimeError("the host plays the bots")

    # --- messages ----------------------------------------------------------------

    def pump(self) -> None:
        for message in self.client.poll():
            kind = message.get("type")
            if kind == "update":
                self._events.append(list(message.get("events", [])))
            elif kind == "sync":
                self._events.append([])  # a full resync: snap to it
            elif kind == "error":
                self.sent_version = None
                self._notices.append((message.get("reason") or "the host refused", "error"))
            elif kind == "reject":
                self._notices.append((message.get("reason") or "the host refused to let "
                                      "you in", "error"))
            elif kind == "status":
                self.status = message["status"]
                if message["status"] == "reconnecting":
                    self._notices.append(("Lost the host; reconnecting...", "info"))
                elif message["status"] == "connected":
                    self._notices.append(("Connected", "info"))
                elif message["status"] == "closed":
                    self._notices.append((message.get("reason") or "Disconnected", "error"))

    def poll(self) -> list[list[Event]]:
        self.pump()
        out, self._events = self._events, []
        return out

    def notices(self) -> list[tuple[str, str]]:
        out, self._notices = self._notices, []
        return out
