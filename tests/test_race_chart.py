"""The results chart's data: replayed from the record, ending on the engine's
own final standing, with the lead changes where the lead changed."""

from __future__ import annotations

import pytest

from game.rules import GAMES
from game.story.race_chart import leader, leader_of, race_of
from game.tables.match import Match, default_seats


def _played(game: str, players: int, seed: int) -> Match:
    match = Match(game, default_seats(game, 0, players), seed)
    while not match.state.is_over:
        match.play_bot(match.state.to_act[0])
    return match


def _scores(result, over):
    return list(result["scores"])


@pytest.mark.parametrize("game, players", [("routes-usa", 4), ("routes-italy", 3),
                                           ("eighty-days", 3), ("railway-tricks", 4)])
def test_the_chart_ends_on_the_engines_final_scores_and_marks_every_lead_change(game, players):
    match = _played(game, players, 13)
    info = GAMES[game]
    seen = []

    def describe(event):
        seen.append(event)
        return f"{event.get('type')}"

    race = race_of(game, players, match.seed, dict(match.options), list(match.state.history),
                   _scores, info.better, describe)
    final = match.state.result()
    assert race.moves == len(match.state.history)
    assert [line[-1] for line in race.series] == list(final["scores"])
    # the standing after every move is the engine's, replayed straight
    from game.rules import replay
    for n in (0, 1, race.moves // 3, race.moves // 2, race.moves - 1):
        state = replay(game, players, match.seed, list(match.state.history[:n]),
                       **match.options)
        assert [line[n] for line in race.series] == list(state.result()["scores"])
    # every lead change names a new unique leader; no change where the lead held
    ahead = None
    changes = {c.move: c for c in race.changes}
    state = replay(game, players, match.seed, [], **match.options)
    ahead = leader_of(state.result(), [s[0] for s in race.series], info.better)
    for n, (seat, action) in enumerate(match.state.history, 1):
        state.apply(seat, action)
        now = leader_of(state.result(), [s[n] for s in race.series], info.better)
        if now is not None and now != ahead:
            assert changes[n].seat == now and changes[n].mover == seat
            ahead = now
        else:
            assert n not in changes
    # the lead at the end is the engine's winner, where there is one
    if len(final["winners"]) == 1 and race.changes:
        assert race.changes[-1].seat == final["winners"][0]
    # describe only ever heard the events as the public saw them
    assert all("private" not in e for e in seen)


def test_routes_chart_route_points_until_the_end():
    from game.scenes.boards.routes.scene import RoutesBoardScene

    match = _played("routes-usa", 3, 4)
    info = GAMES["routes-usa"]
    race = race_of("routes-usa", 3, match.seed, {}, list(match.state.history),
                   lambda r, o: RoutesBoardScene.race_measure(None, r, o), info.better)
    assert all(line[0] == 0 for line in race.series)          # no ticket shown before the end
    assert all(b == sorted(b) for b in (line[:-1] for line in race.series))
    assert [line[-1] for line in race.series] == match.state.result()["scores"]
    # the end's count (tickets, longest route) moved the standings: a lead change
    # on the last move is named with it, not as that move's own gain
    assert race.final_count
    scores = race_of("routes-usa", 3, match.seed, {}, list(match.state.history), _scores,
                     info.better)
    assert not scores.final_count         # a measure the end does not change


def test_leader_is_none_on_a_tie():
    assert leader([3, 5, 5], lambda a, b: a > b) is None
    assert leader([3, 7, 5], lambda a, b: a > b) == 1
    assert leader([3, 7, 5], lambda a, b: a < b) == 0


def _at_results(app, game: str):
    """A finished 2-player game of `game` (seed 3) whose first seat is a human,
    on its results screen: the match and the results scene."""
    from game.scenes.flow import start_match
    from game.scenes.results import ResultsScene
    from game.tables.match import Seat

    match = Match(game, [Seat("Ada", "red", "greedy"), Seat("Bo", "blue", "greedy")], 3)
    while not match.state.is_over:
        match.play_bot(match.state.to_act[0])
    match.seats[0].bot = None
    match._make_bots()
    start_match(app, match)
    for _ in range(100):
        app.step(5)
        if isinstance(app.top, ResultsScene):
            break
    return match, app.top


def test_the_results_screen_shows_the_chart_on_c_and_keeps_focus_on_nothing(app):
    import pygame

    from game.scenes.results import ResultsScene

    match, results = _at_results(app, "eighty-days")
    assert isinstance(results, ResultsScene) and results.race is not None
    assert [b.label for b in results.menu.buttons] == ["Rematch", "Title", "Race chart"]
    app.step(300)
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c")])
    assert results.chart and not results.chosen
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                    unicode="")])
    assert app.top is results and app.stack[0].session.match is match


