#!/usr/bin/env python3
"""A host's ping round trip, idle and with three Hard seats thinking.

    python tools/bench_ping.py [--game routes-usa] [--seconds 20] [--repeats 1]
        [--think-ms 1000] [--bot-workers N] [--root DIR] [--interval 0.05] [--control]

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
"""

from __future__ import annotations

import argparse
import asyncio
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


async def pings(port: int, seconds: float, warmup: float, interval: float) -> list[float]:
    """Round trips in ms of a spectator's pings, every `interval` s for `seconds`."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port)
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
    await asyncio.sleep(warmup)
    times.clear()
    end = time.perf_counter() + seconds
    n = 1_000_000
    while time.perf_counter() < end and not reading.done():
        n += 1
        sent[n] = time.perf_counter()
        writer.write(P.encode({"type": "ping", "n": n}))
        await asyncio.sleep(interval)
    await asyncio.sleep(0.5)
    reading.cancel()
    writer.close()
    return times


def run(root: Path, game: str, busy: bool, seconds: float, think_ms: int,
        workers: int | None, interval: float) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        proc, port = start_host(root, game, busy, think_ms, workers, Path(folder) / "host.json")
        try:
            return asyncio.run(pings(port, seconds, warmup=2.0, interval=interval))
        finally:
            proc.kill()
            proc.wait()


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
    args = parser.parse_args()
    if args.interval < 1.2 / P.MAX_FRAMES_PER_SECOND or args.seconds <= 0 or args.repeats < 1:
        parser.error(f"--interval must be at least {1.2 / P.MAX_FRAMES_PER_SECOND:.2f} s (the "
                     f"host closes a peer sending over {P.MAX_FRAMES_PER_SECOND} frames a "
                     "second), --seconds above 0, --repeats at least 1")
    other = "idle again" if args.control else "three Hard seats thinking"
    diffs = []
    for repeat in range(args.repeats):
        load = os.getloadavg()
        figures = {}
        for busy in (False, True):
            times = run(args.root, args.game, busy and not args.control, args.seconds,
                        args.think_ms, args.bot_workers, args.interval)
            figures[busy] = (statistics.median(times), percentile(times, 99), len(times))
        diff = figures[True][1] - figures[False][1]
        diffs.append(diff)
        print(f"run {repeat + 1} ({args.game}, load average {load[0]:.2f} {load[1]:.2f}): "
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
