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
from typing import Any

from game.bots.families.race_worlds import world_from_view
from game.bots.search import Deal, SearchHooks, redealer
from game.rules.base import Action, GameState, View
from game.rules.race.days import card_sets, payment_days

Card = tuple[str, int]
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
# (leg options, hand) -> the cheapest payment, for `cheapest_payment`
_CHEAPEST: dict[tuple, tuple[float, tuple[Card, ...]] | None] = {}
CHEAPEST_KEPT = 8192


def cheapest_payment(options: tuple[tuple[str, ...], ...], hand: list[Card]
                     ) -> tuple[float, tuple[Card, ...]] | None:
    """The fewest days a card set of `hand` pays one of a leg's `options` for,
    and that set (the first in card_sets' order of the cheapest); None when
    none fits. It depends on the hand's cards, not their order, and the same
    hands meet the same legs again and again in a search's rollouts, so it
    is remembered (the store starts afresh at CHEAPEST_KEPT entries)."""
    key = (options, tuple(sorted(hand)))
    if key in _CHEAPEST:
        return _CHEAPEST[key]
    best: tuple[float, tuple[Card, ...]] | None = None
    for cards in card_sets(options, hand):
        days = float(payment_days(cards))
        if best is None or days < best[0]:
            best = (days, tuple(cards))
    if len(_CHEAPEST) >= CHEAPEST_KEPT:
        _CHEAPEST.clear()
    _CHEAPEST[key] = best
    return best


class RacePlanner:
    """One position, read from a view."""

    def __init__(self, view: View):
        self.view = view
        self.seat: int = view["you"]
        me = view["players"][self.seat]
        self.at: int = me["at"]
        self.coins: int = me["coins"]
        self.hand: list[Card] = [(k, v) for k, v in view["private"]["hand"]]
        self.events: list[str] = list(view["private"]["events"])
        self.legs = view["legs"]

    # --- valuing hands ------------------------------------------------------

    def leg_cost(self, index: int, hand: list[Card]) -> tuple[float, list[Card]]:
        """Cheapest days for leg `index` from `hand`, and the cards it uses."""
        leg = self.legs[index]
        if not leg["options"]:
            return (9.5 if "Elephant" in self.events else float(leg["no_cards_days"])), []
        options = tuple(tuple(o) for o in leg["options"])
        best = cheapest_payment(options, hand)
        if best is None:
            return self.partial_cost(index, hand)
        return best[0], list(best[1])

    def partial_cost(self, index: int, hand: list[Card]) -> tuple[float, list[Card]]:
        """A leg the hand cannot pay yet: the cards it has toward it count as
        played, each missing card at the average plus a wait (per missing card,
        so a hand one card short is worth more than an empty one)."""
        wait = WAIT_NOW if index == self.at else WAIT
        best: tuple[float, list[Card]] | None = None
        for option in self.legs[index]["options"]:
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

    def hand_cost(self, hand: list[Card], start: int) -> float:
        """Days the next legs from `start` would cost with `hand` (lower is better)."""
        rest = list(hand)
        total = 0.0
        for index in range(start, min(start + LOOKAHEAD, len(self.legs))):
            days, used = self.leg_cost(index, rest)
            total += days
            for card in used:
                rest.remove(card)
        return total

    def move_days(self, action: Action) -> float:
        leg = self.legs[self.at]
        effects = list(action["events"])
        if "Princess" in effects:
            top = self.view["event_discard"][-1] if self.view["event_discard"] else None
            effects[effects.index("Princess")] = top
        if "Offer" in effects:
            return 10.0
        if not leg["options"]:
            return 9.5 if "Elephant" in effects else float(leg["no_cards_days"])
        cards = [tuple(c) for c in action["cards"]]
        balloon = None if action["balloon"] is None else tuple(action["balloon"])
        exact = payment_days(cards, balloon=balloon, roll=0,
                             propeller=1 if "Propeller train" in effects else None,
                             submarine=3 if "Submarine" in effects else None,
                             opportunity="Opportunity" in effects)
        return exact + (BALLOON_DAYS if balloon is not None else 0.0)

    def move_score(self, action: Action) -> float:
        rest = list(self.hand)
        for card in action["cards"]:
            rest.remove(tuple(card))
        spent = sum(EVENT_WORTH for e in action["events"] if e != "Connection")
        return self.move_days(action) + spent + 0.5 * self.hand_cost(rest, self.at + 1)

    # --- choices ------------------------------------------------------------

    def take_score(self, action: Action) -> float:
        track = self.view["track"]
        if action["type"] == "take_deck":
            return self.hand_cost(self.hand, self.at) - 0.3
        slot = track[action["slot"]]
        card = tuple(slot["card"])
        score = self.hand_cost(self.hand + [card], self.at)
        kind = slot["action"]
        if kind == "coin" and self.view["bank"] <= 0:
            return score
        if kind == "balloon":
            return score - self.balloon_gain(self.hand + [card])
        return score - ACTION_BONUS.get(kind, 0.0)

    def balloon_gain(self, hand: list[Card]) -> float:
        """Days a balloon saves on the leg ahead with `hand`."""
        leg = self.legs[self.at]
        if not leg["options"]:
            return 0.0
        gains = [0.0]
        for cards in card_sets([tuple(o) for o in leg["options"]], hand):
            plain = payment_days(cards)
            for card in set(cards):
                with_balloon = payment_days(cards, balloon=card, roll=0) + BALLOON_DAYS
                gains.append(plain - with_balloon)
        return max(gains)

    def detective_city(self) -> str | None:
        """The next city of the rival best placed to win, if it is not ours."""
        route = self.view["route"]
        rivals = [p for p in self.view["players"]
                  if p["seat"] != self.seat and p["arrived"] is None]
        if not rivals:
            return None
        leader = min(rivals, key=lambda p: (p["days"] - 8 * p["at"], p["seat"]))
        target = leader["at"] + 1
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
        plan = RacePlanner(view)
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        pending = view["private"].get("pending")
        if pending is not None:
            return self._decide(pending, plan, legal)
        if "take" in by_type or "take_deck" in by_type:
            takes = by_type.get("take", []) + by_type.get("take_deck", [])
            return min(takes, key=lambda a: (plan.take_score(a), _key(a)))
        for kind in ("coin", "draw_event", "start_player"):
            if kind in by_type:
                return by_type[kind][0]
        if "detective" in by_type:
            city = plan.detective_city()
            for action in by_type["detective"]:
                if action["city"] == city:
                    return action
        elephant = self._event(by_type, "Elephant")
        if elephant is not None and plan.at > 4 and view["bank"] > 0:
            return elephant
        if "move" in by_type:
            return min(by_type["move"], key=lambda a: (plan.move_score(a), _key(a)))
        if view["turn_state"]["moves"] == 0:
            # Stuck before the leg ahead: trade or buy cards for it.
            if "exchange" in by_type:
                return min(by_type["exchange"],
                           key=lambda a: (plan.exchange_score(a), _key(a)))
            if {"type": "buy", "pile": "travel"} in legal:
                return {"type": "buy", "pile": "travel"}
        if "discard" in by_type or "discard_event" in by_type:
            return plan.worst_card(by_type.get("discard", []) + by_type.get("discard_event", []))
        me = view["players"][plan.seat]
        if me["city"] == view["detective"] and not view["turn_state"]["distraction"]:
            distraction = self._event(by_type, "Distraction")
            if distraction is not None:
                return distraction
        if "end_turn" in by_type:
            return by_type["end_turn"][0]
        return self.rng.choice(legal)

    @staticmethod
    def _event(by_type: dict[str, list[Action]], name: str) -> Action | None:
        for action in by_type.get("play_event", ()):
            if action["event"] == name:
                return action
        return None

    @staticmethod
    def _decide(pending: dict[str, Any], plan: RacePlanner, legal: list[Action]) -> Action:
        if pending["kind"] == "reroll":
            roll = pending["roll"]
            keep = roll <= 3 or (roll == 4 and plan.coins < 2)
            return {"type": "accept"} if keep else {"type": "reroll"}
        return {"type": "bonus", "take": True}


