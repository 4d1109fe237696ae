"""Railway Tricks computer players: always legal, and greedy clearly better than random."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.rules import GAMES, create
from game.simulate import play_game, simulate

GAME = "railway-tricks"


def test_registry_entry():
    info = GAMES[GAME]
    assert (info.min_players, info.max_players, info.family) == (3, 5, "tricks")
    assert info.bots == ("random", "greedy", "search")
    assert dict(info.options) == {"expert": False, "teams": False}


@pytest.mark.parametrize("players,options", [
    (3, {}), (4, {"teams": True}), (5, {"expert": True}), (4, {"expert": True})])
def test_bots_only_choose_legal_actions_and_finish(players, options):
    state = create(GAME, players=players, seed=players * 13, **options)
    bots = [make_bot("greedy" if seat % 2 == 0 else "random", seat) for seat in range(players)]
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal
        state.apply(seat, action)
        steps += 1
        assert steps < 500
    assert len(state.result()["scores"]) == players


def test_greedy_beats_random_in_most_three_player_games():
    # about 88% over many games; a shared win counts as a win
    wins = 0
    for seed in range(60):
        order = ["greedy", "random", "random"]
        seat = seed % 3
        order[0], order[seat] = order[seat], order[0]
        record = play_game(GAME, order, 1000 + seed)
        wins += seat in record["winners"]
    assert wins >= 45, f"greedy won {wins} of 60"


def test_simulate_runs_the_game():
    records = list(simulate(GAME, ["greedy", "random", "random", "random"], 3, seed=4))
    assert records[-1]["summary"] is True and len(records) == 4
