#!/usr/bin/env python3
"""How much the Hard bot's own choices gain over Normal's, decision by decision.

    python tools/probe_decisions.py [--game routes-usa] [--players 2] [--positions 40]
                                    [--iterations 120] [--overrule-z 2.0] [--seed 1]
                                    [--only keep_tickets]

Match results need hundreds of games to show a few points. This probe is
faster: it plays Normal-vs-Normal games to a random point, lets Hard choose
there (a fixed number of rollouts, so the figures do not depend on the
machine), and where Hard's move differs from Normal's it plays both moves on
from the true state with Normal in every seat (the state's own deck order
and dice: one exact future each) and scores them as the search does (0 to 1:
half the result, half the margin). It prints each changed decision and the
mean gain per decision; a change to the search or its hooks should raise it.
`--only TYPE` probes only positions where an action of that type is legal
(one kind of decision, such as which tickets to keep).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game.bots.rounds as rounds  # noqa: E402
from game.bots import dealer, make_bot  # noqa: E402
from game.bots.search import Budget, SearchHooks, SearchPlayer  # noqa: E402
from game.rules import GAMES, create  # noqa: E402
from game.rules.base import Action, GameState  # noqa: E402

# With --only: the games played before deciding the action type never comes up.
GIVE_UP_AFTER_GAMES = 30


def hooks_for(game_id: str) -> type[SearchHooks]:
    module = importlib.import_module(f"game.bots.families.{GAMES[game_id].family}")
    return getattr(module, "SEARCH", SearchHooks)


def played_on(state: GameState, seat: int, move: Action, hooks: type[SearchHooks]) -> float:
    """The move's value on the true state, every seat then played by Normal."""
    return SearchPlayer(random.Random(0), hooks, Budget(iterations=1))._rollout(
        state.clone(), seat, move)


def probe(game_id: str, players: int, positions: int, iterations: int,
          seed: int, only: str | None = None) -> tuple[int, list[float]]:
    hooks = hooks_for(game_id)
    rng = random.Random(seed)
    gains: list[float] = []
    changed = 0
    game = 0
    while len(gains) < positions:
        game += 1
        if only is not None and game > GIVE_UP_AFTER_GAMES and not gains:
            raise LookupError(f"no position in {GIVE_UP_AFTER_GAMES} games of {game_id} "
                              f"offered an action of type {only!r}")
        state = create(game_id, players, seed * 10_000 + game)
        normal = [make_bot("greedy", seed * 10_000 + game * 10 + s) for s in range(players)]
        for _ in range(rng.randrange(5, 120) if only is None else 100_000):
            if state.is_over or (only is not None and _offers(state, only)
                                 and rng.random() < 0.5):
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, normal[seat].choose(state.view(seat), legal)
                        if len(legal) > 1 else legal[0])
        if state.is_over or (only is not None and not _offers(state, only)):
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
        print(f"  position {len(gains)}: {_describe(prior)} -> {_describe(chosen)}: "
              f"{gain:+.3f}", flush=True)
    return changed, gains


def _describe(action: Action) -> str:
    """The move's type, and how many it keeps when it keeps some of an offer."""
    keep = action.get("keep")
    return action["type"] + (f" {len(keep)}" if isinstance(keep, list) else "")


def _offers(state: GameState, kind: str) -> bool:
    """Whether the seat to act may play an action of type `kind` now."""
    return any(a["type"] == kind for a in state.legal_actions(state.to_act[0]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="routes-usa", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=120,
                        help="Hard's rollouts per decision (default 120)")
    parser.add_argument("--overrule-z", type=float, default=rounds.OVERRULE_Z,
                        help="standard errors by which Hard must beat Normal's move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", metavar="TYPE", default=None,
                        help="probe only positions where an action of this type is legal")
    args = parser.parse_args()
    info = GAMES[args.game]
    players = args.players or info.min_players
    if not info.min_players <= players <= info.max_players or args.positions < 1 \
            or args.iterations < 1:
        parser.error(f"{info.name} takes {info.min_players}-{info.max_players} players; "
                     "positions and iterations must be 1 or more")
    rounds.OVERRULE_Z = args.overrule_z
    try:
        changed, gains = probe(args.game, players, args.positions, args.iterations, args.seed,
                               args.only)
    except LookupError as problem:
        parser.error(str(problem))
    print(f"{args.game}, {players} players, {args.iterations} rollouts, overrule at "
          f"{args.overrule_z} SE: Hard changed {changed} of {len(gains)} decisions; "
          f"mean gain per decision {sum(gains) / len(gains):+.4f} (sum {sum(gains):+.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
