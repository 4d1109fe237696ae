"""A host no one at the party can cheat or stall: seeds, private saves, seats that
cannot be taken while held, resource limits, saves that cannot crash anything,
turns that always come. Real sockets on 127.0.0.1."""

from __future__ import annotations

import contextlib
import json
import stat
import time
from pathlib import Path

import msgpack
import pytest
from netkit import (
    LOOPBACK,
    Player,
    Proc,
    Raw,
    connect,
    isolate,
    pong,
    raw_frame,
    spectator,
    start_host,
    wait_until,
)

from game.tables.match import Match, SaveError, default_seats, new_seed
from net import protocol as P
from net.host import journal_path, load_hosted


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


# --- seeds -------------------------------------------------------------------------------

def test_seeds_carry_128_bits_stay_in_the_save_and_never_travel(tmp_path):
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20 and max(s.bit_length() for s in seeds) > 120
    save = tmp_path / "hosted.json"
    host = start_host(seats=2, seed=None, save_path=save, auto_start=True)
    try:
        assert host.seed.bit_length() > 64          # does not even fit a msgpack int
        frames: list[bytes] = []
        watcher = Raw(host.port)
        watcher.hello("spectator")
        players = [Player(connect(host, f"P{i}"), "greedy", seed=i) for i in range(2)]
        [p.outcome() for p in players]
        watcher.sock.settimeout(0.5)
        while True:
            try:
                message = watcher.recv()
            except OSError:
                break
            if message is None:
                break
            frames.append(msgpack.packb(message))
        assert frames
        seed_bytes = str(host.seed).encode()
        assert not any(seed_bytes in f for f in frames)
    finally:
        host.stop()
    loaded = Match.load(save, keep_saving=False)
    assert loaded.seed == host.seed and loaded.state.is_over


def test_an_old_save_with_a_small_seed_still_loads(tmp_path):
    match = Match("routes-usa", default_seats("routes-usa", 0, 2), 12345)
    match.play_bot(0)
    match.save(tmp_path / "old.json")
    assert Match.load(tmp_path / "old.json").seed == 12345


# --- private saves -----------------------------------------------------------------------

def test_saves_and_journals_are_private_to_their_owner(tmp_path):
    save = tmp_path / "hosted.json"
    save.write_text("{}")
    save.chmod(0o644)
    journal_path(save).write_text("")
    journal_path(save).chmod(0o644)
    host = start_host(seats=2, save_path=save, auto_start=True)
    try:
        players = [Player(connect(host, f"P{i}"), "greedy", seed=i, think=0.001)
                   for i in range(2)]
        wait_until(lambda: host.match is not None and host.match.version > 3, "some play")
        wait_until(lambda: journal_path(save).exists(), "the journal")
        assert stat.S_IMODE(journal_path(save).stat().st_mode) == 0o600
        assert stat.S_IMODE(save.stat().st_mode) == 0o600
        [p.outcome() for p in players]
        wait_until(lambda: not journal_path(save).exists(), "the final save")
        assert stat.S_IMODE(save.stat().st_mode) == 0o600
    finally:
        host.stop()
    hot = tmp_path / "hot.json"
    Match("routes-usa", default_seats("routes-usa", 2, 2), 1).save(hot)
    assert stat.S_IMODE(hot.stat().st_mode) == 0o600
    json.loads(hot.read_text())


# --- seats that cannot be taken ----------------------------------------------------------

def test_a_replayed_token_cannot_take_a_seat_whose_holder_still_answers():
    host = start_host(seats=2, auto_start=True)
    try:
        victim = connect(host, "Victim")
        wait_until(lambda: victim.status == "connected", "the seat")
        token = victim.token
        thief = Raw(host.port)
        hello = thief.host_hello()
        assert hello["nonce"] and token not in str(hello)
        thief.send(thief.hello_message("player", "Thief", token=token))
        reply = thief.recv_until(lambda m: m["type"] in ("welcome", "reject"))
        assert reply["type"] == "reject" and reply["code"] == P.R_IN_USE
        assert thief.closed()
        # a proof is bound to its connection's nonce: replaying one elsewhere gets no seat
        replay = Raw(host.port)
        replay.host_hello()
        replay.send(P.hello_from_client("player", "Replay", proof=P.seat_proof(token, "x")))
        reply = replay.recv_until(lambda m: m["type"] in ("welcome", "reject"))
        assert reply["type"] == "welcome" and reply["seat"] == 1 and reply["token"] != token
        assert victim.status == "connected" and victim.seat == 0
        assert host.slots[0].peer is not None and host.slots[0].connected
    finally:
        host.stop()


