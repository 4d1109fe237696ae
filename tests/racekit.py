"""Helpers for the race rules tests: positions built by setting fields, loaded dice.

Cards and event cards given to a seat are taken out of wherever they are
(deck, discard, track, other hands), so every position keeps the 60 travel
cards and all event cards of the game.
"""

from __future__ import annotations

import copy
from typing import Any

from game.rules import create

GAME = "eighty-days"
ROUTE = ["London", "Paris", "Brindisi", "Suez", "Bombay", "Calcutta", "Hong Kong",
         "Yokohama", "San Francisco", "New York", "London"]


class Dice:
    """A stand-in for the state's generator that rolls the given numbers in order."""

    def __init__(self, *rolls: int):
        self.rolls = list(rolls)

    def randint(self, low: int, high: int) -> int:
        roll = self.rolls.pop(0)
        assert low <= roll <= high
        return roll

    def shuffle(self, items: list) -> None:
        items.reverse()

    def getstate(self):
        return tuple(self.rolls)


def new(players: int = 3, seed: int = 0):
    return create(GAME, players, seed)


def _take_card(state, card: tuple[str, int]) -> None:
    """Remove one `card` from anywhere but the hands' targets (deck first)."""
    for pile in [state.deck, state.discard, *state.hands]:
        if card in pile:
            pile.remove(card)
            return
    for slot, c in enumerate(state.track):
        if c == card:
            state.track[slot] = None
            return
    raise AssertionError(f"no {card} left anywhere")


def set_hand(state, seat: int, cards) -> None:
    """Give `seat` exactly `cards` ([kind, value] pairs); its old hand goes to the deck."""
    state.deck[:0] = state.hands[seat]
    state.hands[seat] = []
    wanted = [tuple(c) for c in cards]
    for card in wanted:
        _take_card(state, card)
    state.hands[seat] = wanted
    state.known = [[] for _ in state.hands]  # positions start with no cards seen taken
    state._legal_cache = {}


def set_events(state, seat: int, names) -> None:
    """Give `seat` exactly the event cards `names`; its old ones go to the event pile."""
    state.event_deck[:0] = state.held[seat]
    state.held[seat] = []
    for name in names:
        for pile in [state.event_deck, state.event_discard, *state.held]:
            if name in pile:
                pile.remove(name)
                break
        else:
            raise AssertionError(f"no {name} left")
    state.held[seat] = list(names)
    state._legal_cache = {}


def set_event_discard(state, names) -> None:
    """Put the event cards `names` on the event discard (top last)."""
    state.event_deck.extend(state.event_discard)
    state.event_discard = []
    for name in names:
        for pile in [state.event_deck, *state.held]:
            if name in pile:
                pile.remove(name)
                break
        else:
            raise AssertionError(f"no {name} left")
        state.event_discard.append(name)
    state._legal_cache = {}


def place(state, seat: int, city: int, days: int | None = None) -> None:
    state.at[seat] = city
    if days is not None:
        state.days[seat] = days
    state._legal_cache = {}


def taken(state, action: str | None = None) -> None:
    """Skip the current seat's track pick: a card is taken, `action` available."""
    state.taken = True
    state.slot_action = action
    state._legal_cache = {}


def move(cards=(), balloon=None, events=()) -> dict[str, Any]:
    return {"type": "move", "cards": [list(c) for c in cards],
            "balloon": None if balloon is None else list(balloon), "events": list(events)}


def of_type(events, kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def snapshot(state) -> Any:
    """Everything a rejected action must leave alone."""
    fields = {k: v for k, v in vars(state).items()
              if k not in ("_legal_cache", "_rng", "_rng_saved", "data", "n")}
    return copy.deepcopy(fields), state.rng.getstate(), [state.view(s) for s in
                                                          range(state.players)]


def travel_count(state) -> int:
    return (len(state.deck) + len(state.discard) + sum(len(h) for h in state.hands)
            + sum(1 for c in state.track if c is not None))


def event_count(state) -> int:
    return len(state.event_deck) + len(state.event_discard) + sum(len(h) for h in state.held)


def play_out(state, chooser) -> None:
    """Finish the game, `chooser(state, seat, legal)` picking each action."""
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, chooser(state, seat, state.legal_actions(seat)))
        steps += 1
        assert steps < 20000
