"""The coach that runs every guided game (game/learn/coach.py), on a small
lesson written here: steps complete with their own action, another action
is answered (not silently refused) and leaves the game as it was, steps
repeat, and a lesson left is picked up again exactly."""

from __future__ import annotations

import json

import pytest

from game.cli.learn import autoplay
from game.learn.coach import Coach, resume
from game.learn.lesson import Lesson, Step
from game.learn.progress import load_coach, progress_path, save_progress
from game.rules import create


def keep_all(view, legal):
    return max(legal, key=lambda a: len(a.get("keep", ())))


def draw_deck(view, legal):
    return next((a for a in legal if a["type"] == "draw_deck"), None)


def small_lesson() -> Lesson:
    steps = (
        Step("welcome", "Welcome! You are the first seat."),
        Step("tickets", "Keep all three tickets: {n} of them.", pick=keep_all,
             wrong="Keeping fewer is allowed, but here all three share cities.",
             facts=lambda view: {"n": len(view["private"]["pending"]["options"])}),
        Step("draw", "Draw a card from the deck.", pick=draw_deck, may_differ=True,
             wrong="The face-up cards are fine too; the deck keeps your colours secret."),
        Step("draw", "Draw a second card.", pick=draw_deck),
        Step("fast", "The coach plays two turns for you.", autoplay=2),
    )
    return Lesson("routes-usa", "Test lesson", lambda: create("routes-usa", players=2, seed=5),
                  steps, (("welcome", "Welcome"), ("tickets", "Tickets"), ("draw", "Drawing"),
                          ("fast", "Fast")))


def test_the_lesson_as_written_is_whole():
    assert small_lesson().problems() == []
    broken = Lesson("routes-usa", "x", small_lesson().setup, small_lesson().steps[:1],
                    (("welcome", "W"), ("tickets", "T")))
    assert broken.problems() == ["no step teaches 'tickets'"]


def test_each_step_completes_with_its_own_action():
    coach = Coach(small_lesson())
    assert coach.step.rule == "welcome" and coach.suggested() is None
    coach.next()
    assert coach.said() == "Keep all three tickets: 3 of them."
    outcome = coach.act(coach.suggested())
    assert outcome.kind == "done"
    # the opponent chose its tickets by itself: the learner is to act again
    assert coach.step.rule == "draw" and coach.legal()
    assert coach.act(coach.suggested()).kind == "done"
    assert coach.act(coach.suggested()).kind == "done"
    before = len(coach.moves)
    coach.next()
    assert coach.completed
    assert len([m for m in coach.moves[before:] if m[0] == coach.learner]) == 2


def test_another_action_is_answered_and_changes_nothing():
    coach = Coach(small_lesson())
    coach.next()
    other = next(a for a in coach.legal() if a != coach.suggested())
    version = coach.state.view(None)
    outcome = coach.act(other)
    assert outcome.kind == "wrong" and not outcome.played
    assert "share cities" in outcome.words and "Try:" in outcome.words
    assert outcome.suggested == coach.suggested()
    assert coach.state.view(None) == version and coach.step.rule == "tickets"
    assert coach.act({"type": "nonsense"}).kind == "illegal"
    assert coach.go_on(other).kind == "wrong"          # this step needs its own move
    assert coach.act(coach.suggested()).kind == "done"
    # a step that allows another action plays it when the learner insists
    other = next(a for a in coach.legal() if a["type"] != "draw_deck")
    assert coach.act(other).kind == "wrong"
    assert coach.go_on(other).kind == "done" and coach.step_index == 3


def test_a_step_repeats_from_where_it_began():
    coach = Coach(small_lesson())
    coach.next()
    coach.act(coach.suggested())
    start = coach.state.view(coach.learner)
    coach.act(coach.suggested())
    coach.repeat(2)
    assert coach.step_index == 2 and coach.state.view(coach.learner) == start
    coach.act(coach.suggested())
    coach.repeat()                                    # the step just done, again
    assert coach.step_index == 2 and coach.state.view(coach.learner) == start


def test_a_lesson_left_is_picked_up_again_exactly():
    coach = Coach(small_lesson())
    coach.next()
    coach.act(coach.suggested())
    coach.act(coach.suggested())
    save_progress(coach)
    assert progress_path("routes-usa").is_file()
    again = load_coach(small_lesson())
    assert again.step_index == coach.step_index
    assert again.state.view(0) == coach.state.view(0) and again.moves == coach.moves
    again.repeat(1)
    assert again.step_index == 1


@pytest.mark.parametrize("saved", [
    {"game": "routes-italy", "moves": [], "step_starts": [0]},
    {"game": "routes-usa", "moves": [[0, {"type": "nonsense"}]], "step_starts": [0, 1]},
    {"game": "routes-usa", "moves": [], "step_starts": [3, 1]},
    {"game": "routes-usa"}, "not a dict",
])
def test_a_progress_file_that_does_not_fit_starts_the_lesson_again(saved):
    with pytest.raises(ValueError):
        resume(small_lesson(), saved)
    path = progress_path("routes-usa")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(saved))
    coach = load_coach(small_lesson())
    assert coach.step_index == 0 and coach.moves == Coach(small_lesson()).moves
    assert not path.exists()


def test_headless_autoplay_prints_a_line_a_step(capsys):
    assert autoplay(small_lesson()) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["step"] for line in lines[:-1]] == [1, 2, 3, 4, 5]
    assert lines[-1] == {"completed": True, "steps": 5,
                         "rules": ["welcome", "tickets", "draw", "fast"]}
