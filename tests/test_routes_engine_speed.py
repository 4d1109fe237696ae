"""The route engine's shortcuts give what the full work gives.

apply takes a quick test of an action's shape for a move of the seat to
play; a claim's payment is looked up among the payments found right before
(per board); a seat's kept ticket status is brought up to date by its claims
(only the tickets not yet done looked at) and its union-find is copied with
the state. Each is checked here against the work done afresh, at every step
of random games and of copies playing on apart.
"""

from __future__ import annotations

import random

import pytest

from game.rules import IllegalAction, create
from game.rules.routes.payments import payment_problem
from game.rules.routes.tables import tables_for

GAMES = ["routes-usa", "routes-italy"]


def _play(state, rng: random.Random) -> None:
    """One random legal action, claims preferred (they change the most)."""
    seat = rng.choice(list(state.to_act))
    legal = state.legal_actions(seat)
    claims = [a for a in legal if a["type"] == "claim"]
    state.apply(seat, rng.choice(claims) if claims and rng.random() < 0.6
                else rng.choice(legal))


def _fresh_status(state, seat: int) -> list:
    fresh = state.clone()
    fresh._legal_cache = {}  # every derived table dropped: worked out from the fields
    return fresh._ticket_dicts(seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_ticket_status_is_the_fresh_one_and_the_same_list_until_it_changes(game_id):
    """Fails when a claim leaves a ticket it completes not done, when copies
    share a union-find, when a kept list is changed in place, or when the
    list is replaced though no ticket's status changed (a planner would plan
    again for nothing) or kept though one did."""
    changed = kept = 0
    for seed in range(3):
        rng = random.Random(seed)
        states = [create(game_id, 2 + seed, 100 + seed)]
        seen: dict[tuple[int, int], tuple[list, list]] = {}
        while not states[0].is_over:
            if len(states[0].history) % 9 == 0:
                states.append(states[0].clone())  # plays on apart from it below
            for k, state in enumerate(states):
                if state.is_over:
                    continue
                _play(state, rng)
                for seat in range(state.players):
                    status = state._ticket_dicts(seat)
                    assert status == _fresh_status(state, seat)
                    before = seen.get((k, seat))
                    if before is not None:
                        old, content = before
                        assert old == content, "a kept status list was changed in place"
                        if status == content:
                            assert status is old
                            kept += 1
                        else:
                            assert status is not old
                            changed += 1
                    seen[k, seat] = (status, [dict(t) for t in status])
    assert changed > 20 and kept > 1000


@pytest.mark.parametrize("game_id", GAMES)
def test_the_quick_shape_test_passes_only_what_the_full_check_passes(game_id):
    """Fails when the quick test lets through an action the full check
    refuses (or names another type)."""

    class Count(int):
        pass

    rng = random.Random(7)
    state = create(game_id, 3, 5)
    quick = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        track = rng.choice(state.board.tracks).id
        tries = [*legal, {"type": "draw_deck", "x": 1}, {"type": "draw_face_up", "slot": True},
                 {"type": "draw_face_up", "slot": Count(1)}, {"type": "pass"},
                 {"type": "claim", "track": track, "cards": {"red": 2}},
                 {"type": "claim", "track": track, "cards": [("red", 2)]},
                 {"type": "keep_tickets", "keep": (1,)}, {"type": "keep_tickets", "keep": [1]},
                 {"type": "draw_tickets"}, {"type": "draw_ferry"}, {"type": "draw_deck"},
                 {"type": 3}, {"type": ["claim"]}, {}]
        for action in tries:
            for who in (seat, (seat + 1) % state.players, True, -1):
                kind = state._quick_kind(who, action)
                if kind is None:
                    continue
                quick += 1
                assert state._check_shape(who, action) == kind
        state.apply(seat, rng.choice(legal))
    assert quick > 100


def test_remembered_payments_are_right_for_their_own_board():
    """Fails when a payment remembered for one board's track is taken for
    another board's track of the same index, or a wrong one is kept."""
    rng = random.Random(3)
    for game_id in GAMES:
        for seed in range(2):
            state = create(game_id, 2, seed)
            while not state.is_over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                claims = [a for a in legal if a["type"] == "claim"]
                if claims and rng.random() < 0.5:
                    # a payment one card short, or with a card of another colour
                    action = rng.choice(claims)
                    cards = dict(action["cards"])
                    card = next(iter(cards))
                    cards[card] -= 1
                    if not cards[card]:
                        del cards[card]
                    with pytest.raises(IllegalAction):
                        state.apply(seat, {**action, "cards": cards})
                state.apply(seat, rng.choice(claims) if claims else rng.choice(legal))
    for game_id in GAMES:
        state = create(game_id, 2, 0)
        tables = tables_for(state.board)
        assert tables.fits
        for index, *pairs in list(tables.fits):
            track = state.board.tracks[index]
            assert payment_problem(track, dict(pairs), state.board.colors) is None
    usa, italy = (tables_for(create(g, 2, 0).board) for g in GAMES)
    assert usa.fits is not italy.fits


def test_the_payments_found_travel_with_no_copy_of_a_state():
    """The payments found are a per-board cache: a state pickled for a bot
    worker carries none of them (nor do they count as the state's data:
    test_contract's clone test saw the tables change as the cache grew)."""
    import pickle

    state = create("routes-usa", 2, 5)
    state.tables.fits.add((0, ("red", 1)))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.tables.fits == set()
    assert copy.tables.colors == state.tables.colors
    assert (0, ("red", 1)) in state.tables.fits


@pytest.mark.parametrize("game_id", GAMES)
def test_a_legal_move_advanced_without_checks_does_what_apply_does(game_id):
    """advance_legal (a rollout's move, read from the state as legal) leaves
    the state as apply leaves it, at every step of random games."""
    rng = random.Random(11)
    for seed in range(3):
        state = create(game_id, 2 + seed % 2, seed)
        while not state.is_over:
            seat = rng.choice(list(state.to_act))
            legal = state.legal_actions(seat)
            claims = [a for a in legal if a["type"] == "claim"]
            action = rng.choice(claims) if claims and rng.random() < 0.6 else rng.choice(legal)
            quick = state.clone()
            quick.advance_legal(seat, action)
            state.apply(seat, action)
            assert quick.view(None) == state.view(None)
            assert quick.hands == state.hands and quick.history == state.history
            for s in range(state.players):
                assert quick.view(s) == state.view(s)
