"""Property tests: random complete games of routes-usa keep every invariant.

Each example plays one whole game (2-5 players) with random legal actions and
checks the invariants after every action. Most games pick uniformly among
the legal actions (claims dominate, short games); every third game first picks
an action type, then an action (more draws: reshuffles, resets, empty decks).

The properties are split so that one broken invariant does not hide the
others; every game also checks the cheap core invariants. Between them the
tests play well over 300 complete games.
"""

from __future__ import annotations

import random
from collections import Counter

import msgpack
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from game.rules import IllegalAction, create, replay

GAME = "routes-usa"
TOTAL_CARDS = 110
TOTAL_TICKETS = 30
TRAINS = 45
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
CARD_NAMES = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green",
              "locomotive")

SEEDS = st.integers(0, 2**31)
PLAYERS = st.integers(2, 5)
# No shrinking: a failing game is named by its seed, and shrinking whole games
# only replays many more of them.
COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow],
          "phases": (Phase.explicit, Phase.reuse, Phase.generate)}

# Shapes that no state accepts, whoever is asked.
MALFORMED = [
    None, "draw_deck", 7, ["draw_deck"], ("type", "pass"), {}, {"kind": "draw_deck"},
    {"type": None}, {"type": 3}, {"type": "fly"}, {"type": ["claim"]}, {"type": "DRAW_DECK"},
    {"type": "draw_deck", "slot": 0}, {"type": "draw_face_up"},
    {"type": "draw_face_up", "slot": "1"}, {"type": "draw_face_up", "slot": 1.0},
    {"type": "draw_face_up", "slot": True}, {"type": "draw_face_up", "slot": None},
    {"type": "draw_face_up", "slot": 5}, {"type": "draw_face_up", "slot": -1},
    {"type": "claim"}, {"type": "claim", "track": "montreal--new-york"},
    {"type": "claim", "track": 71, "cards": {"blue": 3}},
    {"type": "claim", "track": "montreal--new-york", "cards": [["blue", 3]]},
    {"type": "claim", "track": "montreal--new-york", "cards": {"blue": "3"}},
    {"type": "claim", "track": "montreal--new-york", "cards": {"blue": True}},
    {"type": "claim", "track": "montreal--new-york", "cards": {"blue": -3}},
    {"type": "claim", "track": "montreal--new-york", "cards": {"purple": 3}},
    {"type": "claim", "track": "atlantis--new-york", "cards": {"blue": 3}},
    {"type": "claim", "track": "montreal--new-york", "cards": {}},
    {"type": "keep_tickets"}, {"type": "keep_tickets", "keep": "0,1"},
    {"type": "keep_tickets", "keep": [True]}, {"type": "keep_tickets", "keep": ["1"]},
    {"type": "draw_tickets", "count": 3}, {"type": "pass", "why": "bored"},
    {"type": "draw_ferry"},  # no ferry cards on this board
]
BAD_SEATS = [-1, 5, 99, True, False, None, "0", 0.0]


# --- invariants ------------------------------------------------------------

FULL_SET = Counter({**{c: 12 for c in CARD_NAMES[:-1]}, "locomotive": 14})
ALL_TICKETS = list(range(TOTAL_TICKETS))
_SIBLINGS: dict[int, tuple[int, ...]] = {}


def siblings(state, index: int) -> tuple[int, ...]:
    """The other tracks of a track's parallel set (cached: the board never changes)."""
    out = _SIBLINGS.get(index)
    if out is None:
        track = state.board.tracks[index]
        out = _SIBLINGS[index] = tuple(i for i in state.board.parallel[track.id] if i != index)
    return out


def check_core(state) -> None:
    """The cheap invariants: cards, trains, running score, tickets, double routes."""
    cards = Counter(state.deck)
    cards.update(state.discard)
    cards.update(c for c in state.face_up if c is not None)
    for hand in state.hands:
        assert all(n > 0 for n in hand.values()), f"a hand holds a count below 1: {hand}"
        cards.update(hand)
    assert cards == FULL_SET, f"cards not conserved: {cards - FULL_SET} / {FULL_SET - cards}"
    placed = [0] * state.players
    points = [0] * state.players
    tracks = state.board.tracks
    for index, seat in state.claimed.items():
        length = tracks[index].length
        placed[seat] += length
        points[seat] += ROUTE_POINTS[length]
        for sib in siblings(state, index):
            if sib in state.claimed:
                assert state.players >= 4, "both tracks of a double used with 2-3 players"
                assert state.claimed[sib] != seat, "one seat holds both tracks of a double"
    for seat in range(state.players):
        assert placed[seat] + state.trains[seat] == TRAINS
        assert state.trains[seat] >= 0
    assert state.scores == points, "running scores differ from the claimed tracks"
    every = list(state.ticket_deck)
    for kept in state.tickets:
        every += kept
    for offer in state.pending:
        if offer is not None:
            every += offer
    assert len(every) == TOTAL_TICKETS
    assert sorted(every) == ALL_TICKETS


