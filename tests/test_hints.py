"""Hints: Hard's own move for a seat, found from what that seat may know, with
reasons that are true in the position (random positions of every game)."""

from __future__ import annotations

import random

import pytest

from game.bots import dealer, make_bot
from game.bots.hint import find_hint
from game.narration.hints import hint_lines
from game.rules import GAMES, create
from game.words import i18n

ITERATIONS = 12
POSITIONS = {"routes-usa": 60, "routes-italy": 40, "eighty-days": 40, "railway-tricks": 40}


def positions(game_id: str, count: int, seed: int = 7):
    """Positions of random games of `game_id` (random moves), each with its seat to act."""
    rng = random.Random(seed)
    info = GAMES[game_id]
    made = 0
    while made < count:
        state = create(game_id, rng.randint(info.min_players, info.max_players),
                       rng.randrange(10_000))
        for _ in range(rng.randrange(1, 120)):
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            continue
        made += 1
        yield state, state.to_act[0]


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_a_hint_is_hards_own_legal_move_from_what_the_seat_may_know(game_id):
    for n, (state, seat) in enumerate(positions(game_id, POSITIONS[game_id])):
        view, legal = state.view(seat), state.legal_actions(seat)
        hint = find_hint(view, legal, seed=n, deal=dealer(state, seat), iterations=ITERATIONS)
        assert hint.action in legal and hint.seat == seat
        hard = make_bot("search", n, iterations=ITERATIONS)
        assert hard.choose(view, legal, dealer(state, seat)) == hint.action
        # another deal of every card the seat cannot see: the same hint
        other = state.determinize(seat, random.Random(n + 1))
        assert other.view(seat) == view
        again = find_hint(other.view(seat), other.legal_actions(seat), seed=n,
                          deal=dealer(other, seat), iterations=ITERATIONS)
        assert again == hint
        words, said = hint_lines(game_id, hint, view, lambda s: f"P{s}")
        assert words and all(isinstance(line, str) and line for line in said)


def test_route_reasons_name_true_things():
    for n, (state, seat) in enumerate(positions("routes-usa", 80, seed=3)):
        view, legal = state.view(seat), state.legal_actions(seat)
        hint = find_hint(view, legal, seed=n, deal=dealer(state, seat), iterations=ITERATIONS)
        tickets = {(t["a"], t["b"]) for t in view["private"]["tickets"]}
        for reason in hint.reasons:
            data = reason.data
            if reason.code in ("ticket_done", "ticket_closer"):
                assert (data["a"], data["b"]) in tickets
                assert hint.action["type"] == "claim"
            if reason.code == "ticket_closer":
                assert data["after"] < data["before"]
            if reason.code == "route_points":
                assert hint.action["track"] not in view["routes"]
            if reason.code == "colour_for_route":
                assert view["face_up"][hint.action["slot"]] == data["colour"]
                assert data["have"] == view["private"]["hand"].get(data["colour"], 0)
            if reason.code == "search":
                assert data["rollouts"] > 0 and 0 <= data["value"] <= 1


def test_a_hint_reads_in_japanese():
    state, seat = next(positions("routes-usa", 1, seed=11))
    hint = find_hint(state.view(seat), state.legal_actions(seat), seed=1,
                     deal=dealer(state, seat), iterations=ITERATIONS)
    with i18n.speaking("ja"):
        words, said = hint_lines("routes-usa", hint, state.view(seat), lambda s: f"P{s}")
    assert words and said
    assert not any(line.isascii() for line in [words, *said]), [words, *said]
