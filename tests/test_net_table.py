"""LAN play that never hangs: whose turn travels with every update, seats choosing at
once are never stale for each other, stand-ins the game offers, a host that leaves
says so, and rematches on one host. Real sockets on 127.0.0.1."""

from __future__ import annotations

import dataclasses
import itertools

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

from game.rules import GAMES
from net import protocol as P


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def seated(host, n: int) -> list[Raw]:
    raws = []
    for i in range(n):
        raw = Raw(host.port)
        assert raw.hello("player", name=f"Seat {i}")["seat"] == i
        raws.append(raw)
    return raws


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_three_seats_answering_the_opening_offer_at_once_are_all_accepted(order):
    host = start_host(seats=3, auto_start=True)
    try:
        raws = seated(host, 3)
        syncs = [r.recv_until(lambda m: m["type"] == "sync" and m["phase"] == "playing")
                 for r in raws]
        for sync in syncs:
            assert sync["to_act"] == [0, 1, 2] and sync["over"] is False
            assert sync["legal"] and sync["mark"] == 0
        for seat in order:                    # every answer chosen on version 0
            raws[seat].send(P.action(seat, 0, syncs[seat]["legal"][0]))
        for turn, seat in enumerate(order):
            # the update that answers it: this seat's own mark moves to its action's version
            answer = raws[seat].recv_until(lambda m: m["type"] == "error" or (
                m["type"] == "update" and m["mark"] > 0))
            assert answer["type"] == "update" and answer["mark"] == turn + 1, answer
            assert not [m for m in raws[seat].received if m["type"] == "error"]
        wait_until(lambda: host.match.version == 3, "all three answers applied")
        assert [s for s, _ in host.match.state.history] == list(order)
    finally:
        host.stop()


def test_updates_say_whose_turn_it_is_and_when_the_game_is_over():
    host = start_host(seats=2, auto_start=True)
    try:
        seen: list[dict] = []
        players = [Player(connect(host, f"P{i}"), "greedy", seed=i,
                          on_message=seen.append if i == 0 else None) for i in range(2)]
        records = [p.outcome() for p in players]
        assert records[0] == records[1] == host_record(host)
        updates = [m for m in seen if m["type"] == "update"]
        assert all(isinstance(m["to_act"], list) and "over" in m for m in updates)
        assert [m["over"] for m in updates].count(True) == 1
        last = updates[-1]
        assert last["over"] and last["to_act"] == [] and last["result"] == host.result
        assert all(m["result"] is None for m in updates[:-1])
    finally:
        for p in players:
            p.session.stop()
        host.stop()


def test_a_refused_action_lets_the_seat_act_again():
    host = start_host(seats=2, auto_start=True)
    try:
        client = connect(host, "Ada")
        other = connect(host, "Bea")
        wait_until(lambda: client.can_act, "the opening offer")
        client.send_action({"type": "keep_tickets", "keep": []})      # too few: refused
        # in flight until the refusal lands (which on a quick host may be already)
        assert client.awaiting or client.snapshot()["error"]
        wait_until(lambda: not client.awaiting and client.snapshot()["error"], "the refusal")
        assert client.can_act and client.snapshot()["error"]
        client.send_action(client.snapshot()["legal"][0])
        wait_until(lambda: client.seat not in client.to_act, "the answer applied")
        assert not client.awaiting
        other.stop()
    finally:
        host.stop()


def test_an_unsent_action_lets_the_seat_act_again():
    host = start_host(seats=2)
    me = host.join_local("Host player")
    wait_until(lambda: me.status == "connected", "the local player")
    host.stop()
    wait_until(lambda: me.status == "closed", "the host to close")
    me.send_action({"type": "keep_tickets", "keep": [0, 1]}, 0)
    assert not me.awaiting
    assert any(m["type"] == "error" and m["code"] == "offline" for m in me.poll())


