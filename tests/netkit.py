"""Helpers for the LAN tests: hosts and clients on 127.0.0.1 with short timeouts,
raw sockets for hostile input, subprocesses of the real command line.

Every wait is a poll with a bound (a hang guard, never a timed assert).
"""

from __future__ import annotations

import os
import queue
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

from game.bots import make_bot
from net import protocol as P
from net.client import Client, TokenStore, run_bot, run_spectator
from net.host import Host
from net.tls import client_context

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = "127.0.0.1"
BOUND = 30.0          # hang guard for anything that should happen "soon"
# seats_per_address=0: these hosts seat every test player from 127.0.0.1, and
# door_rate=0 takes every test connection from it however fast they come (a fuzzer
# opens hundreds); the limits' own tests set them (tests/test_net_doors.py)
FAST_HOST = dict(heartbeat=0.2, peer_timeout=3.0, hello_timeout=2.0, frame_timeout=2.0,
                 seats_per_address=0, door_rate=0)
FAST_CLIENT = dict(heartbeat=0.2, peer_timeout=3.0, retry_delays=(0.05, 0.1, 0.2),
                   retry_for=30.0, connect_timeout=2.0)


def isolate(monkeypatch: Any, tmp_path: Path) -> None:
    """Tokens in the test's folder; zeroconf on loopback only."""
    monkeypatch.setenv("RAILPARTY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RAILPARTY_MDNS_INTERFACES", LOOPBACK)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def wait_until(predicate: Callable[[], Any], what: str, timeout: float = BOUND) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.005)


def start_host(seats: int = 2, game: str = "routes-usa", name: str = "Test rails",
               **kw: Any) -> Host:
    options = dict(FAST_HOST, bind=LOOPBACK, port=0, advertise=False, seed=7)
    options.update(kw)
    return Host(game, seats, name, **options).start()


def connect(host: Host | int, name: str | None = "P", role: str = "player",
            store: TokenStore | None = None, **kw: Any) -> Client:
    port = host if isinstance(host, int) else host.port
    options = dict(FAST_CLIENT)
    options.update(kw)
    return Client((LOOPBACK, port), name=name, role=role,
                  token_store=store if store is not None else False, **options).start()


def host_record(host: Host) -> dict[str, Any]:
    """The host's result line, once the host itself has finished the game."""
    wait_until(lambda: host.status()["phase"] == "over" and host.result is not None,
               "the host to finish the game")
    assert host.match is not None and host.result is not None
    return P.result_record(host.game, host.match.version, host.result)


class Player(threading.Thread):
    """Runs run_bot (or run_spectator) on a session in a thread; keeps the outcome."""

    def __init__(self, session: Any, bot: str | None = "greedy", seed: int = 0,
                 think: float = 0.0, on_message: Callable | None = None,
                 think_ms: int | None = None):
        super().__init__(daemon=True)
        self.session, self.bot, self.seed, self.think = session, bot, seed, think
        # the bot itself, made before the thread starts (tests look inside it)
        self.player = None if bot is None else make_bot(bot, seed, think_ms=think_ms)
        self.on_message = on_message
        self.result: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.start()

    def run(self) -> None:
        try:
            if self.bot is None:
                self.result = run_spectator(self.session, timeout=BOUND * 2,
                                            on_message=self.on_message)
            else:
                self.result = run_bot(self.session, self.player,
                                      think=self.think, timeout=BOUND * 2,
                                      on_message=self.on_message)
        except BaseException as exc:
            self.error = exc

    def outcome(self) -> dict[str, Any]:
        self.join(BOUND * 3)
        assert not self.is_alive(), "the player thread did not finish"
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result