def test_eighty_days_notes_each_leg_of_each_traveller_with_its_days():
    from game.scenes.boards.race.scene import RaceBoardScene

    match = _played("eighty-days", 3, 13)

    class Notes:
        story_note = RaceBoardScene.story_note

    race = race_of("eighty-days", 3, match.seed, {}, list(match.state.history), _scores,
                   GAMES["eighty-days"].better, note=Notes().story_note)
    moved = [e for e in _events(match) if e.get("type") == "moved"]
    for seat in range(3):
        legs = [e for e in moved if e["seat"] == seat]
        assert len(race.notes[seat]) == len(legs) > 0
        assert all(note.endswith(f": {e['days']} days")
                   for note, e in zip(race.notes[seat], legs, strict=True))


def _events(match):
    from game.rules import create

    state = create(match.game_id, len(match.seats), match.seed, **match.options)
    out = []
    for seat, action in match.state.history:
        out.extend(state.apply(seat, action))
    return out


def test_railway_tricks_charts_each_companys_value_ending_on_the_engines():
    match = _played("railway-tricks", 3, 13)
    result = match.state.result()

    def sides(r):
        return [(c["company"], c["value"], (1, 2, 3)) for c in r["companies"].values()]

    race = race_of("railway-tricks", 3, match.seed, {}, list(match.state.history), _scores,
                   GAMES["railway-tricks"].better, sides=sides)
    assert {name: line[-1] for name, line in race.sides.items()} == \
        {c["company"]: c["value"] for c in result["companies"].values()}
    assert all(len(line) == race.moves + 1 for line in race.sides.values())
    assert all(line[0] == 0 for line in race.sides.values())


def test_route_results_put_every_ticket_on_the_map_when_the_scores_step_aside(app):
    import pygame

    match, _ = _at_results(app, "routes-usa")
    table = app.stack[0]
    result = match.state.result()
    expected = sorted((t["a"], t["b"], bool(t["done"]), b["seat"])
                      for b in result["breakdown"] for t in b["tickets"])
    assert sorted(table.ticket_arcs) == expected
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m")])
    assert app.top.compact


def _guest_frames(match: Match, seat: int) -> list[list]:
    """What a LAN guest in `seat` is sent as `match` is played: the sync, then
    per move the events redacted for it and its view (as ViewRecorder keeps)."""
    from game.rules import create, redact_events

    state = create(match.game_id, len(match.seats), match.seed, **match.options)
    frames = [[[], state.view(seat), list(state.to_act)]]
    for mover, action in match.state.history:
        events = state.apply(mover, action)
        frames.append([redact_events(events, seat), state.view(seat), list(state.to_act)])
    return frames


@pytest.mark.parametrize("game, players", [("routes-usa", 3), ("eighty-days", 3),
                                           ("railway-tricks", 4)])
