"""Property tests: random complete games of routes-italy keep every invariant.

The base game's properties (tests/test_routes_properties.py) on the Italy
board, plus the ferry cards: 110 train cards and 10 ferry cards conserved,
trains conserved, the running score recomputed from the claimed tracks, the
56 tickets conserved, no seat over the ferry-card limit, the parallel-set
rules kept, other legal actions applying on a copy, random illegal actions
refused without a change, public view parts equal for every seat and
spectators (every other action), views and events msgpack-safe, determinize keeping the seat's
view, the final scores recomputed (region bonus included), and the replay
of the action list equal to the game. Each example is one whole game of 2-5
players with random legal actions (half of them picking an action type
first, which draws more cards and ferry cards).
"""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import IllegalAction, replay
from game.rules.routes.scoring import region_bonus

GAME = "routes-italy"
TRAIN_CARDS = {**{c: 12 for c in ("pink", "white", "blue", "yellow", "orange", "black",
                                  "red", "green")}, "locomotive": 14}
FERRY_CARDS = 10
TOTAL_TICKETS = 56
TRAINS = 45
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow],
          "derandomize": False}


def check_core(state) -> None:
    """Cards (train and ferry), trains, running scores, tickets, parallel sets."""
    cards: dict[str, int] = {}
    for card in state.deck + state.discard + [c for c in state.face_up if c is not None]:
        cards[card] = cards.get(card, 0) + 1
    ferries = state.ferry_pile
    assert state.ferry_pile >= 0
    for hand in state.hands:
        for card, n in hand.items():
            assert n > 0, f"a hand holds {n} {card}"
            if card == "ferry":
                ferries += n
                assert n <= 2, "nobody may hold three ferry cards"
            else:
                cards[card] = cards.get(card, 0) + n
    assert cards == TRAIN_CARDS
    assert ferries == FERRY_CARDS
    placed = [0] * state.players
    points = [0] * state.players
    for index, seat in state.claimed.items():
        length = state.board.tracks[index].length
        placed[seat] += length
        points[seat] += ROUTE_POINTS[length]
    for seat in range(state.players):
        assert placed[seat] + state.trains[seat] == TRAINS
        assert state.trains[seat] >= 0
        assert state.scores[seat] == points[seat]
    every = list(state.ticket_deck) + [t for ts in state.tickets for t in ts]
    every += [t for p in state.pending if p is not None for t in p]
    assert sorted(every) == list(range(TOTAL_TICKETS))
    for index, seat in state.claimed.items():
        track = state.board.tracks[index]
        for sib in state.board.parallel[track.id]:
            if sib != index and sib in state.claimed:
                assert state.players >= 4, "two tracks of a set used with 2-3 players"
                assert state.claimed[sib] != seat, "one seat holds two tracks of a set"


def public(view):
    return {k: v for k, v in view.items() if k not in ("you", "private")}


def roundtrip(data) -> None:
    assert msgpack.unpackb(msgpack.packb(data), raw=False, strict_map_key=True) == data


def check_views(state, events, packed: bool = True) -> list:
    spectator = state.view(None)
    assert spectator["private"] == {} and spectator["you"] is None
    shown = public(spectator)
    assert shown["ferry_pile"] == state.ferry_pile
    out = []
    for seat in range(state.players):
        view = state.view(seat)
        assert view["you"] == seat
        assert public(view) == shown
        assert view["players"][seat]["ferries"] == view["private"]["hand"].get("ferry", 0)
        if packed:
            roundtrip(view)
        out.append(view)
    if packed:
        roundtrip(spectator)
    roundtrip(events)
    return out


def check_result(state) -> None:
    """The final scores recomputed from the breakdown and the claimed tracks."""
    result = state.result()
    assert result["over"] is True and result["winners"]
    for seat, b in enumerate(result["breakdown"]):
        tracks = state.seat_tracks(seat)
        assert b["route_points"] == sum(ROUTE_POINTS[t.length] for t in tracks)
        assert b["longest_bonus"] == 0
        bonus, regions = region_bonus(state.board, [(t.a, t.b) for t in tracks])
        assert (b["region_bonus"], b["regions"]) == (bonus, regions)
        tickets = sum(t["points"] if t["done"] else -t["points"] for t in b["tickets"])
        assert b["ticket_points"] == tickets
        assert b["total"] == b["route_points"] + tickets + bonus == result["scores"][seat]
    assert state.view(None)["result"] == result


def internals(state) -> tuple:
    return (
        len(state.history), list(state.deck), list(state.discard), list(state.face_up),
        [dict(h) for h in state.hands], state.ferry_pile, list(state.ticket_deck),
        [list(t) for t in state.tickets], [None if p is None else list(p) for p in state.pending],
        dict(state.claimed), list(state.trains), list(state.scores), state.phase,
        state.current, state.cards_drawn, state.final_turns, state.turn, state.rng.getstate(),
    )


