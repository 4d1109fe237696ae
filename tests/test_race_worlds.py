"""Eighty Days states rebuilt from one seat's view (game/bots/families/race_worlds.py).

Random games of 2-6 players; at sampled positions (every few steps, every
pending decision, every position with cards face down in the discard, the
end) and for every seat, the world rebuilt from the seat's view shows that
view, offers the same actions, holds every card once, and, the strongest
check, determinizes exactly as the real state does for the same rng: since
determinize re-deals the hidden pool canonically sorted, that holds only if
the world's hidden pool is the real one. From some of the worlds (and from a
guess dealt from them) random play runs to the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from game.bots.families.race_worlds import world_from_view
from game.rules import create
from game.rules.race.data import load_race
from game.rules.race.engine import RaceState

GAME = "eighty-days"
SEEDS = range(6)          # games per player count; half pick an action type first
EVERY = 6                 # sample every 6th step, besides the special positions
PLAYOUT_EVERY = 60        # play to the end from the world every 60th step
DEAL_SEEDS = (0, 1)       # rng seeds of the compared guesses
DERIVED = ("_legal_cache", "_final_result")


def chooser(seed: int):
    """Uniform over legal actions, or (odd seeds) over action types first:
    more event cards, buys, exchanges and re-rolls."""
    rng = random.Random(seed)
    by_type = seed % 2 == 1

    def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
        if by_type:
            kind = rng.choice(sorted({a["type"] for a in legal}))
            return rng.choice([a for a in legal if a["type"] == kind])
        return rng.choice(legal)
    return choose


def fields(state: RaceState) -> dict[str, Any]:
    """Every field of a state (the dice by their generator's state), less
    caches derived from the others."""
    out = {k: v for k, v in vars(state).items() if k not in DERIVED}
    out["rng"] = state.rng.getstate()
    return out


def assert_conserved(state: RaceState) -> None:
    """Every travel card and event card of the game is somewhere, once."""
    data = load_race()
    travel = Counter(state.deck) + Counter(state.discard) + Counter(
        c for c in state.track if c is not None)
    for hand in state.hands:
        travel.update(hand)
    assert travel == Counter(data.travel_cards)
    events = Counter(state.event_deck) + Counter(state.event_discard)
    for held in state.held:
        events.update(held)
    assert events == Counter(data.event_deck(state.players))
    assert not Counter(state.buried) - Counter(state.discard)
    for hand, known in zip(state.hands, state.known, strict=True):
        assert not Counter(known) - Counter(hand)


def play_out(state: RaceState, seed: int) -> None:
    """Random legal play from `state` to the end of the game."""
    choose = chooser(seed)
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, choose(state.legal_actions(seat)))
        steps += 1
        assert steps < 20000
    assert_conserved(state)


def over_the_wire(view: dict[str, Any]) -> dict[str, Any]:
    """The view as a LAN client gets it (and a copy the world cannot share)."""
    return msgpack.unpackb(msgpack.packb(view))


def check_seat(state: RaceState, seat: int, playout: bool) -> None:
    """Every check of the world rebuilt from `seat`'s view of `state`."""
    view = state.view(seat)
    world = world_from_view(over_the_wire(view))
    assert world is not None
    assert world.view(seat) == view
    assert world.view(None) == state.view(None)
    assert world.to_act == state.to_act
    assert world.legal_actions(seat) == state.legal_actions(seat)
    assert_conserved(world)
    for k in DEAL_SEEDS:
        guess = world.determinize(seat, random.Random(k))
        real = state.determinize(seat, random.Random(k))
        assert fields(guess) == fields(real), (seat, k)
    if playout:
        play_out(world.clone(), seat)
        play_out(world.determinize(seat, random.Random(seat)), seat)


def play_and_check(players: int, seed: int, seen: Counter[str]) -> int:
    """One random game, checking every seat at the sampled positions; returns
    how many (position, seat) pairs it checked and counts what they covered."""
    state = create(GAME, players, seed * 7919 + players)
    choose = chooser(seed)
    checked = step = 0
    while True:
        special = (state.is_over or state.pending is not None
                   or (bool(state.buried) and step % 3 == 0))
        if step % EVERY == 0 or special:
            playout = step % PLAYOUT_EVERY == 0 or (special and step % 5 == 0)
            for seat in range(players):
                check_seat(state, seat, playout and seat == step % players)
            checked += players
            seen.update(covered(state))
        if state.is_over:
            return checked
        seat = state.to_act[0]
        state.apply(seat, choose(state.legal_actions(seat)))
        step += 1


def covered(state: RaceState) -> list[str]:
    """What a checked position shows of the game's harder corners."""
    out = []
    if state.pending is not None:
        out.append(state.pending["kind"])
    if state.buried:
        out.append("face-down discard")
    if state.arrivals:
        out.append("arrived")
    if state.is_over:
        out.append("over")
    if state.discard:
        out.append("discard")
    if any(a["type"] == "take_deck" for s in state.to_act for a in state.legal_actions(s)):
        out.append("take_deck")
    return out


@pytest.mark.parametrize("players", range(2, 7))
def test_worlds_rebuilt_from_views_match_the_real_state(players):
    seen: Counter[str] = Counter()
    checked = sum(play_and_check(players, seed, seen) for seed in SEEDS)
    assert checked > 300
    wanted = {"reroll", "bonus", "face-down discard", "arrived", "over", "discard"}
    if players == 6:
        wanted.add("take_deck")
    assert wanted <= set(seen), wanted - set(seen)


# --- the view: what it gained is public, and nothing hidden -------------------------


def play_until(found: Callable[[RaceState], bool], players: int = 4) -> RaceState:
    """The first position of a random game (seeds from 0) where `found` holds."""
    for seed in range(100):
        state = create(GAME, players, seed)
        choose = chooser(seed)
        while not state.is_over and not found(state):
            seat = state.to_act[0]
            state.apply(seat, choose(state.legal_actions(seat)))
        if found(state):
            return state
    raise AssertionError("no such position in 100 games")


def late_position(players: int = 4) -> RaceState:
    """A game played on until some cards lie face down in the travel discard."""
    return play_until(lambda state: bool(state.buried) and not state.is_over, players)


def test_face_down_discard_is_hidden_from_every_seat():
    """Swapping a face-down card of the discard with another deck card
    changes no view: the arrived hand's unseen cards stay secret."""
    state = late_position()
    other = state.clone()
    buried = other.buried[0]
    swap = next(c for c in other.deck if c != buried)
    other.deck[other.deck.index(swap)] = buried
    other.discard[other.discard.index(buried)] = swap
    other.buried[0] = swap
    for seat in [None, *range(state.players)]:
        assert other.view(seat) == state.view(seat)
    assert other.view(0)["discard"] > len(other.view(0)["discard_cards"])


def test_reroll_shows_the_move_the_die_is_for():
    """Every seat sees the cards and event cards of the move being rolled
    for (they are played already), and rebuilds the pending move from them."""
    state = play_until(lambda st: st.pending is not None and st.pending["kind"] == "reroll")
    move = state.pending["move"]
    for seat in [None, *range(state.players)]:
        shown = state.view(seat)["awaiting"]["move"]
        assert shown["cards"] == [list(c) for c in move["cards"]]
        assert shown["events"] == move["events"]
    for seat in range(state.players):
        world = world_from_view(state.view(seat))
        assert world is not None and world.pending == state.pending


# --- views the world cannot be built from -------------------------------------------


def test_spectators_view_gives_no_world():
    state = late_position()
    assert world_from_view(state.view(None)) is None


@pytest.mark.parametrize("key", sorted(create(GAME, 3, 1).view(0)))
def test_a_view_missing_a_key_raises_value_error(key):
    view = late_position(3).view(1)
    del view[key]
    with pytest.raises(ValueError):
        world_from_view(view)


@pytest.mark.parametrize("key", ["known", "cards", "events", "at", "coins"])
def test_a_player_entry_missing_a_key_raises_value_error(key):
    view = late_position(3).view(1)
    del view["players"][2][key]
    with pytest.raises(ValueError):
        world_from_view(view)


@pytest.mark.parametrize("key", ["hand", "events", "pending"])
def test_a_private_part_missing_a_key_raises_value_error(key):
    view = late_position(3).view(1)
    del view["private"][key]
    with pytest.raises(ValueError):
        world_from_view(view)


@pytest.mark.parametrize("change", [
    lambda v: v.update(deck=v["deck"] + 1),
    lambda v: v.update(discard=v["discard"] + 1),
    lambda v: v.update(event_deck=v["event_deck"] + 1),
    lambda v: v["players"][0].update(cards=v["players"][0]["cards"] + 1),
    lambda v: v["private"]["hand"].append(["train", 99]),
    lambda v: v["discard_cards"].extend([["ship", 1]] * 61),
    lambda v: v.update(game="routes-usa"),
    lambda v: v.update(game="no-such-game"),
    lambda v: v.update(route=list(reversed(v["route"]))),
    lambda v: v.update(detective="London"),
    lambda v: v.update(current=7),
    lambda v: v.update(order=[]),
    lambda v: v.update(you=True),
    lambda v: v["turn_state"].update(action="fly"),
])
def test_a_view_that_contradicts_itself_raises_value_error(change):
    view = late_position(3).view(1)
    change(view)
    with pytest.raises(ValueError):
        world_from_view(view)


def test_not_a_view_raises_value_error():
    with pytest.raises(ValueError):
        world_from_view(["not", "a", "view"])  # type: ignore[arg-type]
