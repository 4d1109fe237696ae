"""Route-game worlds rebuilt from one seat's view (game/bots/families/routes_worlds.py).

A search bot on a LAN client sees only its view. Random games on both boards,
2 to 5 players, are sampled (the ticket setup, plain turns, a second card to
take, an offer to answer, right after a reshuffle, with deck and discard both
empty, after passes, the final round, the end) and at each sampled position,
for every seat, the world rebuilt from its view must:

1. show exactly that view;
2. offer the same legal actions and seats to act;
3. give, through `determinize`, exactly the guesses the real state gives for
   the same rng, which holds only if its hidden pool is exactly the real one;
4. hold every train card, ferry card and ticket of the game once;
5. play on to the end (itself and a guess of it), and a guess of it plays the
   same game as the real state's guess when both get the same actions.

Views that are not an engine's view of a seat raise ValueError; a spectator's
view gives None.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from game.bots.families.routes_worlds import world_from_view
from game.rules import create, game_info
from game.rules.routes.board import LOCOMOTIVE
from game.rules.routes.engine import RoutesState
from game.rules.routes.payments import FERRY

BOARDS = ("routes-usa", "routes-italy")
CASES = [(game, players) for game in BOARDS for players in range(2, 6)]
GAMES_PER_CASE = 3
SAMPLE_EVERY = 3      # plain positions; the notable ones are all sampled
GUESS_SEEDS = (0, 1)  # rng seeds for the determinize comparison
PLAYOUT_EVERY = 30    # sampled positions between playouts (the end has one too)
PASS_POSITIONS = 8    # positions after a pass to check, per board

# What a determinized state is made of (the derived caches are left out).
FIELDS = ("game_id", "players", "seed", "history", "deck", "discard", "hands", "face_up",
          "ferry_pile", "ticket_deck", "tickets", "pending", "claimed", "trains", "scores",
          "phase", "current", "cards_drawn", "final_turns", "turn", "passes_in_row")


def _type_first(rng: random.Random, legal: list[dict[str, Any]],
                hoard: bool = False) -> dict[str, Any]:
    """An action type first, then an action of it: many more draws (reshuffles,
    an empty deck) than the claims a uniform pick favours. A hoarder claims
    only when nothing else is legal: its cards stay out of the discard, the
    deck runs dry and the others, left with nothing to do, pass."""
    kinds = sorted({a["type"] for a in legal})
    if hoard and len(kinds) > 1 and "claim" in kinds:
        kinds.remove("claim")
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a["type"] == kind])


def _pick(rng: random.Random, legal: list[dict[str, Any]], policy: int,
          seat: int) -> dict[str, Any]:
    """Policy 0: uniform; 1: type first; 2: type first, with seat 0 a hoarder."""
    if policy == 0:
        return rng.choice(legal)
    return _type_first(rng, legal, hoard=policy == 2 and seat == 0)


def _tags(state: RoutesState, events: list[dict[str, Any]]) -> set[str]:
    """The notable things about a position, for sampling and for coverage."""
    tags = {state.phase}
    kinds = {e["type"] for e in events}
    if "deck_reshuffled" in kinds:
        tags.add("reshuffled")
    if state.phase == "play":
        if state.final_turns is not None:
            tags.add("final round")
        if state.cards_drawn:
            tags.add("second card")
        if state.pending[state.current] is not None:
            tags.add("offer")
        if not state.deck and not state.discard:
            tags.add("no train cards")
        if state.passes_in_row:
            tags.add("passed")
    return tags


def sampled_positions(game: str, players: int, seed: int) -> Iterator[tuple[RoutesState, set[str]]]:
    """One seeded random game: every notable position and every few plain ones.

    Yields the live state, which the next step changes: use each position
    before asking for the next one (do not collect them with list()).
    """
    rng = random.Random(seed)
    policy = seed % 3
    state = create(game, players, seed)
    events: list[dict[str, Any]] = []
    steps = 0
    while True:
        tags = _tags(state, events)
        if tags & {"setup", "over", "reshuffled", "offer", "no train cards",
                   "passed"} or steps % SAMPLE_EVERY == 0 or (
                "final round" in tags and state.final_turns == players):
            yield state, tags
        if state.is_over:
            return
        seat = rng.choice(state.to_act)
        events = state.apply(seat, _pick(rng, state.legal_actions(seat), policy, seat))
        steps += 1


def fields(state: RoutesState) -> dict[str, Any]:
    out = {name: getattr(state, name) for name in FIELDS}
    out["rng"] = state.rng.getstate()
    return out


def check_world(state: RoutesState, seat: int) -> RoutesState:
    """Checks 1-4 for one seat; returns the rebuilt world."""
    view = state.view(seat)
    world = world_from_view(view)
    assert world is not None
    assert world.view(seat) == view
    assert world.to_act == state.to_act
    assert world.legal_actions(seat) == state.legal_actions(seat)
    for k in GUESS_SEEDS:
        mine = fields(world.determinize(seat, random.Random(k)))
        real = fields(state.determinize(seat, random.Random(k)))
        assert mine == real
    check_conservation(world)
    return world


def check_conservation(world: RoutesState) -> None:
    """Every card and ticket of the game, each exactly once."""
    rules, board = world.rules, world.board
    cards = Counter(world.deck) + Counter(world.discard)
    cards += Counter(c for c in world.face_up if c is not None)
    for hand in world.hands:
        cards += Counter({c: n for c, n in hand.items() if c != FERRY})
    whole = Counter({c: rules.cards_per_color for c in board.colors})
    whole[LOCOMOTIVE] = rules.locomotives
    assert cards == whole
    ferries = world.ferry_pile + sum(h.get(FERRY, 0) for h in world.hands)
    assert ferries == rules.ferry_cards
    tickets = list(world.ticket_deck)
    for s in range(world.players):
        tickets += world.tickets[s] + (world.pending[s] or [])
    assert sorted(tickets) == list(range(len(board.tickets)))


def play_out(state: RoutesState, rng: random.Random) -> None:
    """Random legal play to the end, checking each view against the whole state."""
    while not state.is_over:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.result()["over"]


def play_in_step(a: RoutesState, b: RoutesState, rng: random.Random) -> None:
    """The same random actions applied to two states that must stay the same game."""
    while not a.is_over:
        assert a.to_act == b.to_act
        seat = rng.choice(a.to_act)
        legal = a.legal_actions(seat)
        assert legal == b.legal_actions(seat)
        action = _type_first(rng, legal)
        assert a.apply(seat, action) == b.apply(seat, action)
    assert b.is_over and a.view(None) == b.view(None)


def check_playouts(state: RoutesState, world: RoutesState, seat: int, seed: int) -> None:
    """Check 5: the world and a guess of it play to the end; the world's guess
    and the real state's guess, for one rng, are one game."""
    play_out(world.clone(), random.Random(seed))
    mine = world.determinize(seat, random.Random(seed))
    real = state.determinize(seat, random.Random(seed))
    if state.phase == "over":  # see check_world: the finished game's pile
        real.ticket_deck = list(mine.ticket_deck)
    play_in_step(mine, real, random.Random(seed))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_worlds_from_views_are_the_real_state_to_the_seat(game, players):
    seen: Counter[str] = Counter()
    positions = 0
    for seed in range(GAMES_PER_CASE):
        game_seed = 1000 * players + seed
        # the live state of the game: each position is checked before the
        # generator's next action changes it
        for index, (state, tags) in enumerate(sampled_positions(game, players, game_seed)):
            seen.update(tags)
            positions += 1
            worlds = [check_world(state, seat) for seat in range(players)]
            if index % PLAYOUT_EVERY == 0 or state.is_over:
                seat = index % players
                check_playouts(state, worlds[seat], seat, game_seed + index)
    assert positions > 50
    for needed in ("setup", "play", "final round", "over", "second card", "offer"):
        assert seen[needed], f"{game} {players}p: no {needed!r} position sampled"


