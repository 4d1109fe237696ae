"""Property tests: random complete games of Eighty Days keep every invariant.

Each example plays one whole game (2-6 players). Half the games pick
uniformly among the legal actions; the others first pick an action type,
then an action of it (more event cards, buys, exchanges and re-rolls).
Between them the tests play well over 300 complete games.
"""

from __future__ import annotations

import random
from collections import Counter

import msgpack
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from racekit import ROUTE, event_count, travel_count

from game.rules import create, redact_events, replay

GAME = "eighty-days"
SEEDS = st.integers(0, 2**64)
PLAYERS = st.integers(2, 6)
COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow],
          "phases": (Phase.explicit, Phase.reuse, Phase.generate)}
PRIVATE_KEYS = {"hand", "events", "pending"}


def chooser(seed: int):
    rng = random.Random(seed)
    by_type = seed % 2 == 1

    def choose(legal):
        if by_type:
            kinds = sorted({a["type"] for a in legal})
            kind = rng.choice(kinds)
            return rng.choice([a for a in legal if a["type"] == kind])
        return rng.choice(legal)
    return choose


def expected_days(moved) -> int:
    """The days of a `moved` event, worked out again from what it lists."""
    effects = [moved["princess_as"] if e == "Princess" else e for e in moved["events"]]
    if "Offer" in effects:
        return 10
    if moved["from"] == "Bombay":
        return 6 + moved["elephant"] if "Elephant" in effects else 12
    cards = [tuple(c) for c in moved["cards"]]
    days = 0
    if moved["balloon"] is not None:
        cards.remove(tuple(moved["balloon"]["replaces"]))
        days += moved["balloon"]["roll"]
    for effect, kind, fixed in (("Propeller train", "train", 1), ("Submarine", "ship", 3)):
        if effect in effects:
            cards.remove(max(c for c in cards if c[0] == kind))
            days += fixed
    for kind in ("train", "ship"):
        values = [v for k, v in cards if k == kind]
        if len(values) == 2 and ("Opportunity" in effects or values[0] == values[1]):
            days += max(values)
        else:
            days += sum(values)
    return days


def check_public(state) -> None:
    spectator = state.view(None)
    assert spectator["private"] == {}
    packed = msgpack.packb(spectator)
    public = {k: v for k, v in spectator.items() if k not in ("you", "private")}
    for seat in range(state.players):
        view = state.view(seat)
        assert {k: v for k, v in view.items() if k not in ("you", "private")} == public
        assert set(view["private"]) == PRIVATE_KEYS
    text = repr(spectator)
    for key in ("'hand'", "'pending'"):
        assert key not in text
    assert packed


def play_checked(players: int, seed: int, full_views: bool):
    state = create(GAME, players, seed)
    choose = chooser(seed)
    total_events = 14 if players == 2 else 15
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert legal
        days_before = list(state.days)
        at_before = list(state.at)
        events = state.apply(seat, choose(legal))
        steps += 1
        assert steps < 20000
        assert travel_count(state) == 60
        assert event_count(state) == total_events
        assert sum(state.coins) + state.bank == 24 and state.bank >= 0
        assert all(a >= b for a, b in zip(state.days, days_before, strict=True))
        for s in range(players):
            if s not in state.to_act:
                assert len(state.hands[s]) + len(state.held[s]) <= 6
        moved = [e for e in events if e["type"] == "moved"]
        for e in moved:
            assert e["days"] == expected_days(e)
            assert ROUTE.index(e["to"], 1) == ROUTE.index(e["from"]) + 1
        assert sum(state.at) - sum(at_before) == len(moved)
        for e in redact_events(events, None):
            assert "private" not in e
        msgpack.packb(events)
        if full_views:
            check_public(state)
    return state


@settings(max_examples=260, **COMMON)
@given(players=PLAYERS, seed=SEEDS)
def test_random_games_keep_cards_coins_days_and_hand_limits(players, seed):
    state = play_checked(players, seed, full_views=False)
    result = state.result()
    assert result["scores"] == state.days and result["winners"]
    assert state.view(None)["result"] == result


