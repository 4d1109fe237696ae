"""A bot worker process: what runs on the other end of a pool's pipe.

It loads the game registry and every family's bots once, at start, then
answers messages (tuples) from its pool (game/bots/pool.py) until the pipe
closes:

    ("choose", job, name, rng, budget, view, legal, world, seat)
        -> ("chosen", job, action, rng, rollouts)        a whole move here
    ("plan", job, name, rng, budget, view, legal, world, seat)
        -> ("planned", job, moves, has_prior)            a search to share
        or ("chosen", ...) when there is nothing to search
    ("units", job, [(round, move), ...], deadline)
        -> ("values", job, [(round, move, value or None), ...], seconds)
        None for a rollout not played: its deadline had passed
    ("end", job, opened) -> ("rng", job, rng)            the bot's rng after it
    ("drop", job)                                        forget the job
    ("hint", job, hint_job)  -> ("hinted", job, hint)    a hint (game/bots/jobs.py)

`rng` is a `random.Random` state: the bot's generator travels with each job
and comes back advanced, so a bot in the pool makes the moves it would make
in one process. Any error is answered with ("failed", job, reason).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import time
from multiprocessing.connection import Connection
from typing import Any

from game.bots.rounds import DealChain
from game.bots.search import Plan, SearchPlayer, redealer


def warm() -> None:
    """Import what every job needs, before the first one arrives."""
    from game.rules import GAMES

    for family in sorted({info.family for info in GAMES.values()}):
        with contextlib.suppress(ImportError):
            importlib.import_module(f"game.bots.families.{family}")


def settle(nice: int = 0) -> None:
    """Run as a worker runs: behind the window (or the host's loop), a batch
    job (Linux) even when the program runs at a real-time priority, `nice`
    nicer; with the games and bots loaded."""
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    warm()


def serve(conn: Connection, nice: int = 0) -> None:
    """The worker's loop (a process target)."""
    # A signal to the program's process group (Ctrl+C in a terminal, `timeout`,
    # a stop from a shell) is the program's to handle: it then closes its
    # workers. Out of that group, a worker is not killed beside it and reported
    # as died; and a worker whose program is gone ends at its pipe's end (below).
    with contextlib.suppress(AttributeError, OSError):
        os.setpgrp()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    settle(nice)
    searches: dict[int, tuple[SearchPlayer, Plan, DealChain]] = {}
    reply: tuple | None = ("hello", os.getpid())
    try:
        while True:
            if reply is not None:
                conn.send(reply)
            message = conn.recv()
            if message is None:
                return
            try:
                reply = _answer(message, searches)
            except Exception as exc:  # a bot's failure is the pool's to report
                searches.pop(message[1], None)
                reply = ("failed", message[1], f"{type(exc).__name__}: {exc}")
    except (EOFError, OSError):
        return                       # the pool has gone (its program ended): so do we


def _bot(name: str, rng: Any, budget: Any):
    from game.bots import FamilyBot

    bot = FamilyBot(name, 0, budget)
    bot.rng.setstate(rng)
    return bot


def _answer(message: tuple, searches: dict) -> tuple | None:
    kind, job = message[0], message[1]
    if kind == "choose":
        _, _, name, rng, budget, view, legal, world, seat = message
        bot = _bot(name, rng, budget)
        deal = redealer(world, seat) if world is not None else None
        action = bot.choose(view, legal, deal)
        rollouts = sum(p.last_iterations for p in bot._players.values()
                       if isinstance(p, SearchPlayer))
        return ("chosen", job, action, bot.rng.getstate(), rollouts)
    if kind == "plan":
        _, _, name, rng, budget, view, legal, world, seat = message
        bot = _bot(name, rng, budget)
        player = bot._make(view.get("game", ""))
        deal = redealer(world, seat) if world is not None else None
        plan = player.plan(view, legal, deal)
        if not isinstance(plan, Plan):
            return ("chosen", job, plan, bot.rng.getstate(), 0)
        searches[job] = (player, plan, DealChain(plan.deal, player.rng))
        return ("planned", job, plan.moves, plan.has_prior, plan.weight)
    if kind == "units":
        _, _, units, deadline = message
        if job not in searches:
            return ("failed", job, "no such search here")
        player, plan, chain = searches[job]
        started = time.perf_counter()
        values = []
        for r, k in units:
            if deadline is not None and time.perf_counter() >= deadline:
                values.append((r, k, None))
                continue
            root, luck = chain.round(r)
            values.append((r, k, player.rollout(root, luck, plan.seat, plan.moves[k])))
        return ("values", job, values, time.perf_counter() - started)
    if kind == "end":
        if job not in searches:
            return None                # asked again after another worker died
        player, _, chain = searches.pop(job)
        chain.finish(message[2])
        return ("rng", job, player.rng.getstate())
    if kind == "hint":
        return ("hinted", job, message[2]())
    if kind == "drop":
        searches.pop(job, None)
        return None
    return ("failed", job, f"unknown message {kind!r}")