def public(view):
    return {k: v for k, v in view.items() if k not in ("you", "private")}


def roundtrip(data) -> None:
    packed = msgpack.packb(data)
    assert msgpack.unpackb(packed, raw=False, strict_map_key=True) == data


def check_views(state, events) -> list:
    """Public parts agree for everyone; views and events are msgpack-safe."""
    spectator = state.view(None)
    assert spectator["private"] == {}
    assert spectator["you"] is None
    shown = public(spectator)
    all_views = []
    for seat in range(state.players):
        view = state.view(seat)
        assert view["you"] == seat
        assert public(view) == shown
        roundtrip(view)
        all_views.append(view)
    roundtrip(spectator)
    roundtrip(events)
    return all_views + [spectator]


def internals(state) -> tuple:
    return (
        len(state.history), list(state.deck), list(state.discard), list(state.face_up),
        [dict(h) for h in state.hands], list(state.ticket_deck),
        [list(t) for t in state.tickets], [None if p is None else list(p) for p in state.pending],
        dict(state.claimed), list(state.trains), list(state.scores), state.phase,
        state.current, state.cards_drawn, state.final_turns, state.turn, state.passes_in_row,
        state.rng.getstate(),
    )


def normalized(action):
    if action.get("type") == "keep_tickets" and isinstance(action.get("keep"), list):
        return {**action, "keep": sorted(action["keep"])}
    return action


def random_candidate(state, rng: random.Random, seat: int):
    """A well-formed action, legal or not (the caller checks)."""
    kind = rng.choice(["draw_deck", "draw_face_up", "claim", "claim", "draw_tickets",
                       "keep_tickets", "pass"])
    if kind == "draw_face_up":
        return {"type": kind, "slot": rng.randrange(-2, 7)}
    if kind == "claim":
        track = rng.choice(state.board.tracks)
        cards: dict[str, int] = {}
        for _ in range(rng.randint(1, 2)):
            card = rng.choice(CARD_NAMES)
            cards[card] = cards.get(card, 0) + rng.randint(1, 4)
        return {"type": kind, "track": track.id, "cards": cards}
    if kind == "keep_tickets":
        pool = list(state.pending[seat] or ()) + [rng.randrange(TOTAL_TICKETS)]
        keep = [rng.choice(pool) for _ in range(rng.randint(0, 3))]
        return {"type": kind, "keep": keep}
    return {"type": kind}


def try_illegal(state, rng: random.Random, tries: int) -> None:
    """A few random actions that must be refused, each leaving the state alone."""
    acting = list(state.to_act)
    idle = [s for s in range(state.players) if s not in acting]
    for _ in range(tries):
        roll = rng.random()
        if roll < 0.3:
            seat = rng.choice(acting) if acting else 0
            action = rng.choice(MALFORMED)
        elif roll < 0.4:
            seat, action = rng.choice(BAD_SEATS), {"type": "draw_deck"}
        elif roll < 0.55 and idle:
            seat = rng.choice(idle)
            action = random_candidate(state, rng, seat)
        else:
            seat = rng.choice(acting) if acting else rng.randrange(state.players)
            action = random_candidate(state, rng, seat)
            if normalized(action) in state.legal_actions(seat):
                continue
        before = internals(state)
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        assert str(info.value), f"no message for {action!r}"
        assert internals(state) == before, f"refused {action!r} changed the state"


def check_determinize(state, rng: random.Random, seat_views=None) -> None:
    """A random seat's determinized state shows that seat exactly what it saw."""
    seat = rng.randrange(state.players)
    before = seat_views[seat] if seat_views is not None else state.view(seat)
    other = state.determinize(seat, random.Random(rng.getrandbits(32)))
    assert other.view(seat) == before
    check_core(other)
    # the original is left as it was
    assert state.view(seat) == before


