"""Information-set search: the "search" bot, shown to players as Hard.

The bot never holds the real state. Its caller hands it a `deal`: a function
that returns, from the bot's own rng, a full state the seat cannot tell from
the real one (`GameState.determinize`, which depends only on the seat's view
and the rng). Each round deals a fresh guess at the hidden cards and plays
every root move still in the running from it, with the same random numbers,
on with the family's rollout policy, and scores the end with the family's
evaluation (see SearchPlayer). Values add up over every guess, so a move is
judged against many possible hidden hands at once. A bot given no deal (a
LAN client holds only views) asks its family to rebuild a state from the view
(`SearchHooks.world`) and deals from that.

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
# Rounds (deals) before a move may be dropped, and the standard errors of the
# paired differences by which it must trail the best move to be dropped.
PRUNE_AFTER_ROUNDS = 4
PRUNE_Z = 2.0
# The search overrules the family's own choice (the prior) only when its best
# move leads by this much and by this many standard errors of the paired
# differences: a few guesses at the hidden cards are a noisy sample.
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

    # Actions played in a rollout before the position is evaluated (None: to
    # the end of the game, when the rollout policy is fast enough for that).
    depth: int | None = 40
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

    def world(self, view: View) -> Deal | None:
        """Guesses at the hidden cards made from the view alone, for a bot with
        no engine state to deal from (a LAN client); None when the family
        cannot rebuild its state from a view (the bot then plays `fallback`)."""
        return None

    def prior(self, view: View, legal: list[Action]) -> Action | None:
        """The family's own choice, kept unless the search clearly beats it."""
        return None

    def evaluate(self, state: GameState, seat: int) -> float:
        """How good `state` is for `seat`, from 0 (lost) to 1 (won).

        A finished game scores half for its result (a shared win a share) and
        half for the margin over the best other seat (a bigger win is a safer
        one, and a move that loses by less has told the search something); an
        unfinished one its provisional score lead alone.
        """
        result = state.result()
        scores = result["scores"]
        low = GAMES[state.game_id].score_order == "low"
        mine = scores[seat]
        others = [s for i, s in enumerate(scores) if i != seat]
        best = min(others) if low else max(others)
        lead = (best - mine) if low else (mine - best)
        margin = 0.5 + 0.5 * math.tanh(lead / self.scale)
        if not state.is_over:
            return margin
        winners = result["winners"]
        return 0.5 * (1.0 / len(winners) if seat in winners else 0.0) + 0.5 * margin


class SearchPlayer:
    """Paired comparison of the root moves over fresh determinizations.

    Each round deals one guess at the hidden cards and plays every move still
    in the running from a copy of it, each rollout with the same random
    numbers (common random numbers): the moves are then compared on the same
    deal, the same draws and the same replies, so a difference between two
    rollouts is the move's own doing, not luck. After a few rounds a move
    clearly behind the best one is dropped, and its time goes to the others.
    """

    name = "search"

    def __init__(self, rng: random.Random, hooks: type[SearchHooks] = SearchHooks,
                 budget: Budget | None = None):
        self.rng = rng
        self.hooks = hooks(rng)
        self.budget = budget or Budget()
        # for the stats and the tests: rollouts, rounds (deals), and each root
        # move's mean (None for a move dropped early)
        self.last_iterations = 0
        self.last_rounds = 0
        self.last_means: list[float | None] = []
        # every rollout this player has played (a LAN client's search shows here)
        self.rollouts = 0

    def choose(self, view: View, legal: list[Action], deal: Deal | None = None) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last_iterations = self.last_rounds = 0
        if len(legal) == 1:
            return legal[0]
        if deal is None:
            deal = self._world(view)
        if deal is None:
            return self.hooks.fallback(view, legal)
        prior = self.hooks.prior(view, legal)
        moves = _unique(([prior] if prior in legal else [])
                        + (self.hooks.candidates(view, legal) or legal))
        if len(moves) == 1:
            return moves[0]
        return moves[self._search(view["you"], moves, deal, prior in legal)]

    def _world(self, view: View) -> Deal | None:
        """The family's state rebuilt from `view`, or None if it cannot be (a
        view it does not understand must cost the bot its search, not the game)."""
        try:
            return self.hooks.world(view)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return None

    def _search(self, seat: int, moves: list[Action], deal: Deal, has_prior: bool) -> int:
        values: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        limit = self.budget.iterations
        deadline = time.perf_counter() + self.budget.think_ms / 1000
        done = rounds = 0

        def more() -> bool:
            return done < limit if limit is not None else time.perf_counter() < deadline

        while more():
            root = deal(self.rng)
            luck = self.rng.getstate()
            for k in list(alive):
                if not more():
                    break
                self.rng.setstate(luck)        # the same draws for every move
                values[k].append(self._rollout(root.clone(), seat, moves[k]))
                done += 1
            else:
                rounds += 1
                if rounds >= PRUNE_AFTER_ROUNDS and len(alive) > 1:
                    alive = self._prune(alive, values, keep=0 if has_prior else None)
            self.rng.setstate(luck)
            self.rng.random()                  # the next deal's draws differ
        self.last_iterations, self.last_rounds = done, rounds
        self.rollouts += done
        self.last_means = [_mean(v, rounds) if rounds and len(v) >= rounds else None
                           for v in values]
        if rounds == 0:
            return 0
        best = max(alive, key=lambda k: _mean(values[k], rounds))
        if has_prior and best != 0 and not _paired_lead(values[best], values[0], rounds,
                                                       OVERRULE_LEAD, OVERRULE_Z):
            return 0
        return best

    @staticmethod
    def _prune(alive: list[int], values: list[list[float]], keep: int | None) -> list[int]:
        """The moves still worth rollouts: those not clearly behind the best."""
        rounds = min(len(values[k]) for k in alive)
        best = max(alive, key=lambda k: _mean(values[k], rounds))
        return [k for k in alive if k in (best, keep)
                or not _paired_lead(values[best], values[k], rounds, 0.0, PRUNE_Z)]

    def _rollout(self, state: GameState, seat: int, first: Action) -> float:
        try:
            state.apply(seat, first)
        except IllegalAction:       # cannot happen with a true determinization
            return 0.0
        hooks = self.hooks
        steps = 0
        while not state.is_over and (hooks.depth is None or steps < hooks.depth):
            actor = state.to_act[0]
            legal = state.legal_actions(actor)
            action = legal[0] if len(legal) == 1 else hooks.policy(state, actor, legal)
            try:
                state.apply(actor, action)
            except IllegalAction:   # a policy slip: play on with a legal move
                state.apply(actor, self.rng.choice(legal))
            steps += 1
        return hooks.evaluate(state, seat)


def redealer(world: GameState, seat: int) -> Deal:
    """A deal from `world`, a state rebuilt from `seat`'s view: each call
    re-deals what the seat cannot see from the bot's rng."""
    return lambda rng: world.determinize(seat, rng)


def _mean(values: list[float], rounds: int) -> float:
    return sum(values[:rounds]) / rounds


def _paired_lead(a: list[float], b: list[float], rounds: int, lead: float, z: float) -> bool:
    """Whether `a` beats `b` over their first `rounds` shared deals by more than
    `lead` on average and by `z` standard errors of the paired differences."""
    n = min(rounds, len(a), len(b))
    if n < 2:
        return False
    diffs = [a[i] - b[i] for i in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > lead and mean > z * math.sqrt(var / n)


def _unique(moves: list[Action]) -> list[Action]:
    out: list[Action] = []
    for move in moves:
        if move not in out:
            out.append(move)
    return out
