"""Every token explains itself: the mouse hovering it, or the keyboard or a
controller focusing it, draws a tooltip saying what it is and does now."""

from __future__ import annotations

import os

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.tooltip import TIP_SIZE  # noqa: E402


def hover(app: App, pos) -> None:
    app.step(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(round, pos)),
                                    rel=(0, 0), buttons=(0, 0, 0))])


def tab(app: App) -> None:
    app.step(0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="")])


def pad_right(app: App) -> None:
    app.step(0, [pygame.event.Event(pygame.JOYHATMOTION, value=(1, 0), hat=0, joy=0,
                                    instance_id=0)])


def start(app: App, game_id: str, seats: list[Seat], seed: int = 3):
    from game.scenes.flow import start_match

    start_match(app, Match(game_id, seats, seed))
    app.step(2)
    return app.stack[0]


def tip_text(app: App, scene) -> str:
    """The tooltip the last frame drew, checked to fit on the screen."""
    app.step(1)
    assert scene.tip is not None, "no tooltip drawn"
    text, box = scene.tip
    assert pygame.Rect(0, 0, theme.SCREEN_W, theme.SCREEN_H).contains(box)
    font = theme.font(TIP_SIZE)
    for paragraph in text.split("\n"):
        for line in theme.wrap_text(paragraph, TIP_SIZE, box.width):
            assert font.size(line)[0] <= box.width
    return text


def focus_on(app: App, scene, item, step=tab) -> None:
    for _ in range(len(scene.focus_items) + 1):
        if scene.focus_items[scene.focus] == item:
            return
        step(app)
    raise AssertionError(f"focus never reached {item}; targets {scene.focus_items}")


# --- Railway Tricks: the lane and the lines ------------------------------------------


def tricks(app: App):
    return start(app, "railway-tricks", [Seat("Solo", "red"), Seat("B1", "blue", "greedy"),
                                         Seat("B2", "green", "greedy"),
                                         Seat("B3", "yellow", "greedy")])


def test_every_lane_token_explains_itself_on_hover(app):
    from game.scenes.boards.tricks import layout as L

    scene = tricks(app)
    lane = scene.model.lane
    seen = set()
    for i, entry in enumerate(lane):
        hover(app, L.lane_rect(i).center)
        assert scene.hover == ("lane", i)
        text = tip_text(app, scene)
        kind = entry.get("kind")
        seen.add(kind if not entry.get("with") else "pair")
        if i == 0:
            assert "The next trick wins this" in text
        else:
            assert f"Trick {i + 1} wins this" in text
        if kind == "exchange":
            assert f"{entry['company']} share. " in text and "worth" in text
        elif kind == "city":
            assert entry["name"] in text and f"station value {entry['value']}" in text
            assert "end of any line" in text
        elif kind == "locomotive" and entry.get("with"):
            assert "6 and ALL" in text and "costs 70" in text and "costs 80" in text
            assert "whole line" in text and "last line without a locomotive" in text
        elif kind == "locomotive":
            assert f"Locomotive {entry['name']}" in text
            assert f"best {entry['distance']} cards in a row" in text
            assert f"costs {entry['cost']}" in text
        elif kind == "reservation":
            assert "reserved share" in text
    assert {"exchange", "city", "locomotive", "pair", "reservation"} <= seen


def test_keyboard_and_controller_reach_the_lane_and_line_heads(app):
    scene = tricks(app)
    focus_on(app, scene, ("lane", 0))
    assert scene.hover is None
    assert "The next trick wins this" in tip_text(app, scene)
    company = scene.palette.companies[0]
    focus_on(app, scene, ("head", company), step=pad_right)
    text = tip_text(app, scene)
    assert text.startswith(f"{company}: no locomotive yet")
    assert "worth 0" in text
    # an information token never acts: Enter on it changes nothing
    before = len(scene.session.match.state.history)
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert len(scene.session.match.state.history) == before


def test_a_line_card_and_a_head_with_a_locomotive_say_their_worth(app):
    from game.scenes.boards.tricks import layout as L

    scene = tricks(app)
    company = scene.palette.companies[1]
    row = scene.row_of(company)
    line = scene.model.lines[company]
    hover(app, L.line_card_rect(row, 0, len(line)).center)
    text = tip_text(app, scene)
    assert text.startswith(f"{company}'s first card in {company}'s line")
    assert "station value 10" in text
    # give the line a locomotive as a won trick would, and ask its head
    scene.model.locomotives[company] = {"name": "3", "distance": 3, "cost": 40}
    hover(app, L.head_rect(row).center)
    text = tip_text(app, scene)
    assert "locomotive 3, runs the best 3 cards in a row, costs 40" in text
    assert f"{company} shares are worth" in text


# --- Eighty Days: the action track, the chips, the detective ------------------------


def race(app: App):
    return start(app, "eighty-days", [Seat("Solo", "red"), Seat("B1", "blue", "greedy"),
                                      Seat("B2", "green", "greedy")])


