"""Hard against Normal on a budget of the search's own CPU time.

A wall-clock think time is unfair on a shared machine: under load the search
gets a fraction of a core and plays weaker. This plays --games games of the
search bot against --against (Normal by default), seats alternating game by
game (the search sits at seat i % players), each search move thinking
--think-ms of its own thread's CPU time (`Budget(cpu=True)`), and appends
one `simulate --json` game record a line to --out as each game ends, so a run
stopped early still counts: `tools/strength_tally.py` reads the files. Usage:
    nice python tools/strength_run.py --game routes-usa --think-ms 250 \\
        --games 200 --seed 1 --out runs/usa250cpu.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import GAMES  # noqa: E402
from game.tables.simulate import play_game, wilson, win_share  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="routes-usa", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", default="greedy", help="the other seats' bot")
    parser.add_argument("--think-ms", type=int, default=250,
                        help="the search's CPU milliseconds a move")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--out", type=Path, required=True, help="JSON lines file to append to")
    args = parser.parse_args(argv)
    wins = 0.0
    started = time.perf_counter()
    for i in range(args.games):
        seat = i % args.players
        bots = [args.against] * args.players
        bots[seat] = "search"
        banks: list = []
        record = play_game(args.game, bots, args.seed + i, think_ms=args.think_ms, cpu=True,
                           banks=banks)
        record["think_ms"], record["clock"] = args.think_ms, "cpu"
        # the search's mean CPU time a searched move (its set time on average:
        # big decisions take longer, the moves after repay it)
        mean = banks[seat].mean_ms if banks[seat] is not None else None
        record["think_mean_ms"] = None if mean is None else round(mean, 1)
        with args.out.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")
        wins += win_share(record, seat)
        low, high = wilson(wins, i + 1)
        print(f"{args.game} game {i + 1}/{args.games} (seed {args.seed + i}): search "
              f"{wins:g}/{i + 1} = {wins / (i + 1):.1%} ({low:.0%}-{high:.0%}), "
              f"{record['think_mean_ms']} ms a search, "
              f"{time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
