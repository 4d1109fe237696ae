"""Hostile and broken input: the host answers with an error or closes that one
connection, keeps serving everyone else, and never corrupts the game."""

from __future__ import annotations

import socket
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netkit import (
    LOOPBACK,
    Player,
    Raw,
    connect,
    isolate,
    pong,
    raw_frame,
    spectator,
    start_host,
    wait_until,
)

from game.tables.match import Match
from net import protocol as P


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


# --- one fault at a time ------------------------------------------------------------

def test_an_oversized_frame_is_refused_without_waiting_for_its_body():
    host = start_host()
    try:
        raw = spectator(host)
        raw.send_bytes(P.HEADER.pack(P.MAX_FRAME_BYTES + 1))     # the body never comes
        assert raw.closed()
        assert [m["code"] for m in raw.received if m["type"] == "error"] == [P.E_TOO_BIG]
        early = Raw(host.port)
        early.send_bytes(P.HEADER.pack(2**32 - 1))
        assert early.closed() and early.received[-1]["type"] == "reject"
        assert pong(spectator(host))
    finally:
        host.stop()


def test_garbage_wrong_shapes_and_unknown_types_get_errors_and_the_connection_stays():
    host = start_host()
    try:
        raw = spectator(host)
        cases = [
            (P.HEADER.pack(5) + b"\xc1\xc1\xc1\xc1\xc1", P.E_BAD_FRAME),
            (raw_frame([1, 2, 3]), P.E_BAD_MESSAGE),
            (raw_frame({"type": "action", "seat": 0}), P.E_BAD_MESSAGE),
            (raw_frame({"type": "teleport", "to": "Miami"}), P.E_UNKNOWN_TYPE),
            (P.HEADER.pack(3) + msgpack.packb(msgpack.ExtType(3, b"")), P.E_BAD_FRAME),
        ]
        for data, code in cases:
            raw.send_bytes(data)
            error = raw.recv_until(lambda m: m["type"] == "error")
            assert error["code"] == code and error["reason"]
        assert pong(raw)
    finally:
        host.stop()


def test_too_many_broken_frames_close_the_connection():
    host = start_host()
    try:
        raw = spectator(host)
        raw.send_bytes(raw_frame("nonsense") * (P.MAX_BAD_FRAMES + 1))
        assert raw.closed()
        assert sum(m["type"] == "error" for m in raw.received) == P.MAX_BAD_FRAMES + 1
        assert raw.received[-1]["type"] == "bye"
    finally:
        host.stop()


def test_the_first_message_must_be_a_hello_in_time():
    host = start_host(hello_timeout=0.2)
    try:
        rude = Raw(host.port)
        rude.send({"type": "ping", "n": 1})
        assert rude.closed() and rude.received[-1]["code"] == P.R_BAD_HELLO
        shy = Raw(host.port)
        assert shy.closed() and shy.received[-1]["code"] == P.R_TIMEOUT
        mismatched = Raw(host.port)
        mismatched.send(dict(P.hello_from_client(), version=99))
        assert mismatched.closed()
        assert mismatched.received[-1]["code"] == P.R_VERSION
    finally:
        host.stop()


def test_a_joining_player_of_another_version_is_told_in_words():
    host = start_host()
    try:
        client = connect(host, "Old copy", protocol_version=P.PROTOCOL_VERSION + 1)
        wait_until(lambda: client.status == "closed", "the reject")
        reason = client.snapshot()["reason"]
        assert f"protocol {P.PROTOCOL_VERSION}" in reason
        assert f"protocol {P.PROTOCOL_VERSION + 1}" in reason
        rejects = [m for m in client.poll() if m["type"] == "reject"]
        assert rejects and rejects[0]["code"] == P.R_VERSION
        assert host.status()["seats"][0]["kind"] == "open"
    finally:
        host.stop()


def test_actions_for_another_seat_stale_illegal_and_out_of_turn_are_answered():
    host = start_host(seats=2, auto_start=True)
    try:
        a, b = Raw(host.port), Raw(host.port)
        assert a.hello("player", name="A")["seat"] == 0
        assert b.hello("player", name="B")["seat"] == 1
        sync = a.recv_until(lambda m: m["type"] == "sync" and m["phase"] == "playing")

        def answer(raw, message):
            raw.send(message)
            return raw.recv_until(lambda m: m["type"] in ("error", "update"))
        keep = sync["legal"][0]
        assert keep["type"] == "keep_tickets"
        assert answer(a, P.action(1, 0, keep))["code"] == P.E_NOT_YOUR_SEAT
        stale = answer(a, P.action(0, 7, keep))
        assert stale["code"] == P.E_STALE and stale["version"] == 0 and "version 0" in \
            stale["reason"]
        illegal = answer(a, P.action(0, 0, {"type": "keep_tickets", "keep": []}))
        assert illegal["code"] == P.E_ILLEGAL and illegal["reason"]
        weird = answer(a, P.action(0, 0, {"type": "claim", "track": ["x"],
                                          "cards": {"red": "two"}}))
        assert weird["code"] == P.E_ILLEGAL
        assert host.status()["version"] == 0                   # nothing was applied
        assert answer(a, P.action(0, 0, keep))["type"] == "update"
        late = answer(a, P.action(0, 1, keep))
        assert late["code"] == P.E_NOT_YOUR_TURN
        assert host.match.version == 1 and host.match.state.history[0] == (0, keep)
    finally:
        host.stop()


