"""The route-building engine (`routes-usa`, `routes-italy`: boards are data and options).

Seats are numbered 0..players-1 and play in that order; seat 0 starts.

The package: board.py (the board data), tables.py (the tables of a board the
engine works from), payments.py (how a claim may be paid), scoring.py (the
longest route and the region bonus), actions.py (action shapes and their
checks), choices.py (legal actions), turn.py (applying actions, the end of a
turn), cards.py (the deck and the face-up row), networks.py (the tickets a
seat's tracks complete), views.py (views and the result), schema.py (what
a LAN client checks of them); this module holds the state, its first deal, its
derived data, the contract, copies and a seat's guess of the state.

Actions (dicts):
    {"type": "keep_tickets", "keep": [ticket id, ...]}   answer a ticket offer
    {"type": "draw_deck"}                                a face-down train card
    {"type": "draw_face_up", "slot": 0-4}                a face-up train card
    {"type": "claim", "track": id, "cards": {card: n}}   card: colour, "locomotive"
                                                         or "ferry"
    {"type": "draw_tickets"}                             take a ticket offer
    {"type": "draw_ferry"}                               a ferry card (boards with ferries)
    {"type": "pass"}                                     only when nothing else is legal

A turn is one of: two card draws (a face-up locomotive as the first card is
the whole turn); one claim; a ticket draw followed by its keep. At setup every
seat answers its first ticket offer at once (`to_act` holds them all).

Events (dicts; a secret sits under "private", seen only by "private_to"):
    tickets_offered {seat, count, private: {tickets}}
    tickets_kept    {seat, kept, returned, private: {tickets}}
    card_drawn      {seat, source: "deck"|"face_up", slot, card (face-up only),
                     private: {card} (deck only)}
    face_up_refilled {slot, card}       card None when no card was left
    face_up_reset   {discarded, face_up}  three or more face-up locomotives
    deck_reshuffled {cards}
    route_claimed   {seat, track, cards, points, trains_left}
    ferry_drawn     {seat}
    passed          {seat}
    final_round     {seat, trains}      every seat now plays one last turn
    turn_started    {seat}
    game_over       {result}

View (`view(seat)`; everything outside "private" is the same for everyone):
    game, phase ("setup"|"play"|"over"), current, to_act, turn, cards_drawn,
    deck, discard, discard_cards {card: count} (the discard pile: public, as
    every card in it was shown by a claim or a face-up reset),
    face_up [colour|"locomotive"|None]*5, tickets_deck,
    routes {track id: seat}, final_round, final_turns,
    passes_in_row (seats that passed in a row; all of them end the game),
    players [{seat, cards, tickets, trains, score, offered}]  (+ ferries, ferry_pile,
    region_table [[regions, points], ...] on boards with a region bonus)
    result (once over: the whole result, tickets revealed)
    you, private {hand {card: n}, tickets [{id, a, b, points, done}],
                  pending {kind: "keep_tickets", options: [ticket],
                           min, max} | None}
    (boards with ferry cards: players[i]["ferries"] and "ferry_pile"; the
    seat's own ferry cards are hand["ferry"]; "cards" counts train cards only)

Result: {scores, winners, breakdown, over}; a breakdown per seat holds
route_points, tickets (with done), tickets_done, ticket_points, longest,
longest_bonus, total, and with a region bonus (routes-italy) region_bonus
(the total), regions (regions joined by each separate network, largest first)
and region_points (the points of each of those networks).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.rules.base import (
    Action,
    Event,
    LazyRandom,
    forget_the_record,
    shallow_copy,
    shuffle,
)
from game.rules.routes.actions import SHAPES, ActionChecks, copy_action
from game.rules.routes.board import LOCOMOTIVE, Board, load_board
from game.rules.routes.cards import TrainCards
from game.rules.routes.choices import Choices
from game.rules.routes.networks import TicketNetworks
from game.rules.routes.payments import FERRY
from game.rules.routes.scoring import ITALY_REGION_TABLE
from game.rules.routes.tables import BoardTables, tables_for
from game.rules.routes.turn import CLAIMS_VERSIONS, TurnActions
from game.rules.routes.views import Views


@dataclass(frozen=True)
class RoutesRules:
    """The numbers and switches that differ between boards."""

    board: str
    cards_per_color: int = 12
    locomotives: int = 14
    hand_size: int = 4
    face_up: int = 5
    locomotive_reset: int = 3
    initial_tickets: int = 3
    initial_keep: int = 2
    draw_tickets: int = 3
    draw_keep: int = 1
    trains: int = 45
    end_trains: int = 2
    longest_bonus: int = 10
    ferry_cards: int = 0
    ferry_hold_limit: int = 2
    # Below this many players only one track of a double/triple set is usable.
    all_parallel_from: int = 4
    shuffle_initial_returns: bool = False
    # Region bonus at the end, per separate network: (regions, points) rows;
    # empty for no bonus. See scoring.region_bonus.
    region_table: tuple[tuple[int, int], ...] = ()


RULES: dict[str, RoutesRules] = {
    "routes-usa": RoutesRules(board="usa"),
    # Seed 002: five tickets, keep three; draw four, keep one; ten ferry cards
    # in their own pile; no longest-route bonus; the region bonus instead.
    "routes-italy": RoutesRules(
        board="italy", initial_tickets=5, initial_keep=3, draw_tickets=4,
        longest_bonus=0, ferry_cards=10, shuffle_initial_returns=True,
        region_table=ITALY_REGION_TABLE),
}


class RoutesState(LazyRandom, ActionChecks, Choices, TurnActions, TrainCards,
                  TicketNetworks, Views):
    """One game of a route-building board. Create with `game.rules.create`."""

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, game_id: str, players: int, seed: int, **options: Any) -> RoutesState:
        if options:
            raise ValueError(f"{game_id} has no options {', '.join(sorted(options))}")
        rules = RULES[game_id]
        state = cls.__new__(cls)
        state._setup(game_id, players, seed, rules, load_board(rules.board))
        return state

    def _setup(self, game_id: str, players: int, seed: int, rules: RoutesRules,
               board: Board) -> None:
        self.game_id = game_id
        self.players = players
        self.seed = seed
        self.rules = rules
        self.board = board
        self.tables: BoardTables = tables_for(board)
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []
        deck = [c for c in board.colors for _ in range(rules.cards_per_color)]
        deck += [LOCOMOTIVE] * rules.locomotives
        self.rng.shuffle(deck)
        self.deck: list[str] = deck  # top of the deck is the end of the list
        self.discard: list[str] = []
        self.hands: list[dict[str, int]] = [{} for _ in range(players)]
        for hand in self.hands:
            for _ in range(rules.hand_size):
                card = self.deck.pop()
                hand[card] = hand.get(card, 0) + 1
        self.face_up: list[str | None] = [None] * rules.face_up
        for slot in range(rules.face_up):
            self.face_up[slot] = self._take_top([])
        self._check_locomotive_reset([])
        self.ferry_pile = rules.ferry_cards
        tickets = list(range(len(board.tickets)))
        self.rng.shuffle(tickets)
        self.ticket_deck: list[int] = tickets  # top is the front
        self.tickets: list[list[int]] = [[] for _ in range(players)]
        self.pending: list[list[int] | None] = []
        for _ in range(players):
            self.pending.append(self.ticket_deck[:rules.initial_tickets])
            del self.ticket_deck[:rules.initial_tickets]
        self.claimed: dict[int, int] = {}
        self.trains = [rules.trains] * players
        self.scores = [0] * players
        self.phase = "setup"
        self.current = 0
        self.cards_drawn = 0
        self.final_turns: int | None = None
        self.turn = 0
        self.passes_in_row = 0
        self._legal_cache = {}

    # --- derived data -------------------------------------------------------
    # The fields above are the whole state. The engine also keeps data derived
    # from them: the legal actions of the position (dropped at every apply);
    # per seat, the tracks it may no longer claim (kept up to date by claims)
    # and which of its tickets its tracks complete (brought up to date by a
    # claim of that seat, dropped by its ticket choice), with the union-find
    # of its networks (joined by its claims; a copy gets its own copy); the
    # claimed routes as the view shows them (dropped by a claim). Code that
    # sets fields directly, as tests do, resets them all by assigning
    # `state._legal_cache = {}`.

    @property
    def _legal_cache(self) -> dict[int, list[Action]]:
        return self._legal

    @_legal_cache.setter
    def _legal_cache(self, value: dict[int, list[Action]]) -> None:
        self._legal = value
        # a number for the claimed tracks as they stand, never given to
        # others (a new one with every claim; copies share it until then):
        # a planner knows its graph by it
        self.claims_version = next(CLAIMS_VERSIONS)
        self._blocked_masks: list[int] | None = None
        # seat -> its tickets as status dicts (`_ticket_dicts`), until it
        # keeps tickets or one of them is done
        self._tickets_done: dict[int, list[dict[str, Any]]] = {}
        self._routes_view: dict[str, int] | None = None
        # seat -> the union-find of its networks (node -> a node nearer its
        # network's root), once asked for; a claim of the seat's joins it
        self._networks: dict[int, dict[int, int]] = {}

    def _blocked(self) -> list[int]:
        """Per seat, the tracks (scan-order bits) it cannot claim: claimed ones, and
        the rest of a parallel set it holds a track of (or, with fewer than
        `all_parallel_from` players, that anyone holds a track of)."""
        masks = self._blocked_masks
        if masks is None:
            masks = self._blocked_masks = [0] * self.players
            for index, owner in self.claimed.items():
                self._block(index, owner)
        return masks

    def _block(self, index: int, owner: int) -> None:
        masks = self._blocked_masks
        if masks is None:
            return
        whole_set = self.tables.set_masks[index]
        if self.players < self.rules.all_parallel_from:
            for s in range(self.players):
                masks[s] |= whole_set
        else:
            bit = self.tables.scan[index]
            for s in range(self.players):
                masks[s] |= whole_set if s == owner else bit

    def clone(self) -> RoutesState:
        other = shallow_copy(self)
        self.share_rng(other)
        other.history = list(self.history)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.hands = list(map(dict, self.hands))
        other.face_up = list(self.face_up)
        other.ticket_deck = list(self.ticket_deck)
        other.tickets = list(map(list, self.tickets))
        other.pending = [None if p is None else list(p) for p in self.pending]
        other.claimed = dict(self.claimed)
        other.trains = list(self.trains)
        other.scores = list(self.scores)
        other._legal = {}
        masks = self._blocked_masks
        other._blocked_masks = None if masks is None else list(masks)
        other._tickets_done = dict(self._tickets_done)  # its lists are never changed
        # changed in place (joined, paths halved): each state its own copy
        other._networks = {s: dict(p) for s, p in self._networks.items()}
        return other

    # --- the contract -------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "setup":
            return tuple(s for s in range(self.players) if self.pending[s] is not None)
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def _may_act(self, seat: int) -> bool:
        """`seat in self.to_act`, for a seat of the game, without building the tuple."""
        phase = self.phase
        if phase == "play":
            return seat == self.current
        return phase == "setup" and self.pending[seat] is not None

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of `seat` now: a fresh list, but its dicts are
        shared (with later calls and other states): treat them as read-only."""
        if type(seat) is not int:  # a bool or a stranger is no seat (True == 1)
            if not isinstance(seat, int) or isinstance(seat, bool):
                return []
            seat = int(seat)
        cached = self._legal.get(seat)
        if cached is None:
            if not 0 <= seat < self.players or not self._may_act(seat):
                return []
            cached = self._legal[seat] = self._compute_legal(seat)
        return list(cached)

    def apply(self, seat: int, action: Action) -> list[Event]:
        kind = self._quick_kind(seat, action) or self._check_shape(seat, action)
        events: list[Event] = []
        _HANDLERS[kind](self, seat, action, events)  # validates before it changes anything
        self.history.append((seat, copy_action(action)))
        if self._legal:  # (a rollout seldom lists them: no new dict then)
            self._legal = {}
        return events

    def advance_legal(self, seat: int, action: Action) -> None:
        """`apply` for a move the caller read from this state as legal for
        `seat` (a bot's rollout: a claim `legal_claims` listed, a draw the
        state allows): the same change of state and refusals of the move
        itself, without checking the action's shape and the turn again,
        handing back no events, and the record keeps `action` itself, not
        a copy (the caller must not change it afterwards)."""
        _HANDLERS[action["type"]](self, seat, action, [])
        self.history.append((seat, action))
        if self._legal:
            self._legal = {}

    # --- a seat's guess -----------------------------------------------------

    def determinize(self, seat: int, rng: random.Random) -> RoutesState:
        """A state `seat` cannot tell from this one: hidden cards and tickets re-dealt.

        Hidden train cards are the deck and the other hands (counts kept);
        hidden tickets are the ticket pile and the other seats' tickets and
        offers. The discard is public (every claim shows its cards), its
        order not: it comes out sorted. The seed
        and the action record are not carried over (they would tell the real deal).
        """
        other = self.clone()
        others = [s for s in range(self.players) if s != seat]
        pool = list(self.deck)
        for s in others:
            for card, n in self.hands[s].items():
                if card != FERRY:
                    pool.extend([card] * n)
        pool.sort()  # canonical: the deal depends on the seat's view and rng only
        shuffle(pool, rng)
        for s in others:
            count = sum(n for c, n in self.hands[s].items() if c != FERRY)
            hand: dict[str, int] = {}
            if self.hands[s].get(FERRY):
                hand[FERRY] = self.hands[s][FERRY]
            for card in pool[:count]:
                hand[card] = hand.get(card, 0) + 1
            del pool[:count]
            other.hands[s] = hand
        other.deck = pool
        # the discard's order is no one's to see: canonical (a reshuffle in
        # the guess shuffles it with the guess's own rng anyway)
        other.discard = sorted(self.discard)
        if self.phase == "over":
            # the result has revealed every ticket held; the pile stays hidden
            pile = sorted(self.ticket_deck)
            shuffle(pile, rng)
            other.ticket_deck = pile
            other.seed_rng(rng.getrandbits(64))
            forget_the_record(other, rng)
            return other
        tickets = list(self.ticket_deck)
        for s in others:
            tickets.extend(self.tickets[s])
            tickets.extend(self.pending[s] or ())
        tickets.sort()
        shuffle(tickets, rng)
        for s in others:
            n = len(self.tickets[s])
            other.tickets[s] = tickets[:n]
            del tickets[:n]
            if self.pending[s] is not None:
                n = len(self.pending[s])
                other.pending[s] = tickets[:n]
                del tickets[:n]
        other.ticket_deck = tickets
        other._tickets_done = {s: d for s, d in self._tickets_done.items() if s == seat}
        other.seed_rng(rng.getrandbits(64))
        forget_the_record(other, rng)
        return other


_HANDLERS = {kind: getattr(RoutesState, f"_do_{kind}") for kind in SHAPES}
