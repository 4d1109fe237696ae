"""The round-the-world race engine (`eighty-days`); the route and cards are data.

Seats are numbered 0..players-1 and play clockwise; seat 0 is the first start
player. The route and every number come from `assets/race/eighty_days.json`.

The package: data.py (the data file), days.py (card sets and day sums),
moves.py (every legal move of a leg), actions.py (action shapes),
choices.py (legal actions and refusals), turn.py (applying actions),
rounds.py (turns, rounds and the draws they share), views.py (views),
standings.py (winners and places); this module holds the state, its setup,
the contract, the result and determinize.

Rounds: at the start of a round (after the first arrival, every traveller
first loses a day) the engine lays travel cards on the action track, left to
right, as many as the table `cards_laid` gives for the travellers still on
the way; slots past those stay empty, so with fewer travellers the rightmost
actions (exchange, next start player, detective) are not offered. Travellers
then take turns clockwise from the start player.

A turn is a sequence of actions by the seat in `to_act`:
    {"type": "take", "slot": i}               first: a track card into the hand
    {"type": "take_deck"}                     instead, the last of six travellers:
                                              the deck's top card, no action
    then, before the first move, the action under the taken card, at most once:
    {"type": "coin"}                          a coin from the bank
    {"type": "draw_event"}                    the top event card
    {"type": "detective", "city": name}       the detective to any city but London
    {"type": "start_player"}                  start the next round
    {"type": "exchange", "cards": [[kind, value], ...]}   1-3 cards for as many new
    (the balloon under the taken card is used by a move's "balloon")
    {"type": "move", "cards": [...], "balloon": card | None, "events": [...]}
                                              one leg (a second with Connection);
                                              see moves.py for every field
    {"type": "play_event", "event": name}     Distraction (no detective this turn),
                                              Elephant (cashed for a coin);
        + "city": name for Detective, + "slots": [a, b] for Swap (before taking);
        the Princess plays as the top card of the event discard
    {"type": "buy", "pile": "travel" | "event"}   the pile's top card for 2 coins
    {"type": "discard", "card": [kind, value]} / {"type": "discard_event", "event": name}
                                              only while holding more than 6 cards
    {"type": "end_turn"}                      once a card is taken and 6 cards at most
A pending decision comes first when there is one:
    {"type": "reroll"} / {"type": "accept"}   after a balloon or elephant die roll,
        while the seat has a coin: pay 1 to roll again (the earlier roll is lost)
        or keep the roll, which completes the move
    {"type": "bonus", "take": bool}           the first (red) or last (blue) traveller
                                              to reach a city uses its chip or not
Arriving in London ends the turn at once (the hand is discarded face down:
its event cards slide under the event discard, out of every view and never
the card a Princess copies). A seat
ending its own turn in the detective's city loses 2 days unless it played
Distraction. Blue event cards (Storm, Delay) are resolved when drawn: every
traveller loses their days, then all event cards go back into one shuffled pile.

Events (dicts; a secret sits under "private", seen only by "private_to"):
    round_started {round, start_player, travellers}
    days_lost     {seats, days, why: "round"|"chip"|"detective"|<blue card name>}
    track_laid    {cards: [[kind, value] | None per slot], slots: [action per slot]}
    deck_reshuffled {cards} / events_reshuffled {cards}
    turn_started  {seat}
    card_taken    {seat, slot, card, action}     (slot None: the deck's top, private card)
    card_drawn    {seat, pile: "travel", why, private: {card}}
    event_drawn   {seat, why, private: {event}}  (a blue card: public "event" instead)
    coin_gained   {seat, why, coins}
    coins_paid    {seat, coins, why}
    detective_moved {seat, from, to, why: "track"|"Detective"|"Princess"}
    start_player_taken {seat}
    exchanged     {seat, cards (given up), private: {drawn}}
    cards_swapped {seat, slots, cards}
    event_played  {seat, event, as}
    die_rolled    {seat, roll, purpose: "balloon"|"elephant", number (1 = first roll)}
    moved {seat, from, to, cards, balloon: {replaces, roll}|None, elephant: roll|None,
           events, princess_as, days}
    chip          {seat, city, color, chip, taken}
    discarded     {seat, card | event}
    arrived       {seat, order, days}
    events_gathered {counts: [event cards given back per seat]}
    turn_ended    {seat}
    round_ended   {round, discarded: [[kind, value], ...]}
    game_over     {result}

View (`view(seat)`; everything outside "private" is the same for everyone):
    game, title, route [city, ... London], legs [{from, to, options, no_cards_days,
    status}], phase ("play"|"over"), round, turn, current, to_act, start_player,
    next_start_player, players [{seat, city, at (index in route), days, coins, cards,
    known (the cards of that hand everyone saw it take from the track), events,
    arrived (1-based order or None)}], track [{action, card, laid}] (every
    slot of the track; `laid` is whether a card was laid there this round),
    detective (city), deck, discard (counts), discard_cards (the travel discard's
    face-up cards, sorted: all but those of arrived hands nobody saw taken, which
    went face down), event_deck (count), event_discard (the face-up names, top
    last), event_discard_down (the arrived travellers' event cards slid face
    down under it),
    bonus {city: {"red": chip|None, "blue": chip|None}}, bank, arrivals (seats in
    order), order (this round's turn order: its travellers from the start player),
    turn_state {taken, action, moves, balloon_used, distraction}, awaiting ({seat,
    kind, roll, purpose, rolls, move {cards, balloon, events, princess_as} (the
    move the die is for, its cards already played)} | {seat, kind, color, chip,
    city} | None), result (once over)
    private: hand [[kind, value]], events [names], pending {kind: "reroll"|"bonus",
    options, min, max, ...}|None

Result: scores are days (fewer is better), winners, breakdown per seat
{seat, days, arrived, coins, city, place}, over. `place` (1 = a winner) orders
the seats by the winning rules, since a traveller still on the way can hold
fewer days than those back in London.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.rules.base import (
    Action,
    Event,
    IllegalAction,
    LazyRandom,
    forget_the_record,
    shallow_copy,
    shuffle,
)
from game.rules.race.actions import SHAPES, canonical_action
from game.rules.race.choices import Choices
from game.rules.race.data import RaceData, load_race
from game.rules.race.days import Card, without
from game.rules.race.rounds import Rounds
from game.rules.race.standings import places, winners
from game.rules.race.turn import TurnActions
from game.rules.race.views import RaceViews
from game.rules.words import N_


class RaceState(LazyRandom, Choices, TurnActions, Rounds, RaceViews):
    """One game of the race. Create with `game.rules.create("eighty-days", ...)`."""

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, game_id: str, players: int, seed: int, **options: Any) -> RaceState:
        if options:
            raise ValueError(f"{game_id} has no options {', '.join(sorted(options))}")
        state = cls.__new__(cls)
        state._setup(game_id, players, seed, load_race())
        return state

    def _setup(self, game_id: str, players: int, seed: int, data: RaceData) -> None:
        self.game_id = game_id
        self.players = players
        self.seed = seed
        self.data = data
        self.n = data.numbers
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []
        deck = list(data.travel_cards)
        self.rng.shuffle(deck)
        self.deck: list[Card] = deck  # top is the end of the list
        self.discard: list[Card] = []
        # Cards of `discard` that went there face down: the cards of an arrived
        # hand nobody saw the seat take (see _arrive). Hidden from every seat.
        self.buried: list[Card] = []
        events = data.event_deck(players)
        self.rng.shuffle(events)
        self.event_deck: list[str] = events  # top is the end
        self.event_discard: list[str] = []   # top is the end
        # How many cards at the bottom of `event_discard` lie face down: the
        # event cards of arrived travellers (see _arrive). Hidden from all.
        self.events_buried = 0
        self.hands: list[list[Card]] = [[self.deck.pop() for _ in range(self.n["start_hand"])]
                                        for _ in range(players)]
        self.held: list[list[str]] = [[] for _ in range(players)]
        # Cards everyone saw a seat take face up from the track, still in its hand.
        self.known: list[list[Card]] = [[] for _ in range(players)]
        self.coins = [self.n["start_coins"]] * players
        self.bank = self.n["coins"] - sum(self.coins)
        self.days = [0] * players
        self.at = [0] * players
        self.arrivals: list[int] = []
        self.detective = data.detective_start
        red, blue = list(data.red_chips), list(data.blue_chips)
        self.rng.shuffle(red)
        self.rng.shuffle(blue)
        self.chips: dict[int, list[str | None]] = {
            i: [red[i - 1], blue[i - 1]] for i in range(1, len(data.route) - 1)}
        self.track: list[Card | None] = [None] * len(data.action_track)
        self.laid = 0
        self.start_player = 0
        self.next_start: int | None = None
        self.round = 0
        self.turn = 0
        self.order: list[int] = []
        self.order_pos = 0
        self.current = 0
        self.over = False
        self.pending: dict[str, Any] | None = None
        self._reset_turn()
        # derived: the legal actions by seat, and the seat to act's by type
        # (`_legal_of`); dropped at every apply (code that sets fields
        # directly resets it)
        self._legal_cache: dict[Any, list[Action]] = {}
        self._start_round([])

    def _reset_turn(self) -> None:
        self.taken = False
        self.slot_action: str | None = None
        self.balloon_used = False
        self.moves = 0
        self.distraction = False

    def clone(self) -> RaceState:
        other = shallow_copy(self)
        self.share_rng(other)
        other.history = list(self.history)
        for name in ("deck", "discard", "buried", "event_deck", "event_discard", "coins",
                     "days", "at", "arrivals", "track", "order"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other.held = [list(h) for h in self.held]
        other.known = [list(k) for k in self.known]
        other.chips = {c: list(p) for c, p in self.chips.items()}
        other.pending = None if self.pending is None else _copy_pending(self.pending)
        other._legal_cache = {}
        return other

    # --- the contract -------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of `seat` now (a fresh list; treat its dicts as read-only)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.to_act:
            return []
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = self._compute_legal(seat)
        return list(cached)

    def legal_by_type(self, seat: int) -> Callable[[str], list[Action]]:
        """A function of an action type listing `seat`'s legal actions of that
        type, in legal_actions' order, without listing the others (a
        rollout's player looks at a few types: game/bots/families/race_search.py).
        Good until the next apply; read-only lists."""
        if (type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool))) \
                or self.over or seat != self.current:
            return _no_actions
        return self._legal_of

    def apply(self, seat: int, action: Action) -> list[Event]:
        kind, canonical = self._check(seat, action)
        events: list[Event] = []
        _HANDLERS[kind](self, seat, canonical, events)
        self.history.append((seat, canonical))
        self._legal_cache = {}
        return events

    def apply_listed(self, seat: int, action: Action) -> None:
        """`apply` without the events, for an action taken unchanged from one
        of this state's `legal_by_type` lists (a rollout's move): found there
        by identity it is legal as it stands, so the shape check and the
        comparison with every listed action of its type are skipped. Any other
        action goes through `apply`."""
        listed = self._legal_cache.get(action.get("type")) if type(action) is dict else None
        if listed is not None and seat == self.current and not self.over:
            for known in listed:
                if known is action:
                    _HANDLERS[action["type"]](self, seat, action, [])
                    self.history.append((seat, action))
                    self._legal_cache = {}
                    return
        self.apply(seat, action)

    def result(self) -> dict[str, Any]:
        """Days, winners and breakdown (provisional until the game is over)."""
        if self.over:
            final = self.__dict__.get("_final_result")
            if final is None:
                final = self._final_result = self._compute_result()
            return final
        return self._compute_result()

    def _compute_result(self) -> dict[str, Any]:
        limit = self.n["time_limit"]
        won = winners(self.days, self.arrivals, self.coins, limit)
        place = places(self.days, self.arrivals, won, limit)
        breakdown = [{"seat": s, "days": self.days[s],
                      "arrived": self.arrivals.index(s) + 1 if s in self.arrivals else None,
                      "coins": self.coins[s], "city": self.data.route[self.at[s]],
                      "place": place[s]}
                     for s in range(self.players)]
        return {"scores": list(self.days), "winners": won, "breakdown": breakdown,
                "over": self.over}


    def determinize(self, seat: int, rng: random.Random) -> RaceState:
        """A state `seat` cannot tell from this one: hidden cards re-dealt, dice re-seeded.

        Hidden are the travel deck, the cards buried face down in the travel
        discard (arrived hands but for the cards seen taken), the other seats'
        travel hands but for the cards they were seen taking from the track,
        and the event pile, the other seats' event cards and those slid face
        down under the event discard (counts kept). The
        face-up travel discard and everything on the table stay as they are.
        Lists whose order the view does not show (the hands, the cards seen
        taken, the seat's event cards, the travel discard) come out sorted, the
        re-dealt cards after the seen ones: the guess depends only on the
        seat's view and the rng. The seed and the action record are not
        carried over (they would tell the real deal).
        """
        other = self.clone()
        others = [s for s in range(self.players) if s != seat]
        pool = list(self.deck) + list(self.buried)
        for s in others:
            pool.extend(without(self.hands[s], self.known[s]))
        pool.sort()  # canonical: the deal depends on the seat's view and rng only
        shuffle(pool, rng)
        other.known = [sorted(k) for k in self.known]
        other.hands[seat] = sorted(self.hands[seat])
        other.held[seat] = sorted(self.held[seat])
        for s in others:
            n = len(self.hands[s]) - len(self.known[s])
            other.hands[s] = other.known[s] + pool[:n]
            del pool[:n]
        n = len(self.buried)
        other.buried = pool[:n]
        del pool[:n]
        other.discard = sorted(without(self.discard, self.buried)) + other.buried
        other.deck = pool
        down = self.events_buried
        names = list(self.event_deck) + self.event_discard[:down]
        for s in others:
            names.extend(self.held[s])
        names.sort()
        shuffle(names, rng)
        for s in others:
            n = len(self.held[s])
            other.held[s] = names[:n]
            del names[:n]
        other.event_discard = names[:down] + self.event_discard[down:]
        del names[:down]
        other.event_deck = names
        other.seed_rng(rng.getrandbits(64))
        forget_the_record(other, rng)
        return other

    # --- validation ---------------------------------------------------------

    def _check(self, seat: Any, action: Any) -> tuple[str, Action]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(N_("there is no seat {seat} in this game"), seat=repr(seat))
        kind, canonical = canonical_action(action)
        if self.over:
            raise IllegalAction(N_("the game is over"), "over")
        if seat != self.current:
            raise IllegalAction(N_("it is not your turn (seat {seat} is playing)"),
                                "not_your_turn", seat=self.current + 1)
        if canonical not in self._legal_of(kind):
            raise self._why_not(seat, kind, canonical)
        return kind, canonical


# action type -> its handler (`_do_<type>`)
_HANDLERS = {kind: getattr(RaceState, f"_do_{kind}") for kind in SHAPES}


def _no_actions(kind: str) -> list[Action]:
    return []


def _copy_pending(pending: dict[str, Any]) -> dict[str, Any]:
    out = dict(pending)
    if "move" in out:
        out["move"] = dict(out["move"])
    return out