def candidate(state, rng: random.Random, seat: int):
    """A well-formed action, legal or not, leaning on the ferry rules."""
    kind = rng.choice(["draw_ferry", "draw_ferry", "claim", "claim", "claim", "draw_face_up",
                       "keep_tickets", "draw_tickets", "draw_deck", "pass"])
    if kind == "draw_face_up":
        return {"type": kind, "slot": rng.randrange(-1, 6)}
    if kind == "claim":
        ferries = [t for t in state.board.tracks if t.ferries]
        track = rng.choice(ferries if rng.random() < 0.5 else state.board.tracks)
        cards: dict[str, int] = {}
        for _ in range(rng.randint(1, 3)):
            card = rng.choice([*TRAIN_CARDS, "ferry", "ferry"])
            cards[card] = cards.get(card, 0) + rng.randint(1, 3)
        return {"type": kind, "track": track.id, "cards": cards}
    if kind == "keep_tickets":
        pool = list(state.pending[seat] or ()) + [rng.randrange(TOTAL_TICKETS)]
        return {"type": kind, "keep": [rng.choice(pool) for _ in range(rng.randint(0, 4))]}
    return {"type": kind}


def try_illegal(state, rng: random.Random, tries: int) -> None:
    """Random actions that are not legal now must be refused, changing nothing."""
    for _ in range(tries):
        seat = rng.randrange(state.players)
        action = candidate(state, rng, seat)
        legal = state.legal_actions(seat)
        if action["type"] == "keep_tickets":
            action = {**action, "keep": sorted(action["keep"])}
        if action in legal:
            continue
        before = internals(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        assert str(info.value)
        assert internals(state) == before, f"refused {action!r} changed the state"


def play(seed: int, players: int, determinize_every: int = 6) -> None:
    rng = random.Random(seed)
    by_type = seed % 2 == 1
    state = replay(GAME, players, seed, [])
    check_core(state)
    check_views(state, [])
    steps = 0
    while not state.is_over:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        assert legal
        if steps % 5 == 0:
            # another legal action, on a copy, keeps the invariants too
            trial = state.clone()
            trial.apply(seat, rng.choice(legal))
            check_core(trial)
            try_illegal(state, rng, 2)
        if by_type:
            kind = rng.choice(sorted({a["type"] for a in legal}))
            legal = [a for a in legal if a["type"] == kind]
        events = state.apply(seat, rng.choice(legal))
        steps += 1
        assert steps < 5000, "the game does not end"
        check_core(state)
        # Whole views every other action, msgpack round trips of them every
        # fourth (views are the slow part); events every action.
        if steps % 2 and not state.is_over:
            roundtrip(events)
            continue
        seat_views = check_views(state, events, packed=steps % 4 == 0 or state.is_over)
        if steps % determinize_every == 0 and not state.is_over:
            who = rng.randrange(players)
            other = state.determinize(who, random.Random(rng.getrandbits(32)))
            assert other.view(who) == seat_views[who]
            check_core(other)
            assert state.view(who) == seat_views[who]
    assert state.to_act == ()
    check_result(state)
    again = replay(GAME, players, seed, list(state.history))
    assert again.history == state.history
    for seat in [*range(players), None]:
        assert again.view(seat) == state.view(seat)
    assert again.result() == state.result()


@settings(max_examples=100, **COMMON)
@given(st.integers(0, 2**31), st.integers(2, 5))
def test_random_italy_games_keep_every_invariant(seed, players):
    play(seed, players)


@settings(max_examples=60, **COMMON)
@given(seed=st.integers(0, 2**31), held=st.integers(0, 40))
def test_a_tracks_region_gain_is_the_bonus_with_it_less_the_bonus_without(seed, held):
    """TrackGains (a bot's weighing of every claim) joins the held networks
    once and merges per candidate: it must equal the bonus worked out afresh
    with and without the track, for every track on the board, dead-end areas
    and double regions included."""
    from game.rules import create
    from game.rules.routes.board import load_board
    from game.rules.routes.scoring import RegionScores

    board = load_board("italy")
    rng = random.Random(seed)
    tracks = [(t.a, t.b) for t in rng.sample(board.tracks, held)]
    table = create(GAME, 2, 0).rules.region_table
    now = region_bonus(board, tracks, table)[0]
    gains = RegionScores(board, tuple(table)).gains(tracks)
    for track in board.tracks:
        afresh = region_bonus(board, tracks + [(track.a, track.b)], table)[0] - now
        assert gains(track) == afresh, (track.id, tracks)
