"""The Host class: its settings and state, its loop and thread, and the
thread-safe controls the window uses. Its jobs live in the parts it is made of:
admission (connections), lobby (seats), table (play), standins (bots),
turn_timer (turns that always come) and saving (the journal), so each file
fits in one reading.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.bots import bot_for_game, bot_names
from game.bots.pool import shared as bot_workers
from game.rules import GAMES
from game.story.history import HistoryKeeper
from game.tables.match import Match, new_seed
from net import protocol as P
from net.host.admission import Admission
from net.host.coached_seat import CoachedSeat
from net.host.doors import (
    NEW_PER_ADDRESS_PER_SECOND,
    AddressRates,
    QuietLog,
    connection_budget,
    open_file_limit,
)
from net.host.hints import HostHints
from net.host.lobby import Lobby
from net.host.peers import LocalPeer, Peer, SeatSlot, clean_name
from net.host.recent import RecentEvents
from net.host.saving import HostSave
from net.host.standins import StandIns
from net.host.table import Table
from net.host.turn_timer import TurnTimer
from net.host.web import WebGate, join_code
from net.host.web_doors import PageConnection, PageDoors
from net.identity import HostIdentity
from net.protocol import encode
from net.session import LocalClient
from net.tls import HANDSHAKE_SECONDS, host_context

log = logging.getLogger("railparty.net.host")

LINGER_SECONDS = 2.0     # after the last update, how long a headless host waits for goodbyes
DROP_POLICIES = ("bot", "pause")
SEATS_PER_ADDRESS = 2    # default: two players may share one machine


class Host(Admission, Lobby, Table, StandIns, HostHints, TurnTimer, WebGate, PageDoors,
           CoachedSeat):
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
                 think_ms: int | None = None, identity: HostIdentity | None = None,
                 seats_per_address: int = SEATS_PER_ADDRESS, keep_history: bool = False,
                 web_port: int | None = None, colour_aid: bool = False,
                 door_rate: float = NEW_PER_ADDRESS_PER_SECOND, hints: bool = True):
        if resume is not None:
            game, seats, options = resume.game_id, len(resume.seats), resume.options
        info = GAMES.get(game)
        if info is None:
            raise ValueError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
        if not info.min_players <= seats <= info.max_players:
            raise ValueError(f"{info.name} takes {info.min_players}-{info.max_players} players")
        unknown = sorted(set(options or {}) - set(info.options))
        if unknown:
            raise ValueError(f"{info.name} has no option {', '.join(unknown)} "
                             f"(options: {', '.join(info.options) or 'none'})")
        problem = info.option_problem(seats, options or {})
        if problem is not None:
            raise problem       # a table these options cannot be played at
        for bot in (fill_bot, standin_bot):
            if bot not in bot_names():
                raise ValueError(f"unknown bot {bot!r}; bots are {', '.join(bot_names())}")
        if not isinstance(seats_per_address, int) or seats_per_address < 0:
            raise ValueError("seats_per_address must be 0 (no limit) or more")
        if on_drop not in DROP_POLICIES:
            raise ValueError(f"on_drop must be one of {', '.join(DROP_POLICIES)}")
        self.game = game
        self.name = clean_name(name, "Rail Party")
        # the key this host proves to clients (net/identity.py); kept across runs
        self.identity = identity if identity is not None else HostIdentity.load_or_create()
        # every connection is TLS 1.3 with a certificate of that key (net/tls.py)
        self.tls = host_context(self.identity.private_key)
        self.handshake_timeout = min(HANDSHAKE_SECONDS, hello_timeout)
        self.bind, self.port = bind, port
        # the phone page's port (net/host/web.py): None serves no page, 0 any free port
        self.web_port = web_port
        # the colour-blind aid the window has on: the phone page draws it too
        self.colour_aid = colour_aid
        self._web_server: Any = None
        self.seed = new_seed() if seed is None else seed
        self.options = dict(options or {})
        self.save_path = Path(save_path) if save_path else None
        self._saver = HostSave(self.save_path, fsync) if self.save_path else None
        # the hosting machine's history folder keeps every game played here (game/story/history.py)
        self._history = HistoryKeeper("host") if keep_history else None
        self.advertise, self.interfaces = advertise, interfaces
        # only bots this game offers: a stand-in must never be one that cannot play
        self.fill_bot = bot_for_game(game, fill_bot)
        self.standin_bot = bot_for_game(game, standin_bot)
        self.on_drop, self.drop_timeout = on_drop, drop_timeout
        self.heartbeat, self.peer_timeout = heartbeat, peer_timeout
        self.hello_timeout, self.frame_timeout = hello_timeout, frame_timeout
        self.bot_delay = bot_delay
        # seats one address may hold (0: no limit), so one guest cannot squat the lobby
        self.seats_per_address = seats_per_address
        # the Hard (search) bot's think time per move (None: its default)
        self.think_ms = think_ms
        # whether the table offers hints (`--no-hints`); a resumed game keeps its own
        self.hints = hints and (resume is None or resume.hints)
        self._hints_thinking: set[int] = set()   # seats whose hint is being thought
        # a connected player who does not act within this many seconds has that turn
        # played by the stand-in bot (turn_timer.py); the argument None means the
        # game's own length (GameInfo.turn_seconds), 0 no timer (then None here)
        self.turn_timeout = (float(info.turn_seconds) if turn_timeout is None
                             else turn_timeout or None)
        self._away: set[int] = set()           # seats whose turn ran out, until they act
        self._clocks_shown: set[int] = set()   # seats whose countdown everyone sees
        # seat -> (its mark, (the deadline, the countdown's start))
        self._turn_timers: dict[int, tuple[int, tuple[asyncio.TimerHandle, ...]]] = {}
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
                # a couch game's phone seat no phone had taken stays open to one
                # (a bot may play it meanwhile, as "Bots play for missing phones" set)
                slot.kind = "human" if seat.token else "open" if seat.phone else "bot"
                slot.phone = seat.phone
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
        # the game's latest events, for a phone back from away (net/host/recent.py)
        self._recent = RecentEvents()
        if resume is not None:
            self._refresh_marks()
        self._handshaking: OrderedDict[int, Peer] = OrderedDict()
        # the doors (net/host/doors.py): new connections per address (door_rate a
        # second after a burst; 0: no limit), the page's requests under way, the
        # sockets held on both ports and their bound under the open-file limit
        self._door_rates = AddressRates(door_rate)
        self._page_requests: set[PageConnection] = set()
        self._page_names: set[str] = set()
        self._page_texts: dict[tuple[bytes, str], str] = {}   # net/host/web.py WebPeer
        self._open_sockets = 0
        self._connection_budget = connection_budget(None)
        self._quiet_refusals = QuietLog()
        self._busy_frames: bytes | None = None
        self._newer_frames: bytes | None = None
        self.handshakes_failed = 0            # TLS handshakes refused (garbage, stalls)
        self.advertised_name: str | None = None
        self.startup_error: str | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listener: socket.socket | None = None
        self._acceptor: asyncio.Task | None = None   # loops without add_reader
        self._stopping: asyncio.Event | None = None
        self._stop_reason = "the host has stopped the game"
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._bot_handle: asyncio.Handle | None = None
        # bots think in worker processes, never on the loop (a search takes a
        # second): the pool starts now, warm, and serves every game of the table
        self._bot_thinker = bot_workers()
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

    def kick(self, seat: int) -> None:
        """Free a lobby seat: its player is told and disconnected (from any thread)."""
        self._call(self._kick, seat)

    def hand_to_bot(self, seat: int) -> None:
        """Let a bot play a disconnected player's seat until the player returns."""
        self._call(self._stand_in, seat)

    def bots_for_waiting_phones(self) -> None:
        """A couch game: a bot plays the phone seats no phone has taken yet."""
        self._call(self._bots_for_open_phone_seats)

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
        limit = open_file_limit()
        self._connection_budget = connection_budget(limit[0] if limit else None)
        try:
            self._listen()
        except OSError as exc:
            self.startup_error = (f"cannot listen on {self.bind}:{self.port}: "
                                  f"{exc.strerror or exc}")
            self._ready.set()
            raise
        try:
            await self._web_listen()
        except OSError as exc:
            self._stop_listening()
            self.startup_error = (f"cannot serve the phone page on {self.bind}:"
                                  f"{self.web_port}: {exc.strerror or exc}")
            self._ready.set()
            raise
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
        self._stop_listening()
        if self._bot_handle is not None:
            self._bot_handle.cancel()
        for peer in list(self.peers):
            with contextlib.suppress(Exception):
                peer.send(P.bye(self._stop_reason, P.BYE_STOPPED))
            peer.close()
        tasks = [p.task for p in self.peers if p.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=1.0)
        for peer in list(self.peers):
            peer.abort()
        await self._web_stop()
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
        if self._history is not None:
            self._history.flush(self.match)
        self._refresh_status(stopped=True)

    async def _advertise(self) -> None:
        from net.discovery import Advertiser

        try:
            advertiser = Advertiser(self.name, self.port, self.game, len(self.slots),
                                    self._free_seats(), self.phase, bind=self.bind,
                                    interfaces=self.interfaces,
                                    fingerprint=self.identity.fingerprint,
                                    web_port=self.web_port if self._web_server else 0)
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
    def _save(self) -> None:
        if self._history is not None and self.match is not None:
            self._history.note(self.match)
        if self._saver is not None and self.match is not None and self._loop is not None:
            try:
                self._saver.record(self.match, self._loop)
            except OSError as exc:          # applied, but not saved: keep playing
                log.error("could not save the game to %s: %s", self.save_path, exc)

    def _seats_saved(self) -> None:
        if self._saver is not None and self.match is not None and self._loop is not None:
            self._saver.seats_changed(self.match, self._loop)

    def _save_begin(self) -> None:
        if self._saver is not None and self.match is not None:
            try:
                self._saver.begin(self.match)
            except OSError as exc:
                log.error("could not save the game to %s: %s", self.save_path, exc)

    def _refresh_status(self, stopped: bool = False) -> None:
        self._status = {
            "phase": self.phase, "stopped": stopped, "game": self.game, "name": self.name,
            "fingerprint": self.identity.fingerprint,
            "advertised_as": self.advertised_name, "address": f"{self.bind}:{self.port}",
            "port": self.port, "seats": self.seat_table(), "free": self._free_seats(),
            "version": self.match.version if self.match is not None else 0,
            "players_connected": sum(1 for p in self.peers if p.role == "player"),
            "spectators": sum(1 for p in self.peers if p.role == "spectator"),
            "connections": len(self.peers), "result": self.result,
            "save": str(self.save_path) if self.save_path else None,
            "web": self._web_address(),
            # the QR code's link (the table's secret in its fragment) and the code
            # the TV shows beside the address for a page opened by hand
            "web_link": self._page_link(self._web_address()),
            "table_code": self._shown_page_code(),
            "join_code": join_code(self.identity.fingerprint),
        }
