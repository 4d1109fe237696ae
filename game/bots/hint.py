"""A hint that says why: the move Hard would make for a seat, with reasons.

The move is Hard's own (the search bot with the same budget and seed makes
the same choice), found from what the seat may know: its view, and guesses
at the hidden cards dealt from that view alone (`dealer`, or the family's
world rebuilt from the view on a LAN client). The reasons are data, not
sentences: what the search found (its estimate of the move against the next
best, over how many playouts) and what the family reads in the move
(`game/bots/families/<family>_hints.py`, `explain(view, action)`: the tickets
a route moves on, the cards it keeps, ...). game/narration words them.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from game.bots import FamilyBot
from game.bots.search import Budget, Deal
from game.bots.timing import ThinkBank
from game.rules import GAMES
from game.rules.base import Action, View

HINT_THINK_MS = 900          # a hint answers within a second of thinking


@dataclass(frozen=True)
class Reason:
    """One reason, as data: `code` names it, `data` holds its numbers and things
    (cities, tickets, cards); the family's narration words it."""

    code: str
    data: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, **self.data}


@dataclass(frozen=True)
class Hint:
    """Hard's move for `seat` and why."""

    seat: int
    action: Action
    reasons: tuple[Reason, ...]
    rollouts: int = 0
    value: float | None = None           # the search's estimate, 0 (lost) .. 1 (won)
    runner_up: Action | None = None
    runner_up_value: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "rollouts": self.rollouts,
                "value": self.value, "runner_up": self.runner_up,
                "runner_up_value": self.runner_up_value,
                "reasons": [r.as_dict() for r in self.reasons]}


def find_hint(view: View, legal: list[Action], seed: int, deal: Deal | None = None,
              think_ms: int = HINT_THINK_MS, iterations: int | None = None) -> Hint:
    """Hard's move for the seat whose `view` this is, among `legal`, and why.

    `deal` samples hidden cards from the seat's view only (`game.bots.dealer`);
    without one the family rebuilds a world from the view."""
    if not legal:
        raise ValueError("the seat has no move to hint")
    seat = view["you"]
    bot = FamilyBot("search", seed, Budget(think_ms, iterations))
    # a hint answers within its think time, a big decision too (Hard at the
    # table may think a choice of tickets over for four times as long)
    bot.bank = ThinkBank(extra=False)
    action = bot.choose(view, legal, deal)
    searched = bot.searched(view.get("game", ""))
    reasons: list[Reason] = []
    value = runner_value = None
    runner = None
    rollouts = 0
    if searched is not None and searched.last_moves and searched.last_means:
        rollouts = searched.last_iterations
        ranked = sorted((m, i) for i, m in enumerate(searched.last_means) if m is not None)
        ranked.reverse()
        chosen = searched.last_moves.index(action) if action in searched.last_moves else None
        if chosen is not None:
            value = searched.last_means[chosen]
            others = [(m, i) for m, i in ranked if i != chosen]
            if others:
                runner_value, index = others[0]
                runner = searched.last_moves[index]
        if value is not None:
            reasons.append(Reason("search", {"rollouts": rollouts, "value": round(value, 3),
                                             "runner_up": runner,
                                             "runner_up_value": None if runner_value is None
                                             else round(runner_value, 3)}))
    elif len(legal) == 1:
        reasons.append(Reason("only_move"))
    reasons.extend(family_reasons(view, action))
    return Hint(seat, action, tuple(reasons), rollouts, value, runner, runner_value)


def family_reasons(view: View, action: Action) -> list[Reason]:
    """What the seat's family reads in `action` (none when it has no explainer)."""
    info = GAMES.get(view.get("game", ""))
    if info is None:
        return []
    try:
        module = importlib.import_module(f"game.bots.families.{info.family}_hints")
    except ModuleNotFoundError:
        return []
    return list(module.explain(view, action))
