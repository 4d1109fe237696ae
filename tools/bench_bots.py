"""Bot strength and think time: the first bot of --bots against the others.

Plays --games bot-only games (seeds --seed, --seed + 1, ...) with
`game.tables.simulate.play_game`; game i seats the first bot at seat i % players
(it swaps places with the bot there), so no seat's edge counts for it.
Prints the first bot's win rate (a shared win counts as a win), its mean
score margin over the best other seat, and the median, 99th percentile and
maximum time of its `choose` calls. Asserts nothing. Usage:
    python tools/bench_bots.py --game railway-tricks --bots greedy,random,random \
        --games 200 --seed 1

With --scaling it measures instead how much more Hard thinks with more bot
workers (game/bots/pool.py): the same --positions positions (from games of
Normal bots, seed --seed), each searched for --think-ms by a pool of one
worker process and by a pool of two (or --workers), taking turns move by
move (which goes first alternates), over --repeats rounds, each round with
bots seeded afresh (a search repeating another's deals would find its
rollouts remembered in the one worker's memos, and only half of them in
two workers': a game never repeats a search). A shared machine's speed
swings by a third from one second to the next, so each round prints its
own ratio and the end the median and spread of them. With --ceiling each
position is also searched with no pool at all, in plain processes: by one
alone, and by --workers others at once (taking turns likewise), all the
same search (the pools' bot seed), each whole in its own process, so
nothing is shared and nothing coordinates them. Their ratio is what this
machine gives that many searches at that moment, the most any pool could
reach; the pool's ratio (in rollouts a second) over it is the pool's own
efficiency. It prints the rollouts per move of each pool; the ratio over
every move, over the moves that thought to the deadline (a search stops
early once every move but one is clearly behind: more workers reach that
sooner, and no more rollouts would change the move) and in rollouts a
second of thinking (a move stopped early counting for the time it took);
the load average; and the CPU the workers got (cores, and rollouts per
CPU-second: equal figures for 1 and 2 workers mean the pool itself costs
nothing, and a ratio short of 2 comes from cores the machine did not give).
    python tools/bench_bots.py --scaling --game eighty-days --think-ms 1000 --repeats 5 --ceiling

With --rate it measures only the search's speed: the same --positions
positions searched in this process, each for --think-ms of the thread's own
CPU time (so the load does not matter), and prints rollouts per CPU-second.
    python tools/bench_bots.py --rate --game routes-usa --positions 12 --think-ms 500
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import bot_names  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.tables.simulate import play_game  # noqa: E402


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


def positions(game_id: str, count: int, seed: int) -> list[tuple[object, int]]:
    """`count` positions (state, seat to move) with a real choice, spread over
    games of Normal bots."""
    from game.bots import dealer, make_bot
    from game.rules import create

    found: list[tuple[object, int]] = []
    rng = random.Random(seed)
    game = 0
    while len(found) < count:
        players = GAMES[game_id].min_players + (game % 2)
        players = min(players, GAMES[game_id].max_players)
        state = create(game_id, players, seed + game)
        bots = [make_bot("greedy", seed * 31 + game * 7 + s) for s in range(players)]
        wanted = sorted(rng.sample(range(10, 120), 4))
        step = 0
        while not state.is_over and wanted and len(found) < count:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if step >= wanted[0] and len(legal) > 3:
                found.append((state.clone(), seat))
                wanted.pop(0)
            state.apply(seat, bots[seat].choose(state.view(seat), legal, dealer(state, seat)))
            step += 1
        game += 1
    return found


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of these processes so far (Linux /proc; 0 elsewhere)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def plain_search(state: object, seat: int, seed: int, think_ms: int, start_at: float) -> int:
    """Rollouts of one Hard search in this process (a plain process, no
    pool), started at `start_at` (a `time.perf_counter()` reading: the same
    clock in every process here) so that two start together."""
    from game.bots import make_bot
    from game.bots.jobs import BotJob

    job = BotJob.of(make_bot("search", seed, think_ms=think_ms), state, seat)
    while time.perf_counter() < start_at:
        time.sleep(0.001)
    job()
    return job.rollouts


class Ceiling:
    """Plain processes, one to search alone and `workers` to search at once:
    each search of a position the same one (the pools' bot seed), so the
    processes' work and memos stay alike, and only the machine differs."""

    def __init__(self, workers: int):
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        from game.bots.worker import settle

        self.size = workers
        ctx = multiprocessing.get_context("spawn")
        # each runs as the pool's workers do (the bench's pools are not nicer)
        self.alone = ProcessPoolExecutor(1, ctx, initializer=settle)
        self.together = ProcessPoolExecutor(workers, ctx, initializer=settle)
        for pool, size in ((self.alone, 1), (self.together, workers)):
            list(pool.map(time.sleep, [0.3] * size))   # started before the clock runs

    def run(self, state: object, seat: int, seed: int, think_ms: int, together: bool) -> int:
        """Rollouts of one search alone, or of `size` at once added up."""
        pool, size = (self.together, self.size) if together else (self.alone, 1)
        start_at = time.perf_counter() + 0.05
        futures = [pool.submit(plain_search, state, seat, seed, think_ms, start_at)
                   for _ in range(size)]
        return sum(f.result() for f in futures)

    def close(self) -> None:
        self.alone.shutdown()
        self.together.shutdown()


def scaling(game_id: str, count: int, seed: int, think_ms: int, workers: int,
            repeats: int, ceiling: bool = False) -> None:
    """Rollouts per move at `think_ms` with 1 and `workers` worker processes."""
    from game.bots.pool import BotWorkers

    found = positions(game_id, count, seed)
    pools = {1: BotWorkers(1), workers: BotWorkers(workers)}
    plain = Ceiling(workers) if ceiling else None
    try:
        while not all(pool.ready() for pool in pools.values()):
            time.sleep(0.05)
        ratios, full_ratios, paces, ceilings = [], [], [], []
        totals: dict[int, list[int]] = {size: [] for size in pools}
        for round_number in range(repeats):
            # each round deals its own guesses: a search that replayed the last
            # round's deals would find its rollouts' values remembered (the bots'
            # memos live on in each worker process) in the one worker, and only
            # in whichever of two played that round before: never so in a game
            figures = think_round(pools, found, seed + 7919 * round_number, think_ms,
                                  round_number % 2, plain)
            one, many = figures[1], figures[workers]
            for size in pools:
                counts, _, cpu = figures[size]
                totals[size] += counts
                print(f"  round {round_number + 1}, {size} worker{'s' if size > 1 else ''}: "
                      f"{statistics.fmean(counts):7.1f} rollouts a move (median "
                      f"{statistics.median(counts):.0f}); the workers got {cpu[0] / cpu[1]:.2f} "
                      f"cores, {sum(counts) / cpu[0]:.0f} rollouts a CPU-second", flush=True)
            ratio = statistics.fmean(many[0]) / statistics.fmean(one[0])
            full = [i for i in range(len(found)) if one[1][i] and many[1][i]]
            full_ratio = (sum(many[0][i] for i in full) / sum(one[0][i] for i in full)
                          if full else float("nan"))
            # rollouts a second of thinking: a move stopped early (decided)
            # counts for the time it took, not for rollouts it had no need of
            pace = (sum(many[0]) / many[2][1]) / (sum(one[0]) / one[2][1])
            ratios.append(ratio)
            paces.append(pace)
            if full:
                full_ratios.append(full_ratio)
            print(f"round {round_number + 1}: {workers} workers / 1 worker {ratio:.2f}x over "
                  f"{len(found)} moves, {full_ratio:.2f}x over the {len(full)} that both "
                  f"thought to the deadline, {pace:.2f}x in rollouts a second of thinking "
                  f"(load average {os.getloadavg()[0]:.2f})", flush=True)
            if plain is not None:
                alone, together = figures["plain"]
                ceilings.append(sum(together) / sum(alone))
                print(f"round {round_number + 1}: the machine: {workers} plain searches at once / "
                      f"one alone {ceilings[-1]:.2f}x; the pool (rollouts a second) reached "
                      f"{pace / ceilings[-1]:.0%} of it", flush=True)
    finally:
        for pool in pools.values():
            pool.close()
        if plain is not None:
            plain.close()
    overall = statistics.fmean(totals[workers]) / statistics.fmean(totals[1])
    print(f"{workers} workers / 1 worker ({game_id}, {think_ms} ms, {len(found)} moves x "
          f"{repeats} rounds, {os.cpu_count()} cores): median of the rounds "
          f"{statistics.median(ratios):.2f}x (from {min(ratios):.2f} to {max(ratios):.2f}), "
          f"all rounds together {overall:.2f}x; moves that thought to the deadline: " + (
              f"median {statistics.median(full_ratios):.2f}x (from {min(full_ratios):.2f} to "
              f"{max(full_ratios):.2f})" if full_ratios else "none") +
          f"; rollouts a second of thinking: median {statistics.median(paces):.2f}x (from "
          f"{min(paces):.2f} to {max(paces):.2f})")
    if ceilings:
        shares = [r / c for r, c in zip(paces, ceilings, strict=True)]
        print(f"the machine's ceiling ({workers} plain searches at once / one alone): median "
              f"{statistics.median(ceilings):.2f}x (from {min(ceilings):.2f} to "
              f"{max(ceilings):.2f}); the pool reached a median {statistics.median(shares):.0%} "
              f"of it (from {min(shares):.0%} to {max(shares):.0%})")


def think_round(pools: dict, found: list[tuple[object, int]], seed: int, think_ms: int,
                flip: int, plain: Ceiling | None = None) -> dict:
    """Each position searched once by each pool (position i by a bot seeded
    `seed` + i in both), the pools taking turns (the first one alternating
    with the position and with `flip`, so a swing of the machine's speed
    falls on both alike): by pool size, (rollouts per move, whether each
    move thought to the deadline, (workers' CPU seconds, wall seconds)); and
    with `plain`, under "plain", (rollouts of one plain search alone, of
    `plain.size` at once) per position, taking turns likewise."""
    from game.bots import make_bot
    from game.bots.jobs import BotJob

    figures: dict = {size: ([], [], [0.0, 0.0]) for size in pools}
    alone: list[int] = []
    together: list[int] = []
    for i, (state, seat) in enumerate(found):
        if plain is not None:
            for both in (False, True) if (i + flip) % 2 == 0 else (True, False):
                (together if both else alone).append(
                    plain.run(state, seat, seed + i, think_ms, both))
        sizes = sorted(pools)
        for size in sizes if (i + flip) % 2 == 0 else reversed(sizes):
            pool = pools[size]
            counts, full, spent = figures[size]
            job = BotJob.of(make_bot("search", seed + i, think_ms=think_ms), state, seat)
            before, started = cpu_seconds(pool.pids()), time.perf_counter()
            pool.submit(job).result()
            took = time.perf_counter() - started
            spent[0] += cpu_seconds(pool.pids()) - before
            spent[1] += took
            counts.append(job.rollouts)
            full.append(took >= 0.95 * think_ms / 1000)
    result: dict = {size: (counts, full, (spent[0], spent[1]))
                    for size, (counts, full, spent) in figures.items()}
    if plain is not None:
        result["plain"] = (alone, together)
    return result


def rate(game_id: str, count: int, seed: int, think_ms: int) -> None:
    """Rollouts per CPU-second of a search in this process, over `count` positions."""
    from game.bots import dealer, make_bot

    found = positions(game_id, count, seed)
    rollouts, cpu = 0, 0.0
    for i, (state, seat) in enumerate(found):
        bot = make_bot("search", seed + i, think_ms=think_ms, cpu=True)
        view, legal, deal = state.view(seat), state.legal_actions(seat), dealer(state, seat)
        before = time.thread_time()
        bot.choose(view, legal, deal)
        cpu += time.thread_time() - before
        rollouts += sum(p.rollouts for p in bot._players.values())
    print(f"{game_id}: {rollouts / cpu:.1f} rollouts a CPU-second ({rollouts} rollouts, "
          f"{len(found)} positions at {think_ms} CPU-ms, seed {seed})", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="railway-tricks", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=None,
                        help="seats (default: as many as --bots names; one name fills all)")
    parser.add_argument("--bots", default="greedy,random,random",
                        help="comma-separated bots; the first is measured")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--scaling", action="store_true",
                        help="rollouts per move with 1 and --workers bot workers instead")
    parser.add_argument("--rate", action="store_true",
                        help="rollouts per CPU-second of a search in this process instead")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3,
                        help="--scaling: rounds of every position with each pool")
    parser.add_argument("--ceiling", action="store_true",
                        help="--scaling: also the same searches in plain processes, one "
                             "alone and --workers at once: the machine's own ratio")
    args = parser.parse_args(argv)
    if args.rate:
        rate(args.game, args.positions, args.seed, args.think_ms)
        return 0
    if args.scaling:
        if not 2 <= args.workers <= 64 or args.repeats < 1 or args.positions < 1:
            parser.error("--scaling compares one worker with --workers 2 to 64, over "
                         "--repeats and --positions of at least 1")
        scaling(args.game, args.positions, args.seed, args.think_ms, args.workers, args.repeats,
                args.ceiling)
        return 0
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