def check_result(state, result) -> None:
    """The final scores follow from the breakdown, and the winners from the tie rules."""
    assert result["over"] is True
    breakdown = result["breakdown"]
    assert len(breakdown) == len(result["scores"]) == state.players
    best = max(b["longest"] for b in breakdown)
    for seat, b in enumerate(breakdown):
        assert b["seat"] == seat
        assert b["route_points"] == state.scores[seat]
        assert b["ticket_points"] == sum(t["points"] if t["done"] else -t["points"]
                                         for t in b["tickets"])
        assert b["tickets_done"] == sum(t["done"] for t in b["tickets"])
        assert [t["id"] for t in b["tickets"]] == state.tickets[seat]
        assert b["longest_bonus"] == (10 if best and b["longest"] == best else 0)
        assert b["total"] == b["route_points"] + b["ticket_points"] + b["longest_bonus"]
        assert result["scores"][seat] == b["total"]
    ranks = [(b["total"], b["tickets_done"], b["longest_bonus"]) for b in breakdown]
    assert result["winners"] == [s for s, r in enumerate(ranks) if r == max(ranks)]


def pick(state, rng: random.Random, seat: int, by_type: bool):
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} must act but has no legal action"
    if not by_type:
        return rng.choice(legal)
    kinds = sorted({a["type"] for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a["type"] == kind])


def play(seed: int, players: int, *, views: bool = False, illegal: int = 0,
         determinize: bool = False, legal_sample: int = 0, replayed: bool = False):
    """Play one whole random game, checking after every action."""
    rng = random.Random(seed)
    by_type = seed % 3 == 0
    state = create(GAME, players, seed)
    check_core(state)
    if views:
        check_views(state, [])
    steps = 0
    while not state.is_over:
        acting = state.to_act
        assert acting, "a running game has someone to act"
        seat = rng.choice(acting)
        for extra in rng.sample(state.legal_actions(seat),
                                min(legal_sample, len(state.legal_actions(seat)))):
            trial = state.clone()
            trial.apply(seat, extra)
            check_core(trial)
        action = pick(state, rng, seat, by_type)
        events = state.apply(seat, action)
        assert isinstance(events, list) and events
        steps += 1
        assert steps < 5000, "the game does not end"
        check_core(state)
        seat_views = check_views(state, events) if views else None
        if determinize:
            check_determinize(state, rng, seat_views)
        if illegal:
            try_illegal(state, rng, illegal)
    assert state.to_act == ()
    for seat in range(players):
        assert state.legal_actions(seat) == []
    result = state.result()
    check_result(state, result)
    assert state.view(None)["result"] == result
    if replayed:
        again = replay(GAME, players, seed, list(state.history))
        assert again.history == state.history
        for seat in [*range(players), None]:
            assert again.view(seat) == state.view(seat)
        assert again.result() == result
    return state


# --- the properties ----------------------------------------------------------
# Games per test (at least 300 in all): the cheap core checks run in every
# game; the costly ones (whole views, determinize) in fewer games.


@settings(max_examples=150, **COMMON)
@given(SEEDS, PLAYERS)
def test_random_games_keep_cards_trains_scores_tickets_and_replay(seed, players):
    """Cards, trains, running scores, tickets, doubles; the replay is the same game."""
    play(seed, players, replayed=True)


@settings(max_examples=25, **COMMON)
@given(SEEDS, PLAYERS)
def test_random_games_views_public_parts_agree_and_are_msgpack_safe(seed, players):
    """Every seat's public view part is the spectator's; views and events pack."""
    play(seed, players, views=True)


@settings(max_examples=50, **COMMON)
@given(SEEDS, PLAYERS)
def test_random_games_refuse_illegal_actions_without_change(seed, players):
    """A few random illegal or malformed actions after every action change nothing."""
    play(seed, players, illegal=2)


@settings(max_examples=40, **COMMON)
@given(SEEDS, PLAYERS)
def test_random_games_every_legal_action_applies(seed, players):
    """Besides the one played, a sampled legal action applies on a copy, keeping invariants."""
    play(seed, players, legal_sample=1)


@settings(max_examples=35, **COMMON)
@given(SEEDS, PLAYERS)
def test_random_games_determinize_keeps_the_seat_view(seed, players):
    """determinize(seat, rng) gives a state whose view(seat) is the original view(seat)."""
    play(seed, players, determinize=True)
