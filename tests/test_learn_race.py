"""Eighty Days' guided first game (game/learn/race): it runs to its end with
the coach's own moves, covers the race's rules as the issue lists them, and
answers another move at every step that waits for one without changing the
game."""

from __future__ import annotations

import json
import subprocess
import sys

from game.learn import lesson_for
from game.learn.coach import Coach

# the issue's rules for the race, in its words: travel cards and days, the
# action track, buying cards and events, the dice and the balloon, the
# detective, the end
ISSUE_RULES = {"travel", "track", "buying", "dice", "detective", "end"}


def play_through(coach: Coach) -> None:
    while not coach.completed:
        if coach.step.waits_for_action and coach.legal():
            assert coach.act(coach.suggested()).kind == "done", coach.step_index
        else:
            coach.next()


def test_the_guided_race_runs_to_its_end_and_covers_the_rules():
    lesson = lesson_for("eighty-days")
    assert lesson.problems() == []
    assert {step.rule for step in lesson.steps} >= ISSUE_RULES
    coach = Coach(lesson)
    play_through(coach)
    assert coach.state.is_over and coach.learner in coach.state.result()["winners"]


def test_another_move_is_answered_and_changes_nothing():
    coach = Coach(lesson_for("eighty-days"))
    while not coach.completed:
        if coach.step.waits_for_action and coach.legal():
            suggested = coach.suggested()
            other = next((a for a in coach.legal() if not coach._accepts(coach.step, a,
                                                                         suggested)), None)
            if other is not None:
                before = coach.state.view(None)
                outcome = coach.act(other)
                assert outcome.kind == "wrong" and "Try:" in outcome.words
                assert coach.state.view(None) == before
            assert coach.act(suggested).kind == "done"
        else:
            coach.next()


def test_headless_autoplay_prints_every_step():
    out = subprocess.run([sys.executable, "-m", "game", "learn", "--game", "eighty-days",
                          "--headless", "--autoplay"], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[-1]["completed"] is True
    assert set(lines[-1]["rules"]) >= ISSUE_RULES
    assert all("{" not in line["said"] for line in lines[:-1])
