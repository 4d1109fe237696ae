"""Honest round trips and host memory while hostile peers attack a LAN host (loopback).

    python tools/bench_hostile.py [--peers 4 16] [--seconds 8] [--root DIR]
    python tools/bench_hostile.py --only flood [--flood-seconds 22] [--flood-addresses 8]

Starts `railparty host --headless` (from --root: default this checkout) on
127.0.0.1, lets N hostile spectators send it valid ~250 KB frames (padded with
an unknown field, or full of empty arrays) as fast as it takes them, and
measures an honest spectator's ping round trip (p50/p99, ms) and the host's
resident memory (peak, MB) meanwhile. Then 64 peers each send one such frame
and hold their connection ("hold"), and the host's memory is read again.
"flood": from 8 loopback addresses (127.0.0.2-9: all loopback on Linux),
connections that never say hello, reopened as soon as the host closes one;
meanwhile an honest newcomer (127.0.0.11) tries to take a seat every 2 s
(seated or not, and in how long), an honest spectator (127.0.0.10) pings, and
the host's memory is read before, during (peak) and after the flood.
Every loop is bounded by time; nothing leaves the loopback interface.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import msgpack
from program_env import program_env  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from net.tls import client_context  # noqa: E402

HEADER = struct.Struct(">I")
LOOPBACK = "127.0.0.1"
FRAME_BYTES = 250 * 1024
HONEST_SOURCE = "127.0.0.2"


def frame(message: dict) -> bytes:
    body = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(body)) + body


def padded_frame() -> bytes:
    return frame({"type": "ping", "n": 1, "pad": "x" * (FRAME_BYTES - 40)})


def arrays_frame() -> bytes:
    return frame({"type": "ping", "n": 1, "pad": [[]] * (FRAME_BYTES - 40)})


class Conn:
    """A spectator (or player) on a blocking socket; answers the host's hello."""

    def __init__(self, port: int, timeout: float = 5.0, source: str = LOOPBACK):
        self.sock = client_context().wrap_socket(socket.create_connection(
            (LOOPBACK, port), timeout=timeout, source_address=(source, 0)))
        self.buf = b""
        self.refused: str | None = None

    def recv(self) -> dict | None:
        while len(self.buf) < 4 or len(self.buf) < 4 + HEADER.unpack(self.buf[:4])[0]:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                return None
            self.buf += chunk
        size = HEADER.unpack(self.buf[:4])[0]
        body, self.buf = self.buf[4:4 + size], self.buf[4 + size:]
        return msgpack.unpackb(body, raw=False, strict_map_key=False)

    def hello(self, role: str = "spectator", name: str | None = None) -> bool:
        first = self.recv()
        if not first or first.get("type") != "hello":
            return False
        message = {"type": "hello", "magic": first["magic"], "version": first["version"],
                   "role": role}
        if name:
            message["name"] = name
        self.sock.sendall(frame(message))
        while True:
            message = self.recv()
            if message is None or message.get("type") == "reject":
                self.refused = (message or {}).get("code", "closed")
                return False
            if message.get("type") == "sync":
                return True

    def close(self) -> None:
        self.sock.close()


