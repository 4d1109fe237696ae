"""Whole route-game states rebuilt from one seat's view (for search bots).

A computer player that joins a LAN game as a client gets only its seat's view,
never the engine state; to look ahead it needs engine states it cannot tell
from the real one. `world_from_view` rebuilds one: every public field comes
from the view, the seat's own cards, tickets and offer from its private part,
and what the seat cannot see (the train deck, the other seats' train cards,
the ticket pile, the other seats' tickets and offers) is dealt, with the
counts the view shows, from exactly the cards and tickets the view does not
show. Those are dealt in a fixed (sorted) order: the world is a placeholder
holding the right hidden pool, and `world.determinize(seat, rng)` turns it
into guesses. As determinize re-deals the hidden pool canonically sorted,
its guesses from the rebuilt world are exactly those from the real state.
The discard pile is public (its cards, not their order: determinize deals it
sorted), and so are the passes in a row (all of them end the game): the view
shows both for this.

What a view cannot say is set as a guess has it (see `determinize` and
`forget_the_record`): seed 0 and a random source seeded with it, and no
action record. The current seat, which the view shows only during play, is
seat 0 at the setup and the seat of the last turn once the game is over.

A view that does not hold together (a missing key, a stranger's card, counts
that do not add up, a world that would show another view) raises ValueError
with the reason; a spectator's view gives None (see `world_from_view`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.bots.worlds import rebuild, whole
from game.rules import game_info
from game.rules.base import View
from game.rules.routes.board import LOCOMOTIVE, Board, load_board
from game.rules.routes.engine import RULES, RoutesRules, RoutesState
from game.rules.routes.payments import FERRY

PHASES = ("setup", "play", "over")


def world_from_view(view: View) -> RoutesState | None:
    """An engine state whose `view(view["you"])` is exactly `view`.

    None for a spectator, ValueError for a view that does not hold together
    (game.bots.worlds.rebuild).
    """
    return rebuild(view, lambda v: _WorldBuilder(v).build(), "a route game's view of a seat")


class _WorldBuilder:
    """Reads one seat's view into an engine state, checking what it reads."""

    def __init__(self, view: View):
        self.view = view
        game = view["game"]
        info = game_info(game)  # ValueError for an unknown game
        if info.family != "routes" or game not in RULES:
            raise ValueError(f"{game!r} is not a route game")
        self.game: str = game
        self.rules: RoutesRules = RULES[game]
        self.board: Board = load_board(self.rules.board)
        self.entries: list[dict[str, Any]] = view["players"]
        self.players = len(self.entries)
        if not info.min_players <= self.players <= info.max_players:
            raise ValueError(f"{info.name} takes {info.min_players}-{info.max_players} "
                             f"players, not {self.players}")
        if [e["seat"] for e in self.entries] != list(range(self.players)):
            raise ValueError("the players are not listed seat by seat from 0")
        self.seat: int = whole(view["you"], "you")
        if self.seat >= self.players:
            raise ValueError(f"no seat {self.seat} in a {self.players}-player game")
        self.phase: str = view["phase"]
        if self.phase not in PHASES:
            raise ValueError(f"no phase {self.phase!r}")
        self.private: dict[str, Any] = view["private"]
        self.others = [s for s in range(self.players) if s != self.seat]

    def build(self) -> RoutesState:
        """The world: public fields, the seat's secrets, then the hidden deal."""
        world = RoutesState.__new__(RoutesState)
        world._setup(self.game, self.players, 0, self.rules, self.board)
        world.rng = random.Random(0)  # the real random source is hidden; determinize replaces it
        self._set_public(world)
        self._set_own(world)
        self._deal_cards(world)
        self._deal_tickets(world)
        world._legal_cache = {}  # drop what _setup derived from its own deal
        return world

    # --- public and own fields ------------------------------------------------

    def _set_public(self, world: RoutesState) -> None:
        view = self.view
        world.phase = self.phase
        world.turn = whole(view["turn"], "turn")
        world.current = self._current(world.turn)
        world.cards_drawn = whole(view["cards_drawn"], "cards_drawn")
        final = view["final_turns"]
        world.final_turns = None if final is None else whole(final, "final_turns")
        world.passes_in_row = whole(view["passes_in_row"], "passes_in_row")
        world.face_up = [None if c is None else self._train_card(c) for c in view["face_up"]]
        if len(world.face_up) != self.rules.face_up:
            raise ValueError(f"the face-up row has {self.rules.face_up} slots")
        world.discard = sorted(self._train_card(c) for c, n in _counts(view["discard_cards"])
                               for _ in range(n))
        world.claimed = self._claimed()
        world.trains = [whole(e["trains"], "trains") for e in self.entries]
        world.scores = [e["score"] for e in self.entries]
        self._check_claims_add_up(world)
        world.ferry_pile = (whole(view["ferry_pile"], "ferry_pile")
                            if self.rules.ferry_cards else 0)

    def _current(self, turn: int) -> int:
        """The seat playing; the view shows it only while the game is played.

        The setup is answered at once with the current seat at 0; every turn
        moves it on by one, except the last, which ends the game instead.
        """
        if self.phase == "play":
            current = whole(self.view["current"], "current")
            if current >= self.players:
                raise ValueError(f"no seat {current} to play")
            return current
        if self.phase == "over":
            return (turn - 1) % self.players
        return 0

    def _claimed(self) -> dict[int, int]:
        """Claimed track index -> owner, from the view's track ids."""
        claimed = {}
        for track_id, owner in self.view["routes"].items():
            track = self.board.track_by_id.get(track_id)
            if track is None:
                raise ValueError(f"there is no track {track_id!r} on this board")
            if whole(owner, "owner") >= self.players:
                raise ValueError(f"track {track_id!r} is held by no seat of the game")
            claimed[track.index] = owner
        return claimed

    def _check_claims_add_up(self, world: RoutesState) -> None:
        """Trains and scores follow from the claimed tracks alone; the view
        echoes them, so only this check catches a view that changed them."""
        trains = [self.rules.trains] * self.players
        scores = [0] * self.players
        for index, owner in world.claimed.items():
            trains[owner] -= self.board.tracks[index].length
            scores[owner] += world.tables.points[index]
        if world.trains != trains or world.scores != scores:
            raise ValueError("the trains or scores shown do not follow from the claimed routes")

    def _set_own(self, world: RoutesState) -> None:
        """The seat's hand, tickets and offer, as its private view shows them."""
        hand = {}
        for card, n in self.private["hand"].items():
            if card != FERRY or not self.rules.ferry_cards:
                self._train_card(card)
            if not whole(n, f"{card} cards"):
                raise ValueError(f"a hand lists {card} cards but holds none")
            hand[card] = n
        world.hands[self.seat] = hand
        world.tickets[self.seat] = [self._ticket_id(t) for t in self.private["tickets"]]
        offer = self.private["pending"]
        world.pending[self.seat] = (None if offer is None
                                    else [self._ticket_id(t) for t in offer["options"]])

    # --- the hidden deal ------------------------------------------------------

    def _deal_cards(self, world: RoutesState) -> None:
        """The unseen train cards, sorted: the other hands, then the deck."""
        pool = self._unseen_cards(world)
        counts = [whole(self.entries[s]["cards"], "cards") for s in self.others]
        deck = whole(self.view["deck"], "deck")
        if len(pool) != sum(counts) + deck:
            raise ValueError(f"{len(pool)} train cards are out of sight, but the view "
                             f"counts {sum(counts) + deck} in the deck and other hands")
        ferries = [self.entries[s].get("ferries", 0) for s in range(self.players)]
        if self.rules.ferry_cards and world.ferry_pile + sum(ferries) != self.rules.ferry_cards:
            raise ValueError(f"the ferry cards do not add up to {self.rules.ferry_cards}")
        for s, count in zip(self.others, counts, strict=True):
            hand = Counter(pool[:count])
            del pool[:count]
            if ferries[s]:
                hand[FERRY] = whole(ferries[s], "ferries")
            world.hands[s] = dict(hand)
        world.deck = pool

    def _unseen_cards(self, world: RoutesState) -> list[str]:
        """Every train card of the game less those in sight: the seat's hand,
        the face-up row and the discard."""
        unseen = Counter({c: self.rules.cards_per_color for c in self.board.colors})
        unseen[LOCOMOTIVE] = self.rules.locomotives
        seen = Counter(c for c in world.face_up if c is not None)
        seen.update(world.discard)
        seen.update({c: n for c, n in world.hands[self.seat].items() if c != FERRY})
        for card, n in seen.items():
            if n > unseen[card]:
                raise ValueError(f"the view shows {n} {card} cards; the game has {unseen[card]}")
            unseen[card] -= n
        return sorted(unseen.elements())

    def _deal_tickets(self, world: RoutesState) -> None:
        """The unseen tickets, sorted: other seats' tickets and offers, then the pile.

        Once the game is over the result has shown every seat's tickets.
        """
        if self.phase == "over":
            breakdown = self.view["result"]["breakdown"]
            for s in self.others:
                world.tickets[s] = [self._ticket_id(t) for t in breakdown[s]["tickets"]]
        pool = self._unseen_tickets(world)
        held = [0 if self.phase == "over" else whole(self.entries[s]["tickets"], "tickets")
                for s in self.others]
        offered = [whole(self.entries[s]["offered"], "offered") for s in self.others]
        pile = whole(self.view["tickets_deck"], "tickets_deck")
        if len(pool) != sum(held) + sum(offered) + pile:
            raise ValueError(f"{len(pool)} tickets are out of sight, but the view counts "
                             f"{sum(held) + sum(offered) + pile} in the pile and other seats")
        for s, n in zip(self.others, held, strict=True):
            if n:
                world.tickets[s] = pool[:n]
                del pool[:n]
        for s, n in zip(self.others, offered, strict=True):
            world.pending[s] = pool[:n] if n else None
            del pool[:n]
        world.ticket_deck = pool

    def _unseen_tickets(self, world: RoutesState) -> list[int]:
        """Every ticket id less those the seat holds, is offered or was shown."""
        seen = [t for s in range(self.players) for t in world.tickets[s]]
        seen += world.pending[self.seat] or ()
        if len(set(seen)) != len(seen):
            raise ValueError("the view shows a ticket twice")
        return sorted(set(range(len(self.board.tickets))) - set(seen))

    # --- reading single values -----------------------------------------------

    def _train_card(self, card: Any) -> str:
        if card != LOCOMOTIVE and card not in self.board.colors:
            raise ValueError(f"there is no {card!r} train card on this board")
        return card

    def _ticket_id(self, ticket: dict[str, Any]) -> int:
        index = whole(ticket["id"], "ticket id")
        if index >= len(self.board.tickets):
            raise ValueError(f"there is no ticket {index} on this board")
        return index


def _counts(value: Any) -> list[tuple[Any, int]]:
    """A {card: count} table as pairs, or ValueError."""
    if not isinstance(value, dict):
        raise ValueError(f"discard_cards must be a table of card counts, not {value!r}")
    return [(card, whole(n, f"the discard's count of {card!r}")) for card, n in value.items()]