def test_the_token_crosses_the_wire_only_in_the_first_welcome(tmp_path):
    host = start_host(seats=2)
    try:
        first = Raw(host.port)
        welcome = first.hello("player", name="Ada")
        token = welcome["token"]
        assert token
        first.close()
        wait_until(lambda: not host.slots[0].connected, "the drop")
        again = Raw(host.port)
        welcome = again.hello("player", name="Ada", token=token)
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        assert welcome["token"] is None
        assert all(token not in str(m) for m in again.received)
    finally:
        host.stop()


def pause_reading(client) -> None:
    """Make a live client go silent: it stops reading (so answers no ping)."""
    client._loop.call_soon_threadsafe(client._writer.transport.pause_reading)


def test_a_silent_holder_loses_its_seat_is_told_and_can_reclaim_it():
    host = start_host(seats=2, heartbeat=0.1, peer_timeout=30.0)
    try:
        victim = connect(host, "Victim", heartbeat=60.0, peer_timeout=60.0)
        wait_until(lambda: victim.status == "connected", "the seat")
        pause_reading(victim)                 # alive but silent: sends and reads nothing
        time.sleep(P.TAKEOVER_HEARTBEATS * 0.1 + 0.3)    # past the heartbeat limit
        thief = Raw(host.port)
        thief.host_hello()
        thief.send(thief.hello_message("player", "Thief", token=victim.token))
        reply = thief.recv_until(lambda m: m["type"] in ("welcome", "reject"))
        assert reply["type"] == "welcome" and reply["seat"] == 0
        victim._loop.call_soon_threadsafe(victim._writer.transport.resume_reading)
        wait_until(lambda: victim.status == "closed", "the victim to hear of it")
        assert victim.cause == "seat_taken" and "taken" in victim.reason
        # the thief goes silent (a Raw never pings); the victim takes the seat back
        victim.reclaim_seat()
        wait_until(lambda: victim.status == "connected" and victim.seat == 0, "the reclaim")
        assert thief.closed()
        assert any(m["type"] == "bye" and m.get("code") == P.BYE_TAKEN for m in thief.received)
    finally:
        host.stop()


# --- saves that cannot crash anything ----------------------------------------------------

def a_save(tmp_path, actions: int = 4) -> tuple[Path, dict]:
    match = Match("routes-usa", default_seats("routes-usa", 0, 3), 77)
    for _ in range(actions):
        match.play_bot(match.bot_to_act())
    data = match.to_save()
    data["seats"][0]["token"] = "t" * 24
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(data))
    return path, data


CRAFTED = {
    "deep": lambda data: "[" * 100_000 + "]" * 100_000,
    "long int seed": lambda data: json.dumps(data).replace('"seed": 77', '"seed": ' + "9" * 5000),
    "long int in an action": lambda data: json.dumps(dict(data, history=[[0, {
        "type": "keep_tickets", "keep": [int("7" * 4000)]}]])),
    "token a number": lambda data: json.dumps(dict(data, seats=[dict(data["seats"][0],
                                                                    token=12345)]
                                                   + data["seats"][1:])),
    "name a map": lambda data: json.dumps(dict(data, seats=[dict(data["seats"][0],
                                                                 name={"a": 1})]
                                               + data["seats"][1:])),
    "deep action": lambda data: json.dumps(dict(data, history=[[0, {"type": "x", "v": (
        "[" * 5000 + "]" * 5000)}]])).replace('"' + "[" * 5000 + "]" * 5000 + '"',
                                               "[" * 5000 + "]" * 5000),
    "seat a string": lambda data: json.dumps(dict(data, history=[["0", {"type": "x"}]])),
    "unknown bot": lambda data: json.dumps(dict(data, seats=[dict(data["seats"][0],
                                                                  bot="skynet")]
                                                + data["seats"][1:])),
    "too many seats": lambda data: json.dumps(dict(data, seats=data["seats"] * 4)),
    "options a list": lambda data: json.dumps(dict(data, options=[1])),
}


