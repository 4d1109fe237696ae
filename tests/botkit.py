"""Shared checks for the computer players of every game (imported by the bot tests)."""

from __future__ import annotations

from typing import Any

from game.bots import dealer, make_bot
from game.rules import create
from game.tables.simulate import play_game


def play_legally_to_the_end(game_id: str, names: list[str], seed: int, max_steps: int,
                            **options: Any) -> dict[str, Any]:
    """Bots `names` (one a seat) play a whole game; each choice must be legal and the
    game must end within `max_steps` actions. Returns the result."""
    state = create(game_id, players=len(names), seed=seed, **options)
    # a search bot gets one rollout a move (its strength is not on trial here)
    bots = [make_bot(name, seat, iterations=1 if name == "search" else None)
            for seat, name in enumerate(names)]
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal, dealer(state, seat))
        assert action in legal
        state.apply(seat, action)
        steps += 1
        assert steps < max_steps
    result = state.result()
    assert len(result["scores"]) == len(names)
    return result


def wins_against_random(game_id: str, bot: str, players: int, games: int, first_seed: int,
                        shared_counts: bool) -> int:
    """Games `bot` wins against random seats, its seat moving round the table
    game by game; a shared win counts only if `shared_counts`."""
    wins = 0
    for i in range(games):
        seat = i % players
        order = ["random"] * players
        order[seat] = bot
        winners = play_game(game_id, order, first_seed + i)["winners"]
        wins += (seat in winners) if shared_counts else (winners == [seat])
    return wins