def test_a_lan_guest_charts_the_race_from_what_it_was_shown(game, players):
    from types import SimpleNamespace

    from game.scenes.boards.race.scene import RaceBoardScene
    from game.scenes.boards.routes.scene import RoutesBoardScene
    from game.scenes.boards.tricks.scene import TricksBoardScene
    from game.scenes.results import race_for

    match = _played(game, players, 21)
    final = match.state.result()
    scene = {"routes-usa": RoutesBoardScene, "eighty-days": RaceBoardScene,
             "railway-tricks": TricksBoardScene}[game]
    fake = SimpleNamespace(palette=SimpleNamespace(rgb={}))
    seen = []

    def describe(event):
        seen.append(event)
        return event.get("type")

    table = SimpleNamespace(
        session=SimpleNamespace(recorder=SimpleNamespace(frames=_guest_frames(match, 1))),
        info=GAMES[game], describe=describe, story_note=lambda e: None,
        race_measure=lambda r, o: scene.race_measure(None, r, o),
        race_measure_view=lambda v: scene.race_measure_view(None, v),
        race_sides_view=lambda v: scene.race_sides_view(fake, v))
    race = race_for(table, final)
    assert race is not None and race.moves == len(match.state.history)
    assert [line[-1] for line in race.series] == list(final["scores"])
    assert [line[0] for line in race.series] == [0] * players
    # the standing mid-game is what the public view showed
    if game.startswith("routes"):
        assert all(b == sorted(b) for b in (line[:-1] for line in race.series))
    if game == "railway-tricks":     # each company's value too, ending on the engine's
        assert {name: line[-1] for name, line in race.sides.items()} == {
            name: c["value"] for name, c in final["companies"].items()}
        # the seats' values after every move are the engine's, as a full replay has them
        full = race_of(game, players, match.seed, dict(match.options),
                       list(match.state.history), _scores, GAMES[game].better)
        assert race.series == full.series
    assert race.changes and all("private" not in e for e in seen)
    # no frames at all (a guest that recorded nothing): no chart, no crash
    table.session = SimpleNamespace(recorder=None)
    assert race_for(table, final) is None


@pytest.mark.parametrize("players, options", [(3, {}), (4, {"teams": True}), (5, {})])
def test_railway_tricks_standing_read_off_a_public_view_is_the_engines(players, options):
    from game.rules.tricks.scoring import standing_of_view

    match = Match("railway-tricks", default_seats("railway-tricks", 0, players), 5,
                  options=options)
    while True:
        values, scores = standing_of_view(match.state.view(None))
        result = match.state.result()
        assert scores == result["scores"]
        assert values == {name: c["value"] for name, c in result["companies"].items()}
        if match.state.is_over:
            break
        match.play_bot(match.state.to_act[0])
    assert standing_of_view({"players": []}) is None


def test_the_named_lead_changes_are_never_cut_mid_sentence():
    """A lead change's words wrap onto as many lines as they need (a smaller
    size first); one too long for the room ends with an ellipsis, and the list
    never runs into the chart or off its panel."""
    import pygame

    from game.scenes.race_chart_view import draw_race
    from game.story.race_chart import LeadChange, Race
    from game.ui import layout_check, layout_record

    pygame.font.init()
    long = ("Alexandra: Constantinople to Bombay, ship 5 + train 3 (balloon rolled 4, "
            "Elephant, Princess): 7 days")
    huge = " ".join([long] * 4)
    moves = 12
    race = Race(series=[[float(m % 3 == s) for m in range(moves + 1)] for s in range(3)],
                changes=[LeadChange(move=m, seat=m % 3, gain=2, text=long, mover=m % 3)
                         for m in range(1, moves)])
    race.changes[-1].text = huge
    surface = pygame.Surface((1920, 1080))
    area = pygame.Rect(150, 200, 1620, 670)
    with layout_record.recording() as record:
        layout_record.begin_frame(surface)
        draw_race(surface, area, race, "Days", ["Alexandra", "Bo", "Cy"],
                  [(200, 60, 60), (60, 60, 200), (60, 200, 60)])
    texts = [m for m in record.frame.texts if m.size == 28 or m.size == 26]
    told = " ".join(m.content for m in texts)
    assert long in told or long.replace(" ", "") in told.replace(" ", ""), told
    assert any(m.content.endswith("…") for m in texts)          # the huge one, fitted
    assert all(area.contains(m.rect) for m in record.frame.texts)
    assert layout_check.problems(record.frame.marks) == []