@pytest.mark.parametrize("kind", sorted(CRAFTED))
def test_a_crafted_save_is_refused_with_a_message(tmp_path, kind):
    path, data = a_save(tmp_path)
    path.write_text(CRAFTED[kind](data))
    with pytest.raises(SaveError) as caught:
        Match.load(path)
    assert str(caught.value) and "Traceback" not in str(caught.value)


def test_host_resume_of_a_crafted_save_says_why_without_a_traceback(tmp_path):
    path, data = a_save(tmp_path)
    path.write_text(CRAFTED["deep"](data))
    proc = Proc("host", "--headless", "--no-advertise", "--port", "0", "--resume", str(path))
    code, _ = proc.finish()
    assert code == 2
    assert any("cannot resume" in line for line in proc.err)
    assert not any("Traceback" in line for line in proc.err)


def journal_of(tmp_path, actions: int = 6) -> tuple[Path, list[bytes]]:
    """A hosted save at version 0 and a journal of `actions` lines after it."""
    match = Match("routes-usa", default_seats("routes-usa", 0, 3), 77)
    path = tmp_path / "hosted.json"
    match.save(path)
    lines = []
    for _ in range(actions):
        seat = match.bot_to_act()
        action = match.bot_action(seat)
        match.apply(seat, action)
        lines.append(json.dumps([match.version, seat, action]).encode())
    return path, lines


def test_a_torn_last_journal_line_is_dropped(tmp_path):
    path, lines = journal_of(tmp_path)
    journal_path(path).write_bytes(b"\n".join(lines[:-1]) + b"\n" + lines[-1][:7])
    assert load_hosted(path).version == len(lines) - 1


def test_a_damaged_journal_line_in_the_middle_is_refused_naming_it(tmp_path):
    path, lines = journal_of(tmp_path)
    damaged = list(lines)
    damaged[2] = b'[3, 0, {"type": '
    journal_path(path).write_bytes(b"\n".join(damaged) + b"\n")
    with pytest.raises(SaveError) as caught:
        load_hosted(path)
    message = str(caught.value)
    assert "line 3" in message and "action 2" in message and "4 journal lines" in message
    assert load_hosted(path, force=True).version == 2
    # a damaged complete last line (it ends with a newline: players heard of it) too
    damaged = list(lines)
    damaged[-1] = b"[6, 0, 5]"
    journal_path(path).write_bytes(b"\n".join(damaged) + b"\n")
    with pytest.raises(SaveError):
        load_hosted(path)
    damaged[-1] = b"[" * 100_000
    journal_path(path).write_bytes(b"\n".join(damaged) + b"\n")
    with pytest.raises(SaveError):
        load_hosted(path)


# --- resource limits -----------------------------------------------------------------------

def test_a_big_frame_from_a_client_is_refused_from_its_header():
    host = start_host()
    try:
        raw = spectator(host)
        raw.send_bytes(P.HEADER.pack(250 * 1024))        # the body never comes
        assert raw.closed()
        assert [m["code"] for m in raw.received if m["type"] == "error"] == [P.E_TOO_BIG]
        assert pong(spectator(host))
    finally:
        host.stop()


@pytest.mark.parametrize("frame, code", [
    (raw_frame({"type": "ping", "n": 1, "pad": "x" * 8000}), P.E_BAD_FRAME),  # long str
    (raw_frame({"type": "ping", "n": 1, "pad": "x" * 10}), P.E_BAD_MESSAGE),   # unknown
    (raw_frame({"type": "ping", "n": 1, "pad": [[]] * 8000}), P.E_BAD_FRAME),  # arrays
    (raw_frame({"type": "bye", "reason": "x" * 600}), P.E_TOO_BIG),           # per type
    (raw_frame({"type": "ping", "n": 1, "x": {str(i): 0 for i in range(100)}}),
     P.E_BAD_FRAME),                                                          # big map
])
def test_frames_over_their_limits_are_refused(frame, code):
    host = start_host()
    try:
        raw = spectator(host)
        raw.send_bytes(frame)
        error = raw.recv_until(lambda m: m["type"] == "error")
        assert error["code"] == code, error
        assert pong(raw)
    finally:
        host.stop()


