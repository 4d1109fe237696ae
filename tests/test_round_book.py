"""The paired search's bookkeeping (game/bots/rounds.py) is built to cost
little per round: the book keeps running tallies, so dropping moves after
each round does not cost more as rounds pile up, and the deal chain takes
one snapshot of its generator a round. These tests hold both to the plain
way of doing it: the same moves dropped after every round, whatever the
values (ties, identical moves, long searches); the same deals and random
numbers in any order of asking, and the bot's rng left in the same place."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.rounds import PRUNE_Z, DealChain, RoundBook, paired_lead


class ReadingBook(RoundBook):
    """The book as it was: every prune reads each move's whole series."""

    def _prune(self) -> None:
        means = {k: sum(self._series(k)) / self.rounds for k in self.alive}
        best = max(self.alive, key=means.__getitem__)
        top = self._series(best)
        self.alive = [k for k in self.alive if k in (best, self.keep)
                      or not paired_lead(top, self._series(k), self.rounds, 0.0, PRUNE_Z)]
        for r in range(self.rounds, len(self.todo)):
            self.todo[r] = [k for k in self.todo[r] if k in self.alive]
            self.needed[r] &= set(self.alive)


def play(book: RoundBook, value, rounds_cap: int) -> list[list[int]]:
    """Feeds `book` rollouts valued `value(round, move)` until it stops (or
    `rounds_cap` rounds), out of order as a pool's workers return them; the
    moves in the running after each rollout."""
    history = []
    held: list[tuple[int, int]] = []
    shuffle = random.Random(7)
    while True:
        unit = book.next_unit(speculate=True) if book.opened < rounds_cap else None
        if unit is not None:
            held.append(unit)
            if len(held) < 5:
                continue
        if not held:
            return history
        r, k = held.pop(shuffle.randrange(len(held)))
        book.record(r, k, value(r, k))
        history.append(list(book.alive))


def both(moves: int, has_prior: bool, value, rounds_cap: int = 400) -> None:
    tallied = RoundBook(moves, has_prior, None, deadline=float("inf"), clock=lambda: 0.0)
    reading = ReadingBook(moves, has_prior, None, deadline=float("inf"), clock=lambda: 0.0)
    assert play(tallied, value, rounds_cap) == play(reading, value, rounds_cap)
    assert tallied.choice() == reading.choice()
    assert tallied.means() == reading.means()


@settings(max_examples=60, deadline=None)
@given(moves=st.integers(2, 9), has_prior=st.booleans(), seed=st.integers(0, 10**6),
       kind=st.sampled_from(["coarse", "fine", "twins", "tiny"]))
def test_the_tallies_drop_the_moves_reading_every_round_drops(moves, has_prior, seed, kind):
    """Coarse values tie often (and whole moves tie: "twins" plays moves whose
    every rollout is the same), fine ones never; "tiny" has differences far
    below the values' size, where the tallies' rounding could decide wrongly
    if the book trusted them."""
    rng = random.Random(seed)
    edge = [rng.random() * 0.3 for _ in range(moves)]
    table: dict[tuple[int, int], float] = {}

    def value(r: int, k: int) -> float:
        if (r, k) not in table:
            if kind == "coarse":
                table[r, k] = rng.choice([0.0, 0.5, 1.0]) if rng.random() > edge[k] else 1.0
            elif kind == "fine":
                table[r, k] = rng.gauss(edge[k], 0.4)
            elif kind == "twins":
                table[r, k] = value(r, k - 1) if k % 2 else rng.choice([0.0, 1.0, edge[k]])
            else:
                table[r, k] = 1e6 + rng.gauss(edge[k], 1.0) * 1e-9
        return table[r, k]

    both(moves, has_prior, value)


def test_a_long_search_of_close_moves_is_decided_the_same_way():
    """Two thousand rounds of four moves the search cannot tell apart, and
    one a little behind that drops out late."""
    rng = random.Random(3)
    table: dict[tuple[int, int], float] = {}

    def value(r: int, k: int) -> float:
        return table.setdefault((r, k), rng.random() - (0.04 if k == 4 else 0.0))

    both(5, True, value, rounds_cap=2000)


def test_a_prune_reads_no_series_unless_a_pair_is_too_close_to_call():
    """The series are read only for pairs the tallies cannot call: over
    thousands of rounds of moves valued at random, none is read, so a prune
    costs the same after many rounds as after a few."""
    rng = random.Random(0)
    book = RoundBook(4, False, None, deadline=float("inf"), clock=lambda: 0.0)
    reads: list[int] = []
    compared = [0]
    book._series = lambda k: reads.append(k) or RoundBook._series(book, k)
    trails = book._trails
    book._trails = lambda best, k: compared.__setitem__(0, compared[0] + 1) or trails(best, k)
    while (unit := book.next_unit(speculate=True)) is not None and book.done < 6000:
        book.record(*unit, rng.random())
    assert book.rounds > 1500 and compared[0] > 3000
    assert reads == []


class SnapshotChain:
    """The deal chain as it was: a snapshot of the bot's rng before each deal."""

    def __init__(self, deal, rng: random.Random):
        self.deal, self.rng, self.states = deal, rng, [rng.getstate()]

    def round(self, r: int):
        for i in range(len(self.states) - 1, r + 1):
            self._deal(i)
        return self._deal(r)

    def _deal(self, r: int):
        self.rng.setstate(self.states[r])
        root = self.deal(self.rng)
        luck = self.rng.getstate()
        self.rng.random()
        if len(self.states) == r + 1:
            self.states.append(self.rng.getstate())
        return root, luck

    def finish(self, opened: int) -> None:
        for i in range(len(self.states) - 1, opened):
            self._deal(i)
        self.rng.setstate(self.states[opened])


def uneven_deal(rng: random.Random) -> list[int]:
    """A deal drawing a varying number of numbers, as rejection sampling does."""
    hand = [rng.randrange(52) for _ in range(3)]
    while rng.random() < 0.5:
        hand.append(rng.randrange(52))
    return hand


@settings(max_examples=40, deadline=None)
@given(asks=st.lists(st.integers(0, 30), max_size=40), seed=st.integers(0, 10**6),
       opened=st.integers(0, 35))
def test_the_deal_chain_deals_as_a_snapshot_before_each_round_would(asks, seed, opened):
    """Rounds asked in any order (a pool's worker gets a dead worker's
    rollouts of an old round), with the bot's rng overwritten between them
    as the rollouts do, deal the same hands with the same random numbers,
    and the search leaves the rng in the same state."""
    ours, theirs = random.Random(seed), random.Random(seed)
    chain, reference = DealChain(uneven_deal, ours), SnapshotChain(uneven_deal, theirs)
    for r in asks + sorted(asks):
        root, luck = chain.round(r)
        assert (root, luck) == reference.round(r)
        ours.setstate(luck)
        ours.random()            # a rollout draws from the round's numbers
    chain.finish(max([opened, *[r + 1 for r in asks]]))
    reference.finish(max([opened, *[r + 1 for r in asks]]))
    assert ours.getstate() == theirs.getstate()
