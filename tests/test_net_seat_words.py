"""Doors into a game say what is wrong: a seat key that fits no seat, two players
of one machine. Real sockets on 127.0.0.1."""

from __future__ import annotations

import json

import pytest
from netkit import Raw, connect, file_size, isolate, start_host, wait_until

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


# --- two players on one machine, no names given ---------------------------------------

def test_two_joins_on_one_machine_without_names_both_get_a_seat(tmp_path):
    """The first player's token is on disk under the default name before the
    second starts: the second must not prove the first one's seat (refused
    'still answering' in 3 of 4 runs before), but take a seat of its own."""
    from netkit import LOOPBACK, Proc, finish_while_moving

    from game.tables.match import Match
    from net.host import journal_path

    save = tmp_path / "two.json"
    host = Proc("host", "--headless", "--game", "routes-usa", "--seats", "2", "--bind",
                LOOPBACK, "--port", "0", "--no-advertise", "--seed", "4", "--save", str(save))
    procs = []
    try:
        address = f"{LOOPBACK}:{host.port()}"
        procs.append(Proc("join", "--address", address, "--bot", "greedy", "--headless"))
        procs[0].wait_said("joined")          # seated, its token kept on disk
        procs.append(Proc("join", "--address", address, "--bot", "greedy", "--headless"))
        journal = journal_path(save)
        outcomes = finish_while_moving(
            [host, *procs], lambda: file_size(journal))
        for (code, _), proc in zip(outcomes, [host, *procs], strict=True):
            assert code == 0, proc.err[-5:]
        records = [json.loads(line) for _, line in outcomes]
        assert records[1] == records[2] == records[0]
        names = [seat.name for seat in Match.load(save, keep_saving=False).seats]
        assert names[1] == f"{names[0]} 2", names      # one default, a suffix when taken
    finally:
        for proc in [host, *procs]:
            proc.kill()


def test_a_key_claimed_by_a_running_process_is_passed_over(tmp_path):
    import subprocess
    import sys

    from net.seat_tokens import TokenStore

    path = tmp_path / "seats.json"
    base = TokenStore.key("10.0.0.5", 47474, "Vm")
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        path.write_text(json.dumps({base: {"token": "theirs", "at": 1, "pid": other.pid}}))
        store = TokenStore(path)
        mine = store.claim(base)
        assert mine == f"{base}#2" and store.get(mine) is None
        store.put(mine, "mine")
        assert TokenStore(path).get(base) == "theirs"        # theirs is kept
        store.release(mine)
    finally:
        other.kill()
        other.wait()
    # their process has ended (a crash): the key and its token are free again
    again = TokenStore(path)
    assert again.claim(base) == base and again.get(base) == "theirs"
    # two clients of one process: the second passes over the first one's key
    assert again.claim(base) == f"{base}#2"
    again.release(base)
    assert again.claim(base) == base


def test_the_default_name_is_friendly_for_a_shared_account(monkeypatch):
    import getpass
    import socket

    from game.tables.seats import machine_player_name

    monkeypatch.setattr(getpass, "getuser", lambda: "root")
    monkeypatch.setattr(socket, "gethostname", lambda: "rig-a.local")
    assert machine_player_name() == "Rig-a"
    monkeypatch.setattr(getpass, "getuser", lambda: "ada")
    assert machine_player_name() == "Ada"
