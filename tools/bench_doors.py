"""Doors under attack: what honest guests get while hostile ones flood a LAN host
(a `railparty host --headless` with its phone page, on loopback).

    python tools/bench_doors.py [--only spectators reconnect descriptors tcp_flood]
                                [--seconds 20]

"spectators": 64 idle spectators from one address (half on the game port, half
on the page), then 17 newcomer spectators on each door from other addresses
(a TV, a kiosk): how many are welcomed. "reconnect": from 8 addresses, 3 threads
each hold 4 spectator places (half on the game port, half on the page), leave each
after a second and join again, reopening at once any the host closes; meanwhile
an honest phone plays its seat (its move's round trip, ms), newcomers from other
addresses try to watch (welcomed or not), a second phone drops and retakes its
seat with its proof (seconds), and the host's memory is read before and after.
"descriptors": the host runs with RLIMIT_NOFILE 1024 (soft and hard) and
bots play a saved game while 8 addresses hold as many half-sent HTTP requests
open as the host accepts; counted: full saves that failed, accept pauses, log
bytes, and the page as an honest phone fetches it (answers by status).
"tcp_flood": tools/bench_hostile.py's flood (8 addresses each keeping 64
connections that never say hello open on the game port) and its newcomers.
Every loop is bounded by time; nothing leaves the loopback interface.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import resource
import selectors
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from multiprocessing.connection import Connection
from pathlib import Path

from bench_hostile import Conn, dial, flood, percentile, rss_mb
from program_env import program_env

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from net import protocol as P  # noqa: E402
from net.page_seal import SealedSocket  # noqa: E402

LOOPBACK = "127.0.0.1"
HOSTILE = [f"127.0.0.{i}" for i in range(2, 10)]
SECRETS: dict[int, str] = {}        # each page port's table secret (the host's "web:" line)


def start_host(data: Path, *extra: str, limit: int | None = None, seats: int = 2
               ) -> tuple[subprocess.Popen, int, int, list[str]]:
    """The host, its game port, its page port and its stderr lines (read by a thread)."""
    def lower_limit() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
    data.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-m", "game", "host", "--headless", "--bind",
                             LOOPBACK, "--port", "0", "--web-port", "0", "--no-advertise",
                             "--seats", str(seats), "--save", str(data / "bench.json"), *extra],
                            cwd=ROOT, env=program_env(ROOT, RAILPARTY_DATA_DIR=str(data)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lower_limit)
    port = web = 0
    while not (port and web):
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"the host did not start: {proc.stderr.read()[-2000:]}")
        if line.startswith("listening on "):
            port = int(line.rsplit(":", 1)[1])
        elif line.startswith("web: "):
            address, _, secret = line.strip().partition("#")
            web = int(address.rsplit(":", 1)[1].rstrip("/"))
            SECRETS[web] = secret
    errors: list[str] = []
    threading.Thread(target=lambda: errors.extend(proc.stderr), daemon=True).start()
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
    return proc, port, web, errors


def stop(proc: subprocess.Popen) -> None:
    proc.kill()
    proc.wait(10)


class Page:
    """A WebSocket as the phone page opens it, from `source`."""

    def __init__(self, web: int, source: str, query: str = "", timeout: float = 5.0):
        self.ws = SealedSocket(f"ws://{LOOPBACK}:{web}/ws{query}", SECRETS[web],
                               open_timeout=timeout, origin=f"http://{LOOPBACK}:{web}",
                               max_size=2**22, source_address=(source, 0),
                               close_timeout=0.2)
        self.timeout = timeout
        self.hello = self.recv()

    def send(self, message: dict) -> None:
        self.ws.send(json.dumps(message))

    def recv(self) -> dict:
        return json.loads(self.ws.recv(timeout=self.timeout))

    def until(self, *kinds: str) -> dict:
        while True:
            message = self.recv()
            if message["type"] == "ping":
                self.send({"type": "pong", "n": message.get("n", 0)})
            if message["type"] in kinds:
                return message

    def join(self, role: str = "spectator", **kw: object) -> dict:
        self.send(dict(P.hello_from_client(role), **kw))
        return self.until("welcome", "reject")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def watch_tcp(port: int, source: str) -> bool:
    try:
        conn = Conn(port, timeout=5.0, source=source)
        ok = conn.hello("spectator")
        conn.close()
        return ok
    except OSError:
        return False


def watch_page(web: int, source: str) -> bool:
    try:
        page = Page(web, source)
        ok = page.join()["type"] == "welcome"
        page.close()
        return ok
    except Exception:
        return False


def spectators() -> dict:
    proc, port, web, _ = start_host(ROOT / ".bench-data" / "spectators")
    held: list = []
    try:
        for n in range(64):
            try:
                if n % 2:
                    page = Page(web, HOSTILE[0])
                    if page.join()["type"] == "welcome":
                        held.append(page)
                else:
                    conn = Conn(port, source=HOSTILE[0])
                    if conn.hello("spectator"):
                        held.append(conn)
            except Exception:
                pass
        tcp = sum(watch_tcp(port, f"127.0.1.{i}") for i in range(17))
        page = sum(watch_page(web, f"127.0.2.{i}") for i in range(17))
        return {"idle_spectators_held": len(held), "newcomers_tcp": f"{tcp}/17",
                "newcomers_page": f"{page}/17"}
    finally:
        for h in held:
            h.close()
        stop(proc)


def hold_places(port: int, web: int, source: str, until: float, joins: list[int],
                page: bool) -> None:
    """Hold spectator places from `source`: each one for a moment, then leave and
    join again; one the host closes is reopened at once."""
    held: list[tuple[object, float]] = []
    while time.monotonic() < until:
        with contextlib.suppress(Exception):
            if len(held) < 4:
                if page:
                    conn: object = Page(web, source)
                    ok = conn.join()["type"] == "welcome"
                else:
                    conn = Conn(port, timeout=5.0, source=source)
                    ok = conn.hello("spectator")
                joins[0] += ok
                if ok:
                    held.append((conn, time.monotonic() + 1.0))
                else:
                    conn.close()
        now = time.monotonic()
        for conn, leave_at in list(held):
            if now > leave_at or not alive(conn):
                conn.close()
                held.remove((conn, leave_at))
    for conn, _ in held:
        conn.close()


def alive(conn: object) -> bool:
    """Whether the host still holds this spectator's connection (reads what came)."""
    try:
        if isinstance(conn, Page):
            while True:
                conn.ws.recv(timeout=0)
        conn.sock.setblocking(False)
        try:
            while conn.sock.recv(1 << 16):
                pass
            return False
        finally:
            conn.sock.setblocking(True)
    except (TimeoutError, BlockingIOError):
        return True
    except Exception:
        return False


