"""Nobody off the table reads a card: the loopback traffic of a whole game
(a headless host, two players over TCP, a spectator and a phone in Chromium),
captured with tcpdump, holds none of the protocol's keys and none of a seat's
private ticket names in any payload. The reader itself is checked on plain
frames (it finds what it looks for), so a capture that sees nothing cannot
pass for a sealed one."""

from __future__ import annotations

import json
import os
import random
import struct

import msgpack
import pytest
from capturekit import capture, capture_problem, readable, streams
from netkit import Player, connect, isolate, start_host, wait_until

GAME = "routes-usa"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def test_the_reader_finds_keys_and_secrets_in_plain_frames():
    view = {"type": "update", "view": {"private": {"tickets": [{"a": "Winnipeg"}]}},
            "legal": [], "events": []}
    body = msgpack.packb(view)
    assert readable(struct.pack(">I", len(body)) + body, ["Winnipeg"]) == [
        "key 'events'", "key 'legal'", "key 'private'", "key 'view'", "secret 'Winnipeg'"]
    text = json.dumps(view).encode()
    mask = bytes([1, 2, 3, 4])
    masked = bytes(c ^ mask[i % 4] for i, c in enumerate(text))
    frame = b"GET / HTTP/1.1\r\nUpgrade: websocket\r\n\r\n" + bytes(
        [0x81, 0x80 | 126]) + struct.pack(">H", len(text)) + mask + masked
    assert "secret 'Winnipeg'" in readable(frame, ["Winnipeg"], web=True)
    # the page's files are public: an HTTP answer that is not a WebSocket is not read
    assert readable(b"HTTP/1.1 200 OK\r\n\r\n" + text, ["Winnipeg"], web=True) == []
    assert readable(os.urandom(200_000), ["Winnipeg", "Little Rock"]) == []


def private_names(host) -> set[str]:
    """Every seat's ticket city names, which only that seat may read."""
    names = set()
    for seat in range(host.match.state.players):
        private = host.match.state.view(seat)["private"]
        for ticket in private.get("tickets", []):
            names.update((ticket["a"], ticket["b"]))
    return names


def test_a_whole_game_on_the_wire_shows_no_key_and_no_secret(browser, tmp_path):
    from browserkit import BROWSER_HOST, GAME_DEADLINE, join, open_page, state
    from phonekit import take_turn

    problem = capture_problem()
    if problem:
        if os.environ.get("CI"):
            raise RuntimeError(f"CI must run the capture test: {problem}")
        pytest.skip(problem)
    host = start_host(seats=3, game=GAME, **BROWSER_HOST)
    sessions, page = [], None
    try:
        with capture([host.port, host.web_port], tmp_path / "game.pcap") as pcap:
            watcher = Player(connect(host, None, role="spectator"), bot=None)
            players = [Player(connect(host, f"Laptop {i}"), "greedy", seed=i) for i in (1, 2)]
            sessions = [watcher.session] + [p.session for p in players]
            wait_until(lambda: sum(s.kind == "human" and s.connected for s in host.slots) == 2,
                       "the two laptops to be seated")
            page = open_page(browser, host)
            join(page)
            wait_until(lambda: sum(s.kind == "human" and s.connected for s in host.slots) == 3,
                       "the two laptops and the phone to be seated")
            host.start_game()
            rng = random.Random(41)
            while state(page) != "over":
                page.wait_for_function(
                    "['your-turn', 'over'].includes(document.body.dataset.state)",
                    timeout=GAME_DEADLINE * 1000)
                if state(page) == "over":
                    break
                take_turn(page, rng, GAME)
                page.wait_for_function("!window.railparty.inFlight")
            records = [p.outcome() for p in players] + [watcher.outcome()]
            assert all(record == records[0] for record in records)
            secrets = private_names(host)
            tokens = {s.token for s in host.slots if s.token}
            page.context.close()
            page = None
            for session in sessions:
                session.stop()
        flows = streams(pcap)
        game_flows = [f for f in flows if host.port in (f[1], f[3])]
        web_flows = [f for f in flows if host.web_port in (f[1], f[3])]
        # the capture saw the game: each laptop, the spectator and the page both ways
        assert len(game_flows) >= 6 and len(web_flows) >= 2, sorted(flows)
        assert sum(len(flows[f]) for f in game_flows) > 20_000
        leaks = {}
        for flow, data in flows.items():
            found = readable(data, secrets | tokens, web=flow in web_flows)
            if found:
                leaks["{}:{} > {}:{}".format(*flow)] = found[:6] + ["..."] * (len(found) > 6)
        assert not leaks, f"a listener reads: {leaks}"
    finally:
        if page is not None:
            page.context.close()
        for session in sessions:
            session.stop()
        host.stop()
