"""The authoritative LAN host: one Match, many peers, one asyncio loop.

Embedded in the game program (`Host(...).start()` runs the loop in a
background thread; every public method is thread-safe and returns at once)
or headless (`Host(...).run()` in the main thread, until the game is over).

Everything that touches the Match or the seats runs on the loop thread, one
message at a time, so there are no races: a message is validated (shape,
role, seat, phase, version, turn, legality), applied to the Match (which
saves), and every peer gets its own redacted `update`.

The host's own player plays in-process: `join_local(name, colour)` returns a
`LocalClient` (net/session.py) with the same API as a network `Client`.

After a game, `rematch()` starts a new one with the same seats (names, colours,
tokens, bots) and a new seed; every peer gets it as a fresh `sync`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from game.bots import bot_for_game, bot_names, dealer, level_name, make_bot
from game.match import Match, SaveError, Seat, new_seed
from game.rules import GAMES, IllegalAction, redact_events
from game.rules.base import Action
from game.save_check import check_action, is_int, parse_json
from game.seats import SEAT_COLORS
from net import protocol as P
from net.protocol import ProtocolError, encode
from net.session import LocalClient

log = logging.getLogger("railparty.net.host")

READ_CHUNK_BYTES = 64 * 1024
LINGER_CLOSE_SECONDS = 1.0    # how long a closing flooder's data is read and dropped
LINGER_SECONDS = 2.0     # after the last update, how long a headless host waits for goodbyes
RETIRE_LINGER_SECONDS = 1.0   # a connection whose seat was taken is closed this much later
DROP_POLICIES = ("bot", "pause")


def clean_name(value: Any, fallback: str) -> str:
    """A display name: printable characters only, trimmed to MAX_NAME_CHARS."""
    if not isinstance(value, str):
        return fallback
    text = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())[:P.MAX_NAME_CHARS]
    return text or fallback


@dataclass
class SeatSlot:
    """One seat as the host sees it, in the lobby and during play."""

    kind: str = "open"              # "open" (lobby only), "human" or "bot"
    name: str | None = None
    color: str | None = None
    bot: str | None = None          # the bot playing it (also a stand-in for a human)
    token: str | None = None
    connected: bool = False
    local: bool = False
    peer: Peer | None = None
    drop_handle: asyncio.TimerHandle | None = field(default=None, repr=False)

    def public(self, index: int) -> dict[str, Any]:
        return {"seat": index, "name": self.name, "color": self.color, "kind": self.kind,
                "bot": self.bot, "connected": self.connected if self.kind == "human"
                else self.kind == "bot"}


class Peer:
    """One connection (network or in-process)."""

    _ids = 0

    def __init__(self, addr: str, writer: asyncio.StreamWriter | None = None):
        Peer._ids += 1
        self.id = Peer._ids
        self.addr = addr
        self.writer = writer
        self.role: str | None = None      # None until its hello is accepted
        self.seat: int | None = None
        self.closed = False
        self.writing_done = False         # half closed: see stop_writing
        self.said_bye = False
        self.retired = False              # its seat was taken over: ignored until closed
        self.bad_frames = 0
        self.bucket = float(P.FRAME_BURST)
        self.byte_bucket = float(P.PEER_BYTE_BURST)
        self.cpu_bucket = P.PEER_CPU_BURST
        self.bucket_at = time.monotonic()
        self.ip = addr.rsplit(":", 1)[0]
        self.connected_at = time.monotonic()
        self.last_heard = time.monotonic()   # when its last frame arrived
        self.nonce = P.new_nonce()           # the challenge its seat proof answers
        self.bytes_sent = 0
        self.task: asyncio.Task | None = None

    def arrived(self, now: float, size: int, silence_limit: float) -> bool:
        """Bytes arrived at `now`: refill the budgets by arrival time; False when the
        peer sends more bytes than allowed. After a silence the frame budget may
        hold what an honest peer queued meanwhile (see protocol.FRAME_BURST)."""
        silence = min(max(0.0, now - self.last_heard), silence_limit)
        cap = P.FRAME_BURST + silence * P.MAX_FRAMES_PER_SECOND
        elapsed = max(0.0, now - self.bucket_at)
        self.bucket = min(cap, self.bucket + elapsed * P.MAX_FRAMES_PER_SECOND)
        self.byte_bucket = min(float(P.PEER_BYTE_BURST),
                               self.byte_bucket + elapsed * P.PEER_BYTES_PER_SECOND) - size
        self.cpu_bucket = min(P.PEER_CPU_BURST, self.cpu_bucket + elapsed * P.PEER_CPU_SHARE)
        self.bucket_at = self.last_heard = now
        return self.byte_bucket >= 0

    def take_frame(self) -> bool:
        """One frame of what arrived: False when the peer sends faster than allowed."""
        if self.bucket < 1.0:
            return False
        self.bucket -= 1.0
        return True

    def spend_cpu(self, seconds: float) -> bool:
        """Time spent decoding and handling its frames: False when over its share."""
        self.cpu_bucket -= seconds
        return self.cpu_bucket >= 0

    def send_frame(self, frame: bytes) -> None:
        writer = self.writer
        if (self.closed or self.writing_done or writer is None
                or writer.transport.is_closing()):
            return
        try:
            writer.write(frame)
        except (RuntimeError, OSError) as exc:
            # one broken connection must never stop a broadcast to everyone else
            log.info("cannot write to %s (%s); dropping it", self.addr, exc)
            self.abort()
            return
        self.bytes_sent += len(frame)
        if writer.transport.get_write_buffer_size() > P.MAX_SEND_BUFFER_BYTES:
            log.info("peer %s does not read its messages; dropping it", self.addr)
            self.abort()

    def send(self, message: dict[str, Any]) -> None:
        self.send_frame(encode(message))

    def stop_writing(self) -> None:
        """Half close: what was written is sent, then EOF; nothing more is written
        (updates and pings skip it) while its last data is read and dropped."""
        self.writing_done = True
        writer = self.writer
        if writer is not None and not writer.transport.is_closing() and writer.can_write_eof():
            writer.write_eof()

    def close(self) -> None:
        """Close after what was written is sent."""
        if not self.closed:
            self.closed = True
            if self.writer is not None:
                self.writer.close()

    def abort(self) -> None:
        self.closed = True
        if self.writer is not None:
            self.writer.transport.abort()


class LocalPeer(Peer):
    """The host's own player: messages go straight to a LocalClient's queue."""

    def __init__(self, client: LocalClient):
        super().__init__("in-process")
        self.client = client

    def send_frame(self, frame: bytes) -> None:
        if not self.closed:
            self.client._deliver(P.decode_body(frame[P.HEADER.size:]))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.client._closed_by_host()

    abort = close


# saves and journals hold every seat token: only their owner may read them
PRIVATE_FILE_MODE = 0o600
SAVE_INTERVAL_SECONDS = 0.5     # the full save trails the journal by at most about this


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def load_hosted(path: str | Path, force: bool = False) -> Match:
    """A hosted game as it was last played: its save plus the journal beside it.

    SaveError (from Match.load) when the save cannot be used. Journal lines past
    the save are replayed. Only a torn last line (a host killed while writing
    it, so no player heard of that action) may be dropped; a damaged line
    anywhere else is a SaveError naming it and what a forced resume (`force`:
    stop before it) would lose, since players already saw those actions.
    """
    path = Path(path)
    match = Match.load(path, keep_saving=False)
    try:
        raw = journal_path(path).read_bytes()
    except OSError:
        return match
    lines = raw.split(b"\n")
    torn_tail = lines[-1] != b""          # a complete journal ends with a newline
    if not torn_tail:
        lines.pop()
    players = len(match.seats)
    for number, line in enumerate(lines, 1):
        problem = None
        try:
            entry = parse_json(line, f"line {number}")
            if not (isinstance(entry, list) and len(entry) == 3 and is_int(entry[0])):
                raise SaveError("not a [version, seat, action] entry")
            version = entry[0]
            seat, action = check_action(entry[1:], f"line {number}", players)
        except SaveError as exc:
            problem = str(exc)
        if problem is None and version <= match.version:
            continue
        if problem is None and version != match.version + 1:
            problem = f"it jumps from action {match.version} to {version}"
        if problem is None:
            try:
                match.state.apply(seat, action)
                continue
            except IllegalAction as exc:
                problem = f"the rules refuse it ({exc})"
            except Exception:
                problem = "the rules cannot read it"
        if number == len(lines) and torn_tail:
            break                          # the torn last line: no one heard of it
        if force:
            log.warning("forced resume of %s: dropping the journal from line %s", path, number)
            break
        later = len(lines) - number + 1
        raise SaveError(
            f"the journal of {path} is damaged at line {number} of {len(lines)}: {problem}. "
            f"Players have seen what it records; a forced resume (--force-resume) would "
            f"go back to action {match.version} and lose the {later} journal line"
            f"{'s' if later != 1 else ''} from line {number} on.")
    return match


class HostSave:
    """The host's save: a Match save (Match.load reads it) plus an append-only journal.

    Every applied action is appended to `FILE.journal` before any peer hears of
    it: one small write, so a killed host resumes (`load_hosted`) with every
    action a player saw, and no disk flush delays the update. A background thread
    rewrites the full save (temp file, fsync, rename) at most every
    SAVE_INTERVAL_SECONDS and flushes the journal, so a power cut loses at most
    that last moment; with `fsync=True` the journal is flushed before every
    update instead. At the end the full save is written and the journal removed.
    Methods other than the thread's own are called on the host's loop thread.
    """

    def __init__(self, path: Path, fsync: bool = False):
        self.path = path
        self.journal = journal_path(path)
        self.fsync = fsync
        self.error: str | None = None
        self._fd: int | None = None
        self._cond = threading.Condition()
        self._handoff: dict[str, Any] | None = None
        self._closed = False
        self._thread: threading.Thread | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._dirty = False

    def begin(self, match: Match) -> None:
        """Write the whole save now and start a fresh journal after it."""
        self._write_full(match.to_save())
        self._closed = False
        if self._fd is not None:
            os.close(self._fd)
        self._fd = os.open(self.journal, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND,
                           PRIVATE_FILE_MODE)
        os.fchmod(self._fd, PRIVATE_FILE_MODE)     # an older journal may have been 0644
        if self._thread is None:
            self._thread = threading.Thread(target=self._writer, daemon=True,
                                            name="railparty-save")
            self._thread.start()

    def record(self, match: Match, loop: asyncio.AbstractEventLoop) -> None:
        """Journal the action just applied (call before the update goes out)."""
        if self._fd is None:
            return
        seat, action = match.state.history[-1]
        line = json.dumps([match.version, seat, action], separators=(",", ":")) + "\n"
        os.write(self._fd, line.encode("utf-8"))
        if self.fsync:
            os.fdatasync(self._fd)
        self._dirty = True
        if self._timer is None:
            self._timer = loop.call_later(SAVE_INTERVAL_SECONDS, self._snapshot, match)

    def _snapshot(self, match: Match) -> None:
        self._timer = None
        if self._dirty:
            self._dirty = False
            data = match.to_save()
            with self._cond:
                self._handoff = data
                self._cond.notify()

    def finish(self, match: Match | None) -> None:
        """Stop the thread, write the whole save, drop the journal."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        with self._cond:
            self._closed = True
            self._cond.notify()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
        if match is not None and self._fd is not None:
            try:
                self._write_full(match.to_save())
            except OSError as exc:
                self.error = str(exc)
                log.error("could not save the game to %s: %s", self.path, exc)
                return           # keep the journal: it holds what the save lacks
            with contextlib.suppress(OSError):
                os.unlink(self.journal)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _write_full(self, data: dict[str, Any]) -> None:
        raw = json.dumps(data, separators=(",", ":")).encode("utf-8")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.host.tmp")
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE_MODE)
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        with contextlib.suppress(OSError):
            dfd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)

    def _writer(self) -> None:
        while True:
            with self._cond:
                while self._handoff is None and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                data, self._handoff = self._handoff, None
            try:
                if self._fd is not None:
                    os.fdatasync(self._fd)
                self._write_full(data)
            except OSError as exc:
                self.error = str(exc)
                log.error("could not save the game to %s: %s", self.path, exc)


