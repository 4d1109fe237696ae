"""Spectators (kiosk displays) never receive a private field of any seat."""

from __future__ import annotations

from typing import Any

import pytest
from netkit import Player, Raw, connect, isolate, start_host, wait_until

from net import protocol as P


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def secrets_in(value: Any, path: str = "") -> list[str]:
    """Where a non-empty "private" part sits in a message."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "private" and item not in ({}, None):
                found.append(f"{path}.private")
            found += secrets_in(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += secrets_in(item, f"{path}[{i}]")
    return found


def public(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in ("you", "private")}


def test_a_spectator_sees_no_private_field_through_a_whole_game():
    host = start_host(seats=4, auto_start=True)
    players = []
    try:
        kiosk = Raw(host.port)                # what is really on the wire
        assert kiosk.hello("spectator")["seat"] is None
        player_views: dict[int, dict] = {}

        def remember(message):
            if message["type"] in ("sync", "update") and message["view"]:
                player_views[message["version"]] = message["view"]
        players = [Player(connect(host, f"Seat {i}"), "greedy", seed=i,
                          on_message=remember if i == 0 else None) for i in range(4)]
        kiosk.recv_until(lambda m: m["type"] == "update" and m.get("result") is not None)
        records = [p.outcome() for p in players]
        updates = [m for m in kiosk.received if m["type"] in ("sync", "update")]
        assert len(updates) > 100
        for message in kiosk.received:
            assert secrets_in(message) == [], message
            if message["type"] in ("sync", "update"):
                assert message["legal"] == []
                if message["view"] is not None:
                    assert message["view"]["you"] is None
                for event in message.get("events", []):
                    assert "private" not in event
        # ...and the public part is exactly what the players see
        compared = 0
        for message in updates:
            mine = player_views.get(message["version"])
            if mine is not None and message["view"] is not None:
                assert public(message["view"]) == public(mine)
                compared += 1
        assert compared > 50
        last = updates[-1]
        assert P.result_record("routes-usa", last["version"], last["result"]) == records[0]
    finally:
        for p in players:
            p.session.stop()
        host.stop()


def test_a_spectator_cannot_act_or_take_a_seat():
    host = start_host(seats=2, auto_start=True)
    try:
        kiosk = Raw(host.port)
        kiosk.hello("spectator")
        kiosk.send(P.action(0, 0, {"type": "draw_deck"}))
        assert kiosk.recv_until(lambda m: m["type"] == "error")["code"] == P.E_SPECTATOR
        kiosk.send({"type": "seat", "name": "Sneaky"})
        assert kiosk.recv_until(lambda m: m["type"] == "error")["code"] == P.E_SPECTATOR
        assert [s["kind"] for s in host.status()["seats"]] == ["open", "open"]
    finally:
        host.stop()


# --- spectator places: a fair share per address ----------------------------------------------

def watch(host, source: str) -> tuple[Raw, dict]:
    raw = Raw(host.port, source=source)
    return raw, raw.hello("spectator")


def test_idle_spectators_from_one_address_leave_room_for_every_other():
    """64 idle spectators from one address once refused every new spectator (the
    TV's kiosk too): one address now holds its share, every other gets in."""
    host = start_host(seats=2)
    held: list[Raw] = []
    try:
        for _ in range(P.MAX_SPECTATORS):
            raw, reply = watch(host, "127.0.0.2")
            held.append(raw)
            if reply["type"] == "reject":
                assert reply["code"] == P.R_SPECTATORS
        welcomed = [r for r in held if r.received[-1]["type"] == "welcome"]
        assert len(welcomed) == P.SPECTATORS_PER_ADDRESS
        for i in range(17):                            # TVs, kiosks and guests
            raw, reply = watch(host, f"127.0.1.{i}")
            assert reply["type"] == "welcome", reply
            held.append(raw)
        kiosk = host.join_local("Kiosk", role="spectator")   # the host's own: always in
        wait_until(lambda: kiosk.status == "connected", "the in-process kiosk welcomed")
    finally:
        for raw in held:
            raw.close()
        host.stop()


def test_when_every_place_is_taken_the_address_holding_most_makes_room():
    host = start_host(seats=2)
    held: list[Raw] = []
    try:
        sources = [f"127.0.2.{i}" for i in range(P.MAX_SPECTATORS // P.SPECTATORS_PER_ADDRESS)]
        for source in sources:
            for _ in range(P.SPECTATORS_PER_ADDRESS):
                raw, reply = watch(host, source)
                assert reply["type"] == "welcome"
                held.append(raw)
        wait_until(lambda: host.status()["spectators"] == P.MAX_SPECTATORS, "64 watching")
        tv, reply = watch(host, "127.0.3.1")
        assert reply["type"] == "welcome"              # one of the crowd made room for it
        wait_until(lambda: host.status()["spectators"] == P.MAX_SPECTATORS, "64 watching")
        bye = held[0].recv_until(lambda m: m["type"] == "bye")   # the oldest of the most
        assert bye is not None and "made room" in bye["reason"] and held[0].closed()
        # equal shares do not push each other out: a second address of the crowd's
        # size is refused rather than taking a place from an equal
        again, reply = watch(host, sources[0])
        assert reply["type"] == "reject" and reply["code"] == P.R_SPECTATORS
        held += [tv, again]
    finally:
        for raw in held:
            raw.close()
        host.stop()
