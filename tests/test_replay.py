"""Replays: seeking gives the state a straight replay gives, and a replay shows
only what its viewer may see."""

from __future__ import annotations

import random

import pytest

from game.rules import replay
from game.story.history import read_record, write_record
from game.story.replay_session import ReplaySession
from game.tables.match import Match, Seat, default_seats


def _played(game: str, players: int, seed: int, steps: int | None = None) -> Match:
    match = Match(game, default_seats(game, 0, players), seed)
    n = 0
    while not match.state.is_over and (steps is None or n < steps):
        match.play_bot(match.state.to_act[0])
        n += 1
    return match


def _session(match: Match, origin: str = "hot-seat", **kw) -> ReplaySession:
    return ReplaySession(read_record(write_record(match, origin)), **kw)


def _views(state, players):
    return [state.view(s) for s in (None, *range(players))]


@pytest.mark.parametrize("game, players", [("routes-usa", 3), ("eighty-days", 3),
                                           ("railway-tricks", 4), ("routes-italy", 2)])
def test_seeking_to_every_point_equals_a_straight_replay(game, players):
    match = _played(game, players, 21)
    session = _session(match, snapshot_every=7)
    history = list(match.state.history)
    straight = [replay(game, players, match.seed, history[:n], **match.options)
                for n in range(len(history) + 1)]
    order = list(range(len(history) + 1))
    random.Random(3).shuffle(order)
    for n in order:
        session.seek(n)
        assert session.cursor == n
        assert _views(session.state, players) == _views(straight[n], players), n
    # stepping on from any point goes on as the game went
    session.seek(len(history) // 2)
    while session.step():
        pass
    assert _views(session.state, players) == _views(match.state, players)
    assert not session.step()


def test_stepping_hands_the_table_the_recorded_moves_events_and_seeking_snaps():
    match = _played("routes-usa", 2, 4, steps=12)
    session = _session(match)
    session.step()
    session.step()
    updates = session.poll()
    assert len(updates) == 2 and all(updates)
    session.back()
    assert session.cursor == 1 and session.poll() == [[]]
    session.seek(10_000)
    assert session.cursor == 12


def _hidden_hand(view, seat):
    """Whatever in a public view would tell a seat's cards (none may be there)."""
    return view["private"]


def test_the_public_replay_shows_no_seats_cards_and_hosted_games_no_seat_views():
    match = _played("routes-usa", 3, 8)
    hosted = _session(match, origin="host")
    assert hosted.viewable_seats() == []
    assert not hosted.watch(1)
    hosted.seek(hosted.length // 2)
    for seat in (None, 0, 1, 2):
        assert hosted.view(seat) == hosted.state.view(None)
        assert hosted.observe(seat)[0] == hosted.state.view(None)
    # events handed to the table are redacted for the public view
    hosted.seek(0)
    while hosted.step():
        pass
    for events in hosted.poll():
        assert all("private" not in e for e in events)


def test_an_unfinished_hot_seat_game_shows_only_the_public_view():
    match = _played("eighty-days", 3, 8, steps=20)
    session = _session(match)
    assert session.viewable_seats() == [] and not session.watch(0)
    assert session.view(0) == session.state.view(None)


def test_a_finished_hot_seat_game_may_show_each_seats_own_view_and_its_events():
    match = _played("railway-tricks", 3, 8)
    session = _session(match)
    assert session.viewable_seats() == [0, 1, 2]
    assert session.watch(2)
    session.seek(5)
    assert session.view(2) == session.state.view(2)
    session.poll()
    session.step()
    (events,) = session.poll()
    for e in events:
        if "private" in e:
            assert e.get("private_to") == 2


def test_a_replay_refuses_moves():
    from game.rules import IllegalAction

    match = _played("routes-usa", 2, 4, steps=3)
    session = _session(match)
    with pytest.raises(IllegalAction):
        session.submit(0, {"type": "pass"})
    assert session.humans == [] and session.bot_seat() is None


def test_a_bot_seat_record_keeps_its_names():
    seats = [Seat("Ann", "red", "greedy"), Seat("Bob", "blue", "greedy")]
    match = Match("routes-usa", seats, 2)
    match.play_bot(match.state.to_act[0])
    session = _session(match)
    assert [s["name"] for s in session.seats()] == ["Ann", "Bob"]