def test_a_peer_over_its_byte_budget_is_closed_and_others_are_served():
    host = start_host()
    try:
        calm = spectator(host)
        greedy = spectator(host)
        heavy = P.action(0, 0, {f"k{i}": "x" * 1000 for i in range(15)})    # ~15 KB each
        frame = raw_frame(heavy)
        count = 2 * P.PEER_BYTE_BURST // len(frame)      # few frames, many bytes
        assert count < P.FRAME_BURST
        with contextlib.suppress(OSError):
            greedy.send_bytes(frame * count)
        assert greedy.closed()
        assert any(m["type"] == "error" and m["code"] == P.E_FLOOD for m in greedy.received)
        assert pong(calm)
    finally:
        host.stop()


def test_a_peer_over_its_decode_time_budget_is_closed(monkeypatch):
    monkeypatch.setattr(P, "PEER_CPU_BURST", 0.0)
    monkeypatch.setattr(P, "PEER_CPU_SHARE", 0.0)
    host = start_host()
    try:
        raw = Raw(host.port)
        raw.hello("spectator")
        raw.send({"type": "ping", "n": 1})
        assert raw.closed()
        assert any(m["type"] == "error" and m["code"] == P.E_FLOOD for m in raw.received)
    finally:
        host.stop()


def test_pings_queued_in_a_stall_that_arrive_together_are_not_a_flood():
    host = start_host(peer_timeout=5.0)
    try:
        raw = spectator(host)
        time.sleep(3.0)                     # a stall: nothing arrives from this peer
        n = P.FRAME_BURST + 40              # what it queued at an honest rate meanwhile
        raw.send_bytes(b"".join(raw_frame({"type": "ping", "n": i}) for i in range(n)))
        assert raw.recv_until(lambda m: m["type"] == "error" or (
            m["type"] == "pong" and m["n"] == n - 1))["type"] == "pong"
        flood = spectator(host)              # no stall: the same burst is a flood
        flood.send_bytes(b"".join(raw_frame({"type": "ping", "n": i}) for i in range(n * 2)))
        assert flood.closed()
        assert any(m["type"] == "error" and m["code"] == P.E_FLOOD for m in flood.received)
    finally:
        host.stop()


# --- strangers that never say hello ----------------------------------------------------------

class SilentCrowd:
    """Threads opening connections that never say hello, from other loopback addresses."""

    def __init__(self, port: int, sources: list[str]):
        import threading

        self.port, self.stop = port, threading.Event()
        self.socks: list = []
        self.threads = [threading.Thread(target=self._flood, args=(s,), daemon=True)
                        for s in sources]
        for t in self.threads:
            t.start()

    def _flood(self, source: str) -> None:
        import socket

        while not self.stop.is_set() and len(self.socks) < 2000:
            try:
                self.socks.append(socket.create_connection((LOOPBACK, self.port), timeout=5,
                                                           source_address=(source, 0)))
            except OSError:
                time.sleep(0.01)

    def close(self) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(10)
        for sock in self.socks:
            sock.close()


def slow_hello(raw: Raw) -> dict:
    time.sleep(0.4)                                   # a hello that takes its time
    raw.send(raw.hello_message("spectator"))
    return raw.recv_until(lambda m: m["type"] in ("welcome", "reject"))


def test_a_flood_of_silent_connections_from_a_few_addresses_leaves_room_for_others():
    host = start_host(hello_timeout=5.0)
    crowd = SilentCrowd(host.port, [f"127.0.0.{i}" for i in range(2, 5)])
    try:
        wait_until(lambda: len(crowd.socks) > 100, "the flood to get going")
        honest = Raw(host.port)
        honest.host_hello()
        assert slow_hello(honest)["type"] == "welcome"
        assert host.status()["connections"] <= P.MAX_HANDSHAKING + 2
    finally:
        crowd.close()
        host.stop()


