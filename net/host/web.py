"""The phone page: an HTTP server for the static page (net/host/page/) and a
WebSocket on which a browser is one more peer of the host.

It uses the `websockets` library (asyncio, runs on the host's own loop; its
`process_request` serves the few static files, so no second framework and no
hand-written HTTP). A WebSocket opens with a key exchange bound to the table's
secret (net/host/web_seal.py, net/page_seal.py); after it every message is one
sealed binary frame whose text is a JSON message mapped one to
one onto the LAN protocol's messages (net/protocol.py): a client message is
decoded within the client frame limit, turned into the msgpack body a TCP
peer would have sent and handed to the same `_handle_frame`, so the page gets
the same checks, budgets, seat proofs, views and redacted events. Host
messages go out as JSON (compressed legal lists expanded); an update also
carries `lines`, its (redacted) events worded as the program's log words them
(game/narration), in the phone's language (`/ws?lang=`): the page shows the
program's own sentences, and no words cross the LAN protocol itself.

A page back from away (asleep, Wi-Fi lost, reloaded) says on its WebSocket's
address the last version it saw and of which game (`/ws?seen=V&game=G`); its
first sync then carries `missed`, the lines of the updates after V as that
seat's updates would have worded them (redacted for it), from the host's
memory of the game's latest events (net/host/recent.py): at most the last
MISSED_LINES lines. A `seen` that is no plain number asks for nothing; one of
another game (a rematch the phone slept through) asks from this game's start.

Which requests it answers at all (only those naming the host's own addresses,
against DNS rebinding) and how many page connections may be under way at once
is net/host/web_doors.py's job.

A part of Host (net/host/server.py), which holds the state these methods use.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import http
import json
import logging
import re
import time
from collections import deque
from collections.abc import Callable
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

import msgpack
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.narration import log_lines
from game.rules import GAMES, redact_events
from game.tables.seat_names import shown_name
from game.tables.seats import SEAT_RGB
from net import page_seal as seal
from net import protocol as P
from net.host.page_said import page_message
from net.host.page_words import page_places, page_words, phone_language
from net.host.peers import Peer
from net.host.web_doors import SECURITY_HEADERS, PageConnection, refusal
from net.host.web_seal import PageSeal

log = logging.getLogger("railparty.net.host")

DEFAULT_WEB_PORT = 47475
WS_PATH = "/ws"
CLOSE_POLICY = 1008          # WebSocket close code: the message broke the host's rules
CLOSE_TOO_BIG = 1009
INFO_PATH = "/info.json"
# the most lines a page back from away is sent (the page keeps as many in its log)
MISSED_LINES = 60
BOARD_PATH = "/board.json"
PAGE_KINDS = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
              ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml",
              ".txt": "text/plain; charset=utf-8"}
SHARED_TEXTS = 16       # spectators' page texts kept (see WebPeer.shared)
WEB_BACKLOG = 128       # the page's accept queue (asyncio accepts up to this many at once)


def pick_web_port(bind: str) -> int:
    """The page's default port when it is free, else 0 (any free port)."""
    import socket

    try:
        with socket.create_server((bind, DEFAULT_WEB_PORT)):
            return DEFAULT_WEB_PORT
    except OSError:
        return 0


@functools.cache
def page_file(name: str) -> bytes:
    """A file of the phone page, shipped in the package (read once: serving it
    never needs a file descriptor)."""
    folder = resources.files("net.host").joinpath("page")
    for part in name.split("/"):
        folder = folder.joinpath(part)
    return folder.read_bytes()


def _page_files() -> dict[str, tuple[str, str]]:
    """Every file of the page by its address (the page's core and one module per
    game sit in folders): listed once from the package, so a request can only
    name a file that ships, never a path of its own making."""
    files: dict[str, tuple[str, str]] = {}

    def walk(folder: Any, prefix: str) -> None:
        for entry in folder.iterdir():
            name = entry.name
            if not re.fullmatch(r"[a-z0-9_-]+(\.[a-z0-9]+)?", name):
                continue
            if entry.is_dir():
                walk(entry, f"{prefix}{name}/")
            elif (kind := PAGE_KINDS.get("." + name.rpartition(".")[2])) is not None:
                files[f"/{prefix}{name}"] = (f"{prefix}{name}", kind)
    walk(resources.files("net.host").joinpath("page"), "")
    files["/"] = files["/index.html"]
    return files


