"""Doors that stay open for honest players: a flood of connections that never say
hello cannot keep a newcomer out, one client cannot squat every seat, the host can
free a seat, and a latecomer can take a seat a bot is playing. Real sockets on
loopback; 127.0.0.2... are other loopback addresses (other machines) on Linux."""

from __future__ import annotations

import selectors
import socket
import threading

import pytest
from netkit import LOOPBACK, Raw, isolate, start_host, wait_until

from net import protocol as P


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


class ReopeningCrowd:
    """From each address, connections that never say hello, each reopened as soon
    as the host closes it (one thread, non-blocking sockets)."""

    def __init__(self, port: int, sources: list[str], width: int):
        self.port, self.sources, self.width = port, sources, width
        self.stop = threading.Event()
        self.opened = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        sel = selectors.DefaultSelector()
        live: dict[str, set[socket.socket]] = {s: set() for s in self.sources}
        while not self.stop.is_set():
            for source, socks in live.items():
                while len(socks) < self.width:
                    sock = socket.socket()
                    sock.setblocking(False)
                    try:
                        sock.bind((source, 0))
                        sock.connect_ex((LOOPBACK, self.port))
                    except OSError:
                        sock.close()
                        break
                    socks.add(sock)
                    sel.register(sock, selectors.EVENT_READ, source)
                    self.opened += 1
            for key, _ in sel.select(0.02):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    sel.unregister(key.fileobj)
                    live[key.data].discard(key.fileobj)
                    key.fileobj.close()
        for socks in live.values():
            for sock in socks:
                sock.close()
        sel.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)


FLOODERS = [f"127.0.0.{i}" for i in range(2, 10)]


def test_a_newcomer_is_seated_while_eight_addresses_flood_the_host_with_silent_connections():
    host = start_host(seats=2, hello_timeout=5.0)
    crowd = ReopeningCrowd(host.port, FLOODERS, width=24)
    try:
        wait_until(lambda: crowd.opened > 8 * 24 * 3, "the flood to get going")
        wait_until(lambda: len(host._handshaking) >= P.MAX_HANDSHAKING, "every place taken")
        for attempt in range(5):
            newcomer = Raw(host.port, source="127.0.0.11")
            reply = newcomer.hello("player", name=f"Newcomer {attempt}")
            assert reply["type"] == "welcome", reply
            newcomer.send({"type": "bye", "reason": "next one"})
            newcomer.close()
            wait_until(lambda: host.status()["free"] == 2, "the seat freed")
        # every address holds its fair share of the places, within one
        held: dict[str, int] = {}
        for peer in list(host._handshaking.values()):
            held[peer.ip] = held.get(peer.ip, 0) + 1
        assert max(held.values()) - min(held.values()) <= 1, held
    finally:
        crowd.close()
    wait_until(lambda: host.status()["connections"] == 0, "the flood's connections closed")
    assert not host._handshaking
    host.stop()
