"""The Hint control at the table (game/scenes/table_hint.py): H asks Hard for
the seat on screen, the move is lit with its reasons, Enter plays it, any
other key puts it away; the frames keep coming while it thinks; a table with
hints off refuses; a hint counts in the save, the results and the history."""

from __future__ import annotations

import json
import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.rules import GAMES  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402

DEADLINE = 30.0


def key(app, k: int, ticks: int = 1) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def table_at_human_turn(app, game_id: str, hints: bool = True, save=None):
    """A table at the human's (seat 0's) turn, nothing open on top of it."""
    from game.scenes.flow import start_match

    seats = [Seat("Ann", "red"), Seat("Bo", "blue", "greedy"), Seat("Cy", "green", "greedy")]
    match = Match(game_id, seats[:max(2, GAMES[game_id].min_players)], 5, hints=hints,
                  save_path=save)
    start_match(app, match)
    for _ in range(400):
        app.step(1)
        table = app.stack[0]
        if app.top is not table:                  # a choice at the start: take its first
            if table.legal:
                table.act(table.legal[0])
            if app.top is not table:
                app.pop()
            table.choice_closed()
            continue
        if table.acting and table.legal and not table.animator.busy and not table.queue:
            return table, match
    raise AssertionError("no human turn")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_h_lights_a_legal_move_with_reasons_and_enter_plays_it(app, game_id, tmp_path):
    table, match = table_at_human_turn(app, game_id, save=tmp_path / "save.json")
    legal = list(table.legal)
    before = match.version
    key(app, pygame.K_h)
    app.step(2)
    assert table.hint_action in legal
    light = table.spotlight
    assert light is not None and light.title.startswith("Hint: ") and light.lines
    assert table.lit_items() or game_id == "eighty-days"   # a race move may be a button's
    assert match.hints_used[0] == 1
    key(app, pygame.K_RETURN)
    app.step(2)
    assert match.version > before
    assert match.state.history[before] == (0, table.hint_action or match.state.history[before][1])
    assert table.spotlight is None
    saved = json.loads((tmp_path / "save.json").read_text())
    assert saved["hints_used"][0] == 1
    assert Match.from_save(saved).hints_used[0] == 1


def test_any_other_key_puts_the_hint_away(app):
    table, match = table_at_human_turn(app, "routes-usa")
    key(app, pygame.K_h)
    app.step(1)
    assert table.hint_action is not None
    before = match.version
    key(app, pygame.K_RIGHT)
    assert table.spotlight is None and table.hint_action is None
    assert match.version == before


def test_a_table_with_hints_off_refuses(app):
    table, match = table_at_human_turn(app, "railway-tricks", hints=False)
    assert all(action != {"type": "hint"} for _label, action in table.shown_buttons())
    key(app, pygame.K_h)
    app.step(1)
    assert table.spotlight is None and match.hints_used == [0] * len(match.seats)
    assert any(message == "Hints are off at this table" for message, _t, _c in app.toasts)


def test_the_hint_button_asks(app):
    from game.scenes.table_hint import HINT

    table, _match = table_at_human_turn(app, "railway-tricks")
    index = next(i for i, (_l, a) in enumerate(table.shown_buttons()) if a is HINT)
    rect = table.button_rect(index)
    app.step(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)])
    app.step(1)
    assert table.hint_action is not None


def test_old_saves_load_without_hint_fields(tmp_path):
    match = Match("routes-usa", [Seat("Ann", "red"), Seat("Bo", "blue", "greedy")], 3)
    data = match.to_save()
    del data["hints"], data["hints_used"]
    again = Match.from_save(data)
    assert again.hints and again.hints_used == [0, 0]
