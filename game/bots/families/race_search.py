"""Eighty Days' Hard search hooks (RaceSearch): the greedy racer
(race_greedy.py) plays the rollouts, reading its position straight from the
engine state; a position is valued by the lead in days each traveller is
expected to finish with (race_planner.py's figures).
"""

from __future__ import annotations

import math

from game.bots.families.race_greedy import GreedyBot, action_key
from game.bots.families.race_planner import LOOKAHEAD, RacePlanner
from game.bots.families.race_worlds import world_from_view
from game.bots.search import GreedyLedHooks
from game.rules.base import Action, GameState, View
from game.rules.race.engine import RaceState

# Search evaluation: the days a leg beyond the look-ahead costs on average
# (greedy travellers finish the ten legs in about 76 days).
LEG_DAYS = 7.5


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
        moves.sort(key=lambda a: (plan.move_score(a), action_key(a)))
        takes.sort(key=lambda a: (plan.take_score(a), action_key(a)))
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
