#!/usr/bin/env python3
"""Frame time with Hard seats thinking against Normal seats only, every game.

    python tools/bench_frames.py [--frames 1800] [--repeats 1] [--think-ms 1000]
        [--games routes-usa,...] [--bot-workers N] [--root DIR] [--side-by-side]
        [--control]

For each game it runs the bot demo through the real screens twice, one run
after the other (`railparty demo --headless --stats`, its own process each):
every seat Hard (search), then every seat Normal (greedy), same seed, same
seats. Prints each run's frame wall-time median and 99th percentile (update
and draw of one frame, ms), the p99 difference (aim: within 1 ms), the CPU
p99 of the window's own thread, and the load average; with --repeats, the
spread of the difference. --root runs another checkout (an older main, for
a before figure). Asserts nothing.

One run after the other, the machine's own stalls (several ms, a few a
minute on a shared machine) fall on one run and not the other. With
--side-by-side both demos run at once, so the stalls fall on both alike and
what differs is what the Hard seats cost the window's process (the Hard
demo's workers are busy beside the Normal demo too). --control runs Normal
against Normal: the bench's own noise, to set beside the Hard figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from program_env import program_env  # noqa: E402

from game.rules import GAMES  # noqa: E402


def start_demo(root: Path, game: str, bot: str, frames: int, think_ms: int,
               workers: int | None) -> subprocess.Popen:
    """A headless demo run with `--stats`, started (its own process)."""
    env = program_env(root)
    players = GAMES[game].demo_players or GAMES[game].min_players
    command = [sys.executable, "-m", "game", "demo", "--headless", "--stats", "--game", game,
               "--players", str(players), "--bots", bot, "--frames", str(frames),
               "--think-ms", str(think_ms)]
    if workers is not None:
        command += ["--bot-workers", str(workers)]
    return subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def figures(run: subprocess.Popen, frames: int) -> dict[str, float]:
    """A started demo's frame figures, once it ends."""
    try:
        out, err = run.communicate(timeout=frames / 10 + 300)
    except subprocess.TimeoutExpired:
        run.kill()
        raise SystemExit("a demo did not finish") from None
    lines = out.strip().splitlines()
    if run.returncode != 0 or not lines:
        raise SystemExit(f"the demo failed: {err.strip()[-400:]}")
    return json.loads(lines[-1])


def pair(root: Path, game: str, bots: tuple[str, str], frames: int, think_ms: int,
         workers: int | None, together: bool) -> list[dict[str, float]]:
    """Both demos' figures: run at once (`together`) or one after the other."""
    if not together:
        return [figures(start_demo(root, game, bot, frames, think_ms, workers), frames)
                for bot in bots]
    runs = [start_demo(root, game, bot, frames, think_ms, workers) for bot in bots]
    try:
        return [figures(run, frames) for run in runs]
    finally:
        for run in runs:
            if run.poll() is None:
                run.kill()
                run.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--games", default=",".join(sorted(GAMES)))
    parser.add_argument("--bot-workers", type=int, default=None)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose demo runs (default: this one)")
    parser.add_argument("--side-by-side", action="store_true",
                        help="both demos at once (see above)")
    parser.add_argument("--control", action="store_true",
                        help="Normal against Normal: the bench's own noise")
    args = parser.parse_args()
    bots = ("greedy" if args.control else "search", "greedy")
    name = "Normal" if args.control else "Hard"
    games = [g for g in args.games.split(",") if g]
    diffs: dict[str, list[float]] = {g: [] for g in games}
    for repeat in range(args.repeats):
        for game in games:
            load = os.getloadavg()
            # which starts first alternates with the run
            order = bots if repeat % 2 == 0 else bots[::-1]
            got = pair(args.root, game, order, args.frames, args.think_ms, args.bot_workers,
                       args.side_by_side)
            hard, normal = got if repeat % 2 == 0 else got[::-1]
            diff = hard["p99"] - normal["p99"]
            diffs[game].append(diff)
            print(f"run {repeat + 1} {game:>15} (load {load[0]:.2f}): {name} median "
                  f"{hard['median']:.2f} p99 {hard['p99']:.2f} max {hard['max']:.1f} "
                  f"(cpu p99 {hard['cpu_p99']:.2f}, dropped {hard['dropped_ticks']}) | Normal "
                  f"median {normal['median']:.2f} p99 {normal['p99']:.2f} max "
                  f"{normal['max']:.1f} (cpu p99 {normal['cpu_p99']:.2f}, dropped "
                  f"{normal['dropped_ticks']}) | p99 {name}-Normal {diff:+.2f} ms", flush=True)
    if args.repeats > 1:
        for game, values in diffs.items():
            print(f"{game:>15}: p99 {name}-Normal over {len(values)} runs: median "
                  f"{statistics.median(values):+.2f} ms, from {min(values):+.2f} to "
                  f"{max(values):+.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