@settings(max_examples=150, **COMMON)
@given(players=PLAYERS, seed=SEEDS)
def test_views_are_public_alike_and_replay_is_exact(players, seed):
    state = play_checked(players, seed, full_views=True)
    again = replay(GAME, players, seed, state.history)
    assert [again.view(s) for s in range(players)] == [state.view(s) for s in range(players)]
    assert again.view(None) == state.view(None)


@settings(max_examples=100, **COMMON)
@given(players=PLAYERS, seed=SEEDS)
def test_determinize_keeps_what_the_seat_knows(players, seed):
    state = create(GAME, players, seed)
    choose = chooser(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        if steps % 17 == 0:
            other = state.determinize(seat, rng)
            assert other.view(seat) == state.view(seat)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            # The deck, the face-down discard and the other hands are re-dealt together.
            hidden = Counter(state.deck + state.buried) + sum(
                (Counter(state.hands[s]) for s in range(players) if s != seat), Counter())
            seen = Counter(other.deck + other.buried) + sum(
                (Counter(other.hands[s]) for s in range(players) if s != seat), Counter())
            assert hidden == seen
            for s in range(players):
                assert not Counter(state.known[s]) - Counter(other.hands[s])
            clone = state.clone()
            action = choose(state.legal_actions(seat))
            assert clone.apply(seat, action) == state.apply(seat, action)
            assert clone.view(None) == state.view(None)
        else:
            state.apply(seat, choose(state.legal_actions(seat)))
        steps += 1


def test_an_arriving_travellers_event_cards_go_face_down_for_every_seat():
    """Arriving in London slides the hand's event cards face down under the
    event discard: no view names them (only their count), and the Princess
    never copies one of them."""
    from game.rules.race.moves import PRINCESS
    seen = 0
    for seed in range(60):
        state = create("eighty-days", 3, seed)
        rng = random.Random(seed)
        while not state.is_over and seen < 6:
            seat = state.to_act[0]
            held = list(state.held[seat])
            down = state.events_buried
            arrivals = len(state.arrivals)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            if len(state.arrivals) == arrivals or state.is_over:
                continue
            slid = state.events_buried - down       # the cards it still held
            if not slid:
                continue
            seen += 1
            assert not Counter(state.event_discard[:slid]) - Counter(held)
            face_up = state.event_discard[state.events_buried:]
            for s in [*range(3), None]:
                view = state.view(s)
                assert view["event_discard"] == face_up
                assert view["event_discard_down"] == state.events_buried
            if not face_up:
                assert state._princess_as() is None
            elif face_up[-1] != PRINCESS:
                assert state._princess_as() == face_up[-1]
        if seen >= 6:
            break
    assert seen >= 3, "too few arrivals holding event cards"


@settings(max_examples=40, **COMMON)
@given(players=PLAYERS, seed=SEEDS)
def test_legal_actions_by_type_are_the_legal_list_of_that_type(players, seed):
    """A rollout's player lists legal actions one type at a time
    (`legal_by_type`) and apply checks an action among those of its type:
    each type's list must be the legal list's actions of that type, in its
    order, whether worked out afresh or read from the whole list."""
    from game.rules.race.actions import SHAPES

    state = create(GAME, players, seed)
    choose = chooser(seed)
    while not state.is_over:
        seat = state.to_act[0]
        fresh = state.clone()                     # nothing listed yet
        by_type = fresh.legal_by_type(seat)
        legal = state.legal_actions(seat)
        listed = state.legal_by_type(seat)        # from the whole list
        for kind in SHAPES:
            expected = [a for a in legal if a["type"] == kind]
            assert by_type(kind) == expected, kind
            assert listed(kind) == expected, kind
        assert fresh.legal_actions(seat) == legal
        other = (seat + 1) % players
        assert all(state.legal_by_type(other)(kind) == [] for kind in SHAPES)
        state.apply(seat, choose(legal))
    assert state.legal_by_type(0)("end_turn") == []
