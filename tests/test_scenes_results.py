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
from game.match import Match, Seat  # noqa: E402
from game.settings import Settings  # noqa: E402


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