class Host:
    """A LAN game host. See the module docstring; the CLI is `railparty host`."""

    def __init__(self, game: str = "routes-usa", seats: int = 4, name: str = "Rail Party", *,
                 bind: str = "0.0.0.0", port: int = 0, seed: int | None = None,
                 options: dict[str, Any] | None = None, save_path: str | Path | None = None,
                 resume: Match | None = None, advertise: bool = True,
                 interfaces: list[str] | None = None, fill_bot: str = "greedy",
                 standin_bot: str = "greedy", on_drop: str = "bot",
                 drop_timeout: float = P.DROP_TIMEOUT_SECONDS,
                 heartbeat: float = P.HEARTBEAT_SECONDS,
                 peer_timeout: float = P.PEER_TIMEOUT_SECONDS,
                 hello_timeout: float = P.HELLO_TIMEOUT_SECONDS,
                 frame_timeout: float = P.FRAME_TIMEOUT_SECONDS,
                 bot_delay: float = 0.0, auto_start: bool = False,
                 start_after: float | None = None, exit_when_over: bool = False,
                 linger: float = LINGER_SECONDS,
                 on_listening: Callable[[Host], None] | None = None,
                 fsync: bool = False, turn_timeout: float | None = None,
                 think_ms: int | None = None):
        if resume is not None:
            game, seats = resume.game_id, len(resume.seats)
        info = GAMES.get(game)
        if info is None:
            raise ValueError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
        if not info.min_players <= seats <= info.max_players:
            raise ValueError(f"{info.name} takes {info.min_players}-{info.max_players} players")
        for bot in (fill_bot, standin_bot):
            if bot not in bot_names():
                raise ValueError(f"unknown bot {bot!r}; bots are {', '.join(bot_names())}")
        if on_drop not in DROP_POLICIES:
            raise ValueError(f"on_drop must be one of {', '.join(DROP_POLICIES)}")
        self.game = game
        self.name = clean_name(name, "Rail Party")
        self.bind, self.port = bind, port
        self.seed = new_seed() if seed is None else seed
        self.options = dict(options or {})
        self.save_path = Path(save_path) if save_path else None
        self._saver = HostSave(self.save_path, fsync) if self.save_path else None
        self.advertise, self.interfaces = advertise, interfaces
        # only bots this game offers: a stand-in must never be one that cannot play
        self.fill_bot = bot_for_game(game, fill_bot)
        self.standin_bot = bot_for_game(game, standin_bot)
        self.on_drop, self.drop_timeout = on_drop, drop_timeout
        self.heartbeat, self.peer_timeout = heartbeat, peer_timeout
        self.hello_timeout, self.frame_timeout = hello_timeout, frame_timeout
        self.bot_delay = bot_delay
        # the Hard (search) bot's think time per move (None: its default)
        self.think_ms = think_ms
        # a connected player who does not act within this many seconds has that turn
        # played by the stand-in bot (None or 0: no timer)
        self.turn_timeout = turn_timeout or None
        self._turn_timers: dict[int, tuple[int, asyncio.TimerHandle]] = {}
        self._timer_bots: dict[int, Any] = {}
        self.auto_start, self.start_after = auto_start, start_after
        self.exit_when_over, self.linger = exit_when_over, linger
        self.on_listening = on_listening

        self.match: Match | None = resume
        if resume is not None:
            resume.set_think_ms(think_ms)
        self.phase = "lobby"
        self.slots = [SeatSlot() for _ in range(seats)]
        if resume is not None:
            if self.save_path is None:
                self.save_path = resume.save_path
            resume.save_path = None           # the host saves (SaveWriter)
            self.phase = "over" if resume.state.is_over else "playing"
            for slot, seat in zip(self.slots, resume.seats, strict=True):
                slot.kind = "human" if seat.token else "bot"
                slot.name, slot.color, slot.bot, slot.token = (seat.name, seat.color, seat.bot,
                                                               seat.token)
                slot.connected = False
                seat.connected = slot.kind == "bot"
        self.result: dict[str, Any] | None = (
            resume.state.result() if resume is not None and resume.state.is_over else None)

        self.games_started = 0  # a rematch starts another game on the same connections
        self.peers: set[Peer] = set()
        # per seat: the version at which its legal actions or private view last
        # changed (or it acted), and a fingerprint of them (see net/protocol.py)
        self._marks: list[int] = [0] * seats
        self._prints: list[bytes | None] = [None] * seats
        self._seat_cache: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        self._cache_version = -1
        if resume is not None:
            self._refresh_marks()
        self._handshaking: OrderedDict[int, Peer] = OrderedDict()
        self.advertised_name: str | None = None
        self.startup_error: str | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._stopping: asyncio.Event | None = None
        self._stop_reason = "the host has stopped the game"
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._bot_handle: asyncio.Handle | None = None
        # a bot thinks on this thread, never on the loop (a search takes a second)
        self._bot_thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="host-bot")
        self._bot_thinking = False
        self._advertiser = None
        self._advert_task: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._status: dict[str, Any] = {}
        self._ping_n = 0
        # how long each player's action took here: checks, rules, journal, every update
        self.action_seconds: deque[float] = deque(maxlen=10000)
        self._refresh_status()

    # ======================================================================
    # Running
    # ======================================================================

    def start(self, timeout: float = 10.0) -> Host:
        """Run the host's loop in a background thread; returns once it listens.
        Raises OSError (e.g. the port is taken) if it cannot listen."""
        self._thread = threading.Thread(target=self._thread_main, name="railparty-host",
                                        daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the host did not start listening in time")
        if self.startup_error:
            raise OSError(self.startup_error)
        return self

    def _thread_main(self) -> None:
        try:
            asyncio.run(self.serve())
        except Exception as exc:
            self.startup_error = self.startup_error or str(exc)
            log.exception("the host stopped with an error")
            self._ready.set()

    def run(self) -> dict[str, Any] | None:
        """Run in this thread until stopped (or the game is over with exit_when_over)."""
        return asyncio.run(self.serve(handle_signals=True))

    def stop(self, reason: str = "the host has stopped the game", wait: float = 5.0) -> None:
        """Stop serving (thread-safe): every peer gets `bye`, the service is unregistered."""
        loop, thread = self._loop, self._thread
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._request_stop, reason)
        if thread is not None and thread is not threading.current_thread():
            thread.join(wait)

    @property
    def address(self) -> tuple[str, int]:
        return (self.bind, self.port)

    def status(self) -> dict[str, Any]:
        """A snapshot for the host's lobby screen (thread-safe, read-only)."""
        return self._status

    # --- thread-safe controls for the in-process lobby -------------------------

    def _call(self, fn: Any, *args: Any) -> None:
        if self._loop is None:
            raise RuntimeError("the host is not running")
        self._loop.call_soon_threadsafe(fn, *args)

    def start_game(self) -> None:
        """Fill the open seats with bots and start (from any thread)."""
        self._call(self._start_game)

    def hand_to_bot(self, seat: int) -> None:
        """Let a bot play a disconnected player's seat until the player returns."""
        self._call(self._stand_in, seat)

    def set_drop_policy(self, policy: str, timeout: float | None = None) -> None:
        if policy not in DROP_POLICIES:
            raise ValueError(f"policy must be one of {', '.join(DROP_POLICIES)}")

        def apply() -> None:
            self.on_drop = policy
            if timeout is not None:
                self.drop_timeout = timeout
        self._call(apply)

    def rematch(self, seed: int | None = None) -> None:
        """After a game is over: a new game with the same seats (names, colours,
        tokens, bots) and a new seed; every peer gets it as a fresh `sync`."""
        self._call(self._rematch, seed)

    def join_local(self, name: str = "Host", color: str | None = None,
                   role: str = "player", token: str | None = None) -> LocalClient:
        """The host's own player (or a local kiosk with role="spectator"); `token`
        reclaims a seat (e.g. in a resumed game: the tokens are in the save)."""
        client = LocalClient(self, role=role, name=name, color=color)
        client._token = token
        self._call(self._attach_local, client)
        return client

    # ======================================================================
    # The loop
    # ======================================================================

    async def serve(self, handle_signals: bool = False) -> dict[str, Any] | None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        try:
            self._server = await asyncio.start_server(self._on_connect, self.bind, self.port,
                                                      backlog=128)
        except OSError as exc:
            self.startup_error = f"cannot listen on {self.bind}:{self.port}: {exc.strerror}"
            self._ready.set()
            raise
        self.port = self._server.sockets[0].getsockname()[1]
        if handle_signals:
            import signal
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    self._loop.add_signal_handler(sig, self._request_stop,
                                                  "the host was stopped")
        self._refresh_status()
        self._ready.set()
        if self.on_listening is not None:
            self.on_listening(self)
        if self.advertise:
            self._advert_task = self._spawn(self._advertise())
        heartbeat = self._spawn(self._heartbeat_loop())
        if self.match is not None:
            self._save_begin()             # a resumed game: its whole save, a new journal
        if self.phase == "playing":
            for index, slot in enumerate(self.slots):
                if slot.kind == "human" and slot.bot is None:
                    self._start_drop_timer(index)
            self._schedule_bots()
            self._arm_turn_timers()
        elif self.phase == "over" and self.exit_when_over:
            self._spawn(self._finish())
        if self.phase == "lobby" and self.start_after is not None:
            self._loop.call_later(max(0.0, self.start_after), self._start_game)
        try:
            await self._stopping.wait()
        finally:
            heartbeat.cancel()
            await self._shutdown()
        return self.result

    def _spawn(self, coro: Any) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _request_stop(self, reason: str) -> None:
        self._stop_reason = reason
        if self._stopping is not None:
            self._stopping.set()

    async def _shutdown(self) -> None:
        if self._server is not None:
            self._server.close()
        if self._bot_handle is not None:
            self._bot_handle.cancel()
        self._bot_thinker.shutdown(wait=False, cancel_futures=True)
        for peer in list(self.peers):
            with contextlib.suppress(Exception):
                peer.send(P.bye(self._stop_reason, P.BYE_STOPPED))
            peer.close()
        tasks = [p.task for p in self.peers if p.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=1.0)
        for peer in list(self.peers):
            peer.abort()
        for task in list(self._tasks):
            if task is not self._advert_task:
                task.cancel()
        if self._advert_task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._advert_task, 3.0)
        if self._advertiser is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._advertiser.close(), 5.0)
        if self._saver is not None:
            self._saver.finish(self.match)
        self._refresh_status(stopped=True)

    async def _advertise(self) -> None:
        from net.discovery import Advertiser

        try:
            advertiser = Advertiser(self.name, self.port, self.game, len(self.slots),
                                    self._free_seats(), self.phase, bind=self.bind,
                                    interfaces=self.interfaces)
            self._advertiser = advertiser
            self.advertised_name = await advertiser.start()
            log.info("advertised as %r", self.advertised_name)
            self._refresh_status()
        except Exception as exc:
            log.warning("could not advertise the game on the LAN: %s", exc)

    def _update_advert(self) -> None:
        if self._advertiser is not None and self._advertiser._info is not None:
            self._spawn(self._advertiser.update(free=self._free_seats(), phase=self.phase))

    async def _heartbeat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            self._ping_n += 1
            frame = encode({"type": "ping", "n": self._ping_n})
            for peer in list(self.peers):
                if peer.role is not None and not isinstance(peer, LocalPeer):
                    peer.send_frame(frame)

    # ======================================================================
    # Connections
    # ======================================================================

    async def _on_connect(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        info = writer.get_extra_info("peername")
        peer = Peer(f"{info[0]}:{info[1]}" if isinstance(info, tuple) else "?", writer)
        peer.task = asyncio.current_task()
        peer.send(P.hello_from_host(self.name, self.game, peer.nonce))
        if (len(self.peers) >= P.MAX_CONNECTIONS or (self._stopping and self._stopping.is_set())
                or not self._admit(peer)):
            peer.send(P.reject(P.R_BUSY, "the host has too many connections; try again soon"))
            peer.close()
            return
        self.peers.add(peer)
        self._handshaking[peer.id] = peer
        try:
            await self._read_loop(peer, reader)
        except Exception:
            log.exception("connection %s failed", peer.addr)
        finally:
            self._gone(peer)
            peer.close()

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

    def _admit(self, peer: Peer) -> bool:
        """Room for a connection that has not said hello yet? Strangers never push
        out a connection about to say hello: one address may hold only
        MAX_HANDSHAKING_PER_ADDRESS of them, and when all MAX_HANDSHAKING places are
        taken, only one older than HANDSHAKE_GRACE_SECONDS from the busiest address
        gives way (each also has the hello deadline); else the newcomer is refused."""
        waiting = list(self._handshaking.values())
        if sum(1 for p in waiting if p.ip == peer.ip) >= P.MAX_HANDSHAKING_PER_ADDRESS:
            return False
        if len(waiting) < P.MAX_HANDSHAKING:
            return True
        per_ip: dict[str, int] = {}
        for p in waiting:
            per_ip[p.ip] = per_ip.get(p.ip, 0) + 1
        now = time.monotonic()
        old = [p for p in waiting if now - p.connected_at >= P.HANDSHAKE_GRACE_SECONDS]
        if not old:
            return False
        victim = max(old, key=lambda p: (per_ip[p.ip], -p.connected_at))
        self._handshaking.pop(victim.id, None)
        victim.send(P.reject(P.R_BUSY, "no hello in time while others wait"))
        victim.abort()
        self._gone(victim)
        return True

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

    def _gone(self, peer: Peer) -> None:
        """A connection ended (closed, dropped, or replaced)."""
        if peer not in self.peers:
            return
        self.peers.discard(peer)
        self._handshaking.pop(peer.id, None)
        seat = peer.seat
        if peer.role == "player" and seat is not None and self.slots[seat].peer is peer:
            slot = self.slots[seat]
            slot.peer = None
            if self.phase == "lobby" and peer.said_bye:
                self.slots[seat] = SeatSlot()
            elif self.phase == "lobby":
                # gone without a goodbye: kept for a reconnect, freed after the
                # heartbeat limit so a crashed guest does not hold a seat forever
                slot.connected = False
                if slot.drop_handle is not None:
                    slot.drop_handle.cancel()
                if self._loop is not None:
                    slot.drop_handle = self._loop.call_later(self.peer_timeout,
                                                             self._free_lobby_seat, seat, slot)
            else:
                slot.connected = False
                if self.match is not None:
                    self.match.seats[seat].connected = False
                if self.phase == "playing":
                    self._start_drop_timer(seat)
            log.info("seat %s (%s) disconnected", seat, slot.name)
            self._seats_changed()
        self._refresh_status()

    def _attach_local(self, client: LocalClient) -> None:
        peer = LocalPeer(client)
        client._peer = peer
        self.peers.add(peer)
        proof = P.seat_proof(client._token, peer.nonce) if client._token else None
        self._on_message(peer, P.hello_from_client(client.role, client.name, client.color,
                                                   proof))

    # ======================================================================
    # Messages
    # ======================================================================

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

    def _on_hello(self, peer: Peer, message: dict[str, Any]) -> None:
        problem = P.hello_problem(message, "host")
        if problem is None and message.get("role", "player") not in P.ROLES:
            problem = (P.R_BAD_HELLO, "role must be player or spectator")
        if problem is not None:
            peer.send(P.reject(*problem))
            peer.close()
            return
        role = message.get("role", "player")
        self._handshaking.pop(peer.id, None)
        if role == "spectator":
            watching = sum(1 for p in self.peers if p.role == "spectator")
            if watching >= P.MAX_SPECTATORS:
                peer.send(P.reject(P.R_FULL, f"this game already has {watching} spectators"))
                peer.close()
                return
            peer.role = "spectator"
            self._welcome(peer)
            self._refresh_status()
            return
        proof = message.get("proof")
        index = self._seat_of_proof(proof, peer.nonce) if isinstance(proof, str) else None
        holder = self.slots[index].peer if index is not None else None
        if holder is not None and holder is not peer and not holder.closed and (
                isinstance(holder, LocalPeer) or time.monotonic() - holder.last_heard
                < P.TAKEOVER_HEARTBEATS * self.heartbeat):
            peer.send(P.reject(P.R_IN_USE, "this seat is played by a connection that is "
                                           "still answering; it can be taken back once "
                                           "that one goes silent"))
            peer.close()
            return
        fresh = index is None
        if index is None:
            if self.phase != "lobby":
                peer.send(P.reject(P.R_STARTED, "the game has already started and every seat "
                                                "is taken; you can watch it as a spectator"))
                peer.close()
                return
            index = next((i for i, s in enumerate(self.slots) if s.kind == "open"), None)
            if index is None:
                peer.send(P.reject(P.R_FULL, f"all {len(self.slots)} seats are taken; you "
                                             "can watch as a spectator"))
                peer.close()
                return
            slot = self.slots[index]
            slot.kind = "human"
            slot.name = self._unique_name(clean_name(message.get("name"),
                                                     f"Player {index + 1}"), index)
            slot.color = self._pick_color(message.get("color"), index)
            slot.token = secrets.token_urlsafe(18)
            slot.local = isinstance(peer, LocalPeer)
        slot = self.slots[index]
        old = slot.peer
        if old is not None and old is not peer:
            old.seat = None
            old.send(P.bye("your seat was taken over by a new connection", P.BYE_TAKEN))
            old.retired = True       # heard no more; closed a moment later, so that it
            if self._loop is not None:   # reads the bye before the connection goes
                self._loop.call_later(RETIRE_LINGER_SECONDS, old.close)
            else:
                old.close()
        peer.role, peer.seat = "player", index
        slot.peer, slot.connected = peer, True
        if slot.drop_handle is not None:
            slot.drop_handle.cancel()
            slot.drop_handle = None
        if self.match is not None:
            self.match.seats[index].connected = True
            if slot.bot is not None:        # a stand-in bot hands the seat back
                slot.bot = None
                self.match.set_bot(index, None)
                self._arm_turn_timers()
        log.info("seat %s taken by %s (%s)", index, slot.name, peer.addr)
        self._welcome(peer, fresh)
        self._seats_changed(skip=peer)
        if self.phase == "lobby" and self.auto_start and self._free_seats() == 0:
            self._start_game()

    def _welcome(self, peer: Peer, fresh: bool = False) -> None:
        """`fresh`: a newly given seat, whose welcome carries its token (the only
        time the token crosses the wire)."""
        slot = self.slots[peer.seat] if peer.seat is not None else None
        peer.send({"type": "welcome", "role": peer.role, "seat": peer.seat,
                   "token": slot.token if slot and fresh else None, "game": self.game,
                   "host_name": self.name, "players": len(self.slots),
                   "heartbeat": self.heartbeat, "timeout": self.peer_timeout})
        peer.send(self._sync_for(peer.seat))

    def _on_seat(self, peer: Peer, message: dict[str, Any]) -> None:
        if self.phase != "lobby":
            peer.send(P.error(P.E_NOT_PLAYING, "names and colours are fixed once the game "
                                               "has started"))
            return
        if peer.seat is None:
            peer.send(P.error(P.E_SPECTATOR, "spectators have no seat to change"))
            return
        slot = self.slots[peer.seat]
        color = message.get("color")
        if color is not None:
            if color not in SEAT_COLORS:
                peer.send(P.error(P.E_LOBBY, f"colours are {', '.join(SEAT_COLORS)}"))
                return
            if any(s.color == color for i, s in enumerate(self.slots) if i != peer.seat):
                peer.send(P.error(P.E_LOBBY, f"{color} is taken by another player"))
                return
            slot.color = color
        if message.get("name") is not None:
            slot.name = self._unique_name(clean_name(message["name"], slot.name or "Player"),
                                          peer.seat)
        self._seats_changed()

    def _on_action(self, peer: Peer, message: dict[str, Any]) -> None:
        started = time.perf_counter()
        version = self.match.version if self.match is not None else 0
        if peer.role != "player" or peer.seat is None:
            peer.send(P.error(P.E_SPECTATOR, "spectators watch the game; they cannot play",
                              version))
            return
        if self.phase != "playing" or self.match is None:
            reason = ("the game has not started yet" if self.phase == "lobby"
                      else "the game is over")
            peer.send(P.error(P.E_NOT_PLAYING, reason, version))
            return
        seat = peer.seat
        if message["seat"] != seat:
            peer.send(P.error(P.E_NOT_YOUR_SEAT, f"you play seat {seat}; seat "
                                                 f"{message['seat']} is not yours", version))
            return
        if not self._marks[seat] <= message["version"] <= version:
            peer.send(P.error(P.E_STALE, f"your choices changed at version "
                                         f"{self._marks[seat]} (now {version}; your action "
                                         f"answered {message['version']}); look again "
                                         "and choose", version))
            return
        state = self.match.state
        if seat not in state.to_act:
            peer.send(P.error(P.E_NOT_YOUR_TURN, "it is not your turn", version))
            return
        try:
            events = self._apply(seat, message["action"])
        except IllegalAction as exc:
            peer.send(P.error(P.E_ILLEGAL, str(exc)[:P.MAX_REASON_CHARS], version))
            return
        self._after_action(events, first=peer)
        self.action_seconds.append(time.perf_counter() - started)

    def _apply(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply a checked action to the Match (which saves). The real state is only
        touched by actions in the legal list or ones a copy of the state accepted."""
        assert self.match is not None
        state = self.match.state
        if action not in state.legal_actions(seat):
            probe = state.clone()
            try:
                probe.apply(seat, action)
            except IllegalAction:
                raise
            except Exception:
                log.exception("the rules failed on an action from seat %s", seat)
                raise IllegalAction("that is not an action the rules allow now") from None
        events = self.match.apply(seat, action)
        self._save()
        self._refresh_marks(acted=seat)
        return events

    def _save(self) -> None:
        if self._saver is not None and self.match is not None and self._loop is not None:
            try:
                self._saver.record(self.match, self._loop)
            except OSError as exc:          # applied, but not saved: keep playing
                log.error("could not save the game to %s: %s", self.save_path, exc)

    def _save_begin(self) -> None:
        if self._saver is not None and self.match is not None:
            try:
                self._saver.begin(self.match)
            except OSError as exc:
                log.error("could not save the game to %s: %s", self.save_path, exc)

    # ======================================================================
    # Game flow
    # ======================================================================

    def _start_game(self) -> None:
        if self.phase != "lobby":
            return
        n = 0
        for index, slot in enumerate(self.slots):
            if slot.kind == "open":
                n += 1
                slot.kind, slot.bot = "bot", bot_for_game(self.game, self.fill_bot)
                slot.name = f"{level_name(slot.bot)} bot {n}"
                slot.color = self._pick_color(None, index)
        seats = [Seat(name=s.name or f"Player {i + 1}", color=s.color or "red",
                      bot=s.bot if s.kind == "bot" else None, token=s.token,
                      connected=s.connected or s.kind == "bot")
                 for i, s in enumerate(self.slots)]
        self._new_match(seats)
        self._save_begin()
        self.phase = "playing"
        log.info("game started")
        for index, slot in enumerate(self.slots):
            if slot.kind == "human" and not slot.connected:
                self._start_drop_timer(index)
        for peer in list(self.peers):
            if peer.role is not None:
                peer.send(self._sync_for(peer.seat))
        self._update_advert()
        self._refresh_status()
        self._schedule_bots()
        self._arm_turn_timers()

    def _new_match(self, seats: list[Seat]) -> None:
        self.match = Match(self.game, seats, self.seed, dict(self.options),
                           think_ms=self.think_ms)
        self.games_started += 1
        self._seat_cache, self._cache_version = {}, -1
        self._marks = [0] * len(seats)
        self._prints = [None] * len(seats)
        self._refresh_marks()

    def _rematch(self, seed: int | None) -> None:
        if self.phase != "over" or self.match is None:
            log.info("a rematch starts only after a game is over")
            return
        self.seed = new_seed() if seed is None else seed
        seats = [Seat(name=s.name or f"Player {i + 1}", color=s.color or "red",
                      bot=s.bot, token=s.token, connected=s.connected or s.kind == "bot")
                 for i, s in enumerate(self.slots)]
        self._new_match(seats)
        self.result = None
        self._save_begin()
        self.phase = "playing"
        log.info("rematch started")
        self._arm_turn_timers()
        for index, slot in enumerate(self.slots):
            if slot.kind == "human" and not slot.connected and slot.bot is None:
                self._start_drop_timer(index)
        for peer in list(self.peers):
            if peer.role is not None:
                peer.send(self._sync_for(peer.seat))
        self._update_advert()
        self._refresh_status()
        self._schedule_bots()

    def _after_action(self, events: list[dict[str, Any]], first: Peer | None = None) -> None:
        assert self.match is not None
        self._broadcast_update(events, first)
        if self.match.state.is_over:
            self._game_over()
        else:
            self._schedule_bots()
        self._arm_turn_timers()
        self._refresh_status()

    # --- the turn timer -------------------------------------------------------------

    def _arm_turn_timers(self) -> None:
        """One timer per human seat to act, from the moment its choice changed."""
        running = self.turn_timeout and self.phase == "playing" and self.match is not None
        to_act = set(self.match.state.to_act) if running and self.match is not None else set()
        for seat, (mark, handle) in list(self._turn_timers.items()):
            if (seat not in to_act or mark != self._marks[seat]
                    or self.slots[seat].bot is not None):
                handle.cancel()
                del self._turn_timers[seat]
        if not running or self._loop is None:
            return
        for seat in sorted(to_act):
            slot = self.slots[seat]
            if slot.kind == "human" and slot.bot is None and seat not in self._turn_timers:
                mark = self._marks[seat]
                self._turn_timers[seat] = (mark, self._loop.call_later(
                    self.turn_timeout, self._turn_timed_out, seat, mark))

    def _turn_timed_out(self, seat: int, mark: int) -> None:
        self._turn_timers.pop(seat, None)
        if (self.phase != "playing" or self.match is None or self._marks[seat] != mark
                or seat not in self.match.state.to_act or self.slots[seat].bot is not None):
            return
        bot = self._timer_bots.get(seat)
        if bot is None:
            bot = self._timer_bots[seat] = make_bot(bot_for_game(self.game, self.standin_bot),
                                                    secrets.randbits(64), think_ms=self.think_ms)
        state = self.match.state
        view, legal, deal = state.view(seat), state.legal_actions(seat), dealer(state, seat)
        self._think(lambda: bot.choose(view, legal, deal),
                    lambda action: self._timer_bot_done(seat, mark, action))

    def _timer_bot_done(self, seat: int, mark: int, action: Action | BaseException) -> None:
        if (self.phase != "playing" or self.match is None or self._marks[seat] != mark
                or seat not in self.match.state.to_act or self.slots[seat].bot is not None):
            return                      # the player acted meanwhile, or left
        state = self.match.state
        try:
            if isinstance(action, BaseException):
                raise action
            events = self._apply(seat, action)
        except Exception:
            log.exception("the stand-in could not play seat %s's turn", seat)
            try:
                events = self._apply(seat, make_bot("random", secrets.randbits(64)).choose(
                    state.view(seat), state.legal_actions(seat)))
            except Exception:
                return
        seconds = f"{self.turn_timeout:g}"
        name = self.slots[seat].name or f"Seat {seat + 1}"
        log.info("seat %s took longer than %s s: the stand-in played its turn", seat, seconds)
        for peer in list(self.peers):
            if peer.role is None:
                continue
            reason = (f"Your turn was played by the stand-in after {seconds} s"
                      if peer.seat == seat else
                      f"{name} took longer than {seconds} s: the stand-in played that turn")
            peer.send({"type": "notice", "code": P.N_TURN_TIMEOUT, "reason": reason,
                       "seat": seat})
        self._after_action(events)

    def _broadcast_update(self, events: list[dict[str, Any]], first: Peer | None = None) -> None:
        """Every peer its own update: the player who acted first, spectators last."""
        assert self.match is not None
        state = self.match.state
        version = self.match.version
        common = {"to_act": list(state.to_act), "over": state.is_over,
                  "result": state.result() if state.is_over else None}
        public_frame: bytes | None = None
        order = sorted(self.peers, key=lambda p: (p is not first, p.role == "spectator"))
        for peer in order:
            if peer.role == "spectator":
                if public_frame is None:
                    public_frame = encode({"type": "update", "version": version, "mark": 0,
                                           "events": redact_events(events, None),
                                           "view": self._seat_data(None)[0], "legal": [],
                                           **common})
                peer.send_frame(public_frame)
            elif peer.role == "player" and peer.seat is not None:
                seat = peer.seat
                view, legal = self._seat_data(seat)
                peer.send({"type": "update", "version": version, "mark": self._marks[seat],
                           "events": redact_events(events, seat), "view": view,
                           **P.pack_legal(legal), **common})

    def _schedule_bots(self) -> None:
        if (self._bot_handle is not None or self._bot_thinking or self.phase != "playing"
                or self.match is None
                or self._loop is None or self.match.bot_to_act() is None):
            return
        if self.bot_delay > 0:
            self._bot_handle = self._loop.call_later(self.bot_delay, self._bot_step)
        else:
            self._bot_handle = self._loop.call_soon(self._bot_step)

    def _bot_step(self) -> None:
        self._bot_handle = None
        if self.phase != "playing" or self.match is None:
            return
        seat = self.match.bot_to_act()
        if seat is None:
            return
        # the seat's mark moves when its own legal actions or secrets change: a
        # move chosen before that is stale (another seat's move is not)
        match, mark = self.match, self._marks[seat]
        self._bot_thinking = True
        self._think(match.bot_job(seat),
                    lambda action: self._bot_done(match, mark, seat, action))

    def _think(self, job: Callable[[], Action],
               done: Callable[[Action | BaseException], None]) -> None:
        """Run a bot's `job` on the bot thread; `done` gets its action (or the
        error) back on the loop, which goes on answering pings meanwhile."""
        assert self._loop is not None
        try:
            future = self._loop.run_in_executor(self._bot_thinker, job)
        except RuntimeError:            # the host is stopping: the executor is shut
            return

        def finished(f: asyncio.Future) -> None:
            if f.cancelled():
                return
            error = f.exception()
            done(error if error is not None else f.result())

        future.add_done_callback(finished)

    def _bot_done(self, match: Match, mark: int, seat: int,
                  action: Action | BaseException) -> None:
        self._bot_thinking = False
        if (self.phase != "playing" or self.match is not match or self._marks[seat] != mark
                or seat not in match.state.to_act or seat not in match.bots):
            self._schedule_bots()       # the game moved on while the bot thought
            return
        try:
            if isinstance(action, BaseException):
                raise action
            events = self._apply(seat, action)
        except Exception:
            # never wait on a bot that cannot play: the random bot plays every game
            log.exception("the bot in seat %s failed; a random bot plays the seat", seat)
            self.match.set_bot(seat, "random")
            try:
                events = self._apply(seat, self.match.bot_action(seat))
            except Exception:
                log.exception("the random bot in seat %s failed too; the seat waits", seat)
                return
        self._after_action(events)

    def _game_over(self) -> None:
        assert self.match is not None
        self.phase = "over"
        self.result = self.match.state.result()
        log.info("game over: scores %s", self.result.get("scores"))
        for slot in self.slots:
            if slot.drop_handle is not None:
                slot.drop_handle.cancel()
                slot.drop_handle = None
        if self._saver is not None:
            self._saver.finish(self.match)     # the whole game in one save file
        self._update_advert()
        if self.exit_when_over:
            self._spawn(self._finish())

    async def _finish(self) -> None:
        """Headless: say goodbye, give peers a moment to read it, then stop."""
        for peer in list(self.peers):
            peer.send(P.bye("the game is over", P.BYE_OVER))
        deadline = time.monotonic() + self.linger
        while self.peers and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        self._request_stop("the game is over")

    # --- dropped players ----------------------------------------------------------

    def _start_drop_timer(self, seat: int) -> None:
        slot = self.slots[seat]
        if slot.drop_handle is not None:
            slot.drop_handle.cancel()
            slot.drop_handle = None
        if self.on_drop == "bot" and self._loop is not None:
            slot.drop_handle = self._loop.call_later(self.drop_timeout, self._stand_in, seat)

    def _free_lobby_seat(self, seat: int, slot: SeatSlot) -> None:
        if self.phase == "lobby" and self.slots[seat] is slot and not slot.connected:
            log.info("seat %s (%s) freed: its player left the lobby", seat, slot.name)
            self.slots[seat] = SeatSlot()
            self._seats_changed()

    def _stand_in(self, seat: int) -> None:
        if not (isinstance(seat, int) and 0 <= seat < len(self.slots)):
            return
        slot = self.slots[seat]
        slot.drop_handle = None
        if (self.phase != "playing" or self.match is None or slot.kind != "human"
                or slot.connected or slot.bot is not None):
            return
        bot = bot_for_game(self.game, self.standin_bot)
        log.info("a %s bot plays seat %s until %s returns", bot, seat, slot.name)
        slot.bot = bot
        self.match.set_bot(seat, bot)
        self._seats_changed()
        self._schedule_bots()

    # ======================================================================
    # Helpers
    # ======================================================================

    def _seat_of_proof(self, proof: str, nonce: str) -> int | None:
        """The seat whose token answers this connection's nonce with `proof`."""
        if len(proof) != P.PROOF_CHARS:
            return None
        for index, slot in enumerate(self.slots):
            if slot.token and hmac.compare_digest(P.seat_proof(slot.token, nonce), proof):
                return index
        return None

    def _pick_color(self, wanted: Any, index: int) -> str:
        taken = {s.color for i, s in enumerate(self.slots) if i != index and s.color}
        if isinstance(wanted, str) and wanted in SEAT_COLORS and wanted not in taken:
            return wanted
        return next(c for c in SEAT_COLORS if c not in taken)

    def _unique_name(self, name: str, index: int) -> str:
        taken = {s.name for i, s in enumerate(self.slots) if i != index and s.name}
        candidate, n = name, 2
        while candidate in taken:
            suffix = f" {n}"
            candidate = name[:P.MAX_NAME_CHARS - len(suffix)] + suffix
            n += 1
        return candidate

    def _free_seats(self) -> int:
        return sum(1 for s in self.slots if s.kind == "open") if self.phase == "lobby" else 0

    def seat_table(self) -> list[dict[str, Any]]:
        return [slot.public(i) for i, slot in enumerate(self.slots)]

    def _sync_for(self, seat: int | None) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "sync", "phase": self.phase, "game": self.game,
                                   "version": 0, "mark": 0, "you": seat,
                                   "seats": self.seat_table(), "view": None, "legal": [],
                                   "to_act": [], "over": False, "result": self.result,
                                   "game_number": self.games_started}
        if self.match is not None:
            state = self.match.state
            view, legal = self._seat_data(seat)
            message.update(version=self.match.version, view=view, to_act=list(state.to_act),
                           over=state.is_over,
                           mark=self._marks[seat] if seat is not None else 0)
            message.update(P.pack_legal(legal))
        return message

    def _seat_data(self, seat: int | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """A seat's view and legal actions at the current version (computed once)."""
        assert self.match is not None
        if self._cache_version != self.match.version:
            self._seat_cache = {}
            self._cache_version = self.match.version
        data = self._seat_cache.get(seat)
        if data is None:
            state = self.match.state
            legal = (state.legal_actions(seat) if seat is not None and seat in state.to_act
                     else [])
            data = self._seat_cache[seat] = (state.view(seat), legal)
        return data

    def _refresh_marks(self, acted: int | None = None) -> None:
        """Move the mark of every seat whose legal actions or private view changed."""
        assert self.match is not None
        version = self.match.version
        for seat in range(len(self.slots)):
            view, legal = self._seat_data(seat)
            mark = hashlib.blake2b(msgpack.packb([legal, view.get("private")],
                                                 use_bin_type=True), digest_size=16).digest()
            if mark != self._prints[seat] or seat == acted:
                self._prints[seat] = mark
                self._marks[seat] = version

    def _seats_changed(self, skip: Peer | None = None) -> None:
        frame = encode({"type": "seats", "phase": self.phase, "seats": self.seat_table(),
                        "free": self._free_seats()})
        for peer in list(self.peers):
            if peer.role is not None and peer is not skip:
                peer.send_frame(frame)
        self._update_advert()
        self._refresh_status()

    def _refresh_status(self, stopped: bool = False) -> None:
        self._status = {
            "phase": self.phase, "stopped": stopped, "game": self.game, "name": self.name,
            "advertised_as": self.advertised_name, "address": f"{self.bind}:{self.port}",
            "port": self.port, "seats": self.seat_table(), "free": self._free_seats(),
            "version": self.match.version if self.match is not None else 0,
            "players_connected": sum(1 for p in self.peers if p.role == "player"),
            "spectators": sum(1 for p in self.peers if p.role == "spectator"),
            "connections": len(self.peers), "result": self.result,
            "save": str(self.save_path) if self.save_path else None,
        }
