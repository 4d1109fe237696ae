"""What the screens hold of a LAN game: `Session`, and `LocalClient` for the host's own player.

`Session` is the API shared by a network `Client` (net/client.py) and the
in-process `LocalClient`; it never blocks the calling thread. It lives apart
from both the host and the TCP client so that the host can make a
`LocalClient` without importing the client (no import cycle): the host
imports this module, never the other way round.

API for the window (every method is thread-safe and returns at once):

    session.poll() / session.get(timeout)   the host's messages, oldest first, plus the
                                            session's own `status` messages (below)
    session.snapshot()                      the latest state as a dict (read-only copy)
    session.status / .cause / .reason       where the connection stands (below)
    session.seat, .version, .result, .to_act, .over
    session.can_act                         this seat may act now (its turn, legal actions,
                                            connected, and no action of it in flight)
    session.awaiting                        an action was sent and the host has not answered
    session.send_action(action, version)    version: that of the view it was chosen on
    session.hint_shown()                    this window showed its seat a hint (the host counts it)
    session.change_seat(name=, color=)      lobby only
    session.reclaim_seat()                  after cause "seat_taken": take the seat back

Status: `{"type": "status", "status": S, "cause": C, "reason": str|None}` is
queued whenever it changes. S is "connecting", "connected", "reconnecting" or
"closed"; C says why, so the window can say it plainly:

    "host_gone"    the connection broke or went silent; retrying by itself
                   (show "Host gone: waiting to reconnect")      [S = reconnecting]
    "host_closed"  the host said goodbye: it stopped the game    [S = closed]
    "over"         the game is over and the host said goodbye    [S = closed]
    "seat_taken"   another connection holds this seat now; offer `reclaim_seat()`
    "rejected"     the host refused us (reason says why)         [S = closed]
    "wrong_host"   the host did not prove the key we expected    [S = closed]
    "older_host"   the host runs a Rail Party before protocol 6  [S = closed]
    "unreadable"   the host sent something this version cannot read (net/inbound.py);
                   nothing of it was kept, and no retry follows  [S = closed]
    "left"         we stopped ourselves                          [S = closed]
    None           connecting / connected

A turn the host's stand-in bot played for this seat (the host's turn timer)
arrives as a message `{"type": "notice", "code": "turn_timeout", "reason": str,
"seat": int}`; a window words it by its code (game/words/host_words.py), the reason
("Your turn was played by the stand-in after 60 s") is the English fallback.
A turn's last seconds arrive as `{"type": "notice", "code": "turn_clock", "seat",
"seconds", "reason"}` (seconds 0: that clock stopped): count them down, no toast.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from net import protocol as P


class Session:
    """What the screens use, for a network client and for the host's own player."""

    def __init__(self, role: str = "player", name: str | None = None,
                 color: str | None = None):
        if role not in P.ROLES:
            raise ValueError(f"role must be one of {', '.join(P.ROLES)}")
        self.role, self.name, self.color = role, name, color
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._lock = threading.Lock()
        self._sent_version: int | None = None     # the version an in-flight action answered
        self._state: dict[str, Any] = {
            "status": "connecting", "cause": None, "reason": None, "role": role,
            "seat": None, "token": None, "game": None, "host_name": None, "players": 0,
            "phase": None, "version": 0, "mark": 0, "view": None, "legal": [], "to_act": [],
            "over": False, "seats": [], "result": None, "error": None, "game_number": 0,
            "said": None, "why": None, "hints": True}

    # --- for the screens (any thread, never blocks) ---------------------------------

    def poll(self, limit: int | None = None) -> list[dict[str, Any]]:
        """The messages that arrived since the last poll, oldest first."""
        out: list[dict[str, Any]] = []
        while limit is None or len(out) < limit:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def get(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message, waiting up to `timeout` (headless use); None if none came."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def snapshot(self) -> dict[str, Any]:
        """The latest known state: status, cause, reason, role, seat, game, host_name,
        players, phase, version, view, legal, to_act, over, seats, result, error,
        said (the host's last reject or bye, {type, code, reason}: a screen words it),
        why (this client's own reason as Words, for a screen in another language),
        game_number (a rematch on the same table counts up),
        hints (whether the host's table offers hints), awaiting."""
        with self._lock:
            return dict(self._state, awaiting=self._sent_version is not None)

    @property
    def status(self) -> str:
        return self._state["status"]

    @property
    def cause(self) -> str | None:
        return self._state["cause"]

    @property
    def reason(self) -> str | None:
        return self._state["reason"]

    @property
    def seat(self) -> int | None:
        return self._state["seat"]

    @property
    def version(self) -> int:
        return self._state["version"]

    @property
    def result(self) -> dict[str, Any] | None:
        return self._state["result"]

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self._state["to_act"])

    @property
    def over(self) -> bool:
        return bool(self._state["over"])

    @property
    def awaiting(self) -> bool:
        """An action was sent and neither applied nor refused yet."""
        return self._sent_version is not None

    @property
    def can_act(self) -> bool:
        with self._lock:
            s = self._state
            return (s["status"] == "connected" and s["seat"] is not None
                    and s["seat"] in s["to_act"] and bool(s["legal"])
                    and self._sent_version is None)

    def send_action(self, action: dict[str, Any], version: int | None = None) -> None:
        """Send an action; `version` is that of the view it was chosen on (default:
        the latest). The answer comes as an `update` (it was applied) or an `error`;
        until then `awaiting` is true."""
        with self._lock:
            seat = self._state["seat"]
            if version is None:
                version = self._state["version"]
            if seat is not None:
                self._sent_version = version
        if seat is None:
            self._push({"type": "error", "code": P.E_SPECTATOR,
                        "reason": "you have no seat to play"})
            return
        self._send(P.action(seat, version, action))

    def hint_shown(self) -> None:
        """This window showed its own seat a hint it thought itself: the host counts
        it for the seat's results and history record (nothing without a seat)."""
        with self._lock:
            seat, version = self._state["seat"], self._state["version"]
        if seat is not None:
            self._send(P.hint_shown(seat, version))

    def change_seat(self, name: str | None = None, color: str | None = None) -> None:
        """In the lobby: a new name and/or colour (answered by `seats` or `error`)."""
        message: dict[str, Any] = {"type": "seat"}
        if name is not None:
            message["name"] = name
        if color is not None:
            message["color"] = color
        self._send(message)

    def reclaim_seat(self) -> None:
        """After status cause "seat_taken": connect again and take the seat back (the
        host allows it once the other connection has gone silent)."""
        raise NotImplementedError

    # --- for subclasses ------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def _push(self, message: dict[str, Any]) -> None:
        self._inbox.put(message)

    def _unsent(self, reason: str) -> None:
        """An action (or other message) could not be sent: the seat may act again."""
        self._sent_version = None
        self._push({"type": "error", "code": "offline", "reason": reason})

    def _set_status(self, status: str, reason: Any = None,
                    cause: str | None = None) -> None:
        """`reason`: a str, or Words (game/rules/words.py) kept as `why` so a
        screen words this client's own explanation in its language."""
        why = reason if hasattr(reason, "template") else None
        reason = str(reason) if why is not None else reason
        with self._lock:
            s = self._state
            if (s["status"], s["reason"], s["cause"]) == (status, reason, cause):
                return
            s["status"], s["reason"], s["cause"], s["why"] = status, reason, cause, why
            if status != "connected":
                self._sent_version = None     # whatever was in flight will not be answered
        self._push({"type": "status", "status": status, "cause": cause, "reason": reason})

    def _absorb(self, message: dict[str, Any]) -> None:
        """Keep the snapshot up to date, then queue the message for the screens."""
        kind = message.get("type")
        with self._lock:
            s = self._state
            if kind == "welcome":
                s.update(role=message["role"], seat=message["seat"],
                         token=message.get("token") or s["token"], game=message["game"],
                         host_name=message.get("host_name"), players=message["players"])
            elif kind == "sync":
                s.update(phase=message["phase"], game=message["game"],
                         version=message["version"], mark=message.get("mark", 0),
                         view=message["view"], legal=message["legal"],
                         to_act=message.get("to_act", []), over=message.get("over", False),
                         seats=message["seats"], result=message.get("result"),
                         game_number=message.get("game_number", 0),
                         hints=message.get("hints", True) is not False)
                self._sent_version = None         # a fresh start: nothing is in flight
            elif kind == "update":
                s.update(version=message["version"], mark=message.get("mark", 0),
                         view=message["view"], legal=message["legal"],
                         to_act=message.get("to_act", []), over=message.get("over", False))
                sent = self._sent_version
                if sent is not None and s["mark"] > sent:
                    self._sent_version = None     # our situation changed: answered
                if message.get("result") is not None or s["over"]:
                    s.update(result=message.get("result"), phase="over")
            elif kind == "seats":
                s.update(seats=message["seats"], phase=message["phase"])
            elif kind == "error":
                s["error"] = message.get("reason")
                self._sent_version = None         # refused: the seat may act again
            elif kind in ("reject", "bye"):       # the code a closed status came from
                s["said"] = {"type": kind, "code": message.get("code"),
                             "reason": message.get("reason"), "limit": message.get("limit")}
        self._push(message)


