"""The trick-taking railway stock engine (`railway-tricks`, 3-5 players).

Seats are numbered 0..players-1 and play in that order; seat 0 leads the
first trick. Options: `expert` (the lane's city and locomotive slots are
shuffled among themselves; the ALL stays with the 6) and `teams` (4 players
only: seats 0+2 against 1+3, partners' points added). The card tables come
from `assets/tricks/railway_tricks.json` (see data.py).

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

from game.rules.base import Action, Event, IllegalAction, View, forget_the_record, shallow_copy
from game.rules.tricks.cards import (
    CITY_BASE,
    EXCHANGE_BASE,
    INITIAL,
    SHARE,
    LaneEntry,
    card_view,
    city_view,
    lane_entry_view,
    line_item_value,
    line_item_view,
    locomotive_view,
    share_company,
    share_view,
)
from game.rules.tricks.data import (
    CITY,
    EXCHANGE,
    LOCOMOTIVE,
    RESERVATION,
    TricksData,
    load_tricks_data,
)
from game.rules.tricks.deal import deal_respecting_voids
from game.rules.tricks.scoring import best_stretch
from game.rules.words import N_

ENDS = ("left", "right")
CARD_KEYS = frozenset(("company", "strength", "value"))
SHAPES: dict[str, dict[str, type]] = {
    "play": {"card": dict},
    "city": {"company": str, "end": str},
    "locomotive": {"company": str},
    "lay": {"end": str},
}
# the keys of each action type: "type" and its shape's
SHAPE_KEYS = {kind: frozenset(("type", *shape)) for kind, shape in SHAPES.items()}
PHASE_ASKS = {
    "play": N_("play a card"),
    "city": N_("lay the city you won"),
    "locomotive": N_("place the locomotive you won"),
    "lay": N_("lay your played card on its line"),
}


class TricksState:
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

    def setup_events(self) -> list[Event]:
        """Events that show the deal (a screen animates them before the first trick)."""
        data = self.data
        events: list[Event] = [{
            "type": "deal",
            "counts": [len(h) for h in self.hands],
            "lines": self._lines_view(),
            "lane": [lane_entry_view(data, e) for e in self.lane],
        }]
        for seat, hand in enumerate(self.hands):
            events.append({"type": "hand_dealt", "seat": seat, "count": len(hand),
                           "private": {"hand": [card_view(data, c) for c in hand]},
                           "private_to": seat})
        return events

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

    def view(self, seat: int | None) -> View:
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        data = self.data
        names = data.companies
        players = [{
            "seat": s,
            "cards": len(self.hands[s]),
            "shares": [share_view(data, x) for x in self.shares[s]],
            "void": [names[c] for c in range(len(names)) if self.voids[s] >> c & 1],
        } for s in range(self.players)]
        view: View = {
            "game": self.game_id,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "current": self.to_act[0] if self.to_act else None,
            "leader": self.leader,
            "led": None if self.led is None else names[self.led],
            "trick": self._pairs_view(self.trick),
            "companies": list(names),
            "colors": dict(zip(names, data.colors, strict=True)),
            "lines": self._lines_view(),
            "locomotives": {names[c]: None if loco is None else locomotive_view(data, loco)
                            for c, loco in enumerate(self.locos)},
            "lane": [lane_entry_view(data, e) for e in self.lane],
            "players": players,
            "removed": len(self.removed),
            "removed_cards": [card_view(data, c) for c in self.removed],
            "tricks_played": self.tricks_played,
            "tricks_left": len(self.lane),
            "last_trick": self._last_trick_view(),
            "options": {"expert": self.expert, "teams": self.teams},
            "teams": [[0, 2], [1, 3]] if self.teams else None,
            "you": seat,
            "private": {},
        }
        if self.phase == "over":
            view["result"] = self.result()
        if seat is not None:
            view["private"] = self._private(seat)
        return view

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

    # --- checking actions ---------------------------------------------------

    def _check_shape(self, seat: Any, action: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(N_("there is no seat {seat} in this game"), seat=repr(seat))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(N_("an action must be a dict with a 'type'"))
        kind = action["type"]
        shape = SHAPES.get(kind)
        if shape is None:
            raise IllegalAction(N_("unknown action type {kind}; actions are {kinds}"),
                                kind=repr(kind), kinds=list(SHAPES))
        if action.keys() != SHAPE_KEYS[kind]:
            missing = [k for k in shape if k not in action]
            extra = [k for k in action if k != "type" and k not in shape]
            raise IllegalAction(N_("'{kind}' action: missing {missing}; unexpected {extra}"),
                                kind=kind, missing=missing or "-",
                                extra=list(map(str, extra)) or "-")
        for key, typ in shape.items():
            if not isinstance(action[key], typ):
                raise IllegalAction(N_("'{kind}' action: '{key}' must be a {type}"),
                                    kind=kind, key=key, type=typ.__name__)
        if self.phase == "over":
            raise IllegalAction(N_("the game is over"), "over")
        acting = self.lay_queue[0] if self.phase == "lay" else self.current
        if seat != acting:
            raise IllegalAction(N_("it is not your turn (seat {seat} must {ask})"),
                                "not_your_turn", seat=acting + 1, ask=PHASE_ASKS[self.phase])
        if kind != self.phase:
            raise IllegalAction(N_("now you must {ask}"), ask=PHASE_ASKS[self.phase])
        return kind

    def _company(self, name: str) -> int:
        try:
            return self.data.companies.index(name)
        except ValueError:
            raise IllegalAction(N_("there is no company {company}; companies: {companies}"),
                                company=repr(name), companies=list(self.data.companies)) from None

    def _end(self, end: str) -> str:
        if end not in ENDS:
            raise IllegalAction(N_("'end' is 'left' or 'right', not {end}"), end=repr(end))
        return end

    def _card(self, given: dict) -> int:
        if not CARD_KEYS.issuperset(given):
            extra = [k for k in given if k not in CARD_KEYS]
            raise IllegalAction(N_("a card has a company, a strength and a value, not "
                                   "{keys}"), keys=list(map(str, extra)))
        name, strength = given.get("company"), given.get("strength")
        if not isinstance(name, str):
            raise IllegalAction(N_("a card needs its 'company' (a name)"))
        if not isinstance(strength, int) or isinstance(strength, bool) \
                or not 1 <= strength <= self.data.strengths:
            raise IllegalAction(N_("a card's 'strength' is a whole number 1-{top}"),
                                top=self.data.strengths)
        card = self.data.card_number(self._company(name), strength)
        if "value" in given and given["value"] != self.data.card_values[card]:
            raise IllegalAction(N_("{company} {strength} has the station value {value}, "
                                   "not {given}"), company=name, strength=strength,
                                value=self.data.card_values[card], given=repr(given["value"]))
        return card

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

    # --- actions ------------------------------------------------------------

    def _do_play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        data = self.data
        card = self._card(action["card"])
        hand = self.hands[seat]
        if card not in hand:
            shown = card_view(data, card)
            raise IllegalAction(N_("you do not hold {company} {strength}"),
                                company=shown["company"], strength=shown["strength"])
        if self.led is not None and data.company_of(card) != self.led \
                and any(data.company_of(c) == self.led for c in hand):
            raise IllegalAction(N_("you must follow {company}: you hold a card of it"),
                                company=data.companies[self.led])
        self._play_card(seat, card, events)

    def _play_card(self, seat: int, card: int, events: list[Event] | None) -> None:
        """Play `card`, known to be legal for `seat`: not following the lead
        shows the seat lacks the led company."""
        data = self.data
        company = card // data.strengths      # data.company_of, inline
        if self.led is None:
            self.led = company
            self.leader = seat
        elif company != self.led:
            self.voids[seat] |= 1 << self.led
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if events is not None:
            events.append({"type": "card_played", "seat": seat, "card": card_view(data, card),
                           "led": data.companies[self.led]})
        if len(self.trick) < self.players:
            self.current = (seat + 1) % self.players
        else:
            self._finish_trick(events)

    def _do_city(self, seat: int, action: Action, events: list[Event] | None) -> None:
        company = self._company(action["company"])
        end = self._end(action["end"])
        assert self.operating is not None
        city = self.operating[1]
        self._lay_item(company, end, CITY_BASE - city)
        if events is not None:
            events.append({"type": "city_laid", "seat": seat,
                           "company": self.data.companies[company], "end": end,
                           "city": city_view(self.data, city)})
        self.phase = "lay"

    def _do_locomotive(self, seat: int, action: Action, events: list[Event] | None) -> None:
        company = self._company(action["company"])
        if self.locos[company] is not None:
            raise IllegalAction(N_("the {company} line already has a locomotive"),
                                company=action["company"])
        self._place_locomotive(seat, company, auto=False, events=events)
        self._place_forced_locomotives(events)

    def _do_lay(self, seat: int, action: Action, events: list[Event] | None) -> None:
        end = self._end(action["end"])
        card = dict(self.trick)[seat]
        self.trick.remove((seat, card))
        company = self.data.company_of(card)
        self._lay_item(company, end, card)
        self.lay_queue.pop(0)
        if events is not None:
            events.append({"type": "card_laid", "seat": seat,
                           "company": self.data.companies[company], "end": end,
                           "card": card_view(self.data, card)})
        if not self.lay_queue:
            self._next_trick(events)

    # --- resolving a trick --------------------------------------------------

    def _finish_trick(self, events: list[Event] | None) -> None:
        data = self.data
        led = self.led
        assert led is not None
        strengths = data.strengths
        # the strongest card of the led company wins (the higher number: one pass,
        # no key function, as every trick ends here)
        winner = best = -1
        for seat, card in self.trick:
            if card // strengths == led and card > best:
                winner, best = seat, card
        entry = self.lane.pop(0)
        self.tricks_played += 1
        self.public_version += 1
        self.leader = self.current = winner
        self.last_trick = (winner, led, tuple(self.trick), entry)
        if events is not None:
            events.append({"type": "trick_won", "winner": winner, "led": data.companies[led],
                           "cards": self._pairs_view(self.trick),
                           "lane": lane_entry_view(data, entry)})
        kind = entry[0]
        if kind in (EXCHANGE, SHARE, RESERVATION):
            self._share_trick(winner, entry, events)
            self._next_trick(events)
            return
        self.operating = entry
        self.lay_queue = [(winner + i) % self.players for i in range(self.players)]
        if kind == CITY:
            self.phase = "city"
        else:
            self.loco_queue = list(entry[1])
            self.phase = "locomotive"
            self._place_forced_locomotives(events)

    def _share_trick(self, winner: int, entry: LaneEntry, events: list[Event] | None) -> None:
        data = self.data
        kind, payload = entry
        if kind == EXCHANGE:
            self.shares[winner].append(EXCHANGE_BASE + payload)
            if events is not None:
                events.append({"type": "exchange_taken", "seat": winner,
                               "company": data.companies[payload]})
        elif kind == SHARE:
            self.shares[winner].append(payload)
            if events is not None:
                events.append({"type": "share_taken", "seat": winner,
                               "card": card_view(data, payload), "source": "lane"})
        # An unfilled reservation gives the winner nothing; the printed lanes
        # never reach one (the data validator checks it).
        played = dict(self.trick)
        won = played[winner]
        slot = None        # the first reservation's (a loop: a bot's rollouts come here often)
        for i, (kind, _) in enumerate(self.lane):
            if kind == RESERVATION:
                slot = i
                break
        if slot is not None:
            self.lane[slot] = (SHARE, won)
            if events is not None:
                events.append({"type": "reservation_replaced", "seat": winner,
                               "card": card_view(data, won), "slot": slot})
        else:
            self.removed.append(won)
            if events is not None:
                events.append({"type": "card_removed", "seat": winner,
                               "card": card_view(data, won)})
        for i in range(1, self.players):
            seat = (winner + i) % self.players
            self.shares[seat].append(played[seat])
            if events is not None:
                events.append({"type": "share_taken", "seat": seat,
                               "card": card_view(data, played[seat]), "source": "trick"})
        self.trick = []

    def _place_locomotive(self, seat: int, company: int, auto: bool,
                          events: list[Event] | None) -> None:
        loco = self.loco_queue.pop(0)
        self.locos[company] = loco
        self.public_version += 1
        if events is not None:
            events.append({"type": "locomotive_placed", "seat": seat,
                           "company": self.data.companies[company],
                           "locomotive": locomotive_view(self.data, loco), "auto": auto})

    def _place_forced_locomotives(self, events: list[Event] | None) -> None:
        """The ALL (any locomotive after the trick's first) goes by itself to the one
        line left without; the trick's first locomotive is always the winner's choice."""
        assert self.operating is not None
        first = self.operating[1][0]
        while self.loco_queue:
            free = self._free_lines()
            if not free:  # cannot happen: the validator allows a locomotive per line at most
                self.loco_queue.clear()
                break
            if len(free) > 1 or self.loco_queue[0] == first:
                return
            self._place_locomotive(self.current, free[0], auto=True, events=events)
        self.phase = "lay"

    def _lay_item(self, company: int, end: str, item: int) -> None:
        self.public_version += 1
        if end == "left":
            self.lines[company].insert(0, item)
        else:
            self.lines[company].append(item)

    def _next_trick(self, events: list[Event] | None) -> None:
        self.trick = []
        self.led = None
        self.operating = None
        self.lay_queue = []
        self.current = self.leader
        if not any(self.hands):
            self.phase = "over"
            if events is not None:
                events.append({"type": "game_over", "result": self.result()})
        else:
            self.phase = "play"

    # --- views and scores ---------------------------------------------------

    def _pairs_view(self, pairs) -> list[list[Any]]:
        return [[s, card_view(self.data, c)] for s, c in pairs]

    def _lines_view(self) -> dict[str, list[dict[str, Any]]]:
        data = self.data
        return {data.companies[c]: [line_item_view(data, x) for x in line]
                for c, line in enumerate(self.lines)}

    def _last_trick_view(self) -> dict[str, Any] | None:
        if self.last_trick is None:
            return None
        winner, led, pairs, entry = self.last_trick
        return {"winner": winner, "led": self.data.companies[led],
                "cards": self._pairs_view(pairs), "lane": lane_entry_view(self.data, entry)}

    def _private(self, seat: int) -> dict[str, Any]:
        data = self.data
        playable = self._playable(seat) if self.phase == "play" and seat == self.current else []
        return {"hand": [card_view(data, c) for c in self.hands[seat]],
                "playable": [card_view(data, c) for c in playable],
                "pending": self._pending(seat)}

    def _pending(self, seat: int) -> dict[str, Any] | None:
        if seat not in self.to_act or self.phase == "play":
            return None
        data = self.data
        if self.phase == "city":
            assert self.operating is not None
            return {"kind": "city", "min": 1, "max": 1,
                    "options": [{"company": name, "end": end}
                                for name in data.companies for end in ENDS],
                    "city": city_view(data, self.operating[1])}
        if self.phase == "locomotive":
            return {"kind": "locomotive", "min": 1, "max": 1,
                    "options": [data.companies[c] for c in self._free_lines()],
                    "locomotive": locomotive_view(data, self.loco_queue[0])}
        card = dict(self.trick)[seat]
        return {"kind": "lay", "options": list(ENDS), "min": 1, "max": 1,
                "card": card_view(data, card),
                "company": data.companies[data.company_of(card)]}

    def company_values(self) -> list[dict[str, Any]]:
        """Each company's line and worth, in company order."""
        data = self.data
        out = []
        for c, line in enumerate(self.lines):
            loco = self.locos[c]
            entry: dict[str, Any] = {"company": data.companies[c], "line": len(line)}
            if loco is None:
                entry.update(locomotive=None, distance=None, cost=0, stretch=None,
                             earnings=0, value=0)
            else:
                name, distance, cost = data.locomotives[loco]
                values = [line_item_value(data, x) for x in line]
                earnings, start, length = best_stretch(values, distance)
                entry.update(locomotive=name, distance=distance, cost=cost,
                             stretch=[start, length], earnings=earnings,
                             value=max(0, earnings - cost))
            out.append(entry)
        return out

    def scores(self) -> list[int]:
        """The scores as `result()` counts them (team totals with teams), without
        its breakdown: for a bot's rollouts, which score many ends of games."""
        data = self.data
        values = []
        for c, line in enumerate(self.lines):
            loco = self.locos[c]
            if loco is None:
                values.append(0)
                continue
            _, distance, cost = data.locomotives[loco]
            earnings = best_stretch([line_item_value(data, x) for x in line], distance)[0]
            values.append(max(0, earnings - cost))
        own = [sum(values[share_company(data, share)] for share in shares)
               for shares in self.shares]
        if self.teams:
            return [own[s] + own[(s + 2) % 4] for s in range(self.players)]
        return own

    def _compute_result(self) -> dict[str, Any]:
        data = self.data
        names = data.companies
        companies = self.company_values()
        values = [c["value"] for c in companies]
        breakdown = []
        for s in range(self.players):
            counts = [0] * len(names)
            for share in self.shares[s]:
                counts[share_company(data, share)] += 1
            points = [n * v for n, v in zip(counts, values, strict=True)]
            breakdown.append({
                "seat": s,
                "shares": dict(zip(names, counts, strict=True)),
                "points": dict(zip(names, points, strict=True)),
                "company_values": dict(zip(names, values, strict=True)),
                "total": sum(points),
            })
        scores = [b["total"] for b in breakdown]
        if self.teams:
            # partners sit opposite each other, as in partnership trick games
            own = list(scores)
            for s, b in enumerate(breakdown):
                partner = (s + 2) % 4
                b["team"] = sorted((s, partner))
                b["team_total"] = scores[s] = own[s] + own[partner]
        top = max(scores)
        return {"scores": scores, "winners": [s for s in range(self.players) if scores[s] == top],
                "breakdown": breakdown, "companies": {c["company"]: c for c in companies},
                "over": self.is_over}


# what each action type does (TricksState.apply), looked up once
_ACTIONS = {kind: getattr(TricksState, f"_do_{kind}") for kind in SHAPES}


def _copy_action(action: Action) -> Action:
    copy = dict(action)
    for key, value in action.items():
        if isinstance(value, dict):
            copy[key] = dict(value)
    return copy
