"""The command line: the simulator's output and clear usage errors."""

from __future__ import annotations

import json

import pytest

from game.cli.main import main


def test_simulate_json_lines(capsys):
    code = main(["simulate", "--game", "routes-usa", "--players", "4",
                 "--bots", "greedy,random,greedy,random", "--games", "3", "--seed", "1",
                 "--json"])
    assert code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4
    for line in lines[:3]:
        assert set(line) == {"game", "seed", "players", "bots", "scores", "winners", "turns"}
        assert line["players"] == 4 and len(line["scores"]) == 4
    summary = lines[-1]
    assert summary["summary"] and set(summary["win_rate"]) == {"greedy", "random"}
    assert "mean_score" in summary and summary["games_per_second"] > 0


def test_simulate_is_reproducible(capsys):
    args = ["simulate", "--bots", "greedy,random", "--games", "2", "--seed", "5", "--json"]
    main(args)
    first = capsys.readouterr().out.splitlines()[:2]
    main(args)
    assert capsys.readouterr().out.splitlines()[:2] == first


@pytest.mark.parametrize("args, words", [
    (["simulate", "--bots", "clever"], "unknown bot"),
    (["simulate", "--players", "4", "--bots", "greedy,random"], "names 2 bot(s) for 4 players"),
    (["simulate", "--players", "7", "--bots", "random"], "takes 2-5 players"),
    (["simulate", "--games", "zero"], "not a whole number"),
    (["simulate", "--games", "0"], "must be 1 or more"),
    (["simulate", "--game", "chess"], "invalid choice"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_flags_get_a_usage_error(args, words, capsys):
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and words in err


def test_validate_map_reports_problems(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": 1, "name": "x"}), encoding="utf-8")
    assert main(["validate-map", str(bad)]) == 1
    assert "problem" in capsys.readouterr().err


def test_validate_map_accepts_the_packaged_board(capsys):
    from importlib import resources
    path = resources.files("assets").joinpath("maps", "usa.json")
    assert main(["validate-map", str(path)]) == 0
    assert "ok (36 cities, 100 tracks, 309 spaces, 30 tickets)" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "words"), [
    (["join", "--address", ""], "has no host name"),
    (["join", "--address", "127.0.0.1:9", "--color", "chartreuse"], "invalid choice"),
    (["kiosk", "--address", "nonsense"], "is not HOST:PORT"),
    (["demo", "--bot-pace", "-1", "--headless"], "not between 0 and 60"),
    (["demo", "--screenshot", "/no/such/folder/x.png", "--headless"], "does not exist"),
])
def test_bad_flags_of_the_window_commands_are_refused_before_anything_runs(args, words,
                                                                          capsys):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    assert words in capsys.readouterr().err


def test_a_closed_pipe_and_ctrl_c_end_quietly(monkeypatch, capsys):
    import game.tables.simulate

    def broken(*_args, **_kwargs):
        raise BrokenPipeError
        yield  # pragma: no cover

    monkeypatch.setattr(game.tables.simulate, "simulate", broken)
    assert main(["simulate", "--games", "1"]) == 0

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt
        yield  # pragma: no cover

    monkeypatch.setattr(game.tables.simulate, "simulate", interrupted)
    assert main(["simulate", "--games", "1"]) == 130
    assert "stopped" in capsys.readouterr().err


def test_play_resume_of_a_missing_save_says_so_on_the_terminal(tmp_path, capsys, monkeypatch):
    from game.app import App

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path))
    monkeypatch.setattr(App, "run", lambda self, **_: None)
    assert main(["play", "--resume", str(tmp_path / "nothing.json")]) == 0
    assert "no save at" in capsys.readouterr().err


