"""A LAN guest's hints reach its host: the guest's window thinks its hints
itself (game/tables/remote_session.py) and says `hint_shown` for each one it
shows its own seat, so the host's results, save and history record count it
(net/host/hints.py). Refused for another seat, from a spectator, and when the
table's hints are off. Real sockets on loopback (tests/netkit.py)."""

from __future__ import annotations

import time

import pytest
from netkit import BOUND, Raw, connect, isolate, start_host, wait_until

from game.tables.match import Match
from game.tables.remote_session import RemoteSession
from net import protocol as P


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def _playing(raw: Raw) -> dict:
    return raw.recv_until(lambda m: m["type"] == "sync" and m["phase"] == "playing")


def _start_with_first_to_act(host, players: list[Raw]) -> tuple[Raw, int, dict]:
    """Seat the players (Cy, Di), start the game: (the first to act, its seat,
    its sync)."""
    seats = [p.hello("player", name=n)["seat"] for p, n in zip(players, ("Cy", "Di"),
                                                              strict=True)]
    host.start_game()
    syncs = [_playing(p) for p in players]
    first = next(i for i, sync in enumerate(syncs) if seats[i] in sync["to_act"])
    return players[first], seats[first], syncs[first]


def test_a_guests_window_tells_its_host_of_each_hint_it_shows(tmp_path):
    save = tmp_path / "table.json"
    host = start_host(seats=3, game="eighty-days", save_path=save)
    hosting = RemoteSession(host.join_local("Host", "green"), host)   # the host's own window
    guest = connect(host, "Ann")
    try:
        wait_until(lambda: guest.status == "connected" and guest.seat is not None,
                   "the guest to sit down")
        host.start_game()                       # a bot takes the third seat
        wait_until(lambda: guest.snapshot()["phase"] == "playing", "the game to start")
        seat = guest.seat
        session = RemoteSession(guest)          # what the guest's table reads
        session.note_hint(seat)                 # the window showed its seat a hint
        session.note_hint(seat)
        wait_until(lambda: host.match.hints_used[seat] == 2, "the host to count both hints")
        assert session.hints_used()[seat] == 2
        assert hosting.hints_used()[seat] == 2       # the host's results screen says so
        # the count is in the save the host writes, not in its journal of actions
        wait_until(lambda: save.exists() and Match.load(save, keep_saving=False)
                   .hints_used[seat] == 2, "the save to keep the hints")
        # a hint shown for a seat that is not the window's own is not the host's to hear
        other = (seat + 1) % 3
        session.note_hint(other)
        guest.hint_shown()                      # the wire message itself, once more
        wait_until(lambda: host.match.hints_used[seat] == 3, "the third hint")
        assert host.match.hints_used[other] == 0
    finally:
        guest.stop()
        host.stop()


def test_a_hint_for_another_seat_from_a_spectator_or_when_hints_are_off_is_refused():
    for hints in (True, False):
        host = start_host(seats=3, game="railway-tricks", hints=hints)
        try:
            player, watcher = Raw(host.port), None
            seat = player.hello("player", name="Bo")["seat"]
            host.start_game()
            version = _playing(player)["version"]
            watcher = Raw(host.port)
            assert watcher.hello("spectator")["type"] == "welcome"
            _playing(watcher)
            watcher.send(P.hint_shown(seat, version))
            assert watcher.recv_until(lambda m: m["type"] == "error")["code"] == P.E_SPECTATOR
            player.send(P.hint_shown((seat + 1) % 3, version))
            refused = player.recv_until(lambda m: m["type"] == "error")
            assert refused["code"] == P.E_NOT_YOUR_SEAT
            player.send(P.hint_shown(seat, version + 50))    # a view never shown
            if hints:
                assert player.recv_until(lambda m: m["type"] == "error")["code"] == P.E_STALE
            player.send(P.hint_shown(seat, version))
            if hints:
                wait_until(lambda h=host, s=seat: h.match.hints_used[s] == 1, "the hint counted")
            else:
                refused = player.recv_until(lambda m: m["type"] == "error")
                assert refused["code"] == "hints_off"
                refused = player.recv_until(lambda m: m["type"] == "error")
                assert refused["code"] == "hints_off"
            # a malformed one is a broken message like any other, and no bigger than its limit
            player.send({"type": "hint_shown", "seat": str(seat), "version": version})
            assert player.recv_until(lambda m: m["type"] == "error")["code"] == P.E_BAD_MESSAGE
            player.send({"type": "hint_shown", "seat": seat, "version": version, "x": "y" * 80})
            assert player.recv_until(lambda m: m["type"] == "error")["code"] in (
                P.E_BAD_MESSAGE, P.E_TOO_BIG)
            counted = [0, 0, 0]
            counted[seat] = 1 if hints else 0
            assert host.match.hints_used == counted
            player.close()
            watcher.close()
        finally:
            host.stop()


def test_a_phones_hint_on_the_games_first_turn_is_answered_and_saved(tmp_path):
    """A hint before anyone has moved (the host once journalled the last action
    for it, and there was none)."""
    save = tmp_path / "race.json"
    host = start_host(seats=2, game="eighty-days", save_path=save)
    players = [Raw(host.port), Raw(host.port)]
    try:
        player, seat, _sync = _start_with_first_to_act(host, players)
        assert host.match.version == 0
        player.send({"type": "hint"})
        deadline = time.monotonic() + BOUND      # the host's pings keep coming meanwhile
        hint = player.recv_until(lambda m: m["type"] in ("hint", "error")
                                 or time.monotonic() > deadline)
        assert hint["type"] == "hint", hint
        assert hint["action"] in host.match.state.legal_actions(seat)
        wait_until(lambda: save.exists() and Match.load(save, keep_saving=False)
                   .hints_used[seat] == 1, "the save to keep the hint")
    finally:
        for p in players:
            p.close()
        host.stop()


def test_a_phones_hint_overtaken_by_its_own_move_is_answered_not_dropped():
    """The seat plays while its hint thinks: the hint is stale, and the page is
    told so (it waits for an answer before it offers Hint again)."""
    host = start_host(seats=2, game="eighty-days")
    players = [Raw(host.port), Raw(host.port)]
    try:
        player, seat, sync = _start_with_first_to_act(host, players)
        player.send({"type": "hint"})
        player.send({"type": "action", "seat": seat, "version": sync["version"],
                     "action": sync["legal"][0]})
        deadline = time.monotonic() + BOUND
        answer = player.recv_until(lambda m: m["type"] in ("hint", "error")
                                   or time.monotonic() > deadline)
        assert answer["type"] == "error" and answer["code"] == "hint_stale", answer
        assert host.match.hints_used[seat] == 0
    finally:
        for p in players:
            p.close()
        host.stop()
