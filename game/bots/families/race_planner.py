"""Eighty Days' planner: one seat's position, read from its view or straight
from the engine state, and what it makes of it in days: the legs ahead with
a hand, a move, a card taken from the track, a balloon, an exchange, a
discard, and where to send the detective. The Normal player (race_greedy.py)
chooses by these figures; Hard's rollouts (race_search.py) and evaluation use
them too. The figures come back again and again in a search's rollouts, so
they are remembered (each store starts afresh at HAND_COSTS_KEPT entries).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.bots.families.race_legs import LegTable, cheapest_payment, data_leg_table, leg_table
from game.rules.base import Action, View
from game.rules.race.days import Card, card_code, hand_code, hand_sets, payment_days
from game.rules.race.engine import RaceState

# The average card of each kind (train 2-6, ship 4-8 as the deck holds them).
AVERAGE = {"train": 3.9, "ship": 6.1}
# The days a leg the hand cannot pay is expected to cost beyond its average
# (the leg ahead: a lost turn, which lets rivals reach London first).
WAIT = 3.0
WAIT_NOW = 8.0
LOOKAHEAD = 3
# Expected days of a die with the keep-3-or-less policy and a coin or two.
BALLOON_DAYS = 2.8
ACTION_BONUS = {"coin": 1.2, "event": 1.0, "detective": 0.8, "start_player": 0.3,
                "exchange": 0.3, "balloon": 0.0}
# Days an event card is worth kept in hand (so it is not spent for nothing).
EVENT_WORTH = 1.0
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
        self.legs: LegTable = leg_table(view["legs"])
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
        plan.legs = legs = data_leg_table(data)
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

    def leading_rival(self) -> tuple[int, int, int] | None:
        """(seat, days, at) of the rival still on the way best placed to win
        (fewest days, a city ahead counting 8), if any."""
        rivals = [p for p in self.on_the_way() if p[0] != self.seat]
        if not rivals:
            return None
        return min(rivals, key=lambda p: (p[1] - 8 * p[2], p[0]))

    def detective_city(self) -> str | None:
        """The next city of the rival best placed to win, if it is not ours."""
        route = self.route
        leader = self.leading_rival()
        if leader is None:
            return None
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
