"""A LAN guest's record: exactly what it was shown, played back as shown; a
damaged or crafted file is a message."""

from __future__ import annotations

import json
import zlib

import pytest

from game.story.view_record import ViewRecorder, ViewReplaySession, read_view_record
from game.tables.save_check import SaveError


def test_a_spectators_record_holds_no_seats_secret_and_replays_as_seen(tmp_path):
    from game.tables.remote_session import RemoteSession
    from tests.netkit import Player, connect, start_host, wait_until

    host = start_host(seats=2, auto_start=True)
    players = []
    watcher = None
    try:
        watcher = connect(host, "Watcher", role="spectator")
        session = RemoteSession(watcher)
        session.recorder = ViewRecorder(interval=0.0, folder=tmp_path)
        players = [Player(connect(host, f"Seat {i}"), "greedy", seed=i) for i in range(2)]
        wait_until(lambda: session.poll() is not None and session.is_over,
                   "the game to end for the spectator", timeout=180)
        session.poll()
    finally:
        for p in players:
            p.session.stop()
        if watcher is not None:
            watcher.stop()
        host.stop()
    (path,) = tmp_path.glob("*.json.z")
    data = read_view_record(path)
    assert data["viewer"] is None and len(data["frames"]) > 50
    for events, view, _to_act in data["frames"]:
        assert view["you"] is None and not view["private"]
        assert all("private" not in e for e in events)
    replay = ViewReplaySession(data, path)
    assert replay.viewable_seats() == [] and not replay.watch(0)
    replay.seek(replay.length // 2)
    assert replay.view(0) == replay.view(None) == data["frames"][replay.length // 2][1]
    replay.poll()
    replay.step()
    assert replay.poll() == [data["frames"][replay.length // 2 + 1][0]]
    assert data["frames"][-1][1].get("result") or data["frames"][-1][1]["phase"] == "over"
    # the real table plays it back, stepping and seeking
    import pygame

    from game.app import App
    from game.scenes.replay import open_replay
    from game.system.settings import Settings

    app = App(settings=Settings(animation=1.0), headless=True)
    try:
        assert open_replay(app, path, playing=False)
        controls = app.top
        # the end shows the results; Esc goes back into the replay, a move before it
        for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_END, pygame.K_ESCAPE):
            app.step(60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        assert controls.session.cursor == controls.session.length - 1
        assert controls.table.shown == data["frames"][controls.session.cursor][1]
    finally:
        app.close()


def test_a_players_record_shows_its_own_hand_only():
    frames = [[[], {"you": 1, "private": {"hand": ["red"]}, "phase": "play"}, [1]],
              [[{"type": "drawn", "seat": 1}], {"you": 1, "private": {"hand": ["red", "blue"]},
                                               "phase": "play"}, [0]]]
    data = {"magic": "railparty-view-record", "format": 1, "game": "routes-usa",
            "seats": [{"name": "A"}, {"name": "B"}], "viewer": 1, "frames": frames}
    replay = ViewReplaySession(data, None)
    assert replay.watching == 1
    replay.seek(1)
    assert replay.view(1)["private"]["hand"] == ["red", "blue"]
    assert replay.view(0)["private"] == {} and replay.view(None)["you"] is None


def _watched_game(seed: int = 3, viewer: int | None = None):
    """A real game played here and what a guest in `viewer`'s seat (None: a
    spectator) is sent of it: a guest's record as the host's messages make it."""
    from game.rules import redact_events
    from game.tables.match import Match, Seat

    match = Match("routes-usa", [Seat("Ann", "red", "greedy"), Seat("Bob", "blue", "greedy")],
                  seed)
    frames = [[[], match.state.view(viewer), list(match.state.to_act)]]
    while not match.state.is_over:
        events = match.play_bot(match.bot_to_act())
        frames.append([redact_events(events, viewer), match.state.view(viewer),
                       list(match.state.to_act)])
    data = {"magic": "railparty-view-record", "format": 1, "game": "routes-usa",
            "seats": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}],
            "viewer": viewer, "frames": frames}
    return match, json.loads(json.dumps(data))


def _spoil(data, where: str):
    """One field of a real record made wrong, as a damaged or crafted file has it."""
    frames = data["frames"]
    if where == "players":
        frames[3][1]["players"] = "x"
    elif where == "game":
        frames[3][1]["game"] = "eighty-days"
    elif where == "board":
        frames[0][1] = {}
    elif where == "breakdown":
        frames[-1][1]["result"]["breakdown"] = [{"x": 1}, 5]
    elif where == "event":
        frames[5][0] = [{"type": "claimed", "seat": 9, "route": "nowhere"}]
    elif where == "to_act":
        frames[5][2] = [7]
    elif where == "private":
        frames[4][1]["private"] = {"hand": "zzz"}
    elif where == "you":
        frames[4][1]["you"] = 1
    return data


@pytest.mark.parametrize("where", ["players", "game", "board", "breakdown", "event", "to_act",
                                   "private", "you"])
def test_a_record_whose_views_the_table_cannot_draw_is_refused_before_any_window(tmp_path,
                                                                                   where):
    """These opened and crashed the replay's table (a KeyError on an empty view,
    an IndexError on an event naming seat 9, the results on a spoiled breakdown)."""
    _match, data = _watched_game()
    with pytest.raises(SaveError, match="damaged at update"):
        read_view_record(_write(tmp_path / "x.json.z", _spoil(data, where)))


def test_seat_names_and_colours_of_a_record_are_cleaned(tmp_path):
    _match, data = _watched_game()
    data["seats"] = [{"name": "A\x00\nB" * 20, "color": [1, 2]}, {"name": 5, "bot": {}}]
    seats = read_view_record(_write(tmp_path / "x.json.z", data))["seats"]
    assert seats[0]["name"] == ("AB" * 12) and seats[0]["color"] is None
    assert seats[1] == {"name": "?", "color": None, "bot": None}


def _write(path, data, compress=True):
    raw = json.dumps(data).encode()
    path.write_bytes(zlib.compress(raw) if compress else raw)
    return path


@pytest.mark.parametrize("data, words", [
    ({"magic": "other"}, "not a Rail Party game record"),
    ({"magic": "railparty-view-record", "format": 7}, "another version"),
    ({"magic": "railparty-view-record", "format": 1, "game": "chess"}, "unknown game"),
    ({"magic": "railparty-view-record", "format": 1, "game": "routes-usa", "seats": [],
      "viewer": None, "frames": []}, "no seats or no moves"),
    ({"magic": "railparty-view-record", "format": 1, "game": "routes-usa",
      "seats": [{"name": "A"}], "viewer": 5, "frames": [[[], {}, []]]}, "viewer"),
    ({"magic": "railparty-view-record", "format": 1, "game": "routes-usa",
      "seats": [{"name": "A"}], "viewer": None, "frames": [[[], "x", []]]}, "update 1"),
])
def test_damaged_guest_records_are_refused_with_a_reason(tmp_path, data, words):
    with pytest.raises(SaveError, match=words):
        read_view_record(_write(tmp_path / "x.json.z", data))


def test_not_compressed_and_zip_bombs_are_refused(tmp_path):
    with pytest.raises(SaveError, match="corrupt"):
        read_view_record(_write(tmp_path / "a.json.z", {"a": 1}, compress=False))
    bomb = tmp_path / "b.json.z"
    bomb.write_bytes(zlib.compress(b" " * (80 * 1024 * 1024), 9))
    with pytest.raises(SaveError, match="too big"):
        read_view_record(bomb)


def test_replay_cli_and_history_json_take_a_guests_record(tmp_path, capsys):
    from game.cli.main import main
    from game.story.history import history_dir

    match, data = _watched_game()
    path = _write(history_dir() / "routes-usa-lan-x.json.z", data)
    assert main(["history", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    (game,) = [line for line in lines if "game" in line]
    winners = [["Ann", "Bob"][w] for w in match.state.result()["winners"]]
    assert game["winners"] == winners and game["file"] == str(path)
    assert game["origin"] == "lan-guest"


def test_a_guest_that_keeps_no_history_still_holds_its_frames_for_the_chart(tmp_path):
    recorder = ViewRecorder(interval=0.0, folder=tmp_path, keep=False)
    snap = {"game": "routes-usa", "game_number": 0, "seat": 0,
            "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    view = {"you": 0, "private": {}, "players": [{"score": 0}, {"score": 0}]}
    recorder.add(snap, [], view, [0], False)
    recorder.add(snap, [{"type": "claimed", "seat": 0}], view, [1], True)
    assert len(recorder.frames) == 2 and not list(tmp_path.iterdir())
    kept = ViewRecorder(interval=0.0, folder=tmp_path)
    kept.add(snap, [], view, [0], True)
    assert len(list(tmp_path.glob("*.json.z"))) == 1
