"""A host no one at the party can cheat or stall: seeds, private saves, seats that
cannot be taken while held, resource limits, saves that cannot crash anything,
turns that always come. Real sockets on 127.0.0.1."""

from __future__ import annotations

import json
import stat

import msgpack
import pytest
from netkit import Player, Raw, connect, isolate, start_host, wait_until

from game.match import Match, default_seats, new_seed
from net.host import journal_path


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
