"""The route games' guided first games (game/learn/routes): each runs to its
end with the coach's own moves (in-process and through `railparty learn
--headless --autoplay`), teaches every rule issue 42 lists for its game,
answers another move at every step that waits for one without changing
the game, goes on after a move the step allows, and says it all in English
and Japanese with the position's true facts."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.learn import lesson_for
from game.learn.coach import Coach, resume
from game.learn.routes import LESSONS
from game.rules import create
from game.rules.routes.board import load_board
from game.words import i18n

ROOT = Path(__file__).resolve().parent.parent

# Issue 42, "Route games": drawing cards (the face-up locomotive rule), claiming a
# route (colour, grey routes, double routes with 2-3 players), tickets (choosing,
# completing, failing), the longest route, the last round; Italy's ferries, triple
# routes and regions.
ISSUE_RULES = {
    "routes-usa": {"draw_cards", "face_up_locomotive", "locomotive_reset", "claim_colour",
                   "claim_gray", "double_routes", "tickets_choose", "tickets_complete",
                   "tickets_fail", "tickets_draw", "longest_route", "last_round"},
    "routes-italy": {"draw_cards", "face_up_locomotive", "claim_colour", "double_routes",
                     "tickets_choose", "tickets_complete", "tickets_fail", "tickets_draw",
                     "last_round", "ferries", "triple_routes", "regions"},
}
GAMES = sorted(LESSONS)


def play_through(coach: Coach) -> None:
    """Every step with the coach's own suggestion (as --autoplay does)."""
    while not coach.completed:
        step = coach.step
        if step.waits_for_action and coach.legal():
            suggested = coach.suggested()
            assert suggested is not None, f"step {coach.step_index + 1} suggests nothing"
            outcome = coach.act(suggested)
            assert outcome.kind == "done", (coach.step_index + 1, outcome)
        else:
            coach.next()


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_game_runs_to_its_end(game):
    lesson = lesson_for(game)
    assert lesson.problems() == []
    coach = Coach(lesson)
    play_through(coach)
    assert coach.state.is_over
    assert 15 <= len(lesson.steps) <= 35


@pytest.mark.parametrize("game", GAMES)
def test_the_prepared_deal_holds_the_games_own_cards_and_tickets(game):
    prepared = lesson_for(game).setup()
    dealt = create(game, players=prepared.players, seed=prepared.seed)

    def cards(state):
        found = Counter(state.deck) + Counter(state.discard) + Counter(
            c for c in state.face_up if c is not None)
        for hand in state.hands:
            found.update(hand)
        return found

    def tickets(state):
        return sorted(state.ticket_deck + [t for offer in state.pending for t in offer])

    assert cards(prepared) == cards(dealt) and tickets(prepared) == tickets(dealt)
    assert all(sum(hand.values()) == 4 for hand in prepared.hands)
    assert prepared.face_up.count("locomotive") < 3
    assert prepared.ferry_pile == dealt.ferry_pile


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_left_halfway_is_picked_up_exactly(game):
    coach = Coach(lesson_for(game))
    while coach.step_index < len(coach.lesson.steps) // 2:
        if coach.step.waits_for_action and coach.legal():
            coach.act(coach.suggested())
        else:
            coach.next()
    again = resume(lesson_for(game), json.loads(json.dumps(coach.to_save())))
    assert again.step_index == coach.step_index
    assert again.state.view(None) == coach.state.view(None)
    play_through(again)
    assert again.state.is_over


@pytest.mark.parametrize("game", GAMES)
def test_it_teaches_every_rule_the_issue_lists(game):
    lesson = lesson_for(game)
    taught = {step.rule for step in lesson.steps}
    assert ISSUE_RULES[game] <= taught, ISSUE_RULES[game] - taught
    assert [rule for rule, _title in lesson.rules] == list(dict.fromkeys(
        step.rule for step in lesson.steps))            # listed in the order taught


@pytest.mark.parametrize("game", GAMES)
def test_headless_autoplay_prints_every_step_and_completes(game):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-m", "game", "learn", "--game", game,
                          "--headless", "--autoplay"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    lesson = lesson_for(game)
    assert [line["step"] for line in lines[:-1]] == list(range(1, len(lesson.steps) + 1))
    assert all(line["said"] and "{" not in line["said"] for line in lines[:-1])
    assert lines[-1] == {"completed": True, "steps": len(lesson.steps),
                         "rules": [rule for rule, _title in lesson.rules]}