class Raw:
    """A blocking socket that speaks frames by hand (hostile or careful)."""

    def __init__(self, port: int, timeout: float = BOUND, source: str | None = None,
                 connect_timeout: float | None = None, plain: bool = False):
        """`source`: another loopback address (127.0.0.2...) to come from, as
        another machine would; `connect_timeout`: how long the connection itself
        (and its TLS handshake) may take (default `timeout`); `plain`: no TLS, as
        a Rail Party before protocol 6."""
        where = dict(source_address=(source, 0) if source else None,
                     timeout=connect_timeout or timeout)
        self.sock = socket.create_connection((LOOPBACK, port), **where)
        # a door's refusal on the bare socket (busy) is in the clear, before any TLS:
        # then read it in the clear, as a client's probe does (net/tls.py)
        self.refused_in_clear = False
        self.pending: list[dict[str, Any]] = []
        if not plain:
            self.sock.settimeout(timeout)
            try:
                self.sock = client_context().wrap_socket(self.sock)
            except ssl.SSLError:
                self.sock.close()
                self.sock = socket.create_connection((LOOPBACK, port), **where)
                self.refused_in_clear = True
        self.sock.settimeout(timeout)
        self.buf = b""
        self.nonce: str | None = None
        self.received: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.sock.sendall(P.encode(message))
        except OSError:
            if not self.refused_in_clear:     # its refusal is read all the same
                raise

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _fill(self, n: int) -> bool:
        while len(self.buf) < n:
            try:
                chunk = self.sock.recv(65536)
            except (ConnectionResetError, BrokenPipeError, ssl.SSLError):
                return False
            if not chunk:
                return False
            self.buf += chunk
        return True

    def recv(self) -> dict[str, Any] | None:
        """The next message, or None at EOF. Raises socket.timeout as a hang guard."""
        if self.pending:
            return self.pending.pop(0)
        if not self._fill(4):
            return None
        size = P.HEADER.unpack(self.buf[:4])[0]
        assert size <= P.MAX_FRAME_BYTES
        if not self._fill(4 + size):
            return None
        body, self.buf = self.buf[4:4 + size], self.buf[4 + size:]
        message = P.unpack(P.decode_body(body))
        P.check_host_message(message)
        self.received.append(message)
        return message

    def recv_until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any] | None:
        """Read (answering pings) until a message matches; None at EOF."""
        while True:
            message = self.recv()
            if message is None:
                return None
            if message["type"] == "ping":
                self.send({"type": "pong", "n": message.get("n", 0)})
            if predicate(message):
                return message

    def host_hello(self) -> dict[str, Any]:
        """The host's hello (sent on connect; its nonce is what a seat proof answers)."""
        first = self.recv()
        if self.refused_in_clear and first is not None and first["type"] == "reject":
            self.pending.append(first)      # a sealing host's answer to silence: read next
            return first
        assert first is not None and first["type"] == "hello"
        self.nonce = first.get("nonce")
        return first

    def hello_message(self, role: str = "player", name: str | None = None,
                      token: str | None = None, **kw: Any) -> dict[str, Any]:
        """Our hello, answering the host's nonce with a proof of `token` if given."""
        proof = P.seat_proof(token, self.nonce) if token and self.nonce else None
        return P.hello_from_client(role, name, proof=proof, **kw)

    def hello(self, role: str = "spectator", **kw: Any) -> dict[str, Any]:
        """Read the host's hello, say ours; returns the welcome or reject."""
        self.host_hello()
        self.send(self.hello_message(role, **kw))
        reply = self.recv_until(lambda m: m["type"] in ("welcome", "reject"))
        assert reply is not None
        return reply

    def end_writing(self) -> None:
        """Say that nothing more will come (TLS's close_notify; a half-close in the
        clear), reading on: the host answers what it had, then closes."""
        if not isinstance(self.sock, ssl.SSLSocket):
            self.sock.shutdown(socket.SHUT_WR)
            return
        timeout = self.sock.gettimeout()
        self.sock.setblocking(False)
        try:                      # sends close_notify; its answer is read later by recv
            self.sock.unwrap()
        except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
            pass
        finally:
            self.sock.settimeout(timeout)

    def closed(self) -> bool:
        """True once the host has closed the connection (reads until EOF)."""
        while True:
            try:
                if self.recv() is None:
                    return True
            except (ConnectionError, OSError):
                return True

    def close(self) -> None:
        self.sock.close()


# --- the real command line ------------------------------------------------------------

def raw_frame(obj: Any) -> bytes:
    """One frame as the wire carries it, whatever the object holds."""
    body = msgpack.packb(obj, use_bin_type=True)
    return P.HEADER.pack(len(body)) + body


