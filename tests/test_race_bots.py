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


def _race_positions(players: int, seed: int):
    """Every position of a game of greedy and random players (random ones
    pick an action type first: more events, exchanges, buys and re-rolls)."""
    import random

    from game.bots import make_bot
    from game.rules import create

    state = create("eighty-days", players, seed)
    greedy = make_bot("greedy", seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        yield state, seat
        legal = state.legal_actions(seat)
        if seat % 2 == 0:
            action = greedy.choose(state.view(seat), legal)
        else:
            kind = rng.choice(sorted({a["type"] for a in legal}))
            action = rng.choice([a for a in legal if a["type"] == kind])
        state.apply(seat, action)


def _planner_fields(plan) -> dict:
    fields = {k: v for k, v in vars(plan).items() if k not in ("_state", "_on_the_way")}
    for lazy in ("hand", "events", "code"):     # of_state reads them on first use
        fields[lazy] = getattr(plan, lazy)
    fields["track"] = list(plan.track)
    fields["track_actions"] = list(plan.track_actions)
    fields["route"] = list(plan.route)
    fields["on_the_way"] = plan.on_the_way()
    return fields


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_planner_reads_the_same_position_from_the_state_as_from_the_view(players):
    """Rollouts read the planner's position straight from the state
    (`RacePlanner.of_state`), Normal from a view: for every seat (the one to
    act and the others, as the evaluation reads them) every field must be
    the view's, and so must the hand's cost and every take's and move's score."""
    from game.bots.families.race_planner import RacePlanner

    positions = 0
    for seed in range(3):
        for state, seat in _race_positions(players, seed):
            positions += 1
            for s in range(players):
                from_view = RacePlanner(state.view(s))
                from_state = RacePlanner.of_state(state, s)
                assert _planner_fields(from_state) == _planner_fields(from_view)
                if s in state.arrivals:
                    continue
                assert from_state.hand_cost(from_state.hand, from_state.at) == \
                    from_view.hand_cost(from_view.hand, from_view.at)
            view_plan, state_plan = RacePlanner(state.view(seat)), RacePlanner.of_state(state, seat)
            for action in state.legal_actions(seat):
                if action["type"] in ("take", "take_deck"):
                    assert state_plan.take_score(action) == view_plan.take_score(action)
                elif action["type"] == "move":
                    assert state_plan.move_score(action) == view_plan.move_score(action)
            assert state_plan.detective_city() == view_plan.detective_city()
    assert positions > 200


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_rollout_move_from_the_state_is_the_greedy_move_from_the_view(players):
    """RaceSearch.act picks the greedy player's move among the legal actions
    of a few types, read from the state: it must be the move (and leave the
    random draws as) SearchHooks.act with the greedy player on the view and
    the whole legal list."""
    import random

    from game.bots.families.race_greedy import GreedyBot
    from game.bots.families.race_search import RaceSearch

    for seed in range(3):
        for state, seat in _race_positions(players, seed):
            fast, slow = random.Random(seed), random.Random(seed)
            action = RaceSearch(fast).act(state.clone(), seat)
            legal = state.legal_actions(seat)
            expected = legal[0] if len(legal) == 1 else GreedyBot(slow).choose(
                state.view(seat), legal)
            assert action == expected
            assert fast.getstate() == slow.getstate()
