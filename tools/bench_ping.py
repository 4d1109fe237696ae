#!/usr/bin/env python3
"""A host's ping round trip, idle and with three Hard seats thinking.

    python tools/bench_ping.py [--game routes-usa] [--seconds 20] [--repeats 1]
        [--think-ms 1000] [--bot-workers N] [--root DIR] [--interval 0.05] [--control]
        [--side-by-side]

Each run starts a headless host (`railparty host --headless`, its own process,
on 127.0.0.1): "idle" is a table of three seats still in its lobby; "hard"
is three Hard (search) bots playing, thinking all the time. A spectator here
pings the host every --interval seconds (50 ms) for --seconds and times
each pong. Prints the round trip's median and 99th percentile for both,
their difference, and the load average; --repeats gives the spread. A p99
of 400 pings is their fourth slowest: --seconds 60 --interval 0.03 takes
2,000 (the host closes a peer sending over 40 frames a second, so no
shorter interval). --control runs the idle host twice instead, the difference then
being the bench's own noise, to set beside the Hard one. --root runs
another checkout (an older main, for a before figure). Asserts nothing.

One host after the other, the machine's own stalls (several ms, a few a
minute on a shared machine) fall on one run and not the other, and two idle
runs differ by up to 2 ms. --side-by-side starts both hosts at once and
pings them in turn (half an interval apart) from one spectator each: the
stalls then fall on both alike, and what differs is only what the Hard
host's own process does (its bots' jobs, its pool's thread, its updates).
The bots' workers are still busy beside the idle host too, so this answers
"is the host's loop queued behind its own bots?"; the plain mode answers
"is a host with Hard seats slower than a host on an idle machine?".
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from program_env import program_env  # noqa: E402

from net import protocol as P  # noqa: E402
from net.tls import client_context  # noqa: E402
from net.tls_transport import open_sealed_streams  # noqa: E402

LOOPBACK = "127.0.0.1"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def start_host(root: Path, game: str, busy: bool, think_ms: int, workers: int | None,
               save: Path) -> tuple[subprocess.Popen, int]:
    env = program_env(root)
    command = [sys.executable, "-m", "game", "host", "--headless", "--game", game,
               "--seats", "3", "--bind", LOOPBACK, "--port", "0", "--no-advertise",
               "--seed", "1", "--save", str(save)]
    if busy:
        command += ["--bot", "search", "--think-ms", str(think_ms), "--start-after", "0.2"]
    if workers is not None:
        command += ["--bot-workers", str(workers)]
    proc = subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("listening on "):
        proc.kill()
        raise SystemExit(f"the host did not start: {line!r}")
    return proc, int(line.rsplit(":", 1)[1])


async def pings(port: int, seconds: float, warmup: float, interval: float,
                offset: float = 0.0) -> list[float]:
    """Round trips in ms of a spectator's pings, every `interval` s for `seconds`
    (the first `offset` s after the warmup)."""
    reader, writer = await open_sealed_streams(LOOPBACK, port, client_context(), 30.0)
    writer.write(P.encode(P.hello_from_client("spectator", "Ping bench")))
    sent: dict[int, float] = {}
    times: list[float] = []

    async def read() -> None:
        while True:
            header = await reader.readexactly(4)
            message = P.decode_body(await reader.readexactly(P.frame_length(header)))
            now = time.perf_counter()
            if message["type"] == "ping":
                writer.write(P.encode({"type": "pong", "n": message.get("n", 0)}))
            elif message["type"] == "pong" and message.get("n") in sent:
                times.append(1000 * (now - sent.pop(message["n"])))

    reading = asyncio.ensure_future(read())
    await asyncio.sleep(warmup + offset)
    times.clear()
    start = time.perf_counter()
    n = 1_000_000
    for tick in itertools.count(1):
        if time.perf_counter() >= start + seconds or reading.done():
            break
        n += 1
        sent[n] = time.perf_counter()
        writer.write(P.encode({"type": "ping", "n": n}))
        # on a fixed beat, so two spectators stay half an interval apart
        await asyncio.sleep(max(0.0, start + tick * interval - time.perf_counter()))
    await asyncio.sleep(0.5)
    reading.cancel()
    writer.close()
    return times


def run(root: Path, game: str, busy: list[bool], seconds: float, think_ms: int,
        workers: int | None, interval: float) -> list[list[float]]:
    """One host per entry of `busy` (Hard seats or idle), all running at once,
    each pinged by its own spectator: the round trips of each."""
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as hosts:
        ports = []
        for i, hard in enumerate(busy):
            proc, port = start_host(root, game, hard, think_ms, workers,
                                    Path(folder) / f"host{i}.json")
            hosts.callback(proc.wait)
            hosts.callback(proc.kill)
            ports.append(port)

        async def all_pings() -> list[list[float]]:
            return list(await asyncio.gather(*(
                pings(port, seconds, warmup=2.0, interval=interval,
                      offset=i * interval / len(ports))
                for i, port in enumerate(ports))))

        return asyncio.run(all_pings())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="routes-usa")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--bot-workers", type=int, default=None)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose host runs (default: this one)")
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between pings")
    parser.add_argument("--control", action="store_true",
                        help="an idle host against an idle host: the bench's own noise")
    parser.add_argument("--side-by-side", action="store_true",
                        help="both hosts at once, pinged in turn (see above)")
    args = parser.parse_args()
    if args.interval < 1.2 / P.MAX_FRAMES_PER_SECOND or args.seconds <= 0 or args.repeats < 1:
        parser.error(f"--interval must be at least {1.2 / P.MAX_FRAMES_PER_SECOND:.2f} s (the "
                     f"host closes a peer sending over {P.MAX_FRAMES_PER_SECOND} frames a "
                     "second), --seconds above 0, --repeats at least 1")
    other = "idle again" if args.control else "three Hard seats thinking"
    how = "side by side" if args.side_by_side else "one after the other"
    diffs = []
    for repeat in range(args.repeats):
        load = os.getloadavg()
        # (whether the host is the second of the pair, whether its seats think)
        pair = [(False, False), (True, not args.control)]
        if args.side_by_side:
            # which host starts, and is pinged, first alternates with the run
            order = pair if repeat % 2 == 0 else pair[::-1]
            got = run(args.root, args.game, [hard for _, hard in order], args.seconds,
                      args.think_ms, args.bot_workers, args.interval)
            runs = {second: times for (second, _), times in zip(order, got, strict=True)}
        else:
            runs = {second: run(args.root, args.game, [hard], args.seconds, args.think_ms,
                                args.bot_workers, args.interval)[0]
                    for second, hard in pair}
        figures = {}
        for second, times in runs.items():
            if not times:
                raise SystemExit("no pong came back: the host closed the spectator")
            figures[second] = (statistics.median(times), percentile(times, 99), len(times))
        diff = figures[True][1] - figures[False][1]
        diffs.append(diff)
        print(f"run {repeat + 1} ({args.game}, {how}, load average {load[0]:.2f} "
              f"{load[1]:.2f}): "
              f"idle ping median {figures[False][0]:.2f} ms p99 {figures[False][1]:.2f} ms "
              f"({figures[False][2]} pings); {other}: median "
              f"{figures[True][0]:.2f} ms p99 {figures[True][1]:.2f} ms ({figures[True][2]}); "
              f"p99 difference {diff:+.2f} ms", flush=True)
    if len(diffs) > 1:
        print(f"p99 difference over {len(diffs)} runs: median {statistics.median(diffs):+.2f} "
              f"ms, from {min(diffs):+.2f} to {max(diffs):+.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