def test_a_connection_about_to_say_hello_is_not_pushed_out_by_strangers():
    host = start_host(hello_timeout=5.0)
    honest = Raw(host.port)
    honest.host_hello()
    crowd = SilentCrowd(host.port, [f"127.0.0.{i}" for i in range(2, 12)])
    try:
        wait_until(lambda: len(crowd.socks) > 60, "the flood to get going")
        assert slow_hello(honest)["type"] == "welcome"
    finally:
        crowd.close()
        host.stop()


# --- turns that always come ------------------------------------------------------------------

def test_a_lobby_seat_whose_peer_left_without_goodbye_is_freed_after_the_heartbeat_limit():
    host = start_host(seats=3, peer_timeout=1.0)
    try:
        gone = Raw(host.port)
        assert gone.hello("player", name="Vanished")["seat"] == 0
        silent = Raw(host.port)
        assert silent.hello("player", name="Silent")["seat"] == 1
        gone.sock.close()                     # no bye
        wait_until(lambda: not host.status()["seats"][0]["connected"], "the drop")
        assert host.status()["seats"][0]["kind"] == "human"     # kept for a reconnect ...
        wait_until(lambda: host.status()["seats"][0]["kind"] == "open", "the seat freed")
        wait_until(lambda: host.status()["seats"][1]["kind"] == "open", "the silent seat")
        assert host.status()["free"] == 3
    finally:
        host.stop()


def test_a_player_who_never_acts_has_the_turn_played_by_the_stand_in_and_is_told():
    host = start_host(seats=2, auto_start=True, turn_timeout=0.3)
    try:
        idle = connect(host, "Idle")
        busy = Player(connect(host, "Busy"), "greedy", seed=2)
        wait_until(lambda: host.match is not None and host.match.version >= 6,
                   "the timer to play the idle seat's turns")
        seat = idle.seat
        assert any(s == seat for s, _ in host.match.state.history)
        notices = [m for m in idle.poll() if m["type"] == "notice"
                   and m["code"] == P.N_TURN_TIMEOUT]
        assert notices and notices[0]["reason"] == ("Your turn was played by the stand-in "
                                                    "after 0.3 s; it plays for you until "
                                                    "you act")
        assert notices[0]["seat"] == seat
        assert host.status()["seats"][seat]["bot"] is None      # still the player's seat
        busy.session.stop()
    finally:
        host.stop()


def test_the_turn_timeout_flag_reaches_the_host(tmp_path):
    proc = Proc("host", "--headless", "--no-advertise", "--port", "0", "--bind", LOOPBACK,
                "--seats", "2", "--turn-timeout", "0.2", "--save", str(tmp_path / "t.json"))
    try:
        port = proc.port()
        idle = [connect(port, f"Idle {i}") for i in range(2)]
        wait_until(lambda: any(m["type"] == "notice" for m in idle[0].poll()),
                   "a turn played by the stand-in")
    finally:
        proc.kill()


@pytest.mark.parametrize("kind", ["deep", "long int seed", "name a map"])
def test_a_crafted_autosave_leaves_the_title_screen_working_and_says_why(tmp_path,
                                                                         monkeypatch, kind):
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.scenes import nav
    from game.system.paths import autosave_path
    from game.system.settings import Settings

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("RAILPARTY_DATA_DIR", str(tmp_path / "data"))
    _, data = a_save(tmp_path)
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text(CRAFTED[kind](data))
    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    try:
        app.reset(nav.screen("title", app))
        app.step(2)
        title = app.top
        entry = next(b for b in title.menu.buttons if b.label == "Continue")
        entry.action()                              # explains instead of crashing
        app.step(1)
        assert app.top is title and app.toasts and "save" in app.toasts[-1][0]
    finally:
        app.close()


def test_play_resume_of_a_crafted_save_says_why_on_the_terminal(tmp_path, monkeypatch,
                                                               capsys):
    from game.app import App
    from game.cli.main import main

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(App, "run", lambda self, **_: None)
    path, data = a_save(tmp_path)
    path.write_text(CRAFTED["deep"](data))
    assert main(["play", "--resume", str(path)]) == 0
    err = capsys.readouterr().err
    assert "save" in err and "Traceback" not in err
