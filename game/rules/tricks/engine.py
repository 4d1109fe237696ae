"""The trick-taking railway stock engine (`railway-tricks`, 3-5 players).

Seats are numbered 0..players-1 and play in that order; seat 0 leads the
first trick. Options: `expert` (the lane's city and locomotive slots are
shuffled among themselves; the ALL stays with the 6) and `teams` (4 players
only: seats 0+2 against 1+3, partners' points added). The card tables come
from `assets/tricks/railway_tricks.json` (see data.py).

The package: data.py (the card tables), cards.py (the engine's card numbers
and how views show them), deal.py (re-dealing hidden hands), actions.py
(action shapes and checks), trick.py (a trick's course: playing, resolving,
laying), views.py (views and the deal's events), scoring.py (the result);
this module holds the state, its setup, the contract and determinize.

A company card: {"company": name, "strength": int, "value": int} (unique by
company + strength).

Actions (dicts):
    {"type": "play", "card": {"company": c, "strength": s}}  play a card of the hand
                                               ("value" may be given; it must match)
    {"type": "city", "company": c, "end": "left"|"right"}    the winner lays the city
    {"type": "locomotive", "company": c}                     the winner places a locomotive
    {"type": "lay", "end": "left"|"right"}                   lay your played card at an
                                                             end of its company's line

Sequence: a trick is played card by card (`to_act` is the seat to play).
When the trick is complete the leftmost lane entry is resolved. A share
entry (exchange, or a company card sitting where a reservation was) is
resolved at once. A city asks the winner for `city`; a locomotive asks the
winner for `locomotive` (asked even when one line is left, except for the
ALL, which the engine puts on the one line left without a locomotive; if
several are left, as the expert lane allows, the winner is asked). Then each
seat, from the winner on in seat order, is asked for `lay` (always asked:
both ends are always possible). Then the winner leads the next trick.

Events (dicts; a secret sits under "private", seen only by "private_to"):
    deal          {counts, lines, lane}           (setup_events() only)
    hand_dealt    {seat, count, private: {hand}}  (setup_events() only)
    card_played   {seat, card, led}
    trick_won     {winner, led, cards [[seat, card]], lane: the entry resolved}
    exchange_taken {seat, company}                 the winner takes an exchange share
    share_taken   {seat, card, source: "lane"|"trick"}
    reservation_replaced {seat, card, slot}        the winner's card in the lane's slot
    card_removed  {seat, card}                     the winner's card leaves the game
    city_laid     {seat, company, end, city}
    locomotive_placed {seat, company, locomotive, auto}
    card_laid     {seat, company, end, card}
    game_over     {result}

View (`view(seat)`; everything outside "private" is the same for everyone):
    game, phase ("play"|"city"|"locomotive"|"lay"|"over"), to_act, current,
    leader, led (company or None), trick [[seat, card]] (cards played and
    not yet laid), companies [name], colors {name: colour},
    lines {company: [item, ...]} left to right, an item being a company card,
    {"kind": "initial", "value"} or {"kind": "city", "name", "value"};
    locomotives {company: {name, distance (None: ALL), cost} | None};
    lane [entry, ...] leftmost first: {"kind": "exchange", "company"}, a city,
    {"kind": "locomotive", name, distance, cost, with: [locomotive, ...]},
    {"kind": "reservation"}, or a company card (it took a reservation's place);
    players [{seat, cards (hand count), shares [company card |
    {"company", "kind": "exchange"}], void [companies the seat showed it lacks]}];
    removed (count), removed_cards, tricks_played, tricks_left, last_trick
    ({winner, led, cards, lane} | None), options {expert, teams},
    teams [[0, 2], [1, 3]] | None, result (once over)
    you, private {hand [card], playable [card], pending}
    pending: {"kind": "city", options [{company, end}], min 1, max 1, city}
             {"kind": "locomotive", options [company], min 1, max 1, locomotive}
             {"kind": "lay", options ["left", "right"], min 1, max 1, card, company}
             or None (playing a card is the ordinary turn: see `playable`).

Result: {scores, winners, breakdown, companies, over}. companies: {name:
{locomotive, distance, cost, line (cards in it), stretch [start, length] |
None, earnings, value}}. breakdown per seat: {seat, shares {company: n},
points {company: points}, company_values {company: value}, total (own),
and with teams: team [seats], team_total}. scores are the totals (team totals
with teams); tied seats share the win.
"""


from __future__ import annotations

import random
from typing import Any

