"""The route-building engine (`routes-usa`, `routes-italy`: boards are data and options).

Seats are numbered 0..players-1 and play in that order; seat 0 starts.

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

import itertools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Any

from game.rules.base import (
    Action,
    Event,
    IllegalAction,
    LazyRandom,
    View,
    forget_the_record,
    shallow_copy,
    shuffle,
)
from game.rules.routes.board import LOCOMOTIVE, Board, Track, load_board
from game.rules.routes.payments import FERRY, payment_options, payment_problem
from game.rules.routes.scoring import (
    ITALY_REGION_TABLE,
    longest_route,
    region_bonus,
    region_points,
)
from game.rules.routes.tables import BoardTables, ClaimGroup, tables_for
from game.rules.words import N_, Nn_


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

SHAPES: dict[str, dict[str, type]] = {
    "keep_tickets": {"keep": list},
    "draw_deck": {},
    "draw_face_up": {"slot": int},
    "claim": {"track": str, "cards": dict},
    "draw_tickets": {},
    "draw_ferry": {},
    "pass": {},
}


class RoutesState(LazyRandom):
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
        self.claims_version = next(_CLAIMS_VERSIONS)
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
        self.history.append((seat, _copy_action(action)))
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

    def view(self, seat: int | None) -> View:
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        players = []
        for s in range(self.players):
            entry = {
                "seat": s,
                "cards": sum(n for c, n in self.hands[s].items() if c != FERRY),
                "tickets": len(self.tickets[s]),
                "trains": self.trains[s],
                "score": self.scores[s],
                "offered": len(self.pending[s] or ()),
            }
            if self.rules.ferry_cards:
                entry["ferries"] = self.hands[s].get(FERRY, 0)
            players.append(entry)
        view: View = {
            "game": self.game_id,
            "board": self.board.name,
            "phase": self.phase,
            "current": self.current if self.phase == "play" else None,
            "to_act": list(self.to_act),
            "turn": self.turn,
            "cards_drawn": self.cards_drawn,
            "deck": len(self.deck),
            "discard": len(self.discard),
            "discard_cards": dict(sorted(Counter(self.discard).items())),
            "face_up": list(self.face_up),
            "tickets_deck": len(self.ticket_deck),
            "routes": dict(self._routes_view or self._claimed_routes()),
            "final_round": self.final_turns is not None,
            "final_turns": self.final_turns,
            "passes_in_row": self.passes_in_row,
            "players": players,
            "you": seat,
            "private": {},
        }
        if self.rules.ferry_cards:
            view["ferry_pile"] = self.ferry_pile
        if self.rules.region_table:
            view["region_table"] = [list(row) for row in self.rules.region_table]
        if self.phase == "over":
            view["result"] = self.result()
        if seat is not None:
            view["private"] = self._private(seat)
        return view

    def planning_view(self, seat: int) -> View:
        """The part of `view(seat)` a planning bot reads, built cheaply for
        the search's rollouts (one a move, on the bot's own guessed state):
        game, board, you, private, cards_drawn, face_up, routes, final_round,
        region_table as the view has them, and per seat only its trains;
        "planning" is True. Its lists and dicts may be the state's own:
        read-only, and stale after the next action (the routes dict is
        replaced by a claim, never changed, so the planner may know it
        again by identity)."""
        if self._routes_view is None:
            self._claimed_routes()
        offer = self.pending[seat]
        view: View = {
            "game": self.game_id,
            "board": self.board.name,
            "you": seat,
            "private": {
                "hand": self.hands[seat],
                "tickets": self._ticket_dicts(seat),
                "pending": None if offer is None else self._pending_view(seat, offer),
            },
            "cards_drawn": self.cards_drawn,
            "face_up": self.face_up,
            "routes": self._routes_view,
            "final_round": self.final_turns is not None,
            "players": [{"trains": trains} for trains in self.trains],
            "planning": True,
        }
        if self.rules.region_table:
            view["region_table"] = self.rules.region_table
        return view

    def result(self) -> dict[str, Any]:
        """Scores and their breakdown (provisional until the game is over).

        Once the game is over nothing can change it, so it is computed once
        and shared by every later call and view: treat it as read-only.
        """
        if self.phase == "over":
            final = self.__dict__.get("_final_result")
            if final is None:
                final = self._final_result = self._compute_result()
            return final
        return self._compute_result()

    def _compute_result(self) -> dict[str, Any]:
        breakdown = [self._score_seat(s) for s in range(self.players)]
        if self.rules.longest_bonus:
            best = max(b["longest"] for b in breakdown)
            for b in breakdown:
                tied = best and b["longest"] == best
                b["longest_bonus"] = self.rules.longest_bonus if tied else 0
                b["total"] += b["longest_bonus"]
        scores = [b["total"] for b in breakdown]

        def rank(s: int) -> tuple[int, int, int]:
            b = breakdown[s]
            return (b["total"], b["tickets_done"], b["longest_bonus"])

        top = max(rank(s) for s in range(self.players))
        winners = [s for s in range(self.players) if rank(s) == top]
        return {"scores": scores, "winners": winners, "breakdown": breakdown,
                "over": self.is_over}

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

    # --- legal actions ------------------------------------------------------

    def legal_claiming_only(self, seat: int, tracks: list[Track]) -> list[Action]:
        """`legal_actions(seat)` less the claims of any track not in `tracks`,
        in the same order: for a planner in a rollout that will look at no
        other claim (working out every payment of every claim was a quarter
        of a North America rollout)."""
        if self._legal.get(seat) is None and type(seat) is int \
                and 0 <= seat < self.players and self._may_act(seat):
            scan = self.tables.scan
            only = 0
            for track in tracks:
                only |= scan[track.index]
            out = self._compute_legal(seat, only)
            if out[0] is not _PASS:  # else the claims left out may be all there is
                return out
        keep = {t.id for t in tracks}
        return [a for a in self.legal_actions(seat) if a["type"] != "claim" or a["track"] in keep]

    def legal_claims(self, seat: int, tracks: list[Track] | None = None) -> list[Action]:
        """The claims in `legal_actions(seat)` (of `tracks` only, when given),
        in the same order: a planner in a rollout picks its move without
        listing every legal action. Empty unless `seat` is starting its turn
        of play (only then may it claim)."""
        if (self.phase != "play" or type(seat) is not int or seat != self.current
                or self.cards_drawn or self.pending[seat] is not None):
            return []
        only = -1
        if tracks is not None:
            scan = self.tables.scan
            only = 0
            for track in tracks:
                only |= scan[track.index]
        out: list[Action] = []
        self._add_claims(seat, out, only)
        return out

    def may_draw_ferry(self, seat: int) -> bool:
        """Whether the rules let `seat` take a ferry card (when it may start a turn)."""
        return self._can_draw_ferry(seat)

    def _compute_legal(self, seat: int, only: int = -1) -> list[Action]:
        offer = self.pending[seat]
        if offer is not None:
            low = self._min_keep(seat)
            return [{"type": "keep_tickets", "keep": list(keep)}
                    for k in range(len(offer), low - 1, -1)
                    for keep in combinations(sorted(offer), k)]
        out: list[Action] = []
        second = self.cards_drawn == 1
        if self.deck or self.discard:  # else no train card may be drawn
            draws = _face_up_draws(len(self.face_up))
            for slot, card in enumerate(self.face_up):
                if card is not None and not (second and card == LOCOMOTIVE):
                    out.append(draws[slot])
            out.append(_DRAW_DECK)
        if second:
            return out
        if self.ticket_deck:
            out.append(_DRAW_TICKETS)
        if self._can_draw_ferry(seat):
            out.append(_DRAW_FERRY)
        self._add_claims(seat, out, only)
        return out or [_PASS]

    def _add_claims(self, seat: int, out: list[Action], only: int = -1) -> None:
        """Append every claim `seat` can make, with each payment it can make.

        First a bitmask of the tracks worth a look: per colour, those no
        longer than the seat's cards could cover (and its trains), less the
        tracks it may not claim. Its bits, lowest first, meet the tracks in
        listing order (tables: scan order), a group of one colour and length
        at a time. A coloured group's claims depend on two capped counts of
        the hand and on which of its tracks are open, so they are memoized
        per group; a gray group's payments depend on every colour, so they
        are worked out per call.
        """
        tables = self.tables
        get = self.hands[seat].get
        counts = [get(c, 0) for c in tables.colors]
        locos = get(LOCOMOTIVE, 0)
        ferry_cards = get(FERRY, 0)
        top = self.trains[seat]
        if top > tables.longest:
            top = tables.longest
        reach = 0
        for have, by_limit in zip(counts, tables.color_reach):  # noqa: B905 (same length)
            limit = have + locos  # a coloured track has no wave spaces for ferry cards
            reach |= by_limit[limit if limit < top else top]
        # a ferry card covers up to two wave spaces (only gray tracks have them)
        limit = max(counts) + locos + 2 * ferry_cards
        reach |= tables.gray_reach[limit if limit < top else top]
        todo = reach & ~(self._blocked_masks or self._blocked())[seat] & only
        group_at = tables.group_at
        while todo:
            group = group_at[(todo & -todo).bit_length() - 1]
            open_bits = todo & group.mask
            todo ^= open_bits
            if group.slot < 0:
                self._add_gray_claims(group, open_bits, counts, locos, ferry_cards, out)
                continue
            length = group.length
            have = counts[group.slot]
            key = (have if have < length else length, locos if locos < length else length,
                   open_bits)
            claims = group.claims.get(key)
            if claims is None:
                claims = self._group_claims(group, open_bits, counts, locos, key)
            out += claims

    def _group_claims(self, group: ClaimGroup, open_bits: int, counts: list[int], locos: int,
                      key: tuple[int, int, int]) -> tuple[Action, ...]:
        """Build and memoize the claims of a coloured group's open tracks for a hand.

        A coloured track has no wave spaces, so ferry cards play no part.
        """
        tracks, colors = self.board.tracks, self.tables.colors
        claims = tuple(
            {"type": "claim", "track": track_id, "cards": pay}
            for index, bit, track_id, _ in group.members if open_bits & bit
            for pay in payment_options(tracks[index], group.slot, counts, locos, 0, colors))
        group.claims[key] = claims
        return claims

    def _add_gray_claims(self, group: ClaimGroup, open_bits: int, counts: list[int],
                         locos: int, ferry_cards: int, out: list[Action]) -> None:
        tracks, colors = self.board.tracks, self.tables.colors
        if group.same_waves:  # one set of payments for the whole group
            options = payment_options(tracks[group.members[0][0]], -1, counts, locos,
                                      ferry_cards, colors)
            if options:
                out += [{"type": "claim", "track": track_id, "cards": pay}
                        for track_id in group.open_ids(open_bits) for pay in options]
            return
        for index, bit, track_id, _ in group.members:
            if open_bits & bit:
                out += [{"type": "claim", "track": track_id, "cards": pay}
                        for pay in payment_options(tracks[index], -1, counts, locos,
                                                   ferry_cards, colors)]

    def _min_keep(self, seat: int) -> int:
        offered = len(self.pending[seat] or ())
        wanted = self.rules.initial_keep if self.phase == "setup" else self.rules.draw_keep
        return min(wanted, offered)

    def _can_draw_ferry(self, seat: int) -> bool:
        return (self.rules.ferry_cards > 0 and self.ferry_pile > 0
                and self.hands[seat].get(FERRY, 0) < self.rules.ferry_hold_limit)

    def _claim_problem(self, seat: int, track: Track) -> IllegalAction | None:
        if track.index in self.claimed:
            return IllegalAction(N_("{a}-{b} is already claimed"), a=track.a, b=track.b)
        if self.trains[seat] < track.length:
            return IllegalAction(N_("{a}-{b} needs {length} trains; you have {left} left"),
                                 a=track.a, b=track.b, length=track.length,
                                 left=self.trains[seat])
        for sibling in self.board.parallel[track.id]:
            owner = self.claimed.get(sibling)
            if owner is None:
                continue
            if owner == seat:
                return IllegalAction(N_("you already hold a track between {a} and {b}"),
                                     a=track.a, b=track.b)
            if self.players < self.rules.all_parallel_from:
                return IllegalAction(N_("with {players} players only one track between {a} "
                                        "and {b} can be used, and it is taken"),
                                     players=self.players, a=track.a, b=track.b)
        return None

    # --- validation ---------------------------------------------------------

    def _quick_kind(self, seat: Any, action: Any) -> str | None:
        """The action's type when `_check_shape` surely passes it: a move of
        the seat whose turn it is, of exact types (a rollout's every move);
        None sends anything else to the full check and its refusal."""
        if type(action) is not dict or type(seat) is not int or seat != self.current \
                or self.phase != "play":
            return None
        kind = action.get("type")
        quick = _QUICK_SHAPES.get(kind) if type(kind) is str else None
        if quick is None or len(action) != quick[0]:
            return None
        for key, typ in quick[1]:
            if type(action.get(key)) is not typ:
                return None
        if self.pending[seat] is not None and kind != "keep_tickets" \
                or self.cards_drawn and not quick[2] or kind == "pass":
            return None
        return kind

    def _check_shape(self, seat: Any, action: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(N_("there is no seat {seat} in this game"), seat=repr(seat))
        if not isinstance(action, dict):
            raise IllegalAction(N_("an action must be a dict with a 'type'"))
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in SHAPES:
            raise IllegalAction(N_("unknown action type {kind}; actions are {kinds}"),
                                kind=repr(kind), kinds=list(SHAPES))
        shape = SHAPES[kind]
        # "type" plus exactly the shape's keys (the quick test; the message
        # below is only built for a wrong action)
        if action.keys() != _SHAPE_KEYS[kind]:
            keys = set(action) - {"type"}
            missing, extra = set(shape) - keys, keys - set(shape)
            raise IllegalAction(N_("'{kind}' action: missing {missing}; unexpected {extra}"),
                                kind=kind, missing=sorted(missing) or "-",
                                extra=sorted(map(str, extra)) or "-")
        for key, typ in shape.items():
            value = action[key]
            if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
                raise IllegalAction(N_("'{kind}' action: '{key}' must be a {type}"),
                                    kind=kind, key=key, type=typ.__name__)
        if self.phase == "over":
            raise IllegalAction(N_("the game is over"), "over")
        if not self._may_act(seat):
            if self.phase == "setup":
                raise IllegalAction(N_("you have already chosen your tickets; "
                                       "waiting for the others"))
            raise IllegalAction(N_("it is not your turn (seat {seat} is playing)"),
                                "not_your_turn", seat=self.current + 1)
        if self.pending[seat] is not None and kind != "keep_tickets":
            raise IllegalAction(N_("choose which tickets to keep first"))
        if self.cards_drawn and kind not in ("draw_deck", "draw_face_up"):
            raise IllegalAction(N_("you took one train card: take your second card"))
        if kind == "pass" and self.legal_actions(seat) != [{"type": "pass"}]:
            raise IllegalAction(N_("you can still act, so you cannot pass"))
        return kind

    # --- actions ------------------------------------------------------------

    def _do_keep_tickets(self, seat: int, action: Action, events: list[Event]) -> None:
        offer = self.pending[seat]
        if offer is None:
            raise IllegalAction(N_("you have no tickets to choose from"))
        keep = action["keep"]
        if not all(isinstance(t, int) and not isinstance(t, bool) for t in keep):
            raise IllegalAction(N_("'keep' lists ticket ids (whole numbers)"))
        if len(set(keep)) != len(keep):
            raise IllegalAction(N_("a ticket is listed twice"))
        strangers = [t for t in keep if t not in offer]
        if strangers:
            raise IllegalAction(Nn_("ticket {tickets} is not among those offered to you",
                                    "tickets {tickets} are not among those offered to you"),
                                tickets=strangers, count=len(strangers))
        low = self._min_keep(seat)
        if len(keep) < low:
            raise IllegalAction(N_("keep at least {low} of the {offered} tickets"),
                                low=low, offered=len(offer))
        returned = [t for t in offer if t not in keep]
        self.ticket_deck.extend(returned)  # to the bottom of the pile
        if self.phase == "setup" and self.rules.shuffle_initial_returns:
            # Every seat's returns are gathered and shuffled together under the
            # pile. Nobody draws during the setup, so the returns so far are
            # the tail past the undealt pile; shuffling that tail again at each
            # answer leaves all of them in one uniformly shuffled block.
            undealt = len(self.board.tickets) - self.players * self.rules.initial_tickets
            tail = self.ticket_deck[undealt:]
            self.rng.shuffle(tail)
            self.ticket_deck[undealt:] = tail
        self.tickets[seat].extend(sorted(keep))
        self._tickets_done.pop(seat, None)
        self.pending[seat] = None
        events.append({"type": "tickets_kept", "seat": seat, "kept": len(keep),
                       "returned": len(returned), "private_to": seat,
                       "private": {"tickets": [self._ticket(t) for t in sorted(keep)]}})
        if self.phase == "setup":
            if all(p is None for p in self.pending):
                self.phase = "play"
                self.current = 0
                events.append({"type": "turn_started", "seat": 0})
        else:
            self._end_turn(events)

    def _do_draw_deck(self, seat: int, action: Action, events: list[Event]) -> None:
        deck = self.deck
        if deck:
            card = deck.pop()
        elif self.discard:
            card = self._take_top(events)  # the discard reshuffled
            assert card is not None
        else:
            raise IllegalAction(N_("the deck and the discard are both empty: "
                                   "no train card can be drawn"))
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1
        events.append({"type": "card_drawn", "seat": seat, "source": "deck",
                       "private_to": seat, "private": {"card": card}})
        self._after_card(events, turn_over=False)

    def _do_draw_face_up(self, seat: int, action: Action, events: list[Event]) -> None:
        if not (self.deck or self.discard):
            raise IllegalAction(N_("the deck and the discard are both empty: "
                                   "no train card can be drawn, not even a face-up one"))
        slot = action["slot"]
        if not 0 <= slot < len(self.face_up) or self.face_up[slot] is None:
            raise IllegalAction(N_("there is no face-up card in slot {slot}"), slot=slot)
        card = self.face_up[slot]
        assert card is not None
        if card == LOCOMOTIVE and self.cards_drawn:
            raise IllegalAction(N_("a face-up locomotive can only be your first card"))
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1
        events.append({"type": "card_drawn", "seat": seat, "source": "face_up",
                       "slot": slot, "card": card})
        new = self.face_up[slot] = self._take_top(events)
        events.append({"type": "face_up_refilled", "slot": slot, "card": new})
        if self.face_up.count(LOCOMOTIVE) >= self.rules.locomotive_reset:
            self._check_locomotive_reset(events)
        self._after_card(events, turn_over=card == LOCOMOTIVE)

    def _after_card(self, events: list[Event], turn_over: bool) -> None:
        """A card drawn: the second ends the turn, as does the first when it
        ends the turn itself (a face-up locomotive) or no other is left to
        draw (seed 000: with the deck and the discard both empty nobody may
        draw a train card, the face-up row included)."""
        drawn = self.cards_drawn = self.cards_drawn + 1
        if turn_over or drawn >= 2 or not (self.deck or self.discard):
            self._end_turn(events)

    def _do_draw_tickets(self, seat: int, action: Action, events: list[Event]) -> None:
        if not self.ticket_deck:
            raise IllegalAction(N_("no destination tickets are left"))
        offer = self.ticket_deck[:self.rules.draw_tickets]
        del self.ticket_deck[:self.rules.draw_tickets]
        self.pending[seat] = offer
        events.append({"type": "tickets_offered", "seat": seat, "count": len(offer),
                       "private_to": seat,
                       "private": {"tickets": [self._ticket(t) for t in offer]}})

    def _do_draw_ferry(self, seat: int, action: Action, events: list[Event]) -> None:
        if not self.rules.ferry_cards:
            raise IllegalAction(N_("this board has no ferry cards"))
        if self.ferry_pile <= 0:
            raise IllegalAction(N_("no ferry cards are left"))
        if self.hands[seat].get(FERRY, 0) >= self.rules.ferry_hold_limit:
            raise IllegalAction(N_("you hold {limit} ferry cards, the most allowed"),
                                limit=self.rules.ferry_hold_limit)
        self.ferry_pile -= 1
        self._gain(seat, FERRY)
        events.append({"type": "ferry_drawn", "seat": seat})
        self._end_turn(events)

    def _do_claim(self, seat: int, action: Action, events: list[Event]) -> None:
        track = self.board.track_by_id.get(action["track"])
        if track is None:
            raise IllegalAction(N_("there is no route {track} on this board"),
                                track=repr(action["track"]))
        index = track.index
        tables = self.tables
        problem = self._claim_problem(seat, track)
        if problem:
            raise problem
        cards = action["cards"]
        hand = self.hands[seat]
        known = tables.card_names
        for card, n in cards.items():
            if type(n) is not int or n <= 0 or card not in known or hand.get(card, 0) < n:
                self._check_cards(hand, cards)  # refuses, as it finds the first problem
                break
        paid = (index, *cards.items())
        fits = tables.fits
        if paid not in fits:
            problem = payment_problem(track, cards, self.board.colors)
            if problem:
                raise problem
            if len(fits) >= FITS_KEPT:
                fits.clear()
            fits.add(paid)
        discard = self.discard
        for card, n in cards.items():
            left = hand[card] - n
            if left:
                hand[card] = left
            else:
                del hand[card]
            if card == FERRY:
                self.ferry_pile += n  # ferry cards go back to their own pile
            else:
                discard += [card] * n
        self.claimed[index] = seat
        self.claims_version = next(_CLAIMS_VERSIONS)
        self._block(index, seat)
        self._routes_view = None
        self._join_claim(seat, index)
        trains = self.trains[seat] = self.trains[seat] - track.length
        points = tables.points[index]
        self.scores[seat] += points
        events.append({"type": "route_claimed", "seat": seat, "track": track.id,
                       "cards": dict(cards), "points": points, "trains_left": trains})
        if None in self.face_up:
            self._fill_empty_face_up(events)
        self._end_turn(events)

    def _check_cards(self, hand: dict[str, int], cards: dict[Any, Any]) -> None:
        """Refuse cards of no such name, a count that is no positive whole
        number, or more cards than the hand holds (the first found, in the
        order of these checks)."""
        known = self.tables.card_names
        for card, n in cards.items():
            if card not in known:
                raise IllegalAction(N_("there is no {card} card"), card=repr(card))
            if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
                raise IllegalAction(N_("the count of {card} cards must be a positive whole "
                                       "number"), card=card)
        for card, n in cards.items():
            if hand.get(card, 0) < n:
                raise IllegalAction(Nn_("you hold {count} {card} card, not {asked}",
                                        "you hold {count} {card} cards, not {asked}"),
                                    count=hand.get(card, 0), card=card, asked=n)

    def _join_claim(self, seat: int, index: int) -> None:
        """A claim of the seat's joins its networks (when kept) and brings its
        kept tickets' status up to date: a ticket done stays done, so only
        the others are looked at, and the list is replaced only when one of
        them is now done (planners know it by identity)."""
        networks = self._networks.get(seat)
        if networks is None:
            self._tickets_done.pop(seat, None)  # worked out afresh when asked
            return
        joined = _join(networks, *self.tables.ends[index])
        known = self._tickets_done.get(seat)
        if known is None:
            return
        if [ticket["id"] for ticket in known] != self.tickets[seat]:  # set from outside
            del self._tickets_done[seat]
            return
        # a ticket not done yet is done now only through the network the
        # claim is in: both its ends must be in it
        ticket_ends = self.tables.ticket_ends
        fresh = None
        for i, ticket in enumerate(known):
            if not ticket["done"]:
                ends_a, ends_b = ticket_ends[ticket["id"]]
                if _in_network(networks, joined, ends_a) and _in_network(networks, joined, ends_b):
                    if fresh is None:
                        fresh = self._tickets_done[seat] = list(known)
                    fresh[i] = {**ticket, "done": True}

    def _do_pass(self, seat: int, action: Action, events: list[Event]) -> None:
        events.append({"type": "passed", "seat": seat})
        self.passes_in_row += 1
        self._end_turn(events, passed=True)

    # --- card handling ------------------------------------------------------

    def _gain(self, seat: int, card: str) -> None:
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1

    def _take_top(self, events: list[Event]) -> str | None:
        """The top card of the deck, reshuffling the discard into it when empty."""
        deck = self.deck
        if deck:
            return deck.pop()
        if not self.discard:
            return None
        deck = self.deck = self.discard
        self.discard = []
        self.rng.shuffle(deck)
        events.append({"type": "deck_reshuffled", "cards": len(deck)})
        return deck.pop()

    def _check_locomotive_reset(self, events: list[Event]) -> None:
        """Three or more face-up locomotives: discard all five and deal five new.

        The seed resets again as long as the new row has three. A deck that
        cannot avoid it would reset forever, so a reset happens only while it
        can help: while the cards a new row is dealt from (the deck, and the
        discard that a reshuffle would bring back, which by then holds this
        row too) could still make a row of fewer locomotives.

        Why the loop ends. Say n cards are dealt from, k of them not
        locomotives: a new row holds min(5, n) cards, so at least
        min(5, n) - k locomotives, and a reset happens only while that bound
        is below three. If n <= 5 the new row is all n cards: n - k < 3
        locomotives, and the loop stops after that reset. If n > 5 (so k >= 3):
        - with no reshuffle, each reset takes five cards off a finite deck,
          so a reshuffle comes within n / 5 resets;
        - a reshuffle puts the pile in a uniformly random order, each order
          with a chance above zero; the row being dealt keeps the r < 5
          cards the old deck gave it. If those hold at most two locomotives,
          some order completes that row with three other cards. If not, at
          most one of them is another card, so the pile holds at least two,
          and some order puts them among the deck's last n mod 5 cards, which
          begin the row dealt at the next reshuffle: at most two locomotives
          there, and that row can be completed well;
        - so the resets are a finite Markov chain in which, from every
          position where a reset can help, a good row comes within two
          reshuffles (about 2n / 5 resets) with a chance above zero: they stop
          with probability one, and the count of resets has a geometric tail.
        With the scarcest cards (3 others, 14 locomotives) that is about 70
        resets on average; nothing about it depends on a fixed cap.
        """
        reset_at = self.rules.locomotive_reset
        while self.face_up.count(LOCOMOTIVE) >= reset_at:
            if not self._reset_can_help():
                return
            discarded = [c for c in self.face_up if c is not None]
            self.discard.extend(discarded)
            self.face_up = [None] * len(self.face_up)
            for slot in range(len(self.face_up)):
                self.face_up[slot] = self._take_top(events)
            events.append({"type": "face_up_reset", "discarded": discarded,
                           "face_up": list(self.face_up)})

    def _reset_can_help(self) -> bool:
        """Whether a new row dealt from every card not in a hand could hold
        fewer locomotives than the reset threshold."""
        row_cards = [c for c in self.face_up if c is not None]
        pool = len(self.deck) + len(self.discard) + len(row_cards)
        others = pool - (self.deck.count(LOCOMOTIVE) + self.discard.count(LOCOMOTIVE)
                         + row_cards.count(LOCOMOTIVE))
        fewest_locomotives = min(len(self.face_up), pool) - others
        return fewest_locomotives < self.rules.locomotive_reset

    def _fill_empty_face_up(self, events: list[Event]) -> None:
        """Slots left empty by an exhausted deck fill again once cards come back.

        The seed does not say; the published game refills as soon as it can.
        """
        if None not in self.face_up:
            return
        filled = False
        for slot, card in enumerate(self.face_up):
            if card is None and (self.deck or self.discard):
                self.face_up[slot] = self._take_top(events)
                events.append({"type": "face_up_refilled", "slot": slot,
                               "card": self.face_up[slot]})
                filled = True
        if filled:
            self._check_locomotive_reset(events)

    # --- turns and the end --------------------------------------------------

    def _end_turn(self, events: list[Event], passed: bool = False) -> None:
        seat = self.current
        if not passed:
            self.passes_in_row = 0
        self.cards_drawn = 0
        self.turn += 1
        final = self.final_turns
        if final is None:
            if self.trains[seat] <= self.rules.end_trains:
                final = self.final_turns = self.players
                events.append({"type": "final_round", "seat": seat, "trains": self.trains[seat]})
        else:
            final = self.final_turns = final - 1
        # Nobody able to do anything for a whole round would stall forever; the
        # seed is silent, so the game ends there (it cannot change any more).
        if final == 0 or self.passes_in_row >= self.players:
            self.phase = "over"
            events.append({"type": "game_over", "result": self.result()})
            return
        seat += 1
        if seat == self.players:
            seat = 0
        self.current = seat
        events.append({"type": "turn_started", "seat": seat})

    # --- views and scoring --------------------------------------------------

    def _ticket(self, index: int) -> dict[str, Any]:
        return dict(self.tables.tickets[index])

    def _network_finder(self, seat: int) -> Callable[[int], int]:
        """The seat's networks, as a function from a graph node to a
        representative of its network (nodes as in tables.BoardTables; a
        node no track of the seat touches is its own). Its union-find is
        kept with the state and joined claim by claim (see `_networks`)."""
        parent = self._networks.get(seat)
        if parent is None:
            ends = self.tables.ends
            parent = self._networks[seat] = {}
            for index, owner in self.claimed.items():
                if owner == seat:
                    _join(parent, *ends[index])
        return partial(_root, parent)

    def seat_tracks(self, seat: int) -> list[Track]:
        """The tracks a seat has claimed, in board order."""
        return [self.board.tracks[t] for t in sorted(self.claimed) if self.claimed[t] == seat]

    def _ticket_status(self, seat: int) -> list[dict[str, Any]]:
        """The seat's tickets as dicts, each with whether its tracks complete it."""
        return [dict(ticket) for ticket in self._ticket_dicts(seat)]

    def _ticket_dicts(self, seat: int) -> list[dict[str, Any]]:
        """`_ticket_status` as the state keeps it until the seat keeps
        tickets or a claim of its completes one (the same list until then:
        planners know it by identity): shared (planning views hand it out),
        never changed."""
        known = self._tickets_done.get(seat)
        if known is None:
            templates = self.tables.tickets
            known = self._tickets_done[seat] = [
                {**templates[t], "done": d}
                for t, d in zip(self.tickets[seat], self._tickets_completed(seat), strict=True)]
        return known

    def _tickets_completed(self, seat: int) -> list[bool]:
        self._network_finder(seat)
        parent = self._networks[seat]
        ticket_ends = self.tables.ticket_ends
        return [_connected(parent, *ticket_ends[t]) for t in self.tickets[seat]]

    def _claimed_routes(self) -> dict[str, int]:
        """Track id -> owner, in board order, as every view shows it (kept until a claim)."""
        tracks = self.board.tracks
        routes = self._routes_view = {
            tracks[t].id: s for t, s in sorted(self.claimed.items())}
        return routes

    def _private(self, seat: int) -> dict[str, Any]:
        offer = self.pending[seat]
        return {
            "hand": dict(sorted(self.hands[seat].items())),
            "tickets": self._ticket_status(seat),
            "pending": None if offer is None else self._pending_view(seat, offer),
        }

    def _pending_view(self, seat: int, offer: list[int]) -> dict[str, Any]:
        return {
            "kind": "keep_tickets",
            "options": [self._ticket(t) for t in offer],
            "min": self._min_keep(seat),
            "max": len(offer),
        }

    def _score_seat(self, seat: int) -> dict[str, Any]:
        tracks = self.seat_tracks(seat)
        route_points = sum(self.board.route_points[t.length] for t in tracks)
        tickets = self._ticket_status(seat)
        ticket_points = sum(t["points"] if t["done"] else -t["points"] for t in tickets)
        board = self.board
        ends = self.tables.ends
        longest = longest_route((*ends[t.index], t.length) for t in tracks)
        out = {
            "seat": seat,
            "route_points": route_points,
            "tickets": tickets,
            "tickets_done": sum(1 for t in tickets if t["done"]),
            "ticket_points": ticket_points,
            "longest": longest,
            "longest_bonus": 0,
            "total": route_points + ticket_points,
        }
        if self.rules.region_table:
            bonus, regions = region_bonus(
                board, [(t.a, t.b) for t in tracks], self.rules.region_table)
            out["region_bonus"] = bonus  # the whole bonus, every network summed
            out["regions"] = regions     # regions joined by each network, largest first
            out["region_points"] = [region_points(n, self.rules.region_table)
                                    for n in regions]
            out["total"] += bonus
        return out


def _root(parent: dict[int, int], x: int) -> int:
    """The representative of x's network in a union-find (halving its path)."""
    root = parent.get(x, x)
    while root != x:
        up = parent.get(root, root)
        parent[x] = up
        x, root = root, up
    return root


def _connected(parent: dict[int, int], ends_a: tuple[int, ...], ends_b: tuple[int, ...]
               ) -> bool:
    """Whether a ticket between cities with these nodes is done in a
    union-find. A dead-end area has a node per track into it, so a ticket
    to it counts through any one of them. An untouched node is its own
    network, and a node is never both ends: the cities differ."""
    if len(ends_a) == 1 and len(ends_b) == 1:
        return _root(parent, ends_a[0]) == _root(parent, ends_b[0])
    roots = {_root(parent, n) for n in ends_a}
    return any(_root(parent, n) in roots for n in ends_b)


def _in_network(parent: dict[int, int], root: int, ends: tuple[int, ...]) -> bool:
    """Whether a city with these nodes is in the network of `root` (a
    dead-end area through any one of its nodes)."""
    for node in ends:  # noqa: SIM110 (any() over a generator: 1% more rollout work)
        if _root(parent, node) == root:
            return True
    return False


def _join(parent: dict[int, int], a: int, b: int) -> int:
    """Join the networks of nodes a and b in a union-find; the joined
    network's root."""
    ra, rb = _root(parent, a), _root(parent, b)
    if ra != rb:
        parent[ra] = rb
    return rb


_CLAIMS_VERSIONS = itertools.count()
# Payments found right kept per board (BoardTables.fits) before it starts afresh:
# a few per track and colour are all a game uses
FITS_KEPT = 8192
_HANDLERS = {kind: getattr(RoutesState, f"_do_{kind}") for kind in SHAPES}
_SHAPE_KEYS = {kind: frozenset(("type", *shape)) for kind, shape in SHAPES.items()}
# per type: (keys with "type", (key, its exact type), ..., a second card's draw)
_QUICK_SHAPES = {kind: (len(shape) + 1, tuple(shape.items()),
                        kind in ("draw_deck", "draw_face_up"))
                 for kind, shape in SHAPES.items()}

# Shared action dicts for the draws and the pass (legal lists are read-only).
_DRAW_DECK: Action = {"type": "draw_deck"}
_DRAW_TICKETS: Action = {"type": "draw_tickets"}
_DRAW_FERRY: Action = {"type": "draw_ferry"}
_PASS: Action = {"type": "pass"}
_FACE_UP_DRAWS: dict[int, tuple[Action, ...]] = {}


def _face_up_draws(slots: int) -> tuple[Action, ...]:
    """The draw action of each face-up slot, for a row of `slots` cards."""
    draws = _FACE_UP_DRAWS.get(slots)
    if draws is None:
        draws = _FACE_UP_DRAWS[slots] = tuple(
            {"type": "draw_face_up", "slot": slot} for slot in range(slots))
    return draws


def _copy_action(action: Action) -> Action:
    """A copy for the history that shares nothing the caller could change later
    (a well-formed action: only "cards" and "keep" hold containers)."""
    out = dict(action)
    if "cards" in out:
        out["cards"] = dict(out["cards"])
    elif "keep" in out:
        out["keep"] = list(out["keep"])
    return out
