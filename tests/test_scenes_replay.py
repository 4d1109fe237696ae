"""The replay screen: stepping, seeking and views through the real table; the
Replays list; `railparty replay` headless."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.story.history import write_record  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app():
    application = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    yield application
    application.close()


def press(app: App, k: int, ticks: int = 1) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def kept(game: str = "routes-usa", origin: str = "hot-seat", steps: int | None = None,
         seed: int = 2) -> Path:
    seats = [Seat("Ada", "red", "random"), Seat("Bo", "blue", "random"),
             Seat("Cy", "green", "random")]
    match = Match(game, seats[:3 if game == "railway-tricks" else 2], seed)
    n = 0
    while not match.state.is_over and (steps is None or n < steps):
        match.play_bot(match.bot_to_act())
        n += 1
    return write_record(match, origin)


def test_stepping_forwards_and_back_moves_the_shown_board(app):
    from game.scenes.replay import ReplayControls, open_replay

    assert open_replay(app, kept(), playing=False)
    controls = app.top
    assert isinstance(controls, ReplayControls)
    table, session = controls.table, controls.session
    for _ in range(6):
        press(app, pygame.K_RIGHT, ticks=90)
    assert session.cursor == 6
    assert table.shown == session.state.view(None)
    press(app, pygame.K_LEFT, ticks=5)
    assert session.cursor == 5 and table.shown == session.state.view(None)
    press(app, pygame.K_END, ticks=5)
    assert session.cursor == session.length
    press(app, pygame.K_HOME, ticks=5)
    assert session.cursor == 0
    press(app, pygame.K_PAGEDOWN, ticks=5)
    assert 0 < session.cursor < session.length


def test_playing_moves_on_by_itself_and_stops_at_the_end(app):
    from game.scenes.replay import open_replay

    assert open_replay(app, kept(steps=12))
    controls = app.top
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)            # the fastest pace
    for _ in range(200):
        app.step(10)
        if not controls.playing:
            break
    assert controls.session.cursor == 12 and not controls.playing
    assert controls.table in app.stack       # a replay's end is no results screen


def test_the_view_changes_only_where_seats_may_be_shown(app):
    from game.scenes.replay import open_replay

    assert open_replay(app, kept(origin="host"), playing=False)
    controls = app.top
    press(app, pygame.K_v)
    assert controls.session.watching is None and controls.table.viewer is None
    assert open_replay(app, kept(game="railway-tricks"), playing=False)
    controls = app.top
    press(app, pygame.K_v, ticks=3)
    assert controls.session.watching == 0 and controls.table.viewer == 0
    assert controls.table.shown == controls.session.state.view(0)


def test_a_damaged_file_is_a_message_not_a_crash(app, tmp_path):
    from game.scenes.replay import open_replay

    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"magic": "railparty-history", "format": 1, "game": "chess"}')
    assert not open_replay(app, bad)
    assert any("unknown game" in message for message, _t, _c in app.toasts)


def test_the_replays_list_opens_a_kept_game(app):
    from game.scenes import nav
    from game.scenes.replay import ReplayControls, ReplaysScene

    kept()
    nav.to_title(app)
    app.push(nav.screen("replays", app))
    scene = app.top
    assert isinstance(scene, ReplaysScene) and len(scene.entries) == 1
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert isinstance(app.top, ReplayControls)


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def test_replay_headless_saves_a_picture_and_prints_stats(tmp_path):
    path = kept()
    shot = tmp_path / "replay.png"
    done = _cli("replay", str(path), "--headless", "--frames", "30", "--at", "20",
                "--screenshot", str(shot), "--stats")
    assert done.returncode == 0, done.stderr
    assert shot.exists() and json.loads(done.stdout.splitlines()[-1])["frames"] == 30


def test_replay_of_a_foreign_file_says_why(tmp_path):
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": "world"}')
    done = _cli("replay", str(bad), "--headless", "--frames", "3")
    assert done.returncode == 2
    assert "not a Rail Party game record" in done.stderr and "Traceback" not in done.stderr


def test_the_players_screen_shows_each_names_record(app):
    from game.scenes import nav
    from game.scenes.replay import TableHistoryScene

    kept()
    kept(steps=4, seed=3)
    nav.to_title(app)
    app.push(nav.screen("replays", app))
    players = next(b for b in app.top.menu.buttons if b.label == "Players")
    players.action()
    scene = app.top
    assert isinstance(scene, TableHistoryScene) and scene.games == 2
    ada = next(p for p in scene.players if p.name == "Ada")
    assert ada.played == {"routes-usa": 2} and ada.rated_games == 1
    from game.ui.layout_record import recording

    with recording() as rec:
        app.step(1)
    drawn = [m.content for m in rec.frame.texts]
    # games played and won per game, beside the best score (as history --json has them)
    won = ada.won.get("routes-usa", 0)
    assert (f"Rail Routes: North America: won {won} of 2, best "
            f"{round(ada.best['routes-usa'])}") in drawn
    press(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_typing_a_round_and_enter_jumps_to_its_start(app):
    from game.scenes.replay import open_replay

    assert open_replay(app, kept(), playing=False)
    controls = app.top
    starts = controls.round_starts
    assert len(starts) > 3
    for digit in "3":
        app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode=digit)])
    press(app, pygame.K_RETURN, ticks=3)
    assert controls.session.cursor == starts[2] and not controls.playing
    assert controls.round_of(controls.session.cursor) == 3
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_9, mod=0, unicode="9")])
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_9, mod=0, unicode="9")])
    press(app, pygame.K_RETURN, ticks=3)
    assert controls.session.cursor == controls.session.length


def test_the_bar_works_by_mouse_and_by_controller(app):
    """Every control the keys have: the mouse has buttons on the bar, a
    controller its A, B, d-pad and shoulder buttons."""
    from game.scenes.replay import open_replay

    assert open_replay(app, kept(steps=60), playing=False)
    controls = app.top
    session = controls.session

    def click(icon: str) -> None:
        app.step(5, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                         pos=controls.icon_rect(icon).center)])

    def pad(button: int) -> None:
        app.step(5, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=button, instance_id=0,
                                         joy=0)])

    click("step")
    click("step")
    assert session.cursor == 2
    click("back")
    assert session.cursor == 1
    click("end")
    assert session.cursor == session.length
    click("start")
    assert session.cursor == 0
    pace = controls.pace
    click("faster")
    assert controls.pace == pace + 1
    click("slower")
    click("slower")
    assert controls.pace == pace - 1
    click("play")
    assert controls.playing
    click("play")
    assert not controls.playing
    # a controller: d-pad right/left step, shoulders jump a round, up/down speed, A plays
    pad(14)
    pad(14)
    assert session.cursor == 2
    pad(13)
    assert session.cursor == 1
    pad(10)
    assert session.cursor == controls.round_starts[1]
    pad(10)
    assert session.cursor == controls.round_starts[2]
    pad(9)
    assert session.cursor == controls.round_starts[1]
    pace = controls.pace
    pad(11)
    assert controls.pace == pace + 1
    pad(12)
    assert controls.pace == pace
    pad(0)
    assert controls.playing
    pad(0)
    assert not controls.playing
    pad(1)                                   # B leaves
    assert controls not in app.stack


def test_a_step_right_after_a_jump_animates_from_the_board_jumped_to(app):
    """A jump's snap waited for the queue to empty, so a step taken before the
    next tick animated its move over the old board (the start's, at move 41)."""
    from game.scenes.replay import open_replay

    assert open_replay(app, kept(steps=60), playing=False)
    controls = app.top
    session = controls.session
    controls.seek(40)
    press(app, pygame.K_RIGHT)
    session.seek(40)
    before = session.state.view(None)
    session.seek(41)
    after = session.state.view(None)
    seen = []
    for _ in range(120):
        seen.append(controls.table.shown)
        app.step(1)
    assert all(board in (before, after) for board in seen)
    assert seen[-1] == after


def test_the_replays_list_says_which_kept_files_it_cannot_read(app):
    """A damaged file in the history folder was left out without a word (and
    with only damaged files the list said no game was ever kept)."""
    from game.scenes import nav
    from game.scenes.replay import ReplaysScene
    from game.story.history import history_dir
    from game.ui.layout_record import recording

    (history_dir() / "broken.json").write_bytes(b'{"magic": "railparty-history", "form')
    nav.to_title(app)
    app.push(nav.screen("replays", app))
    scene = app.top
    assert isinstance(scene, ReplaysScene) and not scene.entries
    with recording() as rec:
        app.step(1)
    drawn = " ".join(m.content for m in rec.frame.texts)
    assert "1 kept file cannot be read" in drawn and "broken.json" in drawn
    assert "No games kept yet" not in drawn
    kept()
    app.push(nav.screen("replays", app))
    scene = app.top
    assert len(scene.entries) == 1 and [p.name for p, _why in scene.unreadable] == ["broken.json"]


def test_whose_view_by_mouse_and_controller_and_hiding_by_controller(app):
    from game.scenes.replay import open_replay

    assert open_replay(app, kept(game="railway-tricks"), playing=False)
    controls = app.top
    app.step(3, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                    pos=controls.icon_rect("view").center)])
    assert controls.session.watching == 0 and controls.table.viewer == 0
    app.step(3, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=3, instance_id=0, joy=0)])
    assert controls.session.watching == 1 and controls.table.viewer == 1
    app.step(3, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=2, instance_id=0, joy=0)])
    assert controls.hidden


def test_after_a_jump_the_log_tells_the_moves_up_to_that_point(app):
    """The log follows a jump: forwards it tells every move up to the point
    jumped to (not the first moves only), backwards it forgets the later ones."""
    from game.rules import create, redact_events
    from game.scenes.replay import open_replay

    assert open_replay(app, kept(steps=40), playing=False)
    controls = app.top
    table, session = controls.table, controls.session
    match = session.record.match

    def told(n: int) -> list[str]:
        state = create(match.game_id, players=len(match.seats), seed=match.seed)
        lines = []
        for seat, action in session.actions[:n]:
            for event in redact_events(state.apply(seat, action), None):
                if line := table.describe(event):
                    lines.append(line)
        return lines

    controls.seek(30)
    app.step(5)
    assert len(told(30)) >= 10 and table.log.entries == told(30)
    controls.seek(3)
    app.step(5)
    assert table.log.entries == told(3)
    press(app, pygame.K_RIGHT, ticks=90)   # a step after the jump adds its own lines
    assert table.log.entries == told(4)