def test_the_sampled_games_reach_reshuffles_and_an_empty_deck():
    """The games the test above checks, replayed for what they reach."""
    seen: Counter[str] = Counter()
    for game, players in CASES:
        for seed in range(GAMES_PER_CASE):
            for _, tags in sampled_positions(game, players, 1000 * players + seed):
                seen.update(tags)
    for needed in ("reshuffled", "no train cards"):
        assert seen[needed], f"no {needed!r} position sampled"


@pytest.mark.parametrize("game", BOARDS)
def test_worlds_after_passes_count_the_passes(game):
    """Seats pass only when nothing else is legal: rare in random play, so
    hoarding games (policy 2) are searched for such positions. The count of
    passes in a row is in the view: all of them end the game."""
    found = 0
    for k in range(40):
        seed = 3 * k + 2  # policy 2
        for state, tags in sampled_positions(game, 5, seed):
            if "passed" in tags:
                found += 1
                worlds = [check_world(state, seat) for seat in range(state.players)]
                check_playouts(state, worlds[state.current], state.current, seed)
        if found >= PASS_POSITIONS:
            break
    assert found >= PASS_POSITIONS


def _midgame(game: str = "routes-italy", players: int = 3, seed: int = 7) -> RoutesState:
    state = create(game, players, seed)
    rng = random.Random(seed)
    for _ in range(60):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_view_sent_over_the_lan_rebuilds_the_same_world():
    state = _midgame()
    view = state.view(1)
    sent = msgpack.unpackb(msgpack.packb(view), raw=False, strict_map_key=True)
    world = world_from_view(sent)
    assert world is not None and world.view(1) == view


