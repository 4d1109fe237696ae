"""A greedy traveller for the race game.

It values a hand by the days its cards would cost on the next legs (a leg
the hand cannot pay counts at the deck's average, plus a wait), takes the
track card and action that make that smallest, always moves along the
cheapest payment (pairs, a balloon on an expensive card, Opportunity,
Propeller train, Submarine, Offer when it beats the cards), keeps a die
roll of 3 or less, sends the detective onto the leading rival's next city
and plays Distraction when it would end its turn beside him.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from game.bots.families.race_worlds import world_from_view
from game.bots.search import GreedyLedHooks
from game.rules.base import Action, GameState, View
from game.rules.race.data import RaceData
from game.rules.race.days import card_code, hand_code, hand_sets, payment_days
from game.rules.race.engine import RaceState

Card = tuple[str, int]
# each leg's ways to pay and its days without cards (see _leg_table)
LegTable = tuple[tuple[tuple[tuple[str, ...], ...], ...], tuple[int, ...]]
# The average card of each kind (train 2-6, ship 4-8 as the deck holds them).
AVERAGE = {"train": 3.9, "ship": 6.1}
# The days a leg the hand cannot pay is expected to cost beyond its average
# (the leg ahead: a lost turn, which lets rivals reach London first).
WAIT = 3.0
WAIT_NOW = 8.0
LOOKAHEAD = 3
# Search evaluation: the days a leg beyond the look-ahead costs on average
# (greedy travellers finish the ten legs in about 76 days).
LEG_DAYS = 7.5
# Expected days of a die with the keep-3-or-less policy and a coin or two.
BALLOON_DAYS = 2.8
ACTION_BONUS = {"coin": 1.2, "event": 1.0, "detective": 0.8, "start_player": 0.3,
                "exchange": 0.3, "balloon": 0.0}
# Days an event card is worth kept in hand (so it is not spent for nothing).
EVENT_WORTH = 1.0
# (leg options, hand's code) -> the cheapest payment, for `cheapest_payment`
_CHEAPEST: dict[tuple, tuple[float, tuple[Card, ...]] | None] = {}
CHEAPEST_KEPT = 8192
# (hand's code, first leg, leg ahead, Elephant held, legs) -> days, for
# `RacePlanner.hand_cost`; (hand's code, leg's options) -> days, for balloon_gain
_HAND_COSTS: dict[tuple, float] = {}
_BALLOON_GAINS: dict[tuple, float] = {}
# (legs, first leg, end, hand's code, leg ahead among them, Elephant held) ->
# each leg's days, for `RacePlanner._legs_days`
_LEGS_DAYS: dict[tuple, tuple[float, ...]] = {}
# (legs, leg, a move's cards, balloon and event cards, the top event card) ->
# the move's days with its event cards' worth, and its cards' code, for
# `RacePlanner.move_score`
_MOVE_FIGURES: dict[tuple, tuple[float, int]] = {}
HAND_COSTS_KEPT = 1 << 16
_UNKNOWN: Any = object()


def cheapest_payment(options: tuple[tuple[str, ...], ...], hand: list[Card],
                     code: int | None = None) -> tuple[float, tuple[Card, ...]] | None:
    """The fewest days a card set of `hand` pays one of a leg's `options` for,
    and that set (the first in card_sets' order of the cheapest); None when
    none fits (`code`: the hand's hand_code when known). It depends on the
    hand's cards, not their order, and the same hands meet the same legs
    again and again in a search's rollouts, so it is remembered (the store
    starts afresh at CHEAPEST_KEPT entries)."""
    if code is None:
        code = hand_code(hand)
    key = (options, code)
    known = _CHEAPEST.get(key, _UNKNOWN)
    if known is not _UNKNOWN:
        return known
    best: tuple[float, tuple[Card, ...]] | None = None
    for cards in hand_sets(options, hand, code):
        days = float(payment_days(cards))
        if best is None or days < best[0]:
            best = (days, cards)
    if len(_CHEAPEST) >= CHEAPEST_KEPT:
        _CHEAPEST.clear()
    _CHEAPEST[key] = best
    return best


class _FirstRead:
    """A planner field worked out on its first read, by the decorated method,
    then set on the planner, where later reads find it. Not a __getattr__ and
    no write through __dict__ (as functools.cached_property makes): either
    would give up the planner's compact attribute storage, and every read of
    every field would take the slow way."""

    def __init__(self, work_out: Callable[[Any], Any]):
        self.work_out = work_out
        self.__doc__ = work_out.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, plan: Any, owner: type | None = None) -> Any:
        if plan is None:
            return self
        value = self.work_out(plan)
        setattr(plan, self.name, value)
        return value


class RacePlanner:
    """One seat's position, read from its view (`RacePlanner(view)`) or, in a
    rollout, straight from the engine state (`RacePlanner.of_state`: no view
    built a move). Both read the same fields (a test compares them)."""

    def __init__(self, view: View | None = None):
        if view is None:
            return  # of_state fills the fields
        self.seat: int = view["you"]
        me = view["players"][self.seat]
        self.at: int = me["at"]
        self.coins: int = me["coins"]
        self.hand = [(k, v) for k, v in view["private"]["hand"]]
        self.events = list(view["private"]["events"])
        self.elephant: bool = "Elephant" in self.events
        self.legs: LegTable = _leg_table(view["legs"])
        self.options, self.no_cards = self.legs
        # the face-up top of the event discard (what a Princess plays as)
        self.top_event: str | None = view["event_discard"][-1] if view["event_discard"] else None
        self.track: list[Card | None] = [None if slot["card"] is None else tuple(slot["card"])
                                         for slot in view["track"]]
        self.track_actions: list[str] = [slot["action"] for slot in view["track"]]
        self.bank: int = view["bank"]
        self.route: list[str] = view["route"]
        pending = view["private"].get("pending")
        # the decision awaited from the seat: (kind, the die's roll for a reroll)
        self.pending: tuple[str, int | None] | None = \
            None if pending is None else (pending["kind"], pending.get("roll"))
        turn = view["turn_state"]
        self.taken: bool = turn["taken"]
        self.slot_action: str | None = turn["action"]
        self.moved: int = turn["moves"]
        self.distraction: bool = turn["distraction"]
        self.beside_detective: bool = me["city"] == view["detective"]
        # (seat, days, at) of the travellers still on the way
        self._on_the_way: list[tuple[int, int, int]] | None = [
            (p["seat"], p["days"], p["at"]) for p in view["players"] if p["arrived"] is None]
        self._state: RaceState | None = None

    @classmethod
    def of_state(cls, state: RaceState, seat: int) -> RacePlanner:
        """`seat`'s position as `RacePlanner(state.view(seat))` reads it."""
        plan = cls.__new__(cls)     # no view to read (__init__ would return at once)
        plan.seat = seat
        plan.at = at = state.at[seat]
        plan.coins = state.coins[seat]
        plan.elephant = "Elephant" in state.held[seat]
        data = state.data
        plan.legs = legs = _data_leg_table(data)
        plan.options, plan.no_cards = legs
        discard = state.event_discard
        plan.top_event = discard[-1] if len(discard) > state.events_buried else None
        plan.track = state.track
        plan.track_actions = data.action_track
        plan.bank = state.bank
        plan.route = route = data.route
        pending = state.pending
        plan.pending = None if pending is None or state.over or state.current != seat \
            else (pending["kind"], pending.get("roll"))
        plan.taken = state.taken
        plan.slot_action = state.slot_action
        plan.moved = state.moves
        plan.distraction = state.distraction
        plan.beside_detective = route[at] == route[state.detective]
        plan._on_the_way = None
        plan._state = state
        return plan

    # The fields of_state leaves to their first use (most rollout moves never
    # read the hand; a view's planner has its hand and event cards from the
    # start), and the hand's code.

    @_FirstRead
    def hand(self) -> list[Card]:
        """The seat's travel cards, sorted."""
        assert self._state is not None
        return sorted(self._state.hands[self.seat])

    @_FirstRead
    def events(self) -> list[str]:
        """The seat's event cards, sorted."""
        assert self._state is not None
        return sorted(self._state.held[self.seat])

    @_FirstRead
    def code(self) -> int:
        """The hand's hand_code."""
        state = self._state
        return hand_code(self.hand if state is None else state.hands[self.seat])

    def may_connect(self) -> bool:
        """Whether the seat holds a Connection (or a Princess playing one)."""
        events = self.events
        return "Connection" in events or ("Princess" in events
                                          and self.top_event == "Connection")

    def on_the_way(self) -> list[tuple[int, int, int]]:
        """(seat, days, at) of each traveller still on the way."""
        if self._on_the_way is None:
            state = self._state
            assert state is not None
            arrivals = state.arrivals
            self._on_the_way = [(s, state.days[s], state.at[s]) for s in range(state.players)
                                if s not in arrivals]
        return self._on_the_way

    # --- valuing hands ------------------------------------------------------

    def leg_cost(self, index: int, hand: list[Card], code: int | None = None
                 ) -> tuple[float, list[Card]]:
        """Cheapest days for leg `index` from `hand` (`code`: its hand_code
        when known), and the cards it uses."""
        options = self.options[index]
        if not options:
            return (9.5 if self.elephant else float(self.no_cards[index])), []
        best = cheapest_payment(options, hand, code)
        if best is None:
            return self.partial_cost(index, hand)
        return best[0], list(best[1])

    def partial_cost(self, index: int, hand: list[Card]) -> tuple[float, list[Card]]:
        """A leg the hand cannot pay yet: the cards it has toward it count as
        played, each missing card at the average plus a wait (per missing card,
        so a hand one card short is worth more than an empty one)."""
        wait = WAIT_NOW if index == self.at else WAIT
        best: tuple[float, list[Card]] | None = None
        for option in self.options[index]:
            used: list[Card] = []
            missing = 0.0
            for kind in set(option):
                need = option.count(kind)
                mine = sorted(c for c in hand if c[0] == kind)[:need]
                used += mine
                missing += (need - len(mine)) * (AVERAGE[kind] + wait)
            days = payment_days(used) + missing
            if best is None or days < best[0]:
                best = (days, used)
        assert best is not None
        return best

    def hand_cost(self, hand: list[Card], start: int, code: int | None = None) -> float:
        """Days the next legs from `start` would cost with `hand` (lower is
        better; `code`: its hand_code when known). It depends on the hand's
        cards, not their order, on the legs, on which leg is the one ahead
        and on holding an Elephant; the same hands come back again and again
        in a search's rollouts, so it is remembered (the store starts afresh
        at HAND_COSTS_KEPT entries)."""
        key = self._cost_key(hand_code(hand) if code is None else code, start)
        known = _HAND_COSTS.get(key)
        if known is None:
            if len(_HAND_COSTS) >= HAND_COSTS_KEPT:
                _HAND_COSTS.clear()
            known = _HAND_COSTS[key] = self._hand_cost(hand, start, key[0])
        return known

    def _cost_key(self, code: int, start: int) -> tuple:
        """hand_cost's memo key of the hand whose code is `code` (a caller
        that finds it there needs no hand made)."""
        at = self.at
        return (code, start, at if start <= at < start + LOOKAHEAD else -1,
                self.elephant, id(self.legs))

    def _hand_cost(self, hand: list[Card], start: int, code: int) -> float:
        total = 0.0
        for days in self._legs_days(hand, start, min(start + LOOKAHEAD, len(self.options)),
                                    code, first=True):
            total += days
        return total

    def _legs_days(self, hand: list[Card], index: int, end: int, code: int,
                   first: bool = False) -> tuple[float, ...]:
        """The days of legs `index` to `end` - 1 paid one after the other from
        `hand` (whose code is `code`), each with what the legs before left.
        What is left after the first leg is often a hand met before (the card
        just taken paid for it): the days from the second leg on are
        remembered (by the legs, the hand's code, the leg ahead among them and
        holding an Elephant; the store starts afresh at HAND_COSTS_KEPT)."""
        if index >= end:
            return ()
        key = None
        if not first:
            at = self.at
            key = (id(self.legs), index, end, code, at if index <= at < end else -1,
                   self.elephant)
            known = _LEGS_DAYS.get(key)
            if known is not None:
                return known
        days, used = self.leg_cost(index, hand, code)
        rest = list(hand)
        for card in used:
            rest.remove(card)
            code -= card_code(card)
        found = (days,) + self._legs_days(rest, index + 1, end, code)
        if key is not None:
            if len(_LEGS_DAYS) >= HAND_COSTS_KEPT:
                _LEGS_DAYS.clear()
            _LEGS_DAYS[key] = found
        return found

    def move_days(self, action: Action, cards: list[Card] | None = None) -> float:
        """The days the move takes (a balloon's die counted at its average;
        `cards`: the action's cards as tuples, when made already)."""
        effects = action["events"]
        if effects:
            effects = list(effects)
            if "Princess" in effects:
                effects[effects.index("Princess")] = self.top_event
            if "Offer" in effects:
                return 10.0
        at = self.at
        if not self.options[at]:
            return 9.5 if "Elephant" in effects else float(self.no_cards[at])
        if cards is None:
            cards = [tuple(c) for c in action["cards"]]
        balloon = action["balloon"]
        if balloon is not None:
            balloon = tuple(balloon)
        if effects:
            exact = payment_days(cards, balloon=balloon, roll=0,
                                 propeller=1 if "Propeller train" in effects else None,
                                 submarine=3 if "Submarine" in effects else None,
                                 opportunity="Opportunity" in effects)
        else:
            exact = payment_days(cards, balloon=balloon, roll=0)
        return exact + (BALLOON_DAYS if balloon is not None else 0.0)

    def move_score(self, action: Action) -> float:
        """The move's days, the event cards it spends and half the cost of
        the legs after it with the hand it leaves. The move's own figures
        depend on its cards, balloon and event cards, the leg and the card a
        Princess copies: the same few moves come back again and again in a
        search's rollouts, so they are remembered (the store starts afresh
        at HAND_COSTS_KEPT entries)."""
        balloon = action["balloon"]
        key = (id(self.legs), self.at, tuple(map(tuple, action["cards"])),
               None if balloon is None else tuple(balloon), tuple(action["events"]),
               self.top_event)
        figures = _MOVE_FIGURES.get(key)
        if figures is None:
            if len(_MOVE_FIGURES) >= HAND_COSTS_KEPT:
                _MOVE_FIGURES.clear()
            figures = _MOVE_FIGURES[key] = self._move_figures(action, list(key[2]))
        days, cards_code = figures
        code = self.code - cards_code
        start = self.at + 1
        cost = _HAND_COSTS.get(self._cost_key(code, start))
        if cost is None:        # the hand left is made only to be valued
            rest = list(self.hand)
            for card in key[2]:
                rest.remove(card)
            cost = self.hand_cost(rest, start, code)
        return days + 0.5 * cost

    def _move_figures(self, action: Action, cards: list[Card]) -> tuple[float, int]:
        """The move's days plus what the event cards it spends are worth, and
        the code of its cards (`cards`: the action's cards as tuples)."""
        events = action["events"]
        spent = sum(EVENT_WORTH for e in events if e != "Connection") if events else 0
        return self.move_days(action, cards) + spent, hand_code(cards)

    # --- choices ------------------------------------------------------------

    def take_score(self, action: Action) -> float:
        if action["type"] == "take_deck":
            return self.hand_cost(self.hand, self.at, self.code) - 0.3
        slot = action["slot"]
        card = self.track[slot]
        assert card is not None
        code = self.code + card_code(card)
        score = _HAND_COSTS.get(self._cost_key(code, self.at))
        if score is None:       # the hand with the card is made only to be valued
            score = self.hand_cost(self.hand + [card], self.at, code)
        kind = self.track_actions[slot]
        if kind == "coin" and self.bank <= 0:
            return score
        if kind == "balloon":
            return score - self.balloon_gain(self.hand + [card], code)
        return score - ACTION_BONUS.get(kind, 0.0)

    def balloon_gain(self, hand: list[Card], code: int | None = None) -> float:
        """Days a balloon saves on the leg ahead with `hand` (`code`: its
        hand_code when known); remembered like hand_cost."""
        options = self.options[self.at]
        if not options:
            return 0.0
        key = (hand_code(hand) if code is None else code, id(options))
        known = _BALLOON_GAINS.get(key)
        if known is None:
            if len(_BALLOON_GAINS) >= HAND_COSTS_KEPT:
                _BALLOON_GAINS.clear()
            known = _BALLOON_GAINS[key] = self._balloon_gain(options, hand)
        return known

    def _balloon_gain(self, options: tuple[tuple[str, ...], ...], hand: list[Card]) -> float:
        gains = [0.0]
        for cards in hand_sets(options, hand):
            plain = payment_days(cards)
            for card in set(cards):
                with_balloon = payment_days(cards, balloon=card, roll=0) + BALLOON_DAYS
                gains.append(plain - with_balloon)
        return max(gains)

    def detective_city(self) -> str | None:
        """The next city of the rival best placed to win, if it is not ours."""
        route = self.route
        rivals = [p for p in self.on_the_way() if p[0] != self.seat]
        if not rivals:
            return None
        leader = min(rivals, key=lambda p: (p[1] - 8 * p[2], p[0]))
        target = leader[2] + 1
        if target >= len(route) - 1 or target in (self.at, self.at + 1):
            return None
        return route[target]

    def exchange_score(self, action: Action) -> float:
        """The hand's cost with the given-up cards replaced by average draws."""
        rest = list(self.hand)
        for card in action["cards"]:
            rest.remove(tuple(card))
        return self.hand_cost(rest, self.at) - 2.0 * len(action["cards"])

    def worst_card(self, legal: list[Action]) -> Action:
        """The discard that hurts the coming legs least."""
        best = None
        for action in legal:
            if action["type"] == "discard":
                rest = list(self.hand)
                rest.remove(tuple(action["card"]))
                score = self.hand_cost(rest, self.at)
            else:
                score = self.hand_cost(self.hand, self.at) + EVENT_WORTH
            if best is None or score < best[0]:
                best = (score, action)
        assert best is not None
        return best[1]


class GreedyBot:
    """Fewest expected days now: see the module docstring."""

    name = "greedy"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: View, legal: list[Action]) -> Action:
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        action = self.decide(RacePlanner(view), lambda kind: by_type.get(kind, []))
        return self.rng.choice(legal) if action is None else action

    def decide(self, plan: RacePlanner, of_type: Callable[[str], list[Action]]
               ) -> Action | None:
        """The move among the legal ones, `of_type(kind)` listing those of one
        type (in legal order); None when it has no preference (the caller
        picks one at random)."""
        pending = plan.pending
        if pending is not None:
            return self._decide(pending, plan, of_type)
        # A type is asked for only where the rules may allow it: a card is
        # taken first, the action under it comes before moving.
        if not plan.taken:
            takes = of_type("take") + of_type("take_deck")
            if takes:
                return _best(takes, plan.take_score)
        slot = plan.slot_action if plan.moved == 0 else None
        if slot in _SLOT_TYPES:
            found = of_type(_SLOT_TYPES[slot])
            if found:
                return found[0]
        if slot == "detective":
            city = plan.detective_city()
            for action in of_type("detective"):
                if action["city"] == city:
                    return action
        if plan.elephant and plan.at > 4 and plan.bank > 0:
            elephant = self._event(of_type, "Elephant")
            if elephant is not None:
                return elephant
        # a second move takes a Connection (or the Princess playing one)
        if plan.moved == 0 or plan.moved == 1 and plan.may_connect():
            moves = of_type("move")
            if moves:
                return _best(moves, plan.move_score)
        if plan.moved == 0:
            # Stuck before the leg ahead: trade or buy cards for it.
            exchanges = of_type("exchange") if slot == "exchange" else []
            if exchanges:
                return _best(exchanges, plan.exchange_score)
            for action in of_type("buy"):
                if action["pile"] == "travel":
                    return action
        discards = of_type("discard") + of_type("discard_event")
        if discards:
            return plan.worst_card(discards)
        if plan.beside_detective and not plan.distraction and "Distraction" in plan.events:
            distraction = self._event(of_type, "Distraction")
            if distraction is not None:
                return distraction
        ends = of_type("end_turn")
        if ends:
            return ends[0]
        return None

    @staticmethod
    def _event(of_type: Callable[[str], list[Action]], name: str) -> Action | None:
        for action in of_type("play_event"):
            if action["event"] == name:
                return action
        return None

    @staticmethod
    def _decide(pending: tuple[str, int | None], plan: RacePlanner,
                of_type: Callable[[str], list[Action]]) -> Action:
        """The answer to a pending decision, as listed when it is (so that a
        rollout applies the listed action: RaceState.apply_listed)."""
        kind, roll = pending
        if kind == "reroll":
            assert roll is not None
            keep = roll <= 3 or (roll == 4 and plan.coins < 2)
            action: Action = {"type": "accept"} if keep else {"type": "reroll"}
        else:
            action = {"type": "bonus", "take": True}
        for listed in of_type(action["type"]):
            if listed == action:
                return listed
        return action


