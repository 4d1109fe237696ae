"""net/tls_transport.py on real loopback sockets: bytes cross whole and in order
both ways, close says what was written then ends, a changed byte or a peer
that stalls, leaves or speaks garbage in the handshake ends the connection with
an exception the caller expects (never one the loop reports), a slow reader
holds the writer back, and nothing but TLS 1.3 is spoken."""

from __future__ import annotations

import asyncio
import os
import socket
import ssl
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from net.tls import client_context, host_context, host_key
from net.tls_transport import accept_sealed, open_sealed_streams

LOOPBACK = "127.0.0.1"
BOUND = 20.0                 # a hang guard only: every wait below ends on a state

HOST_KEY = Ed25519PrivateKey.generate()
HOST_CONTEXT = host_context(HOST_KEY)

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class SealedListener:
    """A listening socket whose connections are sealed by `accept_sealed` and
    handed to `handler`; handshake failures are kept in `failures`."""

    def __init__(self, handler: Handler | None, context: ssl.SSLContext = HOST_CONTEXT,
                 timeout: float = 5.0):
        self.sock = socket.create_server((LOOPBACK, 0))
        self.sock.setblocking(False)
        self.port = self.sock.getsockname()[1]
        self.handler, self.context, self.timeout = handler, context, timeout
        self.failures: list[BaseException] = []
        self.failed = asyncio.Event()
        self.tasks: list[asyncio.Task] = []
        self._accepting = asyncio.ensure_future(self._accept())

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            conn, _ = await loop.sock_accept(self.sock)
            self.tasks.append(asyncio.ensure_future(self._one(conn)))

    async def _one(self, conn: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=2 ** 16)
        protocol = asyncio.StreamReaderProtocol(reader)
        try:
            transport, _ = await accept_sealed(loop, conn, self.context, lambda: protocol,
                                               self.timeout)
        except (ssl.SSLError, ConnectionError, TimeoutError, OSError) as exc:
            self.failures.append(exc)
            self.failed.set()
            return
        if self.handler is not None:
            await self.handler(reader, asyncio.StreamWriter(transport, protocol, reader, loop))

    def close(self) -> None:
        self._accepting.cancel()
        for task in self.tasks:
            task.cancel()
        self.sock.close()


def run(test: Callable[[], Awaitable[Any]]) -> Any:
    """Run `test` on a fresh loop that fails the test on any error it reports."""
    reported: list[dict[str, Any]] = []

    async def guarded() -> Any:
        asyncio.get_running_loop().set_exception_handler(lambda _, ctx: reported.append(ctx))
        return await asyncio.wait_for(test(), BOUND)

    result = asyncio.run(guarded())
    assert not reported, [ctx.get("message") for ctx in reported]
    return result


def test_bytes_cross_whole_and_in_order_both_ways():
    down = os.urandom(2 * 1024 * 1024)
    up = os.urandom(300 * 1024)

    async def handler(reader, writer):
        got = await reader.readexactly(len(up))
        assert got == up
        sizes = [1, 5, 16 * 1024, 16 * 1024 + 1, 100_000, 7]
        at, i = 0, 0
        while at < len(down):           # writes of odd sizes, across record bounds
            size = sizes[i % len(sizes)]
            writer.write(down[at:at + size])
            at, i = at + size, i + 1
            if i % 10 == 0:
                await writer.drain()
        await writer.drain()

    async def test():
        listener = SealedListener(handler)
        try:
            reader, writer = await open_sealed_streams(LOOPBACK, listener.port,
                                                       client_context(), 5.0)
            tls = writer.get_extra_info("ssl_object")
            assert tls.version() == "TLSv1.3"
            assert host_key(tls.getpeercert(binary_form=True))   # the host's own key
            assert writer.get_extra_info("peername")[1] == listener.port
            writer.writelines([up[:1000], up[1000:]])
            assert await reader.readexactly(len(down)) == down
            writer.close()
        finally:
            listener.close()
    run(test)


def test_close_sends_what_was_written_then_the_end():
    said = os.urandom(100_000)

    async def handler(reader, writer):
        writer.write(said)
        writer.close()                       # close_notify after the data
        await writer.wait_closed()

    async def test():
        listener = SealedListener(handler)
        try:
            reader, writer = await open_sealed_streams(LOOPBACK, listener.port,
                                                       client_context(), 5.0)
            assert await reader.read(-1) == said      # everything, then EOF
            assert reader.at_eof()
            writer.close()
        finally:
            listener.close()
    run(test)


async def _proxy(target_port: int, tamper: Callable[[bytes], bytes]) -> tuple[socket.socket,
                                                                               list]:
    """A listening socket that relays to target_port, passing host-to-client bytes
    through `tamper`."""
    loop = asyncio.get_running_loop()
    sock = socket.create_server((LOOPBACK, 0))
    sock.setblocking(False)
    tasks: list[asyncio.Task] = []

    async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter,
                   change: Callable[[bytes], bytes]) -> None:
        while data := await src.read(65536):
            dst.write(change(data))
        dst.close()

    async def accept() -> None:
        conn, _ = await loop.sock_accept(sock)
        c_reader, c_writer = await asyncio.open_connection(sock=conn)
        h_reader, h_writer = await asyncio.open_connection(LOOPBACK, target_port)
        tasks.append(asyncio.ensure_future(pipe(c_reader, h_writer, lambda b: b)))
        tasks.append(asyncio.ensure_future(pipe(h_reader, c_writer, tamper)))
    tasks.append(asyncio.ensure_future(accept()))
    return sock, tasks


