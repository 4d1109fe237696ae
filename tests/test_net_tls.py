"""The sealed LAN protocol on real sockets (127.0.0.1): TLS 1.3 only, the host's
certificate holds its identity key, and every peer that misbehaves around the
handshake (an older Rail Party in the clear, garbage, a stall, a flood of
handshakes from many addresses, a host with an expired, odd or foreign
certificate, an older host) is refused with its words, never a traceback,
while an honest guest still joins at once."""

from __future__ import annotations

import contextlib
import datetime
import logging
import socket
import ssl
import threading
from tempfile import TemporaryDirectory

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat
from netkit import LOOPBACK, Raw, connect, isolate, start_host, wait_until

from game.words.host_words import closed_words
from game.words.i18n import speaking
from net import protocol as P
from net.identity import HostIdentity, IdentityError
from net.tls import client_context, host_context, host_key


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def no_tracebacks(caplog):
    """Fails the test if anything logged a traceback."""
    caplog.set_level(logging.DEBUG, logger="railparty")
    yield
    traced = [r for r in caplog.records if r.exc_info]
    assert not traced, [r.getMessage() for r in traced]


def _still_open(sock: socket.socket) -> bool:
    """The host has not closed this connection (nothing to read, no EOF)."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


def _honest_joins(host, stalled: list[socket.socket] = ()) -> None:
    """An honest guest is welcomed, and `stalled` connections still hold their
    places when it is: it got in at once, not when their handshake timeout freed one."""
    raw = Raw(host.port)
    assert raw.hello("spectator")["type"] == "welcome"
    raw.close()
    assert all(_still_open(sock) for sock in stalled)


def test_only_tls_1_3_is_spoken(no_tracebacks):
    host = start_host()
    try:
        older = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        older.check_hostname, older.verify_mode = False, ssl.CERT_NONE
        older.maximum_version = ssl.TLSVersion.TLSv1_2
        with socket.create_connection((LOOPBACK, host.port), timeout=5) as sock, \
                pytest.raises(ssl.SSLError):
            older.wrap_socket(sock)
        raw = Raw(host.port)
        assert raw.sock.version() == "TLSv1.3"
        assert raw.hello("spectator")["type"] == "welcome"
    finally:
        host.stop()


@pytest.mark.parametrize("says_hello_first", [False, True])
def test_an_older_client_in_the_clear_is_told_to_update(says_hello_first, no_tracebacks):
    host = start_host()
    try:
        old = Raw(host.port, plain=True)
        if says_hello_first:          # a plain frame where a ClientHello should be
            old.send(P.hello_from_client("spectator") | {"version": 5})
        reply = old.recv()            # what a protocol 5 client reads first: a reject
        assert reply["type"] == "reject" and reply["code"] == P.R_VERSION
        assert "newer Rail Party" in reply["reason"]
        assert old.closed()
        _honest_joins(host)
    finally:
        host.stop()


TLS_ALERT = 0x15       # a TLS record of the alert kind


def _read_to_end(sock: socket.socket) -> bytes:
    """Every byte a plain socket is sent until the host closes it."""
    said = b""
    while True:
        try:
            chunk = sock.recv(4096)
        except OSError:
            return said
        if not chunk:
            return said
        said += chunk


def test_garbage_and_stalled_handshakes_are_dropped_quietly(no_tracebacks):
    host = start_host(hello_timeout=1.0)
    try:
        garbage = Raw(host.port, plain=True)
        garbage.send_bytes(b"GET / HTTP/1.1\r\n\r\n")        # not TLS, not a frame
        assert garbage.closed()
        broken = Raw(host.port, plain=True)
        broken.send_bytes(b"\x16\x03\x01\x00\x05hello" + bytes(200))   # a bad ClientHello
        said = _read_to_end(broken.sock)      # at most TLS's own alert saying why
        assert said == b"" or said[0] == TLS_ALERT, said[:16]
        stalled = Raw(host.port, plain=True)
        stalled.send_bytes(b"\x16\x03\x01")                  # then nothing
        assert stalled.closed()                              # the handshake timeout
        wait_until(lambda: host.handshakes_failed >= 2, "the failed handshakes counted")
        _honest_joins(host)
    finally:
        host.stop()


def test_a_flood_of_stalled_handshakes_from_many_addresses_keeps_the_door_open(
        no_tracebacks):
    host = start_host(hello_timeout=3.0)
    crowd: list[socket.socket] = []
    try:
        # 10 addresses, 12 stalled handshakes each: more than all the places for
        # strangers (a flood from more addresses than places is beyond any door:
        # docs/lan-protocol.md, "The doors")
        for i in range(120):
            with contextlib.suppress(OSError):
                sock = socket.create_connection((LOOPBACK, host.port), timeout=5,
                                                source_address=(f"127.0.1.{i % 10 + 1}", 0))
                sock.sendall(b"\x16\x03\x01")
                crowd.append(sock)
        _honest_joins(host, stalled=crowd)
        client = connect(host, "Ada")
        wait_until(lambda: client.snapshot()["seat"] is not None, "a seat under the flood")
        client.stop()
    finally:
        for sock in crowd:
            sock.close()
        host.stop()


class SealedServer:
    """A TLS 1.3 host of its own on 127.0.0.1 (`context`), which says the real hello
    and records what a client says (a client refusing its key says nothing)."""

    def __init__(self, context: ssl.SSLContext | None, plain_hello_version: int | None = None):
        self.context, self.plain_version = context, plain_hello_version
        self.server = socket.create_server((LOOPBACK, 0))
        self.port = self.server.getsockname()[1]
        self.received: list[bytes] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            conn.settimeout(5)
            with contextlib.suppress(OSError):
                if self.plain_version is not None:       # an older host: it speaks first
                    hello = P.hello_from_host("Old rails", "routes-usa", P.new_nonce())
                    conn.sendall(P.encode(hello | {"version": self.plain_version}))
                else:
                    conn = self.context.wrap_socket(conn, server_side=True)
                    conn.sendall(P.encode(P.hello_from_host("Odd rails", "routes-usa",
                                                            P.new_nonce())))
                while chunk := conn.recv(65536):
                    self.received.append(chunk)
            conn.close()

    def close(self) -> None:
        self.server.close()


def _certificate(private, *, expired: bool = False, key=None) -> bytes:
    now = datetime.datetime.now(datetime.timezone.utc)
    name = x509.Name([x509.NameAttribute(x509.oid.NameOID.COMMON_NAME, "odd")])
    start, end = ((now - datetime.timedelta(days=30), now - datetime.timedelta(days=1))
                  if expired else (now - datetime.timedelta(days=1),
                                   now + datetime.timedelta(days=30)))
    signer = key or private
    builder = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
               .public_key(signer.public_key()).serial_number(1)
               .not_valid_before(start).not_valid_after(end))
    cert = builder.sign(signer, None if key is None else hashes.SHA256())
    return cert.public_bytes(Encoding.PEM)


def _closed_with(client) -> dict:
    wait_until(lambda: client.snapshot()["status"] == "closed", "the client to give up")
    return client.snapshot()


def test_a_host_with_an_expired_certificate_is_refused(no_tracebacks):
    identity = HostIdentity.generate()
    server = SealedServer(host_context(identity.private_key,
                                       _certificate(identity.private_key, expired=True)))
    try:
        client = connect(server.port, "Ada")
        snap = _closed_with(client)
        assert snap["cause"] == "wrong_host" and "expired" in snap["reason"]
        assert server.received == []
        client.stop()
    finally:
        server.close()


def test_a_certificate_that_is_not_an_ed25519_key_is_refused(no_tracebacks):
    other = ec.generate_private_key(ec.SECP256R1())
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    with TemporaryDirectory() as folder:
        cert, key = f"{folder}/c.pem", f"{folder}/k.pem"
        with open(cert, "wb") as handle:
            handle.write(_certificate(None, key=other))
        with open(key, "wb") as handle:
            handle.write(other.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
        context.load_cert_chain(cert, key)
    server = SealedServer(context)
    try:
        client = connect(server.port, "Ada")
        snap = _closed_with(client)
        assert snap["cause"] == "wrong_host" and "Ed25519" in snap["reason"]
        assert server.received == []
        client.stop()
    finally:
        server.close()
    with pytest.raises(IdentityError, match="cannot be read"):
        host_key(b"\x30\x03garbage")
    with pytest.raises(IdentityError, match="no certificate"):
        host_key(None)


def test_an_impostor_with_its_own_key_is_refused_in_both_languages(no_tracebacks):
    real, impostor = HostIdentity.generate(), HostIdentity.generate()
    server = SealedServer(host_context(impostor.private_key))
    try:
        client = connect(server.port, "Ada", expect_key=real.fingerprint)
        snap = _closed_with(client)
        assert snap["cause"] == "wrong_host" and server.received == []
        with speaking("en"):
            assert "not the game you chose" in closed_words(snap)
        with speaking("ja"):
            worded = closed_words(snap)
            assert worded and "not the game you chose" not in worded
        client.stop()
    finally:
        server.close()


def test_an_older_host_is_named_as_such(no_tracebacks):
    server = SealedServer(None, plain_hello_version=5)
    try:
        client = connect(server.port, "Ada")
        snap = _closed_with(client)
        assert snap["cause"] == "older_host"
        with speaking("en"):
            assert "older Rail Party" in closed_words(snap)
        with speaking("ja"):
            assert "older Rail Party" not in closed_words(snap)
        client.stop()
    finally:
        server.close()


def test_a_handshake_makes_no_certificate(monkeypatch):
    """Not a benchmark (tools/bench_net.py --handshake-cost is): the host makes
    its certificate and TLS context once, when it starts, never per connection
    (a handshake gone slow by a certificate made each time)."""
    import net.host.server as server
    import net.tls as tls

    host = start_host()
    made: list[str] = []
    monkeypatch.setattr(tls, "certificate_pem", lambda *a, **k: made.append("cert"))
    monkeypatch.setattr(server, "host_context", lambda *a, **k: made.append("context"))
    try:
        for _ in range(20):
            with socket.create_connection((LOOPBACK, host.port), timeout=5) as sock, \
                    client_context().wrap_socket(sock) as sealed:
                assert sealed.version() == "TLSv1.3"
        assert made == []
    finally:
        host.stop()
