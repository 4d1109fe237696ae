"""The spotlight (game/scenes/table_spotlight.py): each board lights what an
action acts on and dims the rest, with its words in a panel that covers no
lit thing and whose lines overlap nothing, at 1080p and 720p, in English and
Japanese."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.rules import GAMES  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402
from game.ui import layout_check, layout_record  # noqa: E402
from game.ui.layout_record import Mark  # noqa: E402


def human_turn(app, game_id: str):
    """A table at the human's (seat 0's) turn in the main play, nothing open on top."""
    from game.scenes.flow import start_match

    seats = [Seat("Ann", "red"), Seat("Bo", "blue", "greedy"), Seat("Cy", "green", "greedy")]
    start_match(app, Match(game_id, seats[:max(2, GAMES[game_id].min_players)], 5))
    for _ in range(400):
        app.step(1)
        table = app.stack[0]
        if app.top is not table:                 # a choice at the start: take its first
            table.act(table.legal[0]) if table.legal else None
            app.pop() if app.top is not table else None
            table.choice_closed()
            continue
        if table.acting and table.legal and not table.animator.busy and not table.queue:
            return table
    raise AssertionError("no human turn")


def board_action(table):
    """A legal action the board itself can point at (not only a button)."""
    for action in table.legal:
        if table.action_items(action):
            return action
    return None


def scaled(marks: list[Mark], factor: float) -> list[Mark]:
    def rect(r: pygame.Rect) -> pygame.Rect:
        left, top = round(r.left * factor), round(r.top * factor)
        return pygame.Rect(left, top, round(r.right * factor) - left,
                           round(r.bottom * factor) - top)

    return [Mark(m.kind, rect(m.rect), m.order, m.layer, m.owner, m.content, m.size,
                 m.line_height, m.part) for m in marks]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_spotlight_lights_an_action_and_keeps_its_words_clear(app, game_id, lang):
    from game.words import i18n

    i18n.set_language(lang)
    table = human_turn(app, game_id)
    action = board_action(table)
    assert action is not None, table.legal[:5]
    table.set_spotlight(action, ["A first reason, long enough to wrap onto a second line "
                                 "in the panel at this width.", "A second reason."],
                        title="Do this", footer="Enter: play it")
    lit = table.lit_items()
    assert lit
    with layout_record.recording() as recorder:
        app.step(1)
    if os.environ.get("SPOTLIGHT_SHOTS"):
        pygame.image.save(app.surface, f"{os.environ['SPOTLIGHT_SHOTS']}/{game_id}-{lang}.png")
    box = table.draw_spotlight_layer(pygame.Surface((1920, 1080)))
    assert box is not None
    for item in lit:
        assert not box.colliderect(table.spotlight_rect(item)), (item, box)
    for window, size in (("1080", (1920, 1080)), ("720", (1280, 720))):
        factor = size[1] / 1080
        marks = [m for m in recorder.frame.marks]
        panel_texts = [m for m in marks if m.kind == "text" and box.contains(m.rect)]
        assert panel_texts
        found = [p for p in layout_check.problems(
            scaled(marks, factor), pygame.Rect(0, 0, *size),
            max(1, round(layout_check.CLEARANCE * factor)))
            if any(t.content in p for t in panel_texts)]
        assert not found, (window, found)
    table.set_spotlight(None)
    assert table.lit_items() == []


def test_items_given_directly_are_lit(app):
    table = human_turn(app, "routes-usa")
    table.set_spotlight([("deck", None)], ["Draw from the deck."])
    assert table.lit_items() == [("deck", None)]
    app.step(1)