def test_a_changed_byte_ends_the_connection_and_nothing_forged_is_read():
    first = b"A" * 5000
    second = b"B" * 5000

    async def handler(reader, writer):
        await reader.readexactly(1)          # the client is ready: its handshake is done
        writer.write(first)
        await writer.drain()
        await reader.readexactly(1)
        writer.write(second)
        await writer.drain()
        await reader.read()

    flipped = {"armed": False, "done": False}

    def tamper(data: bytes) -> bytes:
        if flipped["armed"] and not flipped["done"]:
            flipped["done"] = True
            return data[:-10] + bytes([data[-10] ^ 0x01]) + data[-9:]
        return data

    async def test():
        listener = SealedListener(handler)
        sock, tasks = await _proxy(listener.port, tamper)
        try:
            reader, writer = await open_sealed_streams(LOOPBACK, sock.getsockname()[1],
                                                       client_context(), 5.0)
            writer.write(b"1")
            assert await reader.readexactly(len(first)) == first
            flipped["armed"] = True
            writer.write(b"2")
            with pytest.raises(ssl.SSLError, match="BAD_RECORD_MAC|DECRYPTION_FAILED"):
                await reader.readexactly(len(second))
            assert flipped["done"]
            assert writer.is_closing()
        finally:
            for task in tasks:
                task.cancel()
            sock.close()
            listener.close()
    run(test)


@pytest.mark.parametrize("behaviour", ["stall", "leave", "garbage"])
def test_a_bad_handshake_ends_with_an_exception_and_a_closed_socket(behaviour):
    async def test():
        listener = SealedListener(None, timeout=0.5)
        loop = asyncio.get_running_loop()
        try:
            peer = socket.create_connection((LOOPBACK, listener.port))
            peer.setblocking(False)
            if behaviour == "stall":
                await loop.sock_sendall(peer, b"\x16\x03\x01")          # then nothing
            elif behaviour == "leave":
                await loop.sock_sendall(peer, b"\x16\x03\x01\x02\x00\x01")
                peer.shutdown(socket.SHUT_WR)
            else:
                await loop.sock_sendall(peer, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            await listener.failed.wait()
            expected = {"stall": TimeoutError, "leave": ConnectionError,
                        "garbage": ssl.SSLError}[behaviour]
            assert isinstance(listener.failures[0], expected), listener.failures
            said = b""                                   # the host closed its side
            while chunk := await loop.sock_recv(peer, 4096):
                said += chunk
            assert said == b"" or said[0] == 0x15        # at most TLS's alert
            peer.close()
        finally:
            listener.close()
    run(test)


def test_a_slow_reader_holds_the_writer_back():
    total = 16 * 1024 * 1024
    block = os.urandom(64 * 1024)
    buffered: list[int] = []

    async def handler(reader, writer):
        writer.transport.set_write_buffer_limits(high=256 * 1024)
        for _ in range(total // len(block)):
            writer.write(block)
            buffered.append(writer.transport.get_write_buffer_size())
            await writer.drain()                 # waits while the reader does not read

    async def test():
        listener = SealedListener(handler)
        try:
            reader, writer = await open_sealed_streams(LOOPBACK, listener.port,
                                                       client_context(), 5.0)
            # the writer fills the kernel's buffers and its own up to the limit,
            # then waits: read nothing until it does
            while not buffered or buffered[-1] <= 256 * 1024:
                await asyncio.sleep(0)
            stalled_at = len(buffered)
            for _ in range(50):                  # the writer is held, not spinning
                await asyncio.sleep(0)
            assert len(buffered) == stalled_at
            got = 0
            while got < total:
                got += len(await reader.read(1 << 20))
            assert max(buffered) <= 256 * 1024 + len(block) + 1024
            writer.close()
        finally:
            listener.close()
    run(test)


def test_only_tls_1_3_is_spoken(tmp_path):
    older = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    older.maximum_version = ssl.TLSVersion.TLSv1_2
    older.load_cert_chain(*_cert_files(tmp_path))

    async def test():
        listener = SealedListener(None, context=older)
        try:
            with pytest.raises(ssl.SSLError):
                await open_sealed_streams(LOOPBACK, listener.port, client_context(), 5.0)
        finally:
            listener.close()
    run(test)


def _cert_files(folder: Path) -> tuple[Path, Path]:
    """A certificate and key in `folder` for a TLS 1.2 server (a P-256 key)."""
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import (
        Encoding,
        NoEncryption,
        PrivateFormat,
    )
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "old")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(1)
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1)).sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "c.pem", folder / "k.pem"
    cert_path.write_bytes(cert.public_bytes(Encoding.PEM))
    key_path.write_bytes(key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    return cert_path, key_path
