"""Faults: players that drop and return, a host killed and resumed, silent peers."""

from __future__ import annotations

import asyncio
import json
import socket
import threading

import pytest
from netkit import (
    LOOPBACK,
    Player,
    Proc,
    Raw,
    connect,
    host_record,
    isolate,
    start_host,
    wait_until,
)

from game.tables.match import Match, default_seats
from net import protocol as P
from net.client import ClientClosed, TokenStore
from net.host import HostSave, journal_path, load_hosted
from net.identity import HostIdentity
from net.tls import host_context


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


class Watcher:
    """A spectator that keeps every seat table and the newest version it saw."""

    def __init__(self, port: int):
        self.seats: list[list[dict]] = []
        self.version = 0
        self.client = connect(port, None, role="spectator")
        self.player = Player(self.client, bot=None, on_message=self._see)

    def _see(self, message: dict) -> None:
        if message["type"] in ("sync", "seats"):
            self.seats.append(message["seats"])
        if message["type"] in ("sync", "update"):
            self.version = max(self.version, message["version"])

    def saw_seat(self, seat: int, **fields) -> bool:
        return any(all(table[seat].get(k) == v for k, v in fields.items())
                   for table in list(self.seats))


def test_a_killed_client_gets_its_seat_back_with_its_token(tmp_path):
    host = start_host(seats=3, auto_start=True, on_drop="pause")
    store = TokenStore(tmp_path / "victim-seats.json")
    others = []
    try:
        watcher = Watcher(host.port)
        victim = connect(host, "Victim", store=store)
        victim_player = Player(victim, "greedy", seed=1, think=0.002)
        others = [Player(connect(host, f"Other {i}"), "greedy", seed=i + 2, think=0.002)
                  for i in range(2)]
        wait_until(lambda: watcher.version >= 20, "the game to get going")
        seat = victim.seat
        victim.kill()                                  # no bye: a crash
        with pytest.raises(ClientClosed):
            victim_player.outcome()
        wait_until(lambda: watcher.saw_seat(seat, connected=False),
                   "the seat to show as disconnected")
        assert not watcher.saw_seat(seat, bot="greedy")     # pause: nobody plays it
        seen: list[dict] = []
        again = connect(host, "Victim", store=TokenStore(tmp_path / "victim-seats.json"))
        back = Player(again, "greedy", seed=1, on_message=seen.append)
        records = [back.outcome(), *(p.outcome() for p in others), watcher.player.outcome()]
        assert again.seat == seat and again.connections == 1
        kinds = [m["type"] for m in seen if m["type"] not in ("status",)]
        assert kinds[:2] == ["welcome", "sync"]               # a full sync on rejoin
        sync = next(m for m in seen if m["type"] == "sync")
        assert sync["you"] == seat and sync["view"]["you"] == seat and sync["view"]["private"]
        assert all(r == records[0] for r in records)
        assert records[0] == host_record(host)
    finally:
        for p in others:
            p.session.stop()
        host.stop()


class FinishingThread:
    """A closed session's thread still finishing its loop: alive until joined."""

    def __init__(self) -> None:
        self.joined = False

    def is_alive(self) -> bool:
        return not self.joined

    def join(self, timeout: float | None = None) -> None:
        self.joined = True


def test_a_reclaim_asked_for_while_the_closed_session_finishes_is_not_dropped():
    host = start_host(seats=2, auto_start=True, on_drop="pause")
    client = connect(host, "Player")
    try:
        wait_until(lambda: client.status == "connected" and client.seat is not None,
                   "the seat")
        seat = client.seat
        client.kill()                                  # no bye: the seat is held
        wait_until(lambda: client.status == "closed", "the session to close")
        # the player presses "Take my seat back" before the thread has ended
        finishing = client._thread = FinishingThread()
        client.reclaim_seat()
        assert finishing.joined
        wait_until(lambda: client.status == "connected" and client.seat == seat,
                   "the reclaim")
        client.reclaim_seat()                          # a live session: nothing to do
        assert client._thread is not finishing and client._thread.is_alive()
    finally:
        client.stop()
        host.stop()


def test_a_bot_stands_in_for_a_dropped_player_until_they_return(tmp_path):
    host = start_host(seats=3, auto_start=True, on_drop="bot", drop_timeout=0.05)
    store = TokenStore(tmp_path / "seats.json")
    others = []
    try:
        watcher = Watcher(host.port)
        victim = connect(host, "Dropper", store=store)
        first = Player(victim, "greedy", seed=1, think=0.002)
        others = [Player(connect(host, f"Stayer {i}"), "greedy", seed=i, think=0.004)
                  for i in range(2)]
        wait_until(lambda: watcher.version >= 10, "the game to get going")
        seat = victim.seat
        victim.kill()
        with pytest.raises(ClientClosed):
            first.outcome()
        wait_until(lambda: watcher.saw_seat(seat, bot="greedy", connected=False),
                   "a stand-in bot")
        stood_in_at = watcher.version
        wait_until(lambda: host.match.state.history[stood_in_at:] and any(
            s == seat for s, _ in host.match.state.history[stood_in_at:]) or host.result,
            "the stand-in to play a move")
        back = Player(connect(host, "Dropper", store=store), "greedy", seed=1)
        wait_until(lambda: watcher.saw_seat(seat, bot=None, connected=True, kind="human")
                   and watcher.seats[-1][seat]["bot"] is None, "the seat handed back")
        records = [back.outcome(), *(p.outcome() for p in others), watcher.player.outcome()]
        assert all(r == records[0] for r in records)
        assert back.session.seat == seat
    finally:
        for p in others:
            p.session.stop()
        host.stop()


