"""The Railway Tricks screen's display model follows the engine event by event:
after every action it equals the view it will snap to (so animations never
show a card where the game does not have it)."""

from __future__ import annotations

import random

import pytest

from game.rules import create, redact_events
from game.scenes.boards.tricks.display import TableModel


def _same(model: TableModel, view: dict) -> None:
    assert model.lines == view["lines"]
    assert model.locomotives == view["locomotives"]
    assert model.lane == view["lane"]
    assert model.trick == {s: c for s, c in view["trick"]}
    assert model.shares == [p["shares"] for p in view["players"]]
    assert model.counts == [p["cards"] for p in view["players"]]
    assert model.removed == view["removed"]
    assert model.hand == view["private"].get("hand", [])
    assert model.led == view["led"]


@pytest.mark.parametrize("players,seed,options", [(3, 1, {}), (4, 2, {"teams": True}),
                                                  (5, 3, {"expert": True})])
def test_the_model_advanced_by_events_equals_each_next_view(players, seed, options):
    state = create("railway-tricks", players=players, seed=seed, **options)
    rng = random.Random(seed)
    viewer = 0
    model = TableModel(state.view(viewer))
    while not state.is_over:
        seat = state.to_act[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in redact_events(events, viewer):
            model.apply(event)
        _same(model, state.view(viewer))
    spectator = TableModel(state.view(None))
    assert spectator.hand == [] and spectator.lines == state.view(None)["lines"]
