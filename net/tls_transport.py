"""TLS over a plain asyncio transport through an `ssl.SSLObject` and two memory
BIOs: the same OpenSSL, the same contexts (net/tls.py: TLS 1.3 only, the host's
certificate), the same checks after the handshake, with less Python per write
and per read than asyncio's own TLS transport.

Why: a host writes every update to each of its peers, each copy sealed on its
own (34 for a table of four and thirty spectators). asyncio's TLS layer
(`asyncio.sslproto`) runs a state machine, a write backlog and buffered reads
in Python around each OpenSSL call; here a write is one `SSLObject.write`,
one read of the outgoing BIO and one plain transport write, and a read
decrypts what arrived in one pass. Measured with tools/bench_tls_transport.py
(docs/benchmarks-net.md).

`open_sealed` (a client) and `accept_sealed` (the host, an accepted socket)
return the plain transport's stand-in, a `SealedTransport`, with the caller's
protocol attached once the handshake has finished; a handshake that fails or
outlasts its timeout raises (ssl.SSLError, ConnectionError, TimeoutError), as
the loop's own `ssl=` connections do, and leaves no socket open.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import threading
from collections.abc import Callable
from typing import Any

# A TLS record holds at most 16 KiB: one SSLObject.read returns at most one record,
# and a larger size would only make each call allocate (and shrink) more.
READ_BYTES = 16 * 1024
RECEIVE_BYTES = 64 * 1024      # read from the socket at a time, into a reused buffer
_receive = threading.local()   # that buffer, one per thread (a loop's reads never overlap)


def _receive_buffer() -> memoryview:
    """The thread's buffer the plain transport reads into: asyncio's plain reads
    allocate 256 KiB a call and shrink it, which costs more than the read."""
    view = getattr(_receive, "view", None)
    if view is None:
        view = _receive.view = memoryview(bytearray(RECEIVE_BYTES))
    return view


class SealedTransport(asyncio.Transport):
    """What the caller's protocol writes to: seals and hands records to the plain
    transport beneath; flow control and addresses are the plain transport's."""

    def __init__(self, link: _TLSLink):
        super().__init__()
        self._link = link

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self._link.write(data)

    def writelines(self, list_of_data: Any) -> None:
        self._link.write(b"".join(list_of_data))

    def can_write_eof(self) -> bool:
        return False            # as asyncio's TLS transport: close() says close_notify

    def write_eof(self) -> None:
        raise NotImplementedError("a TLS connection half-closes by closing")

    def is_closing(self) -> bool:
        return self._link.closing or self._link.raw.is_closing()

    def close(self) -> None:
        self._link.close()

    def abort(self) -> None:
        self._link.abort()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._link.extra(name, default)

    def get_write_buffer_size(self) -> int:
        return self._link.raw.get_write_buffer_size()

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._link.raw.get_write_buffer_limits()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._link.raw.set_write_buffer_limits(high, low)

    def is_reading(self) -> bool:
        return self._link.raw.is_reading()

    def pause_reading(self) -> None:
        self._link.raw.pause_reading()

    def resume_reading(self) -> None:
        self._link.raw.resume_reading()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._link.app = protocol

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._link.app


