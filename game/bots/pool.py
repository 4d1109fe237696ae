"""Bots think in worker processes, never in the window's or the host's.

A thread in a bot's own interpreter holds its lock while it searches, and
the window's frames (or the host's pings) queue behind it. `BotWorkers`
starts its processes when it is made (each loads the game registry and the
bots once: no pause at the first move), keeps them for every move and every
game, and hands each `BotJob` (game/bots/jobs.py) to them; the caller gets a
`concurrent.futures.Future` of the action.

One Hard move is shared by every free worker: each makes the same plan from
the bot's rng (the root moves, the prior) and plays the rollouts the pool
hands it, `(round, move)` a few at a time, from the same deal chain
(game/bots/rounds.py); the values come back here, where one `RoundBook`
pairs them, drops moves and picks the move. With `Budget(iterations=N)` the
choice is exactly the one-process choice, however many workers share it.
Other bots' moves go to one worker whole, and so does a hint
(`submit_hint`: Hard's move for a human's seat, with its reasons).

A worker that dies (killed, out of memory) is replaced at once; the
rollouts it held are handed out again, and a whole move it held is sent
again, so the seat's move is not lost. A move on which workers died
`MAX_DEATHS` times, and every move once workers keep dying before they have
even started (`MAX_DEATHS` in a row: the pool is broken), is thought on a
thread of this process instead, as before there were workers: slower for
the frames, but the game never stops.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import logging
import multiprocessing
import multiprocessing.util
import os
import pickle
import selectors
import threading
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.bots.jobs import BotJob, HintJob
from game.bots.rounds import RoundBook
from game.bots.search import Budget
from game.bots.timing import ThinkBank
from game.rules import GAMES
from game.rules.base import Action

log = logging.getLogger("railparty.bots")

# Batches of rollouts a worker holds at once: the next waits in its pipe while
# it plays one, so it never idles for a round trip. A batch holds as many
# rollouts as take about BATCH_SECONDS (measured as they come back, at most
# MAX_BATCH): short rollouts (Railway Tricks, Eighty Days) then wake this
# process (the window's, the host's) a few dozen times a second, not hundreds.
DEPTH = 2
BATCH_SECONDS = 0.04
MAX_BATCH = 16
MAX_DEATHS = 3
# The window's (or the host's) workers run this much nicer than it: a busy core
# goes to the frames and the pings first.
BOT_NICE = 5


class BotWorkerError(RuntimeError):
    """A move the pool could not think (its workers kept dying, or the bot failed)."""


def default_workers() -> int:
    """The cores less one for the window (or the host's loop), at least 1."""
    return max(1, (os.cpu_count() or 2) - 1)


def check_workers(value: int) -> int:
    """`value` if it is a worker count we accept; ValueError says the range."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 64:
        raise ValueError(f"bot workers must be a whole number from 1 to 64, not {value!r}")
    return value


class _Worker:
    """One worker process and its end of the pipe."""

    def __init__(self, ctx: Any, nice: int):
        from game.bots.worker import serve

        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=serve, args=(child, nice), daemon=True,
                                   name="railparty-bot-worker")
        self.process.start()
        child.close()
        self.pid = self.process.pid
        self.ready = False
        self.jobs: dict[int, list[tuple[int, int]]] = {}   # job id -> rollouts it holds

    def send(self, payload: bytes) -> None:
        with contextlib.suppress(OSError):    # it died: its sentinel says so next
            self.conn.send_bytes(payload)


class _Move:
    """One job in the pool: a whole move, or a search shared by workers."""

    def __init__(self, ident: int, job: BotJob | HintJob, future: Future, search: bool):
        self.id = ident
        self.job = job
        self.future = future
        self.search = search
        if isinstance(job, HintJob):       # a hint: one worker thinks it whole
            self.budget, self.speculate, self.bank = Budget(job.think_ms), False, None
            self.started, self.workers, self.planned = 0.0, set(), set()
            self.book, self.moves, self.ending, self.deaths, self.batch = None, [], False, 0, 1
            self.payload = pickle.dumps(("hint", ident, job), protocol=pickle.HIGHEST_PROTOCOL)
            return
        bot: Any = job.bot
        self.budget: Budget = getattr(bot, "budget", None) or Budget()
        self.speculate = self.budget.iterations is None
        # the bot's time owed for big decisions (a timed search's only)
        self.bank: ThinkBank | None = (getattr(bot, "bank", None)
                                       if self.budget.iterations is None else None)
        self.started = 0.0
        self.workers: set[_Worker] = set()    # holding the job (planning or planned)
        self.planned: set[_Worker] = set()
        self.book: RoundBook | None = None
        self.moves: list[Action] = []
        self.ending = False
        self.deaths = 0
        self.batch = 1                        # rollouts a batch, from their measured time
        kind = "plan" if search else "choose"
        self.payload = pickle.dumps((kind, ident, bot.name, bot.rng.getstate(), bot.budget,
                                     job.view, job.legal, job.world, job.seat),
                                    protocol=pickle.HIGHEST_PROTOCOL)


class BotWorkers:
    """A pool of `workers` bot processes (started now) and the thread that
    feeds them. `nice` lowers the workers' priority, so the window (or the
    host's loop) wins a busy core."""

    def __init__(self, workers: int | None = None, nice: int = 0):
        self.size = check_workers(workers) if workers is not None else default_workers()
        self.nice = nice
        self._ctx = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._incoming: deque[_Move] = deque()
        self._moves: dict[int, _Move] = {}
        self._ids = itertools.count(1)
        self._closed = False
        self._wake_r, self._wake_w = os.pipe()
        self.workers = [_Worker(self._ctx, nice) for _ in range(self.size)]
        self.replaced = 0                      # workers started again after dying
        self.broken = False                    # workers die before starting: think here
        self._false_starts = 0
        self._fallback: ThreadPoolExecutor | None = None
        self._thread = threading.Thread(target=self._run, name="railparty-bot-pool",
                                        daemon=True)
        self._thread.start()

    # --- the caller's side ------------------------------------------------------

    def submit(self, job: BotJob) -> Future:
        """The action `job`'s bot chooses, thought in the workers."""
        future: Future = Future()
        bot: Any = job.bot
        if not job.legal:
            future.set_exception(ValueError("no legal action to choose from"))
            return future
        if len(job.legal) == 1 or not hasattr(bot, "budget"):
            try:                       # forced, or a random bot: nothing to think
                future.set_result(job())
            except Exception as exc:
                future.set_exception(exc)
            return future
        game = GAMES.get(job.view.get("game", "")) if isinstance(job.view, dict) else None
        search = bot.name == "search" and game is not None and "search" in game.bots
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot workers are closed")
            broken = self.broken
            if not broken:
                self._incoming.append(_Move(next(self._ids), job, future, search))
        if broken:
            self._threads().submit(self._run_here, job, future)
            return future
        os.write(self._wake_w, b"x")
        return future

    def submit_hint(self, job: HintJob) -> Future:
        """A hint (`game.bots.hint.Hint`), thought whole in one worker."""
        future: Future = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot workers are closed")
            broken = self.broken
            if not broken:
                self._incoming.append(_Move(next(self._ids), job, future, False))
        if broken:
            self._threads().submit(self._run_here, job, future)
            return future
        os.write(self._wake_w, b"x")
        return future

    def pids(self) -> list[int]:
        """The workers' process ids (tests kill one)."""
        return [w.pid for w in self.workers]

    def ready(self) -> bool:
        """Whether every worker has started and loaded the games."""
        return all(w.ready for w in self.workers)

    def close(self) -> None:
        """Stop the workers; moves still thinking fail."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        os.write(self._wake_w, b"x")
        self._thread.join(timeout=5)
        for worker in self.workers:
            worker.send(pickle.dumps(None))
            worker.conn.close()
        for worker in self.workers:          # mid-rollout, a worker need not finish
            worker.process.join(timeout=0.2)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(timeout=2)
        os.close(self._wake_r)
        os.close(self._wake_w)
        if self._fallback is not None:
            self._fallback.shutdown(wait=False, cancel_futures=True)

    # --- the feeding thread -------------------------------------------------------

    def _run(self) -> None:
        # one selector for the thread's life, a worker registered once (making
        # and filling one for every wake was a third of this thread's time,
        # on the core the workers need)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._wake_r, selectors.EVENT_READ, None)
        for worker in self.workers:
            self._watch(worker)
        try:
            while True:
                with self._lock:
                    if self._closed:
                        break
                    while self._incoming:
                        move = self._incoming.popleft()
                        self._moves[move.id] = move
                self._pump()
                for key, _ in self._selector.select(timeout=1.0):
                    if key.data is None:
                        os.read(self._wake_r, 4096)
                        continue
                    worker, died = key.data
                    if worker not in self.workers:
                        continue          # died earlier in this same wake
                    if died:
                        self._died(worker)
                    else:
                        self._receive(worker)
        finally:
            self._selector.close()
        for move in list(self._moves.values()):
            self._fail(move, "the bot workers were closed")

    def _watch(self, worker: _Worker) -> None:
        """Wake the feeding thread for `worker`'s messages and its death."""
        self._selector.register(worker.conn, selectors.EVENT_READ, (worker, False))
        self._selector.register(worker.process.sentinel, selectors.EVENT_READ, (worker, True))

    def _receive(self, worker: _Worker) -> None:
        try:
            message = worker.conn.recv()
        except (EOFError, OSError):
            self._died(worker)
            return
        kind = message[0]
        if kind == "hello":
            worker.ready = True
            return
        move = self._moves.get(message[1])
        if move is None:
            return                     # a move already decided (or failed)
        if kind == "hinted":
            self._release(move)
            if not move.future.done():
                move.future.set_result(message[2])
        elif kind == "chosen":
            _, _, action, rng, rollouts = message
            self._finish(move, action, rng, rollouts)
        elif kind == "planned":
            move.planned.add(worker)
            worker.jobs.setdefault(move.id, [])
            if move.book is None:
                _, _, move.moves, has_prior, weight = message
                move.started = time.perf_counter()
                think_ms = move.budget.think_ms
                if move.bank is not None:
                    think_ms = move.bank.allowance(think_ms, weight)
                move.book = RoundBook(len(move.moves), has_prior, move.budget.iterations,
                                      move.started + think_ms / 1000)
        elif kind == "values":
            held = worker.jobs.get(move.id, [])
            assert move.book is not None
            played = 0
            for r, k, value in message[2]:
                if (r, k) not in held:
                    continue
                held.remove((r, k))
                if value is None:
                    move.book.hand_back(r, k, again=False)
                else:
                    move.book.record(r, k, value)
                    played += 1
            if played:
                each = message[3] / played
                move.batch = max(1, min(MAX_BATCH, int(BATCH_SECONDS / max(each, 1e-4))))
        elif kind == "rng":
            assert move.book is not None
            if move.bank is not None:
                move.bank.spent(move.budget.think_ms,
                                (time.perf_counter() - move.started) * 1000)
            self._finish(move, move.moves[move.book.choice()], message[2], move.book.done)
        elif kind == "failed":
            self._fail(move, message[2])

    def _pump(self) -> None:
        """Give free workers work: whole moves first come, first served; a
        search takes every worker free and keeps each fed."""
        for move in list(self._moves.values()):
            free = [w for w in self.workers if w.ready and not w.jobs and w not in move.workers]
            if not move.search:
                if not move.workers and free:
                    self._join(move, free[0])
                continue
            book = move.book
            if book is None or not move.planned or (not move.ending and book.more()):
                for worker in free:
                    self._join(move, worker)
            if book is None or move.ending:
                continue
            no_deadline = move.budget.iterations is not None
            for worker in move.planned:
                held = worker.jobs[move.id]
                while len(held) < DEPTH * move.batch:
                    batch = []
                    while len(batch) < move.batch:
                        unit = book.next_unit(move.speculate, worker)
                        if unit is None:
                            break
                        batch.append(unit)
                    if not batch:
                        break
                    held.extend(batch)
                    worker.send(pickle.dumps(("units", move.id, batch,
                                              None if no_deadline else book.deadline)))
            if book.outstanding == 0 and move.planned:
                # every planned worker asked for a rollout and got none: decided
                move.ending = True
                for worker in move.planned:
                    worker.send(pickle.dumps(("end", move.id, book.opened)))

    def _join(self, move: _Move, worker: _Worker) -> None:
        move.workers.add(worker)
        worker.jobs[move.id] = []
        worker.send(move.payload)

    def _finish(self, move: _Move, action: Action, rng: Any, rollouts: int) -> None:
        self._release(move)
        bot: Any = move.job.bot
        bot.rng.setstate(rng)
        move.job.rollouts = rollouts
        if action not in move.job.legal:      # a planner slip never stalls a game
            action = bot.rng.choice(move.job.legal)
        if not move.future.done():
            move.future.set_result(action)

    def _fail(self, move: _Move, reason: str) -> None:
        self._release(move)
        if not move.future.done():
            move.future.set_exception(BotWorkerError(reason))

    def _release(self, move: _Move) -> None:
        self._moves.pop(move.id, None)
        drop = pickle.dumps(("drop", move.id))
        for worker in move.workers:
            worker.jobs.pop(move.id, None)
            if worker in self.workers:
                worker.send(drop)

    def _died(self, worker: _Worker) -> None:
        """Replace a dead worker; what it held is handed out again."""
        if worker not in self.workers:
            return
        log.warning("bot worker %s died (exit code %s); starting another",
                    worker.pid, worker.process.exitcode)
        for watched in (worker.conn, worker.process.sentinel):
            with contextlib.suppress(KeyError, ValueError):   # before its fds are reused
                self._selector.unregister(watched)
        worker.conn.close()
        worker.process.join(timeout=1)
        index = self.workers.index(worker)
        for ident, held in worker.jobs.items():
            move = self._moves.get(ident)
            if move is None:
                continue
            move.workers.discard(worker)
            move.planned.discard(worker)
            move.deaths += 1
            if move.deaths >= MAX_DEATHS:
                self._think_here(move)
                continue
            if move.book is not None:
                for r, k in held:
                    move.book.hand_back(r, k, again=True)
            move.ending = False            # asked again of the workers left (or a new one)
        worker.jobs.clear()
        self._false_starts = 0 if worker.ready else self._false_starts + 1
        if self._false_starts >= MAX_DEATHS:
            log.error("bot workers die before they start; bots think in this process")
            self.broken = True
            for move in list(self._moves.values()):
                self._think_here(move)
        if not self._closed and not self.broken:
            self.workers[index] = _Worker(self._ctx, self.nice)
            self._watch(self.workers[index])
            self.replaced += 1
        elif not self._closed:
            self.workers.remove(worker)

    def _think_here(self, move: _Move) -> None:
        """Think `move` on a thread of this process (the workers failed it)."""
        self._release(move)
        self._threads().submit(self._run_here, move.job, move.future)

    @staticmethod
    def _run_here(job: BotJob | HintJob, future: Future) -> None:
        try:
            action = job()
        except Exception as exc:
            if not future.done():
                future.set_exception(exc)
            return
        if not future.done():
            future.set_result(action)

    def _threads(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._fallback is None:
                self._fallback = ThreadPoolExecutor(max_workers=1,
                                                    thread_name_prefix="railparty-bot")
            return self._fallback


class PooledBot:
    """A bot whose `choose` thinks in the workers: a LAN client's bot, whose
    network thread goes on answering pings while it thinks. It deals from its
    own view (no world), as a LAN client must."""

    def __init__(self, bot: Any, workers: BotWorkers):
        self.bot = bot
        self.name = bot.name
        self.workers = workers

    def choose(self, view: dict, legal: list[Action], deal: Any = None) -> Action:
        job = BotJob(self.bot, view, legal, None, view.get("you"))
        try:
            return self.workers.submit(job).result()
        except (BotWorkerError, RuntimeError):
            return job()               # think here rather than not at all


_SHARED: BotWorkers | None = None
_SHARED_LOCK = threading.Lock()


def shared(workers: int | None = None, nice: int = BOT_NICE) -> BotWorkers:
    """The process's pool, started on the first call (the command line makes
    it at start, with `--bot-workers`, so no move waits for it)."""
    global _SHARED
    with _SHARED_LOCK:
        if _SHARED is None:
            _SHARED = BotWorkers(workers, nice)
            # closed before multiprocessing ends the process's daemon children:
            # a process that is itself a multiprocessing child never runs atexit,
            # and its workers, terminated under the pool, were reported as died
            multiprocessing.util.Finalize(None, _SHARED.close, exitpriority=10)
            atexit.register(_SHARED.close)
        return _SHARED


def start_shared(workers: int | None, nice: int = BOT_NICE) -> BotWorkers:
    """Start the process's pool now with `workers` (None: the default)."""
    return shared(workers, nice)