def test_the_stand_in_is_a_bot_the_game_offers(monkeypatch):
    info = GAMES["routes-usa"]
    monkeypatch.setitem(GAMES, "routes-usa", dataclasses.replace(info, bots=("random",)))
    host = start_host(seats=2, auto_start=True, on_drop="bot", drop_timeout=0.05,
                      standin_bot="greedy", fill_bot="greedy")
    try:
        assert host.standin_bot == "random" and host.fill_bot == "random"
        quitter = connect(host, "Quitter")
        stayer = Player(connect(host, "Stayer"), "random", seed=3)
        wait_until(lambda: quitter.snapshot()["phase"] == "playing", "the game")
        seat = quitter.seat
        quitter.kill()
        wait_until(lambda: host.status()["seats"][seat]["bot"] == "random", "the stand-in")
        assert stayer.outcome() == host_record(host)      # the stand-in played to the end
    finally:
        host.stop()


def test_a_failing_bot_is_replaced_and_never_leaves_the_table_waiting(monkeypatch):
    import game.tables.match

    real = game.tables.match.make_bot

    class Broken:
        name = "broken"

        def choose(self, view, legal, deal=None):
            raise RuntimeError("this bot cannot play")
    monkeypatch.setattr(game.tables.match, "make_bot", lambda name, seed, **kw: Broken()
                        if name == "greedy" else real(name, seed, **kw))
    host = start_host(seats=2)
    try:
        solo = connect(host, "Solo")
        wait_until(lambda: solo.status == "connected", "the seat")
        host.start_game()
        player = Player(solo, "greedy", seed=1)
        assert player.outcome() == host_record(host)
        assert host.match.seats[1].bot == "random"
    finally:
        host.stop()


def test_an_orderly_stop_says_the_host_closed_the_game():
    host = start_host(seats=2, auto_start=True)
    client = connect(host, "Ada")
    local = host.join_local("Host player")
    wait_until(lambda: client.snapshot()["phase"] == "playing", "the game")
    host.stop("the host went home")
    wait_until(lambda: client.status == "closed", "the goodbye")
    assert client.cause == "host_closed" and client.reason == "the host went home"
    byes = [m for m in client.poll() if m["type"] == "bye"]
    assert byes and byes[0]["code"] == P.BYE_STOPPED
    wait_until(lambda: local.status == "closed", "the local goodbye")
    assert local.cause == "host_closed"


def test_a_killed_host_is_host_gone_and_the_client_waits_to_reconnect(tmp_path):
    proc = Proc("host", "--headless", "--bind", LOOPBACK, "--no-advertise", "--port", "0",
                "--seats", "2", "--save", str(tmp_path / "h.json"))
    try:
        port = proc.port()
        client = connect(port, "Ada")
        wait_until(lambda: client.status == "connected", "the seat")
        proc.kill()
        wait_until(lambda: client.status == "reconnecting", "the loss")
        assert client.cause == "host_gone" and client.reason
        statuses = [m for m in client.poll() if m["type"] == "status"]
        assert statuses[-1]["cause"] == "host_gone"
    finally:
        proc.kill()
        client.stop()


def test_a_rematch_plays_a_second_game_with_the_same_seats():
    host = start_host(seats=3)
    sessions = [connect(host, f"Player {i}") for i in range(2)]
    try:
        wait_until(lambda: all(s.status == "connected" for s in sessions), "the seats")
        host.start_game()                         # a bot fills the third seat
        first = [Player(s, "greedy", seed=i) for i, s in enumerate(sessions)]
        records = [p.outcome() for p in first]
        assert records[0] == records[1] == host_record(host)
        table = host.status()["seats"]
        tokens = [s.token for s in host.slots]
        seats = [s.seat for s in sessions]       # by arrival: either may have come first
        old_seed = host.seed
        host.rematch()
        wait_until(lambda: host.status()["phase"] == "playing", "the rematch")
        second = [Player(s, "greedy", seed=i + 5) for i, s in enumerate(sessions)]
        again = [p.outcome() for p in second]
        assert again[0] == again[1] == host_record(host)
        assert host.seed != old_seed
        assert [s.token for s in host.slots] == tokens
        assert [(s["name"], s["color"], s["kind"]) for s in host.status()["seats"]] == \
            [(s["name"], s["color"], s["kind"]) for s in table]
        assert [s.seat for s in sessions] == seats and sorted(seats) == [0, 1]
    finally:
        for s in sessions:
            s.stop()
        host.stop()
