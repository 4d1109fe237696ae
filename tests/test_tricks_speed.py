"""Railway Tricks rollouts' shortcuts give what the long way gives.

Hard's rollouts make their moves without checking them again (the engine's
advance_legal) and keep what they read of the public cards from move to
move; each shortcut is checked here against the long way at every move of
random games of every table size and option.
"""

from __future__ import annotations

import random

import pytest

from game.bots.families import tricks as tricks_bot
from game.bots.families import tricks_public, tricks_worths
from game.rules import create

GAME = "railway-tricks"
TABLES = [(3, {}), (4, {"teams": True}), (4, {}), (5, {"expert": True})]


def _fields(state) -> dict:
    """The state's fields, less the result apply keeps once the game is over
    (made for its game_over event)."""
    return {k: v for k, v in vars(state).items() if k != "_final_result"}


@pytest.mark.parametrize("players,options", TABLES)
def test_a_move_made_without_checks_changes_the_state_as_apply_does(players, options):
    """advance_legal (a rollout's move, read from the state as legal) must
    leave the state exactly as apply leaves it, for every legal move."""
    for seed in range(3):
        state = create(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            for action in legal:
                checked, quick = state.clone(), state.clone()
                checked.apply(seat, action)
                card = None
                if action["type"] == "play":
                    card = quick.data.card_number(
                        quick.data.companies.index(action["card"]["company"]),
                        action["card"]["strength"])
                quick.advance_legal(seat, dict(action), card)
                assert _fields(quick) == _fields(checked)
            state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("players,options", TABLES)
def test_the_search_makes_the_moves_it_chose(players, options):
    """TricksSearch.play makes the move act chose without checks, any other
    move through the engine's checks: the states must be those apply gives."""
    for seed in range(2):
        state = create(GAME, players=players, seed=seed, **options)
        hooks = tricks_bot.TricksSearch(random.Random(seed))
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            action = hooks.act(state, seat)
            if rng.random() < 0.2:      # a move act did not make (a copy of it)
                action = dict(action)
            expected = state.clone()
            expected.apply(seat, action)
            hooks.play(state, seat, action)
            assert _fields(state) == _fields(expected)


@pytest.mark.parametrize("players,options", TABLES)
def test_the_public_version_moves_whenever_the_public_cards_do(players, options):
    """The planner keeps what it read of the public cards while the engine's
    public_version stays: it must move with every trick won, line grown or
    locomotive placed, and a copy must move on its own."""
    for seed in range(3):
        state = create(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            before = (state.tricks_played, [list(line) for line in state.lines],
                      list(state.locos), [list(s) for s in state.shares], list(state.lane))
            version = state.public_version
            copy = state.clone()
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            after = (state.tricks_played, state.lines, state.locos, state.shares, state.lane)
            assert (state.public_version != version) == (after != before)
            assert copy.public_version == version


def test_the_lane_read_once_is_the_lane_read_afresh():
    """The lane's kinds, first entries and share of tricks that lay cards are
    remembered by lane (CardTables.lane_reading): what the public cards keep must
    be what the lane tells afresh at every moment of random games."""
    for players, options in TABLES:
        state = create(GAME, players=players, seed=players, **options)
        rng = random.Random(players)
        bot = tricks_bot.GreedyTricksBot(random.Random(players))
        while not state.is_over:
            public = bot.public_cards(state)
            kinds = [tricks_public._LANE_KINDS[kind] for kind, _ in state.lane]
            assert public.lane_kinds == kinds
            assert public.lane_head == [public.tables.entry_view(e) for e in state.lane[:2]]
            assert public.operating_share == tricks_public.operating_share_of(kinds)
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_worth_is_the_average_of_the_best_stretches_over_the_locomotives_to_come():
    """worth() adds up each locomotive's earnings over its cost from the line's
    running totals (its memos emptied, so every worth is worked out here): it
    must be the average of best_stretch's over the locomotives to come, and
    with a locomotive placed best_stretch's earnings over its cost."""
    from game.rules.tricks.scoring import best_stretch
    rng = random.Random(11)
    distances = [None, 1, 2, 3, 4, 5, 6, 9]
    kept, runs = dict(tricks_worths._WORTHS), dict(tricks_worths._RUNS)
    tricks_worths._WORTHS.clear()
    tricks_worths._RUNS.clear()
    try:
        for _ in range(3000):
            values = [rng.choice((10, 20, 30, 40)) for _ in range(rng.randrange(0, 14))]
            coming = tuple((rng.choice(distances), rng.randrange(0, 120))
                           for _ in range(rng.randrange(1, 6)))
            expected = sum(max(0, best_stretch(values, d)[0] - cost)
                           for d, cost in coming) / len(coming)
            assert tricks_worths.worth(values, None, coming) == expected
            assert tricks_worths.worth(values, None, coming) == expected   # remembered
            loco = coming[0]     # placed: its own earnings over its cost
            placed = max(0, best_stretch(values, loco[0])[0] - loco[1])
            assert tricks_worths.worth(values, loco, ()) == placed
    finally:
        tricks_worths._WORTHS.clear()
        tricks_worths._WORTHS.update(kept)
        tricks_worths._RUNS.clear()
        tricks_worths._RUNS.update(runs)
