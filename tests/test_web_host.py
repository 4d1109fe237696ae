"""The phone page's server (net/host/web.py): static files, the WebSocket as one
more peer (same hellos, proofs and checks as TCP), and hostile input on it."""

from __future__ import annotations

import contextlib
import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from netkit import LOOPBACK, isolate, start_host, wait_until
from phonekit import seat_lines
from websockets.exceptions import ConnectionClosed, InvalidStatus

from net import protocol as P
from net.host.web import MISSED_LINES, from_json
from net.page_seal import SealedSocket

WAIT = 20.0
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def host():
    h = start_host(seats=2, web_port=0)
    yield h
    h.stop()


def url(host, path: str = "/") -> str:
    return f"http://{LOOPBACK}:{host.web_port}{path}"


class Page:
    """A WebSocket as the page opens it: sealed with the table's secret (the QR
    code's), JSON messages, the host's hello first."""

    def __init__(self, host, origin: str | None = "same", query: str = "", **kw: Any):
        if origin == "same":
            origin = f"http://{LOOPBACK}:{host.web_port}"
        headers = {"Origin": origin} if origin else {}
        self.ws = SealedSocket(f"ws://{LOOPBACK}:{host.web_port}/ws{query}",
                               host.page_secret, additional_headers=headers,
                               open_timeout=WAIT, max_size=2**22, **kw)
        self.received: list[dict[str, Any]] = []
        self.hello = self.recv()

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=WAIT))
        self.received.append(message)
        return message

    def recv_until(self, kind: str) -> dict[str, Any]:
        while True:
            message = self.recv()
            if message["type"] == kind:
                return message

    def join(self, name: str = "Phone", proof: str | None = None, **kw: Any) -> dict[str, Any]:
        self.send({"type": "hello", "magic": P.MAGIC, "version": P.PROTOCOL_VERSION,
                   "role": "player", "name": name, "proof": proof, "client": "test", **kw})
        return self.recv_until("welcome")

    def closed_with(self) -> int:
        """Read until the host closes; the close code."""
        try:
            while True:
                self.recv()
        except ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd is not None else -1

    def close(self) -> None:
        self.ws.close()


def test_a_phone_gets_every_file_of_the_page_through_the_hosts_doors():
    """With the doors as a party's host has them (no test's leniency), one phone
    loading the page (every file on a connection of its own, six at a time as a
    browser does) and then reloading it gets every file, not a refusal."""
    from concurrent.futures import ThreadPoolExecutor

    from net.host.doors import NEW_PER_ADDRESS_PER_SECOND
    from net.host.web import PAGE_FILES

    h = start_host(seats=2, web_port=0, door_rate=NEW_PER_ADDRESS_PER_SECOND)
    try:
        paths = [*PAGE_FILES, "/info.json", "/board.json"]

        def fetch(path: str) -> int:
            with urllib.request.urlopen(url(h, path), timeout=WAIT) as answer:
                answer.read()
                return answer.status
        with ThreadPoolExecutor(6) as pool:
            for _ in range(2):                          # a load, then a reload
                assert list(pool.map(fetch, paths)) == [200] * len(paths)
    finally:
        h.stop()