# the track actions that are an action of their own, by the action's type
_SLOT_TYPES = {"coin": "coin", "event": "draw_event", "start_player": "start_player"}


def _best(actions: list[Action], score: Callable[[Action], float]) -> Action:
    """The action of lowest score, ties to the lowest `_key` (as min by
    (score, _key) picks; the key is made only for a tie, the score only when
    there is a choice)."""
    best = actions[0]
    if len(actions) == 1:
        return best
    low = score(best)
    tied: list[Action] | None = None
    for action in actions[1:]:
        value = score(action)
        if value < low:
            best, low, tied = action, value, None
        elif value == low:
            if tied is None:
                tied = [best]
            tied.append(action)
    return best if tied is None else min(tied, key=_key)


def _key(action: Action) -> str:
    return repr(sorted(action.items()))


# id(race data) -> (the data, its legs' options and days without cards); 0 -> the
# last one asked for
_DATA_LEGS: dict[int, tuple[RaceData, LegTable]] = {}


# every leg table made, each once: the planner's memo keys name one by its id
_LEG_TABLES: dict[LegTable, LegTable] = {}


def _leg_table(legs: list[dict[str, Any]]) -> LegTable:
    """Each leg's ways to pay (as tuples) and its days without cards, from a view's legs."""
    table = (tuple(tuple(tuple(o) for o in leg["options"]) for leg in legs),
             tuple(leg["no_cards_days"] for leg in legs))
    return _LEG_TABLES.setdefault(table, table)