def dial(source: str, port: int) -> socket.socket | None:
    """A connection to the loopback `port` from the address `source`, begun but
    not awaited (non-blocking); None when the machine has no socket to spare."""
    sock = socket.socket()
    sock.setblocking(False)
    try:
        sock.bind((source, 0))
        sock.connect_ex((LOOPBACK, port))
    except OSError:
        sock.close()
        return None
    return sock


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def start_host(root: Path) -> tuple[subprocess.Popen, int]:
    env = program_env(root, RAILPARTY_DATA_DIR=str(root / ".bench-data"))
    proc = subprocess.Popen([sys.executable, "-m", "game", "host", "--headless", "--bind",
                             LOOPBACK, "--port", "0", "--no-advertise", "--seats", "2",
                             "--save", str(root / ".bench-data" / "bench.json")],
                            cwd=root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    if not line.startswith("listening on "):
        proc.kill()
        raise SystemExit(f"the host did not start: {line!r}")
    return proc, int(line.rsplit(":", 1)[1])


def attacker(port: int, payload: bytes, until: float, sent: list[int]) -> None:
    while time.monotonic() < until:
        try:
            conn = Conn(port, timeout=2.0)
            if not conn.hello():
                conn.close()
                time.sleep(0.05)
                continue
            conn.sock.settimeout(0.5)
            while time.monotonic() < until:
                conn.sock.sendall(payload)
                sent[0] += 1
                with contextlib.suppress(TimeoutError):   # read what comes back
                    conn.sock.recv(1 << 16)
        except OSError:
            time.sleep(0.05)


def honest_round_trips(port: int, until: float, source: str = HONEST_SOURCE) -> list[float]:
    """The honest spectator comes from another loopback address (another machine)."""
    while True:
        conn = Conn(port, source=source)
        if conn.hello():
            break
        conn.close()
        if time.monotonic() > until:
            return []
        time.sleep(0.05)
    conn.sock.settimeout(10.0)
    times, n = [], 0
    while time.monotonic() < until:
        n += 1
        started = time.perf_counter()
        try:
            conn.sock.sendall(frame({"type": "ping", "n": n}))
            while True:
                message = conn.recv()
                if message is None:
                    return times
                if message.get("type") == "ping":
                    conn.sock.sendall(frame({"type": "pong", "n": message.get("n", 0)}))
                if message.get("type") == "pong" and message.get("n") == n:
                    break
        except OSError:
            return times
        times.append((time.perf_counter() - started) * 1000)
        time.sleep(0.05)
    conn.close()
    return times


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def attack(root: Path, peers: int, seconds: float, payload: bytes) -> dict:
    proc, port = start_host(root)
    try:
        base = rss_mb(proc.pid)
        until = time.monotonic() + seconds
        sent = [0]
        threads = [threading.Thread(target=attacker, args=(port, payload, until, sent),
                                    daemon=True) for _ in range(peers)]
        for t in threads:
            t.start()
        peak = [base]

        def sample() -> None:
            while time.monotonic() < until:
                peak[0] = max(peak[0], rss_mb(proc.pid))
                time.sleep(0.05)
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        times = honest_round_trips(port, until)
        for t in threads:
            t.join(5)
        sampler.join(5)
        return {"peers": peers, "round_trips": len(times),
                "rtt_p50_ms": round(percentile(times, 0.5), 2),
                "rtt_p99_ms": round(percentile(times, 0.99), 2),
                "rss_start_mb": round(base, 1), "rss_peak_mb": round(peak[0], 1),
                "hostile_frames_sent": sent[0]}
    finally:
        proc.kill()
        proc.wait(10)


def hold(root: Path, peers: int, payload: bytes) -> dict:
    """Each peer sends one big frame and keeps its connection open."""
    proc, port = start_host(root)
    conns = []
    try:
        base = rss_mb(proc.pid)
        for _ in range(peers):
            try:
                conn = Conn(port, timeout=5.0)
                if conn.hello():
                    conn.sock.sendall(payload)
                    conns.append(conn)
            except OSError:
                pass
        time.sleep(1.5)
        return {"peers": peers, "held": len(conns), "rss_start_mb": round(base, 1),
                "rss_mb": round(rss_mb(proc.pid), 1)}
    finally:
        for conn in conns:
            conn.close()
        proc.kill()
        proc.wait(10)


FLOOD_SOURCES = [f"127.0.0.{i}" for i in range(2, 10)]
FLOOD_HONEST = "127.0.0.10"
FLOOD_NEWCOMER = "127.0.0.11"


def silent_flooder(port: int, source: str, width: int, until: float, opened: list[int]) -> None:
    """Keep `width` connections from `source` open that never say hello; reopen
    each one the host closes at once (non-blocking, one thread per address)."""
    import selectors

    sel = selectors.DefaultSelector()
    live: set[socket.socket] = set()
    while time.monotonic() < until:
        while len(live) < width:
            sock = dial(source, port)
            if sock is None:
                break
            live.add(sock)
            sel.register(sock, selectors.EVENT_READ)
            opened[0] += 1
        for key, _ in sel.select(0.05):
            sock = key.fileobj
            try:
                data = sock.recv(1 << 16)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:                      # closed by the host: open another
                sel.unregister(sock)
                live.discard(sock)
                sock.close()
    for sock in live:
        sock.close()
    sel.close()


def newcomer(port: int) -> dict:
    """One honest player joining: seated or not, and in how long (ms)."""
    started = time.perf_counter()
    try:
        conn = Conn(port, timeout=5.0, source=FLOOD_NEWCOMER)
        seated = conn.hello("player", "Newcomer")
        outcome = "seated" if seated else f"refused {conn.refused}"
        if seated:
            with contextlib.suppress(OSError):
                conn.sock.sendall(frame({"type": "bye", "reason": "bench"}))
        conn.close()
    except TimeoutError:
        outcome = "timed out"
    except OSError as exc:
        outcome = f"closed ({exc.__class__.__name__})"
    return {"outcome": outcome, "ms": round((time.perf_counter() - started) * 1000)}


def connections_of(pid: int) -> int:
    """Open sockets of the host process (from /proc)."""
    try:
        return sum(1 for fd in Path(f"/proc/{pid}/fd").iterdir()
                   if os.readlink(fd).startswith("socket:"))
    except OSError:
        return -1


def flood(root: Path, seconds: float, addresses: int, width: int) -> dict:
    proc, port = start_host(root)
    try:
        time.sleep(1.0)
        base = rss_mb(proc.pid)
        until = time.monotonic() + seconds
        opened = [0]
        threads = [threading.Thread(target=silent_flooder,
                                    args=(port, source, width, until, opened), daemon=True)
                   for source in FLOOD_SOURCES[:addresses]]
        pinger_out: list[float] = []
        pinger = threading.Thread(target=lambda: pinger_out.extend(
            honest_round_trips(port, until, FLOOD_HONEST)), daemon=True)
        pinger.start()
        time.sleep(0.5)
        for t in threads:
            t.start()
        peak = [base]
        tries: list[dict] = []
        time.sleep(2.0)                          # let the flood fill every place
        while time.monotonic() < until - 1.0:
            peak[0] = max(peak[0], rss_mb(proc.pid))
            tries.append(newcomer(port))
            peak[0] = max(peak[0], rss_mb(proc.pid))
            time.sleep(max(0.0, 2.0 - tries[-1]["ms"] / 1000))
        for t in threads:
            t.join(10)
        pinger.join(15)
        during = peak[0]
        time.sleep(8.0)                           # hello deadlines pass, sockets close
        after = rss_mb(proc.pid)
        seated = [t["ms"] for t in tries if t["outcome"] == "seated"]
        others: dict[str, int] = {}
        for t in tries:
            if t["outcome"] != "seated":
                others[t["outcome"]] = others.get(t["outcome"], 0) + 1
        return {"addresses": addresses, "width": width, "seconds": seconds,
                "flood_connections_opened": opened[0],
                "newcomer_tries": len(tries), "newcomer_seated": len(seated),
                "newcomer_seated_max_ms": max(seated) if seated else None,
                "newcomer_failures": others,
                "round_trips": len(pinger_out),
                "rtt_p50_ms": round(percentile(pinger_out, 0.5), 2),
                "rtt_p99_ms": round(percentile(pinger_out, 0.99), 2),
                "rss_before_mb": round(base, 1), "rss_during_peak_mb": round(during, 1),
                "rss_after_mb": round(after, 1), "host_sockets_after": connections_of(proc.pid)}
    finally:
        proc.kill()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peers", type=int, nargs="+", default=[4, 16])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--hold", type=int, default=64)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--only", choices=("frames", "flood"), default=None)
    parser.add_argument("--flood-seconds", type=float, default=22.0)
    parser.add_argument("--flood-addresses", type=int, default=8, choices=range(1, 9))
    parser.add_argument("--flood-width", type=int, default=64,
                        help="connections each flooding address keeps open")
    args = parser.parse_args()
    (args.root / ".bench-data").mkdir(exist_ok=True)
    if args.only != "frames":
        print(json.dumps({"attack": "silent_flood", **flood(
            args.root, args.flood_seconds, args.flood_addresses, args.flood_width)}),
            flush=True)
    if args.only == "flood":
        return
    for name, payload in (("padded", padded_frame()), ("empty_arrays", arrays_frame())):
        for peers in args.peers:
            print(json.dumps({"attack": name, **attack(args.root, peers, args.seconds,
                                                       payload)}), flush=True)
    print(json.dumps({"attack": "hold_empty_arrays", **hold(args.root, args.hold,
                                                            arrays_frame())}), flush=True)


if __name__ == "__main__":
    main()