def test_a_flood_of_frames_closes_that_connection_only():
    host = start_host()
    try:
        calm = spectator(host)
        flood = spectator(host)
        flood.send_bytes(P.encode({"type": "ping", "n": 1}) * (P.FRAME_BURST * 4))
        assert flood.closed()
        assert any(m["type"] == "error" and m["code"] == P.E_FLOOD for m in flood.received)
        assert pong(calm)
    finally:
        host.stop()


def test_an_update_while_a_flooder_is_being_closed_reaches_everyone_else():
    """A flooder's connection is half closed for a moment (its data read and dropped);
    an update sent meanwhile must skip it, not fail for every peer after it."""
    host = start_host(seats=2, auto_start=True)
    try:
        flooder, honest = Raw(host.port), Raw(host.port)
        assert flooder.hello("player", name="Flood")["seat"] == 0
        assert honest.hello("player", name="Honest")["seat"] == 1
        watcher = spectator(host)
        sync = honest.recv_until(lambda m: m["type"] == "sync" and m["phase"] == "playing")
        flooder.send_bytes(P.encode({"type": "ping", "n": 1}) * (P.FRAME_BURST * 4))
        assert flooder.recv_until(lambda m: m["type"] == "error" and m["code"] == P.E_FLOOD)
        assert flooder.recv_until(lambda m: False) is None      # the host stopped writing
        honest.send(P.action(1, sync["version"], sync["legal"][0]))
        reply = honest.recv_until(lambda m: m["type"] in ("error", "update"))
        assert reply["type"] == "update"
        assert watcher.recv_until(lambda m: m["type"] == "update")["version"] == 1
        assert pong(honest) and pong(watcher)
        assert not any(m["type"] == "error" for m in honest.received)
    finally:
        host.stop()


def test_half_sent_frames_are_given_up_on():
    host = start_host(frame_timeout=0.2, peer_timeout=0.4)
    try:
        body_missing = spectator(host)
        body_missing.send_bytes(P.HEADER.pack(100) + b"\x81" * 10)
        assert body_missing.closed()
        header_missing = spectator(host)
        header_missing.send_bytes(b"\x00\x00")
        assert header_missing.closed()
        assert pong(spectator(host))
    finally:
        host.stop()


def test_hundreds_of_connections_do_not_stop_the_game():
    host = start_host(seats=2, auto_start=True)
    crowd: list[socket.socket] = []
    players = []
    try:
        for _ in range(300):
            crowd.append(socket.create_connection((LOOPBACK, host.port), timeout=30))
        wait_until(lambda: host.status()["connections"] <= P.MAX_HANDSHAKING,
                   "the host to shed idle connections")
        players = [Player(connect(host, f"Real {i}"), "greedy", seed=i) for i in range(2)]
        records = [p.outcome() for p in players]
        assert records[0] == records[1]
        assert host.status()["connections"] <= P.MAX_CONNECTIONS
    finally:
        for sock in crowd:
            sock.close()
        for p in players:
            p.session.stop()
        host.stop()


# --- random and mutated frames at a live game ----------------------------------------------

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats()
    | st.text(max_size=12) | st.binary(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=10)
FIELDS = ["type", "magic", "version", "role", "name", "color", "proof", "seat", "action", "n",
          "reason", "keep", "track", "cards", "slot"]
TYPES = list(P.CLIENT_MESSAGES) + list(P.HOST_MESSAGES) + ["", "x" * 60]


class Live:
    """A game in progress: two real players, a seat the fuzzer may reclaim, a watcher."""

    def __init__(self, tmp: Path):
        self.save = tmp / "fuzzed.json"
        self.host = start_host(seats=3, auto_start=True, on_drop="bot", drop_timeout=0.0,
                               peer_timeout=60.0, save_path=self.save)
        self.port = self.host.port
        seat_taker = Raw(self.port)
        welcome = seat_taker.hello("player", name="Fuzzer")
        self.seat, self.token = welcome["seat"], welcome["token"]
        seat_taker.close()                       # held; a stand-in bot plays it
        self.watcher = spectator(self.host)
        self.players = [Player(connect(self.host, f"Honest {i}"), "greedy", seed=i,
                               think=0.01) for i in range(2)]
        self.examples = 0


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        isolate(mp, tmp_path_factory.mktemp("live"))
        game = Live(tmp_path_factory.mktemp("fuzz"))
        yield game
        for player in game.players:
            player.session.stop()
        game.host.stop()


