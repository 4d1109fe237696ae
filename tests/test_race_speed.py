"""Eighty Days rollouts take shortcuts the engine's rules must not notice:
each one here is checked against the plain way at every step of games."""

from __future__ import annotations

import random
from contextlib import contextmanager

import pytest
from racekit import snapshot

from game.rules import create
from game.rules.base import IllegalAction
from game.rules.race.actions import SHAPES

GAME = "eighty-days"


def _games(players: int, seeds: range):
    """Every position of games where each seat picks an action type, then an
    action of it, at random (every kind of action is met, moves most)."""
    for seed in seeds:
        state = create(GAME, players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            yield state, seat, rng
            legal = state.legal_actions(seat)
            kind = rng.choice(sorted({a["type"] for a in legal}))
            state.apply(seat, rng.choice([a for a in legal if a["type"] == kind]))


@pytest.mark.parametrize("players", [2, 4])
def test_a_listed_action_applies_as_apply_applies_it(players):
    """apply_listed skips the checks for an action found by identity in the
    state's lists by type: the state after it must be apply's, and an action
    not listed as such (a copy, an illegal one) must go through apply."""
    steps = 0
    for state, seat, rng in _games(players, range(3)):
        listed, checked = state.clone(), state.clone()
        of_type = listed.legal_by_type(seat)
        actions = [a for kind in SHAPES for a in of_type(kind)]
        action = rng.choice(actions)
        index = of_type(action["type"]).index(action)
        listed.apply_listed(seat, action)
        checked.apply(seat, dict(action))
        assert snapshot(listed) == snapshot(checked), action
        copied = state.clone()
        copied.apply_listed(seat, dict(action))          # not the listed object
        assert snapshot(copied) == snapshot(checked)
        wrong = state.clone()
        with pytest.raises(IllegalAction):
            wrong.apply_listed(seat, {**action, "type": "take", "slot": 99})
        mine = wrong.legal_by_type(seat)(action["type"])[index]
        with pytest.raises(IllegalAction):
            wrong.apply_listed((seat + 1) % players, mine)     # not that seat's turn
        steps += 1
    assert steps > 400


def test_remembered_card_sets_are_the_ones_worked_out_afresh():
    """hand_sets remembers a hand's card sets for a leg by the hand's code:
    the same for the hand in any order, card_sets' as tuples, and a code
    names one hand (no two hands of different cards share it)."""
    from game.rules.race.data import load_race
    from game.rules.race.days import card_sets, hand_code, hand_sets

    data = load_race()
    rng = random.Random(3)
    codes: dict[int, list] = {}
    for _ in range(2000):
        leg = rng.choice([leg for leg in data.legs if leg.options])
        hand = rng.sample(list(data.travel_cards), rng.randint(0, 9))
        fresh = tuple(tuple(cards) for cards in card_sets(leg.options, hand))
        assert hand_sets(leg.options, hand) == fresh
        rng.shuffle(hand)
        assert hand_sets(leg.options, hand) == fresh                 # remembered
        assert hand_sets(leg.options, hand, hand_code(hand)) == fresh
        assert codes.setdefault(hand_code(hand), sorted(hand)) == sorted(hand)


@contextmanager
def _nothing_remembered():
    """Every store the planner and the move lists remember things in empty
    for a while (the remembered ones put back after)."""
    from game.bots.families import race_legs, race_planner
    from game.rules.race import days

    stores = [(race_legs, "_CHEAPEST"), (race_planner, "_HAND_COSTS"),
              (race_planner, "_BALLOON_GAINS"), (race_planner, "_LEGS_DAYS"),
              (race_planner, "_MOVE_FIGURES"),
              (days, "_HAND_SETS")]
    saved = [getattr(module, name) for module, name in stores]
    for module, name in stores:
        setattr(module, name, {})
    try:
        yield
    finally:
        for (module, name), store in zip(stores, saved, strict=True):
            setattr(module, name, store)


@pytest.mark.parametrize("players", [2, 4])
def test_remembered_scores_are_the_ones_worked_out_afresh(players):
    """The planner scores a take or a move from remembered hand costs when it
    can (making no hand); every score, and the greedy choice, must be the one
    worked out with nothing remembered."""
    from game.bots.families.race_greedy import GreedyBot
    from game.bots.families.race_planner import RacePlanner

    def scores(plan, legal):
        costs = [plan.hand_cost(plan.hand, start)      # the leg ahead first, later, past
                 for start in range(max(0, plan.at - 2), plan.at + 2)]
        return costs + [plan.move_score(a) if a["type"] == "move" else plan.take_score(a)
                        for a in legal if a["type"] in ("move", "take", "take_deck")]

    scored = 0
    for state, seat, _ in _games(players, range(3)):
        legal = state.legal_actions(seat)
        warm = scores(RacePlanner.of_state(state, seat), legal)
        chosen = GreedyBot(random.Random(1)).choose(state.view(seat), legal)
        with _nothing_remembered():
            assert scores(RacePlanner.of_state(state, seat), legal) == warm
            assert GreedyBot(random.Random(1)).choose(state.view(seat), legal) == chosen
        scored += len(warm)
    assert scored > 500
