"""Whole games over real sockets on 127.0.0.1: bot clients, spectators, the lobby."""

from __future__ import annotations

import json

import pytest
from netkit import (
    LOOPBACK,
    Player,
    Proc,
    Raw,
    connect,
    file_size,
    finish_while_moving,
    host_record,
    isolate,
    start_host,
    wait_until,
)

from game.rules import GAMES
from game.tables.match import Match
from net import protocol as P
from net.host import journal_path


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def test_four_bot_clients_and_a_spectator_play_to_the_end_and_agree(tmp_path):
    save = tmp_path / "game.json"
    host = start_host(seats=4, auto_start=True, save_path=save)
    try:
        watcher = Player(connect(host, None, role="spectator"), bot=None)
        players = [Player(connect(host, f"Bot {i}"), "greedy", seed=i) for i in range(4)]
        records = [p.outcome() for p in players] + [watcher.outcome()]
        wait_until(lambda: host.status()["phase"] == "over", "the host to see the end")
        expected = host_record(host)
        assert all(record == expected for record in records)
        assert expected["version"] > 100 and len(expected["scores"]) == 4
        replayed = Match.load(save, keep_saving=False)
        assert replayed.state.is_over and replayed.state.result() == host.result
        assert sorted(s.name for s in replayed.seats) == [f"Bot {i}" for i in range(4)]
    finally:
        for p in players:
            p.session.stop()
        watcher.session.stop()
        host.stop()


def test_the_hosts_own_player_plays_in_process_beside_network_players():
    host = start_host(seats=4)
    try:
        me = host.join_local("Host player", "green")
        wait_until(lambda: me.status == "connected", "the local player to sit down")
        guest = connect(host, "Guest")
        wait_until(lambda: len([s for s in host.status()["seats"] if s["kind"] == "human"]) == 2,
                   "the guest to sit down")
        seats = me.snapshot()["seats"]
        assert seats[0]["name"] == "Host player" and seats[0]["color"] == "green"
        host.start_game()                  # bots fill the two open seats
        players = [Player(me, "greedy", seed=1), Player(guest, "random", seed=2)]
        records = [p.outcome() for p in players]
        assert records[0] == records[1] == host_record(host)
        kinds = [s["kind"] for s in host.status()["seats"]]
        assert kinds == ["human", "human", "bot", "bot"]
    finally:
        guest.stop()
        host.stop()


def test_the_lobby_seats_names_and_colours():
    host = start_host(seats=2)
    try:
        a = Raw(host.port)
        welcome = a.hello("player", name="Ada", color="blue")
        assert welcome["type"] == "welcome" and welcome["seat"] == 0 and welcome["token"]
        sync = a.recv_until(lambda m: m["type"] == "sync")
        assert sync["phase"] == "lobby" and sync["view"] is None and sync["legal"] == []
        assert sync["seats"][0] == {"seat": 0, "name": "Ada", "color": "blue", "kind": "human",
                                    "bot": None, "connected": True}
        b = Raw(host.port)
        assert b.hello("player", name="Ada\x07\n", color="blue")["seat"] == 1
        seats = b.recv_until(lambda m: m["type"] == "sync")["seats"]
        assert seats[1]["name"] == "Ada 2" and seats[1]["color"] != "blue"
        b.send({"type": "seat", "color": "blue"})
        assert b.recv_until(lambda m: m["type"] == "error")["code"] == P.E_LOBBY
        b.send({"type": "seat", "name": "Bea", "color": "yellow"})
        seats = a.recv_until(lambda m: m["type"] == "seats" and m["seats"][1]["name"] == "Bea")
        assert seats["seats"][1]["color"] == "yellow" and seats["free"] == 0
        c = Raw(host.port)
        full = c.hello("player", name="Cy")
        assert full["type"] == "reject" and full["code"] == P.R_FULL and "spectator" in \
            full["reason"]
        assert c.closed()
        b.send(P.bye("changed my mind"))        # in the lobby a goodbye frees the seat
        seats = a.recv_until(lambda m: m["type"] == "seats" and m["free"] == 1)
        assert seats["seats"][1]["kind"] == "open"
        d = Raw(host.port)
        assert d.hello("player", name="Dee")["seat"] == 1
        host.start_game()
        started = d.recv_until(lambda m: m["type"] == "sync" and m["phase"] == "playing")
        assert started["view"]["you"] == 1 and started["legal"]   # both choose tickets at once
        late = Raw(host.port)
        refused = late.hello("player", name="Late")
        assert refused["code"] == P.R_STARTED and "spectator" in refused["reason"]
        watcher = Raw(host.port)
        assert watcher.hello("spectator")["seat"] is None
        view = watcher.recv_until(lambda m: m["type"] == "sync")["view"]
        assert view["you"] is None and view["private"] == {}
    finally:
        host.stop()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_headless_host_and_bot_clients_from_the_command_line(tmp_path, game):
    """Every step waits for the state it needs, never for a time: the spectator
    is in before the players start, the host starts when its seats are full
    (a timer could fire before a slow joiner sits down, who would then be
    refused), and the end is waited for as long as the game moves on."""
    info = GAMES[game]
    seats = max(info.min_players, min(3, info.max_players))
    save = tmp_path / "cli.json"
    host = Proc("host", "--headless", "--game", game, "--seats", str(seats), "--name",
                "CLI rails", "--bind", LOOPBACK, "--port", "0", "--no-advertise", "--seed",
                "11", "--seats-per-address", "0",          # every client comes from 127.0.0.1
                "--save", str(save))
    procs = []
    try:
        address = f"{LOOPBACK}:{host.port()}"
        procs.append(Proc("spectate", "--address", address, "--headless"))
        procs[0].wait_said("as a spectator")
        # the strongest bot, searching from its own view for 20 ms a move
        procs += [Proc("join", "--address", address, "--name", f"Cli {i}", "--bot",
                       info.bots[-1], "--think-ms", "20", "--headless",
                       *(["--think", "0.001"] if i == 0 else []))
                  for i in range(seats)]
        journal = journal_path(save)
        outcomes = finish_while_moving(
            [host, *procs], lambda: file_size(journal))
        for (code, _), proc in zip(outcomes, [host, *procs], strict=True):
            assert code == 0, proc.err[-5:]
        records = [json.loads(line) for _, line in outcomes]
        assert all(record == records[0] for record in records)
        assert records[0]["game"] == game and len(records[0]["scores"]) == seats
        saved = Match.load(save, keep_saving=False)
        assert saved.version == records[0]["version"]
    finally:
        for proc in [host, *procs]:
            proc.kill()


def test_a_headless_host_fills_open_seats_with_bots_after_start_after(tmp_path):
    """--start-after: no one joins, bots take every seat and play to the end.
    (Nobody races the timer here: a joiner arriving after it would be refused.)"""
    host = Proc("host", "--headless", "--game", "routes-usa", "--seats", "2",
                "--start-after", "0", "--bind", LOOPBACK, "--port", "0", "--no-advertise",
                "--seed", "3", "--save", str(tmp_path / "bots.json"))
    try:
        host.port()
        journal = journal_path(tmp_path / "bots.json")
        [(code, line)] = finish_while_moving(
            [host], lambda: file_size(journal))
        assert code == 0, host.err[-5:]
        record = json.loads(line)
        assert record["game"] == "routes-usa" and len(record["scores"]) == 2
    finally:
        host.kill()
