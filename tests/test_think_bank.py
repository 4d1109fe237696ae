"""Hard spreads its think time: big decisions long, the moves after repay it.

The players' setting is a think time per move; a family's big decisions
(which tickets to keep) get several, and the moves after give the extra back
(game/bots/timing.py). Checked on the account itself, on the deadline an
in-process search sets itself, and on the one the worker pool sets.
"""

from __future__ import annotations

import time

import pytest

import game.bots.pool as pool_module
import game.bots.search as search_module
from game.bots import dealer, make_bot
from game.bots.jobs import BotJob
from game.bots.pool import BotWorkers
from game.bots.timing import MAX_DEBT, MAX_EXTRA_MS, REPAY, ThinkBank
from game.rules import create

DEADLINE = 120.0


def test_a_big_decision_borrows_and_the_next_moves_repay_it():
    bank = ThinkBank()
    assert bank.allowance(250) == 250                  # nothing owed: the set time
    assert bank.allowance(250, weight=4) == 1000
    bank.spent(250, 1000)
    assert bank.debt_ms == 750
    moves = [1000.0]
    while bank.debt_ms > 0:
        allowed = bank.allowance(250)
        assert allowed == 250 - min(bank.debt_ms, REPAY * 250)
        bank.spent(250, allowed)
        moves.append(allowed)
    assert len(moves) == 1 + 8                           # 750 ms at 100 ms a move, less
    assert sum(moves) / len(moves) == pytest.approx(250)  # the set time on average
    assert bank.mean_ms == pytest.approx(250)


def test_a_move_that_ends_early_repays_what_it_left_but_saves_nothing():
    bank = ThinkBank()
    bank.spent(250, 100)                                 # stopped early, nothing owed
    assert bank.debt_ms == 0 and bank.allowance(250) == 250
    bank.spent(250, 1000)
    bank.spent(250, 50)                                  # left 200 of its 250
    assert bank.debt_ms == 550


def test_the_debt_and_one_moves_extra_are_bounded():
    bank = ThinkBank()
    assert bank.allowance(10_000, weight=4) == 10_000 + MAX_EXTRA_MS   # not 40 s
    bank.debt_ms = MAX_DEBT * 250 - 100
    assert bank.allowance(250, weight=4) == 350          # only what is left to borrow
    bank.debt_ms = MAX_DEBT * 250
    assert bank.allowance(250, weight=4) == 250


def _keep_position():
    """A routes-usa game at its opening choice of tickets (a big decision)."""
    state = create("routes-usa", players=2, seed=3)
    seat = state.to_act[0]
    assert state.legal_actions(seat)[0]["type"] == "keep_tickets"
    return state, seat


def _draw_position():
    state, seat = _keep_position()
    normal = make_bot("greedy", 1)
    while state.legal_actions(state.to_act[0])[0]["type"] == "keep_tickets":
        s = state.to_act[0]
        state.apply(s, normal.choose(state.view(s), state.legal_actions(s)))
    return state, state.to_act[0]


def _deadlines(monkeypatch, module) -> list[float]:
    """The think time (s) of every RoundBook `module` makes from now on, on
    the book's own clock (a CPU-time clock does not run while the thread waits)."""
    seen: list[float] = []
    real = module.RoundBook

    def spy(moves, has_prior, iterations, deadline, clock=time.perf_counter):
        seen.append(deadline - clock())
        return real(moves, has_prior, iterations, deadline, clock)

    monkeypatch.setattr(module, "RoundBook", spy)
    return seen


def test_a_search_thinks_four_times_over_tickets_and_repays_after(monkeypatch):
    seen = _deadlines(monkeypatch, search_module)
    bot = make_bot("search", 5, think_ms=40, cpu=True)
    state, seat = _keep_position()
    bot.choose(state.view(seat), state.legal_actions(seat), dealer(state, seat))
    assert seen[-1] == pytest.approx(0.160, abs=0.005)
    assert bot.bank.debt_ms > 0
    later, seat = _draw_position()
    bot.choose(later.view(seat), later.legal_actions(seat), dealer(later, seat))
    assert seen[-1] == pytest.approx(0.040 - REPAY * 0.040, abs=0.005)


def test_a_fixed_number_of_rollouts_takes_no_time_account():
    bot = make_bot("search", 5, iterations=8)
    state, seat = _keep_position()
    bot.choose(state.view(seat), state.legal_actions(seat), dealer(state, seat))
    assert bot.bank.moves == 0 and bot.bank.debt_ms == 0


def test_the_worker_pool_gives_the_big_decision_its_time_and_keeps_the_account(monkeypatch):
    """The pool starts the clock between the submit and the book's making:
    the think time it set lies between the deadline less those two readings,
    however long the machine keeps the pool's thread waiting."""
    books: list[tuple[float, float]] = []           # (deadline, made at)
    real = pool_module.RoundBook

    def spy(moves, has_prior, iterations, deadline, clock=time.perf_counter):
        books.append((deadline, clock()))
        return real(moves, has_prior, iterations, deadline, clock)

    monkeypatch.setattr(pool_module, "RoundBook", spy)

    def think_time_set(submitted: float, expected: float) -> bool:
        deadline, made = books[-1]
        return deadline - made <= expected + 1e-6 and deadline - submitted >= expected - 1e-6

    workers = BotWorkers(1)
    try:
        bot = make_bot("search", 5, think_ms=40)
        state, seat = _keep_position()
        job = BotJob.of(bot, state, seat)
        submitted = time.perf_counter()
        assert workers.submit(job).result(timeout=DEADLINE) in job.legal
        assert think_time_set(submitted, 0.160)
        assert bot.bank.moves == 1 and bot.bank.debt_ms > 0
        later, seat = _draw_position()
        job = BotJob.of(bot, later, seat)
        submitted = time.perf_counter()
        assert workers.submit(job).result(timeout=DEADLINE) in job.legal
        assert think_time_set(submitted, 0.040 - REPAY * 0.040)
        assert bot.bank.moves == 2
    finally:
        workers.close()
