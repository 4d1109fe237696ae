"""Walking a guided game step by step with the coach's own moves, for the
lessons' tests (tests/test_learn_*.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.learn.coach import Coach


def advance(coach: Coach) -> None:
    """Do the shown step with the coach's own move (or Next)."""
    if coach.step.waits_for_action and coach.legal():
        assert coach.act(coach.suggested()).kind == "done", coach.step_index + 1
    else:
        coach.next()


def walk(coach: Coach) -> Iterator[tuple[int, Any, Any, Any]]:
    """(step number, step, view, suggested action) for every step, in order."""
    while not coach.completed:
        yield coach.step_index + 1, coach.step, coach.view(), coach.suggested()
        advance(coach)
