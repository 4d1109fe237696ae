#!/usr/bin/env python3
"""Frame time of a guided game with its coach panel open, side by side with
a plain game of the same game, in one run.

    python tools/bench_coach.py [--frames 1800] [--games routes-usa,...]
        [--pace 0.5] [--repeats 1]

For each game with a guided game, two headless windows run at once (each
its own process, so the machine's own stalls fall on both alike): the
guided game, its coach's own moves played at `--pace` seconds a step
through the table (its panel drawn every frame, its opponents answering
inside the learner's move, the lesson started again when it ends), and the
bot demo of the same game with Normal seats (`railparty demo --headless
--stats`). Prints both runs' frame wall-time median, 99th percentile and
worst (update and draw of one frame, ms), the coach's worst frame in which
the learner moved (the opponents answer in it), and the p99 difference.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from program_env import program_env  # noqa: E402


def coach_run(game_id: str, frames: int, pace: float) -> dict[str, float]:
    """In this process: the guided game played at `pace`, its frame figures."""
    from game.app import App
    from game.learn import lesson_for
    from game.learn.coach import Coach
    from game.learn.coach_session import CoachSession
    from game.scenes.learn_table import CoachTable, open_learn_table
    from game.system.settings import Settings

    lesson = lesson_for(game_id)
    app = App(settings=Settings(animation=1.0, bot_pace=0.4), headless=True)
    tables: list = []

    every = max(1, round(pace * 60))
    moved: list[int] = []       # the frames in which the learner moved
    read_on: list[int] = []     # the frames in which Next was pressed
    opened: list[int] = []      # the frames in which the lesson was opened (again)

    def start() -> None:
        opened.append(len(app.frame_times))
        tables[:] = [open_learn_table(app, CoachSession(Coach(lesson), keep_progress=False))]

    start()

    def drive() -> None:
        table = tables[0]
        if app.ticks % every or table.animator.busy or table.queue:
            return
        if not isinstance(app.top, CoachTable):
            if table.coach.completed:
                start()
            else:
                app.pop()          # a choice the coach answers itself
            return
        coach = table.coach
        step = coach.step
        if step is not None and step.waits_for_action and coach.legal():
            moved.append(len(app.frame_times))   # the opponents answer in this frame
            table.act(coach.suggested())
        else:
            read_on.append(len(app.frame_times))
            table.coach_press("next")

    app.on_tick.append(drive)
    app.run(max_frames=frames)
    stats = app.frame_stats()
    stats["moves"] = len(moved)
    for name, frames in (("move", moved), ("next", read_on), ("open", opened[1:])):
        for key, times in ((f"{name}_max", app.frame_times), (f"cpu_{name}_max", app.frame_cpu)):
            stats[key] = round(max((times[i] for i in frames if i < len(times)), default=0.0)
                               * 1000, 3)
    others = [t for i, t in enumerate(app.frame_cpu) if i not in set(moved + read_on + opened)]
    stats["cpu_rest_max"] = round(max(others, default=0.0) * 1000, 3)
    app.close()
    return stats


def start(command: list[str]) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=ROOT, env=program_env(ROOT), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def figures(run: subprocess.Popen, frames: int) -> dict[str, float]:
    out, err = run.communicate(timeout=frames / 10 + 300)
    lines = out.strip().splitlines()
    if run.returncode != 0 or not lines:
        raise SystemExit(f"a run failed: {err.strip()[-400:]}")
    return json.loads(lines[-1])


def main() -> int:
    from game.learn import games_with_lessons
    from game.rules import GAMES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--games", default=",".join(games_with_lessons()))
    parser.add_argument("--pace", type=float, default=0.5)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(coach_run(args.child, args.frames, args.pace)), flush=True)
        return 0
    games = [g for g in args.games.split(",") if g]
    if not games:
        print("no game has a guided game yet", file=sys.stderr)
        return 2
    for repeat in range(args.repeats):
        for game in games:
            load = os.getloadavg()
            players = GAMES[game].demo_players or GAMES[game].min_players
            runs = [start([sys.executable, str(Path(__file__).resolve()), "--child", game,
                           "--frames", str(args.frames), "--pace", str(args.pace)]),
                    start([sys.executable, "-m", "game", "demo", "--headless", "--stats",
                           "--game", game, "--players", str(players), "--bots", "greedy",
                           "--frames", str(args.frames)])]
            try:
                coach, plain = (figures(run, args.frames) for run in runs)
            finally:
                for run in runs:
                    if run.poll() is None:
                        run.kill()
                        run.wait()
            print(f"run {repeat + 1} {game:>15} (load {load[0]:.2f}): coach median "
                  f"{coach['median']:.2f} p99 {coach['p99']:.2f} max {coach['max']:.1f} "
                  f"(cpu p99 {coach['cpu_p99']:.2f}; moves {coach['moves']}, worst move "
                  f"frame {coach['move_max']:.1f}, cpu {coach['cpu_move_max']:.1f}; worst "
                  f"Next cpu {coach['cpu_next_max']:.1f}, lesson opened again cpu "
                  f"{coach['cpu_open_max']:.1f}, any other cpu {coach['cpu_rest_max']:.1f}; "
                  f"dropped "
                  f"{coach['dropped_ticks']}) | plain median {plain['median']:.2f} p99 "
                  f"{plain['p99']:.2f} max {plain['max']:.1f} (cpu p99 {plain['cpu_p99']:.2f}; "
                  f"dropped {plain['dropped_ticks']}) | p99 coach-plain "
                  f"{coach['p99'] - plain['p99']:+.2f} ms, cpu "
                  f"{coach['cpu_p99'] - plain['cpu_p99']:+.2f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
