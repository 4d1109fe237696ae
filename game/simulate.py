"""Bot-only games for testing, tuning and benchmarks (`railparty simulate`)."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any

from game.bots import dealer, make_bot
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


def play_game(game_id: str, bots: list[str], seed: int, think_ms: int | None = None,
              iterations: int | None = None,
              think_times: list[list[float]] | None = None) -> dict[str, Any]:
    """One complete game between the named bots; returns its summary record.

    A search bot gets `think_ms` per move (or a fixed number of `iterations`)
    and samples hidden cards through `dealer`, never from the real state. With
    `think_times` (a list per seat) each seat's `choose` durations in seconds
    are appended to its list (for benchmarks).
    """
    state = create(game_id, players=len(bots), seed=seed)
    players = [make_bot(name, seed * 101 + seat, think_ms=think_ms, iterations=iterations)
               for seat, name in enumerate(bots)]
    actions = 0
    while not state.is_over:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game_id} seed {seed} did not end in {MAX_ACTIONS} actions")
        for seat in state.to_act:
            view, legal = state.view(seat), state.legal_actions(seat)
            started = time.perf_counter()
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


def simulate(game_id: str, bots: list[str], games: int, seed: int,
             think_ms: int | None = None, iterations: int | None = None
             ) -> Iterator[dict[str, Any]]:
    """Yield one record per game, then a summary record (`"summary": true`).

    Win rates count a shared win as a share; each bot's comes with its Wilson
    95% interval over the games it played (`win_interval`).
    """
    started = time.perf_counter()
    wins = [0.0] * len(bots)
    totals = [0] * len(bots)
    for i in range(games):
        record = play_game(game_id, bots, seed + i, think_ms, iterations)
        for w in record["winners"]:
            wins[w] += 1 / len(record["winners"])  # a shared win counts as a share
        for seat, score in enumerate(record["scores"]):
            totals[seat] += score
        yield record
    elapsed = time.perf_counter() - started
    by_bot: dict[str, dict[str, float]] = {}
    for seat, name in enumerate(bots):
        entry = by_bot.setdefault(name, {"seats": 0, "wins": 0.0, "score": 0.0})
        entry["seats"] += 1
        entry["wins"] += wins[seat]
        entry["score"] += totals[seat]
    yield {
        "summary": True,
        "game": game_id,
        "games": games,
        "seats": [
            {"seat": s, "bot": bots[s], "win_rate": round(wins[s] / max(games, 1), 4),
             "mean_score": round(totals[s] / max(games, 1), 2)}
            for s in range(len(bots))
        ],
        "win_rate": {name: round(e["wins"] / max(games * e["seats"], 1), 4)
                     for name, e in by_bot.items()},
        "win_interval": {name: [round(x, 4) for x in wilson(e["wins"], games * int(e["seats"]))]
                         for name, e in by_bot.items()},
        "mean_score": {name: round(e["score"] / max(games * e["seats"], 1), 2)
                       for name, e in by_bot.items()},
        "think_ms": think_ms,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }
