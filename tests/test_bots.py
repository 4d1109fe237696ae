"""Computer players: always legal, and the greedy bot clearly better than random."""

from __future__ import annotations

import pytest
from botkit import play_legally_to_the_end, wins_against_random

from game.bots import bot_names, make_bot
from game.rules import create
from game.tables.simulate import simulate


@pytest.mark.parametrize("name", bot_names())
@pytest.mark.parametrize("players", [2, 3, 5])
def test_bots_only_choose_legal_actions_and_finish(name, players):
    play_legally_to_the_end("routes-usa", [name] * players, players * 11, 5000)


def test_unknown_bot_is_named():
    with pytest.raises(ValueError, match="bots are"):
        make_bot("clever")


def test_greedy_beats_random_in_at_least_95_percent_of_200_two_player_games():
    wins = wins_against_random("routes-usa", "greedy", 2, 200, 0, shared_counts=False)
    assert wins >= 190, f"greedy won {wins} of 200"


def test_greedy_completes_most_of_its_tickets():
    state = create("routes-usa", players=3, seed=5)
    bots = [make_bot("greedy", s) for s in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    breakdown = state.result()["breakdown"]
    done = sum(b["tickets_done"] for b in breakdown)
    held = sum(len(b["tickets"]) for b in breakdown)
    assert done >= 0.7 * held


def test_simulate_summary_counts_every_game():
    records = list(simulate("routes-usa", ["greedy", "random", "random"], 4, seed=9))
    games, summary = records[:-1], records[-1]
    assert len(games) == 4 and summary["summary"] is True
    assert [g["seed"] for g in games] == [9, 10, 11, 12]
    assert abs(sum(s["win_rate"] for s in summary["seats"]) - 1.0) < 1e-6
    assert summary["games_per_second"] > 0


def test_simulate_rotates_the_seats_and_runs_games_in_parallel_with_the_same_results():
    one = list(simulate("routes-usa", ["greedy", "random"], 4, seed=5, rotate=True))
    two = list(simulate("routes-usa", ["greedy", "random"], 4, seed=5, rotate=True, jobs=2))
    assert [r["bots"] for r in one[:-1]] == [["greedy", "random"], ["random", "greedy"]] * 2
    assert one[:-1] == two[:-1]
    summary = one[-1]
    assert summary["rotate"] and all(s["bot"] is None for s in summary["seats"])
    greedy_wins = sum(1 / len(r["winners"]) for r in one[:-1]
                      for w in r["winners"] if r["bots"][w] == "greedy")
    assert summary["win_rate"]["greedy"] == round(greedy_wins / 4, 4)
