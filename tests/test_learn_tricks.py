"""Railway Tricks' guided first game (game/learn/tricks): it runs to its end
with the coach's own moves (in-process and through `railparty learn
--headless --autoplay`), covers the trick game's rules as issue 42 lists
them, answers another move at every step that waits for one without
changing the game (and, where a step lets another move go on, still reaches
its end), and says true things, in English and in Japanese."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter

import pytest
from learnkit import advance, walk

from game.learn import lesson_for
from game.learn.coach import Coach, _fill
from game.learn.tricks.deal import LINES, TRICKS, card_number, prepared_game
from game.rules import create
from game.words.i18n import set_language

GAME = "railway-tricks"
# Issue 42's rules of the trick game: "the trick lane and what each slot gives,
# following suit, shares, placing a line card at a line end, locomotives and
# their cost, scoring".
ISSUE_RULES = {"lane", "follow", "shares", "line_end", "locomotives", "scoring"}
COMPANIES = ("B&O", "C&O", "Erie", "NYC", "PRR", "ALL")


def test_the_lesson_names_the_issues_rules_in_order():
    lesson = lesson_for(GAME)
    assert lesson.problems() == []
    assert {step.rule for step in lesson.steps} == ISSUE_RULES
    assert lesson.rule_ids() == ("lane", "follow", "shares", "line_end", "locomotives",
                                 "scoring")
    assert 15 <= len(lesson.steps) <= 35


def test_the_prepared_deal_is_a_whole_box_dealt_fairly():
    state = prepared_game()
    fresh = create(GAME, players=4, seed=1)
    held = [c for hand in state.hands for c in hand]
    laid = [c for line in state.lines for c in line if c >= 0]
    assert sorted(held + laid) == list(range(state.data.card_count))
    assert [len(hand) for hand in state.hands] == [11] * 4
    assert sorted(laid) == sorted(card_number(code) for code in LINES)
    assert [kind for kind, _ in state.lane] == [kind for kind, _ in fresh.lane]
    assert sorted(p for kind, p in state.lane if kind == "exchange") == list(range(5))
    assert len(TRICKS) == len(state.lane)


def test_the_guided_game_runs_to_its_end_and_the_learner_wins():
    coach = Coach(lesson_for(GAME))
    for _number, *_rest in walk(coach):
        pass
    assert coach.state.is_over
    result = coach.state.result()
    assert result["winners"] == [coach.learner]
    # every locomotive was placed, the ALL by itself
    assert all(loco is not None for loco in coach.state.locos)
    # the planned cards were the ones played, every seat following when it could
    played = [action["card"] for seat, action in coach.moves if action["type"] == "play"]
    assert len(played) == 44


def _hand(view):
    return view["private"]["hand"]


def _pending(view):
    return view["private"]["pending"] or {}


def _line_ends(view, company):
    line = view["lines"][company]
    return line[0]["value"], line[-1]["value"]


# step number -> what its words claim, checked in the position it is shown in
CLAIMS = {
    3: lambda view, move: move["card"]["strength"] == 10 and view["lane"][0]["kind"] ==
    "exchange",
    4: lambda view, move: view["last_trick"]["winner"] == 0
    and view["lane"][-1] == {"company": "B&O", "strength": 10, "value": 40},
    5: lambda view, move: move["card"] == {"company": "B&O", "strength": 8, "value": 30}
    # the only stronger B&O cards lie in the line (the 9) and in the lane (the 10)
    and view["lines"]["B&O"][-1]["strength"] == 9 and view["lane"][-1]["strength"] == 10,
    6: lambda view, move: move == {"type": "city", "company": "B&O", "end": "right"}
    and _line_ends(view, "B&O") == (10, 30),
    8: lambda view, move: view["lane"][-1].get("strength") == 10
    and not any(e["kind"] == "reservation" for e in view["lane"] if "kind" in e),
    9: lambda view, move: view["led"] == "NYC" and len(view["private"]["playable"]) == 3
    and len(_hand(view)) > 3 and any(c == {"company": "NYC", "strength": 10, "value": 10}
                                     for _s, c in view["trick"]),
    10: lambda view, move: view["locomotives"]["PRR"]["name"] == "3",
    12: lambda view, move: view["led"] == "Erie"
    and not any(c["company"] == "Erie" for c in _hand(view))
    and len(view["private"]["playable"]) == len(_hand(view)),
    13: lambda view, move: move["card"]["strength"] == 9 and view["lane"][0]["name"] == "4",
    14: lambda view, move: move == {"type": "locomotive", "company": "B&O"},
    17: lambda view, move: [c["company"] for c in _hand(view)].count("NYC") == 1
    and view["locomotives"]["Erie"]["name"] == "5",
    18: lambda view, move: move["card"] == {"company": "PRR", "strength": 8, "value": 20}
    and {"company": "PRR", "strength": 10, "value": 10} in view["lines"]["PRR"]
    and {"company": "PRR", "strength": 9, "value": 10} in view["removed_cards"],
    19: lambda view, move: move == {"type": "locomotive", "company": "NYC"}
    and [c for c, lo in view["locomotives"].items() if lo is None] == ["C&O", "NYC"],
    21: lambda view, move: view["lane"] == [{"company": "B&O", "strength": 10, "value": 40}],
    22: lambda view, move: view["phase"] == "over",
}


def test_the_steps_say_what_is_true_in_the_position():
    checked = set()
    for number, step, view, move in walk(Coach(lesson_for(GAME))):
        if number in CLAIMS:
            assert CLAIMS[number](view, move), (number, step.said, move)
            checked.add(number)
        if step.rule == "line_end" and move is not None and move["type"] == "lay":
            # the lay's words name the end value next to it and the card's own value
            facts = step.facts(view)
            end = 0 if move["end"] == "left" else -1
            line = view["lines"][_pending(view)["company"]]
            assert facts["neighbour"] == line[end]["value"]
            assert facts["value"] == _pending(view)["card"]["value"]
            held = Counter(s["company"] for s in view["players"][0]["shares"])
            assert ("no " in facts["reason"]) == (held[_pending(view)["company"]] == 0) or \
                "Both ends" in facts["reason"]
    assert checked == set(CLAIMS)


def test_the_last_step_scores_as_the_engine_does():
    coach = Coach(lesson_for(GAME))
    for _ in walk(coach):
        pass
    coach.repeat(len(coach.lesson.steps) - 1)
    facts = coach.facts()
    result = coach.state.result()
    assert facts["score"] == result["scores"][0]
    assert facts["winner"] == "you"
    for company, entry in result["companies"].items():
        assert f"{company} {entry['value']}" in facts["values"]


def _wrong(coach: Coach) -> str:
    step = coach.step
    return _fill(step.wrong, coach.facts()) if step.wrong else ""


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_step_is_worded_with_no_placeholder_left(language):
    set_language(language)
    try:
        coach = Coach(lesson_for(GAME))
        for number, step, _view, _move in walk(coach):
            facts = step.facts(coach.view())
            named = re.findall(r"{(\w+)}", " ".join((step.said, step.why, step.wrong)))
            assert all(str(facts[key]) != "-" for key in named), (number, named)
            for words in (coach.said(), coach.why(), _wrong(coach)):
                assert "{" not in words, (number, words)
                if language == "ja":
                    bare = words
                    for name in COMPANIES:
                        bare = bare.replace(name, "")
                    assert not re.search("[A-Za-z]", bare), (number, words)
            assert coach.said() and coach.why(), number
    finally:
        set_language("en")


def test_the_lessons_titles_are_translated():
    lesson = lesson_for(GAME)
    set_language("ja")
    try:
        from game.words.i18n import _
        for msgid in (lesson.title, *(t for _r, t in lesson.rules), *lesson.learned):
            assert _(msgid) != msgid and not re.search("[A-Za-z]", _(msgid).replace(
                "ALL", "")), msgid
    finally:
        set_language("en")


def test_another_move_is_answered_and_changes_nothing():
    coach = Coach(lesson_for(GAME))
    answered = 0
    while not coach.completed:
        step = coach.step
        if step.waits_for_action and coach.legal():
            suggested = coach.suggested()
            view = coach.view()
            others = [a for a in coach.legal() if a != suggested
                      and not (step.accept and step.accept(view, a))]
            assert step.wrong, coach.step_index + 1
            if others:
                before = coach.state.view(None)
                outcome = coach.act(others[0])
                assert outcome.kind == "wrong" and not outcome.played
                assert outcome.suggested == suggested and "Try:" in outcome.words
                assert coach.state.view(None) == before and coach.step is step
                if not step.may_differ:
                    assert coach.go_on(others[0]).kind == "wrong"
                answered += 1
            if coach.view()["private"]["pending"] is None and view["led"] is not None:
                # a card off the led company while holding it: the rules refuse it
                off = next((c for c in _hand(view) if c["company"] != view["led"]), None)
                if off is not None and len(view["private"]["playable"]) < len(_hand(view)):
                    refused = coach.act({"type": "play", "card": off})
                    assert refused.kind == "illegal" and "follow" in refused.words
        advance(coach)
    assert answered >= 12


def _other_moves_that_go_on():
    """(step number, the other move) for each step that lets another move go on."""
    coach = Coach(lesson_for(GAME))
    found = []
    for number, step, view, move in walk(coach):
        if step.may_differ and step.waits_for_action:
            others = [a for a in coach.legal() if a != move and not (
                step.accept and step.accept(view, a))]
            if others:
                found.append((number, others[-1]))
    return found


def test_another_move_played_anyway_still_reaches_the_end():
    goes_on = _other_moves_that_go_on()
    assert len(goes_on) >= 5
    for number, other in goes_on:
        coach = Coach(lesson_for(GAME))
        while coach.step_index + 1 < number:
            advance(coach)
        assert coach.go_on(other).kind == "done"
        for _ in walk(coach):
            pass
        assert coach.completed and coach.state.is_over, number


def test_a_step_repeated_starts_from_the_same_position():
    coach = Coach(lesson_for(GAME))
    while coach.step_index + 1 < 14:
        advance(coach)
    start = coach.state.view(coach.learner)
    advance(coach)
    advance(coach)
    coach.repeat(13)
    assert coach.step_index + 1 == 14 and coach.state.view(coach.learner) == start


def test_headless_autoplay_prints_every_step():
    out = subprocess.run([sys.executable, "-m", "game", "learn", "--game", GAME,
                          "--headless", "--autoplay"], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    steps = len(lesson_for(GAME).steps)
    assert [line["step"] for line in lines[:-1]] == list(range(1, steps + 1))
    assert lines[-1] == {"completed": True, "steps": steps,
                         "rules": ["lane", "follow", "shares", "line_end", "locomotives",
                                   "scoring"]}
    assert all(line["said"] and "{" not in line["said"] for line in lines[:-1])
