"""Bots thinking in worker processes (game/bots/pool.py): the same moves as in
one process, shared by several workers, and no move lost when a worker dies.

Searches run a fixed number of rollouts (`iterations`), so the moves are
exact; waits poll for the state they need with a generous deadline.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.bots import make_bot
from game.bots.jobs import BotJob
from game.bots.pool import BotWorkerError, BotWorkers, check_workers
from game.rules import GAMES, create

DEADLINE = 120.0
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def pool():
    workers = BotWorkers(2)
    yield workers
    workers.close()


def _position(game_id: str, seed: int, steps: int):
    rng = random.Random(seed)
    state = create(game_id, GAMES[game_id].min_players, seed)
    for _ in range(steps):
        seat = rng.choice(list(state.to_act))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _wait(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"waited too long for {what}"
        time.sleep(0.01)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_shared_search_makes_the_one_process_move(pool, game_id):
    """Two workers share each search; with a fixed number of rollouts the move,
    the rollouts and the bot's rng afterwards are those of one process, move
    after move (the rng carries on from where the pool left it)."""
    state = _position(game_id, 4, 14)
    seat = state.to_act[0]
    here, there = make_bot("search", 11, iterations=24), make_bot("search", 11, iterations=24)
    for _ in range(2):
        mine, pooled = BotJob.of(here, state, seat), BotJob.of(there, state, seat)
        assert pool.submit(pooled).result(timeout=DEADLINE) == mine()
        assert pooled.rollouts == mine.rollouts
        assert there.rng.getstate() == here.rng.getstate()


def test_normal_and_a_view_only_search_think_in_the_pool_too(pool):
    """A whole Normal move, and a LAN client's search (no world: it rebuilds
    one from its view), give the one-process moves."""
    state = _position("routes-usa", 2, 20)
    seat = state.to_act[0]
    for name, world in (("greedy", True), ("search", False)):
        here, there = make_bot(name, 3, iterations=12), make_bot(name, 3, iterations=12)
        mine, pooled = BotJob.of(here, state, seat), BotJob.of(there, state, seat)
        if not world:
            mine.world = pooled.world = None
        assert pool.submit(pooled).result(timeout=DEADLINE) == mine()
        assert there.rng.getstate() == here.rng.getstate()


def test_a_timed_search_uses_both_workers_and_answers_a_legal_move(pool):
    state = _position("railway-tricks", 1, 6)
    seat = state.to_act[0]
    job = BotJob.of(make_bot("search", 1, think_ms=300), state, seat)
    assert pool.submit(job).result(timeout=DEADLINE) in job.legal
    assert job.rollouts > 0


def test_a_worker_killed_mid_think_is_replaced_and_the_move_is_not_lost():
    workers = BotWorkers(1)
    try:
        _wait(workers.ready, "the worker to start")
        state = _position("routes-usa", 6, 24)
        seat = state.to_act[0]
        here, there = make_bot("search", 5, iterations=40), make_bot("search", 5, iterations=40)
        expected = BotJob.of(here, state, seat)()
        first = workers.pids()[0]
        future = workers.submit(BotJob.of(there, state, seat))

        def thinking() -> bool:
            moves = list(workers._moves.values())
            return bool(moves) and moves[0].book is not None and moves[0].book.done >= 2
        _wait(thinking, "the search to be under way")
        os.kill(first, signal.SIGKILL)
        assert future.result(timeout=DEADLINE) == expected
        assert there.rng.getstate() == here.rng.getstate()
        assert workers.replaced == 1 and workers.pids()[0] != first
        _wait(workers.ready, "the new worker")
        # the pool goes on with the next move
        again = BotJob.of(make_bot("greedy", 1), state, seat)
        assert workers.submit(again).result(timeout=DEADLINE) in again.legal
    finally:
        workers.close()


def test_a_failing_bot_fails_its_future_not_the_pool(pool):
    state = _position("eighty-days", 1, 3)
    seat = state.to_act[0]
    job = BotJob.of(make_bot("greedy", 1), state, seat)
    job.view = dict(job.view, game="no-such-game")
    if len(job.legal) < 2:
        job.legal = job.legal * 2
    with pytest.raises(BotWorkerError):
        pool.submit(job).result(timeout=DEADLINE)
    fine = BotJob.of(make_bot("greedy", 1), state, seat)
    assert pool.submit(fine).result(timeout=DEADLINE) in fine.legal


def test_worker_counts_are_checked():
    assert check_workers(3) == 3
    for bad in (0, -1, 65, True, "2"):
        with pytest.raises(ValueError, match="bot workers"):
            check_workers(bad)


def _pool_move(workers: BotWorkers):
    moves = list(workers._moves.values())
    return moves[0] if moves and moves[0].book is not None and moves[0].book.done >= 1 else None


def test_the_host_thinks_in_the_pool_and_its_game_goes_on_when_a_worker_dies():
    """A host's Hard bots think in the process's pool; a worker killed while one
    of them thinks is replaced, that seat's move comes, and the game goes on."""
    from game.bots.pool import shared
    from tests.netkit import start_host, wait_until

    workers = shared()
    host = start_host(seats=2, game="eighty-days", auto_start=True, start_after=0.05,
                      fill_bot="search", think_ms=300)
    try:
        assert host._bot_thinker is workers
        move = wait_until(lambda: _pool_move(workers), "a Hard bot to think in the pool")
        version = host.match.version
        victim = next(iter(move.planned or move.workers)).pid
        replaced = workers.replaced
        os.kill(victim, signal.SIGKILL)
        wait_until(lambda: host.match.version >= version + 3, "the game to go on")
        assert workers.replaced == replaced + 1 and victim not in workers.pids()
    finally:
        host.stop()