def play(web: int, seconds: float, out: Connection) -> None:
    """An honest phone in a process of its own (the flood's threads must not slow
    its reading): it takes seat 0 and plays the first legal action after a
    moment's thought; sends back (when, ms) for each move, from the action sent to
    the update that carries it."""
    moves: list[tuple[float, float]] = []
    until = time.monotonic() + seconds
    with contextlib.suppress(Exception):
        page = Page(web, "127.0.3.1", timeout=30.0)
        page.join("player", name="Honest", seat=0)
        message = page.until("sync")
        mine = message.get("you")
        while time.monotonic() < until:
            if message.get("legal") and mine in message.get("to_act", ()):
                time.sleep(0.05)
                started = time.perf_counter()
                page.send({"type": "action", "seat": mine, "version": message["version"],
                           "action": message["legal"][0]})
                message = page.until("update", "sync", "error")
                if message["type"] == "update":
                    moves.append((time.monotonic(), (time.perf_counter() - started) * 1000))
                continue
            message = page.until("update", "sync")
    out.send(moves)


def retake(web: int, source: str, token: str, until: float) -> tuple[Page | None, float]:
    """A dropped phone back: its seat proof, again every half second as the page does."""
    started = time.monotonic()
    while time.monotonic() < until:
        with contextlib.suppress(Exception):
            again = Page(web, source)
            proof = P.seat_proof(token, again.hello["nonce"])
            if again.join("player", proof=proof)["type"] == "welcome":
                return again, time.monotonic() - started
            again.close()
        time.sleep(0.5)
    return None, time.monotonic() - started