def test_the_world_depends_only_on_the_view():
    state = _midgame()
    twin = state.determinize(2, random.Random(5))
    assert fields(world_from_view(twin.view(2))) == fields(world_from_view(state.view(2)))


def test_a_spectators_view_gives_no_world():
    assert world_from_view(_midgame().view(None)) is None


def _tampered(view: dict[str, Any], change) -> dict[str, Any]:
    view = msgpack.unpackb(msgpack.packb(view), raw=False)  # a deep copy
    change(view)
    return view


TAMPERINGS = {
    "no discard_cards": lambda v: v.pop("discard_cards"),
    "no passes_in_row": lambda v: v.pop("passes_in_row"),
    "no private": lambda v: v.pop("private"),
    "no game": lambda v: v.pop("game"),
    "another family's game": lambda v: v.update(game="railway-tricks"),
    "an unknown game": lambda v: v.update(game="chess"),
    "another board's view": lambda v: v.update(game="routes-usa"),
    "one card too many": lambda v: v["discard_cards"].update({LOCOMOTIVE: 20}),
    "a negative count": lambda v: v["discard_cards"].update({LOCOMOTIVE: -1}),
    "a list for the discard": lambda v: v.update(discard_cards=[LOCOMOTIVE]),
    "a stranger's card": lambda v: v["face_up"].__setitem__(0, "gold"),
    "a wrong deck count": lambda v: v.update(deck=v["deck"] + 1),
    "a wrong ticket count": lambda v: v["players"][0].update(tickets=9),
    "a ticket twice": lambda v: v["private"]["tickets"].append(v["private"]["tickets"][0]),
    "an unknown track": lambda v: v["routes"].update({"nowhere--else": 0}),
    "a seat out of range": lambda v: v.update(you=7),
    "a bool for a count": lambda v: v.update(turn=True),
    "a changed score": lambda v: v["players"][0].update(score=999),
    "a wrong seat to act": lambda v: v.update(to_act=[0, 1]),
    "a phase of its own": lambda v: v.update(phase="halftime"),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_a_tampered_view_raises_a_clear_value_error(name):
    view = _tampered(_midgame().view(1), TAMPERINGS[name])
    with pytest.raises(ValueError) as info:
        world_from_view(view)
    assert str(info.value)


def test_another_games_view_raises_value_error():
    info = game_info("railway-tricks")
    view = create(info.id, info.min_players, 1).view(0)
    with pytest.raises(ValueError, match="not a route game"):
        world_from_view(view)


def test_not_a_view_at_all_raises_value_error():
    for junk in ([], "view", 3, {"you": 0}):
        with pytest.raises(ValueError):
            world_from_view(junk)
