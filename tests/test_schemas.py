"""Every family's wire schema (game/rules/<family>/schema.py) accepts what its
engine really sends, and refuses what a screen could not draw.

Random games of every registered game: every view (each seat's and the
spectator's), every event as each seat and the spectator receive it, every
legal action and the result must validate. A schema that drifts from its
engine fails here.
"""

from __future__ import annotations

import random
import time

import pytest

from game.rules import GAMES, create, redact_events
from game.rules.schema import Unreadable, check

GAMES_PER_ID = 3
MAX_STEPS = 2500


def _random_game(game_id: str, seed: int):
    """(players, [(views by seat incl. None, events by receiver, legal lists)], final state)."""
    info = GAMES[game_id]
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    state = create(game_id, players, seed=seed)
    return rng, players, state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_everything_real_engines_send_validates(game_id: str) -> None:
    for seed in range(GAMES_PER_ID):
        rng, players, state = _random_game(game_id, seed)
        receivers = [None, *range(players)]
        steps = 0
        while not state.is_over and steps < MAX_STEPS:
            for seat in receivers:
                check(game_id, players, view=state.view(seat))
            seat = rng.choice(state.to_act)
            legal = state.legal_actions(seat)
            check(game_id, players, legal=legal)
            events = state.apply(seat, rng.choice(legal))
            for receiver in receivers:
                check(game_id, players, events=redact_events(events, receiver))
            steps += 1
        assert state.is_over, f"{game_id} seed {seed} did not end in {MAX_STEPS} steps"
        check(game_id, players, result=state.result())
        for seat in receivers:
            check(game_id, players, view=state.view(seat))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_check_costs_little(game_id: str) -> None:
    """A whole view checks in well under a frame (measured, printed; no timed assert)."""
    rng, players, state = _random_game(game_id, 11)
    for _ in range(40):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.view(0)
    rounds = 200
    started = time.perf_counter()
    for _ in range(rounds):
        check(game_id, players, view=view)
    print(f"{game_id}: {1e6 * (time.perf_counter() - started) / rounds:.0f} us per view")


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("hostile", ["seat", "players", "nul", "huge_list", "negative",
                                     "deep", "missing", "game"])
def test_bounds_a_screen_relies_on_are_refused(game_id: str, hostile: str) -> None:
    info = GAMES[game_id]
    players = info.min_players
    view = create(game_id, players, seed=3).view(0)
    if hostile == "seat":
        view["you"] = players
    elif hostile == "players":
        view["players"] = view["players"][:-1]
    elif hostile == "nul":
        view["game"] = game_id + "\x00"
    elif hostile == "huge_list":
        view["to_act"] = [0] * 100_000
    elif hostile == "negative":
        view["players"][0]["seat"] = -1
    elif hostile == "deep":
        nested: list = []
        for _ in range(200):
            nested = [nested]
        view["to_act"] = nested
    elif hostile == "missing":
        del view["players"]
    elif hostile == "game":
        view["game"] = next(g for g in GAMES if g != game_id)
    with pytest.raises(Unreadable):
        check(game_id, players, view=view)


def test_unknown_game_and_odd_tables_are_refused() -> None:
    with pytest.raises(Unreadable):
        check("no-such-game", 2, view={})
    game_id = sorted(GAMES)[0]
    for players in (0, -1, True, 10**9):
        with pytest.raises(Unreadable):
            check(game_id, players, view={})


def test_an_event_missing_what_its_animation_shows_is_refused() -> None:
    """A face-up draw names its card and slot (the board animates it from there)."""
    with pytest.raises(Unreadable):
        check("routes-usa", 2, events=[{"type": "card_drawn", "seat": 0, "source": "face_up",
                                        "slot": 1}])
    check("routes-usa", 2, events=[{"type": "card_drawn", "seat": 0, "source": "face_up",
                                    "slot": 1, "card": "red"}])
