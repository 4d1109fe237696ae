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
from typing import Protocol

from game.bots.rounds import DealChain, RoundBook
from game.bots.timing import ThinkBank
from game.rules import GAMES
from game.rules.base import Action, GameState, IllegalAction, View

Deal = Callable[[random.Random], GameState]

# Hard's think time a move unless the player sets another: with the faster
# rollouts half a second plays about as well as a whole second did (docs/bots.md)
DEFAULT_THINK_MS = 500
MIN_THINK_MS, MAX_THINK_MS = 10, 60_000
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
    `iterations` rollouts (deterministic, for tests and tuning).

    With `cpu` the `think_ms` are the thinking thread's own CPU time, not
    the wall clock's: on a machine shared with other work a strength figure
    then does not depend on the load (benchmarks; a search in worker
    processes keeps to the wall clock)."""

    think_ms: int = DEFAULT_THINK_MS
    iterations: int | None = None
    cpu: bool = False


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

    def act(self, state: GameState, seat: int) -> Action:
        """The move `seat` makes in a rollout: its only legal move, else the
        policy's. A family may find the policy's move without listing every
        legal action, if it is the same move."""
        legal = state.legal_actions(seat)
        return legal[0] if len(legal) == 1 else self.policy(state, seat, legal)

    def play(self, state: GameState, seat: int, action: Action) -> None:
        """Make a rollout move (`act`'s) on `state`: its events go unread, so a
        family whose engine can skip making them may do so (default: `apply`)."""
        state.apply(seat, action)

    def candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """The root moves worth searching (default: all of them)."""
        return legal

    def weight(self, view: View, legal: list[Action]) -> float:
        """How many think times this decision deserves (default 1; a family
        gives its big choices more, repaid by the moves after: see
        game/bots/timing.py)."""
        return 1.0

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


class Chooser(Protocol):
    """A family's Normal bot as the search uses it: a move from a view."""

    def choose(self, view: View, legal: list[Action]) -> Action: ...


class GreedyLedHooks(SearchHooks):
    """Hooks for a family whose Normal bot leads the search.

    Its choice is the prior (kept unless the search clearly beats it) and the
    move when there is nothing to deal from; a bot with no engine state (a
    LAN client) deals from the family's state rebuilt from the view
    (`rebuild`). The family names its Normal bot in `greedy_bot`.
    """

    greedy_bot: Callable[[random.Random], Chooser]

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.greedy = self.greedy_bot(rng)

    def rebuild(self, view: View) -> GameState | None:
        """The family's state as `view` shows it, hidden cards dealt anyhow
        (`world` re-deals them); None when it cannot be rebuilt."""
        return None

    def world(self, view: View) -> Deal | None:
        world = self.rebuild(view)
        return None if world is None else redealer(world, view["you"])

    def fallback(self, view: View, legal: list[Action]) -> Action:
        return self.greedy.choose(view, legal)

    def prior(self, view: View, legal: list[Action]) -> Action | None:
        return self.greedy.choose(view, legal)


@dataclass(frozen=True)
class Plan:
    """A search to run: `seat`'s root `moves` (the prior first when
    `has_prior`) and where its guesses come from."""

    seat: int
    moves: list[Action]
    deal: Deal
    has_prior: bool
    weight: float = 1.0


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
                 budget: Budget | None = None, bank: ThinkBank | None = None):
        self.rng = rng
        self.hooks = hooks(rng)
        self.budget = budget or Budget()
        # the time this bot owes for its big decisions (timed budgets only)
        self.bank = bank if bank is not None else ThinkBank()
        # for the stats and the tests: rollouts, rounds (deals), and each root
        # move's mean (None for a move dropped early)
        self.last_iterations = 0
        self.last_rounds = 0
        self.last_means: list[float | None] = []
        # the root moves of the last search, in the order of `last_means` (a
        # hint reads the runner-up from them)
        self.last_moves: list[Action] = []
        # every rollout this player has played (a LAN client's search shows here)
        self.rollouts = 0

    def choose(self, view: View, legal: list[Action], deal: Deal | None = None) -> Action:
        plan = self.plan(view, legal, deal)
        self.last_moves = list(plan.moves) if isinstance(plan, Plan) else []
        if not isinstance(plan, Plan):
            self.last_means = []
            return plan
        return plan.moves[self._search(plan.seat, plan.moves, plan.deal, plan.has_prior,
                                       plan.weight)]

    def plan(self, view: View, legal: list[Action], deal: Deal | None = None) -> Action | Plan:
        """What to search, or the move at once (a forced move, a single
        candidate, nothing to deal from). A worker process makes the same plan
        from the same rng state (game/bots/pool.py)."""
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
        return Plan(view["you"], moves, deal, prior in legal, self.hooks.weight(view, legal))

    def _world(self, view: View) -> Deal | None:
        """The family's state rebuilt from `view`, or None if it cannot be (a
        view it does not understand must cost the bot its search, not the game)."""
        try:
            return self.hooks.world(view)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return None

    def _search(self, seat: int, moves: list[Action], deal: Deal, has_prior: bool,
                weight: float = 1.0) -> int:
        clock = time.thread_time if self.budget.cpu else time.perf_counter
        budget = self.budget
        timed = budget.iterations is None
        think_ms = self.bank.allowance(budget.think_ms, weight) if timed else budget.think_ms
        started = clock()
        book = RoundBook(len(moves), has_prior, budget.iterations,
                         started + think_ms / 1000, clock)
        chain = DealChain(deal, self.rng)
        while (unit := book.next_unit()) is not None:
            r, k = unit
            root, luck = chain.round(r)
            self.rng.setstate(luck)            # the same draws for every move
            book.record(r, k, self._rollout(root.clone(), seat, moves[k]))
        chain.finish(book.opened)              # the next deal's draws differ
        if timed:
            self.bank.spent(budget.think_ms, (clock() - started) * 1000)
        self.note(book)
        return book.choice()

    def note(self, book: RoundBook) -> None:
        """Keep a finished search's figures (for the stats and the tests)."""
        self.last_iterations, self.last_rounds = book.done, book.rounds
        self.rollouts += book.done
        self.last_means = book.means()

    def rollout(self, root: GameState, luck: tuple, seat: int, first: Action) -> float:
        """One rollout of a round: `first` from a copy of the round's deal, with
        the round's random numbers."""
        self.rng.setstate(luck)
        return self._rollout(root.clone(), seat, first)

    def _rollout(self, state: GameState, seat: int, first: Action) -> float:
        try:
            state.apply(seat, first)
        except IllegalAction:       # cannot happen with a true determinization
            return 0.0
        hooks = self.hooks
        steps = 0
        while not state.is_over and (hooks.depth is None or steps < hooks.depth):
            actor = state.to_act[0]
            action = hooks.act(state, actor)
            try:
                hooks.play(state, actor, action)
            except IllegalAction:   # a policy slip: play on with a legal move
                state.apply(actor, self.rng.choice(state.legal_actions(actor)))
            steps += 1
        return hooks.evaluate(state, seat)


def redealer(world: GameState, seat: int) -> Deal:
    """A deal from `world`, a state rebuilt from `seat`'s view: each call
    re-deals what the seat cannot see from the bot's rng."""
    return lambda rng: world.determinize(seat, rng)


def _unique(moves: list[Action]) -> list[Action]:
    out: list[Action] = []
    for move in moves:
        if move not in out:
            out.append(move)
    return out
