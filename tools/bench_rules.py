"""Rules engine speed, for any registered game: random games per second on one
core (wall clock and CPU time), the median and p99 `legal_actions` time, and
the median `clone()` and `determinize()` times (what a search bot pays per
simulation). Games of the route-building family also get `longest_route` on a
45-train network and, on a board with regions, `region_bonus`.

Prints figures; asserts nothing (speed is not a test). Usage:
    python tools/bench_rules.py [--game ID] [--games 200] [--players 4] [--copies 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import GameInfo, create, game_info  # noqa: E402


def random_games(game: str, players: int, games: int
                 ) -> tuple[float, float, list[float], int]:
    """Play `games` seeded random games: (games/s wall, games/s CPU, legal times, actions)."""
    create(game, players=players, seed=0)  # load the board before timing
    legal_times: list[float] = []
    actions = 0
    clock = time.perf_counter
    started, started_cpu = clock(), time.process_time()
    for seed in range(games):
        state = create(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            t0 = clock()
            legal = state.legal_actions(seat)
            legal_times.append(clock() - t0)
            state.apply(seat, rng.choice(legal))
            actions += 1
    elapsed, cpu = clock() - started, time.process_time() - started_cpu
    return games / elapsed, games / cpu, legal_times, actions


def copy_times(game: str, players: int, games: int) -> tuple[list[float], list[float]]:
    """`clone()` and `determinize()` timed at every position of a few random games."""
    clones: list[float] = []
    determinized: list[float] = []
    clock = time.perf_counter
    for seed in range(games):
        state = create(game, players=players, seed=10_000 + seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            t0 = clock()
            state.clone()
            t1 = clock()
            state.determinize(seat, rng)
            t2 = clock()
            clones.append(t1 - t0)
            determinized.append(t2 - t1)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return clones, determinized


# --- the route-building family's own figures ------------------------------------


def routes_figures(board) -> list[str]:
    """`longest_route` on a 45-train network, and `region_bonus` on a board with regions."""
    from game.rules.routes.scoring import longest_route, region_bonus

    lines = []
    net = longest_network()
    runs = []
    for _ in range(50):
        t0 = time.perf_counter()
        length = longest_route(net)
        runs.append(time.perf_counter() - t0)
    lines.append(f"longest_route on a 45-train network ({len(net)} tracks, length {length}): "
                 f"median {statistics.median(runs) * 1e3:.3f} ms, max {max(runs) * 1e3:.3f} ms")
    if board.regions:
        tracks = spread_network(board)
        runs = []
        for _ in range(50):
            t0 = time.perf_counter()
            bonus, regions = region_bonus(board, tracks)
            runs.append(time.perf_counter() - t0)
        lines.append(f"region_bonus on a 45-train network ({len(tracks)} tracks, "
                     f"regions {regions}, bonus {bonus}): "
                     f"median {statistics.median(runs) * 1e3:.3f} ms")
    return lines


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


# --- running it -------------------------------------------------------------------


def player_count(info: GameInfo, wanted: int) -> int:
    """`wanted` players, or the nearest count the game takes."""
    return max(info.min_players, min(info.max_players, wanted))


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.1f} us"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="routes-usa")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--copies", type=int, default=20,
                        help="games whose every position times clone and determinize")
    args = parser.parse_args()
    try:
        info = game_info(args.game)
    except ValueError as exc:
        parser.error(str(exc))
    players = player_count(info, args.players)
    rate, cpu_rate, legal_times, actions = random_games(args.game, players, args.games)
    clones, determinized = copy_times(args.game, players, args.copies)
    legal_times.sort()
    print(f"{args.game}: {args.games} random {players}-player games, {actions} actions")
    print(f"  games per second (one core): {rate:.1f} wall clock, {cpu_rate:.1f} CPU time")
    print(f"  legal_actions median: {us(statistics.median(legal_times))}, "
          f"p99: {us(legal_times[int(len(legal_times) * 0.99)])}")
    print(f"  clone median: {us(statistics.median(clones))}, "
          f"determinize median: {us(statistics.median(determinized))} "
          f"({len(clones)} positions)")
    if info.family == "routes":
        for line in routes_figures(create(args.game, players=players, seed=0).board):
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