def test_a_host_killed_mid_game_resumes_from_its_save_and_everyone_rejoins(tmp_path):
    save = tmp_path / "hosted.json"
    args = ["--headless", "--bind", LOOPBACK, "--no-advertise", "--save", str(save)]
    first = Proc("host", *args, "--seats", "3", "--port", "0", "--seed", "5",
                 "--seats-per-address", "0")             # every player comes from 127.0.0.1
    procs, players = [first], []
    try:
        port = first.port()
        watcher = Watcher(port)
        players = [Player(connect(port, f"Stubborn {i}", store=TokenStore(
            tmp_path / f"tokens{i}.json")), "greedy", seed=i, think=0.003) for i in range(3)]
        wait_until(lambda: watcher.version >= 30, "the game to get going")
        first.kill()                                              # SIGKILL: no goodbye
        before = load_hosted(save)            # the save and its journal
        seen = max([watcher.version] + [p.session.version for p in players])
        assert seen <= before.version          # nothing a client saw is missing from the save
        assert not before.state.is_over
        second = Proc("host", *args, "--resume", str(save), "--port", str(port))
        procs.append(second)
        records = [p.outcome() for p in players] + [watcher.player.outcome()]
        code, line = second.finish()
        assert code == 0, second.err[-5:]
        assert all(r == json.loads(line) for r in records)
        after = Match.load(save, keep_saving=False)
        assert after.state.history[:before.version] == before.state.history
        assert after.state.is_over and after.version == records[0]["version"]
        assert all(p.session.connections == 2 for p in players)
        assert not journal_path(save).exists()         # the whole game is in the save
    finally:
        for p in players:
            p.session.stop()
        for proc in procs:
            proc.kill()


def test_a_silent_peer_is_dropped_and_a_talking_one_is_kept():
    host = start_host(seats=2, heartbeat=0.05, peer_timeout=0.5)
    try:
        talker = connect(host, None, role="spectator", heartbeat=0.05)
        wait_until(lambda: talker.status == "connected", "the talker to join")
        mute = Raw(host.port)
        assert mute.hello("spectator")["type"] == "welcome"
        assert mute.closed()               # it never answered a ping
        assert any(m["type"] == "bye" and "too long" in m["reason"] for m in mute.received)
        # the talker, connected for longer than the mute one, is still there
        assert talker.status == "connected" and talker.connections == 1
        wait_until(lambda: host.status()["spectators"] == 1, "the host to count one")
    finally:
        talker.stop()
        host.stop()


def test_a_client_whose_host_goes_silent_reconnects():
    server = socket.create_server((LOOPBACK, 0))
    port = server.getsockname()[1]
    sealed = host_context(HostIdentity.generate().private_key)
    accepted: list[socket.socket] = []

    def fake_host():
        for _ in range(2):
            conn, _ = server.accept()
            conn = sealed.wrap_socket(conn, server_side=True)
            accepted.append(conn)
            conn.sendall(P.encode(P.hello_from_host("Mute host", "routes-usa")))
            conn.sendall(P.encode({"type": "welcome", "role": "spectator", "seat": None,
                                   "game": "routes-usa", "players": 2}))
            # ...and then nothing at all: no pongs, no pings
    thread = threading.Thread(target=fake_host, daemon=True)
    thread.start()
    client = connect(port, None, role="spectator", peer_timeout=0.3)
    try:
        statuses = []
        wait_until(lambda: statuses.extend(
            m for m in client.poll() if m["type"] == "status") or any(
            s["status"] == "reconnecting" and "silent" in (s["reason"] or "")
            for s in statuses), "the client to notice the silence")
        thread.join(30)
        assert len(accepted) == 2           # and it came back by itself
    finally:
        client.stop()
        server.close()
        for conn in accepted:
            conn.close()


def test_the_journal_keeps_every_action_between_full_saves(tmp_path):
    path = tmp_path / "journalled.json"
    match = Match("routes-usa", default_seats("routes-usa", 0, 3), 4)
    saver = HostSave(path)
    saver.begin(match)
    loop = asyncio.new_event_loop()          # never run: no full save happens meanwhile
    try:
        for _ in range(25):
            match.play_bot(match.bot_to_act())
            saver.record(match, loop)
        assert Match.load(path, keep_saving=False).version == 0
        assert load_hosted(path).state.history == match.state.history
        with open(journal_path(path), "ab") as f:
            f.write(b'[26,0,{"type":"dr')     # a host killed halfway through a line
        assert load_hosted(path).version == 25
        saver.finish(match)
        assert Match.load(path, keep_saving=False).version == 25
        assert not journal_path(path).exists()
    finally:
        loop.close()
