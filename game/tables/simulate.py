"""Bot-only games for testing, tuning and benchmarks (`railparty simulate`)."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any

from game.bots import dealer, make_bot
from game.bots.jobs import BotJob
from game.rules import create

# A game that has not ended after this many actions is a bug, not a long game.
MAX_ACTIONS = 20_000


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate of `wins` in `n`
    games: honest at small counts and near 0 or 1, unlike the normal one."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_share(record: dict[str, Any], seat: int) -> float:
    """What `seat` won in a game record: 1, a share of a shared win, or 0."""
    return 1 / len(record["winners"]) if seat in record["winners"] else 0.0


def play_game(game_id: str, bots: list[str], seed: int, think_ms: int | None = None,
              iterations: int | None = None,
              think_times: list[list[float]] | None = None,
              workers: Any = None, cpu: bool = False,
              banks: list[Any] | None = None) -> dict[str, Any]:
    """One complete game between the named bots; returns its summary record.

    A search bot gets `think_ms` per move (of its own CPU time with `cpu`;
    or a fixed number of `iterations`) and samples hidden cards through
    `dealer`, never from the real state. With
    `think_times` (a list per seat) each seat's `choose` durations in seconds
    are appended to its list (for benchmarks). With `workers` (a
    `game.bots.pool.BotWorkers`) every move is thought in its worker processes,
    a search shared among them. With `banks` each seat's think-time account
    (game/bots/timing.py; None for a bot with none) is appended to it, for
    the mean think time a search bot took.
    """
    state = create(game_id, players=len(bots), seed=seed)
    players = [make_bot(name, seed * 101 + seat, think_ms=think_ms, iterations=iterations,
                        cpu=cpu)
               for seat, name in enumerate(bots)]
    if banks is not None:
        banks.extend(getattr(bot, "bank", None) for bot in players)
    actions = 0
    while not state.is_over:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game_id} seed {seed} did not end in {MAX_ACTIONS} actions")
        for seat in state.to_act:
            view, legal = state.view(seat), state.legal_actions(seat)
            started = time.perf_counter()
            if workers is not None:
                action = workers.submit(BotJob.of(players[seat], state, seat)).result()
            else:
                action = players[seat].choose(view, legal, dealer(state, seat))
            if think_times is not None:
                think_times[seat].append(time.perf_counter() - started)
            state.apply(seat, action)
            actions += 1
            if state.is_over:
                break
    result = state.result()
    return {
        "game": game_id,
        "seed": seed,
        "players": len(bots),
        "bots": list(bots),
        "scores": result["scores"],
        "winners": result["winners"],
        "turns": getattr(state, "turn", actions),
    }


def seating(bots: list[str], game: int, rotate: bool) -> list[str]:
    """The bots in seat order for the `game`-th game: shifted by one seat a game
    when rotating, so that no bot keeps the first seat (or the last)."""
    if not rotate:
        return list(bots)
    shift = game % len(bots)
    return list(bots[shift:] + bots[:shift])


def _play(job: tuple[str, list[str], int, int | None, int | None]) -> dict[str, Any]:
    return play_game(*job)


def simulate(game_id: str, bots: list[str], games: int, seed: int,
             think_ms: int | None = None, iterations: int | None = None,
             rotate: bool = False, jobs: int = 1,
             bot_workers: int | None = None) -> Iterator[dict[str, Any]]:
    """Yield one record per game (in game order), then a summary record
    (`"summary": true`).

    With `rotate` the bots move round the seats game by game; with `jobs` > 1
    games run in that many processes at once (a search bot's think time is per
    move, so the results are those of one process per game). Win rates count
    a shared win as a share; each bot's comes with its Wilson 95% interval
    over the seats it played (`win_interval`). Per-seat figures are by seat
    position, whoever sat there. With `bot_workers` the games are played one
    after another, each move thought in that many worker processes.
    """
    started = time.perf_counter()
    seat_wins = [0.0] * len(bots)
    seat_totals = [0] * len(bots)
    by_bot: dict[str, dict[str, float]] = {}
    plan = [(game_id, seating(bots, i, rotate), seed + i, think_ms, iterations)
            for i in range(games)]
    workers = None
    if bot_workers is not None:
        from game.bots.pool import BotWorkers

        pool = None
        workers = BotWorkers(bot_workers)
        records = (play_game(*job, workers=workers) for job in plan)
    elif jobs > 1 and games > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(min(jobs, games))
        records = pool.map(_play, plan)
    else:
        pool = None
        records = map(_play, plan)
    try:
        for record in records:
            seated = zip(record["bots"], record["scores"], strict=True)
            for seat, (name, score) in enumerate(seated):
                won = win_share(record, seat)
                seat_wins[seat] += won
                seat_totals[seat] += score
                entry = by_bot.setdefault(name, {"seats": 0, "wins": 0.0, "score": 0.0})
                entry["seats"] += 1
                entry["wins"] += won
                entry["score"] += score
            yield record
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        if workers is not None:
            workers.close()
    elapsed = time.perf_counter() - started
    yield {
        "summary": True,
        "game": game_id,
        "games": games,
        "rotate": rotate,
        "seats": [
            {"seat": s, "bot": None if rotate else bots[s],
             "win_rate": round(seat_wins[s] / max(games, 1), 4),
             "mean_score": round(seat_totals[s] / max(games, 1), 2)}
            for s in range(len(bots))
        ],
        "win_rate": {name: round(e["wins"] / max(e["seats"], 1), 4)
                     for name, e in by_bot.items()},
        "win_interval": {name: [round(x, 4) for x in wilson(e["wins"], int(e["seats"]))]
                         for name, e in by_bot.items()},
        "mean_score": {name: round(e["score"] / max(e["seats"], 1), 2)
                       for name, e in by_bot.items()},
        "think_ms": think_ms,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }
