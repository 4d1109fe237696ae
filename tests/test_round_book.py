"""The paired search's bookkeeping (game/bots/rounds.py) is built to cost
little per round: the book keeps running tallies, so dropping moves after
each round does not cost more as rounds pile up, and the deal chain deals
any round on its own, so a worker deals only the rounds it plays. These
tests hold the book to the plain way of doing it (the same moves dropped
after every round, whatever the values: ties, identical moves, long
searches) and the chain to asking in order (the same deals and random
numbers in any order of asking, and the bot's rng left in the same place)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.rounds import OPEN_MOST, PRUNE_Z, DealChain, RoundBook, paired_lead


class ReadingBook(RoundBook):
    """The book as it was: every prune reads each move's whole series."""

    def _prune(self) -> None:
        means = {k: sum(self._series(k)) / self.rounds for k in self.alive}
        best = max(self.alive, key=means.__getitem__)
        top = self._series(best)
        self._keep_only([k for k in self.alive if k in (best, self.keep)
                         or not paired_lead(top, self._series(k), self.rounds, 0.0, PRUNE_Z)])


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


def test_twin_moves_are_told_apart_without_reading_their_series():
    """Two moves whose every rollout is the same (two routes to one place,
    two cards of a kind) are too close to call from the tallies on every
    prune; the book knows they never differed and reads no series, where
    the pool's thread once read both whole, every round."""
    rng = random.Random(1)
    book = RoundBook(4, False, None, deadline=float("inf"), clock=lambda: 0.0)
    reads: list[int] = []
    book._series = lambda k: reads.append(k) or RoundBook._series(book, k)
    values: dict[int, float] = {}
    while (unit := book.next_unit(speculate=True)) is not None and book.done < 2000:
        r, k = unit
        # moves 0 and 1 twins and best; 2 and 3 a little behind, noisy
        twin = values.setdefault(r, rng.choice([0.0, 0.5, 1.0]))
        book.record(r, k, twin if k < 2 else twin - 0.01 * rng.random())
    assert book.rounds > 400 and 0 in book.alive and 1 in book.alive
    assert reads == []


def test_each_worker_speculating_plays_whole_rounds_of_its_own():
    """Two workers asking in turn, a few rollouts at a time, are each handed
    the rounds they opened: no round is split between them, so neither
    deals (nor plans the guessed hands of) the other's rounds."""
    rng = random.Random(2)
    book = RoundBook(6, True, None, deadline=float("inf"), clock=lambda: 0.0)
    by_round: dict[int, set[str]] = {}
    held: list[tuple[int, int]] = []
    while book.done < 3000:
        for worker in ("a", "b"):
            for _ in range(4):
                r, k = book.next_unit(speculate=True, taker=worker)
                by_round.setdefault(r, set()).add(worker)
                held.append((r, k))
        while len(held) > 8:             # values come back a batch behind
            r, k = held.pop(0)
            book.record(r, k, rng.random())
        assert book.opened - book.rounds < OPEN_MOST
    assert len(by_round) > 300
    assert all(len(workers) == 1 for workers in by_round.values())
    assert {w for workers in by_round.values() for w in workers} == {"a", "b"}


def test_a_dead_workers_round_is_handed_to_the_others_first():
    """A worker died holding rollouts of its round: they, and the moves of
    its round not yet handed out, go to the next worker to ask before it
    opens a round of its own, so the round closes and moves may drop."""
    book = RoundBook(5, False, None, deadline=float("inf"), clock=lambda: 0.0)
    first = [book.next_unit(True, "a") for _ in range(2)]
    assert first == [(0, 0), (0, 1)]
    for r, k in first:
        book.hand_back(r, k, again=True)
    got = [book.next_unit(True, "b") for _ in range(5)]
    assert sorted(got) == [(0, k) for k in range(5)]
    for r, k in got:
        book.record(r, k, float(k))
    assert book.rounds == 1


def test_a_slow_worker_holds_back_at_most_a_few_open_rounds():
    """A worker that stops asking (a busy core) keeps its round open; the
    other opens rounds of its own up to OPEN_MOST open, then plays the
    slow one's moves before it opens any more."""
    book = RoundBook(4, False, None, deadline=float("inf"), clock=lambda: 0.0)
    assert book.next_unit(True, "slow") == (0, 0)
    handed = []
    for _ in range(4 * OPEN_MOST):
        unit = book.next_unit(True, "fast")
        handed.append((unit, book.opened))
        book.record(*unit, 1.0)
    slow_round = [(unit, opened) for unit, opened in handed if unit[0] == 0]
    assert [unit for unit, _ in slow_round] == [(0, 1), (0, 2), (0, 3)]
    assert all(opened == OPEN_MOST for _, opened in slow_round)
    assert book.rounds == 0              # round 0 still waits for the slow one


