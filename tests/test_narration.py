"""The log's sentences outside the window (game/narration): the host words a
phone's events with them, in the phone's language, while the window keeps
its own; every seat's redacted events of whole games can be worded."""

from __future__ import annotations

import threading

import pytest

from game.narration import log_lines
from game.rules import GAMES, redact_events
from game.tables.match import Match, default_seats
from game.words import i18n


def test_speaking_a_language_changes_only_this_thread():
    i18n.set_language("en")
    seen: dict[str, str] = {}
    inside = threading.Event()
    leave = threading.Event()

    def host_thread() -> None:
        with i18n.speaking("ja"):
            seen["host"] = i18n._("Join")
            inside.set()
            leave.wait(5)
        seen["after"] = i18n._("Join")

    thread = threading.Thread(target=host_thread)
    thread.start()
    assert inside.wait(5)
    seen["window"] = i18n._("Join")           # while the other thread speaks Japanese
    leave.set()
    thread.join(5)
    assert seen == {"host": "参加", "window": "Join", "after": "Join"}
    assert i18n.language() == "en"
    with pytest.raises(ValueError), i18n.speaking("xx"):
        pass


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_seats_events_of_a_whole_game_are_worded_in_both_languages(game_id):
    info = GAMES[game_id]
    players = max(3, info.min_players)
    match = Match(game_id, default_seats(game_id, 0, players, "random"), 5)
    names = [f"P{seat}" for seat in range(players)]
    worded = {"en": 0, "ja": 0}
    differ = 0
    for _ in range(5000):
        seat = match.bot_to_act()
        if seat is None:
            break
        events = match.play_bot(seat)
        for reader in [*range(players), None]:
            mine = redact_events(events, reader)
            view = match.state.view(reader) or {}
            english = log_lines(game_id, mine, names.__getitem__, view, "en")
            japanese = log_lines(game_id, mine, names.__getitem__, view, "ja")
            assert len(english) == len(japanese) == len(mine)
            for en, ja in zip(english, japanese, strict=True):
                assert (en is None) == (ja is None)
                if en is not None:
                    assert isinstance(en, str) and isinstance(ja, str) and en.strip()
                    worded["en"] += 1
                    differ += en != ja
    assert match.state.is_over
    assert worded["en"] > 20
    assert differ > worded["en"] // 2, "the Japanese lines are mostly English"
    assert i18n.language() == "en"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seats_lines_tell_no_other_seats_secret(game_id):
    """What the host words for a seat's phone (the phone page's log,
    net/host/web.py) says no more, for an event whose secret belongs to
    another seat, than the line for that event with its secret cut off."""
    info = GAMES[game_id]
    players = max(3, info.min_players)
    match = Match(game_id, default_seats(game_id, 0, players, "random"), 9)
    names = [f"P{seat}" for seat in range(players)]
    secrets = 0
    for _ in range(5000):
        seat = match.bot_to_act()
        if seat is None:
            break
        events = match.play_bot(seat)
        # each event with its secret cut off by hand (not by the code under test)
        bare = [{k: v for k, v in event.items() if k != "private"} for event in events]
        public = log_lines(game_id, bare, names.__getitem__, match.state.view(None), "en")
        for reader in range(players):
            mine = log_lines(game_id, redact_events(events, reader), names.__getitem__,
                             match.state.view(reader), "en")
            for event, line, shown in zip(events, mine, public, strict=True):
                if "private" in event and event.get("private_to") != reader:
                    secrets += 1
                    assert line == shown, (event, line, shown)
    assert match.state.is_over
    if not secrets:
        pytest.skip(f"{game_id}'s events carry no secrets (its hands are in the views only)")


def test_a_day_lost_to_a_bonus_chip_is_worded_not_keyed():
    from game.narration.race import describe

    event = {"type": "days_lost", "seats": [1, 2], "days": 1, "why": "chip"}
    names = ["Ann", "Ben", "Cy"].__getitem__
    assert describe(event, names, {}) == "Bonus chip: +1 days for Ben, Cy"
    with i18n.speaking("ja"):
        assert describe(event, names, {}) == "ボーナスチップ：Ben、Cyに+1日"
