"""How long `railparty hint` takes to answer, game by game.

For each game it saves --positions positions of games Normal bots play
(seed --seed; the first at the opening, the route games' first choice of
tickets, the others each after a different number of moves), then asks for
the hint of the seat to act in each, as `railparty hint --resume SAVE`
does (the save loaded, Hard's search, the family's reasons, their words),
and prints the median and the maximum time of the whole answer, of the
search alone and of the reasons and words, and Hard's playouts. Positions
where the seat has one move only are skipped (a hint answers those at
once). With --process it also times the command itself in a fresh Python
(the interpreter's start and the imports included) on the first few saves.
Asserts nothing. Usage:
    python tools/bench_hint.py --positions 20 --seed 1
    python tools/bench_hint.py --game eighty-days --positions 20 --process 3
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.bots import dealer  # noqa: E402
from game.bots.hint import HINT_THINK_MS, find_hint  # noqa: E402
from game.narration.hints import hint_lines  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.tables.match import Match, default_seats  # noqa: E402


def saved_positions(game_id: str, count: int, seed: int, folder: Path) -> list[Path]:
    """`count` saves of games Normal bots play, each stopped after a different
    number of moves with a choice for the seat to act."""
    rng = random.Random(seed)
    info = GAMES[game_id]
    saves: list[Path] = []
    while len(saves) < count:
        players = rng.randint(info.min_players, info.max_players)
        match = Match(game_id, default_seats(game_id, 0, players), rng.randrange(10_000))
        # the first save is the game's opening (the route games' first choice
        # of tickets: Hard's biggest decision), the others later
        for _ in range(rng.randrange(1, 200) if saves else 0):
            if match.state.is_over:
                break
            match.play_bot(match.bot_to_act())
        state = match.state
        if state.is_over or len(state.legal_actions(state.to_act[0])) < 2:
            continue
        path = folder / f"{game_id}-{len(saves):02d}.json"
        match.save(path)
        saves.append(path)
    return saves


def time_hint(path: Path, think_ms: int) -> tuple[float, float, int]:
    """(the whole answer, the search, Hard's playouts) in seconds, for the save."""
    started = time.perf_counter()
    match = Match.load(path, keep_saving=False)
    state = match.state
    seat = state.to_act[0]
    view = state.view(seat)
    searching = time.perf_counter()
    hint = find_hint(view, state.legal_actions(seat), 1, dealer(state, seat), think_ms=think_ms)
    searched = time.perf_counter() - searching
    hint_lines(match.game_id, hint, view, lambda s: match.seats[s].name)
    return time.perf_counter() - started, searched, hint.rollouts


def time_command(path: Path) -> float:
    """The wall time of `python -m game hint --resume SAVE` in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "game", "hint", "--resume", str(path)], env=env,
                   check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - started


def _figures(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, max {max(values):.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=HINT_THINK_MS)
    parser.add_argument("--process", type=int, default=0, metavar="N",
                        help="also time the command in a fresh process on N saves per game")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores, "
          f"think {args.think_ms} ms")
    with tempfile.TemporaryDirectory(prefix="bench-hint-") as folder:
        os.environ.setdefault("RAILPARTY_HOME", folder)
        for game_id in args.game or sorted(GAMES):
            saves = saved_positions(game_id, args.positions, args.seed, Path(folder))
            whole, search, other, rollouts = [], [], [], []
            for path in saves:
                total, searched, playouts = time_hint(path, args.think_ms)
                whole.append(total)
                search.append(searched)
                other.append(total - searched)
                rollouts.append(playouts)
            print(f"{game_id}: {len(saves)} positions; answer {_figures(whole)}; "
                  f"search {_figures(search)}; load, reasons and words {_figures(other)}; "
                  f"playouts median {statistics.median(rollouts):.0f}")
            if args.process:
                runs = [time_command(p) for p in saves[:args.process]]
                print(f"  `railparty hint` in a fresh process ({len(runs)}): {_figures(runs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
