"""Hard's rollout speed on fixed work, side by side across checkouts.

Each checkout (`--tree`, a folder holding the project's code at some commit:
`git worktree add /tmp/old COMMIT` makes one) plays the same work: Hard with a
fixed number of rollouts (`iterations`, deterministic) at each of the same
--positions positions (those of `bench_bots.py --rate`: Normal games, a real
choice between steps 10 and 120). A change that only makes rollouts faster
plays exactly the same rollouts in both (`rollout_digest.py` checks that), so
the CPU time each checkout takes is a like-for-like figure. Every run is a
fresh process, the checkouts take turns (`--repeats` rounds), and the
thinking thread's own CPU time is timed, so other work on the machine moves
the figures far less than the wall clock would. Prints each checkout's
rollouts per CPU-second (median and range) and its ratio to the first
checkout, round by round: over the whole decisions, and over the search loop
alone (`SearchPlayer._search`, which every version has: the rounds and their
rollouts, without the decision's set-up, such as the Normal bot's prior, which
a timed search does not count against its think time either). Usage:
    python tools/bench_rollouts.py --game routes-usa --tree /tmp/old --tree . --repeats 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

# Runs inside the checkout being measured, with only what every version of
# the project has had (make_bot with iterations, dealer, the GAMES table).
CHILD = r"""
import json, random, sys, time
sys.path.insert(0, ".")
from game.bots import dealer, make_bot
from game.rules import GAMES, create

game_id, count, iterations, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])

def positions():
    found, rng, game = [], random.Random(seed), 0
    while len(found) < count:
        players = min(GAMES[game_id].min_players + (game % 2), GAMES[game_id].max_players)
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

# the search loop's own CPU time too: the rounds and their rollouts, without
# the decision's set-up (the Normal bot's prior, the root moves, the world)
from game.bots.search import SearchPlayer
searching = [0.0]
def timed(search):
    def run(*args, **kwargs):
        before = time.thread_time()
        try:
            return search(*args, **kwargs)
        finally:
            searching[0] += time.thread_time() - before
    return run
SearchPlayer._search = timed(SearchPlayer._search)

rollouts, cpu = 0, 0.0
for i, (state, seat) in enumerate(positions()):
    bot = make_bot("search", seed + i, iterations=iterations)
    view, legal, deal = state.view(seat), state.legal_actions(seat), dealer(state, seat)
    before = time.thread_time()
    bot.choose(view, legal, deal)
    cpu += time.thread_time() - before
    rollouts += sum(p.rollouts for p in bot._players.values())
print(json.dumps({"rollouts": rollouts, "cpu": cpu, "search_cpu": searching[0]}))
"""


def measure(tree: Path, game_id: str, count: int, iterations: int, seed: int
            ) -> tuple[int, float, float]:
    """(rollouts, CPU-seconds of the whole decisions, of their search loops)
    of one fresh run of the fixed work in `tree`."""
    done = subprocess.run([sys.executable, "-c", CHILD, game_id, str(count), str(iterations),
                           str(seed)], cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: the run failed:\n{done.stderr.strip()[-2000:]}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["rollouts"], figures["cpu"], figures["search_cpu"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--tree", action="append", type=Path,
                        help="a checkout to measure (repeat; the first is the base)")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=100,
                        help="rollouts a position (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    here = Path(__file__).resolve().parent.parent
    trees = [t.resolve() for t in args.tree] if args.tree else [here]
    for tree in trees:
        if not (tree / "game" / "bots").is_dir():
            parser.error(f"{tree} holds no checkout of the project (no game/bots folder)")
    rates: list[list[float]] = [[] for _ in trees]
    loop_rates: list[list[float]] = [[] for _ in trees]
    for round_no in range(args.repeats):
        line = []
        for k, tree in enumerate(trees):
            rollouts, cpu, search_cpu = measure(tree, args.game, args.positions,
                                                args.iterations, args.seed)
            rates[k].append(rollouts / cpu)
            loop_rates[k].append(rollouts / search_cpu)
            line.append(f"{tree.name or tree}: {rollouts / cpu:.1f} ({rollouts / search_cpu:.1f})")
        ratios = [rates[k][-1] / rates[0][-1] for k in range(1, len(trees))]
        print(f"round {round_no + 1}: " + ", ".join(line)
              + "".join(f"; x{r:.2f}" for r in ratios), flush=True)
    for title, table in (("whole decisions", rates), ("search loop alone", loop_rates)):
        print(f"{args.game}, {args.positions} positions x {args.iterations} rollouts, "
              f"{args.repeats} rounds, {title} (rollouts per CPU-second: median, range; "
              f"ratio to the first: of the medians, and each round's):")
        report(trees, table)
    return 0


def report(trees: list[Path], rates: list[list[float]]) -> None:
    base = statistics.median(rates[0])
    for tree, figures in zip(trees, rates, strict=True):
        ratio = [r / b for r, b in zip(figures, rates[0], strict=True)]
        print(f"  {str(tree):<30} {statistics.median(figures):7.1f} "
              f"({min(figures):.1f}-{max(figures):.1f})  x{statistics.median(figures) / base:.2f} "
              f"(rounds: median x{statistics.median(ratio):.2f}, "
              f"x{min(ratio):.2f}-x{max(ratio):.2f})")


if __name__ == "__main__":
    raise SystemExit(main())
