"""The route games' rules pages say what the rules engine does: how a tie is
broken, how many things a turn may be, what a neighbouring country is, and
that a drawn ticket must be kept (game/rules/routes/engine.py is the rule)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.rules.routes import load_board
from game.rules.routes.engine import RULES, RoutesState
from game.scenes.boards.routes.rules_pages import pages
from game.words import i18n
from game.words.places import place

ROUTE_GAMES = sorted(RULES)
NUMBER_WORDS = {3: "three", 4: "four", 5: "five"}


def words(game_id: str) -> str:
    return " ".join(" ".join((p.title, *p.text)) for p in pages(game_id, {}))


def page(game_id: str, title: str):
    return next(p for p in pages(game_id, {}) if p.title == title)


def winners(game_id: str, seats: list[dict]) -> list[int]:
    """The engine's winners for seats scored as given (total, tickets done,
    longest route), by the engine's own ranking."""
    rules = RULES[game_id]
    breakdown = [{"seat": s, "total": b["total"], "tickets_done": b["tickets"],
                  "longest": b["longest"], "longest_bonus": 0} for s, b in enumerate(seats)]
    state = SimpleNamespace(players=len(seats), rules=rules, is_over=True,
                            _score_seat=lambda s: dict(breakdown[s]))
    return RoutesState._compute_result(state)["winners"]


@pytest.mark.parametrize("game_id", ROUTE_GAMES)
def test_a_tie_on_points_is_broken_as_the_engine_breaks_it(game_id):
    longest = RULES[game_id].longest_bonus
    # level on points (the bonus counted), one more ticket done: no shared win
    tied = [{"total": 50 - longest, "tickets": 3, "longest": 20},
            {"total": 50, "tickets": 4, "longest": 10}]
    assert winners(game_id, tied) == [1]
    end = " ".join(page(game_id, "The end of the game").text).lower()
    assert "players level on points share the win" not in end
    assert "more tickets" in end
    # level on points and tickets: the longest-route bonus decides where there is one
    level = [{"total": 50 - longest, "tickets": 3, "longest": 20},
             {"total": 50, "tickets": 3, "longest": 10}]
    if longest:
        assert winners(game_id, level) == [0]
        assert "then the longest-route bonus" in end
    else:
        assert winners(game_id, level) == [0, 1]
        assert "longest" not in end
    assert "still level share the win" in end


@pytest.mark.parametrize("game_id", ROUTE_GAMES)
def test_the_turn_page_lists_every_kind_of_turn(game_id):
    # draw train cards, claim a route, draw tickets, and a ferry card where there are some
    kinds = 3 + (1 if RULES[game_id].ferry_cards else 0)
    turn = next(p for p in pages(game_id, {}) if p.title.startswith("Your turn"))
    numbered = [line for line in turn.text if line[:1].isdigit()]
    assert len(numbered) == kinds, numbered
    assert f"one of {NUMBER_WORDS[kinds]} things" in turn.title
    if RULES[game_id].ferry_cards:
        assert any("ferry card" in line for line in numbered)


@pytest.mark.parametrize("game_id", ROUTE_GAMES)
def test_the_pages_explain_the_neighbouring_countries(game_id):
    board = load_board(RULES[game_id].board)
    areas = [name for name in board.cities if board.is_dead_end(name)]
    text = words(game_id)
    for area in areas:
        assert area in text, f"the rules never name {area}"
    if areas:
        lower = text.lower()
        assert "never join each other" in lower
        assert "any one of its routes" in lower
        assert "no region" in lower


@pytest.mark.parametrize("game_id", ROUTE_GAMES)
def test_keeping_a_drawn_ticket_is_not_optional(game_id):
    english = pages(game_id, {})
    index = next(i for i, p in enumerate(english) if p.title == "Destination tickets")
    assert "you must keep at least" in " ".join(english[index].text)
    board = load_board(RULES[game_id].board)
    i18n.set_language("ja")
    try:
        japanese = pages(game_id, {})
        tickets = " ".join(japanese[index].text)
        assert "残すこともできます" not in tickets and "必ず" in tickets
        text = " ".join(" ".join(p.text) for p in japanese)
        for area in (n for n in board.cities if board.is_dead_end(n)):
            assert place(area) in text
    finally:
        i18n.set_language("en")
