"""A hostile host for client tests: real framing on 127.0.0.1, scripted messages.

`FakeHost(script)` listens on a free loopback port (TLS 1.3 with a key of its
own); to each connection it says
the real host hello, waits for the client's hello, then sends the script (dicts
framed as they are, whatever they hold) and answers pings until the client
leaves or the host is closed. `game_script(...)` makes an honest script from a
real engine, `mutations(...)` lists every place in it a hostile host could spoil,
and `spoil(...)` spoils one. `unreadable(script)` says whether this version's
checks refuse the script (what a client should then show).
"""

from __future__ import annotations

import copy
import random
import socket
import threading
from typing import Any

from netkit import LOOPBACK, raw_frame

from game.rules import GAMES, create, redact_events
from game.tables.seats import SEAT_COLORS
from net import inbound
from net import protocol as P
from net.identity import HostIdentity
from net.protocol import ProtocolError
from net.session import Session
from net.tls import host_context

MISSING = object()


def _nested(depth: int, kind: str) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value] if kind == "list" else {"x": value}
    return value


# what a hostile host puts in a field: wrong types, huge and nested values, bad text
HOSTILE: list[tuple[str, Any]] = [
    ("missing", MISSING), ("none", None), ("true", True), ("minus one", -1),
    ("huge int", 2 ** 63 - 1), ("tiny int", -(2 ** 63)), ("float", 1.5), ("empty text", ""),
    ("nul", "a\x00b"), ("long text", "W" * 70_000), ("unknown name", "zz"),
    ("bytes", b"\x00\x01"), ("empty list", []), ("huge list", [0] * 20_000),
    ("list of maps", [{"x": 1}] * 3), ("empty map", {}), ("odd map", {"": None, "x": [1]}),
    ("deep list", _nested(200, "list")), ("deep map", _nested(100, "map")),
]


def game_script(game_id: str, seat: int | None, ending: bool, seed: int = 5) -> list[dict]:
    """An honest host's messages to one client: welcome, lobby sync and seats,
    then the game's sync and an update (`ending`: the sync before the last
    action and the final update, with the result)."""
    info = GAMES[game_id]
    players = info.min_players
    rng = random.Random(seed)
    state = create(game_id, players, seed=seed)
    steps = 0
    while not state.is_over and steps < (5000 if ending else 6):
        before = state.clone()
        actor = rng.choice(state.to_act)
        state.apply(actor, rng.choice(state.legal_actions(actor)))
        steps += 1
    if ending:
        state = before                      # one action before the end
    seats = [{"seat": i, "name": f"Player {i + 1}", "color": SEAT_COLORS[i], "kind": "human",
              "bot": None, "connected": True} for i in range(players)]

    def data(version: int) -> dict[str, Any]:
        acting = seat is not None and seat in state.to_act
        return {"version": version, "mark": version, "view": state.view(seat),
                "legal": state.legal_actions(seat) if acting else [],
                "to_act": list(state.to_act), "over": state.is_over,
                "result": state.result() if state.is_over else None}

    script: list[dict[str, Any]] = [
        {"type": "welcome", "role": "spectator" if seat is None else "player", "seat": seat,
         "token": None if seat is None else "t" * 32, "game": game_id,
         "host_name": "Hostile rails", "players": players, "heartbeat": 2.0, "timeout": 15.0},
        {"type": "sync", "phase": "lobby", "game": game_id, "version": 0, "mark": 0, "you": seat,
         "seats": seats, "view": None, "legal": [], "to_act": [], "over": False, "result": None,
         "game_number": 0},
        {"type": "seats", "phase": "lobby", "seats": seats, "free": 0},
        {"type": "sync", "phase": "playing", "game": game_id, "you": seat, "seats": seats,
         "game_number": 0, **data(steps)},
    ]
    actor = rng.choice(state.to_act)
    events = state.apply(actor, rng.choice(state.legal_actions(actor)))
    script.append({"type": "update", "events": redact_events(events, seat), **data(steps + 1)})
    script.append({"type": "notice", "code": "turn_timeout", "reason": "a turn was played",
                   "seat": 0})
    return script


