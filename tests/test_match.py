"""Match: seats, bots, and saves that resume exactly."""

from __future__ import annotations

import json

import pytest

from game.rules import IllegalAction
from game.tables.match import Match, SaveError, default_seats


def play(match: Match, actions: int) -> None:
    for _ in range(actions):
        seat = match.state.to_act[0]
        match.apply(seat, match.bots[seat].choose(match.state.view(seat),
                                                  match.state.legal_actions(seat)))


def bot_match(tmp_path, players=3) -> Match:
    return Match("routes-usa", default_seats("routes-usa", 0, players), seed=4,
                 save_path=tmp_path / "save.json")


def test_save_after_every_action_resumes_exactly(tmp_path):
    match = bot_match(tmp_path)
    play(match, 40)
    resumed = Match.load(tmp_path / "save.json")
    assert resumed.version == match.version == 40
    for seat in range(3):
        assert resumed.state.view(seat) == match.state.view(seat)
    assert [s.name for s in resumed.seats] == [s.name for s in match.seats]
    # both go on identically
    play(match, 30)
    play(resumed, 30)
    assert resumed.state.view(None) == match.state.view(None)


def test_illegal_action_leaves_match_and_save_alone(tmp_path):
    match = bot_match(tmp_path)
    play(match, 5)
    before = (tmp_path / "save.json").read_bytes()
    with pytest.raises(IllegalAction):
        match.apply(match.state.to_act[0], {"type": "claim", "track": "nowhere", "cards": {}})
    assert match.version == 5
    assert (tmp_path / "save.json").read_bytes() == before


def test_bots_play_a_whole_match_to_the_end(tmp_path):
    match = bot_match(tmp_path, players=2)
    while not match.state.is_over:
        seat = match.bot_to_act()
        assert seat is not None
        match.play_bot(seat)
    assert Match.load(tmp_path / "save.json").state.is_over


@pytest.mark.parametrize("content, words", [
    (b"", "corrupt"),
    (b"\x00\xff garbage", "corrupt"),
    (b"[1, 2, 3]", "not a Rail Party save"),
    (json.dumps({"magic": "railparty-save", "format": 99}).encode(), "format 99"),
    (json.dumps({"magic": "railparty-save", "format": 1, "game": "chess"}).encode(),
     "unknown game"),
])
def test_corrupt_saves_get_a_clear_message(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=words):
        Match.load(path)


def test_tampered_history_is_refused(tmp_path):
    match = bot_match(tmp_path)
    play(match, 10)
    data = json.loads((tmp_path / "save.json").read_text())
    data["history"][6][1] = {"type": "claim", "track": "atlanta--miami", "cards": {"red": 9}}
    with pytest.raises(SaveError, match="damaged at action 7"):
        Match.from_save(data)


def test_a_phone_seat_survives_the_save_and_a_damaged_mark_is_refused(tmp_path):
    match = bot_match(tmp_path)
    play(match, 4)
    data = json.loads((tmp_path / "save.json").read_text())
    assert [s.phone for s in Match.from_save(data).seats] == [False] * len(data["seats"])
    data["seats"][1]["phone"] = True                  # a couch game's phone seat
    assert [s.phone for s in Match.from_save(data).seats][:2] == [False, True]
    data["seats"][1]["phone"] = "yes"
    with pytest.raises(SaveError, match="seat 2 is damaged"):
        Match.from_save(data)


def test_missing_save(tmp_path):
    with pytest.raises(SaveError, match="no save"):
        Match.load(tmp_path / "nothing.json")


def test_save_leaves_no_temp_files(tmp_path):
    match = bot_match(tmp_path)
    play(match, 12)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]
