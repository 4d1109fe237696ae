"""A replay that reaches the end of a finished game shows that game's results
screen, as live play does: the race chart and the highlights, from what the
replay's viewer was allowed to see (a LAN guest's own record: only its seat's
view, recorded over real loopback sockets)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.system.settings import Settings  # noqa: E402


@pytest.fixture
def app():
    application = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    yield application
    application.close()


def press(app: App, key: int, ticks: int = 1) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def step_until(app: App, predicate, what: str, ticks: int = 3000) -> None:
    for _ in range(ticks):
        if predicate():
            return
        app.step(1)
    raise AssertionError(f"{what} never happened; stack {[type(s).__name__ for s in app.stack]}")


def lan_guest_record(game: str) -> Path:
    """A whole game against a host bot, the guest's seat played by a bot through
    the guest's RemoteSession, which records what it was shown."""
    from game.bots import make_bot
    from game.story.history import history_dir
    from game.story.view_record import ViewRecorder
    from game.tables.remote_session import RemoteSession
    from tests.netkit import connect, start_host, wait_until

    host = start_host(seats=2, game=game, fill_bot="greedy")
    guest = None
    try:
        guest = connect(host, "Guest")
        session = RemoteSession(guest)
        session.recorder = ViewRecorder(interval=0.0)
        bot = make_bot("greedy", 1)
        wait_until(lambda: session.poll() is not None and session.seat is not None,
                   "the guest's seat")
        host.start_game()

        def played_to_the_end() -> bool:
            session.poll()
            if not session.ready:
                return False
            if session.is_over:
                return True
            if not session.awaiting:
                view, _to_act, legal = session.observe(session.seat)
                if legal:
                    session.submit(session.seat, bot.choose(view, legal))
            return False

        wait_until(played_to_the_end, "the guest's game to end", timeout=240)
        session.poll()
    finally:
        if guest is not None:
            guest.stop()
        host.stop()
    (path,) = history_dir().glob("*.json.z")
    return path


def test_a_lan_guests_own_record_replayed_ends_on_its_results_as_the_guest_saw_them(app):
    from game.rules import redact_events
    from game.scenes.replay import ReplayControls, open_replay
    from game.scenes.results import ResultsScene
    from game.story.race_chart import race_of_views
    from game.story.view_record import read_view_record

    path = lan_guest_record("routes-usa")
    data = read_view_record(path)
    frames, viewer = data["frames"], data["viewer"]
    assert viewer is not None
    # the record holds that seat's secrets only
    for events, view, _to_act in frames:
        assert view["you"] == viewer
        assert all("private" not in e or e.get("private_to") == viewer for e in events)
    final = frames[-1][1]["result"]

    assert open_replay(app, path, playing=False)
    controls = app.top
    assert isinstance(controls, ReplayControls)
    press(app, pygame.K_END)
    step_until(app, lambda: isinstance(app.top, ResultsScene), "the results screen")
    results, table = app.top, controls.table
    assert results.result == final
    assert table.viewer == viewer and table.shown == frames[-1][1]
    race = results.race
    assert race is not None and race.moves > 10
    assert [series[-1] for series in race.series] == list(final["scores"])
    # nothing hidden made the chart: drawn from the frames with every secret
    # stripped (the guest's own hand too), it is the same chart
    public = [[redact_events(events, None), dict(view, you=None, private={}), to_act]
              for events, view, to_act in frames]
    assert race == race_of_views(public, final, table.race_measure_view, table.race_measure,
                                 table.info.better, table.describe, table.story_note,
                                 table.race_sides_view)
    press(app, pygame.K_c, ticks=2)           # the chart draws
    assert results.chart
    # Esc goes back into the replay, a move before the end
    press(app, pygame.K_ESCAPE, ticks=2)
    assert app.top is controls and controls.session.cursor == controls.session.length - 1


def test_a_finished_hot_seat_replay_ends_on_its_results_with_the_chart_from_its_record(app):
    from game.scenes.replay import open_replay
    from game.scenes.results import ResultsScene
    from game.story.history import write_record
    from game.tables.match import Match, Seat

    match = Match("eighty-days", [Seat("Ada", "red", "greedy"), Seat("Bo", "blue", "greedy")], 4)
    while not match.state.is_over:
        match.play_bot(match.bot_to_act())
    path = write_record(match, "hot-seat")
    assert open_replay(app, path)
    controls = app.top
    controls.seek(controls.session.length - 3)   # the last moves play as live
    for _ in range(4):
        press(app, pygame.K_UP)               # the fastest pace
    step_until(app, lambda: isinstance(app.top, ResultsScene), "the results screen")
    results = app.top
    assert controls.session.cursor == controls.session.length
    assert results.result == match.state.result()
    assert results.race is not None
    assert [series[-1] for series in results.race.series] == list(match.state.result()["scores"])
    labels = [b.label for b in results.menu.buttons]
    assert "Rematch" not in labels and "Back to the replay" in labels