def _data_leg_table(data: RaceData) -> LegTable:
    """`_leg_table` of the race data's legs, made once per data."""
    last = _DATA_LEGS.get(0)
    if last is not None and last[0] is data:
        return last[1]
    known = _DATA_LEGS.get(id(data))
    if known is None or known[0] is not data:
        table = (tuple(tuple(tuple(o) for o in leg.options) for leg in data.legs),
                 tuple(leg.no_cards_days for leg in data.legs))
        known = _DATA_LEGS[id(data)] = (data, _LEG_TABLES.setdefault(table, table))
    _DATA_LEGS[0] = known   # the last one asked for
    return known[1]


class RaceSearch(GreedyLedHooks):
    """The search bot's hooks: the greedy racer plays the rollouts (it is
    cheap) to the end of the race; the lead is counted in days."""

    depth = None
    scale = 8.0
    widest = 5
    greedy_bot = GreedyBot
    greedy: GreedyBot

    def policy(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        # the planner reads part of the view: the engine builds just that
        return self.greedy.choose(state.planning_view(seat), legal)

    def act(self, state: GameState, seat: int) -> Action:
        """The greedy player's move, read from the state and chosen among the
        legal actions of the types it looks at (listed one type at a time),
        without a view or the whole legal list: the move `SearchHooks.act`
        makes. Where the greedy player would choose at random, as any family
        does (the same random draw)."""
        assert isinstance(state, RaceState)
        action = self.greedy.decide(RacePlanner.of_state(state, seat),
                                    state.legal_by_type(seat))
        return super().act(state, seat) if action is None else action

    def play(self, state: GameState, seat: int, action: Action) -> None:
        """`act`'s move is one the state listed: applied as such (no check of
        its shape, no events)."""
        assert isinstance(state, RaceState)
        state.apply_listed(seat, action)

    def rebuild(self, view: View) -> RaceState | None:
        return world_from_view(view)

    def candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """Every choice, but of the ways to travel a leg and the cards to take
        only the WIDEST the planner rates best (there can be two dozen)."""
        plan = RacePlanner(view)
        moves = [a for a in legal if a["type"] == "move"]
        takes = [a for a in legal if a["type"] in ("take", "take_deck")]
        rest = [a for a in legal if a["type"] not in ("move", "take", "take_deck")]
        moves.sort(key=lambda a: (plan.move_score(a), _key(a)))
        takes.sort(key=lambda a: (plan.take_score(a), _key(a)))
        return moves[:self.widest] + takes[:self.widest] + rest

    def evaluate(self, state: GameState, seat: int) -> float:
        """The lead in days each traveller is expected to finish with: days so
        far plus what the legs ahead would cost with the cards in hand (the
        days alone would reward staying at home: a traveller still on the way
        has fewer). A finished race counts its result half and that lead half."""
        assert isinstance(state, RaceState)
        finish = []
        for s in range(state.players):
            days = state.days[s]
            if s in state.arrivals:
                finish.append(float(days) - 0.5)   # home first is a tie-break win
                continue
            plan = RacePlanner.of_state(state, s)
            ahead = plan.hand_cost(plan.hand, plan.at)
            rest = max(0, len(plan.options) - plan.at - LOOKAHEAD)
            finish.append(days + ahead + rest * LEG_DAYS)
        best = min(f for s, f in enumerate(finish) if s != seat)
        lead = 0.5 + 0.5 * math.tanh((best - finish[seat]) / self.scale)
        if not state.is_over:
            return lead
        winners = state.result()["winners"]
        return 0.5 * (1.0 / len(winners) if seat in winners else 0.0) + 0.5 * lead

BOTS = {"greedy": GreedyBot}
SEARCH = RaceSearch
