"""Bot strength and think time: the first bot of --bots against the others.

Plays --games bot-only games (seeds --seed, --seed + 1, ...) with
`game.simulate.play_game`; game i seats the first bot at seat i % players
(it swaps places with the bot there), so no seat's edge counts for it.
Prints the first bot's win rate (a shared win counts as a win), its mean
score margin over the best other seat, and the median, 99th percentile and
maximum time of its `choose` calls. Asserts nothing. Usage:
    python tools/bench_bots.py --game railway-tricks --bots greedy,random,random \
        --games 200 --seed 1
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import bot_names  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.simulate import play_game  # noqa: E402


def seating(bots: list[str], game: int) -> tuple[list[str], int]:
    """The bots in seat order for game number `game`, and the first bot's seat."""
    seat = game % len(bots)
    order = list(bots)
    order[0], order[seat] = order[seat], order[0]
    return order, seat


def percentile(sorted_values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the (sorted) values lie, nearest rank."""
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def bench(game_id: str, bots: list[str], games: int, seed: int) -> dict[str, float]:
    """Plays the games; returns the first bot's figures (times in milliseconds)."""
    wins, margins, times = 0, [], []
    started = time.perf_counter()
    for i in range(games):
        order, seat = seating(bots, i)
        think: list[list[float]] = [[] for _ in order]
        record = play_game(game_id, order, seed + i, think_times=think)
        scores = record["scores"]
        wins += seat in record["winners"]
        margins.append(scores[seat] - max(s for j, s in enumerate(scores) if j != seat))
        times.extend(think[seat])
    times.sort()
    return {
        "games": games, "wins": wins, "win_rate": wins / games,
        "margin": statistics.fmean(margins),
        "moves": len(times),
        "median_ms": 1000 * statistics.median(times) if times else 0.0,
        "p99_ms": 1000 * percentile(times, 0.99),
        "max_ms": 1000 * times[-1] if times else 0.0,
        "seconds": time.perf_counter() - started,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="railway-tricks", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=None,
                        help="seats (default: as many as --bots names; one name fills all)")
    parser.add_argument("--bots", default="greedy,random,random",
                        help="comma-separated bots; the first is measured")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in bot_names()]
    if not bots or unknown:
        parser.error(f"unknown bot(s) {', '.join(unknown)}; bots are {', '.join(bot_names())}")
    players = args.players or len(bots)
    if len(bots) == 1:
        bots *= players
    info = GAMES[args.game]
    if len(bots) != players or not info.min_players <= players <= info.max_players:
        parser.error(f"{info.name} takes {info.min_players}-{info.max_players} players; "
                     f"--bots names {len(bots)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    r = bench(args.game, bots, args.games, args.seed)
    print(f"{args.game}, {players} players, {','.join(bots)}, {r['games']} games "
          f"from seed {args.seed} ({r['seconds']:.0f} s)")
    print(f"{bots[0]}: won {r['wins']}/{r['games']} = {r['win_rate']:.1%} "
          f"(a shared win counts), mean margin {r['margin']:+.1f}")
    print(f"think time over {r['moves']} moves: median {r['median_ms']:.2f} ms, "
          f"p99 {r['p99_ms']:.2f} ms, max {r['max_ms']:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
