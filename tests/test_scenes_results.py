"""The results screen, for any game: it stays until a player chooses to leave.

Players press Enter (or A) to hurry the last animations along; those presses
must never start a rematch or leave the table behind the scores.
"""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    application = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    yield application
    application.close()


def press(app: App, k: int, ticks: int = 1) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def finished_table(app: App):
    """A routes game with one human, played by bots to its last move, on screen."""
    from game.scenes.flow import start_match

    match = Match("routes-usa", [Seat("Ada", "red", "random"), Seat("Bo", "blue", "random")], 2)
    while not match.state.is_over:
        match.play_bot(match.bot_to_act())
    match.seats[0].bot = None
    match._make_bots()
    start_match(app, match)
    return app.stack[0], match


def test_enter_spam_through_the_end_never_leaves_the_results(app):
    from game.scenes.results import ResultsScene

    table, match = finished_table(app)
    for _ in range(120):  # Enter held down through the end and the whole count-up
        press(app, pygame.K_RETURN, ticks=3)
    results = app.top
    assert isinstance(results, ResultsScene), "the scores are still on screen"
    assert app.stack[0] is table and table.session.match is match, "no rematch started"
    assert results.ticks >= results._total_ticks(), "the scores are all shown"
    pad_a = pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0, joy=0)
    app.step(2, [pad_a])
    assert app.top is results
    # a deliberate choice: an arrow onto a button, then Enter
    press(app, pygame.K_RIGHT)
    assert results.menu.buttons[results.menu.focus].label == "Rematch"
    press(app, pygame.K_RIGHT)
    assert results.menu.buttons[results.menu.focus].label == "Title"
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN, ticks=3)
    assert app.stack[0] is not table, "Rematch chosen on purpose starts a new game"


def test_a_click_on_a_button_leaves_at_once(app):
    from game.scenes.results import ResultsScene

    table, _ = finished_table(app)
    for _ in range(40):
        press(app, pygame.K_RETURN, ticks=10)
    results = app.top
    assert isinstance(results, ResultsScene)
    title = next(b for b in results.menu.buttons if b.label == "Title")
    app.step(2, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=title.rect.center)])
    assert type(app.top).__name__ == "TitleScene"


def test_the_board_behind_the_route_results_keeps_its_hint_off_the_hand(tmp_path, monkeypatch):
    """M on the results shows the board with the player's hand at the bottom
    left: "M: back to the scores" must not be drawn over those cards."""
    import pygame

    from game.app import App
    from game.scenes.flow import start_match
    from game.scenes.results import ResultsScene
    from game.system.settings import Settings
    from game.tables.match import Match, Seat
    from game.ui import layout_check
    from game.ui.layout_record import recording

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    try:
        match = Match("routes-usa", [Seat("Ada", "red", "greedy"), Seat("Bo", "blue", "greedy"),
                                     Seat("Cy", "green", "greedy")], 3)
        while not match.state.is_over:
            match.play_bot(match.state.to_act[0])
        match.seats[0].bot = None                  # one human: the hand stays in view
        match._make_bots()
        start_match(app, match)
        for _ in range(200):
            app.step(5)
            if isinstance(app.top, ResultsScene):
                break
        results = app.top
        assert isinstance(results, ResultsScene)
        app.step(400)
        app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m")])
        assert results.compact
        with recording() as rec:
            app.step(1)
        texts = [m.content for m in rec.frame.texts]
        assert "M: back to the scores" in texts and "You are Ada" in texts
        assert layout_check.problems(rec.frame.marks) == []
    finally:
        app.close()
