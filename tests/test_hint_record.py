"""Hints on the record: the results screen's "Hints used" line, the history
record's hints per seat, `railparty history --no-hinted` leaving such games
out of the ratings, `--no-hints` on `play` and `host`, and the host's sync
telling its guests whether its table offers hints."""

from __future__ import annotations

import json

from game.rules import GAMES
from game.story.history import list_records, write_record
from game.tables.match import Match, Seat, default_seats


def _played(game: str, seed: int, names: list[str]) -> Match:
    bot = "greedy" if "greedy" in GAMES[game].bots else GAMES[game].bots[-1]
    seats = [Seat(n, c.color, bot) for n, c in zip(names, default_seats(game, 0, len(names)),
                                                   strict=True)]
    match = Match(game, seats, seed)
    while not match.state.is_over:
        match.play_bot(match.state.to_act[0])
    return match


def test_a_hinted_game_says_so_in_its_record_and_ratings_may_leave_it_out(capsys):
    from game.cli.main import main

    plain, hinted = _played("routes-usa", 1, ["Ann", "Bo"]), _played("routes-usa", 2, ["Ann", "Bo"])
    hinted.note_hint(0)
    hinted.note_hint(0)
    for match in (plain, hinted):
        write_record(match, "hot-seat")
    records, _problems = list_records()
    assert sorted(r.summary()["hints_used"] for r in records) == [[0, 0], [2, 0]]
    assert main(["history", "--json"]) == 0
    every = [json.loads(line)["player"] for line in capsys.readouterr().out.splitlines()
             if "player" in json.loads(line)]
    assert main(["history", "--json", "--no-hinted"]) == 0
    unhinted = [json.loads(line)["player"] for line in capsys.readouterr().out.splitlines()
                if "player" in json.loads(line)]
    assert {p["name"]: p["rated_games"] for p in every} == {"Ann": 2, "Bo": 2}
    assert {p["name"]: p["rated_games"] for p in unhinted} == {"Ann": 1, "Bo": 1}
    assert {p["name"]: p["games_played"] for p in unhinted} == {"Ann": 2, "Bo": 2}


def test_the_results_say_who_used_hints(app):
    from game.scenes.nav import board_scene
    from game.scenes.results import hints_said
    from game.tables.session import LocalSession

    match = Match("routes-usa", [Seat("Ann", "red"), Seat("Bo", "blue"), Seat("Cy", "green")], 4)
    table = board_scene(app, LocalSession(match))
    assert hints_said(table) == ""
    for seat in (0, 0, 0, 1):
        match.note_hint(seat)
    assert hints_said(table) == "Hints used: Ann 3, Bo 1"


def test_no_hints_on_the_command_line():
    from game.cli.main import build_parser

    parser = build_parser()
    assert parser.parse_args(["play", "--no-hints"]).no_hints
    assert not parser.parse_args(["play"]).no_hints
    assert parser.parse_args(["host", "--no-hints"]).no_hints


def test_the_hosts_sync_tells_whether_hints_are_offered():
    from net import protocol as P
    from net.host import Host
    from net.inbound import problem

    for hints in (True, False):
        host = Host("routes-usa", 2, "Table", bind="127.0.0.1", port=0, advertise=False,
                    hints=hints)
        host._new_match([Seat("Ann", "red"), Seat("Bo", "blue", "greedy")])
        sync = host._sync_for(0)
        assert sync.get("hints", True) is hints and host.match.hints is hints
        assert P.check_host_message(sync) == "sync"
        assert problem(sync, {}) is None


def test_a_hosts_own_window_counts_its_hints_in_the_hosts_record(monkeypatch, tmp_path):
    """A couch game's TV (or a host who plays) thinks its hints itself; the host's
    save and history count them all the same."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from netkit import isolate, start_host, wait_until

    isolate(monkeypatch, tmp_path)
    host = start_host(seats=2, game="routes-usa", fill_bot="random", standin_bot="random")
    try:
        host.start_game()
        wait_until(lambda: host.match is not None, "the game to start")
        host.note_hint(1)
        wait_until(lambda: host.match.hints_used == [0, 1], "the hint to be counted")
        assert host.match.to_save()["hints_used"] == [0, 1]
    finally:
        host.stop()