def spectator(host: Host) -> Raw:
    """A raw spectator, welcomed and synced."""
    raw = Raw(host.port)
    assert raw.hello("spectator")["type"] == "welcome"
    raw.recv_until(lambda m: m["type"] == "sync")
    return raw


def pong(raw: Raw, n: int = 99) -> bool:
    """Whether the host still answers this connection's ping."""
    raw.send({"type": "ping", "n": n})
    return raw.recv_until(lambda m: m["type"] == "pong" and m["n"] == n) is not None


class Proc:
    """`python -m game ARGS` with its stdout lines collected by a thread."""

    def __init__(self, *args: str, env: dict[str, str] | None = None):
        full_env = dict(os.environ)
        full_env.update(env or {})
        full_env["PYTHONPATH"] = str(ROOT) + os.pathsep + full_env.get("PYTHONPATH", "")
        self.args = args
        self.proc = subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT,
                                     env=full_env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.out: list[str] = []
        self.err: list[str] = []
        self.pumps = [threading.Thread(target=self._pump, args=(stream, is_out), daemon=True)
                      for stream, is_out in ((self.proc.stdout, True), (self.proc.stderr, False))]
        for pump in self.pumps:
            pump.start()

    def _pump(self, stream: Any, is_out: bool) -> None:
        for line in stream:
            (self.out if is_out else self.err).append(line.rstrip("\n"))
            if is_out:
                self.lines.put(line.rstrip("\n"))

    def wait_line(self, prefix: str, timeout: float = BOUND) -> str:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line starting {prefix!r}; stderr: {self.err[-10:]}")
            try:
                line = self.lines.get(timeout=min(left, 0.5))
            except queue.Empty:
                if self.proc.poll() is not None and self.lines.empty():
                    raise AssertionError(f"exited {self.proc.returncode} before "
                                         f"{prefix!r}; stderr: {self.err[-10:]}") from None
                continue
            if line.startswith(prefix):
                return line

    def wait_said(self, words: str, timeout: float = BOUND) -> str:
        """The first stderr line holding `words` (a status the command prints)."""
        found = wait_until(lambda: next((line for line in list(self.err) if words in line),
                                        None) or self.proc.poll() is not None,
                           f"{' '.join(self.args[:1])} to say {words!r}", timeout)
        if not isinstance(found, str):
            raise AssertionError(f"exited {self.proc.returncode} before saying {words!r}; "
                                 f"stderr: {self.err[-10:]}")
        return found

    def port(self) -> int:
        return int(self.wait_line("listening on ").rsplit(":", 1)[1])

    def finish(self, timeout: float = BOUND * 2) -> tuple[int, str]:
        """Exit code and the last stdout line."""
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError(f"still running; stderr: {self.err[-10:]}") from None
        for pump in self.pumps:
            pump.join(BOUND)
        return code, (self.out[-1] if self.out else "")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def file_size(path: Path) -> int:
    """A file's size as progress, 0 while it is not there: a host's journal is
    written after its first action and folded into the save at the end, so
    checking it exists and then reading its size races the host."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def finish_while_moving(procs: list[Proc], progress: Callable[[], Any],
                        stall: float = BOUND * 2) -> list[tuple[int, str]]:
    """Every process's exit code and last stdout line, waiting as long as the game
    moves on: `progress()` changes (a journal growing) or another process ends.
    Only `stall` seconds without either gives up, so a loaded machine that plays
    slowly is waited for, and a stuck one is not."""
    seen: Any = None
    moved = time.monotonic()
    while any(p.proc.poll() is None for p in procs):
        now = (progress(), sum(p.proc.poll() is not None for p in procs))
        if now != seen:
            seen, moved = now, time.monotonic()
        elif time.monotonic() - moved > stall:
            stuck = [" ".join(p.args[:1]) + f" (stderr {p.err[-5:]})"
                     for p in procs if p.proc.poll() is None]
            raise AssertionError(f"nothing moved for {stall:.0f} s; still running: {stuck}")
        time.sleep(0.05)
    return [p.finish() for p in procs]