from game.rules.base import Action, Event, forget_the_record, shallow_copy
from game.rules.tricks.actions import ENDS, SHAPES, ActionChecks
from game.rules.tricks.cards import INITIAL, LaneEntry, card_view
from game.rules.tricks.data import (
    CITY,
    EXCHANGE,
    LOCOMOTIVE,
    RESERVATION,
    TricksData,
    load_tricks_data,
)
from game.rules.tricks.deal import deal_respecting_voids
from game.rules.tricks.scoring import Scoring
from game.rules.tricks.trick import TrickPlay
from game.rules.tricks.views import TricksViews


class TricksState(TrickPlay, ActionChecks, TricksViews, Scoring):
    """One game of Railway Tricks. Create with `game.rules.create`."""

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, game_id: str, players: int, seed: int, expert: bool = False,
            teams: bool = False, **options: Any) -> TricksState:
        if options:
            raise ValueError(f"{game_id} has no options {', '.join(sorted(options))}")
        if not isinstance(expert, bool) or not isinstance(teams, bool):
            raise ValueError("the options expert and teams are true or false")
        if teams and players != 4:
            raise ValueError(f"teams of two need 4 players, not {players}")
        data = load_tricks_data()
        if players not in data.lanes:
            raise ValueError(f"the card tables have no lane for {players} players")
        state = cls.__new__(cls)
        state._setup(game_id, players, seed, data, expert, teams)
        return state

    def _setup(self, game_id: str, players: int, seed: int, data: TricksData,
               expert: bool, teams: bool) -> None:
        self.game_id = game_id
        self.players = players
        self.seed = seed
        self.data = data
        self.expert = expert
        self.teams = teams
        self.history: list[tuple[int, Action]] = []
        # every random draw happens here, from the seed: replays need nothing else
        rng = random.Random(seed)
        deck = list(range(data.card_count))
        rng.shuffle(deck)
        n = data.dealt[players]
        self.hands: list[list[int]] = [sorted(deck[s * n:(s + 1) * n]) for s in range(players)]
        self.lines: list[list[int]] = [[INITIAL] for _ in data.companies]
        for card in deck[players * n:]:
            self.lines[data.company_of(card)].append(card)
        tokens = list(data.lanes[players])
        # The expert lane reorders the city and locomotive slots among themselves; the
        # lane keeps its own cards (the exchange and reservation slots stay put, and a
        # 4-player lane keeps its one city), so every line still gets a locomotive.
        if expert:
            slots = [i for i, t in enumerate(tokens) if t.kind in (CITY, LOCOMOTIVE)]
            operating = [tokens[i] for i in slots]
            rng.shuffle(operating)
            for i, token in zip(slots, operating, strict=True):
                tokens[i] = token
        # Exchange shares go to their slots in a random order; the city slots take
        # cities at random, and the cities left over sit out the game (4 players).
        exchanges = list(range(len(data.companies)))
        rng.shuffle(exchanges)
        cities = list(range(len(data.cities)))
        rng.shuffle(cities)
        self.lane: list[LaneEntry] = []
        for token in tokens:
            if token.kind == EXCHANGE:
                self.lane.append((EXCHANGE, exchanges.pop()))
            elif token.kind == CITY:
                self.lane.append((CITY, cities.pop()))
            elif token.kind == LOCOMOTIVE:
                self.lane.append((LOCOMOTIVE, token.locomotives))
            else:
                self.lane.append((RESERVATION, None))
        self.locos: list[int | None] = [None] * len(data.companies)
        self.shares: list[list[int]] = [[] for _ in range(players)]
        self.removed: list[int] = []
        self.voids: list[int] = [0] * players  # bit masks of companies a seat lacks
        self.trick: list[tuple[int, int]] = []
        self.led: int | None = None
        # The rules leave the first leader open: seat order is already the table's
        # (shuffled or chosen at setup), so seat 0 leads.
        self.leader = 0
        self.current = 0
        self.phase = "play"
        self.lay_queue: list[int] = []          # seats still to lay, first first
        self.loco_queue: list[int] = []         # locomotives of this trick still to place
        self.operating: LaneEntry | None = None  # the city/locomotive entry being resolved
        self.last_trick: tuple[int, int, tuple[tuple[int, int], ...], LaneEntry] | None = None
        self.tricks_played = 0
        # moves whenever the public cards do (a trick won, a line grown, a locomotive
        # placed): a planner keeps what it read of them while it stays
        self.public_version = 0

    def clone(self) -> TricksState:
        """An independent copy (its attributes kept in the fast layout: see
        shallow_copy)."""
        other = shallow_copy(self)
        other.history = list(self.history)
        other.hands = [list(h) for h in self.hands]
        other.lines = [list(line) for line in self.lines]
        other.lane = list(self.lane)
        other.locos = list(self.locos)
        other.shares = [list(s) for s in self.shares]
        other.removed = list(self.removed)
        other.voids = list(self.voids)
        other.trick = list(self.trick)
        other.lay_queue = list(self.lay_queue)
        other.loco_queue = list(self.loco_queue)
        return other

    # --- the contract -------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "lay":
            return (self.lay_queue[0],)
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of `seat` now (a fresh list of fresh dicts)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.to_act:
            return []
        names = self.data.companies
        if self.phase == "play":
            return [{"type": "play", "card": card_view(self.data, c)}
                    for c in self._playable(seat)]
        if self.phase == "city":
            return [{"type": "city", "company": name, "end": end}
                    for name in names for end in ENDS]
        if self.phase == "locomotive":
            return [{"type": "locomotive", "company": names[c]} for c in self._free_lines()]
        return [{"type": "lay", "end": end} for end in ENDS]

    def apply(self, seat: int, action: Action) -> list[Event]:
        kind = self._check_shape(seat, action)
        events: list[Event] = []
        _ACTIONS[kind](self, seat, action, events)  # validates before it changes
        self.history.append((seat, _copy_action(action)))
        return events

    def advance(self, seat: int, action: Action) -> None:
        """`apply` without the events, for a caller that has no use for them (a
        bot's rollouts): the same checks, refusals and change of state, but no
        event is made and the record keeps `action` itself, not a copy (the
        caller must not change it afterwards)."""
        kind = self._check_shape(seat, action)
        _ACTIONS[kind](self, seat, action, None)  # validates before it changes
        self.history.append((seat, action))

    def advance_legal(self, seat: int, action: Action, card: int | None = None) -> None:
        """`advance` for a move the caller read from this state as legal for
        `seat` (a bot's rollout policy: its card from `playable_cards`, its
        line from `locos`): the same change of state and record, without
        checking the action's shape, turn and card again. `card` is a play's
        card number (the one the action names)."""
        if card is not None:
            self._play_card(seat, card, None)
        else:
            _ACTIONS[action["type"]](self, seat, action, None)
        self.history.append((seat, action))

    def result(self) -> dict[str, Any]:
        """Scores and their breakdown (provisional until the game is over).

        Once the game is over it is computed once and shared: treat it as read-only.
        """
        if self.phase == "over":
            final = self.__dict__.get("_final_result")
            if final is None:
                final = self._final_result = self._compute_result()
            return final
        return self._compute_result()

    def determinize(self, seat: int, rng: random.Random) -> TricksState:
        """A state `seat` cannot tell from this one: the other hands re-dealt.

        Only hands are hidden (lines, shares, lane, trick and removed cards are
        public). The other seats' cards are pooled and dealt back in the same
        counts, never giving a seat a company it is known to lack (it did not
        follow that company's lead). The seed and the action record are not
        carried over (they would tell the real deal).
        """
        if not (isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        other = self.clone()
        others = [s for s in range(self.players) if s != seat]
        # sorted: the deal depends on the seat's view and rng only
        pool = sorted(c for s in others for c in self.hands[s])
        hands = deal_respecting_voids(
            pool, {s: len(self.hands[s]) for s in others},
            {s: self.voids[s] for s in others}, self.data.company_of, rng)
        for s, hand in hands.items():
            other.hands[s] = hand
        forget_the_record(other, rng)
        return other

    # --- playable cards and free lines -------------------------------------

    def playable_cards(self, seat: int) -> list[int]:
        """The numbers of the cards `seat` may play in a trick, in hand order
        (what the play actions offer, for a planner that needs no dicts)."""
        return self._playable(seat)

    def _playable(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if self.led is None:
            return list(hand)
        strengths, led = self.data.strengths, self.led
        follow = [c for c in hand if c // strengths == led]    # data.company_of, inline
        return follow or list(hand)

    def _free_lines(self) -> list[int]:
        return [c for c, loco in enumerate(self.locos) if loco is None]


# what each action type does (TricksState.apply), looked up once
_ACTIONS = {kind: getattr(TricksState, f"_do_{kind}") for kind in SHAPES}


def _copy_action(action: Action) -> Action:
    copy = dict(action)
    for key, value in action.items():
        if isinstance(value, dict):
            copy[key] = dict(value)
    return copy
