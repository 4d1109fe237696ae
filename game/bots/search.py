"""Information-set search: the "search" bot, shown to players as Hard.

The bot never holds the real state. Its caller hands it a `deal`: a function
that returns, from the bot's own rng, a full state the seat cannot tell from
the real one (`GameState.determinize`, which depends only on the seat's view
and the rng). Each iteration deals a fresh guess at the hidden cards, plays
one root move in it, plays on with the family's rollout policy for a few
actions, and scores the end with the family's evaluation. Root moves are
picked by UCB1 and the totals are summed over every guess (a vote weighted
by outcome), so a move is judged against many possible hidden hands at once.

What is game-specific (the rollout policy, the evaluation, which root moves
are worth trying) comes from the family's `SEARCH` hooks; this module names
no game. With `iterations` set the bot is deterministic given its rng (tests);
otherwise it thinks until `think_ms` has passed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.rules import GAMES
from game.rules.base import Action, GameState, IllegalAction, View

Deal = Callable[[random.Random], GameState]

DEFAULT_THINK_MS = 1000
MIN_THINK_MS, MAX_THINK_MS = 10, 60_000
# UCB1 exploration constant for values in [0, 1].
EXPLORE = 0.6
# The search overrules the family's own choice (the prior) only when its best
# move leads by this much and by this many standard errors: short rollouts
# are noisy, and a cut-off evaluation flatters waiting (a horizon effect).
OVERRULE_LEAD = 0.02
OVERRULE_Z = 2.0


def check_think_ms(value: int) -> int:
    """`value` if it is a think time we accept; ValueError says the range."""
    if isinstance(value, bool) or not isinstance(value, int) \
            or not MIN_THINK_MS <= value <= MAX_THINK_MS:
        raise ValueError(f"think time must be a whole number of milliseconds from "
                         f"{MIN_THINK_MS} to {MAX_THINK_MS}, not {value!r}")
    return value


@dataclass(frozen=True)
class Budget:
    """How long the bot thinks: `think_ms` of wall time, or exactly
    `iterations` rollouts (deterministic, for tests and tuning)."""

    think_ms: int = DEFAULT_THINK_MS
    iterations: int | None = None


class SearchHooks:
    """What a family tells the search; the defaults play any game.

    A family module subclasses it as `SEARCH` to give a stronger rollout
    policy, a better evaluation or fewer root moves to try.
    """

    # Actions played in a rollout before the position is evaluated.
    depth: int = 40
    # A score lead (in the game's points) that counts as nearly a sure win.
    scale: float = 20.0

    def __init__(self, rng: random.Random):
        self.rng = rng

    def policy(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        """The move `seat` makes in a rollout (default: uniform)."""
        return self.rng.choice(legal)

    def candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """The root moves worth searching (default: all of them)."""
        return legal

    def fallback(self, view: View, legal: list[Action]) -> Action:
        """The move when there is nothing to search from (no deal)."""
        return self.rng.choice(legal)

    def prior(self, view: View, legal: list[Action]) -> Action | None:
        """The family's own choice, kept unless the search clearly beats it."""
        return None

    def evaluate(self, state: GameState, seat: int) -> float:
        """How good `state` is for `seat`, from 0 (lost) to 1 (won).

        A finished game scores its result (a shared win a share); an
        unfinished one its provisional score lead over the best other seat.
        """
        result = state.result()
        if state.is_over:
            winners = result["winners"]
            return 1.0 / len(winners) if seat in winners else 0.0
        scores = result["scores"]
        low = GAMES[state.game_id].score_order == "low"
        mine = scores[seat]
        others = [s for i, s in enumerate(scores) if i != seat]
        best = min(others) if low else max(others)
        lead = (best - mine) if low else (mine - best)
        return 0.5 + 0.5 * math.tanh(lead / self.scale)


class SearchPlayer:
    """Flat UCB over the root moves, one fresh determinization per rollout."""

    name = "search"

    def __init__(self, rng: random.Random, hooks: type[SearchHooks] = SearchHooks,
                 budget: Budget | None = None):
        self.rng = rng
        self.hooks = hooks(rng)
        self.budget = budget or Budget()
        self.last_iterations = 0   # for the stats and the tests

    def choose(self, view: View, legal: list[Action], deal: Deal | None = None) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        if deal is None:
            return self.hooks.fallback(view, legal)
        prior = self.hooks.prior(view, legal)
        moves = _unique(([prior] if prior in legal else [])
                        + (self.hooks.candidates(view, legal) or legal))
        if len(moves) == 1:
            return moves[0]
        return moves[self._search(view["you"], moves, deal, prior in legal)]

    def _search(self, seat: int, moves: list[Action], deal: Deal, has_prior: bool) -> int:
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        squares = [0.0] * len(moves)
        limit = self.budget.iterations
        deadline = time.perf_counter() + self.budget.think_ms / 1000
        done = 0
        while (done < limit) if limit is not None else (time.perf_counter() < deadline):
            if done < len(moves):
                i = done
            else:
                log_n = math.log(done)
                i = max(range(len(moves)), key=lambda k: totals[k] / visits[k]
                        + EXPLORE * math.sqrt(log_n / visits[k]))
            value = self._rollout(deal(self.rng), seat, moves[i])
            totals[i] += value
            squares[i] += value * value
            visits[i] += 1
            done += 1
        self.last_iterations = done
        if done == 0:
            return 0
        # the most tried move: UCB tries the best ones most; ties by mean
        best = max(range(len(moves)), key=lambda k: (visits[k], totals[k] / max(visits[k], 1)))
        if has_prior and best != 0 and not _clearly_better(best, 0, visits, totals, squares):
            return 0
        return best

    def _rollout(self, state: GameState, seat: int, first: Action) -> float:
        try:
            state.apply(seat, first)
        except IllegalAction:       # cannot happen with a true determinization
            return 0.0
        hooks = self.hooks
        for _ in range(hooks.depth):
            if state.is_over:
                break
            actor = state.to_act[0]
            legal = state.legal_actions(actor)
            action = legal[0] if len(legal) == 1 else hooks.policy(state, actor, legal)
            try:
                state.apply(actor, action)
            except IllegalAction:   # a policy slip: play on with a legal move
                state.apply(actor, self.rng.choice(legal))
        return hooks.evaluate(state, seat)


def _clearly_better(a: int, b: int, visits: list[int], totals: list[float],
                    squares: list[float]) -> bool:
    """Whether move `a`'s mean beats move `b`'s by the lead and the z above."""
    if visits[a] < 2 or visits[b] < 2:
        return False
    means, errors = [], 0.0
    for k in (a, b):
        mean = totals[k] / visits[k]
        var = max(0.0, squares[k] / visits[k] - mean * mean)
        means.append(mean)
        errors += var / visits[k]
    lead = means[0] - means[1]
    return lead > OVERRULE_LEAD and lead > OVERRULE_Z * math.sqrt(errors)


def _unique(moves: list[Action]) -> list[Action]:
    out: list[Action] = []
    for move in moves:
        if move not in out:
            out.append(move)
    return out