def action_frames(data, sync):
    """Actions built from the fuzzer's real legal actions, then maybe spoiled. Every
    draw has the same shape whatever the live game offers (Hypothesis replays
    examples and refuses data generation that depends on outside state)."""
    legal = (sync or {}).get("legal") or [{"type": "draw_deck"}]
    act = dict(legal[data.draw(st.integers(0, 63)) % len(legal)])
    message = P.action(sync["you"] if sync else 0, sync["version"] if sync else 0, act)
    spoil = data.draw(st.sampled_from(["none", "seat", "version", "field", "drop", "add",
                                       "action"]))
    if spoil == "seat":
        message["seat"] = data.draw(st.integers(-3, 6))
    elif spoil == "version":
        message["version"] += data.draw(st.integers(-3, 3))
    elif spoil == "field":
        pick, value = data.draw(st.integers(0, 7)), data.draw(VALUES)
        keys = sorted(act)
        if len(keys) > 1:
            act[keys[pick % len(keys)]] = value
    elif spoil == "drop":
        keys = sorted(message)
        del message[keys[data.draw(st.integers(0, 7)) % len(keys)]]
    elif spoil == "add":
        act[data.draw(st.sampled_from(FIELDS))] = data.draw(VALUES)
    elif spoil == "action":
        message["action"] = data.draw(VALUES)
    return raw_frame(message)


def random_frame(data, sync):
    kind = data.draw(st.sampled_from(["action", "map", "body", "bytes", "huge", "valid"]))
    if kind == "action":
        return action_frames(data, sync)
    if kind == "map":
        message = data.draw(st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=5))
        if data.draw(st.booleans()):
            message["type"] = data.draw(st.sampled_from(TYPES))
        return raw_frame(message)
    if kind == "body":
        return raw_frame_bytes(data.draw(st.binary(max_size=40)))
    if kind == "bytes":
        return data.draw(st.binary(min_size=1, max_size=40))
    if kind == "huge":
        return P.HEADER.pack(data.draw(st.integers(P.MAX_FRAME_BYTES + 1, 2**32 - 1)))
    return raw_frame(data.draw(st.sampled_from([
        {"type": "ping", "n": 5}, {"type": "pong"}, {"type": "seat", "color": "red"},
        P.bye("fuzz"), P.hello_from_client("spectator")])))


def raw_frame_bytes(body: bytes) -> bytes:
    return P.HEADER.pack(len(body)) + body


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_and_mutated_frames_never_hurt_a_live_game(live, data):
    opening = data.draw(st.sampled_from(["nothing", "spectator", "seat", "seat", "bad hello"]))
    raw = Raw(live.port, timeout=30)
    try:
        fuzz_one_connection(live, data, raw, opening)
    finally:
        # Hypothesis may stop an example at any draw (an overrun); a socket left open
        # then would hold the seat until the silence limit, stalling the real players
        raw.close()
    live.examples += 1
    if live.examples % 5 == 0:                     # (a ping per example would be a flood)
        assert pong(live.watcher, live.examples)   # and the host still serves the others


def fuzz_one_connection(live: Live, data, raw: Raw, opening: str) -> None:
    sync = None
    if opening != "nothing":
        if opening == "bad hello":
            raw.send(dict(P.hello_from_client(), version=data.draw(st.integers(2, 9))))
        else:
            role = "player" if opening == "seat" else "spectator"
            raw.host_hello()
            raw.send(raw.hello_message(role, "Fuzzer", token=live.token))
        reply = raw.recv_until(lambda m: m["type"] in ("welcome", "reject"))
        if reply is not None and reply["type"] == "welcome":
            sync = raw.recv_until(lambda m: m["type"] == "sync")
    frames = [random_frame(data, sync) for _ in range(data.draw(st.integers(1, 6)))]
    try:
        for frame in frames:
            raw.send_bytes(frame)
        raw.send({"type": "ping", "n": 7})
        raw.end_writing()
    except OSError:
        pass                                       # the host may have closed already
    assert raw.closed()                            # every answer was a valid host message


def test_after_the_fuzzing_the_game_ends_intact(live):
    records = [p.outcome() for p in live.players]
    assert records[0] == records[1]
    wait_until(lambda: live.host.status()["phase"] == "over", "the end")
    replayed = Match.load(live.save, keep_saving=False)
    assert replayed.state.history == live.host.match.state.history
    assert replayed.state.result() == live.host.result
    assert records[0] == P.result_record("routes-usa", replayed.version, replayed.state.result())
