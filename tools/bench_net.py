#!/usr/bin/env python3
"""LAN speed figures on loopback: action-to-update latency, update sizes, discovery time.

    python tools/bench_net.py [--games 2] [--players 5] [--spectators 10]
                              [--spectator-procs P] [--save-dir DIR]

A headless host runs in its own process (`railparty host --headless`, saving
after every action, as in a real game). Five greedy players are raw protocol
clients on one asyncio loop in this process; the spectators are spread over P
processes of their own (default: one per 8 spectators), each on its own
loopback address, so that one process reading thirty updates in turn does not
count as the host's delay.
Latency is measured from just after a player sends its action to the moment
a frame's last byte is read (before it is decoded): the player's own `update`,
and, "fan-out", the last spectator's copy of that update (all processes share
one monotonic clock). Bot thinking time is not included. Sizes are whole
frames, by message kind and by role (a player to act, with its legal actions;
a player waiting; a spectator). Discovery: a browser is
running, a new host registers; the time until the browser lists it.
Join: `--joins N` spectators connect one after another, each timed from the
connection's start to its welcome (TCP, the TLS 1.3 handshake where the code
speaks it, and the hellos). Everything stays on 127.0.0.1. Aims: p99 under 3
ms, updates under 4 KiB, discovery under 2 s.

To compare two checkouts with the same bench, `BENCH_ROOT=/path/to/other`
measures that checkout's host and protocol (sealed if it has net/tls.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[1]).resolve()
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(Path(__file__).resolve().parent))     # program_env

from program_env import program_env  # noqa: E402

from game.bots import make_bot  # noqa: E402
from net import protocol as P  # noqa: E402

# A checkout before protocol 6 speaks in the clear. Asked of the checkout's files,
# not of an import: an editable install would find net.tls in its own checkout.
if (ROOT / "net" / "tls.py").exists():
    from net.tls import client_context  # noqa: E402
else:
    client_context = None
# ... and one before net/tls_transport.py seals through asyncio's own TLS transport
if (ROOT / "net" / "tls_transport.py").exists():
    from net.tls_transport import open_sealed_streams  # noqa: E402
else:
    open_sealed_streams = None

LOOPBACK = "127.0.0.1"


async def open_peer(port: int, source: str = LOOPBACK) -> tuple[asyncio.StreamReader,
                                                                  asyncio.StreamWriter]:
    """A connection to the host as its clients make it (sealed where the code seals)."""
    if open_sealed_streams is not None:
        return await open_sealed_streams(LOOPBACK, port, client_context(), 30.0,
                                         local_addr=(source, 0))
    sealed = ({} if client_context is None
              else dict(ssl=client_context(), server_hostname=""))
    return await asyncio.open_connection(LOOPBACK, port, local_addr=(source, 0), **sealed)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


class Stats:
    def __init__(self) -> None:
        self.latency: list[float] = []        # actor: send -> own update read
        self.fanout: list[float] = []         # actor send -> last spectator read
        # (role, message kind) -> frame sizes
        self.sizes: dict[tuple[str, str], list[int]] = {}
        self.sent: dict[int, float] = {}      # version acted on -> send time
        self.seen: dict[int, list[float]] = {}  # version -> spectator read times
        self.actions = 0
        self.synced = 0
        self.host_lines: list[str] = []
        self.playing_seconds = 0.0            # the games' wall time, start to end
        self.joins: list[float] = []          # connection start -> welcome, seconds
        self.costs: list[dict[str, float]] = []   # host CPU ms per connection, by kind
        # CPU seconds while the games were played: the host's, the players' loop's,
        # all the spectators' processes'
        self.cpu = {"host": 0.0, "players": 0.0, "spectators": 0.0}


async def read_frame(reader: asyncio.StreamReader) -> tuple[dict, int, float]:
    """A frame, its size and when its last byte was read (before decoding it)."""
    header = await reader.readexactly(4)
    size = P.frame_length(header)
    body = await reader.readexactly(size)
    now = time.perf_counter()
    return P.decode_body(body), size + 4, now


def role_of(role: str, message: dict) -> str:
    if role == "spectator":
        return "spectator"
    return "player to act" if message.get("legal") else "player waiting"


async def peer(port: int, role: str, name: str, stats: Stats, seed: int,
               done: asyncio.Event, source: str = LOOPBACK, pace: float = 0.0) -> None:
    """One peer; `source` is its own loopback address, as each device at a party
    has its own (the host limits connections per address that have not said hello).
    A player waits `pace` seconds on its turn before its bot chooses."""
    reader, writer = await open_peer(port, source)
    writer.write(P.encode(P.hello_from_client(role, name)))
    bot = make_bot("greedy", seed) if role == "player" else None
    seat = None
    acted: set[int] = set()
    while True:
        try:
            message, size, now = await read_frame(reader)
        except (asyncio.IncompleteReadError, ConnectionError):
            break
        kind = message["type"]
        if kind == "ping":
            writer.write(P.encode({"type": "pong", "n": message.get("n", 0)}))
        elif kind == "welcome":
            seat = message["seat"]
        elif kind == "bye":
            break
        elif kind in ("sync", "update"):
            message = P.unpack(message)
            version = message["version"]
            stats.sizes.setdefault((role_of(role, message), kind), []).append(size)
            if kind == "sync":
                stats.synced += 1
            if kind == "update":
                if role == "spectator":
                    stats.seen.setdefault(version, []).append(now)
                else:
                    sent = stats.sent.pop(("own", seat, version - 1), None)
                    if sent is not None:
                        stats.latency.append(now - sent)
            if message.get("result") is not None:
                # keep reading until the host's goodbye: a peer that stopped here
                # would wind its process down while others still read this update
                done.set()
                continue
            if bot is not None and message["legal"] and version not in acted:
                acted.add(version)
                # at a party each player reads on a device of its own: let the other
                # players on this loop read (and time) what has arrived for them
                # before this bot thinks, or its thinking counts as their latency
                await asyncio.sleep(pace)
                action = bot.choose(message["view"], message["legal"])
                writer.write(P.encode(P.action(seat, version, action)))
                sent_at = time.perf_counter()
                stats.sent[("own", seat, version)] = sent_at
                stats.sent[("any", version)] = sent_at
                stats.actions += 1
    writer.close()


async def play_one(port: int, players: int, stats: Stats, pace: float) -> None:
    done = asyncio.Event()
    seats = [asyncio.ensure_future(peer(port, "player", f"Bench {i}", stats, i, done,
                                        f"127.0.2.{i + 1}", pace)) for i in range(players)]
    await asyncio.wait_for(asyncio.gather(*seats), 300)


async def joins(port: int, count: int) -> list[float]:
    """Seconds from a spectator's connection start to its welcome, `count` in turn."""
    taken = []
    for i in range(count):
        started = time.perf_counter()
        reader, writer = await open_peer(port, f"127.0.4.{i % 200 + 1}")
        await read_frame(reader)                             # the host's hello
        writer.write(P.encode(P.hello_from_client("spectator", f"Join {i}")))
        while (await read_frame(reader))[0]["type"] != "welcome":
            pass
        taken.append(time.perf_counter() - started)
        writer.close()
    return taken


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system, from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def handshake_cost(pid: int, port: int, count: int) -> dict[str, float]:
    """The host's CPU milliseconds per connection of each kind, `count` of each, one
    after another, each from an address of its own: a whole TLS handshake then a
    close ("sealed"), a ClientHello of garbage ("garbage"), a peer that closes at
    once ("closed"). A checkout in the clear measures its plain hello instead."""
    import socket

    def each(kind: str, i: int) -> None:
        source = (f"127.0.{5 + i // 250}.{i % 250 + 1}", 0)
        with socket.create_connection((LOOPBACK, port), timeout=10,
                                      source_address=source) as sock:
            if kind == "sealed" and client_context is not None:
                with client_context().wrap_socket(sock):
                    pass
            elif kind == "sealed":                          # in the clear: the host's hello
                sock.recv(4096)
            elif kind == "garbage":
                sock.sendall(b"\x16\x03\x01\x00\x40" + bytes(64))
                with contextlib.suppress(OSError):
                    sock.recv(4096)

    costs = {}
    for n, kind in enumerate(("sealed", "garbage", "closed")):
        time.sleep(0.5)                   # the previous kind's closes handled
        before = cpu_seconds(pid)
        for i in range(count):
            each(kind, n * count + i)
        time.sleep(0.5)
        costs[kind] = (cpu_seconds(pid) - before - 0.0) * 1000 / count
    return costs


