"""The history folder, its records, the table's history and `railparty history`."""

from __future__ import annotations

import json
import os

import pytest

from game.rules import GAMES
from game.story.history import (
    HistoryKeeper,
    history_dir,
    list_records,
    prune,
    read_record,
    record_path,
    write_record,
)
from game.story.ratings import table_history
from game.tables.match import Match, SaveError, Seat, default_seats


def _played(game: str, seed: int, names: list[str], steps: int | None = None) -> Match:
    """A bot-only game under the given names, played to the end (or `steps` moves)."""
    bot = GAMES[game].bots[-1] if "greedy" not in GAMES[game].bots else "greedy"
    seats = [Seat(n, c.color, bot) for n, c in zip(names, default_seats(game, 0, len(names)),
                                                   strict=True)]
    match = Match(game, seats, seed)
    n = 0
    while not match.state.is_over and (steps is None or n < steps):
        seat = match.state.to_act[0]
        match.play_bot(seat)
        n += 1
    return match


def test_a_hot_seat_game_is_kept_after_every_move_without_tokens():
    match = _played("routes-usa", 3, ["Ann", "Bob"], steps=0)
    match.seed = 123456789123456789          # long enough to be told apart in a file name
    match.state = Match("routes-usa", match.seats, match.seed).state
    match.seats[0].token = "secret-token"
    match.history = HistoryKeeper("hot-seat", interval=0.0)
    for _ in range(5):
        match.play_bot(match.state.to_act[0])
    path = record_path(match)
    raw = path.read_text()
    assert "secret-token" not in raw
    assert str(match.seed) in raw            # the seed is the replay; the file name is not
    assert str(match.seed) not in path.name
    record = read_record(path)
    assert record.actions == list(match.state.history)
    assert record.origin == "hot-seat"
    assert not record.summary()["over"]


def test_a_resumed_game_rewrites_its_one_record():
    match = _played("railway-tricks", 4, ["Ann", "Bob", "Cid"], steps=3)
    write_record(match, "hot-seat")
    match.play_bot(match.state.to_act[0])
    write_record(match, "hot-seat")
    assert len(list(history_dir().glob("*.json"))) == 1


def test_the_folder_is_kept_under_its_limit_oldest_first(tmp_path):
    for i in range(6):
        p = tmp_path / f"g{i}.json"
        p.write_bytes(b"x" * 1000)
        os.utime(p, (1000 + i, 1000 + i))
    dropped = prune(tmp_path, 3500)
    assert sorted(p.name for p in dropped) == ["g0.json", "g1.json", "g2.json"]
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["g3.json", "g4.json", "g5.json"]


@pytest.mark.parametrize("content, words", [
    (b"\x00\x01garbage", "corrupt"),
    (b"[1, 2, 3]", "not a Rail Party game record"),
    (b'{"magic": "something-else"}', "not a Rail Party game record"),
    (b"[" * 100000 + b"]" * 100000, "corrupt"),
    (b'{"magic": "railparty-history", "format": 99}', "another version"),
])
def test_damaged_or_foreign_files_get_a_clear_message(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=words):
        read_record(path)


def test_a_record_whose_actions_the_rules_refuse_is_damaged(tmp_path):
    match = _played("eighty-days", 5, ["Ann", "Bob"], steps=6)
    data = json.loads(write_record(match, "hot-seat").read_text())
    data["history"][3][1] = {"type": "fly-to-the-moon"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="damaged at action 4"):
        read_record(bad)
    with pytest.raises(SaveError, match="no file"):
        read_record(tmp_path / "missing.json")


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(64 * 1024 * 1024)
    with pytest.raises(SaveError, match="too big"):
        read_record(path)


def test_ratings_follow_the_engines_winners_and_count_unfinished_games_as_played():
    games = [_played("routes-usa", s, ["Ann", "Bob"]) for s in (1, 2, 3)]
    games.append(_played("eighty-days", 9, ["Ann", "Bob", "Cid"]))
    games.append(_played("railway-tricks", 1, ["Ann", "Bob", "Cid"], steps=4))
    for match in games:
        write_record(match, "hot-seat")
    records, problems = list_records()
    assert not problems and len(records) == 5
    players = {p.name: p for p in table_history(records)}
    assert players["Ann"].played == {"routes-usa": 3, "eighty-days": 1, "railway-tricks": 1}
    assert players["Cid"].rated_games == 1             # the unfinished game is not rated
    wins = {name: sum(p.won.values()) for name, p in players.items()}
    expected = {}
    for match in games[:4]:
        for i in match.state.result()["winners"]:
            name = match.seats[i].name
            expected[name] = expected.get(name, 0) + 1
    assert {k: v for k, v in wins.items() if v} == expected
    # the player who won more of the same two-player games rates higher
    usa = [m.state.result()["winners"] for m in games[:3]]
    ann_wins = sum(1 for w in usa if w == [0])
    if ann_wins in (0, 3):
        top = "Ann" if ann_wins == 3 else "Bob"
        low = "Bob" if top == "Ann" else "Ann"
        assert players[top].mu > players[low].mu
    best = players["Ann"].best["routes-usa"]
    assert best == max(m.state.result()["scores"][0] for m in games[:3])
    assert players["Ann"].best["eighty-days"] == games[3].state.result()["scores"][0]