def test_the_window_thinks_in_the_pool_and_goes_on_when_a_worker_dies(tmp_path, monkeypatch):
    """A table in the real loop hands each bot move to the process's pool (it
    never thinks on the window's own interpreter); killing the worker mid-move
    costs no move: the table keeps stepping and the game goes on."""
    from game.app import App
    from game.bots.pool import shared
    from game.scenes.nav import board_scene
    from game.system.settings import Settings
    from game.tables.match import Match, Seat
    from game.tables.session import LocalSession

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    workers = shared()
    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    try:
        seats = [Seat("Hard 1", "red", "search"), Seat("Hard 2", "blue", "search")]
        match = Match("eighty-days", seats, 5, think_ms=300)
        app.push(board_scene(app, LocalSession(match), on_exit=app.quit))
        app.realtime = True
        called: list[int] = []
        monkeypatch.setattr(match, "play_bot", lambda seat: called.append(seat))

        def step_until(condition, what):
            deadline = time.monotonic() + DEADLINE
            while not condition():
                assert time.monotonic() < deadline, f"waited too long for {what}"
                app.step(1)
                time.sleep(0.005)
        step_until(lambda: _pool_move(workers) is not None, "a bot to think in the pool")
        version = match.version
        move = _pool_move(workers)
        os.kill(next(iter(move.planned or move.workers)).pid, signal.SIGKILL)
        step_until(lambda: match.version >= version + 3, "the game to go on")
        assert called == [], "a move was thought in the window's process"
    finally:
        app.close()


def test_workers_that_die_before_starting_leave_the_bots_thinking_here():
    """A pool whose workers keep dying before they have started (a broken
    install) stops replacing them; moves are thought on a thread here."""
    workers = BotWorkers(1)
    try:
        killed: set[int] = set()

        def kill_newcomers() -> bool:
            for worker in list(workers.workers):
                if not worker.ready and worker.pid not in killed:
                    killed.add(worker.pid)
                    os.kill(worker.pid, signal.SIGKILL)
            return workers.broken
        _wait(kill_newcomers, "the pool to give up its workers")
        state = _position("railway-tricks", 2, 5)
        seat = state.to_act[0]
        here, there = make_bot("greedy", 4), make_bot("greedy", 4)
        assert workers.submit(BotJob.of(there, state, seat)).result(timeout=DEADLINE) \
            == BotJob.of(here, state, seat)()
    finally:
        workers.close()


def test_bot_workers_on_the_command_line(capsys):
    """--bot-workers is checked with a clear word wherever Hard may run, and
    simulate plays its games in a pool of that size."""
    import json

    from game.cli.main import main

    for command in (["simulate"], ["demo", "--headless"], ["host", "--headless"],
                    ["join", "--address", "127.0.0.1:1", "--headless"], ["play"]):
        for bad, words in (("0", "from 1 to 64"), ("two", "not a whole number")):
            with pytest.raises(SystemExit) as exc:
                main([*command, "--bot-workers", bad])
            assert exc.value.code == 2
            assert words in capsys.readouterr().err
    assert main(["simulate", "--game", "railway-tricks", "--bots", "search,greedy,greedy",
                 "--think-ms", "10", "--games", "1", "--json", "--bot-workers", "2"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["summary"] and lines[0]["winners"]


def test_workers_stand_outside_the_programs_process_group(pool):
    """A signal to the program's group (Ctrl+C, `timeout`, a shell's stop) is the
    program's to handle: it must not kill the workers under it, which the pool
    would then report as died while the program closes."""
    _wait(pool.ready, "the workers to start")
    assert pool.pids() and all(os.getpgid(pid) != os.getpgid(0) for pid in pool.pids())


def _start_the_pool_and_return() -> None:
    from game.bots.pool import shared

    workers = shared(1)
    deadline = time.monotonic() + DEADLINE
    while not workers.ready() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_a_child_process_that_used_the_pool_ends_without_a_word():
    """A multiprocessing child (a bench's host, say) runs no atexit: its pool
    must still close before its workers are terminated, or each is reported
    as 'died' on the way out."""
    code = ("import multiprocessing as mp, sys; sys.path[:0] = ['tests', '.']\n"
            "from test_bot_pool import _start_the_pool_and_return\n"
            "if __name__ == '__main__':\n"
            "    p = mp.get_context('spawn').Process(target=_start_the_pool_and_return)\n"
            "    p.start(); p.join(120); sys.exit(p.exitcode)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert "died" not in done.stderr, done.stderr


def test_workers_run_as_batch_jobs_below_the_program():
    """The window (or the host's loop) comes first, even when the program was
    started at a real-time priority: workers are batch jobs, and nicer."""
    from game.bots.pool import BOT_NICE

    if not hasattr(os, "sched_getscheduler"):
        pytest.skip("no scheduler policies on this system")
    workers = BotWorkers(1, nice=BOT_NICE)
    try:
        _wait(workers.ready, "the worker to start")
        for pid in workers.pids():
            assert os.sched_getscheduler(pid) == os.SCHED_BATCH
            assert os.getpriority(os.PRIO_PROCESS, pid) > os.getpriority(os.PRIO_PROCESS, 0)
    finally:
        workers.close()
