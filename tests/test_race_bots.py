"""Eighty Days computer players: always legal, and greedy clearly better than random."""

from __future__ import annotations

import pytest
from botkit import play_legally_to_the_end, wins_against_random


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_greedy_and_random_only_choose_legal_actions_and_finish(players):
    names = ["greedy" if seat % 2 == 0 else "random" for seat in range(players)]
    play_legally_to_the_end("eighty-days", names, players * 7, 20000)


def test_greedy_beats_two_random_players_in_most_three_player_games():
    # Over 200 games (`railparty simulate ... --seed 1`) greedy wins all of
    # them; 60 games with a safe margin keep this test quick.
    wins = wins_against_random("eighty-days", "greedy", 3, 60, 0, shared_counts=False)
    assert wins >= 54, f"greedy won {wins} of 60"