class _TLSLink(asyncio.BufferedProtocol):
    """The plain transport's protocol: feeds what arrives to OpenSSL, finishes the
    handshake, then hands decrypted bytes to the caller's protocol."""

    def __init__(self, context: ssl.SSLContext, server_side: bool,
                 app_factory: Callable[[], asyncio.Protocol],
                 handshaken: asyncio.Future[SealedTransport]):
        self._incoming = ssl.MemoryBIO()
        self._outgoing = ssl.MemoryBIO()
        self.tls = context.wrap_bio(self._incoming, self._outgoing,
                                    server_side=server_side, server_hostname=None)
        self._app_factory = app_factory
        self._handshaken = handshaken
        self.app: Any = None
        self.raw: Any = None
        self.sealed: SealedTransport | None = None
        self.closing = False
        self._lost = False
        self._eof_told = False
        self._error: BaseException | None = None   # why the link was cut (a bad record)

    # --- the plain transport's events
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.raw = transport
        self._handshake()              # a client speaks first; a server finds nothing yet

    def get_buffer(self, sizehint: int) -> memoryview:
        return _receive_buffer()

    def buffer_updated(self, nbytes: int) -> None:
        self._incoming.write(_receive_buffer()[:nbytes])
        if self.sealed is None and not self._handshake():
            return
        self._read()

    def eof_received(self) -> bool | None:
        """The plain connection's end (with or without the peer's close_notify:
        frames carry their length, so a cut one is seen by the reader)."""
        if self.sealed is None:
            self._fail(ConnectionResetError("the peer closed during the TLS handshake"))
            return None
        self._end_of_data()
        return None                # the plain transport closes itself

    def _end_of_data(self) -> None:
        if not self._eof_told and not self._lost:
            self._eof_told = True
            self.app.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing = True
        if self.sealed is None:
            self._fail(exc or ConnectionResetError("the connection closed during the "
                                                   "TLS handshake"))
            return
        if not self._lost:
            self._lost = True
            self.app.connection_lost(exc or self._error)

    def pause_writing(self) -> None:
        if self.app is not None:
            self.app.pause_writing()

    def resume_writing(self) -> None:
        if self.app is not None:
            self.app.resume_writing()

    # --- TLS
    def _handshake(self) -> bool:
        """One step of the handshake; True once it is done and the caller's
        protocol has its transport."""
        try:
            self.tls.do_handshake()
        except ssl.SSLWantReadError:
            self._flush()
            return False
        except Exception as exc:   # noqa: BLE001 - garbage, a wrong version, a bad key
            self._flush()          # (the alert that says why, if OpenSSL made one)
            self._fail(exc)
            return False
        self._flush()
        self.sealed = SealedTransport(self)
        self.app = self._app_factory()
        self.app.connection_made(self.sealed)
        if not self._handshaken.done():
            self._handshaken.set_result(self.sealed)
        return True

    def _read(self) -> None:
        """Decrypt all that arrived and hand it on in one piece."""
        pieces = []
        ended = False
        try:
            # whole records usually arrive: stop when none is left rather than
            # on OpenSSL's want-read (an exception each time)
            while self._incoming.pending or self.tls.pending():
                piece = self.tls.read(READ_BYTES)
                if not piece:
                    ended = True
                    break
                pieces.append(piece)
        except ssl.SSLWantReadError:
            pass                   # a record's rest is still on its way
        except ssl.SSLZeroReturnError:
            ended = True           # the peer's close_notify
        except ssl.SSLError as exc:  # a forged or damaged record: nothing more is read
            self._deliver(pieces)
            self.abort(exc)
            return
        self._flush()              # TLS 1.3 messages after the handshake (a key update)
        self._deliver(pieces)
        if ended and not self._eof_told:
            self._end_of_data()
            self.close()

    def _deliver(self, pieces: list[bytes]) -> None:
        if pieces and not self._lost:
            self.app.data_received(pieces[0] if len(pieces) == 1 else b"".join(pieces))

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if self.closing:
            return
        try:
            written = self.tls.write(data)
            if written < len(data):          # not with a memory BIO; but never lose bytes
                view = memoryview(data)[written:]
                while view:
                    view = view[self.tls.write(view):]
        except ssl.SSLError as exc:
            self.abort(exc)
            return
        self._flush()

    def _flush(self) -> None:
        if self._outgoing.pending and self.raw is not None and not self.raw.is_closing():
            self.raw.write(self._outgoing.read())

    def _fail(self, exc: BaseException) -> None:
        if not self._handshaken.done():
            self._handshaken.set_exception(exc)
        if self.raw is not None:
            self.raw.abort()

    # --- the sealed transport's calls
    def close(self) -> None:
        """Say close_notify after what was written, then close the plain transport
        once it has sent all (asyncio's TLS transport waits for the peer's too)."""
        if self.closing:
            return
        self.closing = True
        with contextlib.suppress(ssl.SSLError):   # SSLWantReadError: the peer's
            self.tls.unwrap()                      # close_notify has not come
        self._flush()
        if self.raw is not None and not self.raw.is_closing():
            self.raw.close()

    def abort(self, exc: BaseException | None = None) -> None:
        self.closing = True
        self._error = self._error or exc
        if self.raw is not None:
            self.raw.abort()

    def extra(self, name: str, default: Any) -> Any:
        if name == "ssl_object":
            return self.tls
        if name == "peercert":
            return self.tls.getpeercert()
        if name == "cipher":
            return self.tls.cipher()
        if name == "sslcontext":
            return self.tls.context
        return self.raw.get_extra_info(name, default) if self.raw is not None else default


async def _handshake_within(link_future: asyncio.Future[SealedTransport],
                            raw: asyncio.BaseTransport, timeout: float) -> SealedTransport:
    try:
        return await asyncio.wait_for(asyncio.shield(link_future), timeout)
    except BaseException:
        raw.abort()
        if not link_future.done():
            link_future.cancel()
        raise


async def accept_sealed(loop: asyncio.AbstractEventLoop, sock: Any, context: ssl.SSLContext,
                        app_factory: Callable[[], asyncio.Protocol],
                        timeout: float) -> tuple[SealedTransport, asyncio.Protocol]:
    """The host's side of an accepted socket: (transport, protocol) once the
    handshake is done within `timeout` seconds."""
    done: asyncio.Future[SealedTransport] = loop.create_future()
    raw, _ = await loop.connect_accepted_socket(
        lambda: _TLSLink(context, True, app_factory, done), sock)
    sealed = await _handshake_within(done, raw, timeout)
    return sealed, sealed.get_protocol()


async def open_sealed(host: str, port: int, context: ssl.SSLContext,
                      app_factory: Callable[[], asyncio.Protocol], timeout: float,
                      local_addr: tuple[str, int] | None = None,
                      ) -> tuple[SealedTransport, asyncio.Protocol]:
    """A client's connection: (transport, protocol) once the connect and the
    handshake are done within `timeout` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    done: asyncio.Future[SealedTransport] = loop.create_future()
    raw, _ = await asyncio.wait_for(loop.create_connection(
        lambda: _TLSLink(context, False, app_factory, done), host, port,
        local_addr=local_addr), timeout)
    sealed = await _handshake_within(done, raw, max(0.0, deadline - loop.time()))
    return sealed, sealed.get_protocol()


async def open_sealed_streams(host: str, port: int, context: ssl.SSLContext, timeout: float,
                              limit: int = 2 ** 16,
                              local_addr: tuple[str, int] | None = None,
                              ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """`asyncio.open_connection(..., ssl=context)` through this module."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=limit, loop=loop)
    transport, protocol = await open_sealed(
        host, port, context, lambda: asyncio.StreamReaderProtocol(reader, loop=loop),
        timeout, local_addr)
    return reader, asyncio.StreamWriter(transport, protocol, reader, loop)
