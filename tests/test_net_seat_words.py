"""Doors into a game say what is wrong: a seat key that fits no seat, two players
of one machine. Real sockets on 127.0.0.1."""

from __future__ import annotations

import pytest
from netkit import Raw, connect, isolate, start_host, wait_until

from net import protocol as P


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def _started_host():
    # every test client comes from 127.0.0.1: no per-address limit in the way
    host = start_host(seats=2, auto_start=True, seats_per_address=0)
    players = [connect(host, name) for name in ("Ada", "Bea")]
    wait_until(lambda: host.status()["phase"] == "playing", "the game to start")
    return host, players


def test_a_stale_seat_key_is_told_it_fits_no_seat_of_this_game():
    host, players = _started_host()
    try:
        stale = Raw(host.port)
        stale.host_hello()
        stale.send(stale.hello_message("player", "Ada", token="a key from last week's game"))
        reply = stale.recv_until(lambda m: m["type"] in ("welcome", "reject"))
        assert reply["type"] == "reject" and reply["code"] == P.R_STARTED
        reason = reply["reason"]
        assert "seat key" in reason and "no seat of this game" in reason
        assert "spectator" in reason
        # a malformed proof (not even the right length) is told the same
        odd = Raw(host.port)
        odd.host_hello()
        odd.send(P.hello_from_client("player", "Ada", proof="0" * 12))
        reply = odd.recv_until(lambda m: m["type"] in ("welcome", "reject"))
        assert reply["type"] == "reject" and "no seat of this game" in reply["reason"]
        # without a key at all, the plain words: the game started, every seat taken
        late = Raw(host.port)
        refused = late.hello("player", name="Late")
        assert refused["code"] == P.R_STARTED and "seat key" not in refused["reason"]
        assert "already started" in refused["reason"]
    finally:
        for player in players:
            player.stop()
        host.stop()