def _key(action: Action) -> str:
    return repr(sorted(action.items()))


class RaceSearch(SearchHooks):
    """The search bot's hooks: the greedy racer plays the rollouts (it is
    cheap) to the end of the race; the lead is counted in days."""

    depth = None
    scale = 8.0
    widest = 5

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.greedy = GreedyBot(rng)

    def policy(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        # the planner reads part of the view: the engine builds just that
        return self.greedy.choose(state.planning_view(seat), legal)

    def fallback(self, view: View, legal: list[Action]) -> Action:
        return self.greedy.choose(view, legal)

    def world(self, view: View) -> Deal | None:
        world = world_from_view(view)
        return None if world is None else redealer(world, view["you"])

    def prior(self, view: View, legal: list[Action]) -> Action | None:
        return self.greedy.choose(view, legal)

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
        finish = []
        for s in range(state.players):
            view = state.view(s)
            me = view["players"][s]
            if me["arrived"] is not None:
                finish.append(float(me["days"]) - 0.5)   # home first is a tie-break win
                continue
            plan = RacePlanner(view)
            ahead = plan.hand_cost(plan.hand, plan.at)
            rest = max(0, len(plan.legs) - plan.at - LOOKAHEAD)
            finish.append(me["days"] + ahead + rest * LEG_DAYS)
        best = min(f for s, f in enumerate(finish) if s != seat)
        lead = 0.5 + 0.5 * math.tanh((best - finish[seat]) / self.scale)
        if not state.is_over:
            return lead
        winners = state.result()["winners"]
        return 0.5 * (1.0 / len(winners) if seat in winners else 0.0) + 0.5 * lead

BOTS = {"greedy": GreedyBot}
SEARCH = RaceSearch
