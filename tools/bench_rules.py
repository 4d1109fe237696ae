"""Rules engine speed: random 4-player games per second on one core and the
median `legal_actions` time for any registered game; for the route-building
games also `longest_route` on a 45-train network, and on a board with regions
(routes-italy) `region_bonus` on a 45-train network.

Prints figures; asserts nothing (speed is not a test). Usage:
    python tools/bench_rules.py [--game routes-usa|routes-italy|eighty-days|...]
                                [--games 200] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import create  # noqa: E402
from game.rules.routes.scoring import longest_route, region_bonus  # noqa: E402


def random_games(game: str, players: int, games: int) -> tuple[float, list[float], int]:
    create(game, players=players, seed=0)  # load the board before timing
    legal_times: list[float] = []
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        state = create(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            t0 = time.perf_counter()
            legal = state.legal_actions(seat)
            legal_times.append(time.perf_counter() - t0)
            state.apply(seat, rng.choice(legal))
            actions += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, legal_times, actions


def longest_network() -> list[tuple[str, str, int]]:
    """A 45-train network with forks and loops, like a strong endgame."""
    net = [("A", "B", 3), ("B", "C", 4), ("C", "D", 2), ("D", "A", 3), ("B", "D", 2),
           ("D", "E", 5), ("E", "F", 3), ("F", "G", 2), ("G", "E", 4), ("F", "H", 1),
           ("H", "I", 6), ("I", "J", 2), ("J", "H", 3), ("C", "K", 1), ("K", "L", 2),
           ("L", "C", 2)]
    assert sum(length for *_, length in net) == 45
    return net


def spread_network(board, trains: int = 45) -> list[tuple[str, str]]:
    """Tracks of about `trains` spaces spreading out from the busiest city, like a
    seat that reached many regions (one track per parallel set, no area crossed)."""
    start = max(board.cities, key=lambda c: sum(c in (t.a, t.b) for t in board.tracks))
    reached, out, used, spent = {start}, [], set(), 0
    grew = True
    while grew:
        grew = False
        for t in sorted(board.tracks, key=lambda t: t.length):
            pair = frozenset((t.a, t.b))
            if pair in used or spent + t.length > trains or (t.a in reached) == (t.b in reached):
                continue
            if board.is_dead_end(t.a if t.a in reached else t.b):
                continue
            used.add(pair)
            out.append((t.a, t.b))
            reached |= {t.a, t.b}
            spent += t.length
            grew = True
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="routes-usa")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    rate, legal_times, actions = random_games(args.game, args.players, args.games)
    print(f"{args.game}: {args.games} random {args.players}-player games, {actions} actions")
    print(f"  games per second (one core): {rate:.1f} "
          f"({1e3 / rate:.2f} ms a game, {actions / args.games:.0f} actions a game)")
    print(f"  legal_actions median: {statistics.median(legal_times) * 1e6:.1f} us, "
          f"p99: {sorted(legal_times)[int(len(legal_times) * 0.99)] * 1e6:.1f} us")
    board = getattr(create(args.game, players=args.players, seed=0), "board", None)
    if board is None:
        return 0  # not a route-building game: no network figures
    net = longest_network()
    runs = []
    for _ in range(50):
        t0 = time.perf_counter()
        length = longest_route(net)
        runs.append(time.perf_counter() - t0)
    print(f"  longest_route on a 45-train network ({len(net)} tracks, length {length}): "
          f"median {statistics.median(runs) * 1e3:.3f} ms, max {max(runs) * 1e3:.3f} ms")
    if board.regions:
        tracks = spread_network(board)
        runs = []
        for _ in range(50):
            t0 = time.perf_counter()
            bonus, regions = region_bonus(board, tracks)
            runs.append(time.perf_counter() - t0)
        print(f"  region_bonus on a 45-train network ({len(tracks)} tracks, regions {regions}, "
              f"bonus {bonus}): median {statistics.median(runs) * 1e3:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