def test_history_json_prints_players_then_games(capsys):
    from game.cli.main import main

    match = _played("routes-usa", 7, ["Ann", "Bob"])
    path = write_record(match, "host")
    (history_dir() / "junk.json").write_bytes(b"not json")
    assert main(["history", "--json"]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    games = [line for line in lines if "game" in line]
    assert len(games) == 1
    g = games[0]
    assert g["game"] == "routes-usa" and g["players"] == ["Ann", "Bob"]
    assert g["winners"] == [match.seats[i].name for i in match.state.result()["winners"]]
    assert g["file"] == str(path) and g["origin"] == "host"
    assert {line["player"]["name"] for line in lines if "player" in line} == {"Ann", "Bob"}
    assert "junk.json" in err and "Traceback" not in err


def test_the_setting_off_keeps_nothing():
    from game.scenes.flow import keep_history

    class App:
        class settings:
            keep_history = False

    match = Match("routes-usa", default_seats("routes-usa", 2, 2), 1)
    keep_history(App, match)
    assert match.history is None
    App.settings.keep_history = True
    keep_history(App, match)
    assert match.history is not None


def test_a_headless_hosts_game_goes_into_the_hosting_machines_history():
    from tests.netkit import start_host, wait_until

    host = start_host(seats=2, game="eighty-days", auto_start=True, start_after=0.05,
                      keep_history=True)
    try:
        wait_until(lambda: host.match is not None and host.match.state.is_over,
                   "the bots to finish the game", timeout=120)
        wait_until(lambda: list_records()[0], "the finished game in the history")
    finally:
        host.stop()
    records, problems = list_records()
    assert not problems and len(records) == 1
    summary = records[0].summary()
    assert summary["origin"] == "host" and summary["over"]
    assert records[0].actions == list(host.match.state.history)


def test_a_new_record_keeps_the_folder_under_the_limit(tmp_path):
    old = tmp_path / "old.json"
    old.write_bytes(b"x" * 5000)
    os.utime(old, (1000, 1000))
    match = _played("routes-usa", 3, ["Ann", "Bob"], steps=4)
    path = write_record(match, "hot-seat", tmp_path / "new.json", limit=5000)
    assert path.exists() and not old.exists()


def test_the_settings_screen_turns_the_history_off_and_keeps_the_choice(tmp_path):
    import pygame

    from game.app import App
    from game.scenes.settings_scene import ROWS, SettingsScene
    from game.system.settings import Settings

    app = App(settings=Settings(), headless=True)
    try:
        scene = SettingsScene(app)
        app.push(scene)
        scene.focus = ROWS.index("keep_history")
        app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")])
        assert app.settings.keep_history is False
        assert Settings.load().keep_history is False
    finally:
        app.close()


def _guest_summary(match: Match, saved_at: float) -> dict:
    """What view_record.summary_of gives for a guest that saw `match` end."""
    result = match.state.result()
    names = [s.name for s in match.seats]
    return {"game": match.game_id, "players": names, "bots": [None] * len(names),
            "winners": [names[i] for i in result["winners"]],
            "scores": list(result["scores"]), "over": True, "actions": 1,
            "origin": "lan-guest", "viewer": 0, "saved_at": saved_at, "file": "x.json.z"}


def test_a_finished_guest_game_is_rated_once_even_when_this_machine_also_hosted_it():
    hosted = _played("routes-usa", 5, ["Ann", "Bob"])
    write_record(hosted, "host")
    records, _problems = list_records()
    (record,) = records
    elsewhere = _played("routes-usa", 6, ["Ann", "Cid"])
    unfinished = _played("routes-usa", 7, ["Ann", "Dee"], steps=6)
    guests = [_guest_summary(hosted, record.saved_at + 5),     # the hosted game, seen as a guest
              _guest_summary(elsewhere, record.saved_at + 60),
              dict(_guest_summary(unfinished, 1.0), over=False, scores=None, winners=[])]
    players = {p.name: p for p in table_history(records, guests)}
    assert players["Ann"].played == {"routes-usa": 2} and players["Ann"].rated_games == 2
    assert players["Bob"].played == {"routes-usa": 1} and players["Bob"].rated_games == 1
    assert players["Cid"].rated_games == 1 and "Dee" not in players
    won = {n: p.won.get("routes-usa", 0) for n, p in players.items()}
    expected = {"Ann": 0, "Bob": 0, "Cid": 0}
    for match in (hosted, elsewhere):
        for i in match.state.result()["winners"]:
            expected[match.seats[i].name] += 1
    assert won == expected
    assert players["Cid"].best["routes-usa"] == elsewhere.state.result()["scores"][1]
    # without the guests only the hosted game counts
    alone = {p.name: p for p in table_history(records)}
    assert alone["Ann"].rated_games == 1 and "Cid" not in alone


def test_history_json_rates_a_guests_finished_game(capsys):
    from game.cli.main import main
    from game.story.view_record import ViewRecorder

    match = _played("routes-usa", 8, ["Ann", "Bob"])
    recorder = ViewRecorder(interval=0.0)
    view = match.state.view(0)
    snap = {"game": "routes-usa", "game_number": 0, "seat": 0,
            "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    recorder.add(snap, [], match.state.view(0), [], False)
    recorder.add(snap, [], view, [], True)
    assert main(["history", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    rated = {line["player"]["name"]: line["player"] for line in lines if "player" in line}
    assert rated["Ann"]["rated_games"] == rated["Bob"]["rated_games"] == 1
    assert rated["Ann"]["games_played"] == 1


def test_history_text_lists_a_guests_game_when_nothing_else_is_kept(capsys):
    from game.cli.main import main
    from game.story.view_record import ViewRecorder

    match = _played("routes-usa", 8, ["Ann", "Bob"])
    snap = {"game": "routes-usa", "game_number": 0, "seat": 0,
            "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    ViewRecorder(interval=0.0).add(snap, [], match.state.view(0), [], True)
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert "No games kept yet" not in out and "seen as a LAN guest" in out
    assert out.splitlines()[1].startswith("Ann") or out.splitlines()[1].startswith("Bob")
