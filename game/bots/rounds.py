"""The paired search's bookkeeping, apart from who plays the rollouts.

A round deals one guess at the hidden cards and plays every move still in
the running from it, all with the same random numbers (game/bots/search.py).
`RoundBook` says which rollout comes next, `(round, move)`, keeps each value
under its round, closes rounds in order, drops moves clearly behind the best
after each closed round, and picks the move at the end. `DealChain` makes
round `r`'s deal and its random numbers from the bot's rng alone, so any
process holding the same rng state and world deals exactly the same round,
and deals only the rounds it plays.

The search in one process asks for one rollout at a time; a pool of worker
processes (game/bots/pool.py) asks for several at once, one per worker. With
a fixed number of rollouts (`Budget(iterations=N)`) the book hands out the
same rollouts in the same order either way: a round that may be followed by
dropping moves must close before the next opens, so the pool's choice is the
one the single process makes. With a wall-clock budget the pool may open the
next round early (`speculate`): a value for a move dropped meanwhile is kept
but no longer counts.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from game.rules.base import GameState

# Rounds (deals) before a move may be dropped, and the standard errors of the
# paired differences by which it must trail the best move to be dropped.
PRUNE_AFTER_ROUNDS = 4
PRUNE_Z = 2.0
# Rounds open at once, at most, before a worker speculating takes moves of
# another's round rather than open one more of its own (rounds close in
# order: a slow worker's round would hold back dropping moves). Rounds of a
# few moves left in the running, two batches held by each worker, keep 20-50
# open in the normal run of things: at 8, 14% of Italy's rounds were split
# between two workers and each rollout cost 3-4% more than one worker's.
OPEN_MOST = 32
# The search overrules the family's own choice (the prior) only when its best
# move leads by this much and by this many standard errors of the paired
# differences: a few guesses at the hidden cards are a noisy sample.
OVERRULE_LEAD = 0.02
OVERRULE_Z = 2.0

Unit = tuple[int, int]  # (round, index of the root move)


class RoundBook:
    """Which rollout is next, the values by round, and the move chosen.

    `moves` root moves; the first is the family's own choice when
    `has_prior` (never dropped, played unless another clearly beats it).
    Stops handing out rollouts after `iterations` of them, or at `deadline`
    (a `clock()` reading: `time.perf_counter()`, the same clock in every
    process here, unless the search counts its own CPU time).
    """

    def __init__(self, moves: int, has_prior: bool, iterations: int | None,
                 deadline: float, clock: Callable[[], float] = time.perf_counter):
        self.values: list[dict[int, float]] = [{} for _ in range(moves)]
        self.alive = list(range(moves))
        self.keep = 0 if has_prior else None
        self.limit = iterations
        self.deadline = deadline
        self.clock = clock
        self.rounds = 0          # rounds closed, in order
        self.todo: list[list[int]] = []      # per opened round: moves not yet handed out
        self.owner: list[object] = []        # per opened round: who opened it (None: anyone's)
        # per opened round: the moves in the running it has no value of yet
        self.waiting: list[set[int]] = []
        self.issued = 0          # rollouts handed out (less those handed back)
        self.done = 0            # values recorded
        self.outstanding = 0     # handed out, neither recorded nor handed back
        # Running tallies over the closed rounds, so that dropping moves after
        # each round costs the moves in the running, not the rounds so far
        # (re-reading them was quadratic in the rounds: a second of Eighty
        # Days' short rollouts cost a pool's process 0.14-0.39 CPU-s).
        self.sums = [0.0] * moves    # each move's values
        self.scale = 0.0             # the largest |value| closed so far
        # (j, k) with j <= k -> (sum of the products of their values, rounds in
        # it, whether their values ever differed): brought up to date when the
        # pair is compared, so only the pairs ever compared (each with the best
        # at the time) are kept
        self.products: dict[tuple[int, int], tuple[float, int, bool]] = {}

    @property
    def opened(self) -> int:
        """Rounds opened so far (the rng's place in the deal chain at the end)."""
        return len(self.todo)

    def more(self) -> bool:
        if self.limit is not None:
            return self.issued < self.limit
        # on a time budget the search ends early once one move is left in the
        # running (every other clearly behind it): no rollout could change the
        # choice, and the players wait less (a fixed number of rollouts is
        # for tests and tuning, and plays them all)
        if len(self.alive) == 1:
            return False
        return self.clock() < self.deadline

    def next_unit(self, speculate: bool = False, taker: object = None) -> Unit | None:
        """The next rollout to play, or None: out of budget, or (unless
        `speculate`) waiting for a round to close that may drop moves.

        Speculating, `taker` (a pool's worker) is handed the rounds it opened
        first, then rounds nobody holds (their worker died), then a new round
        of its own while fewer than OPEN_MOST are open, and another's round
        only then: a worker plays whole rounds where it can, so it deals only
        those, and its memos (the plans of the hands guessed in a round)
        serve every move of them, not half the moves of twice the rounds.
        Not speculating, rollouts go out in the one process's order, whoever
        asks (at most one open round has moves left to hand out then)."""
        if not self.more():
            return None
        todo, n = self.todo, len(self.todo)
        if speculate:
            owner = self.owner
            for mine in (taker, None):
                for r in range(self.rounds, n):
                    if todo[r] and owner[r] is mine:
                        return self._hand_out(r, todo[r].pop(0))
            if n - self.rounds < OPEN_MOST:
                return self._open(taker)
        for r in range(self.rounds, n):
            if todo[r]:
                return self._hand_out(r, todo[r].pop(0))
        if (n > self.rounds and not speculate and len(self.alive) > 1
                and n >= PRUNE_AFTER_ROUNDS):
            return None          # the open round's end may drop moves: wait for it
        return self._open(taker)

    def _open(self, taker: object) -> Unit:
        """Open the next round, held by `taker`, and hand out its first move."""
        n = len(self.todo)
        moves = list(self.alive)
        self.todo.append(moves[1:])
        self.owner.append(taker)
        self.waiting.append(set(moves))
        return self._hand_out(n, moves[0])

    def _hand_out(self, r: int, k: int) -> Unit:
        self.issued += 1
        self.outstanding += 1
        return r, k

    def record(self, r: int, k: int, value: float) -> None:
        """A rollout's value; closes every round now complete, in order."""
        self.values[k][r] = value
        self.done += 1
        self.outstanding -= 1
        self.waiting[r].discard(k)
        # a round closes once nothing of it is left to hand out or to wait for
        # (a set per round: asking every move of it on every value was a
        # pool's busiest line, on the core its workers need)
        while (self.rounds < len(self.waiting) and not self.todo[self.rounds]
               and not self.waiting[self.rounds]):
            self._tally(self.rounds)
            self.rounds += 1
            if self.rounds >= PRUNE_AFTER_ROUNDS and len(self.alive) > 1:
                self._prune()

    def hand_back(self, r: int, k: int, again: bool) -> None:
        """A rollout that was not played: handed out again first if `again`
        (its worker died), else dropped (its deadline had passed)."""
        self.outstanding -= 1
        if again:
            self.issued -= 1
            self.todo[r].insert(0, k)
            self.owner[r] = None         # its worker is gone: anyone's now

    def _series(self, k: int) -> list[float]:
        return [self.values[k][r] for r in range(self.rounds)]

    def _mean(self, k: int) -> float:
        # the running sum adds the rounds in order, as sum() of the series would
        return self.sums[k] / self.rounds

    def _tally(self, r: int) -> None:
        """Add closed round `r` to the running sums (every move in the running
        has a value in every closed round: moves only ever leave it)."""
        values = self.values
        for k in self.alive:
            value = values[k][r]
            self.sums[k] += value
            self.scale = max(self.scale, abs(value))

    def _product(self, j: int, k: int) -> float:
        """The sum over the closed rounds of move j's value times move k's."""
        pair = (j, k) if j <= k else (k, j)
        total, counted, differ = self.products.get(pair, (0.0, 0, False))
        a, b = self.values[j], self.values[k]
        for r in range(counted, self.rounds):
            x, y = a[r], b[r]
            total += x * y
            differ = differ or x != y
        self.products[pair] = (total, self.rounds, differ)
        return total

    def _trails(self, best: int, k: int) -> bool:
        """Whether `best` leads `k` by PRUNE_Z standard errors of their paired
        differences: `paired_lead` over the series, decided from the running
        sums unless they are too close to call, when the series decide."""
        n = self.rounds
        if n < 2:
            return False         # as paired_lead: one round tells nothing
        mean = (self.sums[best] - self.sums[k]) / n
        squares = self._product(best, best) + self._product(k, k) - 2 * self._product(best, k)
        variance = max(0.0, (squares - n * mean * mean) / (n - 1))
        gap = min(mean, mean - PRUNE_Z * math.sqrt(variance / n))
        # Adding up in another order moves the mean by under n * 1e-16 of the
        # largest value, and the standard error by under 1e-7 of it (the
        # square root of the variance's rounding): beyond this margin both
        # ways of working it out agree, and the series are never read.
        margin = 1e-6 * self.scale
        if gap > margin:
            return True
        if gap < -margin:
            return False
        if not self.products[(best, k) if best <= k else (k, best)][2]:
            return False         # twins: every difference is 0, so no lead
        return paired_lead(self._series(best), self._series(k), n, 0.0, PRUNE_Z)

    def _prune(self) -> None:
        """Keep the moves not clearly behind the best (and the prior)."""
        best = max(self.alive, key=self._mean)
        alive = [k for k in self.alive if k in (best, self.keep) or not self._trails(best, k)]
        if len(alive) < len(self.alive):
            self._keep_only(alive)

    def _keep_only(self, alive: list[int]) -> None:
        """Drop every move not in `alive` from the running and the open rounds."""
        self.alive = alive
        kept = set(alive)
        for r in range(self.rounds, len(self.todo)):
            self.todo[r] = [k for k in self.todo[r] if k in kept]
            self.waiting[r] &= kept

    def choice(self) -> int:
        """The move to play: the best by mean over the closed rounds, unless
        the prior is kept because the best does not clearly beat it."""
        if self.rounds == 0:
            return 0
        best = max(self.alive, key=self._mean)
        if self.keep is not None and best != self.keep and not paired_lead(
                self._series(best), self._series(self.keep), self.rounds,
                OVERRULE_LEAD, OVERRULE_Z):
            return self.keep
        return best

    def means(self) -> list[float | None]:
        """Each move's mean over the closed rounds (None for a move dropped early)."""
        return [sum(v[r] for r in range(self.rounds)) / self.rounds
                if self.rounds and all(r in v for r in range(self.rounds)) else None
                for v in self.values]


class DealChain:
    """Round `r`'s deal and random numbers, from the rng's state at the start.

    The rng's state at the start seeds a spine: one 64-bit draw a round,
    round r's seed. Round r deals on a generator seeded with it; its
    rollouts all start from that generator's state right after the deal
    (`luck`). So any round can be dealt on its own, in any order: a pool's
    worker deals only the rounds it plays (when round r+1 came from the
    generator round r's deal left behind, every worker dealt every round,
    since the round it needed next was always the one another was still
    dealing), and a worker that asks again for a round it let go of deals
    it again the same. Only the last few rounds' deals are kept.
    """

    KEEP = 4

    def __init__(self, deal: Callable[[random.Random], GameState], rng: random.Random):
        self.deal = deal
        self.rng = rng
        self.start = rng.getstate()      # the rollouts overwrite the rng: kept here
        self.spine = random.Random.__new__(random.Random)   # not seeded: set below
        self.spine.setstate(self.start)
        self.seeds: list[int] = []
        self.dealt: dict[int, tuple[GameState, tuple]] = {}

    def round(self, r: int) -> tuple[GameState, tuple]:
        """(the deal, the rng state its rollouts start from) of round `r`."""
        known = self.dealt.get(r)
        if known is None:
            dealer = random.Random(self._seed(r))
            known = self.dealt[r] = (self.deal(dealer), dealer.getstate())
            for old in [k for k in self.dealt if k < r - self.KEEP]:
                del self.dealt[old]
        return known

    def _seed(self, r: int) -> int:
        seeds = self.seeds
        while len(seeds) <= r:
            seeds.append(self.spine.getrandbits(64))
        return seeds[r]

    def finish(self, opened: int) -> None:
        """Leave the rng where the one-process search leaves it: the spine
        after `opened` rounds' seeds, however many rounds were asked here."""
        spine = random.Random.__new__(random.Random)
        spine.setstate(self.start)
        for _ in range(opened):
            spine.getrandbits(64)
        self.rng.setstate(spine.getstate())


def paired_lead(a: list[float], b: list[float], rounds: int, lead: float, z: float) -> bool:
    """Whether `a` beats `b` over their first `rounds` shared deals by more than
    `lead` on average and by `z` standard errors of the paired differences."""
    n = min(rounds, len(a), len(b))
    if n < 2:
        return False
    diffs = [a[i] - b[i] for i in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > lead and mean > z * math.sqrt(var / n)
