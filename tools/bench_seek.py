"""How long a replay takes to seek: plays one bot game per game family to the
end, loads it as a replay (game/story/replay_session.py) and times a seek to every
point of it, in random order.

    PYTHONPATH=. python tools/bench_seek.py [--games routes-usa,...] [--every N] [--table]

Prints, per game: actions, load time (snapshots taken), the worst and the
mean seek in ms. The issue's bound: any point of a 300-action game under 100 ms.
With --table the seek is timed as a viewer meets it: the replay open on its
game's real table (headless), the controls' jump, then one frame (the table
snaps to the new point: its view, focus and drawing), with the load shown.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import GAMES  # noqa: E402
from game.story.history import read_record, write_record  # noqa: E402
from game.story.replay_session import SNAPSHOT_EVERY, ReplaySession  # noqa: E402
from game.tables.match import Match, default_seats  # noqa: E402


def played(game: str, players: int, seed: int) -> Match:
    match = Match(game, default_seats(game, 0, players), seed)
    while not match.state.is_over:
        match.play_bot(match.state.to_act[0])
    return match


def _bare(session: ReplaySession, points: list[int]) -> list[float]:
    times = []
    for n in points:
        t = time.perf_counter()
        session.seek(n)
        session.state.view(None)          # what the table asks for next
        times.append((time.perf_counter() - t) * 1000)
    return times


CPU: list[float] = []        # the process's own CPU time per jump (not the load's waits)


def _on_table(path: Path, points: list[int]) -> list[float]:
    """Each jump as the viewer meets it: the controls seek, one frame shows it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.scenes.replay import open_replay
    from game.system.settings import Settings

    app = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    try:
        open_replay(app, path, playing=False)
        controls = app.top
        app.step(2)
        times = []
        for n in points:
            t, cpu = time.perf_counter(), time.process_time()
            controls.seek(n)
            app.step(1)
            times.append((time.perf_counter() - t) * 1000)
            CPU.append((time.process_time() - cpu) * 1000)
            if app.top is not controls:    # the end shows the results: back to the replay
                app.pop(app.top)
                controls.table.results_shown = False
        return times
    finally:
        app.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--every", type=int, default=SNAPSHOT_EVERY)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--table", action="store_true",
                        help="time the jump and the frame that shows it on the real table")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-seek-"))
    for game in args.games.split(","):
        info = GAMES[game]
        players = max(info.min_players, min(info.max_players, args.players))
        match = played(game, players, args.seed)
        path = write_record(match, "hot-seat", folder / f"{game}.json")
        t0 = time.perf_counter()
        session = ReplaySession(read_record(path), snapshot_every=args.every)
        load_ms = (time.perf_counter() - t0) * 1000
        points = list(range(session.length + 1))
        random.Random(1).shuffle(points)
        times = _on_table(path, points) if args.table else _bare(session, points)
        end = times[points.index(session.length)]
        if args.table:          # the end opens the results screen: its chart is not a seek
            times = [t for n, t in zip(points, times, strict=True) if n != session.length]
        cpu = ""
        if args.table:
            spent = [c for n, c in zip(points, CPU, strict=True) if n != session.length]
            cpu = f"  cpu max {max(spent):6.2f} ms"
            CPU.clear()
        print(f"{game:<15} {players} players {session.length:>4} actions  "
              f"load {load_ms:7.1f} ms  seek max {max(times):6.2f} ms  "
              f"p95 {statistics.quantiles(times, n=20)[-1]:6.2f} ms  "
              f"median {statistics.median(times):5.2f} ms{cpu}  (snapshot every {args.every}"
              f"{f', on the table; the end with its results {end:.0f} ms' if args.table else ''}"
              f"; load average "
              f"{os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
