"""Host identity keys on real sockets (127.0.0.1): the host proves its key in its
TLS handshake, a client says nothing to a host that cannot prove the key it chose,
a reconnect finds the same key, and the hosts played with are remembered."""

from __future__ import annotations

import contextlib
import socket
import stat
import threading

import pytest
from forgerkit import Forger
from netkit import LOOPBACK, Raw, connect, isolate, start_host, wait_until

from net import protocol as P
from net.identity import HostIdentity, parse_fingerprint, shown
from net.known_hosts import KnownHosts
from net.paths import data_dir
from net.tls import shown_key


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def test_the_host_key_is_kept_private_and_the_same_across_runs():
    first = HostIdentity.load_or_create()
    path = data_dir() / "host-key.pem"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert HostIdentity.load_or_create().fingerprint == first.fingerprint
    path.chmod(0o644)
    HostIdentity.load_or_create()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("not a key")
    fresh = HostIdentity.load_or_create()        # a broken file is set aside, not fatal
    assert fresh.fingerprint != first.fingerprint
    assert (data_dir() / "host-key.pem.bad").exists()


def test_fingerprints_read_as_people_type_them():
    key = HostIdentity.generate()
    assert len(key.fingerprint) == 16 and parse_fingerprint(key.fingerprint) == key.fingerprint
    assert parse_fingerprint(shown(key.fingerprint).lower()) == key.fingerprint
    assert parse_fingerprint("ABCD-EFGH") is None and parse_fingerprint("0" * 16) is None


def test_the_host_proves_its_key_in_its_tls_handshake():
    identity = HostIdentity.generate()
    host = start_host(identity=identity)
    try:
        raw = Raw(host.port)
        assert raw.sock.version() == "TLSv1.3"
        key, fingerprint = shown_key(raw.sock)
        assert fingerprint == identity.fingerprint == host.status()["fingerprint"]
        assert raw.hello("spectator")["type"] == "welcome"
        # the old clear challenge is gone: a host of protocol 6 does not know it
        other = Raw(host.port)
        other.host_hello()
        other.send({"type": "challenge", "nonce": P.new_nonce()})
        assert other.recv()["code"] == P.R_BAD_HELLO
    finally:
        host.stop()


def test_a_client_sends_nothing_to_a_host_that_cannot_prove_the_chosen_key():
    real = HostIdentity.generate()
    forger = Forger()
    try:
        client = connect(forger.port, "Ada", expect_key=real.fingerprint)  # a copied fp
        wait_until(lambda: client.snapshot()["status"] == "closed", "the client to give up")
        snap = client.snapshot()
        assert snap["cause"] == "wrong_host"
        assert shown(real.fingerprint) in snap["reason"] and "nothing was sent" in \
            snap["reason"]
        assert forger.received == []          # no hello, no proof: nothing at all
        client.stop()
    finally:
        forger.close()


class Relay:
    """A TCP relay on 127.0.0.1 to `target`: the path to a host, which the test can
    cut (a lost network) and point at another host."""

    def __init__(self, target: int):
        self.target = target
        self.server = socket.create_server((LOOPBACK, 0))
        self.port = self.server.getsockname()[1]
        self.open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                inside, _ = self.server.accept()
                outside = socket.create_connection((LOOPBACK, self.target))
            except OSError:
                return
            self.open += [inside, outside]
            for a, b in ((inside, outside), (outside, inside)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while chunk := a.recv(65536):
                b.sendall(chunk)
        except OSError:
            pass
        for sock in (a, b):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        for sock in self.open:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self.open = []

    def close(self) -> None:
        self.server.close()
        self.cut()


def test_a_reconnect_finds_the_same_key_or_stops():
    host = start_host(identity=HostIdentity.generate())
    other = start_host(identity=HostIdentity.generate())
    relay = Relay(host.port)
    client = connect(relay.port, "Ada", retry_for=30.0)
    try:
        wait_until(lambda: client.snapshot()["seat"] is not None, "a seat")
        assert client.host_fingerprint == host.identity.fingerprint
        relay.target = other.port      # the address now leads to another host (key)
        relay.cut()
        wait_until(lambda: client.snapshot()["status"] == "closed", "the client to stop")
        assert client.snapshot()["cause"] == "wrong_host"
        assert other.status()["players_connected"] == 0
        assert all(s["kind"] == "open" for s in other.status()["seats"])
    finally:
        client.stop()
        relay.close()
        host.stop()
        other.stop()


def test_hosts_played_with_are_remembered_and_a_new_key_is_told():
    store = KnownHosts()
    first = start_host(name="Friday rails", identity=HostIdentity.generate())
    try:
        client = connect(first, None, role="spectator")
        wait_until(lambda: client.connections, "a welcome")
        client.stop()
    finally:
        first.stop()
    known = store.get("friday  RAILS")
    assert known is not None and known.fingerprint == first.identity.fingerprint
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    second = start_host(name="Friday rails", identity=HostIdentity.generate())
    try:
        client = connect(second, None, role="spectator")
        wait_until(lambda: client.connections, "a welcome")
        assert client.replaced_key is not None
        assert client.replaced_key.fingerprint == first.identity.fingerprint
        client.stop()
    finally:
        second.stop()
    assert store.get("Friday rails").fingerprint == second.identity.fingerprint


def test_a_busy_host_is_retried_not_taken_for_a_wrong_one():
    server = socket.create_server((LOOPBACK, 0))
    port = server.getsockname()[1]

    def busy() -> None:     # a host refusing busy right after its hello, as under a flood
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                conn.sendall(P.encode(P.hello_from_host("Busy", "routes-usa", P.new_nonce())))
                conn.sendall(P.encode(P.reject(P.R_BUSY, "too many connections")))
                conn.close()

    threading.Thread(target=busy, daemon=True).start()
    client = connect(port, "Ada", expect_key=HostIdentity.generate().fingerprint)
    try:
        wait_until(lambda: client.snapshot()["status"] == "reconnecting", "a retry")
        assert client.snapshot()["reason"] == "too many connections"
    finally:
        client.stop()
        server.close()
