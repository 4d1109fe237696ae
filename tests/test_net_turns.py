"""Turns that always come with default settings: on a LAN a turn timer runs by
default (each game's own length), everyone sees its last seconds counted down, a
stand-in plays a turn that runs out and goes on playing that seat until its
player acts. Real sockets on 127.0.0.1."""

from __future__ import annotations

import dataclasses

import pytest
from netkit import Player, Raw, connect, isolate, spectator, start_host, wait_until

from game.rules import GAMES
from net import protocol as P
from net.host import Host, turn_timer


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def test_every_game_has_a_turn_length_the_host_uses_unless_told_otherwise():
    for game, info in GAMES.items():
        assert 30 <= info.turn_seconds <= 180
        assert Host(game, info.min_players).turn_timeout == info.turn_seconds
    assert Host("routes-usa", 2, turn_timeout=0).turn_timeout is None     # off
    assert Host("routes-usa", 2, turn_timeout=45).turn_timeout == 45


def test_with_default_settings_a_seat_that_never_acts_does_not_freeze_the_game(monkeypatch):
    info = GAMES["routes-usa"]
    monkeypatch.setitem(GAMES, "routes-usa", dataclasses.replace(info, turn_seconds=1))
    host = start_host(seats=2, auto_start=True)          # no turn_timeout given
    try:
        idle = Raw(host.port)
        seat = idle.hello("player", name="Idle")["seat"]
        busy = Player(connect(host, "Busy"), "greedy", seed=2)
        notice = idle.recv_until(lambda m: m["type"] == "notice"
                                 and m["code"] == P.N_TURN_TIMEOUT)
        assert notice["seat"] == seat and "stand-in" in notice["reason"]
        wait_until(lambda: any(s == seat for s, _ in host.match.state.history),
                   "the stand-in's move")
        busy.session.stop()
    finally:
        host.stop()


def clocks(raw: Raw, seat: int, until) -> list[int]:
    """The countdowns shown for `seat` (seconds; 0 = stopped) until `until(message)`."""
    seen: list[int] = []

    def watch(m: dict) -> bool:
        if m["type"] == "notice" and m["code"] == P.N_TURN_CLOCK and m["seat"] == seat:
            seen.append(m["seconds"])
        return until(m)
    raw.recv_until(watch)
    return seen


def test_everyone_sees_the_last_seconds_and_the_seat_is_taken_back_by_acting(monkeypatch):
    monkeypatch.setattr(turn_timer, "AWAY_TURN_SECONDS", 3.0)
    # peer_timeout: the spectator is read only after the idle player
    host = start_host(seats=3, game="railway-tricks", turn_timeout=6.0, peer_timeout=60.0)
    try:
        idle = Raw(host.port)
        seat = idle.hello("player", name="Idle")["seat"]
        watcher = spectator(host)
        bots = [Player(connect(host, f"Bot {i}"), "greedy", seed=i) for i in range(2)]
        host.start_game()

        def timed_out(m: dict) -> bool:
            return m["type"] == "notice" and m["code"] == P.N_TURN_TIMEOUT
        # the whole turn is under 15 s: its countdown shows from the start, to everyone
        assert clocks(idle, seat, timed_out)[:2] == [6, 0]
        assert clocks(watcher, seat, timed_out)[:2] == [6, 0]
        # away now: the seat's next turn waits only AWAY_TURN_SECONDS ...
        turns: list[dict] = []

        def away_turn(m: dict) -> bool:
            if m["type"] in ("update", "sync") and seat in m.get("to_act", []):
                turns.append(m)
            return (m["type"] == "notice" and m["code"] == P.N_TURN_CLOCK
                    and m["seat"] == seat and m["seconds"] > 0)
        assert idle.recv_until(away_turn)["seconds"] == 3
        # ... and acting at once takes the seat back: the next turn has the whole timer
        state = turns[-1]
        legal = state["legal"]
        idle.send({"type": "action", "seat": seat, "version": state["version"],
                   "action": legal[0]})
        answer = idle.recv_until(lambda m: m["type"] in ("update", "error"))
        assert answer["type"] == "update", answer
        after = idle.recv_until(lambda m: m["type"] == "notice" and m["code"] == P.N_TURN_CLOCK
                                and m["seat"] == seat and m["seconds"] > 0)
        assert after["seconds"] == 6
        for bot in bots:
            bot.session.stop()
    finally:
        host.stop()