def test_the_page_and_its_files_are_served_and_nothing_else(host):
    from game.rules.routes.board import load_board

    page = urllib.request.urlopen(url(host), timeout=WAIT)
    assert page.headers["Content-Type"].startswith("text/html")
    assert b'data-state="lobby"' in page.read()
    for name in ("main.js", "core/session.js", "games/routes.js", "style.css"):
        served = urllib.request.urlopen(url(host, "/" + name), timeout=WAIT)
        assert served.status == 200
        assert served.headers["Content-Type"].startswith(("text/javascript", "text/css"))
    info = json.loads(urllib.request.urlopen(url(host, "/info.json"), timeout=WAIT).read())
    assert info["code"] == host.status()["join_code"] and info["game"] == "routes-usa"
    assert info["family"] == "routes" and info["board"] is True
    assert info["colorblind"] is False          # the window's colour-blind aid: off here
    board = json.loads(urllib.request.urlopen(url(host, "/board.json"), timeout=WAIT).read())
    tracks = {t.id: t for t in load_board("usa").tracks}
    assert {t["id"] for t in board["tracks"]} == set(tracks)
    assert all(len(t["spaces"]) == tracks[t["id"]].length for t in board["tracks"])
    for bad in ("/../server.py", "/page/main.js", "/net/host/web.py", "/ws", "/core/../main.js",
                "/core/", "/games/routes.py", "/%2e%2e/web.py"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(url(host, bad), timeout=WAIT)
        assert err.value.code in (404, 400, 426)
    assert host.status()["web"].endswith(f":{host.web_port}/")


def test_a_page_joins_gets_its_token_once_and_comes_back_with_a_proof(host):
    page = Page(host)
    welcome = page.join("Ann", seat=1)
    assert welcome["seat"] == 1 and welcome["token"]       # the seat the page picked
    sync = page.recv_until("sync")
    assert sync["you"] == 1
    page.close()
    wait_until(lambda: not host.slots[1].connected, "the host to see the page go")
    again = Page(host)
    proof = P.seat_proof(welcome["token"], again.hello["nonce"])
    back = again.join("Ann", proof=proof)
    assert back["seat"] == 1 and back["token"] is None
    again.close()


def test_a_page_plays_a_move_and_gets_only_its_own_cards(host):
    page = Page(host)
    page.join("Ann")
    page.recv_until("sync")
    host.start_game()
    sync = page.recv_until("sync")
    assert sync["phase"] == "playing" and sync["legal"]
    page.send({"type": "action", "seat": sync["you"], "version": sync["version"],
               "action": sync["legal"][0]})
    update = page.recv_until("update")
    assert update["version"] > sync["version"]
    for message in page.received:
        for event in message.get("events", []):
            assert "private" not in event or event.get("private_to") == sync["you"]
        view = message.get("view") or {}
        assert view.get("you") in (None, sync["you"])
    page.send({"type": "action", "seat": 1 - sync["you"], "version": update["version"],
               "action": {"type": "draw_deck"}})
    assert page.recv_until("error")["code"] == P.E_NOT_YOUR_SEAT
    page.close()


def test_a_cross_origin_websocket_is_refused(host):
    with pytest.raises(InvalidStatus) as err:
        Page(host, origin="http://evil.example")
    assert err.value.response.status_code == 403
    assert not [p for p in host.peers if p.role is None]


def test_malformed_messages_get_errors_then_a_clear_close(host):
    page = Page(host)
    page.join("Ann")
    for bad in ("{", "[1,2]", '{"type": 5}', '{"type":"teleport"}', "NaN",
                '{"type":"ping","n":1e999}', "[" * 5000 + "]" * 5000):
        page.send(bad)
        assert page.recv_until("error")["code"] in (P.E_BAD_FRAME, P.E_BAD_MESSAGE,
                                                    P.E_UNKNOWN_TYPE)
    page.send({"type": "ping", "n": 1})                # the connection is still open
    assert page.recv_until("pong")["n"] == 1
    for _ in range(P.MAX_BAD_FRAMES):
        try:
            page.send("{")
        except ConnectionClosed:       # the close may land before the last send
            break
    assert page.closed_with() == 1008
    assert page.received[-1] == {"type": "bye", "reason": "too many broken messages"}
    assert host.status()["phase"] == "lobby" and pong(host)


def test_a_huge_message_closes_with_too_big(host):
    page = Page(host)
    page.join("Ann")
    page.send("x" * (P.MAX_CLIENT_FRAME_BYTES + 10))
    assert page.closed_with() == 1009
    assert pong(host)


def test_a_flood_closes_that_page_only(host):
    calm = Page(host)
    calm.join("Calm")
    flood = Page(host)
    flood.join("Flood")
    for n in range(P.FRAME_BURST * 3):
        try:
            flood.send({"type": "ping", "n": n})
        except ConnectionClosed:
            break
    assert flood.closed_with() == 1008
    assert any(m["type"] == "error" and m["code"] == P.E_FLOOD for m in flood.received)
    calm.send({"type": "ping", "n": 7})
    assert calm.recv_until("pong")["n"] == 7


def test_a_page_that_never_says_hello_is_closed(host):
    host.hello_timeout = 0.5
    page = Page(host)
    assert page.closed_with() == 1008
    assert page.received[-1]["type"] == "reject"


def test_json_numbers_beyond_64_bits_are_refused():
    with pytest.raises(P.ProtocolError):
        from_json('{"type":"ping","n":' + "9" * 30 + "}")


def pong(host) -> bool:
    page = Page(host)
    page.send({"type": "hello", "magic": P.MAGIC, "version": P.PROTOCOL_VERSION,
               "role": "spectator"})
    page.recv_until("welcome")
    page.send({"type": "ping", "n": 3})
    ok = page.recv_until("pong")["n"] == 3
    page.close()
    return ok


def test_a_headless_host_prints_the_page_address_and_no_web_turns_it_off():
    from netkit import Proc

    host = Proc("host", "--headless", "--seats", "2", "--bind", LOOPBACK, "--port", "0",
                "--web-port", "0", "--no-advertise")
    try:
        line = host.wait_line("web: ")
        assert line.startswith(f"web: http://{LOOPBACK}:") and "/#" in line
        port = int(line.split("/#")[0].rsplit(":", 1)[1])
        assert len(host.wait_line("phone code: ").split(": ")[1].replace("-", "")) == 16
        page = urllib.request.urlopen(f"http://{LOOPBACK}:{port}/", timeout=WAIT)
        assert b"data-state" in page.read()
    finally:
        host.kill()
    quiet = Proc("host", "--headless", "--seats", "2", "--bind", LOOPBACK, "--port", "0",
                 "--no-web", "--no-advertise")
    try:
        quiet.port()
        quiet.wait_line("host key ")
        assert not [line for line in quiet.out if line.startswith("web:")]
    finally:
        quiet.kill()


def test_the_qr_code_the_tv_shows_holds_the_page_link_with_its_secret():
    import segno

    from game.ui.qr import QUIET_MODULES, qr_surface

    text = "http://192.168.1.20:47475/#PYRjDLOP9khWimn5nObB6Q"    # a table's secret
    matrix = segno.make_qr(text, error="m").matrix
    surface = qr_surface(text, 340)
    scale = surface.get_width() // (len(matrix) + 2 * QUIET_MODULES)
    assert scale >= 5
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            at = ((x + QUIET_MODULES) * scale + scale // 2,
                  (y + QUIET_MODULES) * scale + scale // 2)
            assert (surface.get_at(at)[0] == 0) == bool(dark)


def test_a_guessed_seat_proof_or_a_taken_seat_gets_no_one_elses_seat():
    host = start_host(seats=3, web_port=0)
    try:
        owner = Page(host)
        assert owner.join("Ann", seat=0)["seat"] == 0
        guesser = Page(host)
        welcome = guesser.join("Eve", proof="ab" * 32, seat=0)      # a made-up proof
        assert welcome["seat"] == 1 and host.slots[0].name == "Ann"
        host.start_game()
        wait_until(lambda: host.status()["phase"] == "playing", "the game to start")
        late = Page(host)
        proof = P.seat_proof("not-the-token", late.hello["nonce"])
        taken = late.join("Mal", proof=proof, seat=0)
        assert taken["seat"] == 2                  # the bot's seat, never Ann's or Eve's
        assert [s.name for s in host.slots] == ["Ann", "Eve", "Mal"]
        assert host.slots[0].connected and host.slots[1].connected
    finally:
        host.stop()


def test_the_page_gets_its_words_in_the_phones_language_from_the_catalogs(host):
    def info(query: str = "", accept: str | None = None) -> dict[str, Any]:
        request = urllib.request.Request(url(host, "/info.json" + query),
                                         headers={"Accept-Language": accept} if accept else {})
        return json.loads(urllib.request.urlopen(request, timeout=WAIT).read())

    japanese = info("?lang=ja-JP")
    assert japanese["lang"] == "ja" and japanese["words"]["Join"] == "参加"
    assert japanese["words"]["Your turn."] == "あなたの手番です。"
    assert info(accept="ja,en;q=0.5")["lang"] == "ja"
    assert info("?lang=fr")["lang"] == "en" and info("?lang=fr")["words"] == {}


def test_broken_and_huge_http_requests_get_a_clear_answer_and_the_page_stays(host):
    import socket

    def raw(request: bytes) -> bytes:
        with socket.create_connection((LOOPBACK, host.web_port), timeout=WAIT) as sock:
            with contextlib.suppress(OSError):       # the host may close before all is sent
                sock.sendall(request)
            chunks = []
            try:
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
            except OSError:
                pass
            return b"".join(chunks)

    # websockets answers a request it cannot parse by closing (no parser of ours)
    assert raw(b"GARBAGE\r\n\r\n")[:12] in (b"HTTP/1.1 400", b"")
    assert raw(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n")[:12] in (
        b"HTTP/1.1 431", b"HTTP/1.1 400", b"")     # header fields too large
    assert raw(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")[:12] in (
        b"HTTP/1.1 400", b"HTTP/1.1 405", b"")
    assert urllib.request.urlopen(url(host), timeout=WAIT).status == 200
    assert pong(host)


def test_a_page_back_from_away_lists_what_it_missed_as_its_seat_may_read_it():
    host = start_host(seats=2, web_port=0, fill_bot="random", standin_bot="random",
                      drop_timeout=0.0, bot_delay=0.02)
    try:
        page = Page(host)
        welcome = page.join("Ann", seat=0)
        page.recv_until("sync")
        host.start_game()
        sync = page.recv_until("sync")
        seen, game = sync["version"], sync["game_number"]
        page.close()              # asleep: a stand-in plays seat 0, the bot seat 1
        wait_until(lambda: host.match.version >= seen + 8, "the table to move on")
        back = Page(host, query=f"?lang=en&seen={seen}&game={game}")
        back.join("Ann", proof=P.seat_proof(welcome["token"], back.hello["nonce"]))
        again = back.recv_until("sync")
        assert again["version"] >= seen + 8
        missed = again["missed"]
        expected = seat_lines(host, 0, seen, again["version"])
        assert [m["line"] for m in missed] == expected[-MISSED_LINES:]
        assert len(expected) >= 4 and all(isinstance(m["version"], int) for m in missed)
        assert all(seen < m["version"] <= again["version"] for m in missed)
        # only sentences travel (no event, so no secret of another seat's); they
        # equal the narration of the events redacted for seat 0 (above)
        assert all(set(m) - {"standin"} == {"version", "seat", "type", "line"} for m in missed)
        # every move of seat 0 since was its stand-in's (the page never acted):
        # marked, so its player does not take them for their own; no other is
        assert any(m["seat"] == 0 for m in missed) and any(m["seat"] == 1 for m in missed)
        assert all(m.get("standin") is (True if m["seat"] == 0 else None) for m in missed)
        back.close()
        # away for a long stretch (or a whole game): at most the last MISSED_LINES
        wait_until(lambda: host.match.version >= 150 or host.status()["phase"] == "over",
                   "a long stretch of the game")
        late = Page(host, query=f"?seen=0&game={game}")
        late.join("Ann", proof=P.seat_proof(welcome["token"], late.hello["nonce"]))
        last = late.recv_until("sync")
        expected = seat_lines(host, 0, 0, last["version"])
        assert len(expected) > MISSED_LINES
        assert [m["line"] for m in last["missed"]] == expected[-MISSED_LINES:]
        late.close()
    finally:
        host.stop()


def test_a_turn_the_timer_gives_to_the_stand_in_is_marked_on_that_page_only():
    """A page that lets its turn run out sees the stand-in's move marked as such
    (`standin` on that update); the other seat's page and moves are unmarked."""
    host = start_host(seats=2, web_port=0, turn_timeout=0.3)
    try:
        pages = [Page(host), Page(host)]
        for seat, page in enumerate(pages):
            page.join(f"P{seat}", seat=seat)
        host.start_game()
        updates: list[list[dict[str, Any]]] = [[], []]
        plays = 0
        while not any(u.get("standin") for u in updates[0]):
            assert plays < 200, "no stand-in move reached seat 0's page"
            message = pages[1].recv()
            if message["type"] in ("sync", "update"):
                if message["type"] == "update":
                    updates[1].append(message)
                if 1 in message.get("to_act", ()) and message.get("legal"):
                    pages[1].send({"type": "action", "seat": 1, "version": message["version"],
                                   "action": message["legal"][0]})
                    plays += 1
            with contextlib.suppress(TimeoutError):
                while True:
                    got = json.loads(pages[0].ws.recv(timeout=0))
                    if got["type"] == "update":
                        updates[0].append(got)
        marked = [u for u in updates[0] if u.get("standin")]
        assert all(host.match.state.history[u["version"] - 1][0] == 0 for u in marked)
        assert not any(u.get("standin") for u in updates[1])
        for page in pages:
            page.close()
    finally:
        host.stop()


@pytest.mark.parametrize("query", ["?seen=-5", "?seen=99999999999999999999999999",
                                   "?seen=abc", "?seen=1e9&game=x", "?seen=" + "9" * 3000,
                                   "?seen=0&game=-1", "?seen=2&seen=3"])
def test_a_guessed_or_hostile_last_version_gets_a_bounded_answer(host, query):
    owner = Page(host)
    welcome = owner.join("Ann", seat=0)
    host.start_game()
    owner.recv_until("sync")
    owner.close()
    wait_until(lambda: not host.slots[0].connected, "the host to see the page go")
    page = Page(host, query=query)
    page.join("Ann", proof=P.seat_proof(welcome["token"], page.hello["nonce"]))
    sync = page.recv_until("sync")
    assert sync["you"] == 0 and isinstance(sync["missed"], list)
    assert len(sync["missed"]) <= MISSED_LINES
    page.send({"type": "ping", "n": 3})
    assert page.recv_until("pong")["n"] == 3
    page.close()
    assert pong(host)


# --- DNS rebinding: only requests that name this host ----------------------------------------

def answer_status(port: int, path: str, host_header: str | None, origin: str | None = None,
                  upgrade: bool = False) -> int:
    """The status an HTTP request to the page's port gets (read from its first line)."""
    import socket

    lines = [f"GET {path} HTTP/1.1"]
    if host_header is not None:
        lines.append(f"Host: {host_header}")
    if upgrade:
        lines += ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    with socket.create_connection((LOOPBACK, port), timeout=WAIT) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                break
            head += chunk
    return int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.1 ") else -1


def test_a_rebound_name_gets_neither_the_page_nor_its_data_nor_a_seat(host):
    """Under DNS rebinding a web page's own name points at the host: its requests
    carry that name in Host and Origin alike, and are refused, files, data and
    WebSocket; the host's own names are served."""
    port = host.web_port
    evil = f"evil.example:{port}"
    for path in ("/", "/info.json", "/app.js"):
        assert answer_status(port, path, evil) == 403
    assert answer_status(port, "/ws", evil, origin=f"http://{evil}", upgrade=True) == 403
    assert answer_status(port, "/info.json", f"127.0.0.1:{port + 1}") == 403    # another port
    assert answer_status(port, "/info.json", f"127.0.0.1:{port}@evil.example") == 403
    assert answer_status(port, "/", None) == 400
    for name in (f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost.:{port}"):
        assert answer_status(port, "/info.json", name) == 200
        assert answer_status(port, "/ws", name, origin=f"http://{name}", upgrade=True) == 101
    # the whole Origin, scheme included: another scheme, port or name is another page
    own = f"127.0.0.1:{port}"
    for origin in (f"https://{own}", f"http://127.0.0.1:{port + 1}", "null",
                   f"http://localhost:{port}", f"http://{own}/x"):
        assert answer_status(port, "/ws", own, origin=origin, upgrade=True) == 403
    wait_until(lambda: not [p for p in host.peers if p.role is None], "the test pages gone")
    assert pong(host)


def test_the_hosts_own_names_are_its_addresses_and_port():
    from net.host.web_doors import host_is_ours, origin_is_ours, plain_name

    names = {plain_name(a) for a in ("192.168.1.20", "fe80::1%eth0")}
    assert host_is_ours("192.168.1.20:47475", names, 47475)
    assert host_is_ours("[fe80::1]:47475", names, 47475)
    assert host_is_ours("[::ffff:192.168.1.20]:47475", names, 47475)
    assert host_is_ours("192.168.1.20", names, 80)
    assert not host_is_ours("192.168.1.20", names, 47475)        # no port: 80
    for bad in ("evil.example:47475", "192.168.1.21:47475", "192.168.1.20:47475 x",
                "192.168.1.20:447475", "", None, "user@192.168.1.20:47475"):
        assert not host_is_ours(bad, names, 47475)
    assert origin_is_ours("http://192.168.1.20:47475", "192.168.1.20:47475")
    assert origin_is_ours(None, "192.168.1.20:47475")               # not a browser
    assert not origin_is_ours("https://192.168.1.20:47475", "192.168.1.20:47475")


# --- the page's doors: fair shares per address ------------------------------------------------

def watch_page(host, source: str) -> tuple[Page, dict[str, Any]]:
    page = Page(host, source_address=(source, 0))
    page.send({"type": "hello", "magic": P.MAGIC, "version": P.PROTOCOL_VERSION,
               "role": "spectator"})
    while True:
        reply = page.recv()
        if reply["type"] in ("welcome", "reject"):
            return page, reply


def test_idle_watching_pages_from_one_address_leave_room_for_every_other(host):
    held = []
    try:
        for _ in range(P.MAX_SPECTATORS):
            held.append(watch_page(host, "127.0.0.2"))
        assert sum(r["type"] == "welcome" for _, r in held) == P.SPECTATORS_PER_ADDRESS
        assert all(r["code"] == P.R_SPECTATORS for _, r in held if r["type"] == "reject")
        for i in range(17):
            page, reply = watch_page(host, f"127.0.1.{i}")
            held.append((page, reply))
            assert reply["type"] == "welcome", reply
    finally:
        for page, _ in held:
            page.close()


def test_half_sent_requests_hold_a_few_places_and_a_phone_still_loads_the_page():
    """Requests that never finish, from four addresses: past their share the host
    answers 503 at once (before a byte is read), so they hold a few sockets, and a
    phone from another address loads the page."""
    import socket

    host = start_host(seats=2, web_port=0, hello_timeout=30.0)
    crowd: list[socket.socket] = []
    try:
        for n in range(200):
            sock = socket.create_connection((LOOPBACK, host.web_port), timeout=WAIT,
                                            source_address=(f"127.0.0.{2 + n % 4}", 0))
            crowd.append(sock)
            with contextlib.suppress(OSError):           # turned away already
                sock.sendall(f"GET / HTTP/1.1\r\nHost: {LOOPBACK}:{host.web_port}\r\n".encode())

        def turned_away() -> list[bytes]:
            answers = []
            for sock in crowd:
                sock.setblocking(False)
                try:
                    answers.append(sock.recv(4096) or b"closed")
                except BlockingIOError:
                    pass
                except OSError:                          # reset: the request was unread
                    answers.append(b"closed")
            return answers
        answers = wait_until(lambda: (lambda a: a if len(a) >= 200 - P.MAX_PAGE_REQUESTS
                                      else None)(turned_away()), "the excess turned away", 10)
        # (a 503, unless the request it did not read turned the close into a reset)
        assert all(a.startswith(b"HTTP/1.1 503") for a in answers if a != b"closed")
        phone = urllib.request.urlopen(url(host), timeout=WAIT)
        assert phone.status == 200 and b"data-state" in phone.read()
    finally:
        for sock in crowd:
            sock.close()
        host.stop()