PAGE_FILES = _page_files()


def join_code(fingerprint: str) -> str:
    """The host's short code: the start of its key's fingerprint (net/identity.py),
    in capitals. The page keys what it keeps (a seat's token, its log) by it. The
    TV shows the table's code instead (net/host/web_seal.py), which a page
    opened by hand asks for."""
    plain = "".join(ch for ch in fingerprint if ch.isalnum())
    return plain[:6].upper()


Narrate = Callable[[list[dict[str, Any]], dict[str, Any]], list[str | None]]
Words = Callable[[dict[str, Any]], dict[str, Any]]
Recall = Callable[[int | None, dict[str, Any]], list[dict[str, Any]]]


def asked_seen(query: dict[str, list[str]]) -> tuple[int, int | None] | None:
    """The last version a page saw and its game number, from its WebSocket's
    query; None when `seen` is missing or no plain number (a hostile or broken
    page asks for nothing). A game that is no plain number is None."""
    seen = (query.get("seen") or [""])[0]
    game = (query.get("game") or [""])[0]
    if not re.fullmatch(r"[0-9]{1,15}", seen):
        return None
    return int(seen), int(game) if re.fullmatch(r"[0-9]{1,9}", game) else None


def to_json(frame: bytes, narrate: Narrate | None = None, words: Words | None = None) -> str:
    """A host frame (header and msgpack body) as the JSON the page reads; with
    `narrate`, an update's events get their log lines (`lines`, one per event,
    None where the log says nothing); with `words`, a refusal, notice or
    goodbye gets its sentence (`said`) and a seat list its shown names
    (net/host/page_said.py), in the page's language."""
    message = P.unpack(msgpack.unpackb(frame[P.HEADER.size:], raw=False))
    if words is not None:
        try:
            message = words(message)
        except Exception as exc:            # never: the program's own sentences
            log.error("cannot word a message for the page: %r", exc)
    if narrate is not None and message.get("type") == "update" and message.get("events"):
        try:
            message["lines"] = narrate(message["events"], message.get("view") or {})
        except Exception as exc:            # never: the program's own log words them
            log.error("cannot word the page's log: %r", exc)
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False,
                      default=lambda _: None)


def from_json(text: str | bytes) -> bytes:
    """A page's JSON message as the msgpack body a TCP peer would send; ProtocolError
    when it is not JSON of a plain map (no NaN, no numbers beyond 64 bits)."""
    if isinstance(text, bytes):
        raise P.ProtocolError("messages are JSON text frames", P.E_BAD_FRAME)

    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not allowed")
    try:
        message = json.loads(text, parse_constant=refuse)
        if not isinstance(message, dict):
            raise P.ProtocolError("a message must be a JSON object", P.E_BAD_MESSAGE)
        return msgpack.packb(message, use_bin_type=True)
    except P.ProtocolError:
        raise
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise P.ProtocolError(f"the message is not valid JSON ({type(exc).__name__})",
                              P.E_BAD_FRAME) from None


