#!/usr/bin/env python3
"""How much the Hard bot's own choices gain over Normal's, decision by decision.

    python tools/probe_decisions.py [--game routes-usa] [--players 2] [--positions 40]
                                    [--iterations 120] [--overrule-z 2.0] [--seed 1]

Match results need hundreds of games to show a few points. This probe is
faster: it plays Normal-vs-Normal games to a random point, lets Hard choose
there (a fixed number of rollouts, so the figures do not depend on the
machine), and where Hard's move differs from Normal's it plays both moves on
from the true state with Normal in every seat (the state's own deck order
and dice: one exact future each) and scores them as the search does (0 to 1:
half the result, half the margin). It prints each changed decision and the
mean gain per decision; a change to the search or its hooks should raise it.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game.bots.search as search  # noqa: E402
from game.bots import dealer, make_bot  # noqa: E402
from game.bots.search import Budget, SearchHooks, SearchPlayer  # noqa: E402
from game.rules import GAMES, create  # noqa: E402
from game.rules.base import Action, GameState  # noqa: E402


def hooks_for(game_id: str) -> type[SearchHooks]:
    module = importlib.import_module(f"game.bots.families.{GAMES[game_id].family}")
    return getattr(module, "SEARCH", SearchHooks)


def played_on(state: GameState, seat: int, move: Action, hooks: type[SearchHooks]) -> float:
    """The move's value on the true state, every seat then played by Normal."""
    return SearchPlayer(random.Random(0), hooks, Budget(iterations=1))._rollout(
        state.clone(), seat, move)


def probe(game_id: str, players: int, positions: int, iterations: int,
          seed: int) -> tuple[int, list[float]]:
    hooks = hooks_for(game_id)
    rng = random.Random(seed)
    gains: list[float] = []
    changed = 0
    game = 0
    while len(gains) < positions:
        game += 1
        state = create(game_id, players, seed * 10_000 + game)
        normal = [make_bot("greedy", seed * 10_000 + game * 10 + s) for s in range(players)]
        for _ in range(rng.randrange(5, 120)):
            if state.is_over:
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, normal[seat].choose(state.view(seat), legal)
                        if len(legal) > 1 else legal[0])
        if state.is_over:
            continue
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        hard = SearchPlayer(random.Random(seed + game), hooks, Budget(iterations=iterations))
        view = state.view(seat)
        prior = hard.hooks.prior(view, legal)
        chosen = hard.choose(view, legal, dealer(state, seat))
        if prior is None or chosen == prior:
            gains.append(0.0)
            continue
        changed += 1
        gain = played_on(state, seat, chosen, hooks) - played_on(state, seat, prior, hooks)
        gains.append(gain)
        print(f"  position {len(gains)}: {prior['type']} -> {chosen['type']}: {gain:+.3f}",
              flush=True)
    return changed, gains


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="routes-usa", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=120,
                        help="Hard's rollouts per decision (default 120)")
    parser.add_argument("--overrule-z", type=float, default=search.OVERRULE_Z,
                        help="standard errors by which Hard must beat Normal's move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    info = GAMES[args.game]
    players = args.players or info.min_players
    if not info.min_players <= players <= info.max_players or args.positions < 1 \
            or args.iterations < 1:
        parser.error(f"{info.name} takes {info.min_players}-{info.max_players} players; "
                     "positions and iterations must be 1 or more")
    search.OVERRULE_Z = args.overrule_z
    changed, gains = probe(args.game, players, args.positions, args.iterations, args.seed)
    print(f"{args.game}, {players} players, {args.iterations} rollouts, overrule at "
          f"{args.overrule_z} SE: Hard changed {changed} of {len(gains)} decisions; "
          f"mean gain per decision {sum(gains) / len(gains):+.4f} (sum {sum(gains):+.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
