"""The command line: the simulator's output and clear usage errors."""

from __future__ import annotations

import json

import pytest

from game.cli import main


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
    import game.simulate

    def broken(*_args, **_kwargs):
        raise BrokenPipeError
        yield  # pragma: no cover

    monkeypatch.setattr(game.simulate, "simulate", broken)
    assert main(["simulate", "--games", "1"]) == 0

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt
        yield  # pragma: no cover

    monkeypatch.setattr(game.simulate, "simulate", interrupted)
    assert main(["simulate", "--games", "1"]) == 130
    assert "stopped" in capsys.readouterr().err


def test_play_resume_of_a_missing_save_says_so_on_the_terminal(tmp_path, capsys, monkeypatch):
    from game.app import App

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path))
    monkeypatch.setattr(App, "run", lambda self, **_: None)
    assert main(["play", "--resume", str(tmp_path / "nothing.json")]) == 0
    assert "no save at" in capsys.readouterr().err


def test_no_display_is_said_plainly(monkeypatch, capsys):
    import pygame

    from game.app_cli import open_app

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    app = open_app(headless=False)
    assert app is None
    assert "no window can open" in capsys.readouterr().err