def reconnect(seconds: float) -> dict:
    proc, port, web, _ = start_host(
        ROOT / ".bench-data" / "reconnect", "--seats-per-address", "0", "--start-after", "1.5",
        "--turn-timeout", "0.5", "--drop-timeout", "0.2", "--bot", "random", seats=3)
    try:
        mine, theirs = multiprocessing.Pipe(duplex=False)
        phone = multiprocessing.Process(target=play, args=(web, seconds + 6.0, theirs))
        phone.start()
        time.sleep(0.5)
        dropper: Page | None = Page(web, "127.0.3.2")
        token = dropper.join("player", name="Dropper", seat=1)["token"]
        time.sleep(3.0)
        base = rss_mb(proc.pid)
        until = time.monotonic() + seconds
        joins = [0]
        threads = [threading.Thread(target=hold_places, daemon=True,
                                    args=(port, web, src, until, joins, k % 2 == 0))
                   for src in HOSTILE for k in range(3)]
        for t in threads:
            t.start()
        flood_from = time.monotonic() + 1.0
        time.sleep(1.0)
        newcomers, retakes = [], []
        step = 0
        while time.monotonic() < until - 1.0:
            step += 1
            source = f"127.0.4.{step}"
            newcomers.append(watch_page(web, source) if step % 2 else watch_tcp(port, source))
            if step % 4 == 0 and dropper is not None:     # the second phone drops, comes back
                dropper.ws.socket.close()
                dropper, took = retake(web, "127.0.3.2", token, until)
                retakes.append(round(took, 2) if dropper is not None else None)
            time.sleep(0.4)
        for t in threads:
            t.join(10)
        flood_until = time.monotonic()
        moves = mine.recv() if mine.poll(15.0) else []
        phone.join(5)
        quiet = [ms for at, ms in moves if at < flood_from - 1.0]
        flooded = [ms for at, ms in moves if flood_from <= at <= flood_until]
        return {"hostile_joins": joins[0], "newcomers": f"{sum(newcomers)}/{len(newcomers)}",
                "quiet_move_p50_ms": round(percentile(quiet, 0.5), 1),
                "phone_moves_in_flood": len(flooded),
                "move_p50_ms": round(percentile(flooded, 0.5), 1),
                "move_p99_ms": round(percentile(flooded, 0.99), 1),
                "retake_s": retakes, "rss_before_mb": round(base, 1),
                "rss_after_mb": round(rss_mb(proc.pid), 1), "host_alive": proc.poll() is None}
    finally:
        stop(proc)


def half_open(web: int, source: str, until: float, opened: list[int]) -> None:
    """Keep as many half-sent HTTP requests open from `source` as the host takes."""
    sel = selectors.DefaultSelector()
    live: set[socket.socket] = set()
    while time.monotonic() < until:
        while len(live) < 160:
            sock = dial(source, web)
            if sock is None:
                break
            live.add(sock)
            sel.register(sock, selectors.EVENT_WRITE | selectors.EVENT_READ, "new")
            opened[0] += 1
        for key, events in sel.select(0.05):
            sock = key.fileobj
            if key.data == "new" and events & selectors.EVENT_WRITE:
                with contextlib.suppress(OSError):
                    sock.send(f"GET / HTTP/1.1\r\nHost: {LOOPBACK}:{web}\r\n".encode())
                sel.modify(sock, selectors.EVENT_READ, "sent")
                continue
            try:
                data = sock.recv(1 << 16)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            if not data:
                sel.unregister(sock)
                live.discard(sock)
                sock.close()
    for sock in live:
        sock.close()
    sel.close()


def descriptors(seconds: float) -> dict:
    data = ROOT / ".bench-data" / "descriptors"
    proc, port, web, errors = start_host(data, "--start-after", "0", "--bot-delay", "0.05",
                                         "--bot", "random", limit=1024)
    try:
        time.sleep(1.5)
        before = sum(len(e) for e in errors)
        until = time.monotonic() + seconds
        opened = [0]
        threads = [threading.Thread(target=half_open, args=(web, src, until, opened),
                                    daemon=True) for src in HOSTILE]
        for t in threads:
            t.start()
        pages: dict[str, int] = {}
        while time.monotonic() < until:
            time.sleep(1.0)
            try:
                request = urllib.request.Request(f"http://{LOOPBACK}:{web}/")
                with urllib.request.urlopen(request, timeout=5) as answer:
                    key = str(answer.status)
            except urllib.error.HTTPError as exc:
                key = str(exc.code)
            except OSError as exc:
                key = type(exc).__name__
            pages[key] = pages.get(key, 0) + 1
        for t in threads:
            t.join(10)
        text = "".join(errors)
        return {"limit": 1024, "half_open_opened": opened[0],
                "saves_failed": text.count("could not save"),
                "accept_pauses": text.count("pausing") + text.count("out of system resource"),
                "log_bytes": len(text) - before, "page_answers": pages,
                "host_alive": proc.poll() is None}
    finally:
        stop(proc)


ATTACKS = ("spectators", "reconnect", "descriptors", "tcp_flood")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="+", choices=ATTACKS, default=list(ATTACKS))
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    (ROOT / ".bench-data").mkdir(exist_ok=True)
    for name in args.only:
        result = (spectators() if name == "spectators" else reconnect(args.seconds)
                  if name == "reconnect" else descriptors(args.seconds)
                  if name == "descriptors" else flood(ROOT, args.seconds + 6, 8, 64))
        print(json.dumps({"attack": name, **result}), flush=True)


if __name__ == "__main__":
    main()