class LocalClient(Session):
    """The host's own player (or a local kiosk): no socket, the same API.
    Made by `Host.join_local()`; `host` is that Host (only its thread-safe
    `_call` and `_on_message` are used)."""

    def __init__(self, host: Any, role: str = "player", name: str | None = None,
                 color: str | None = None):
        super().__init__(role, name, color)
        self._host = host
        self._peer: Any = None        # the host's LocalPeer for this client
        self._token: str | None = None

    def _send(self, message: dict[str, Any]) -> None:
        peer = self._peer
        if peer is None or peer.closed:
            self._unsent("not connected to the game; nothing was sent")
            return
        try:
            self._host._call(self._host._on_message, peer, message)
        except RuntimeError:
            self._unsent("the host has stopped; nothing was sent")

    def _deliver(self, message: dict[str, Any]) -> None:   # host thread
        kind = message.get("type")
        if kind == "welcome":
            self._token = message.get("token") or self._token
            self._set_status("connected")
        if kind in ("ping", "pong"):
            return
        if kind == "bye":
            self._absorb(message)
            self._set_status("closed", message.get("reason") or "the host has stopped",
                             _bye_cause(message))
            return
        self._absorb(message)

    def _closed_by_host(self) -> None:                     # host thread
        if self.status != "closed":
            self._set_status("closed", "the host has stopped", "host_closed")

    def reclaim_seat(self) -> None:
        self._host._call(self._host._attach_local, self)

    def stop(self, reason: str = "leaving") -> None:
        if self._peer is not None and not self._peer.closed:
            self._send(P.bye(reason))


def _bye_cause(message: dict[str, Any]) -> str:
    """The status cause a host's `bye` means (its `code`, see net/protocol.py)."""
    code = message.get("code")
    if code == P.BYE_OVER:
        return "over"
    if code == P.BYE_TAKEN:
        return "seat_taken"
    return "host_closed"

