"""Digests of what Hard's rollouts and Normal's moves do, to compare before and after a speed-up.

A change meant only to make rollouts faster must leave every rollout as it
was: the same moves, the same values, the same choices at the root (so the
strength figures measured before stay valid), and Normal's moves the same.
This plays Hard with a fixed number of rollouts (`Budget(iterations=N)`:
deterministic) from --positions positions of Normal games (those of
`bench_bots.py --rate`), and prints three short hashes: of every rollout's
value and every root choice, of every move played inside the rollouts, and
of the moves of a few whole games of Normal bots. Run it before and after;
the lines must match. The hashes take floats as Python prints them, so
compare runs on one machine. Usage:
    python tools/rollout_digest.py --game railway-tricks --positions 12 --iterations 200
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import dealer, make_bot  # noqa: E402
from game.bots import search as search_module  # noqa: E402
from game.rules import GAMES, create  # noqa: E402
from tools.bench_bots import positions  # noqa: E402


def hard_digests(game_id: str, count: int, iterations: int, seed: int) -> tuple[str, str, int]:
    """(values and choices, rollout moves, rollouts played) over `count` positions."""
    values, moves = hashlib.sha256(), hashlib.sha256()
    family = importlib.import_module(f"game.bots.families.{GAMES[game_id].family}")
    hooks = getattr(family, "SEARCH", search_module.SearchHooks)
    rollout, act = search_module.SearchPlayer._rollout, hooks.act

    def counted_rollout(self, state, seat, first):
        value = rollout(self, state, seat, first)
        values.update(repr(value).encode())
        return value

    def counted_act(self, state, seat):
        action = act(self, state, seat)
        moves.update(json.dumps(action, sort_keys=True).encode())
        return action

    search_module.SearchPlayer._rollout = counted_rollout
    hooks.act = counted_act
    played = 0
    try:
        for i, (state, seat) in enumerate(positions(game_id, count, seed)):
            bot = make_bot("search", seed + i, iterations=iterations)
            choice = bot.choose(state.view(seat), state.legal_actions(seat), dealer(state, seat))
            player = next(iter(bot._players.values()), None)
            means = player.last_means if player is not None else None
            played += player.last_iterations if player is not None else 0
            values.update(json.dumps([choice, means], sort_keys=True).encode())
    finally:
        search_module.SearchPlayer._rollout, hooks.act = rollout, act
    return values.hexdigest()[:16], moves.hexdigest()[:16], played


def normal_digest(game_id: str, games: int, seed: int) -> str:
    """The moves and scores of `games` games of Normal bots (seat counts alternating)."""
    info = GAMES[game_id]
    digest = hashlib.sha256()
    for g in range(games):
        players = min(info.min_players + g % 2, info.max_players)
        state = create(game_id, players, seed + g)
        bots = [make_bot("greedy", (seed + g) * 10 + s) for s in range(players)]
        while not state.is_over:
            seat = state.to_act[0]
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
            digest.update(json.dumps(action, sort_keys=True).encode())
            state.apply(seat, action)
        digest.update(json.dumps(state.result()["scores"]).encode())
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="railway-tricks", choices=sorted(GAMES))
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--games", type=int, default=4, help="Normal games for its digest")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.positions < 1 or args.iterations < 1 or args.games < 0:
        parser.error("--positions and --iterations must be at least 1, --games at least 0")
    values, moves, played = hard_digests(args.game, args.positions, args.iterations, args.seed)
    print(f"{args.game}: {args.positions} positions, {played} rollouts")
    print(f"hard values and choices {values}")
    print(f"hard rollout moves      {moves}")
    if args.games:
        print(f"normal moves            {normal_digest(args.game, args.games, args.seed)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