class WebPeer(Peer):
    """A browser on the WebSocket: messages queue here and one task writes them."""

    def __init__(self, addr: str, ws: ServerConnection, channel: seal.Channel,
                 narrate: Narrate | None = None,
                 lang: str = "en", name_of: Callable[[int], str | None] | None = None,
                 recall: Recall | None = None,
                 standin_at: Callable[[Any], int | None] | None = None,
                 shared: dict[tuple[bytes, str], str] | None = None):
        super().__init__(addr)
        # the texts spectators' pages share: a frame every spectator gets (an update,
        # a seat list, a ping) is turned into a page's JSON once per language, so a
        # crowd of watching pages does not hold up the players' updates
        self.shared = shared
        # the seat a stand-in played a version's move for: an update of such a
        # move for this page's own seat is marked `standin`
        self.standin_at = standin_at or (lambda version: None)
        self.ws = ws
        # the connection's sealed channel: every text is sealed as it is written
        self.channel = channel
        self.narrate = narrate
        # what the page missed while away: added to its first sync, once
        self.recall = recall
        self.lang = lang
        self.name_of = name_of or (lambda seat: None)
        self.outbox: deque[str] = deque()
        self.queued_bytes = 0
        self.wake = asyncio.Event()
        self.close_code = 1000
        self.close_reason = ""

    def send_frame(self, frame: bytes) -> None:
        if self.closed or self.writing_done:
            return
        key = ((frame, self.lang) if self.shared is not None and self.role == "spectator"
               and self.recall is None else None)
        text = self.shared.get(key) if key is not None and self.shared is not None else None
        if text is None:
            try:
                text = to_json(frame, self.narrate, lambda message: self._page_extras(
                    page_message(message, self.lang, self.seat, self.name_of)))
            except Exception as exc:           # never: the host's own messages
                log.error("cannot send a message to the page %s: %s", self.addr, exc)
                return
            if key is not None and self.shared is not None:
                if len(self.shared) >= SHARED_TEXTS:
                    self.shared.clear()
                self.shared[key] = text
        self.outbox.append(text)
        self.queued_bytes += len(text)
        self.bytes_sent += len(text)
        self.wake.set()
        if self.queued_bytes > P.MAX_SEND_BUFFER_BYTES:
            log.info("page %s does not read its messages; dropping it", self.addr)
            self.abort()

    def _page_extras(self, message: dict[str, Any]) -> dict[str, Any]:
        """The first sync with the lines this page missed while it was away; an
        update of a stand-in's move for this page's seat marked as such."""
        if message.get("type") == "update":
            if self.seat is not None and self.standin_at(message.get("version")) == self.seat:
                return dict(message, standin=True)
            return message
        if message.get("type") != "sync":
            return message
        recall, self.recall = self.recall, None
        return dict(message, missed=recall(self.seat, message) if recall is not None else [])

    def stop_writing(self) -> None:
        self.writing_done = True

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close after what was queued is sent."""
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason[:120]
            self.wake.set()

    def abort(self) -> None:
        self.closed = True
        self.outbox.clear()
        self.wake.set()
        with contextlib.suppress(Exception):
            self.ws.transport.abort()

    async def write_loop(self) -> None:
        """Send what is queued; once closed, send the rest and close the socket."""
        try:
            while True:
                while self.outbox:
                    text = self.outbox.popleft()
                    self.queued_bytes -= len(text)
                    await self.ws.send(self.channel.seal(text))
                if self.closed:
                    break
                self.wake.clear()
                await self.wake.wait()
            await asyncio.wait_for(self.ws.close(self.close_code, self.close_reason), 2.0)
        except (ConnectionClosed, OSError, asyncio.TimeoutError, TimeoutError):
            pass


class WebGate(PageSeal):
    """The phone page's server (a part of Host)."""

    def _web_address(self) -> str | None:
        """The page's address as a phone on the LAN would type it (worked out once
        it listens: the status is refreshed after every action)."""
        return getattr(self, "_web_url", None) if self._web_server is not None else None

    def _announced_addresses(self) -> list[str]:
        """The addresses the host announces (and a phone types or scans)."""
        from net.discovery import advertised_addresses

        try:
            return advertised_addresses(self.bind, self.interfaces)
        except Exception:
            return [self.bind]

    def _find_web_address(self, addresses: list[str]) -> str:
        """The page's address for the TV."""
        ip = addresses[0] if addresses else "127.0.0.1"
        if ":" in ip:
            ip = f"[{ip}]"
        return f"http://{ip}:{self.web_port}/"

    def _web_lines(self, lang: str) -> Narrate:
        """Words a page's events in its language, as the board's log does."""
        def narrate(events: list[dict[str, Any]], view: dict[str, Any]) -> list[str | None]:
            if self.match is None:
                return []
            slots = self.slots

            def seat_name(seat: int) -> str:
                name = slots[seat].name if 0 <= seat < len(slots) else None
                return shown_name(name or "")
            return log_lines(self.game, events, seat_name, view, lang)
        return narrate

    def _web_recall(self, lang: str, asked: tuple[int, int | None] | None) -> Recall:
        """The lines a page back from away missed: each kept event after the
        version it saw, redacted for its seat and worded as its update's lines
        were, the last MISSED_LINES of them, with their version, seat and kind."""
        narrate = self._web_lines(lang)

        def recall(seat: int | None, sync: dict[str, Any]) -> list[dict[str, Any]]:
            if asked is None or self.match is None:
                return []
            seen, game = asked
            if game is not None and game != self.games_started:
                seen = 0                # a game the page never saw: from its start
            view = sync.get("view") or {}
            missed: list[dict[str, Any]] = []
            for version, events in self._recent.since(seen):
                events = redact_events(events, seat)
                standin = self._recent.standin_at(version) == seat
                for event, line in zip(events, narrate(events, view), strict=True):
                    if line:
                        entry = {"version": version, "seat": event.get("seat"),
                                 "type": event.get("type"), "line": line}
                        if standin and event.get("seat") == seat:
                            entry["standin"] = True     # its stand-in's move, not its own
                        missed.append(entry)
            return missed[-MISSED_LINES:]
        return recall

    def _seat_name(self, seat: int) -> str | None:
        return self.slots[seat].name if 0 <= seat < len(self.slots) else None

    def _web_info(self, lang: str = "en") -> dict[str, Any]:
        """What the page shows before it joins (public, as any spectator sees it)
        and its words in the phone's language."""
        return {"name": self.name, "game": self.game, "phase": self.phase, "lang": lang,
                "family": GAMES[self.game].family if self.game in GAMES else None,
                "board": GAMES[self.game].page_board is not None if self.game in GAMES
                else False,
                "words": page_words(lang), "places": page_places(lang),
                "colorblind": bool(getattr(self, "colour_aid", False)),
                "code": join_code(self.identity.fingerprint),
                "seats": page_message({"type": "seats", "seats": self.seat_table()}, lang,
                                      None, self._seat_name)["seats"],
                "colors": {name: "#" + "".join(f"{c:02x}" for c in rgb)
                           for name, rgb in SEAT_RGB.items()}}

    def _web_board(self) -> bytes | None:
        """The game's board as the page draws it (GameInfo.page_board), made once
        per game; None when the game has none."""
        info = GAMES.get(self.game)
        if info is None or info.page_board is None:
            return None
        kept = getattr(self, "_web_board_kept", None)
        if kept is None or kept[0] != self.game:
            body = json.dumps(info.page_board(), ensure_ascii=False,
                              separators=(",", ":")).encode()
            kept = self._web_board_kept = (self.game, body)
        return kept[1]

    async def _web_listen(self) -> None:
        """Serve the page; OSError when its port cannot be had."""
        if self.web_port is None:
            return
        addresses = self._announced_addresses()
        self._new_page_secrets()
        # the only names a request to the page may carry (net/host/web_doors.py)
        self._page_names = self._own_page_names(addresses)
        self._web_server = await serve(
            self._web_session, self.bind, self.web_port,
            process_request=self._web_request,
            max_size=P.MAX_CLIENT_FRAME_BYTES + seal.BOX_OVERHEAD,
            max_queue=4, ping_interval=None, compression=None,
            open_timeout=self.hello_timeout, close_timeout=1.0,
            server_header="railparty", backlog=WEB_BACKLOG,
            create_connection=functools.partial(PageConnection, gate=self))
        sock = next(iter(self._web_server.sockets))
        self.web_port = sock.getsockname()[1]
        self._web_url = self._find_web_address(addresses)

    async def _web_stop(self) -> None:
        server, self._web_server = self._web_server, None
        if server is not None:
            server.close(close_connections=False)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2.0)

    def _web_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Static files for plain requests, the WebSocket for its path: only for
        requests naming this host (and, for the WebSocket, from its own page)."""
        refused = self._not_for_us(connection, request)
        if refused is not None:
            return refused
        path = request.path.split("?", 1)[0]
        upgrading = "websocket" in request.headers.get("Upgrade", "").lower()
        if path == WS_PATH and upgrading:
            return None
        if path == INFO_PATH:
            query = parse_qs(urlsplit(request.path).query)
            asked = (query.get("lang") or [request.headers.get("Accept-Language", "")])[0]
            body = json.dumps(self._web_info(phone_language(asked)),
                              ensure_ascii=False).encode()
            return Response(200, "OK", Headers([("Content-Type", "application/json"),
                                                ("Content-Length", str(len(body))),
                                                *SECURITY_HEADERS]), body)
        if path == BOARD_PATH:
            body = self._web_board()
            if body is None:
                return refusal(http.HTTPStatus.NOT_FOUND, "this game has no board to draw")
            return Response(200, "OK", Headers([("Content-Type", "application/json"),
                                                ("Content-Length", str(len(body))),
                                                *SECURITY_HEADERS]), body)
        entry = PAGE_FILES.get(path)
        if entry is None:
            return refusal(http.HTTPStatus.NOT_FOUND, "not found")
        name, kind = entry
        body = page_file(name)
        headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))),
                           *SECURITY_HEADERS])
        return Response(200, "OK", headers, body)

    async def _web_session(self, ws: ServerConnection) -> None:
        """One browser: admitted like a TCP connection, its sealed channel opened
        (meanwhile it holds its page-request place, net/host/web_doors.py), then
        its messages."""
        remote = ws.remote_address or ("?", 0)
        ip = str(remote[0])
        stopping = self._stopping is not None and self._stopping.is_set()
        if stopping or len(self.peers) >= P.MAX_CONNECTIONS or not self._admit(ip):
            with contextlib.suppress(Exception):
                await ws.close(1013, "the host has too many connections; try again soon")
            return
        channel = await self._page_handshake(ws, ip)
        if channel is None:
            return
        self._page_opened(ws)
        request = ws.request
        query = parse_qs(urlsplit(request.path).query) if request is not None else {}
        lang = phone_language((query.get("lang") or [""])[0])
        peer = WebPeer(f"{ip}:{remote[1]}", ws, channel, self._web_lines(lang), lang,
                       self._seat_name, self._web_recall(lang, asked_seen(query)),
                       self._recent.standin_at, self._page_texts)
        self.peers.add(peer)
        self._handshaking[peer.id] = peer
        writer = asyncio.ensure_future(peer.write_loop())
        peer.task = asyncio.current_task()
        try:
            peer.send(P.hello_from_host(self.name, self.game, peer.nonce))
            await self._web_read_loop(peer)
        except Exception:
            log.exception("page connection %s failed", peer.addr)
        finally:
            self._gone(peer)
            peer.close(peer.close_code, peer.close_reason)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 3.0)
            if not writer.done():
                writer.cancel()

    async def _web_read_loop(self, peer: WebPeer) -> None:
        """Each WebSocket message is one frame, under the same budgets as TCP."""
        ws = peer.ws
        while not peer.closed:
            timeout = self.hello_timeout if peer.role is None else self.peer_timeout
            try:
                data = await asyncio.wait_for(ws.recv(), timeout)
            except (asyncio.TimeoutError, TimeoutError):
                if peer.role is None:
                    peer.send(P.reject(P.R_TIMEOUT, "no hello in time"))
                else:
                    peer.send(P.bye("nothing heard from you for too long"))
                peer.close(CLOSE_POLICY, "timeout")
                return
            except ConnectionClosed as exc:
                if exc.rcvd is None and exc.sent is not None and exc.sent.code == CLOSE_TOO_BIG:
                    log.info("page %s sent a message over the limit", peer.addr)
                return
            now = time.monotonic()
            size = len(data)
            if not peer.arrived(now, size, self.peer_timeout) or not peer.take_frame():
                self._flood(peer, f"limit {P.MAX_FRAMES_PER_SECOND} messages/s, "
                                  f"{P.PEER_BYTES_PER_SECOND // 1024} KiB/s")
                peer.close(CLOSE_POLICY, "flood")
                return
            started = time.thread_time()
            try:
                text = peer.channel.open(data)
            except seal.SealError as exc:
                log.info("page %s: %s; dropped", peer.addr, exc)
                peer.close(seal.CLOSE_GARBAGE, "a frame that does not open")
                return
            try:
                body = from_json(text)
            except P.ProtocolError as exc:
                if self._bad_frame(peer, exc):
                    peer.close(CLOSE_POLICY, "bad messages")
                    return
                continue
            if len(body) > P.MAX_CLIENT_FRAME_BYTES:
                self._refuse(peer, P.FrameTooLarge(len(body), P.MAX_CLIENT_FRAME_BYTES))
                peer.close(CLOSE_TOO_BIG, "too big")
                return
            if self._handle_frame(peer, body):
                peer.close(CLOSE_POLICY, "closed by the host")
                return
            if not peer.spend_cpu(max(0.0, time.thread_time() - started)):
                self._flood(peer, "its messages take too long to handle")
                peer.close(CLOSE_POLICY, "flood")
                return

