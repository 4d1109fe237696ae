"""How long a replay takes to seek: plays one bot game per game family to the
end, loads it as a replay (game/replay_session.py) and times a seek to every
point of it, in random order.

    PYTHONPATH=. python tools/bench_seek.py [--games routes-usa,...] [--every N]

Prints, per game: actions, load time (snapshots taken), the worst and the
mean seek in ms. The issue's bound: any point of a 300-action game under 100 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.history import read_record, write_record  # noqa: E402
from game.match import Match, default_seats  # noqa: E402
from game.replay_session import SNAPSHOT_EVERY, ReplaySession  # noqa: E402
from game.rules import GAMES  # noqa: E402


def played(game: str, players: int, seed: int) -> Match:
    match = Match(game, default_seats(game, 0, players), seed)
    while not match.state.is_over:
        match.play_bot(match.state.to_act[0])
    return match


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--every", type=int, default=SNAPSHOT_EVERY)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-seek-"))
    for game in args.games.split(","):
        info = GAMES[game]
        players = max(info.min_players, min(info.max_players, args.players))
        match = played(game, players, 11)
        path = write_record(match, "hot-seat", folder / f"{game}.json")
        t0 = time.perf_counter()
        session = ReplaySession(read_record(path), snapshot_every=args.every)
        load_ms = (time.perf_counter() - t0) * 1000
        points = list(range(session.length + 1))
        random.Random(1).shuffle(points)
        times = []
        for n in points:
            t = time.perf_counter()
            session.seek(n)
            session.state.view(None)          # what the table asks for next
            times.append((time.perf_counter() - t) * 1000)
        print(f"{game:<15} {players} players {session.length:>4} actions  "
              f"load {load_ms:7.1f} ms  seek max {max(times):6.2f} ms  "
              f"mean {statistics.mean(times):5.2f} ms  (snapshot every {args.every})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
