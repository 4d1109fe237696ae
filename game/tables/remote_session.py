"""A LAN seat or spectator seen through the table's session interface.

Wraps a `net.client.Session` (a network `Client`, or the host's own
`LocalClient`): views, legal actions and events come from the host's `sync`
and `update` messages, and so do the seats to act and the end of the game
(their `to_act` and `over` fields); actions go to the host, which validates
them and answers with an `update` or an `error` whose reason the table shows.
"""

from __future__ import annotations

import contextlib
import math
import time
from typing import Any

from game.bots.jobs import HintJob
from game.rules.base import Action, Event, View
from game.tables.match import Match
from game.words.host_words import closed_words, host_said
from game.words.i18n import _


class RemoteSession:
    remote = True

    def __init__(self, client: Any, host: Any = None):
        self.client = client
        self.host = host  # the Host object when this window hosts the game
        self._events: list[list[Event]] = []
        self._event_versions: list[int | None] = []   # each batch's version (None: a sync)
        self._notices: list[tuple[str, str]] = []
        self._clocks: dict[int, float] = {}   # seat -> when its turn timer runs out
        # The board, turn and moves of the last update handed out with poll():
        # the network thread writes the live snapshot whenever a message lands,
        # so a snapshot read after a poll may already hold an update whose
        # events the table has not animated yet (the trick board then showed
        # the next trick while the last card was still flying to its line).
        self._polled: dict[str, Any] | None = None
        # keeps what this guest was shown for its replay (game/story/view_record.py); None: not kept
        self.recorder: Any = None
        self._hints_used: dict[int, int] = {}   # seat -> hints shown on this screen
        snap = client.snapshot()
        self.status = snap["status"]
        self.cause: str | None = snap.get("cause")
        self.close_reason = ""

    # --- what the table reads ----------------------------------------------------

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
        return tuple(self._snap().get("to_act") or ())

    @property
    def is_over(self) -> bool:
        snap = self._snap()
        return bool(snap.get("over")) or snap["result"] is not None

    @property
    def ready(self) -> bool:
        return self._snap()["view"] is not None

    @property
    def can_rematch(self) -> bool:
        """Only the hosting window starts a new game for the table."""
        return self.host is not None and hasattr(self.host, "rematch")

    def view(self, seat: int | None) -> View:
        return self._view_in(self._snap(), seat)

    @staticmethod
    def _view_in(snap: dict[str, Any], seat: int | None) -> View:
        view = snap["view"]
        if view is None:
            raise RuntimeError("no view from the host yet")
        if seat is None or seat != view.get("you"):
            view = dict(view, you=None, private={})
        return view

    def observe(self, seat: int | None) -> tuple[View, tuple[int, ...], list[Action]]:
        """The view, whose turn and the seat's legal actions from one snapshot:
        an update landing between separate reads would pair one version's board
        with another version's moves (a hand showing no playable card on a turn)."""
        snap = self._snap()
        if self._polled is not None:  # what the events handed out so far lead to
            snap = dict(snap, **self._polled)
        to_act = tuple(snap.get("to_act") or ())
        acting = seat is not None and seat == snap["seat"] and seat in to_act
        return self._view_in(snap, seat), to_act, list(snap["legal"]) if acting else []

    # --- hints -----------------------------------------------------------------

    @property
    def hints_allowed(self) -> bool:
        """Whether the host's table offers hints (its sync says; older hosts: yes)."""
        return self._snap().get("hints", True) is not False

    def hint_job(self, seat: int, seed: int, think_ms: int) -> HintJob:
        """A hint from this seat's own view: this machine's bot deals the hidden
        cards from what the seat was shown, never from the host's state."""
        view, _to_act, legal = self.observe(seat)
        return HintJob(view, legal, None, seat, seed, think_ms)

    def note_hint(self, seat: int) -> None:
        """Counted here, for this screen's results, and by the host: directly when
        this window is its own (a couch game's TV, a host who plays), else a
        guest's `hint_shown` for its own seat. Its save and history keep it."""
        self._hints_used[seat] = self._hints_used.get(seat, 0) + 1
        note = getattr(self.host, "note_hint", None)
        if note is not None:
            with contextlib.suppress(RuntimeError):      # the host has stopped
                note(seat)
        elif seat == self._snap().get("seat"):
            self.client.hint_shown()

    def hints_used(self) -> list[int]:
        """Hints shown per seat: the host's count when this window is its own (its
        guests' and phones' hints too), else those shown on this screen."""
        match = getattr(self.host, "match", None)
        if match is not None and len(match.hints_used) == self.players:
            return list(match.hints_used)
        return [self._hints_used.get(i, 0) for i in range(self.players)]

    def result(self) -> dict[str, Any]:
        snap = self._snap()
        return snap["result"] or (snap["view"] or {}).get("result") or {}

    # --- acting ----------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> list[Event]:
        """Send to the host; the outcome arrives later as an update or an error.

        Until it does, `awaiting` is true: the table asks nothing twice and
        takes no second action chosen on a view the host has moved past.
        """
        self.client.send_action(action, self._snap()["version"])
        return []

    @property
    def awaiting(self) -> bool:
        """The client tracks the in-flight action: applied, refused or lost clears it."""
        return bool(self.client.awaiting) and self.status == "connected"

    @property
    def unreadable(self) -> bool:
        """The host sent something this version cannot read; the connection is
        closed and nothing of that message was kept (net/inbound.py)."""
        return self.status == "closed" and self.cause == "unreadable"

    @property
    def seat_taken(self) -> bool:
        """Another window now plays this seat (the player joined again elsewhere)."""
        return self.cause == "seat_taken"

    def reclaim_seat(self) -> None:
        """Take this seat back from the other window that holds it."""
        self.close_reason = ""
        self.client.reclaim_seat()

    def explain(self, seat: int, action: Action) -> str | None:
        return None  # the host explains: send and show its `error`

    def bot_seat(self) -> int | None:
        return None  # the host plays its bots

    def play_bot(self, seat: int) -> list[Event]:  # pragma: no cover - never called
        raise RuntimeError("the host plays the bots")

    def bot_job(self, seat: int):  # pragma: no cover - never called
        raise RuntimeError("the host plays the bots")

    def play_bot_action(self, seat: int, action: Action) -> list[Event]:  # pragma: no cover
        raise RuntimeError("the host plays the bots")

    def can_undo(self, seat: int) -> bool:
        return False  # the host never takes a move back

    def undo(self, seat: int) -> None:  # pragma: no cover - never offered
        raise RuntimeError("a LAN game has no undo")

    def rematch(self) -> Match | None:
        """The hosting window asks its host for a new game with the same seats;
        every table (this one too) follows the new game's sync."""
        if self.can_rematch:
            self.host.rematch()
        return None

    @property
    def game_number(self) -> int:
        """Which game of this table the host is playing (a rematch counts up)."""
        return self._snap().get("game_number", 0)

    # --- messages ----------------------------------------------------------------

    def pump(self) -> None:
        for message in self.client.poll():
            kind = message.get("type")
            if kind in ("update", "sync") and message.get("view") is not None:
                self._polled = {"view": message["view"], "legal": message.get("legal") or [],
                                "to_act": message.get("to_act") or [],
                                "version": message.get("version", 0)}
                if self.recorder is not None:
                    snap = self.client.snapshot()
                    events = list(message.get("events", [])) if kind == "update" else []
                    self.recorder.add(snap, events, message["view"],
                                      message.get("to_act") or [],
                                      bool(message.get("over")) or snap["result"] is not None)
            if kind == "update":
                self._events.append(list(message.get("events", [])))
                self._event_versions.append(message.get("version"))
            elif kind == "sync":
                self._events.append([])  # a full resync: snap to it
                self._event_versions.append(None)
                self._clocks.clear()
            elif kind == "error":
                self._notices.append((host_said(message, _("The host refused.")), "error"))
            elif kind == "notice" and message.get("code") == "turn_clock":
                self._on_clock(message)
            elif kind == "notice":
                self._notices.append((host_said(self._about_seat(message)), "info"))
            elif kind == "reject":
                self._notices.append((host_said(message, _("The host refused to let you in.")),
                                      "error"))
            elif kind == "status":
                self._on_status(message)

    def _on_status(self, message: dict[str, Any]) -> None:
        self.status, self.cause = message["status"], message.get("cause")
        if self.status == "reconnecting":
            self._notices.append((_("Host gone: waiting to reconnect..."), "info"))
        elif self.status == "connected":
            self._notices.append((_("Connected"), "info"))
        elif self.status == "closed":
            snap = dict(self.client.snapshot(), cause=self.cause, reason=message.get("reason"))
            self.close_reason = closed_words(snap, _("The connection to the host closed."))

    def _about_seat(self, message: dict[str, Any]) -> dict[str, Any]:
        """A notice with the words a sentence needs about its seat: whether it is
        this window's (`mine`) and the seat's name (the reason is the host's)."""
        seat = message.get("seat")
        if not isinstance(seat, int):
            return message
        snap = self.client.snapshot()
        names = {s.get("seat"): s.get("name") for s in snap.get("seats") or []
                 if isinstance(s, dict)}
        return dict(message, mine=seat == snap.get("seat"), name=names.get(seat))

    def poll(self) -> list[list[Event]]:
        self.pump()
        out, self._events, self._event_versions = self._events, [], []
        return out

    def _on_clock(self, message: dict[str, Any]) -> None:
        seat, seconds = message.get("seat"), message.get("seconds") or 0
        if not isinstance(seat, int):
            return
        if seconds > 0:
            self._clocks[seat] = time.monotonic() + seconds
        else:
            self._clocks.pop(seat, None)

    def turn_clocks(self) -> dict[int, int]:
        """Seats whose turn timer shows its countdown: seat -> whole seconds left."""
        now = time.monotonic()
        return {seat: math.ceil(end - now) for seat, end in sorted(self._clocks.items())
                if end > now}

    def notices(self) -> list[tuple[str, str]]:
        out, self._notices = self._notices, []
        return out
