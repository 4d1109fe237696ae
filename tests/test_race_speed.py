"""Eighty Days rollouts take shortcuts the engine's rules must not notice:
each one here is checked against the plain way at every step of games."""

from __future__ import annotations

import random

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