def _other_action(coach: Coach):
    """A legal action the step does not take (None when there is none)."""
    step = coach.step
    suggested = coach.suggested()
    for action in coach.legal():
        accepted = step.accept(coach.view(), action) if step.accept else action == suggested
        if not accepted:
            return action
    return None


@pytest.mark.parametrize("game", GAMES)
def test_another_move_is_answered_at_every_step_and_changes_nothing(game):
    coach = Coach(lesson_for(game))
    answered = 0
    while not coach.completed:
        step = coach.step
        if not (step.waits_for_action and coach.legal()):
            coach.next()
            continue
        other = _other_action(coach)
        if other is not None:
            before = (coach.state.view(None), coach.view(), len(coach.moves))
            outcome = coach.act(other)
            assert outcome.kind == "wrong" and not outcome.played, outcome
            assert "Try:" in outcome.words and outcome.suggested == coach.suggested()
            assert (coach.state.view(None), coach.view(), len(coach.moves)) == before
            answered += 1
        assert coach.act(coach.suggested()).kind == "done"
    assert answered >= 8


@pytest.mark.parametrize("game", GAMES)
def test_a_step_that_allows_another_move_still_reaches_the_end(game):
    lesson = lesson_for(game)
    allowing = [i for i, step in enumerate(lesson.steps) if step.may_differ]
    assert allowing
    for index in allowing:
        coach = Coach(lesson)
        while coach.step_index < index:
            if coach.step.waits_for_action and coach.legal():
                coach.act(coach.suggested())
            else:
                coach.next()
        other = _other_action(coach)
        assert other is not None
        assert coach.go_on(other).kind == "done"
        play_through(coach)
        assert coach.state.is_over


def _check_facts(coach: Coach) -> None:
    """What a step names is true in the position: a suggested route is free
    and paid from the hand, suggested tickets are on offer, lit items exist."""
    view = coach.view()
    board = load_board(view["board"])
    action = coach.suggested()
    if action is not None and action["type"] == "claim":
        assert action["track"] not in view["routes"]
        hand = view["private"]["hand"]
        assert all(hand.get(card, 0) >= n for card, n in action["cards"].items())
    if action is not None and action["type"] == "keep_tickets":
        offered = {t["id"] for t in view["private"]["pending"]["options"]}
        assert set(action["keep"]) <= offered
    for kind, value in coach.points_at():
        if kind in ("track", "claimed"):
            assert value in board.track_by_id
            assert (value in view["routes"]) == (kind == "claimed")
            if kind == "claimed":   # 3 seats: the rest of its double or triple route is shut
                shut = {board.tracks[i].id for i in board.parallel[value]} - {value}
                assert not shut & {a["track"] for a in coach.legal() if a["type"] == "claim"}
        elif kind == "face_up":
            assert view["face_up"][value] is not None
        elif kind == "ticket":
            assert value < len(view["private"]["tickets"])
        else:
            assert kind in ("deck", "tickets", "ferry") and value is None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_step_is_worded_and_true(game, lang):
    coach = Coach(lesson_for(game))
    latin = re.compile(r"(?!SL)[A-Za-z]{2,}")   # SL: the seeds' own word (SLカード)
    try:
        i18n.set_language(lang)
        lesson = coach.lesson
        for msgid in [lesson.title, *(t for _r, t in lesson.rules), *lesson.learned]:
            assert i18n._(msgid) and (lang == "en" or not latin.search(i18n._(msgid)))
        while not coach.completed:
            step = coach.step
            facts = coach.facts()
            for msgid in (step.said, step.why, step.wrong):
                if not msgid:
                    continue
                text = i18n._(msgid).format(**facts)
                assert text and "{" not in text, (step.rule, text)
                if lang == "ja":
                    assert i18n._(msgid) != msgid, f"no Japanese for {msgid!r}"
                    assert not latin.search(text), (step.rule, text)
            assert step.said and step.why
            if step.waits_for_action:
                assert step.wrong, step.rule
            _check_facts(coach)
            if step.waits_for_action and coach.legal():
                coach.act(coach.suggested())
            else:
                coach.next()
    finally:
        i18n.set_language("en")