def test_without_speculating_whoever_asks_gets_the_one_process_order():
    """On a fixed number of rollouts the pool's choice is the one process's:
    the rollouts go out in the same order whichever worker asks."""
    rng = random.Random(5)
    values = {}
    orders = []
    for takers in ([None], ["a", "b", "c"]):
        book = RoundBook(7, True, 400, deadline=float("inf"), clock=lambda: 0.0)
        order = []
        turn = 0
        while (unit := book.next_unit(False, takers[turn % len(takers)])) is not None:
            turn += 1
            order.append(unit)
            book.record(*unit, values.setdefault(unit, rng.random() + 0.05 * unit[1]))
        orders.append((order, book.choice()))
    assert orders[0] == orders[1] and len(orders[0][0]) == 400


def uneven_deal(rng: random.Random) -> list[int]:
    """A deal drawing a varying number of numbers, as rejection sampling does."""
    hand = [rng.randrange(52) for _ in range(3)]
    while rng.random() < 0.5:
        hand.append(rng.randrange(52))
    return hand


def in_order(seed: int, rounds: int, deal=None) -> list[tuple]:
    """Rounds 0..rounds-1 of a chain asked in order, as one process asks."""
    chain = DealChain(deal or uneven_deal, random.Random(seed))
    return [chain.round(r) for r in range(rounds)]


@settings(max_examples=40, deadline=None)
@given(asks=st.lists(st.integers(0, 30), max_size=40), seed=st.integers(0, 10**6),
       opened=st.integers(0, 35))
def test_any_round_in_any_order_is_dealt_as_in_order(asks, seed, opened):
    """Rounds asked in any order, and only some of them (a pool's worker
    plays the rounds it is handed, and a dead worker's old ones), with the
    bot's rng overwritten between them as the rollouts do, deal the same
    hands with the same random numbers as every round asked in order; and
    the search leaves the rng in the same state however many it dealt."""
    ours = random.Random(seed)
    chain = DealChain(uneven_deal, ours)
    reference = in_order(seed, 31)
    for r in asks + sorted(asks):
        root, luck = chain.round(r)
        assert (root, luck) == reference[r]
        ours.setstate(luck)
        ours.random()            # a rollout draws from the round's numbers
    end = max([opened, *[r + 1 for r in asks]])
    chain.finish(end)
    theirs = random.Random(seed)
    every = DealChain(uneven_deal, theirs)
    for r in range(end):
        every.round(r)
    every.finish(end)
    assert ours.getstate() == theirs.getstate()


def test_the_rng_ends_after_the_rounds_the_search_opened():
    """A worker that dealt a round past the search's end (rollouts handed
    out as the deadline fell) still leaves the rng where the search's own
    rounds leave it, though the rollouts overwrote it meanwhile."""
    ahead, exact = random.Random(4), random.Random(4)
    chain = DealChain(uneven_deal, ahead)
    for r in range(6):
        ahead.setstate(chain.round(r)[1])
        ahead.random()
    chain.finish(3)
    other = DealChain(uneven_deal, exact)
    other.round(1)
    other.finish(3)
    assert ahead.getstate() == exact.getstate()


def test_a_worker_deals_only_the_rounds_it_plays():
    """Two workers sharing a search each deal only their own rounds (round
    r+1 once came from what round r's deal left, so each dealt every round),
    and the rounds differ from each other and from the next move's."""
    calls: list[int] = []

    def counted(rng: random.Random) -> list[int]:
        calls.append(1)
        return uneven_deal(rng)

    reference = in_order(5, 40)
    worker = DealChain(counted, random.Random(5))
    for r in range(1, 40, 2):
        assert worker.round(r) == reference[r]
    assert len(calls) == 20
    hands = [tuple(root) for root, _ in reference]
    assert len(set(hands)) >= 38 and len({luck for _, luck in reference}) == 40
    rng = random.Random(5)
    chain = DealChain(uneven_deal, rng)
    chain.round(0)
    chain.finish(40)
    after = DealChain(uneven_deal, rng).round(0)
    assert after not in reference


def test_a_deal_that_raises_leaves_the_chain_dealing_true():
    """A deal that fails (a world that cannot be dealt) leaves no guess
    behind: the same round asked again, and the next, deal as a chain that
    never failed does."""
    reference = in_order(9, 6)
    calls = [0]

    def fails_third(rng: random.Random) -> list[int]:
        calls[0] += 1
        hand = uneven_deal(rng)
        if calls[0] == 3:
            raise ValueError("no deal")
        return hand

    chain = DealChain(fails_third, random.Random(9))
    assert [chain.round(r) for r in (0, 1)] == reference[:2]
    with pytest.raises(ValueError):
        chain.round(2)
    assert [chain.round(r) for r in (2, 3, 5)] == [reference[2], reference[3], reference[5]]