def mutations(script: list[dict]) -> list[tuple[int, tuple]]:
    """Every (message index, path) a hostile host could spoil (not the type itself)."""
    out: list[tuple[int, tuple]] = []

    def walk(value: Any, path: tuple, index: int) -> None:
        if path:
            out.append((index, path))
        if isinstance(value, dict):
            for key, item in value.items():
                if not path and key == "type":
                    continue
                walk(item, (*path, key), index)
        elif isinstance(value, list):
            for i, item in enumerate(value[:40]):    # long lists: their first items
                walk(item, (*path, i), index)

    for index, message in enumerate(script):
        walk(message, (), index)
    return out


def spoil(script: list[dict], index: int, path: tuple, value: Any) -> list[dict]:
    """The script with one field replaced by `value` (MISSING: the key removed)."""
    spoiled = copy.deepcopy(script)
    holder = spoiled[index]
    for key in path[:-1]:
        holder = holder[key]
    last = path[-1]
    if value is MISSING:
        if isinstance(holder, dict):
            del holder[last]
        else:
            del holder[last]
    else:
        holder[last] = copy.deepcopy(value)
    return spoiled


def unreadable(script: list[dict]) -> bool:
    """Whether this version's checks refuse the script somewhere (the oracle for
    which end a client should reach; the tests check the clients survive either)."""
    session = Session("player")
    for message in script:
        try:
            P.decode_body(raw_frame(message)[4:])
            message = P.unpack(message)
            P.check_host_message(message)
        except ProtocolError as exc:
            if exc.code == P.E_UNKNOWN_TYPE:
                continue
            return True
        if inbound.problem(message, session.snapshot()) is not None:
            return True
        session._absorb(message)
        session.poll()
    return False


class FakeHost:
    """Says the real hello, welcomes anyone, sends the script, then answers pings."""

    def __init__(self, script: list[dict], bye_after: bool = False):
        self.script = [raw_frame(m) for m in script]
        self.bye_after = bye_after
        # a TLS host with a key of its own: clients take it on first use (a typed address)
        self.key = HostIdentity.generate()
        self.tls = host_context(self.key.private_key)
        self.server = socket.create_server((LOOPBACK, 0))
        self.server.settimeout(0.1)
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._accepter = threading.Thread(target=self._accept, daemon=True)
        self._accepter.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                sock, _ = self.server.accept()
            except (TimeoutError, OSError):
                continue
            self.connections += 1
            thread = threading.Thread(target=self._serve, args=(sock,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _serve(self, plain: socket.socket) -> None:
        plain.settimeout(5.0)
        buffer = b""
        try:
            sock = self.tls.wrap_socket(plain, server_side=True)
        except OSError:
            plain.close()
            return
        sock.settimeout(0.1)
        try:
            sock.sendall(P.encode(P.hello_from_host("Hostile rails", "?", P.new_nonce())))
            said_hello = False
            while not self._stop.is_set():
                try:
                    chunk = sock.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    return
                buffer += chunk
                while len(buffer) >= 4:
                    size = P.HEADER.unpack(buffer[:4])[0]
                    if len(buffer) < 4 + size:
                        break
                    message = P.decode_body(buffer[4:4 + size])
                    buffer = buffer[4 + size:]
                    if message["type"] == "hello" and not said_hello:
                        said_hello = True
                        for frame in self.script:
                            sock.sendall(frame)
                        if self.bye_after:
                            sock.sendall(P.encode(P.bye("the host has stopped",
                                                        P.BYE_STOPPED)))
                    elif message["type"] == "ping":
                        sock.sendall(P.encode({"type": "pong", "n": message.get("n", 0)}))
        except (OSError, ProtocolError):
            return
        finally:
            sock.close()

    def close(self) -> None:
        self._stop.set()
        self.server.close()
        self._accepter.join(5)
        for thread in self._threads:
            thread.join(5)