def test_play_starts_a_couch_game_with_phones_from_the_command_line(tmp_path, monkeypatch):
    """`play --game G --seats hot,phone,normal` opens the table of a couch game
    with a phone seat, as the setup screen's Phone seat does."""
    from game.app import App

    seen = {}

    def run(self, **_):
        scene = next(s for s in self.stack if hasattr(s, "session"))
        session = getattr(scene, "session", None)
        seen["session"] = type(session).__name__
        seen["phones"] = [s.phone for s in session.match.seats] if hasattr(
            session, "match") else None
        host = getattr(session, "host", None)
        seen["web"] = host is not None and host.web_port is not None
        seen["kinds"] = [s.kind for s in host.slots] if host is not None else None
        session.stop()                      # the couch game's host, as leaving the table does

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path))
    monkeypatch.setenv("RAILPARTY_MDNS_INTERFACES", "127.0.0.1")
    monkeypatch.setattr(App, "run", run)
    assert main(["play", "--game", "routes-usa", "--seats", "hot,phone,normal"]) == 0
    assert seen["session"] == "CouchSession" and seen["web"], seen
    assert seen["kinds"][2] == "bot"


def test_play_seats_are_checked_before_a_window_opens(capsys):
    for argv, said in ((["--game", "routes-usa", "--seats", "hot"], "takes 2-5 players"),
                       (["--game", "routes-usa", "--seats", "normal,hard"], "names no player"),
                       (["--game", "routes-usa", "--seats", "hot,sofa"], "'sofa'"),
                       (["--seats", "hot,hot"], "go together")):
        with pytest.raises(SystemExit) as stop:
            main(["play", *argv])
        assert stop.value.code == 2
        assert said in capsys.readouterr().err, argv


def test_no_display_is_said_plainly(monkeypatch, capsys):
    import pygame

    from game.cli.play import open_app

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    app = open_app(headless=False)
    assert app is None
    assert "no window can open" in capsys.readouterr().err


# --- issue 24, defect 10: every bad input gets a word, never a traceback -------------

def test_validate_map_of_a_binary_file_says_what_is_wrong(tmp_path, capsys):
    binary = tmp_path / "picture.json"
    binary.write_bytes(bytes(range(256)) * 8)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    for path in (binary, deep):
        assert main(["validate-map", str(path)]) == 1
        err = capsys.readouterr().err
        assert str(path) in err and "Traceback" not in err
    assert main(["validate-map", str(binary)]) == 1
    assert "not a text file" in capsys.readouterr().err


