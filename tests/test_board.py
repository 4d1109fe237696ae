"""The board data and its validator."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from game.rules.routes.board import (
    MapError,
    board_from_data,
    load_board,
    read_map_file,
    validate_map,
)


def usa_data() -> dict:
    text = resources.files("assets").joinpath("maps", "usa.json").read_text(encoding="utf-8")
    return json.loads(text)


def test_usa_board_matches_the_published_facts():
    board = load_board("usa")
    assert len(board.cities) == 36
    assert len(board.tracks) == 100
    assert sum(t.length for t in board.tracks) == 309
    assert len(board.tickets) == 30
    assert sum(t.points for t in board.tickets) == 349
    doubles = [ids for ids in {board.parallel[t.id] for t in board.tracks} if len(ids) == 2]
    assert len(doubles) == 22
    assert board.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert len(board.colors) == 8


def test_every_track_lies_on_the_board_and_ids_are_unique():
    board = load_board("usa")
    assert len({t.id for t in board.tracks}) == len(board.tracks)
    width, height = board.size
    for city in board.cities.values():
        assert 0 <= city["x"] <= width and 0 <= city["y"] <= height


def test_packaged_map_validates_clean():
    assert validate_map(usa_data()) == []


@pytest.mark.parametrize("breakage, message", [
    (lambda d: d["tracks"][0].update(a="Atlantis"), "unknown city 'Atlantis'"),
    (lambda d: d["tracks"][0].update(length=9), "impossible length 9"),
    (lambda d: d["tracks"][0].update(length="2"), "impossible length '2'"),
    (lambda d: d["tracks"].append(dict(d["tracks"][0])), "duplicate track id"),
    (lambda d: d["tickets"][0].update(b="Nowhere"), "ticket to nowhere"),
    (lambda d: d["tracks"][0].update(color="mauve"), "unknown colour 'mauve'"),
    (lambda d: d["tracks"][0].update(b=d["tracks"][0]["a"]), "to itself"),
    (lambda d: d["cities"].append(dict(d["cities"][0])), "appears twice"),
    (lambda d: d["cities"][0].update(x=99999), "outside the board"),
    (lambda d: d.update(format=7), "'format' must be 1"),
    (lambda d: d["tickets"][0].update(points=0), "positive whole points"),
])
def test_validator_names_each_problem(breakage, message):
    data = copy.deepcopy(usa_data())
    breakage(data)
    problems = validate_map(data)
    assert any(message in p for p in problems), problems
    with pytest.raises(MapError) as err:
        board_from_data(data, "broken.json")
    assert "broken.json" in str(err.value)


def test_ticket_between_unconnected_cities_is_rejected():
    data = copy.deepcopy(usa_data())
    data["cities"].append({"name": "Honolulu", "x": 10, "y": 10})
    data["tickets"].append({"a": "Honolulu", "b": "Boston", "points": 30})
    assert any("cannot be completed" in p for p in validate_map(data))


def test_parallel_tracks_must_share_their_length():
    data = copy.deepcopy(usa_data())
    first = data["tracks"][3]  # Atlanta - New Orleans, a double
    assert first["a"] == data["tracks"][4]["a"] and first["b"] == data["tracks"][4]["b"]
    first["length"] = 3
    assert any("differ in length" in p for p in validate_map(data))


def test_not_an_object_and_garbage_files(tmp_path):
    assert validate_map([1, 2]) == ["the file must hold a JSON object"]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MapError, match="not valid JSON"):
        read_map_file(bad)
    with pytest.raises(MapError, match="cannot read the file"):
        read_map_file(tmp_path / "missing.json")


def test_load_board_refuses_unknown_and_odd_names():
    with pytest.raises(MapError, match="no packaged map"):
        load_board("atlantis")
    with pytest.raises(MapError):
        load_board("../etc/passwd")
