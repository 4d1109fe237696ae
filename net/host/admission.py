"""Connections into the host: who may wait for a hello, the TLS 1.3 handshake of
each admitted one (net/tls.py; an older Rail Party in the clear is told to
update), reading frames within each peer's budgets, and routing each checked
message to the lobby or the table.

A flood of connections (many addresses reopening connections that never say
hello, as fast as the host closes them) is met at the door, so that a newcomer's
connection is not left out of the kernel's accept queue:
- the listen backlog is as large as the system allows (LISTEN_BACKLOG, capped by
  net.core.somaxconn), so connections a flood keeps open cannot fill the queue;
- the host accepts eagerly (up to ACCEPT_BATCH a turn of the loop, again on the
  next turn while more wait) and refuses an address over its share on the bare
  socket at once, with a refusal encoded once, before any stream, task or buffer
  is made for it;
- one address may open NEW_PER_ADDRESS_BURST connections, then
  NEW_PER_ADDRESS_PER_SECOND (net/host/doors.py); it may hold
  MAX_HANDSHAKING_PER_ADDRESS that have not said hello, and when all
  MAX_HANDSHAKING places are taken the address holding the most gives way;
- connections are bounded under the open-file limit (with a reserve for saves),
  so accepting never fails for want of a descriptor;
- only an admitted connection costs a TLS handshake, bounded in time
  (`handshake_timeout`); one that fails is counted and dropped, never logged
  with a traceback.
What the host cannot do: outrun a flood from more addresses than it has places,
or one that fills the machine's CPU or Wi-Fi; the kernel's SYN cookies meet a
flood of half-made connections.

A part of Host (net/host/server.py), which holds the state these methods use.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from typing import Any

from net import protocol as P
from net.host.doors import make_room
from net.host.peers import Peer
from net.protocol import ProtocolError, encode
from net.tls import (
    PLAIN_FRAME_START,
    TLS_RECORD_HANDSHAKE,
    first_byte,
    is_handshake_failure,
)
from net.tls_transport import accept_sealed

log = logging.getLogger("railparty.net.host")

READ_CHUNK_BYTES = 64 * 1024
LINGER_CLOSE_SECONDS = 1.0    # how long a closing flooder's data is read and dropped
LISTEN_BACKLOG = 4096         # the kernel's queue of connections not yet accepted
ACCEPT_BATCH = 64             # accepted per turn of the loop, so others get their turn
ACCEPT_PAUSE_SECONDS = 0.5    # out of file descriptors: try accepting again after this
NEWER_NEEDED = (f"This host runs a newer Rail Party (network protocol {P.PROTOCOL_VERSION}, "
                "sealed with TLS): it needs a newer Rail Party on your computer too. Install "
                "the same Rail Party version on every computer.")


class Admission:
    """Accepting, reading and routing connections (a part of Host)."""

    def _listen(self) -> None:
        """Open the listening socket and accept from it on the loop. OSError when
        the address cannot be had."""
        family = socket.AF_INET6 if ":" in self.bind else socket.AF_INET
        sock = socket.create_server((self.bind, self.port), family=family,
                                    backlog=LISTEN_BACKLOG)   # the kernel caps it
        sock.setblocking(False)
        self._listener = sock
        self.port = sock.getsockname()[1]
        try:
            self._loop.add_reader(sock.fileno(), self._accept_ready)
        except NotImplementedError:      # a loop without readers (Windows' proactor)
            self._acceptor = self._spawn(self._accept_forever(sock))

    def _stop_listening(self) -> None:
        sock, self._listener = self._listener, None
        if sock is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(sock.fileno())
            if self._acceptor is not None:
                self._acceptor.cancel()
            sock.close()

    def _accept_ready(self) -> None:
        """Accept a few waiting connections (one turn of the loop each time)."""
        sock = self._listener
        for _ in range(ACCEPT_BATCH):
            if sock is None:
                return
            try:
                conn, info = sock.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as exc:     # out of descriptors: pause accepting a moment
                self._quiet_refusals.warning("cannot accept connections (%s); pausing", exc)
                self._loop.remove_reader(sock.fileno())
                self._loop.call_later(ACCEPT_PAUSE_SECONDS, self._resume_accepting, sock)
                return
            self._accepted(conn, info)

    async def _accept_forever(self, sock: socket.socket) -> None:
        """The same for loops that can only await an accept."""
        while self._listener is sock:
            try:
                conn, info = await self._loop.sock_accept(sock)
            except (ConnectionAbortedError, InterruptedError):
                continue
            except OSError as exc:
                if self._listener is not sock:
                    return
                self._quiet_refusals.warning("cannot accept connections (%s); pausing", exc)
                await asyncio.sleep(ACCEPT_PAUSE_SECONDS)
                continue
            self._accepted(conn, info)

    def _accepted(self, conn: socket.socket, info: Any) -> None:
        """A new connection. A stranger with no place is refused on its bare socket,
        before any stream, task or buffer is made for it, so a flood costs the loop
        little and leaves no memory behind."""
        conn.setblocking(False)
        if conn.family in (socket.AF_INET, socket.AF_INET6):
            # asyncio sets TCP_NODELAY only on sockets made with protocol IPPROTO_TCP,
            # and ours comes from a listener made with protocol 0: without it a frame
            # written right after another (a ping, a notice) waits up to 40 ms for
            # the peer's delayed ACK (Nagle's algorithm)
            with contextlib.suppress(OSError):
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        ip = info[0] if isinstance(info, tuple) else "?"
        if not self._room_at_door(ip) or not self._admit(ip):
            with contextlib.suppress(OSError):
                conn.send(self._busy_bytes())
            conn.close()
            return
        peer = Peer(f"{info[0]}:{info[1]}" if isinstance(info, tuple) else "?")
        self.peers.add(peer)
        self._handshaking[peer.id] = peer
        self._open_sockets += 1
        peer.task = self._spawn(self._on_connect(peer, conn))

    def _room_at_door(self, ip: str) -> bool:
        """Whether a new connection from `ip` (on either port) may come in at all:
        the host is not stopping, the address is within its budget of new
        connections, and the connections held are under the host's bound (the
        open-file limit less a reserve, and MAX_CONNECTIONS peers)."""
        if self._stopping is not None and self._stopping.is_set():
            return False
        if not self._door_rates.take(ip):
            return False
        if self._open_sockets >= self._connection_budget or len(self.peers) >= P.MAX_CONNECTIONS:
            self._quiet_refusals.warning(
                "refusing new connections: %s open (the host holds at most %s with its "
                "open-file limit, %s peers)", self._open_sockets, self._connection_budget,
                P.MAX_CONNECTIONS)
            return False
        return True

    def _busy_bytes(self) -> bytes:
        """The refusal a connection without a place gets: encoded once, since a
        flood may be refused thousands of times a second."""
        if self._busy_frames is None:
            self._busy_frames = (
                encode(P.hello_from_host(self.name, self.game, P.new_nonce()))
                + encode(P.reject(P.R_BUSY, "the host has too many connections; "
                                            "try again soon")))
        return self._busy_frames

    def _resume_accepting(self, sock: socket.socket) -> None:
        if self._listener is sock:
            self._loop.add_reader(sock.fileno(), self._accept_ready)

    async def _on_connect(self, peer: Peer, conn: socket.socket) -> None:
        """An admitted connection: its first byte (TLS, or an older Rail Party in
        the clear), the TLS handshake, its streams, the host's hello, its frames."""
        try:
            first = await first_byte(self._loop, conn)
            if first != TLS_RECORD_HANDSHAKE:
                if first is None or first == PLAIN_FRAME_START:   # waits for our hello,
                    with contextlib.suppress(OSError):            # or says its own
                        conn.send(self._newer_bytes())
                return                               # garbage or gone: closed, no words
            reader = asyncio.StreamReader(limit=READ_CHUNK_BYTES)
            protocol = asyncio.StreamReaderProtocol(reader)
            try:
                transport, _ = await accept_sealed(self._loop, conn, self.tls,
                                                   lambda: protocol, self.handshake_timeout)
            except Exception as exc:
                if not is_handshake_failure(exc):
                    raise
                self.handshakes_failed += 1
                log.debug("TLS handshake with %s failed: %s", peer.addr, exc)
                return
            peer.writer = asyncio.StreamWriter(transport, protocol, reader, self._loop)
            if peer.closed:                  # pushed out before its streams were made
                transport.abort()
                return
            peer.send(P.hello_from_host(self.name, self.game, peer.nonce))
            await self._read_loop(peer, reader)
        except Exception:
            log.exception("connection %s failed", peer.addr)
        finally:
            self._gone(peer)
            if peer.writer is None:
                conn.close()
            peer.close()
            self._open_sockets -= 1

    def _newer_bytes(self) -> bytes:
        """What a Rail Party before protocol 6 (plain frames, no TLS) gets: a plain
        `reject` its own code prints (its first frame; it reads rejects first)."""
        if self._newer_frames is None:
            self._newer_frames = encode(P.reject(P.R_VERSION, NEWER_NEEDED))
        return self._newer_frames

    async def _read_loop(self, peer: Peer, reader: asyncio.StreamReader) -> None:
        """Read what arrives, in chunks, and handle each complete frame. Budgets are
        charged by arrival time; a frame's header is checked against the client
        limit before its body is read; no decoded frame outlives its handling."""
        buf = bytearray()
        need: int | None = None          # the body size the header at buf[0:4] announced
        partial_since: float | None = None
        while not peer.closed:
            if partial_since is not None:
                timeout = max(0.0, self.frame_timeout - (time.monotonic() - partial_since))
            else:
                timeout = self.hello_timeout if peer.role is None else self.peer_timeout
            try:
                chunk = await asyncio.wait_for(reader.read(READ_CHUNK_BYTES), timeout)
            except (asyncio.TimeoutError, TimeoutError):
                if peer.role is None:
                    peer.send(P.reject(P.R_TIMEOUT, "no hello in time"))
                elif partial_since is not None:
                    peer.send(P.bye("a message was cut short"))
                else:
                    peer.send(P.bye("nothing heard from you for too long"))
                return
            except (ConnectionError, OSError):
                return
            if not chunk:
                return
            now = time.monotonic()
            if not peer.arrived(now, len(chunk), self.peer_timeout):
                self._flood(peer, f"more than {P.PEER_BYTES_PER_SECOND // 1024} KiB/s")
                await self._linger(peer, reader)
                return
            buf += chunk
            del chunk
            while not peer.closed:
                if need is None:
                    if len(buf) < P.HEADER.size:
                        break
                    (size,) = P.HEADER.unpack_from(buf)
                    if size > P.MAX_CLIENT_FRAME_BYTES:
                        self._refuse(peer, P.FrameTooLarge(size, P.MAX_CLIENT_FRAME_BYTES))
                        await self._linger(peer, reader)
                        return
                    need = size
                if len(buf) < P.HEADER.size + need:
                    break
                body = bytes(buf[P.HEADER.size:P.HEADER.size + need])
                del buf[:P.HEADER.size + need]
                need = None
                if not peer.take_frame():
                    self._flood(peer, f"limit {P.MAX_FRAMES_PER_SECOND}/s")
                    await self._linger(peer, reader)
                    return
                # CPU time of this thread, not wall time: a host whose window (or a
                # busy machine) holds the GIL must not count that against the peer
                started = time.thread_time()
                close = self._handle_frame(peer, body)
                del body
                if close:
                    return
                if not peer.spend_cpu(time.thread_time() - started):
                    self._flood(peer, "its messages take too long to handle")
                    await self._linger(peer, reader)
                    return
            partial_since = (None if not buf else partial_since if partial_since is not None
                             else now)

    async def _linger(self, peer: Peer, reader: asyncio.StreamReader) -> None:
        """Before closing on a peer that sent too much: stop writing, then read and
        drop what it still sends for a moment, so that closing with unread data
        (a reset) does not wipe our last message from its side."""
        with contextlib.suppress(Exception):
            peer.stop_writing()
            deadline = time.monotonic() + LINGER_CLOSE_SECONDS
            while (left := deadline - time.monotonic()) > 0:
                if not await asyncio.wait_for(reader.read(READ_CHUNK_BYTES), left):
                    break

    def _handle_frame(self, peer: Peer, body: bytes) -> bool:
        """Decode and handle one client frame; True when the connection must close.
        The decoded message lives only inside this call."""
        try:
            message = P.decode_body(body, P.CLIENT_DECODE_LIMITS)
            limit = P.CLIENT_TYPE_BYTES.get(message["type"])
            if limit is not None and len(body) > limit:
                raise ProtocolError(f"a '{message['type']}' message may be at most {limit} "
                                    f"bytes (this one is {len(body)})", P.E_TOO_BIG)
        except ProtocolError as exc:
            return self._bad_frame(peer, exc)
        self._on_message(peer, message)
        return False

    def _flood(self, peer: Peer, what: str) -> None:
        peer.send(P.error(P.E_FLOOD, f"too much traffic; the host closes this connection "
                                     f"({what})"))

    def _admit(self, ip: str) -> bool:
        """Room for a connection that has not said hello yet? The places are shared
        fairly between addresses (doors.make_room): one address may hold
        MAX_HANDSHAKING_PER_ADDRESS, and when all MAX_HANDSHAKING are taken, the
        oldest connection of the address holding the most gives way to a newcomer
        from an address holding fewer (at a difference of one only a connection past
        HANDSHAKE_GRACE_SECONDS, so equal addresses do not churn and a hello on its
        way is not cut off). An honest newcomer's address holds one place while a
        flood's hold several: it gets in at once, however many addresses flood."""
        admit, victim = make_room(list(self._handshaking.values()), lambda p: p.ip,
                                  lambda p: p.connected_at, ip, P.MAX_HANDSHAKING_PER_ADDRESS,
                                  P.MAX_HANDSHAKING, P.HANDSHAKE_GRACE_SECONDS,
                                  time.monotonic())
        if victim is not None:
            self._handshaking.pop(victim.id, None)
            victim.send(P.reject(P.R_BUSY, "no hello in time while others wait"))
            victim.abort()
            self._gone(victim)
        return admit

    def _refuse(self, peer: Peer, exc: ProtocolError) -> None:
        if peer.role is None:
            peer.send(P.reject(P.R_BAD_HELLO, exc.reason))
        else:
            peer.send(P.error(exc.code, exc.reason))
            peer.send(P.bye("the connection is closed after a frame over the limit"))

    def _bad_frame(self, peer: Peer, exc: ProtocolError) -> bool:
        """Answer a bad frame; True when the connection must close."""
        if peer.role is None:
            peer.send(P.reject(P.R_BAD_HELLO, f"the first message must be a hello "
                                              f"({exc.reason})"))
            return True
        peer.bad_frames += 1
        peer.send(P.error(exc.code, exc.reason))
        if peer.bad_frames > P.MAX_BAD_FRAMES:
            peer.send(P.bye("too many broken messages"))
            return True
        return False

    def _on_message(self, peer: Peer, message: dict[str, Any]) -> None:
        if peer.closed or peer.retired:
            return
        try:
            kind = P.check_client_message(message)
        except ProtocolError as exc:
            if self._bad_frame(peer, exc):
                peer.close()
            return
        try:
            if peer.role is None:
                if kind != "hello":
                    peer.send(P.reject(P.R_BAD_HELLO, "the first message must be a hello"))
                    peer.close()
                    return
                self._on_hello(peer, message)
            elif kind == "action":
                self._on_action(peer, message)
            elif kind == "hint":
                self._on_hint(peer, message)
            elif kind == "hint_shown":
                self._on_hint_shown(peer, message)
            elif kind == "coach_press":
                self._on_coach_press(peer, message)
            elif kind == "ping":
                peer.send({"type": "pong", "n": message.get("n", 0)})
            elif kind == "seat":
                self._on_seat(peer, message)
            elif kind == "bye":
                peer.said_bye = True
                peer.close()
                self._gone(peer)
            elif kind == "hello":
                peer.send(P.error(P.E_BAD_MESSAGE, "you have already said hello"))
        except Exception:
            log.exception("message %r from %s failed", kind, peer.addr)
            peer.send(P.error(P.E_INTERNAL, "the host could not handle that message"))