def test_validate_map_refuses_a_huge_file_without_reading_it(tmp_path, capsys):
    from game.rules.routes.board import MAX_MAP_BYTES

    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(MAX_MAP_BYTES * 50)   # sparse: big on paper, nothing on disk
    assert main(["validate-map", str(huge)]) == 1
    assert "bigger than a map can be" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "words"), [
    (["kiosk", "--address", "127.0.0.1:1", "--frames", "-4"], "-4 must be 1 or more"),
    (["kiosk", "--frames", "0"], "0 must be 1 or more"),
    (["demo", "--headless", "--frames", "0"], "0 must be 1 or more"),
    (["demo", "--headless", "--players", "many"], "is not a whole number"),
    (["demo", "--headless", "--seed", "-1"], "is negative"),
    (["simulate", "--seed", "-1"], "is negative"),
    (["simulate", "--seed", str(2 ** 300)], "bits"),
    (["simulate", "--jobs", "100000"], "more than 64"),
    (["host", "--headless", "--seats", "0"], "0 must be 1 or more"),
    (["host", "--headless", "--seed", "-5"], "is negative"),
    (["host", "--headless", "--heartbeat", "0"], "too short"),
    (["host", "--headless", "--turn-timeout", "nan"], "not a number of seconds"),
    (["host", "--headless", "--start-after", "inf"], "not a number of seconds"),
    (["host", "--headless", "--drop-timeout", "-1"], "not between 0 and"),
    (["host", "--headless", "--bot-delay", "1e12"], "not between 0 and"),
    (["join", "--address", "127.0.0.1:9", "--headless", "--bot", "greedy",
      "--timeout", "0"], "too short"),
    (["join", "--address", "127.0.0.1:9", "--headless", "--bot", "greedy",
      "--think", "-0.5"], "not between 0 and 60"),
    (["spectate", "--address", "127.0.0.1:9", "--discover-timeout", "nan"],
     "not a number of seconds"),
    (["join", "--address", "127.0.0.1:9", "--headless"], "add --bot NAME"),
])
def test_nonsense_numbers_and_flags_are_refused_with_a_word(args, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and words in err


def _numeric_flags():
    """Every flag of every command whose value is read as a number."""
    import argparse

    from game.cli.lan import fingerprint_arg
    from game.cli.main import build_parser
    from game.cli.play import _address, png_path

    text_types = {None, str, _address, png_path, fingerprint_arg}
    commands = next(a for a in build_parser()._actions
                    if isinstance(a, argparse._SubParsersAction)).choices
    for command, parser in commands.items():
        for action in parser._actions:
            if action.option_strings and action.type not in text_types \
                    and action.choices is None and action.type.__name__ != "Path":
                yield command, action


def test_every_numeric_flag_of_every_command_refuses_nonsense():
    import argparse

    flags = list(_numeric_flags())
    assert len(flags) >= 25   # simulate, demo, kiosk, host, join, spectate
    for command, action in flags:
        for nonsense in ("-1", "nan", "inf", "1e999", "", "12abc", "-99999999999999999999"):
            with pytest.raises(argparse.ArgumentTypeError):
                action.type(nonsense)
                pytest.fail(f"{command} {action.option_strings[0]} took {nonsense!r}")


def _run_railparty(args, env_changes, timeout=120):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYGAME_")}
    env["PYTHONPATH"] = str(root)
    for key, value in env_changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run([sys.executable, "-m", "game", *args], env=env, cwd=root,
                          capture_output=True, text=True, timeout=timeout)


def test_demo_stats_is_the_last_line_of_stdout_alone(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    shot = tmp_path / "last.png"
    done = _run_railparty(["demo", "--headless", "--frames", "5", "--stats",
                           "--screenshot", str(shot)], {})
    assert done.returncode == 0, done.stderr
    assert shot.is_file() and "screenshot saved" in done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, f"stdout holds more than the JSON: {done.stdout!r}"
    assert json.loads(lines[0])["frames"] == 5
    # stdout and stderr into one pipe (`2>&1`): the JSON is still the last line
    import os
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    merged = subprocess.run([sys.executable, "-m", "game", "demo", "--headless", "--frames",
                             "3", "--stats", "--screenshot", str(shot)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            timeout=120)
    assert merged.returncode == 0
    assert "pygame-ce" not in merged.stdout   # no banner
    assert json.loads(merged.stdout.splitlines()[-1])["frames"] == 3


# --- issue 24, defect 11: with no display the message comes first, alone ----------

@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"),
                    reason="the display variables are those of Linux desktops")
def test_no_display_message_comes_first_and_alone():
    done = _run_railparty([], {"SDL_VIDEODRIVER": None, "SDL_AUDIODRIVER": None,
                               "DISPLAY": None, "WAYLAND_DISPLAY": None,
                               "XDG_RUNTIME_DIR": None})
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines and lines[0].startswith("railparty: no window can open here"), done.stderr
    assert len(lines) == 1, f"noise after the message: {done.stderr!r}"


def test_a_host_that_cannot_save_says_so_before_it_starts(tmp_path, capsys):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    for save, words in ((a_file / "game.json", "cannot be made"), (tmp_path, "is a folder")):
        assert main(["host", "--headless", "--port", "0", "--no-advertise", "--save",
                     str(save)]) == 2
        err = capsys.readouterr().err
        assert f"cannot save to {save}" in err and words in err and "Traceback" not in err


def test_the_kiosk_says_what_it_follows(capsys):
    assert main(["kiosk", "--address", "127.0.0.1:1", "--frames", "2", "--windowed"]) == 0
    err = capsys.readouterr().err
    assert "following the game at 127.0.0.1:1" in err and "Ctrl+Shift+Q" in err


def test_railparty_with_no_command_opens_the_game_with_plays_defaults(monkeypatch):
    """`railparty` alone is `railparty play`: every flag `play` reads has its default
    (it crashed on a missing `bot_workers` once `play` grew that flag)."""
    import game.cli.play
    from game.cli.main import main

    seen = []
    monkeypatch.setattr(game.cli.play, "cmd_play", lambda args: seen.append(args) or 0)
    parser_play = game.cli.main.build_parser().parse_args(["play"])
    assert main([]) == 0 and len(seen) == 1
    kept = ("func", "play_parser")
    expected = {k: v for k, v in vars(parser_play).items() if k not in kept}
    assert {k: v for k, v in vars(seen[0]).items() if k not in kept} == expected
    assert main(["--lang", "en"]) == 0 and seen[1].bot_workers == parser_play.bot_workers


def _hosted_options(monkeypatch, args: list[str]) -> dict:
    """The options `railparty host ARGS` gives its host (a stand-in Host records
    them; no port is opened, no bot process started)."""
    import game.bots.pool
    import net.host

    seen: dict = {}

    class Recorder:
        def __init__(self, game, seats, name, **kw):
            seen.update(game=game, seats=seats, options=kw.get("options"))
            self.match = None
            self.action_seconds = []

        def run(self):
            return None

    monkeypatch.setattr(net.host, "Host", Recorder)
    monkeypatch.setattr(game.bots.pool, "start_shared", lambda *a, **k: None)
    main(["host", "--headless", "--port", "0", "--no-advertise", "--no-web", *args])
    return seen


def test_host_offers_the_games_options_as_the_couch_setup_does(monkeypatch, tmp_path):
    args = ["--game", "railway-tricks", "--seats", "4", "--save", str(tmp_path / "s.json")]
    seen = _hosted_options(monkeypatch, [*args, "--option", "expert", "--option", "teams"])
    assert seen["options"] == {"expert": True, "teams": True}
    assert _hosted_options(monkeypatch, args)["options"] == {}


@pytest.mark.parametrize(("args", "words"), [
    (["--game", "railway-tricks", "--seats", "3", "--option", "teams"],
     "Teams of two is for 4 players, not 3"),
    (["--game", "railway-tricks", "--option", "nonsense"], "expert, teams"),
    (["--game", "routes-usa", "--option", "expert"], "has no options"),
])
def test_host_refuses_an_option_the_game_or_its_seats_cannot_have(args, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["host", "--headless", "--port", "0", "--no-advertise", "--no-web", *args])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and words in err, err


@pytest.mark.parametrize(("args", "words"), [
    (["simulate", "--players", "7"], "North America takes 2-5 players, not 7"),
    (["simulate", "--game", "railway-tricks", "--players", "2"],
     "Railway Tricks takes 3-5 players, not 2"),
    (["host", "--headless", "--name", ""], "--name: a game needs a name"),
    (["host", "--headless", "--name", "   "], "--name: a game needs a name"),
    (["join", "--address", "127.0.0.1:9", "--name", " "], "--name: a player needs a name"),
])
def test_a_bad_count_or_a_blank_name_is_refused_for_what_it_is(args, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and words in err, err
    assert "--bots" not in err.split("error:")[-1]


def test_replay_refuses_a_seat_the_game_does_not_have(tmp_path, capsys):
    from game.story.history import write_record
    from game.tables.match import Match, Seat

    match = Match("routes-usa", [Seat("Ada", "red", "random"), Seat("Bo", "blue", "random")], 3)
    for _ in range(6):
        match.play_bot(match.bot_to_act())
    path = write_record(match, "hot-seat")
    assert main(["replay", str(path), "--view", "99", "--headless", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "--view 99" in err and "2 seats" in err and "Traceback" not in err


def test_join_fails_at_once_for_a_host_name_that_does_not_resolve(capsys):
    import time

    started = time.monotonic()
    code = main(["join", "--address", "no-such-host.invalid:47474", "--headless",
                 "--bot", "greedy", "--retry-for", "5"])
    assert time.monotonic() - started < 4
    err = capsys.readouterr().err
    assert code == 2 and "no-such-host.invalid" in err and "cannot be found" in err, err
