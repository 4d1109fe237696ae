"""Clients of a LAN host, for the pygame thread and for headless bots.

`Client` (over TCP) and `LocalClient` (the host's own player, in-process)
share one API, `Session` (net/session.py documents it in full: status and its
cause, `can_act`, `awaiting`, `reclaim_seat`), that never blocks the calling
thread:

    client = Client(("192.168.1.20", 47474), name="Ada", color="blue").start()
    ...every frame:
    for message in client.poll():      # dicts, oldest first
        ...
    client.send_action(action, version)    # version: the update it answers
    client.change_seat(name=..., color=...) # lobby only
    client.snapshot()                   # the latest state (dict, read-only)
    client.stop()                       # says bye; leaves the seat (lobby) or holds it

`poll()` delivers the host's messages as they arrive (`welcome`, `sync`,
`update`, `seats`, `error`, `reject`, `bye`; see net/protocol.py) plus the
client's own `{"type": "status", "status": S, "cause": C, "reason": str|None}`
where S is "connecting", "connected", "reconnecting" or "closed" and C says why
("host_gone", "host_closed", "over", "seat_taken", "rejected", "unreadable",
"left"). Every host message is checked before anything reads it
(net/inbound.py); one this version cannot read closes the connection for good
with cause "unreadable", the last good state kept. A
`Client` that loses its host retries the same address by itself (for
`retry_for` seconds) and reclaims its seat with its token; the host then sends
a full `sync`. A host that stops says `bye` first, so the client closes with
cause "host_closed" instead of retrying.

Every connection is TLS 1.3 (net/tls.py), and the host's certificate holds its
identity key (net/identity.py). With `expect_key` (a fingerprint: the one
announced with the game it chose, or asked for) a client reads and says
nothing once the handshake shows another key, and closes with cause
"wrong_host". Without one (a typed address) it takes the key shown on first
use. Either way that key is then held for reconnects, and the host is
remembered in known-hosts (net/known_hosts.py) under its name. A host that
answers the handshake in the clear is asked once in the clear what it is: a
Rail Party before protocol 6 closes with cause "older_host".

Seat tokens are kept in the user data folder (platformdirs; the environment
variable RAILPARTY_DATA_DIR overrides it) keyed by host address and player
name, so a restarted program gets its seat back; a running client claims its
key, so a second player of this machine under the same name takes a seat of
its own instead of proving the first one's (net/seat_tokens.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import threading
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules.words import N_, WordedError, Words
from game.words.os_words import os_reason
from net import inbound
from net import protocol as P
from net.identity import IdentityError, shown
from net.inbound import CANNOT_READ
from net.known_hosts import KnownHost, KnownHosts
from net.paths import data_dir
from net.protocol import ProtocolError
from net.seat_tokens import TokenStore
from net.session import LocalClient, Session, _bye_cause
from net.tls import client_context, plain_greeting, shown_key
from net.tls_transport import open_sealed_streams

if TYPE_CHECKING:
    from game.bots import Bot

__all__ = ["Client", "ClientClosed", "LocalClient", "Session", "TokenStore", "data_dir",
           "parse_address", "run_bot", "run_spectator"]

RETRY_SECONDS = 120.0                       # how long a client keeps retrying its host
RETRY_DELAYS = (0.1, 0.25, 0.5, 1.0, 2.0)   # between attempts (the last one repeats)
CONNECT_TIMEOUT_SECONDS = 5.0

# Reject codes after which retrying cannot help.
FINAL_REJECTS = {P.R_VERSION, P.R_MAGIC, P.R_BAD_HELLO, P.R_FULL, P.R_STARTED, P.R_ADDRESS,
                 P.R_SPECTATORS}


def parse_address(text: str, default_port: int = P.DEFAULT_PORT) -> tuple[str, int]:
    """'host:port' (or 'host') -> (host, port); a WordedError (a ValueError) saying
    what is wrong otherwise."""
    text = text.strip()
    host, sep, port_text = text.rpartition(":")
    if not sep:
        host, port_text = text, str(default_port)
    host = host.strip("[]")
    if not host:
        raise WordedError(N_("{text} has no host name or address"), text=repr(text))
    try:
        port = int(port_text)
    except ValueError:
        raise WordedError(N_("{text} is not a port number"), text=repr(port_text)) from None
    if not 0 < port < 65536:
        raise WordedError(N_("port {port} is out of range"), port=port)
    return host, port


class ClientClosed(RuntimeError):
    """The session ended before the game did; the message says why."""


class Client(Session):
    """A network client. Its asyncio loop runs in a background thread."""

    def __init__(self, address: tuple[str, int] | str, *, role: str = "player",
                 name: str | None = None, color: str | None = None,
                 token: str | None = None, token_store: TokenStore | None | bool = True,
                 heartbeat: float = P.HEARTBEAT_SECONDS,
                 peer_timeout: float = P.PEER_TIMEOUT_SECONDS,
                 frame_timeout: float = P.FRAME_TIMEOUT_SECONDS,
                 connect_timeout: float = CONNECT_TIMEOUT_SECONDS,
                 retry_for: float = RETRY_SECONDS,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS,
                 magic: str = P.MAGIC, protocol_version: int = P.PROTOCOL_VERSION,
                 expect_key: str | None = None,
                 known_hosts: KnownHosts | None | bool = True):
        super().__init__(role, name, color)
        self.expect_key = expect_key or None   # a fingerprint the host must prove
        self.known_hosts: KnownHosts | None = (KnownHosts() if known_hosts is True
                                               else known_hosts or None)
        self.host_key: str | None = None       # the key the host proved (base64) ...
        self.host_fingerprint: str | None = None   # ... and its fingerprint
        self.replaced_key: KnownHost | None = None  # another key remembered for its name
        self.host, self.port = parse_address(address) if isinstance(address, str) else address
        if token_store is True:
            token_store = TokenStore()
        self.tokens: TokenStore | None = token_store or None
        self._token_key = TokenStore.key(self.host, self.port, name)
        self._release_key: Callable[[], Any] = lambda: None
        if self.tokens is not None and role == "player":
            # a key of its own: another player of this machine under this name
            # keeps theirs (net/seat_tokens.py)
            self._token_key = self.tokens.claim(self._token_key)
            self._release_key = weakref.finalize(self, self.tokens.release, self._token_key)
        self._token = token
        if self._token is None and self.tokens is not None and role == "player":
            self._token = self.tokens.get(self._token_key)
        self.heartbeat, self.peer_timeout = heartbeat, peer_timeout
        self.frame_timeout, self.connect_timeout = frame_timeout, connect_timeout
        self.retry_for, self.retry_delays = retry_for, retry_delays
        self._magic, self._protocol_version = magic, protocol_version   # tests only
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._stop_event: asyncio.Event | None = None
        self._stop_reason = "leaving"
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self.connections = 0            # successful (re)connections, for tests and the UI

    # --- control -----------------------------------------------------------------

    def start(self) -> Client:
        """Connect in the background; progress arrives as `status` messages."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._thread_main, daemon=True,
                                            name=f"railparty-client-{self.name}")
            self._thread.start()
            self._started.wait(5.0)
        return self

    def stop(self, reason: str = "leaving", wait: float = 3.0) -> None:
        """Say bye and close. The seat is held for a reconnect during a game."""
        self._stop_reason = reason
        self._release_key()
        loop, event = self._loop, self._stop_event
        if loop is not None and event is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(event.set)
        thread = self._thread
        if thread is not None and thread is not threading.current_thread() and wait:
            thread.join(wait)

    def kill(self) -> None:
        """Drop the connection without a bye and stop (tests: a crashed client)."""
        self._release_key()
        loop = self._loop
        if loop is None:
            return

        def cut() -> None:
            if self._writer is not None:
                self._writer.transport.abort()
            self._stop_reason = ""
            if self._stop_event is not None:
                self._stop_event.set()
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(cut)
        if self._thread is not None:
            self._thread.join(3.0)

    def reclaim_seat(self) -> None:
        """Connect again with this seat's token (after cause "seat_taken", or any
        close); the host gives the seat back once its other holder is silent."""
        thread = self._thread
        if thread is not None and thread.is_alive():
            if self.status != "closed":
                return          # still connected or connecting: nothing to reclaim
            # the session is closed but its thread may still be finishing: a
            # reclaim asked for at once must not be dropped (the end of its loop
            # takes milliseconds; the bound keeps a window's tick from hanging)
            thread.join(2.0)
            if thread.is_alive():
                return
        self._thread, self._loop, self._stop_event = None, None, None
        self._started.clear()
        self._stop_reason = "leaving"
        self.start()

    @property
    def token(self) -> str | None:
        return self._token

    # --- sending ------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            self._unsent("not connected to the host; nothing was sent")
            return
        try:
            loop.call_soon_threadsafe(self._write, message)
        except RuntimeError:
            self._unsent("not connected to the host; nothing was sent")

    def _write(self, message: dict[str, Any]) -> None:    # loop thread
        writer = self._writer
        if writer is None or writer.transport.is_closing():
            self._unsent("not connected to the host right now; nothing was sent")
            return
        writer.write(P.encode(message))

    # --- the loop thread ---------------------------------------------------------------

    def _thread_main(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:
            self._set_status("closed", Words(N_("the network failed: {reason}"),
                                             reason=_describe(exc)), "host_gone")
        finally:
            self._started.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop_event = asyncio.Event()
        self._started.set()
        lost_at: float | None = None
        attempt = 0
        while not self._stop_event.is_set():
            if self.connections == 0 and lost_at is None:
                self._set_status("connecting", None)
            final, reason, cause = await self._connection()
            if self._stop_event.is_set():
                break
            if final:
                self._set_status("closed", reason, cause)
                return
            if self._state["phase"] == "over":
                self._set_status("closed", reason or "the game is over", "over")
                return
            if self._state["status"] == "connected" or lost_at is None:
                lost_at, attempt = time.monotonic(), 0
            if time.monotonic() - lost_at > self.retry_for:
                self._set_status("closed", Words(N_("lost the host: {reason}"),
                                                 reason=reason or "-"), "host_gone")
                return
            self._set_status("reconnecting", reason, cause or "host_gone")
            delay = self.retry_delays[min(attempt, len(self.retry_delays) - 1)]
            attempt += 1
            with contextlib.suppress(asyncio.TimeoutError, TimeoutError):
                await asyncio.wait_for(self._stop_event.wait(), delay)
        self._set_status("closed", self._stop_reason or "stopped", "left")

    async def _connection(self) -> tuple[bool, Any, str | None]:
        """One connection; returns (final, reason, cause). final: do not retry."""
        address = f"{self.host}:{self.port}"
        try:
            reader, writer = await open_sealed_streams(
                self.host, self.port, client_context(), self.connect_timeout)
        except ssl.SSLError as exc:             # (an OSError: before the OSError below)
            return await self._not_sealed(exc)
        except (OSError, asyncio.TimeoutError, TimeoutError) as exc:
            return False, Words(N_("cannot reach {address} ({reason})"),
                                address=address, reason=_describe(exc)), None
        refused = self._check_key(writer)
        if refused is not None:                 # nothing was read from it or said to it
            writer.transport.abort()
            return True, refused, "wrong_host"
        self._writer = writer
        pinger: asyncio.Task | None = None
        stopper = asyncio.ensure_future(self._stop_event.wait())
        try:
            first = await self._read(reader, stopper, self.connect_timeout)
            if first is None:
                return False, None, None
            if first["type"] == "reject":
                self._screen(first)
                self._absorb(first)
                return first["code"] in FINAL_REJECTS, first["reason"], _reject_cause(first)
            problem = P.hello_problem(first, "client")
            if problem is not None:
                self._absorb(P.reject(*problem))
                return True, problem[1], "rejected"
            nonce = first.get("nonce")
            # the token never travels: it answers this connection's nonce (protocol.py)
            proof = (P.seat_proof(self._token, nonce) if self.role == "player"
                     and self._token and isinstance(nonce, str) else None)
            hello = P.hello_from_client(self.role, self.name, self.color, proof)
            hello["magic"], hello["version"] = self._magic, self._protocol_version
            writer.write(P.encode(hello))
            while True:
                message = await self._read(reader, stopper, self.connect_timeout)
                if message is None:
                    return False, None, None
                message = self._screen(message)
                if message["type"] == "reject":
                    self._absorb(message)
                    return (message["code"] in FINAL_REJECTS, message["reason"],
                            _reject_cause(message))
                if message["type"] == "welcome":
                    break
            self._absorb(message)
            self._on_welcome(message)
            pinger = asyncio.ensure_future(self._pings(writer))
            while True:
                message = await self._read(reader, stopper, self.peer_timeout)
                if message is None:
                    return False, None, None
                message = self._screen(message)
                kind = message["type"]
                if kind == "ping":
                    writer.write(P.encode({"type": "pong", "n": message.get("n", 0)}))
                elif kind == "pong":
                    pass
                elif kind == "bye":
                    self._absorb(message)
                    return (True, message.get("reason") or "the host said goodbye",
                            _bye_cause(message))
                else:
                    self._absorb(message)
        except (asyncio.TimeoutError, TimeoutError):     # (an OSError since Python 3.11)
            return False, Words(N_("the host has gone silent")), "host_gone"
        except (asyncio.IncompleteReadError, ConnectionError, OSError) as exc:
            return (False, Words(N_("the connection to the host broke ({reason})"),
                                 reason=_describe(exc)), "host_gone")
        except ProtocolError as exc:
            # a host that sends what this version cannot read is not retried: the
            # next connection would get the same (net/inbound.py)
            return True, f"{CANNOT_READ} ({exc.reason})", "unreadable"
        finally:
            if pinger is not None:
                pinger.cancel()
            self._writer = None
            if self._stop_event.is_set() and self._stop_reason and not writer.is_closing():
                with contextlib.suppress(Exception):
                    writer.write(P.encode(P.bye(self._stop_reason)))
            if not stopper.done():
                stopper.cancel()
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1.0)

    async def _read(self, reader: asyncio.StreamReader, stopper: asyncio.Future,
                    timeout: float) -> dict[str, Any] | None:
        """The next valid host message; None when stop() was called. Messages of a
        wrong shape are skipped (a newer host may send some we do not know)."""
        while True:
            reading = asyncio.ensure_future(P.read_frame(reader, None, self.frame_timeout))
            done, _ = await asyncio.wait({reading, stopper}, timeout=timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
            if reading not in done:
                reading.cancel()
                with contextlib.suppress(BaseException):
                    await reading
                if stopper in done:
                    return None
                raise asyncio.TimeoutError
            message = reading.result()
            try:
                message = P.unpack(message)
                P.check_host_message(message)
            except ProtocolError as exc:
                if exc.code == P.E_UNKNOWN_TYPE:
                    continue       # a type we do not know: nothing of ours reads it
                raise
            return message

    def _check_key(self, writer: asyncio.StreamWriter) -> Words | None:
        """None when the host's certificate holds the key this client expects (or,
        for a typed address, any key: then held for reconnects), else why not."""
        address = f"{self.host}:{self.port}"
        try:
            key, fingerprint = shown_key(writer.get_extra_info("ssl_object"))
        except IdentityError as exc:
            return Words(N_("the game at {address} could not prove its key ({reason}); "
                            "nothing was sent to it"), address=address, reason=str(exc))
        if self.expect_key and fingerprint != self.expect_key:
            return Words(N_("the game at {address} holds the key {found}, not {chosen}: it "
                            "is not the game you chose (perhaps a copy under the same name); "
                            "nothing was sent to it"), address=address,
                         found=shown(fingerprint), chosen=shown(self.expect_key))
        self.host_key, self.host_fingerprint = key, fingerprint
        self.expect_key = fingerprint          # a reconnect must find the same key
        return None

    async def _not_sealed(self, exc: ssl.SSLError) -> tuple[bool, Any, str | None]:
        """A TLS handshake that failed: ask the host once in the clear what it is.
        A Rail Party before protocol 6 says its plain hello first (an older host:
        final); a busy host's door refuses in the clear, and a sealing host answers
        silence with a reject alone (both retried); a host that says nothing
        readable could not seal the connection (final, as an unreadable host)."""
        address = f"{self.host}:{self.port}"
        hello, refusal = await plain_greeting(self.host, self.port, self.connect_timeout)
        version = hello.get("version") if hello is not None else None
        if isinstance(version, int) and version < P.PROTOCOL_VERSION:
            return True, Words(N_("the host at {address} runs an older Rail Party "
                                  "(network protocol {version}, not sealed); install the "
                                  "same Rail Party version on every computer"),
                               address=address, version=version), "older_host"
        if refusal is not None and refusal.get("code") == P.R_BUSY:
            return False, refusal.get("reason"), None      # a busy door: retried
        final = refusal is None       # a reject alone: a sealing host, this time failed
        return final, Words(N_("the host at {address} did not make a sealed connection "
                              "({reason})"), address=address,
                           reason=getattr(exc, "reason", None) or str(exc)), (
                               "unreadable" if final else None)

    def _screen(self, message: dict[str, Any]) -> dict[str, Any]:
        """The message (unpacked), once this version can read it all; ProtocolError
        (ending the connection for good) if it cannot."""
        reason = inbound.problem(message, self.snapshot())
        if reason is not None:
            raise ProtocolError(reason)
        return message

    def _on_welcome(self, message: dict[str, Any]) -> None:
        name = message.get("host_name")
        if self.known_hosts is not None and self.host_key and isinstance(name, str) and name:
            replaced = self.known_hosts.remember(name, self.host_key,
                                                 self.host_fingerprint or "")
            self.replaced_key = replaced or self.replaced_key
        token = message.get("token")
        if self.role == "player" and isinstance(token, str):
            self._token = token
            if self.tokens is not None:
                self.tokens.put(self._token_key, token)
        # counted last: whoever waits for the count (the UI, a test) then finds
        # the key it replaced and the token already kept, not written a moment later
        self.connections += 1
        self._set_status("connected")

    async def _pings(self, writer: asyncio.StreamWriter) -> None:
        n = 0
        while not writer.is_closing():
            await asyncio.sleep(self.heartbeat)
            n += 1
            writer.write(P.encode({"type": "ping", "n": n}))


def _reject_cause(message: dict[str, Any]) -> str:
    return "seat_taken" if message.get("code") == P.R_IN_USE else "rejected"


def _describe(exc: BaseException) -> Words | str:
    """Why a connection failed, as words a screen can put in its language."""
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return Words(N_("timed out"))
    if isinstance(exc, asyncio.IncompleteReadError):
        return Words(N_("the host closed the connection"))
    if isinstance(exc, OSError) and exc.strerror:
        return os_reason(exc)
    return str(exc) or type(exc).__name__


# --- headless players ------------------------------------------------------------------

def run_bot(session: Session, bot: Bot, *, think: float = 0.0,
            timeout: float | None = None,
            on_message: Any = None) -> dict[str, Any]:
    """Play a seat with `bot` until the game ends; the result record (see
    protocol.result_record). Raises ClientClosed if the session ends first, or
    TimeoutError after `timeout` seconds."""
    return _follow(session, bot, think, timeout, on_message)


def run_spectator(session: Session, *, timeout: float | None = None,
                  on_message: Any = None) -> dict[str, Any]:
    """Follow a game as a spectator until its end; the result record."""
    return _follow(session, None, 0.0, timeout, on_message)


def _follow(session: Session, bot: Bot | None, think: float, timeout: float | None,
            on_message: Any) -> dict[str, Any]:
    deadline = None if timeout is None else time.monotonic() + timeout
    latest: dict[str, Any] | None = None     # the newest sync/update
    tries = 0                                # actions sent on `latest`
    while True:
        ready = (bot is not None and latest is not None and bool(latest.get("legal"))
                 and session.seat in latest.get("to_act", ()) and not session.awaiting
                 and tries < 3)
        if ready:
            batch = session.poll()
        else:
            wait = 0.5 if deadline is None else min(0.5, deadline - time.monotonic())
            if wait <= 0:
                raise TimeoutError("the game did not end in time")
            first = session.get(wait)
            batch = [] if first is None else [first, *session.poll()]
        for message in batch:
            if on_message is not None:
                on_message(message)
            kind = message.get("type")
            if kind in ("sync", "update"):
                if message.get("over"):
                    snap = session.snapshot()
                    return P.result_record(snap["game"] or "?", message["version"],
                                           message.get("result") or {})
                latest, tries = message, 0
            elif kind == "status" and message.get("status") == "closed":
                raise ClientClosed(message.get("reason") or "the connection closed")
        if not ready or batch:
            continue       # look at what is new first
        if think > 0:
            time.sleep(think)
            if not session._inbox.empty():
                continue       # something new arrived while thinking: look at it first
        assert bot is not None and latest is not None
        tries += 1
        try:
            chosen = bot.choose(latest["view"], latest["legal"])
        except Exception as exc:   # a view that passed the checks yet the bot cannot read
            raise ClientClosed(f"{CANNOT_READ} (the bot could not play on it: "
                               f"{type(exc).__name__})") from None
        session.send_action(chosen, latest["version"])
