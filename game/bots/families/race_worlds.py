"""Whole Eighty Days states rebuilt from one seat's view (for search bots).

A computer player that joins a LAN game as a client gets only its seat's view,
never the engine state; to look ahead it needs engine states it cannot tell
from the real one. `world_from_view` rebuilds one: every public field comes
from the view, the seat's own travel cards, event cards and pending decision
from its private part, and what the seat cannot see (the travel deck, the
cards buried face down in the travel discard, the other seats' travel cards
but those they were seen taking, the event pile, the other seats' event
cards) is dealt, with the counts the view shows, from exactly the cards the
view does not show. Those are dealt in a fixed (sorted) order: the world is
a placeholder holding the right hidden pool, and `world.determinize(seat,
rng)` turns it into guesses. As determinize re-deals the hidden pool
canonically sorted (and sorts every list whose order the view does not
show), its guesses from the rebuilt world are exactly those from the real
state.

What a view cannot say is set as a guess has it (see `determinize` and
`forget_the_record`): a seed of 0, a fresh random source for the dice and no
action record. The turn order position is where the current seat stands in
the view's `order` (past its end once the game is over, the last of the
order having played the last turn).

A view that does not hold together (a missing key, a card the game does not
have, counts that do not add up, a world that would show another view)
raises ValueError with the reason; a spectator's view gives None (see
`world_from_view`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.bots.worlds import rebuild, whole
from game.rules import game_info
from game.rules.base import View
from game.rules.race.data import ACTIONS, RaceData, load_race
from game.rules.race.days import Card
from game.rules.race.engine import RaceState
from game.rules.race.moves import effects_of

PHASES = ("play", "over")


def world_from_view(view: View) -> RaceState | None:
    """An engine state whose `view(view["you"])` is exactly `view`.

    None for a spectator, ValueError for a view that does not hold together
    (game.bots.worlds.rebuild).
    """
    return rebuild(view, lambda v: _WorldBuilder(v).build(), "an Eighty Days view of a seat")


class _WorldBuilder:
    """Reads one seat's view into an engine state, checking what it reads."""

    def __init__(self, view: View):
        self.view = view
        game = view["game"]
        info = game_info(game)  # ValueError for an unknown game
        if info.family != "race":
            raise ValueError(f"{game!r} is not a race game")
        self.game: str = game
        self.data: RaceData = load_race()
        if view["route"] != list(self.data.route):
            raise ValueError("the view's route is not the one of the installed race data")
        self.route = self.data.route
        self.cards = frozenset(self.data.travel_cards)
        # Every city but London (first and last) by name: chips and the detective.
        self.city = {self.route[c]: c for c in range(1, len(self.route) - 1)}
        self.entries: list[dict[str, Any]] = view["players"]
        self.players = len(self.entries)
        if not info.min_players <= self.players <= info.max_players:
            raise ValueError(f"{info.name} takes {info.min_players}-{info.max_players} "
                             f"players, not {self.players}")
        if [e["seat"] for e in self.entries] != list(range(self.players)):
            raise ValueError("the players are not listed seat by seat from 0")
        self.seat: int = self._seat(view["you"], "you")
        if view["phase"] not in PHASES:
            raise ValueError(f"no phase {view['phase']!r}")
        self.private: dict[str, Any] = view["private"]
        self.others = [s for s in range(self.players) if s != self.seat]

    def build(self) -> RaceState:
        """The world: public fields, the seat's secrets, then the hidden deal."""
        world = RaceState.__new__(RaceState)
        world._setup(self.game, self.players, 0, self.data)
        world.rng = random.Random(0)  # the real dice are hidden; determinize replaces them
        self._set_public(world)
        self._set_turn(world)
        self._set_own(world)
        self._deal_travel(world)
        self._deal_events(world)
        world._legal_cache = {}  # drop what _setup derived from its own deal
        world.__dict__.pop("_final_result", None)
        return world

    # --- public and own fields ------------------------------------------------

    def _set_public(self, world: RaceState) -> None:
        """The table: travellers, coins, days, chips, detective, track, piles shown."""
        view, entries = self.view, self.entries
        world.at = [self._index(e["at"], len(self.route), "at") for e in entries]
        world.days = [whole(e["days"], "days") for e in entries]
        world.coins = [whole(e["coins"], "coins") for e in entries]
        world.known = [[self._card(c) for c in e["known"]] for e in entries]
        world.bank = whole(view["bank"], "bank")
        world.arrivals = [self._seat(s, "arrival") for s in view["arrivals"]]
        world.detective = self._city(view["detective"])
        if set(view["bonus"]) != set(self.city):
            raise ValueError("the bonus chips do not lie on the route's cities")
        world.chips = {self.city[name]: [chips["red"], chips["blue"]]
                       for name, chips in view["bonus"].items()}
        slots = view["track"]
        if len(slots) != len(self.data.action_track):
            raise ValueError(f"the action track has {len(self.data.action_track)} slots")
        world.track = [None if slot["card"] is None else self._card(slot["card"])
                       for slot in slots]
        world.laid = sum(1 for slot in slots if slot["laid"])
        world.event_discard = [self._event(name) for name in view["event_discard"]]
        world.events_buried = whole(view["event_discard_down"], "event_discard_down")

    def _set_turn(self, world: RaceState) -> None:
        """The round, the turn order and the turn in progress (with its decision)."""
        view = self.view
        world.round = whole(view["round"], "round")
        world.turn = whole(view["turn"], "turn")
        world.start_player = self._seat(view["start_player"], "start_player")
        chosen = view["next_start_player"]
        world.next_start = None if chosen is None else self._seat(chosen, "next_start_player")
        world.order = [self._seat(s, "order") for s in view["order"]]
        if not world.order:
            raise ValueError("a round has at least one traveller in its order")
        world.over = view["phase"] == "over"
        if world.over:
            # The last of the order played the last turn; its end ran past the order.
            world.current = world.order[-1]
            world.order_pos = len(world.order)
        else:
            world.current = self._seat(view["current"], "current")
            if world.current not in world.order:
                raise ValueError(f"seat {world.current} plays but is not in the round's order")
            world.order_pos = world.order.index(world.current)
        state = view["turn_state"]
        world.taken = bool(state["taken"])
        world.slot_action = state["action"]
        if world.slot_action is not None and world.slot_action not in ACTIONS:
            raise ValueError(f"no track action {world.slot_action!r}")
        world.moves = whole(state["moves"], "moves")
        world.balloon_used = bool(state["balloon_used"])
        world.distraction = bool(state["distraction"])
        world.pending = self._pending(world, view["awaiting"])

    def _pending(self, world: RaceState, awaiting: dict[str, Any] | None) -> dict[str, Any] | None:
        """The decision awaited, as the engine holds it (see TurnActions)."""
        if awaiting is None:
            return None
        if awaiting["seat"] != world.current:
            raise ValueError("a decision is awaited from a seat that is not playing")
        if awaiting["kind"] == "bonus":
            return {"kind": "bonus", "color": awaiting["color"], "chip": awaiting["chip"],
                    "city": self._city(awaiting["city"])}
        if awaiting["kind"] != "reroll":
            raise ValueError(f"no decision {awaiting['kind']!r}")
        move = awaiting["move"]
        names = [self._event(name) for name in move["events"]]
        record = {"seat": world.current, "from": world.at[world.current],
                  "cards": [self._card(c) for c in move["cards"]],
                  "balloon": None if move["balloon"] is None else self._card(move["balloon"]),
                  "events": names, "effects": effects_of(names, move["princess_as"]),
                  "princess_as": move["princess_as"]}
        return {"kind": "reroll", "purpose": awaiting["purpose"], "roll": awaiting["roll"],
                "rolls": awaiting["rolls"], "move": record}

    def _set_own(self, world: RaceState) -> None:
        """The seat's travel cards and event cards, as its private view shows them."""
        world.hands[self.seat] = [self._card(c) for c in self.private["hand"]]
        world.held[self.seat] = [self._event(name) for name in self.private["events"]]

    # --- the hidden deal ------------------------------------------------------

    def _deal_travel(self, world: RaceState) -> None:
        """The unseen travel cards, sorted: other hands, the buried discard, the deck."""
        pool = self._unseen(Counter(self.data.travel_cards), self._seen_travel(world),
                            "travel")
        hidden = [whole(self.entries[s]["cards"], "cards") - len(world.known[s])
                  for s in self.others]
        if any(n < 0 for n in hidden):
            raise ValueError("a seat holds fewer cards than it was seen taking")
        public = [self._card(c) for c in self.view["discard_cards"]]
        buried = whole(self.view["discard"], "discard") - len(public)
        deck = whole(self.view["deck"], "deck")
        if buried < 0 or len(pool) != sum(hidden) + buried + deck:
            raise ValueError(f"{len(pool)} travel cards are out of sight, but the view counts "
                             f"{sum(hidden) + buried + deck} in the deck, the face-down "
                             "discard and other hands")
        for s, n in zip(self.others, hidden, strict=True):
            world.hands[s] = world.known[s] + pool[:n]
            del pool[:n]
        world.buried = pool[:buried]
        world.discard = public + world.buried
        world.deck = pool[buried:]

    def _seen_travel(self, world: RaceState) -> Counter[Card]:
        """The travel cards in sight: the seat's hand (its seen cards among
        them), the others' seen cards, the track and the face-up discard."""
        seen = Counter(world.hands[self.seat])
        if Counter(world.known[self.seat]) - seen:
            raise ValueError("the seat was seen taking cards its hand does not hold")
        for s in self.others:
            seen.update(world.known[s])
        seen.update(c for c in world.track if c is not None)
        seen.update(self._card(c) for c in self.view["discard_cards"])
        return seen

    def _deal_events(self, world: RaceState) -> None:
        """The unseen event cards, sorted: other seats' cards, then the pile."""
        seen = Counter(world.held[self.seat]) + Counter(world.event_discard)
        pool = self._unseen(Counter(self.data.event_deck(self.players)), seen, "event")
        counts = [whole(self.entries[s]["events"], "events") for s in self.others]
        pile = whole(self.view["event_deck"], "event_deck") + world.events_buried
        if len(pool) != sum(counts) + pile:
            raise ValueError(f"{len(pool)} event cards are out of sight, but the view counts "
                             f"{sum(counts) + pile} in the pile, face down and in other "
                             f"seats' hands")
        for s, n in zip(self.others, counts, strict=True):
            world.held[s] = pool[:n]
            del pool[:n]
        down = world.events_buried
        world.event_discard = pool[:down] + world.event_discard
        world.event_deck = pool[down:]

    @staticmethod
    def _unseen(table: Counter[Any], seen: Counter[Any], what: str) -> list[Any]:
        """The `table` of a game's cards less those in sight, sorted."""
        for card, n in seen.items():
            if n > table[card]:
                raise ValueError(f"the view shows {n} {what} cards {card!r}; "
                                 f"the game has {table[card]}")
        return sorted((table - seen).elements())

    # --- reading single values -----------------------------------------------

    def _card(self, card: Any) -> Card:
        kind, value = card
        if (kind, value) not in self.cards:
            raise ValueError(f"there is no travel card {card!r} in the game")
        return kind, value

    def _event(self, name: Any) -> str:
        if name not in self.data.event_cards:
            raise ValueError(f"there is no event card {name!r} in the game")
        return name

    def _city(self, name: Any) -> int:
        if name not in self.city:
            raise ValueError(f"{name!r} is no city between London and London")
        return self.city[name]

    def _seat(self, value: Any, what: str) -> int:
        return self._index(value, self.players, what)

    @staticmethod
    def _index(value: Any, size: int, what: str) -> int:
        if whole(value, what) >= size:
            raise ValueError(f"{what} must be below {size}, not {value!r}")
        return value