def test_race_chips_track_and_detective_explain_themselves(app):
    from game.scenes.boards.race import layout as L

    scene = race(app)
    city = "Paris"
    chips = scene.shown["bonus"][city]
    hover(app, scene.chip_spot(city, 0))
    assert scene.hover == ("chip", (city, "red"))
    text = tip_text(app, scene)
    assert text.startswith(f"{city}'s red chip") and "first traveller" in text
    hover(app, scene.chip_spot(city, 1))
    text = tip_text(app, scene)
    assert "last traveller" in text
    from game.narration.race import CHIP_WORDS
    assert CHIP_WORDS[chips["blue"]] in text
    x, y = scene._pawn_spots(scene.board_model())[0]
    hover(app, (x, y))
    assert tip_text(app, scene).startswith("Solo: in London, 0 days, 1 coin")
    hover(app, scene.marker_spots()[1])
    assert tip_text(app, scene) == "B1's time marker: 0 days so far (80 days left of 80)."
    hover(app, scene.detective_rect().center)
    text = tip_text(app, scene)
    assert text.startswith("The detective") and "2 days" in text
    assert scene.shown["detective"] in text
    hover(app, L.slot_card_rect(0).center)
    text = tip_text(app, scene)
    assert text.startswith("Coin: take a coin from the bank")
    # slots with no card this round (three travellers: four cards laid) say so
    hover(app, L.slot_card_rect(5).center)
    assert "No card is laid here this round" in tip_text(app, scene)


def test_race_keyboard_focus_reaches_a_chip_and_the_detective(app):
    scene = race(app)
    focus_on(app, scene, ("chip", ("Suez", "blue")))
    assert "Suez's blue chip" in tip_text(app, scene)
    focus_on(app, scene, ("detective", None), step=pad_right)
    assert tip_text(app, scene).startswith("The detective")



def test_race_keyboard_focus_reaches_legs_cities_pawns_and_markers(app):
    """Every token the mouse can explain, the keyboard reaches too (after the
    playable targets), and Enter on it does nothing."""
    scene = race(app)
    playable = [i for i in scene.focus_items if scene.selectable(i)]
    assert scene.focus_items[:len(playable)] == playable
    focus_on(app, scene, ("leg", 0))
    leg = scene.shown["legs"][0]
    assert tip_text(app, scene).startswith(f"{leg['from']} - {leg['to']}")
    assert scene.focus_rect(("leg", 0)) == scene.badges[0]
    before = (scene.shown, scene.focus)
    app.step(0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    assert (scene.shown, scene.focus) == before and app.top is scene
    focus_on(app, scene, ("city", "Brindisi"))
    assert tip_text(app, scene).startswith("Brindisi")
    focus_on(app, scene, ("pawn", 1), step=pad_right)
    assert tip_text(app, scene).startswith("B1: in London")
    focus_on(app, scene, ("marker", 2))
    assert tip_text(app, scene) == "B2's time marker: 0 days so far (80 days left of 80)."


# --- the route boards: a route's length and points -----------------------------------


def test_a_route_tells_its_length_points_and_owner(app):
    from game.rules.routes.board import GRAY

    seats = [Seat("Ann", "red", "greedy"), Seat("Bob", "blue", "greedy")]
    match = Match("routes-usa", seats, 5)
    match._make_bots()
    for _ in range(400):
        if match.state.view(None)["routes"]:
            break
        match.play_bot(match.bot_to_act())
    from game.scenes.flow import start_match

    start_match(app, match)
    app.step(2)
    scene = app.stack[0]
    while app.top is not scene:
        app.pop()
    claimed, owner = next(iter(scene.shown["routes"].items()))
    track = scene.board.track_by_id[claimed]
    hover(app, scene.geo.tracks[claimed].spaces[0].center)
    assert scene.hover == ("claimed", claimed)
    text = tip_text(app, scene)
    points = scene.board.route_points[track.length]
    assert f"{track.length} {track.color} space" in text and f"{points} point" in text
    assert ("1 points" not in text) and ("1 gray spaces" not in text)
    assert f"Claimed by {scene.seat_name(owner)}" in text
    free = next(t for t in scene.board.tracks if t.id not in scene.shown["routes"]
                and not any(p in scene.shown["routes"] for p in scene.board.parallel[t.id]))
    hover(app, scene.geo.tracks[free.id].spaces[0].center)
    text = tip_text(app, scene)
    assert f"{free.a} - {free.b}: {free.length}" in text
    assert f"{scene.board.route_points[free.length]} point" in text
    assert ("any one colour" if free.color == GRAY else f"{free.color} cards") in text


def test_a_focus_nobody_moved_covers_nothing_until_a_key_moves_it(app):
    scene = race(app)
    app.step(1)
    assert scene.tip is None  # the first target is focused, but nobody asked
    tab(app)
    assert tip_text(app, scene)
    focused = scene.focus_items[scene.focus]
    assert scene.tip[0] == scene.tooltip(focused)


def test_a_players_row_says_what_their_shares_are_worth_now(app):
    from game.scenes.boards.tricks import layout as L

    scene = tricks(app)
    hover(app, L.player_rect(1).center)
    assert scene.hover == ("shares", 1)
    assert tip_text(app, scene) == "B1 holds no shares yet."
    company = scene.palette.companies[0]
    scene.model.shares[1] = [{"company": company, "kind": "exchange"},
                             {"company": company, "strength": 2, "value": 10}]
    scene.model.locomotives[company] = {"name": "ALL", "distance": None, "cost": 0}
    worth = sum(item["value"] for item in scene.model.lines[company])
    hover(app, L.player_rect(1).move(0, 1).center)
    text = tip_text(app, scene)
    assert f"2 {company} x {worth}" in text and f"Worth {2 * worth} if the game ended" in text


def test_tricks_keyboard_focus_reaches_every_players_row(app):
    scene = tricks(app)
    for seat in range(scene.model.players):
        focus_on(app, scene, ("shares", seat))
        assert tip_text(app, scene) == f"{scene.seat_name(seat)} holds no shares yet."
        assert not scene.selectable(("shares", seat))
