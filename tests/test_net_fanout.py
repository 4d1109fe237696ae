"""The host's fan-out: every peer's socket sends at once (no Nagle delay), the
spectators share one frame, and no update outgrows its size bound."""

from __future__ import annotations

import socket

import pytest
from netkit import Raw, isolate, start_host, wait_until


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def test_every_connection_the_host_accepts_sends_without_waiting_for_acks():
    """Without TCP_NODELAY a frame written just after another waits for the
    other side's delayed ACK (40 ms on Linux): the p99 the issue measured. The
    host accepts on its own socket (protocol 0), where asyncio does not set it."""
    host = start_host(seats=2)
    try:
        raw = Raw(host.port)
        assert raw.hello("spectator")["type"] == "welcome"
        peer = wait_until(lambda: next((p for p in host.peers if p.role == "spectator"), None),
                          "the spectator to be seated")
        sock = peer.writer.get_extra_info("socket")
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        host.stop()