def watch(port: int, first: int, spectators: int, pipe: Any) -> None:
    """Some spectators, in a process of their own (so that reading their updates does
    not delay the players' or the other spectators'): reports when all are in, then
    what each one read."""
    stats = Stats()

    async def run() -> None:
        tasks = [asyncio.ensure_future(peer(port, "spectator", f"Kiosk {i}", stats, i,
                                            asyncio.Event(), f"127.0.3.{i + 1}"))
                 for i in range(first, first + spectators)]
        while stats.synced < spectators:
            await asyncio.sleep(0.01)
        pipe.send("ready")
        cpu[0] = time.process_time()
        await asyncio.wait_for(asyncio.gather(*tasks), 300)
        cpu[0] = time.process_time() - cpu[0]
    cpu = [0.0]
    asyncio.run(run())
    pipe.send((stats.seen, stats.sizes, cpu[0]))


def spread(total: int, procs: int) -> list[int]:
    """`total` spectators over `procs` processes, as evenly as can be."""
    procs = max(1, min(procs, total))
    return [total // procs + (1 if i < total % procs else 0) for i in range(procs)]


def start_host(game: str, players: int, save: Path,
               seed: int) -> tuple[subprocess.Popen, int]:
    # a PYTHONPATH already set (a profiler's sitecustomize, say) stays after the repository
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = program_env(ROOT, PYTHONPATH=path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--headless", "--game", game,
         "--seats", str(players), "--no-web",
         "--bind", LOOPBACK, "--port", "0", "--no-advertise", "--seed", str(seed),
         "--save", str(save)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if not line.startswith("listening on "):
        proc.kill()
        raise SystemExit(f"the host did not start: {line!r}")
    return proc, int(line.rsplit(":", 1)[1])


def bench_game(game_id: str, players: int, spectators: int, procs: int, games: int,
               save_dir: Path, pace: float = 0.0, join_count: int = 0,
               cost_count: int = 0) -> Stats:
    import multiprocessing

    stats = Stats()
    spawn = multiprocessing.get_context("spawn")
    for game in range(games):
        proc, port = start_host(game_id, players, save_dir / f"bench-{game}.json", 100 + game)
        # before the spectators' processes start (their imports would be timed too)
        if join_count:
            stats.joins += asyncio.run(joins(port, join_count))
        if cost_count:
            stats.costs.append(handshake_cost(proc.pid, port, cost_count))
        watchers, pipes, first = [], [], 0
        for count in spread(spectators, procs) if spectators else []:
            mine, theirs = spawn.Pipe()
            watcher = spawn.Process(target=watch, args=(port, first, count, theirs),
                                    daemon=True)
            watcher.start()
            watchers.append(watcher)
            pipes.append(mine)
            first += count
        seen: dict[int, list[float]] = {}
        try:
            for mine in pipes:
                if not mine.poll(60) or mine.recv() != "ready":
                    raise SystemExit("the spectators did not get in")
            started = time.perf_counter()
            host_cpu, players_cpu = cpu_seconds(proc.pid), time.process_time()
            asyncio.run(play_one(port, players, stats, pace))
            stats.playing_seconds += time.perf_counter() - started
            stats.cpu["players"] += time.process_time() - players_cpu
            stats.cpu["host"] += cpu_seconds(proc.pid) - host_cpu
            for mine in pipes:
                if not mine.poll(60):
                    raise SystemExit("the spectators did not see the end")
                their_seen, sizes, their_cpu = mine.recv()
                stats.cpu["spectators"] += their_cpu
                for version, times in their_seen.items():
                    seen.setdefault(version, []).extend(times)
                for key, values in sizes.items():
                    stats.sizes.setdefault(key, []).extend(values)
        except BaseException:
            proc.kill()             # a headless host waits for its game: do not wait
            raise
        finally:
            for watcher in watchers:
                watcher.join(30)
            proc.stdout.read()
            stats.host_lines += [line.strip() for line in proc.stderr.read().splitlines()
                                 if line.startswith("host: ")]
            proc.wait(30)
        for key, times in seen.items():
            sent = stats.sent.get(("any", key - 1))
            if sent is not None and len(times) == spectators:
                stats.fanout.append(max(times) - sent)
        stats.sent.clear()
    return stats


def engine_cost(save_dir: Path, games: int, players: int) -> list[float]:
    """What the rules engine alone needs per update on the host: every seat's view,
    the public view and the legal actions of the seats to act (replayed from the saves)."""
    from game.rules import create
    from game.tables.match import Match

    costs = []
    for game in range(games):
        saved = Match.load(save_dir / f"bench-{game}.json", keep_saving=False)
        state = create(saved.game_id, players, saved.seed, **saved.options)
        for seat, action in saved.state.history:
            state.apply(seat, action)
            start = time.perf_counter()
            for viewer in range(players):
                state.view(viewer)
            state.view(None)
            for actor in state.to_act:
                state.legal_actions(actor)
            costs.append(time.perf_counter() - start)
    return costs


def bench_discovery(rounds: int) -> list[float]:
    from net.discovery import Advertiser, Browser

    found_after: list[float] = []
    with Browser(interfaces=[LOOPBACK]) as browser:
        for _ in range(rounds):
            name = f"Bench rails {secrets.token_hex(3)}"
            advertiser = Advertiser(name, 40000, "routes-usa", 4, 4, bind=LOOPBACK,
                                    interfaces=[LOOPBACK])
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, daemon=True)
            thread.start()
            start = time.perf_counter()
            registering = asyncio.run_coroutine_threadsafe(advertiser.start(), loop)
            found = browser.find(name, timeout=10)
            elapsed = time.perf_counter() - start
            registering.result(10)
            asyncio.run_coroutine_threadsafe(advertiser.close(), loop).result(10)
            loop.call_soon_threadsafe(loop.stop)
            thread.join(5)
            loop.close()
            found_after.append(elapsed if found else float("inf"))
    return found_after


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="routes-usa")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--spectators", type=int, default=10)
    parser.add_argument("--spectator-procs", type=int, default=None,
                        help="processes the spectators are spread over (default: one "
                             "per 8 spectators)")
    parser.add_argument("--discovery-rounds", type=int, default=3)
    parser.add_argument("--joins", type=int, default=0,
                        help="spectators joining one after another before each game, "
                             "each timed from its connection's start to its welcome")
    parser.add_argument("--handshake-cost", type=int, default=0, metavar="N",
                        help="before each game, N connections of each kind (a TLS "
                             "handshake, a garbage one, one closed at once): the host's "
                             "CPU time per connection")
    parser.add_argument("--pace", type=float, default=0.0, metavar="MS",
                        help="a player waits this long on its turn before acting (default "
                             "0: as fast as the bots go, which on a loaded machine measures "
                             "a backlog as much as the fan-out)")
    parser.add_argument("--save-dir", default=None,
                        help="where the host saves (default: a temporary folder)")
    args = parser.parse_args()
    os.environ.setdefault("RAILPARTY_MDNS_INTERFACES", LOOPBACK)
    with tempfile.TemporaryDirectory() as tmp:
        save_dir = Path(args.save_dir or tmp)
        procs = args.spectator_procs or max(1, -(-args.spectators // 8))
        stats = bench_game(args.game, args.players, args.spectators, procs, args.games, save_dir,
                           args.pace / 1000, args.joins, args.handshake_cost)
        engine = [v * 1000 for v in engine_cost(save_dir, args.games, args.players)]
    ms = [v * 1000 for v in stats.latency]
    fan = [v * 1000 for v in stats.fanout]
    print(f"{args.game}: {args.games} games, {args.players} players, {args.spectators} spectators "
          f"in {len(spread(args.spectators, procs)) if args.spectators else 0} processes, "
          f"{stats.actions} actions sent by players in {stats.playing_seconds:.1f} s, pace "
          f"{args.pace:g} ms (host saves every action to "
          f"{args.save_dir or 'a temporary folder'})")
    print(f"protocol {P.PROTOCOL_VERSION}, {'TLS 1.3' if client_context else 'in the clear'} "
          f"({ROOT})")
    if stats.joins:
        join_ms = [v * 1000 for v in stats.joins]
        print(f"connection start -> welcome: median {statistics.median(join_ms):.2f} ms, "
              f"p99 {percentile(join_ms, 99):.2f} ms, max {max(join_ms):.2f} ms  "
              f"(n={len(join_ms)})")
    for cost in stats.costs:
        print("host CPU per connection: " + ", ".join(f"{kind} {ms:.3f} ms"
                                                      for kind, ms in cost.items()))
    print(f"action -> own update: median {statistics.median(ms):.2f} ms, "
          f"p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms  (n={len(ms)})")
    for line in stats.host_lines:
        print(f"  inside the {line}")
    print(f"  the rules engine's share (every view + legal actions per update, replayed): "
          f"median {statistics.median(engine):.2f} ms, p99 {percentile(engine, 99):.2f} ms, "
          f"max {max(engine):.2f} ms")
    if fan:
        print(f"action -> last of {args.spectators} spectators: median "
              f"{statistics.median(fan):.2f} ms, p99 {percentile(fan, 99):.2f} ms, "
              f"max {max(fan):.2f} ms  (n={len(fan)})")
    if stats.actions:
        print("CPU per action while playing: " + ", ".join(
            f"{who} {seconds * 1000 / stats.actions:.2f} ms" for who, seconds in stats.cpu.items())
            + " (the spectators' processes stand for thirty machines at a party)")
    for (role, kind), sizes in sorted(stats.sizes.items()):
        print(f"{kind} bytes, {role}: median {statistics.median(sizes):.0f}, "
              f"p99 {percentile(sizes, 99):.0f}, max {max(sizes)}  (n={len(sizes)})")
    found = bench_discovery(args.discovery_rounds)
    if found:
        shown = ", ".join(f"{t:.2f}" for t in found)
        print(f"discovery (browser running, new host registers): median "
              f"{statistics.median(found):.2f} s, max {max(found):.2f} s  ({shown})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
