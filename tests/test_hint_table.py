"""The Hint control at the table (game/scenes/table_hint.py): H asks Hard for
the seat on screen, the move is lit with its reasons, Enter plays it, any
other key puts it away; the frames keep coming while it thinks; a table with
hints off refuses; a hint counts in the save, the results and the history."""

from __future__ import annotations

import json
import os
import time

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
    hinted = table.hint_action
    key(app, pygame.K_RETURN)
    app.step(2)
    assert match.version > before
    assert match.state.history[before] == (0, hinted)
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


class LanGuest:
    """A LAN guest's client whose host is this test (tests/test_table.py's
    ScriptedClient), at the guest's turn in the main play; `hints` as its host says."""

    def __init__(self, hints: bool | None):
        import sys

        sys.path.insert(0, os.path.dirname(__file__))
        from test_table import ScriptedClient

        client = ScriptedClient("railway-tricks", seat=0, refuse_first=False, players=3)
        self.client = client
        self.hints = hints
        self.real_snapshot = client.snapshot
        client.snapshot = self.snapshot

    def snapshot(self):
        snap = self.real_snapshot()
        if self.hints is not None:
            snap["hints"] = self.hints
        return snap


@pytest.mark.parametrize("hints", [None, False])
def test_a_lan_guest_asks_its_own_bot_from_its_own_view(app, hints):
    from game.bots import hint as hint_module
    from game.scenes import nav
    from game.tables.remote_session import RemoteSession

    guest = LanGuest(hints)
    table = nav.board_scene(app, RemoteSession(guest.client))
    app.reset(table)
    app.step(3)
    assert table.acting
    seen = []
    real = hint_module.find_hint

    def spy(view, legal, seed, deal=None, **kw):
        seen.append((view, deal))
        return real(view, legal, seed, deal, **kw)
    hint_module.find_hint = spy
    try:
        key(app, pygame.K_h)
        app.step(1)
    finally:
        hint_module.find_hint = real
    if hints is False:
        assert table.spotlight is None and not seen
        assert any(m == "Hints are off at this table" for m, _t, _c in app.toasts)
        assert guest.client.hints_shown == 0
        return
    assert table.hint_action in table.legal
    view, deal = seen[0]
    assert deal is None and view == guest.client.state.view(0)   # its own view, no world
    assert guest.client.hints_shown == 1          # its host is told, to count it
    hinted = table.hint_action
    key(app, pygame.K_RETURN)
    app.step(2)
    assert guest.client.sent == [hinted]


def test_frames_keep_coming_while_a_hint_thinks(app):
    """In the real loop the hint thinks in the bot workers: the table goes on
    stepping ("Thinking..." on screen) and the hint arrives within a few seconds."""
    from game.bots.pool import shared

    workers = shared()
    deadline = time.monotonic() + DEADLINE
    while not workers.ready():
        assert time.monotonic() < deadline, "the bot workers did not start"
        time.sleep(0.05)
    table, _match = table_at_human_turn(app, "routes-usa")
    app.realtime = True
    key(app, pygame.K_h)
    assert table.spotlight is not None and table.spotlight.title == "Thinking..."
    frames = 0
    while table.hint_action is None:
        assert time.monotonic() < deadline, "no hint came back"
        app.step(1)
        frames += 1
        time.sleep(0.01)
    # the window stepped on while the hint thought: no frame waited for it (a
    # frame that did would have brought the hint back in the first step)
    assert frames >= 2, frames
    assert table.hint_action in table.legal


def test_h_over_a_choice_hints_it_and_the_choice_comes_back_when_put_away(app):
    """The opening tickets are a choice over the board: H steps it aside for the
    hint (which keeps tickets), Esc brings the choice back, H then Enter plays it."""
    from game.scenes.choice import ChoiceScene
    from game.scenes.flow import start_match

    match = Match("routes-usa", [Seat("Ann", "red"), Seat("Bo", "blue", "greedy")], 5)
    start_match(app, match)
    for _ in range(100):
        app.step(1)
        if isinstance(app.top, ChoiceScene):
            break
    table = app.stack[0]
    assert isinstance(app.top, ChoiceScene)
    key(app, pygame.K_h)
    app.step(1)
    assert app.top is table and table.hint_action is not None
    assert table.hint_action in table.legal and table.spotlight.lines
    key(app, pygame.K_ESCAPE)
    app.step(2)
    assert isinstance(app.top, ChoiceScene)          # the choice is back
    key(app, pygame.K_h)
    app.step(1)
    hinted = table.hint_action
    key(app, pygame.K_RETURN)
    app.step(2)
    assert (0, hinted) in [tuple(h) for h in match.state.history]


def test_a_hint_put_away_while_thinking_is_taken_up_when_asked_again(app):
    """Esc while it thinks, then H: the same thought, not a second one queued
    before the bots' moves in the workers."""
    from game.bots.pool import shared

    shared()
    table, _match = table_at_human_turn(app, "railway-tricks")
    app.realtime = True
    key(app, pygame.K_h)
    first = table.hint_future
    assert first is not None and table.hint_action is None
    key(app, pygame.K_ESCAPE)
    assert table.spotlight is None
    key(app, pygame.K_h)
    assert table.hint_future is first
    deadline = time.monotonic() + DEADLINE
    while table.hint_action is None:
        assert time.monotonic() < deadline, "no hint came back"
        app.step(1)
        time.sleep(0.01)
