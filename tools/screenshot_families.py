"""The screenshot tour's screens a family has of its own (tools/screenshots.py):
Railway Tricks' decisions, flights and results reveal; the race game's
deal, die, travel and detective choices.
"""

from __future__ import annotations

from game.app import App
from game.rules import GAMES
from game.tables.match import Match, Seat
from game.tables.seats import DEFAULT_NAMES, SEAT_COLORS
from tools.screenshot_driver import Shooter, bots_until, hover, look_as


def tricks_extras(s: Shooter) -> None:
    """Railway Tricks' own screens, shot by `s`."""
    tricks_shots(s.app, s.shot)


def tricks_shots(app: App, shot) -> None:
    """Railway Tricks: hand-off, a hand to play, a card in flight, the decisions
    on the board and as a list, the results reveal and the scores."""
    from game.scenes.flow import start_match
    from game.scenes.handoff import HandoffScene

    seats = [Seat("Alice", "red"), Seat("Bob", "blue"), Seat("Cleo", "green", "greedy"),
             Seat("Dan", "yellow", "greedy")]
    match = Match(next(g for g, i in GAMES.items() if i.family == "tricks"), seats, 7)
    start_match(app, match)
    scene = app.stack[0]
    shot("tricks-handoff", 2)
    if isinstance(app.top, HandoffScene):
        app.top.ticks = 20
        app.top.handle(type("I", (), {"kind": "select"})())
    shot("tricks-hand", 2)
    from game.scenes.boards.tricks import layout as TL
    lane = scene.model.lane
    pair = next((i for i, e in enumerate(lane) if e.get("with")), 0)
    for name, pos in (("lane", TL.lane_rect(0).center), ("locomotives", TL.lane_rect(pair).center),
                      ("head", TL.head_rect(0).center),
                      ("line", TL.line_card_rect(0, 1, len(scene.model.lines[
                          scene.palette.companies[0]])).center)):
        hover(app, pos)
        shot(f"tooltip-tricks-{name}", 1)
    hover(app, (0, 0))
    for kind in ("city", "lay", "locomotive"):
        bots_until(match, lambda st, k=kind: st.phase == k)
        if match.state.is_over:
            break
        look_as(scene, match.state.to_act[0])
        shot(f"tricks-{kind}", 1)
        if kind == "city":
            scene.activate(("list", None))
            shot("tricks-city-list", 1)
            app.pop()
    bots_until(match, lambda st: st.phase == "play" and len(st.trick) == 2)
    look_as(scene, match.state.to_act[0])
    shot("tricks-follow", 1)
    app.settings.animation = 1.0
    scene.activate(scene.focus_targets()[0])
    shot("tricks-flight", 12)
    app.settings.animation = 0.0
    bots_until(match, lambda st: False)
    look_as(scene, 0)
    app.settings.animation = 1.0
    shot("tricks-reveal", 200)
    shot("tricks-results", 400)
    app.settings.animation = 0.0


def race_screens(app: App, shot) -> None:
    """The race game: the deal, a hand-off, a turn with its choices, the die
    mid-roll and its re-roll choice, the results."""
    from game.scenes.choice import ChoiceScene
    from game.scenes.flow import start_match
    from game.scenes.handoff import HandoffScene

    app.settings.animation = 1.0
    seats = [Seat("Alice", "red"), Seat("Bob", "blue"), Seat("Cleo", "green", "greedy"),
             Seat("Dan", "yellow", "greedy")]
    match = Match(next(g for g, i in GAMES.items() if i.family == "race"), seats, 3)
    start_match(app, match)
    shot("race-handoff", 2)
    scene = app.stack[0]
    if isinstance(app.top, HandoffScene):
        app.top.ticks = 20
        app.top.handle(type("I", (), {"kind": "select"})())
    scene.start_animation()
    shot("race-deal", 30)
    scene.fast_forward()
    state = match.state
    # Alice holds the track's balloon and the cards for her first leg
    state.hands[0] = [("ship", 7), ("train", 5), ("ship", 4)]
    state.held[0] = ["Offer", "Detective", "Swap"]
    state.coins[0] = 3
    state.track[state.data.action_track.index("balloon")] = ("train", 6)
    state._legal_cache = {}
    scene._refresh_view()
    shot("race-board")
    from game.scenes.boards.race import layout as RL
    for name, pos in (("chip", scene.chip_spot("Paris", 0)),
                      ("detective", scene.detective_rect().center),
                      ("track", RL.slot_card_rect(1).center)):
        hover(app, pos)
        shot(f"tooltip-race-{name}", 1)
    hover(app, (0, 0))
    scene.act({"type": "take", "slot": state.data.action_track.index("balloon")})
    scene.fast_forward()
    scene.choose_move()
    if isinstance(app.top, ChoiceScene):
        shot("race-travel")
        move = next(a for a in app.top.options if a["balloon"] is not None)
        app.pop()
        scene.act(move)
        shot("race-die-rolling", 26)
        shot("race-reroll", 120)
        if isinstance(app.top, ChoiceScene):
            app.pop()
            scene.answer({"type": "accept"})
    app.settings.animation = 0.0
    for seat in match.seats:
        seat.bot = "greedy"
    match._make_bots()
    while app.top is not scene and app.top.overlay:
        app.pop()
    for _ in range(20000):  # stepped, so the screen sees every leg of every journey
        app.step(1)
        if scene.results_shown:
            break
    shot("race-results", 400)


def race_detective(app: App, shot) -> None:
    """The race game: the detective's action taken, the city chooser open
    (more cities than rows: it scrolls)."""
    from game.scenes.choice import ChoiceScene
    from game.scenes.flow import start_match

    app.settings.animation = 0.0
    seats = [Seat(DEFAULT_NAMES[i], SEAT_COLORS[i]) for i in range(4)]
    match = Match(next(g for g, i in GAMES.items() if i.family == "race"), seats, 5)
    start_match(app, match)
    scene = app.stack[0]
    look_as(scene, match.state.to_act[0])
    state = match.state
    slot = state.data.action_track.index("detective")
    if {"type": "take", "slot": slot} not in state.legal_actions(state.to_act[0]):
        return
    scene.act({"type": "take", "slot": slot})
    scene.fast_forward()
    scene.choose_detective()
    if isinstance(app.top, ChoiceScene):
        shot("race-detective", 1)
        app.pop()
