"""What a guided game is made of, as data: the prepared game, the opponents'
script and the steps, each naming the rule it teaches.

Words are English msgids (marked with N_ where they are written) and are
translated when shown; `{name}` placeholders are filled from the step's
`facts` (already worded: city names, card colours, numbers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.rules.base import Action, GameState, View

# (view, legal actions) -> the action the coach suggests (None: no suggestion)
Picker = Callable[[View, list[Action]], Action | None]
# (view, action) -> True when `action` does what the step asks
Accepter = Callable[[View, Action], bool]
# view -> values for the step's placeholders
Facts = Callable[[View], dict[str, Any]]
# (view, legal, seat) -> the opponent's move (None: its bot plays)
OpponentScript = Callable[[View, list[Action], int], Action | None]


@dataclass(frozen=True)
class Step:
    """One thing the coach teaches.

    A step with `pick` waits for the learner's action: one `accept` takes
    (default: the picked action itself) completes it; another is answered
    with `wrong` and, unless `may_differ`, is not played (the learner tries
    again). A step without `pick` is read and the learner goes on (Next).
    `autoplay` > 0: the coach plays that many of the learner's actions for
    them (a route turn of two card draws is two), with `pick` (or the
    learner's bot), to move a long game along.
    `point` names things on the board to light without suggesting a move
    (the board's focus items: (kind, value))."""

    rule: str
    said: str
    why: str = ""
    pick: Picker | None = None
    accept: Accepter | None = None
    wrong: str = ""
    may_differ: bool = False
    facts: Facts | None = None
    autoplay: int = 0
    point: Callable[[View], list[tuple[str, Any]]] | None = None

    @property
    def waits_for_action(self) -> bool:
        return self.pick is not None and self.autoplay == 0


@dataclass(frozen=True)
class Lesson:
    """A guided game: `setup()` makes its first state (a fixed seed, a prepared
    deal); `learner` is the seat the player plays; `rules` lists (rule id,
    title msgid) in the order taught, every step's rule among them; `learned`
    is what the last screen says was learned."""

    game_id: str
    title: str
    setup: Callable[[], GameState]
    steps: tuple[Step, ...]
    rules: tuple[tuple[str, str], ...]
    learner: int = 0
    names: tuple[str, ...] = ()
    opponent_bot: str = "greedy"
    opponent_seed: int = 1
    opponent_script: OpponentScript | None = None
    learner_bot: str = "greedy"
    learned: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def rule_ids(self) -> tuple[str, ...]:
        return tuple(rule for rule, _title in self.rules)

    def problems(self) -> list[str]:
        """What is wrong with the lesson as written (empty when it is whole):
        a step teaching a rule not listed, a listed rule no step teaches."""
        listed = set(self.rule_ids())
        taught = {step.rule for step in self.steps}
        found = [f"step {i + 1} teaches {step.rule!r}, not among the lesson's rules"
                 for i, step in enumerate(self.steps) if step.rule not in listed]
        found += [f"no step teaches {rule!r}" for rule in self.rule_ids()
                  if rule not in taught]
        return found
