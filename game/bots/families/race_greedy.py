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

import random
from collections.abc import Callable

from game.bots.families.race_planner import RacePlanner
from game.rules.base import Action, View


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
                return best_action(takes, plan.take_score)
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
                return best_action(moves, plan.move_score)
        if plan.moved == 0:
            # Stuck before the leg ahead: trade or buy cards for it.
            exchanges = of_type("exchange") if slot == "exchange" else []
            if exchanges:
                return best_action(exchanges, plan.exchange_score)
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
            action: Action = {"type": "accept"} if keeps_roll(roll, plan.coins) \
                else {"type": "reroll"}
        else:
            action = {"type": "bonus", "take": True}
        for listed in of_type(action["type"]):
            if listed == action:
                return listed
        return action


def keeps_roll(roll: int, coins: int) -> bool:
    """Whether the greedy racer (and so Hard) keeps a die's `roll` holding
    `coins`: 3 or less, or 4 with under 2 coins; else it pays to roll again."""
    return roll <= 3 or (roll == 4 and coins < 2)


# the track actions that are an action of their own, by the action's type
_SLOT_TYPES = {"coin": "coin", "event": "draw_event", "start_player": "start_player"}


def best_action(actions: list[Action], score: Callable[[Action], float]) -> Action:
    """The action of lowest score, ties to the lowest `action_key` (as min by
    (score, action_key) picks; the key is made only for a tie, the score only when
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
    return best if tied is None else min(tied, key=action_key)


def action_key(action: Action) -> str:
    """A tie-break key of an action: the same for equal actions."""
    return repr(sorted(action.items()))
