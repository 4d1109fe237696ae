"""Scene tests: synthetic input, stepped ticks, the real scenes, no window."""

from __future__ import annotations

import json
import os

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.scenes.boards.routes import RoutesBoardScene  # noqa: E402
from game.scenes.boards.routes.layout import (  # noqa: E402
    DECK_RECT,
    FERRY_PILE_RECT,
    TICKET_PILE_RECT,
    face_up_rect,
)
from game.scenes.choice import ChoiceScene  # noqa: E402
from game.scenes.handoff import HandoffScene  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402


def click(app: App, pos, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                        pos=(round(pos[0]), round(pos[1])))])


def key(app: App, k: int, ticks: int = 2, mod: int = 0) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")])


def hotseat(app: App, seats: list[Seat], seed: int = 11, tmp_path=None) -> RoutesBoardScene:
    from game.scenes.flow import start_match

    save = (tmp_path / "save.json") if tmp_path else None
    match = Match("routes-usa", seats, seed, save_path=save)
    start_match(app, match)
    app.step(2)
    scene = app.stack[0]
    assert isinstance(scene, RoutesBoardScene)
    return scene


def until_seat_zero_plays(app: App, scene: RoutesBoardScene, state, ticks: int) -> None:
    """Step until seat 0 is to play in the main phase with nothing animating
    (at most `ticks` ticks; the test then checks what it needs)."""
    for _ in range(ticks):
        app.step(1)
        if state.to_act == (0,) and state.phase == "play" and not scene.animator.busy:
            break


def confirm_tickets(app: App) -> None:
    overlay = app.top
    assert isinstance(overlay, ChoiceScene) and overlay.title == "Destination tickets"
    click(app, overlay.confirm_rect().center)


def claim_route(app: App, scene, track: str, pick: int = 0, ticks: int = 2) -> None:
    """Click a route, then (claims ask first by default) pick a payment and confirm."""
    click(app, scene.geo.tracks[track].spaces[1].center, ticks=ticks)
    overlay = app.top
    assert isinstance(overlay, ChoiceScene) and overlay.title.startswith("Claim")
    click(app, overlay.row_rect(pick).center, ticks=ticks)
    click(app, overlay.confirm_rect().center, ticks=ticks)


def pass_handoff(app: App) -> None:
    assert isinstance(app.top, HandoffScene)
    app.step(15)
    key(app, pygame.K_RETURN)


def two_humans(app: App, tmp_path) -> RoutesBoardScene:
    return hotseat(app, [Seat("Alice", "red"), Seat("Bob", "blue")], tmp_path=tmp_path)


def test_two_humans_hand_off_draw_claim_and_choose_tickets(app, tmp_path):
    scene = two_humans(app, tmp_path)
    state = scene.session.match.state
    # setup: Alice chooses first, after a hand-off (two humans share the screen)
    pass_handoff(app)
    assert scene.viewer == 0
    confirm_tickets(app)
    assert state.pending[0] is None and len(state.tickets[0]) == 3
    # Bob's secrets come next: hand-off first, nothing private shown meanwhile
    assert isinstance(app.top, HandoffScene) and scene.viewer is None
    pass_handoff(app)
    assert scene.viewer == 1
    overlay = app.top
    click(app, overlay.row_rect(0).center)  # return one ticket
    confirm_tickets(app)
    assert len(state.tickets[1]) == 2 and state.phase == "play"
    # Alice's turn: hand-off, then draw two cards by clicking the deck
    pass_handoff(app)
    assert scene.viewer == 0
    before = sum(state.hands[0].values())
    click(app, DECK_RECT.center)
    click(app, DECK_RECT.center)
    assert sum(state.hands[0].values()) == before + 2
    assert state.current == 1
    # Bob: give him cards, claim a route by clicking on it
    pass_handoff(app)
    state.hands[1] = {"blue": 6, "locomotive": 2}
    state._legal_cache = {}
    scene._refresh_view()
    track = "montreal--new-york"
    claim_route(app, scene, track)
    assert state.claimed[state.board.track_by_id[track].index] == 1
    assert state.scores[1] == 4
    # Alice draws tickets and keeps one
    pass_handoff(app)
    click(app, TICKET_PILE_RECT.center)
    overlay = app.top
    assert isinstance(overlay, ChoiceScene)
    click(app, overlay.row_rect(0).center)
    click(app, overlay.row_rect(1).center)
    confirm_tickets(app)
    assert len(state.tickets[0]) == 4


def test_one_human_with_bots_never_hands_off(app, tmp_path):
    scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy"),
                          Seat("Bot2", "blue", "random")], tmp_path=tmp_path)
    confirm_tickets(app)
    for _ in range(60):
        app.step(3)
        assert not isinstance(app.top, HandoffScene)
        if app.top is not scene:
            break
    assert scene.viewer == 0


def test_illegal_attempt_shows_the_engines_reason(app, tmp_path):
    scene = two_humans(app, tmp_path)
    pass_handoff(app)
    confirm_tickets(app)
    pass_handoff(app)
    confirm_tickets(app)
    pass_handoff(app)
    state = scene.session.match.state
    state.hands[0] = {"red": 1}
    state._legal_cache = {}
    scene._refresh_view()
    version = len(state.history)
    click(app, scene.geo.tracks["montreal--new-york"].spaces[1].center)
    assert len(state.history) == version
    assert app.toasts and "blue" in app.toasts[-1][0]


def test_keyboard_and_controller_reach_the_same_actions(app, tmp_path):
    scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")],
                    tmp_path=tmp_path)
    # ticket overlay by keyboard: move to Confirm (after the 3 tickets) and press Enter
    for _ in range(3):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    state = scene.session.match.state
    until_seat_zero_plays(app, scene, state, 200)
    assert state.to_act == (0,)
    scene._refresh_view()
    deck_index = scene.focus_items.index(("deck", None))
    while scene.focus != deck_index:
        key(app, pygame.K_TAB, ticks=0)
    before = sum(state.hands[0].values())
    key(app, pygame.K_RETURN)
    # controller: A button draws the second card from the same focused deck
    app.step(2, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0, joy=0)])
    assert sum(state.hands[0].values()) == before + 2


def test_window_resize_focus_loss_and_unplugged_controller_do_not_crash(app, tmp_path):
    hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")], tmp_path=tmp_path)
    events = [
        pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600),
        pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=576),
        pygame.event.Event(pygame.WINDOWFOCUSLOST),
        pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=3),
        pygame.event.Event(pygame.JOYAXISMOTION, axis=0, value=-1.0, instance_id=3, joy=3),
        pygame.event.Event(pygame.JOYHATMOTION, value=(0, 1), instance_id=3, joy=3, hat=0),
        pygame.event.Event(pygame.WINDOWFOCUSGAINED),
    ]
    app.step(5, events)
    app.step(5)


def _near(got, want, tolerance=60) -> bool:
    return sum(abs(a - b) for a, b in zip(got, want, strict=True)) < tolerance


def _frame_points(space) -> list[tuple[int, int]]:
    """Points just inside each side of a space: where its frame is drawn."""
    cx, cy = space.center
    corners = space.corners
    points = []
    for i in range(4):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dist = ((cx - mx) ** 2 + (cy - my) ** 2) ** 0.5 or 1
        points.append((round(mx + (cx - mx) * 2 / dist), round(my + (cy - my) * 2 / dist)))
    return points


def test_board_screenshot_shows_routes_in_their_colours(app, tmp_path):
    from game.scenes.flow import start_match
    from game.ui import theme

    start_match(app, Match("routes-usa", [Seat("A", "red"), Seat("B", "blue", "greedy")], 3))
    scene = app.stack[0]
    app.step(0)  # draw the first frame, before any choice opens over the board
    surface = app.surface
    # not blank: many distinct colours
    sample = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 1400, 7)
              for y in range(60, 960, 7)}
    assert len(sample) > 40
    # each free route shows empty spaces: a frame of its colour round a pale inside
    for color in ("red", "blue", "yellow", "green", "orange", "pink", "black", "white"):
        track = next(t for t in scene.board.tracks if t.color == color)
        space = scene.geo.tracks[track.id].spaces[0]
        want = theme.CARD_COLORS[color]
        assert any(_near(tuple(surface.get_at(p))[:3], want, 90) for p in _frame_points(space)), \
            (color, "frame")
        inside = tuple(surface.get_at(tuple(round(c) for c in space.center)))[:3]
        assert sum(inside) > sum(want) or color == "white", (color, inside)
    pygame.image.save(surface, str(tmp_path / "board.png"))
    assert (tmp_path / "board.png").stat().st_size > 10_000


def test_a_claimed_route_never_looks_free_for_any_seat_and_route_colour(app):
    from game.scenes.flow import start_match
    from game.tables.seats import SEAT_RGB

    colors = ("red", "blue", "green", "yellow", "black")
    match = Match("routes-usa", [Seat(c, c, "greedy") for c in colors], 3)
    state = match.state
    by_color: dict[str, list] = {}
    for t in state.board.tracks:
        by_color.setdefault(t.color, []).append(t)
    claimed = []
    for route_color, tracks in sorted(by_color.items()):
        for seat, track in zip(range(5), tracks, strict=False):
            state.claimed[track.index] = seat
            claimed.append((track, seat, route_color))
    start_match(app, match)
    app.stack[0].fast_forward()
    app.step(0)
    surface = app.surface
    scene = app.stack[0]
    from game.ui.route_drawing import badge_spot

    for track, seat, route_color in claimed:
        # the cars' bodies (beside their roof lines) are solid in the owner's colour
        body = []
        shape = scene.geo.tracks[track.id]
        for space in shape.spaces:
            spot = badge_spot(scene.geo, shape)
            if abs(space.center[0] - spot[0]) + abs(space.center[1] - spot[1]) < 2:
                continue  # the owner's number badge sits on this car
            a, b, c, d = space.corners  # a->b along the track, a->d across it
            near_ab = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            near_dc = ((d[0] + c[0]) / 2, (d[1] + c[1]) / 2)
            for t in (0.28, 0.68):  # either side of the car's window stripe
                body.append((round(near_ab[0] + (near_dc[0] - near_ab[0]) * t),
                             round(near_ab[1] + (near_dc[1] - near_ab[1]) * t)))
        got = [tuple(surface.get_at(p))[:3] for p in body]
        owner = sum(_near(g, SEAT_RGB[colors[seat]], 40) for g in got)
        assert owner >= len(got) // 4, (track.id, route_color, got)


def test_the_players_panel_lights_the_seat_whose_turn_the_board_shows(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    try:
        scene = hotseat(app, [Seat("Bot A", "green", "greedy"), Seat("Bot B", "red", "greedy"),
                              Seat("Bot C", "blue", "greedy")], tmp_path=tmp_path)
        ahead = 0
        for _ in range(900):
            app.step(1)
            if scene.shown["phase"] != "play":
                continue
            assert set(scene.shown_to_act) == {scene.shown["current"]}
            ahead += set(scene.session.to_act) != set(scene.shown_to_act)
        assert ahead, "the session never ran ahead of the animations: nothing was checked"
    finally:
        app.close()


def test_claim_animation_hops_cars_space_by_space(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    try:
        scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")],
                        tmp_path=tmp_path)
        scene.fast_forward()  # skip the deal
        app.step(1)
        confirm_tickets(app)
        state = scene.session.match.state
        until_seat_zero_plays(app, scene, state, 400)
        state.hands[0] = {"blue": 6}
        state._legal_cache = {}
        scene._refresh_view()
        claim_route(app, scene, "montreal--new-york", ticks=1)
        app.step(2)
        cars = [t for t in scene.animator.pending() if t.data.get("kind") == "car"]
        assert len(cars) == 3
        assert "montreal--new-york" not in scene.shown["routes"]  # not snapped yet
        for _ in range(200):
            app.step(1)
            if "montreal--new-york" in scene.shown["routes"]:
                break
        assert scene.shown["routes"]["montreal--new-york"] == 0
    finally:
        app.close()


def test_quit_keeps_an_autosave_that_continue_resumes(app, tmp_path):
    from game.scenes.flow import new_game
    from game.scenes.title import TitleScene
    from game.system.paths import autosave_path

    new_game(app, "routes-usa", [Seat("Solo", "green"), Seat("Bot", "red", "greedy")], seed=5)
    app.step(2)
    confirm_tickets(app)
    for _ in range(30):
        app.step(2)
    scene = app.stack[0]
    saved_view = scene.session.match.state.view(0)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert [b.label for b in menu.menu.buttons] == ["Resume", "Rules", "Settings",
                                                    "Save and leave"]
    click(app, menu.menu.buttons[3].rect.center)  # Save and leave
    assert isinstance(app.top, TitleScene)
    assert autosave_path().exists()
    labels = [b.label for b in app.top.menu.buttons]
    assert "Continue" in labels
    click(app, app.top.menu.buttons[labels.index("Continue")].rect.center)
    resumed = app.stack[0]
    assert isinstance(resumed, RoutesBoardScene)
    assert resumed.session.match.state.view(0) == saved_view


def test_corrupt_save_gets_a_message_not_a_crash(app):
    from game.scenes.flow import continue_game
    from game.scenes.nav import to_title
    from game.system.paths import autosave_path

    to_title(app)
    autosave_path().write_bytes(b"\x00garbage")
    assert continue_game(app) is False
    assert app.toasts and "corrupt" in app.toasts[-1][0]
    app.step(2)


def test_bots_play_to_the_results_and_rematch(app, tmp_path):
    from game.scenes.results import ResultsScene

    scene = hotseat(app, [Seat("A", "red", "greedy"), Seat("B", "blue", "greedy")],
                    tmp_path=tmp_path)
    for _ in range(3000):
        app.step(1)
        if isinstance(app.top, ResultsScene):
            break
    results = app.top
    assert isinstance(results, ResultsScene)
    assert scene.session.is_over
    assert scene.highlight_tracks  # the longest route is lit
    app.step(300)
    click(app, results.menu.buttons[0].rect.center)  # Rematch
    assert isinstance(app.stack[0], RoutesBoardScene) and app.stack[0] is not scene


def test_a_toast_from_the_board_does_not_follow_onto_the_results(app, tmp_path):
    from game.scenes.results import ResultsScene

    scene = hotseat(app, [Seat("A", "red", "greedy"), Seat("B", "blue", "greedy")],
                    tmp_path=tmp_path)
    match = scene.session.match
    while not match.state.is_over:
        match.play_bot(match.bot_to_act())
    app.toast("take your second card")                 # said on the board, just before
    for _ in range(600):
        app.step(1)
        if isinstance(app.top, ResultsScene):
            break
    assert isinstance(app.top, ResultsScene)
    assert not any("second card" in message for message, _, _ in app.toasts)


def test_settings_persist(app):
    from game.scenes.settings_scene import SettingsScene

    app.push(SettingsScene(app))
    key(app, pygame.K_RIGHT)  # animation speed
    for _ in range(3):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # colour-blind aids on
    stored = json.loads(Settings.path().read_text())
    assert stored["colorblind"] is True
    assert Settings.load().colorblind is True


def test_setup_scene_starts_the_chosen_game(app):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app)
    app.push(setup)
    setup.game = setup.games.index("routes-usa")  # not the first game listed any more
    key(app, pygame.K_DOWN)  # players row
    key(app, pygame.K_RIGHT)  # 4 players
    rows = setup.rows()
    setup.row = rows.index("start")
    key(app, pygame.K_RETURN)
    scene = app.stack[0]
    assert isinstance(scene, RoutesBoardScene)
    assert scene.session.players == 4
    assert scene.session.humans == [0]


def test_demo_command_prints_frame_stats(tmp_path, capsys, monkeypatch):
    from game.cli.main import main

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    shot = tmp_path / "demo.png"
    assert main(["demo", "--game", "routes-usa", "--players", "3", "--seed", "3", "--headless",
                 "--frames", "90", "--screenshot", str(shot), "--stats"]) == 0
    stats = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"median", "p99", "max", "dropped_ticks"} <= set(stats)
    assert stats["frames"] == 90
    assert shot.stat().st_size > 10_000


def test_face_up_click_takes_that_card(app, tmp_path):
    scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")],
                    tmp_path=tmp_path)
    confirm_tickets(app)
    state = scene.session.match.state
    until_seat_zero_plays(app, scene, state, 200)
    slot = next(i for i, c in enumerate(state.face_up) if c and c != "locomotive")
    card = state.face_up[slot]
    before = state.hands[0].get(card, 0)
    click(app, face_up_rect(slot).center)
    assert state.hands[0].get(card, 0) == before + 1


def test_italy_ferry_pile_and_ferry_payment_by_clicking(app, tmp_path):
    scene = None
    from game.scenes.flow import start_match

    match = Match("routes-italy", [Seat("Solo", "green"), Seat("Bot", "red", "greedy")], 4)
    start_match(app, match)
    app.step(2)
    scene = app.stack[0]
    assert scene.portrait  # the tall board takes the full height
    confirm_tickets(app)
    state = match.state
    until_seat_zero_plays(app, scene, state, 300)
    click(app, FERRY_PILE_RECT.center)
    assert state.hands[0].get("ferry") == 1
    for _ in range(300):
        app.step(1)
        if state.to_act == (0,) and not scene.animator.busy:
            break
    ferry = next(t for t in state.board.tracks if t.ferries == 2 and t.length == 3
                 and state._claim_problem(0, t) is None)
    state.hands[0] = {"ferry": 1, "locomotive": 2, "red": 1}
    state._legal_cache = {}
    scene._refresh_view()
    click(app, scene.geo.tracks[ferry.id].spaces[1].center)
    overlay = app.top
    assert isinstance(overlay, ChoiceScene) and overlay.title.startswith("Claim")
    cards = [o["cards"] for o in overlay.options]
    assert {"ferry": 1, "red": 1} in cards and {"locomotive": 2, "red": 1} in cards
    pick = cards.index({"ferry": 1, "red": 1})
    click(app, overlay.row_rect(pick).center)
    assert state.claimed.get(ferry.index) is None  # nothing spent before Confirm
    click(app, overlay.confirm_rect().center)
    assert state.claimed[ferry.index] == 0
    assert state.hands[0] == {"locomotive": 2}


def test_closing_the_window_mid_game_asks_first(app, tmp_path):
    from game.scenes.confirm import ConfirmScene

    hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")], tmp_path=tmp_path)
    assert not isinstance(app.top, ConfirmScene)  # a ticket choice is open
    app.step(1, [pygame.event.Event(pygame.QUIT)])
    assert isinstance(app.top, ConfirmScene) and app.running
    key(app, pygame.K_ESCAPE)  # stay
    assert app.running and not isinstance(app.top, ConfirmScene)
    app.step(1, [pygame.event.Event(pygame.QUIT)])
    click(app, app.top.menu.buttons[1].rect.center)  # Quit
    assert not app.running


def test_sigterm_mid_game_ends_the_program_without_asking(app, tmp_path):
    """A logout, a service stop or `kill` stops the program: asking first (as a
    closed window does) left a headless demo or a kiosk running for ever."""
    import os
    import signal

    from game.scenes.confirm import ConfirmScene

    hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")], tmp_path=tmp_path)
    os.kill(os.getpid(), signal.SIGTERM)       # handled on this thread, at once
    app.step(1)
    assert not app.running and not isinstance(app.top, ConfirmScene)
    app.run(max_frames=1000)                  # the loop ends at once
    assert app.ticks < 1000


def test_every_ticket_is_reachable_with_its_progress(app, tmp_path):
    scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")],
                    tmp_path=tmp_path)
    confirm_tickets(app)
    state = scene.session.match.state
    state.tickets[0] = list(range(12))
    state.claimed[state.board.track_by_id["montreal--new-york"].index] = 0
    state._legal_cache = {}
    scene._refresh_view()
    app.step(1)
    tickets = scene.shown["private"]["tickets"]
    assert len(tickets) == 12 and list(scene.visible_tickets()) == list(range(6))
    # the mouse wheel over the list scrolls it to the last ticket
    from game.scenes.boards.routes.layout import TICKETS_RECT
    app.step(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=TICKETS_RECT.center, rel=(0, 0),
                                    buttons=(0, 0, 0))])
    for _ in range(10):
        app.step(1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    assert 11 in scene.visible_tickets()
    # keyboard focus brings a ticket into view too
    scene.focus = scene.focus_items.index(("ticket", 0))
    app.step(1)
    assert 0 in scene.visible_tickets()
    # progress: the spaces still to claim on the cheapest way, or done
    progress = scene.ticket_progress()
    assert len(progress) == 12
    for ticket, text in zip(tickets, progress, strict=True):
        assert text == "done" if ticket["done"] else text.endswith(" to go")
    boston_miami = next(i for i, t in enumerate(tickets) if {t["a"], t["b"]} == {
        "Boston", "Miami"})
    assert progress[boston_miami] == "12 to go"  # 2 + 2 + 2 + 2 + 4 by the coast


def test_escape_opens_the_game_menu_with_rules_and_settings(app, tmp_path):
    from game.scenes.game_menu import GameMenuScene
    from game.scenes.rules_book import RulesScene

    scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")],
                    tmp_path=tmp_path)
    confirm_tickets(app)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, GameMenuScene)
    click(app, menu.menu.buttons[1].rect.center)  # Rules
    rules = app.top
    assert isinstance(rules, RulesScene)
    assert any("Claiming" in page.title for page in rules.pages)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    click(app, menu.menu.buttons[2].rect.center)  # Settings
    assert type(app.top).__name__ == "SettingsScene"
    key(app, pygame.K_ESCAPE)
    click(app, menu.menu.buttons[0].rect.center)  # Resume
    assert app.top is scene


def test_after_a_hand_off_the_player_sees_what_happened_since_their_turn(app, tmp_path):
    scene = two_humans(app, tmp_path)
    pass_handoff(app)
    confirm_tickets(app)
    pass_handoff(app)
    confirm_tickets(app)
    pass_handoff(app)  # Alice plays
    state = scene.session.match.state
    click(app, DECK_RECT.center)
    click(app, DECK_RECT.center)
    handoff = app.top  # to Bob: he claims a route
    assert isinstance(handoff, HandoffScene)
    assert any("drew from the deck" in line for line in handoff.recap)
    pass_handoff(app)
    state.hands[1] = {"blue": 6}
    state._legal_cache = {}
    scene._refresh_view()
    claim_route(app, scene, "montreal--new-york")
    handoff = app.top  # back to Alice: the recap names Bob's claim and lights it
    assert isinstance(handoff, HandoffScene)
    assert any("Bob claimed Montréal-New York" in line for line in handoff.recap)
    pass_handoff(app)
    assert scene.viewer == 0 and scene.recap_tracks == {"montreal--new-york"}
    assert scene.recap_ticks > 0


def test_a_claim_asks_first_or_plays_at_once_with_an_undo_as_the_setting_says(app, tmp_path):
    scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")],
                    tmp_path=tmp_path)
    confirm_tickets(app)
    state = scene.session.match.state
    until_seat_zero_plays(app, scene, state, 200)
    state.hands[0] = {"blue": 6}
    state._legal_cache = {}
    scene._refresh_view()
    track = state.board.track_by_id["montreal--new-york"]
    # confirm first (the default): a click shows the claim and spends nothing
    click(app, scene.geo.tracks[track.id].spaces[1].center)
    assert isinstance(app.top, ChoiceScene) and state.claimed.get(track.index) is None
    key(app, pygame.K_ESCAPE)  # changed my mind
    assert app.top is scene and state.claimed.get(track.index) is None
    # one click with an undo: the claim is made, and taken back by Undo
    app.settings.confirm_moves = False
    version = len(state.history)
    click(app, scene.geo.tracks[track.id].spaces[1].center)
    assert scene.session.match.state.claimed[track.index] == 0
    assert scene.buttons()[0][0] == "Undo"
    app.step(30)
    assert len(scene.session.match.state.history) == version + 1  # the bot waits
    click(app, scene.button_rect(0).center)
    state = scene.session.match.state
    assert state.claimed.get(track.index) is None and len(state.history) == version
    assert state.to_act == (0,) and scene.viewer == 0  # Solo's turn again, as before
    # without Undo, the next player moves once the few seconds are up
    state.hands[0] = {"blue": 6}
    state._legal_cache = {}
    scene._refresh_view()
    click(app, scene.geo.tracks[track.id].spaces[1].center)
    app.step(200)
    assert len(scene.session.match.state.history) > version + 1


def test_a_claimed_route_looks_owned_not_just_more_saturated(app, tmp_path):
    """Seat colours are also card colours: a red player's red route must not
    read as a free red route. The claimed one is a solid train on a black bed
    with its owner's seat number (no colour-blind aids needed); a free one is
    empty slots, near white inside a frame of its colour."""
    import math

    from game.rules.routes.geometry import SPACE_WIDTH
    from game.ui.layout_record import recording
    from game.ui.route_drawing import badge_spot

    scene = hotseat(app, [Seat("Ada", "red"), Seat("Bo", "blue", "greedy")], tmp_path=tmp_path)
    state = scene.session.match.state
    reds = [t for t in state.board.tracks if t.color == "red" and t.length >= 3]
    mine, free = reds[0], next(t for t in reds[1:] if {t.a, t.b} != {reds[0].a, reds[0].b})
    state.claimed[mine.index] = 0
    state._legal_cache = {}
    while app.top is not scene:
        app.pop()
    scene._refresh_view()
    with recording() as rec:
        app.step(1)
    surface = app.surface
    geo = scene.geo
    shape = geo.tracks[mine.id]
    bx, by = badge_spot(geo, shape)
    assert any(m.content == "1" and m.rect.collidepoint(round(bx), round(by))
               for m in rec.frame.texts), "the owner's seat number is on the route"

    def luminance(point) -> float:
        r, g, b, *_ = surface.get_at((round(point[0]), round(point[1])))
        return 0.299 * r + 0.587 * g + 0.114 * b

    for space in shape.spaces:
        if math.dist(space.center, (bx, by)) < 30 * geo.scale:
            continue  # under the badge
        (x0, y0), (x3, y3) = space.corners[0], space.corners[3]
        across = math.hypot(x0 - x3, y0 - y3)
        nx, ny = (x0 - x3) / across, (y0 - y3) / across
        reach = (SPACE_WIDTH + 5) / 2 * geo.scale - 1.5
        cx, cy = space.center
        for side in (1, -1):  # the black bed shows on both sides of the cars
            assert luminance((cx + side * nx * reach, cy + side * ny * reach)) < 60
    for space in geo.tracks[free.id].spaces:
        assert luminance(space.center) > 215, "a free slot is empty: near white inside"


def test_the_map_and_its_names_are_drawn_once_not_every_frame(app, tmp_path, monkeypatch):
    """The map's layer is rebuilt when a claim shows or the language or the
    colour-blind setting changes, not every frame: before the first claim
    the city names were drawn again each frame (6 ms on Italy, each time
    over the last, while Hard bots thought through the opening), and a
    language switch drew the new names over the old ones."""
    from game.ui import route_drawing
    from game.words import i18n

    drawn: list[int] = []
    real = route_drawing.draw_labels

    def counting(surface, geo):
        drawn.append(id(surface))
        real(surface, geo)

    monkeypatch.setattr(route_drawing, "draw_labels", counting)
    scene = two_humans(app, tmp_path)
    while app.top is not scene:
        app.pop()
    app.step(30)
    assert not scene.shown["routes"], "no route claimed yet"
    assert len(drawn) == 1, f"the names were drawn {len(drawn)} times in 30 frames"
    first = scene.claims_layer

    state = scene.session.match.state
    track = state.board.tracks[0]
    state.claimed[track.index] = 0
    state._legal_cache = {}
    scene._refresh_view()
    app.step(30)
    assert scene.shown["routes"]
    assert len(drawn) == 2, "once more for the claim"

    i18n.set_language("ja")
    app.step(10)
    assert len(drawn) == 3, "once for the new language"
    assert scene.claims_layer is not first and drawn[-1] == id(scene.claims_layer)
    assert scene.static_key[1] == "ja"
    fresh = scene.static.copy()
    route_drawing.draw_claims(fresh, scene.geo, {track.id: 0},
                              [scene.seat_color(s) for s in range(len(scene.seat_info))],
                              marks=app.settings.colorblind)
    real(fresh, scene.geo)
    assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(scene.claims_layer, "RGB"), \
        "the layer is the new map with its claims and names, nothing of the old one"


def test_an_undone_claim_leaves_no_line_in_the_log_the_recap_or_the_board(app, tmp_path):
    """Undo takes the move back everywhere: the log, the next player's hand-off
    recap and the routes that blink for them after it."""
    app.settings.confirm_moves = False
    scene = two_humans(app, tmp_path)
    pass_handoff(app)
    confirm_tickets(app)
    pass_handoff(app)
    confirm_tickets(app)
    pass_handoff(app)  # Alice plays
    state = scene.session.match.state
    state.hands[0] = {"blue": 6}
    state._legal_cache = {}
    scene._refresh_view()
    track = "montreal--new-york"
    click(app, scene.geo.tracks[track].spaces[1].center)
    app.step(20)  # the claim is animated and written in the log
    assert any("Alice claimed" in line for line in scene.log.entries)
    click(app, scene.button_rect(0).center)  # Undo
    assert not any("claimed" in line for line in scene.log.entries)
    assert not any("claimed" in line for line in scene.log.lines())
    click(app, DECK_RECT.center)
    click(app, DECK_RECT.center)
    handoff = app.top  # to Bob: Alice drew, she claimed nothing
    assert isinstance(handoff, HandoffScene)
    assert not any("claimed" in line for line in handoff.recap), handoff.recap
    assert any("drew" in line for line in handoff.recap)
    pass_handoff(app)
    assert scene.viewer == 1 and track not in scene.recap_tracks


def test_continue_brings_back_the_log_of_the_moves_so_far(app, tmp_path):
    """Continue (the autosave resumed from the title) shows the game's log,
    not an empty one."""
    from game.scenes.flow import continue_game

    save = tmp_path / "save.json"
    match = Match("routes-usa", [Seat("Solo", "green"), Seat("Bot", "red", "greedy")], 11,
                  save_path=save)
    for seat in list(match.state.to_act):
        offer = sorted(match.state.pending[seat])
        match.apply(seat, {"type": "keep_tickets", "keep": offer})
    match.apply(0, {"type": "draw_deck"})
    match.apply(0, {"type": "draw_deck"})
    match.play_bot(1)
    assert continue_game(app, save)
    app.step(2)
    scene = app.stack[0]
    assert isinstance(scene, RoutesBoardScene)
    assert any("Solo drew from the deck" in line for line in scene.log.entries)
    assert any(line.startswith("Bot ") for line in scene.log.entries), scene.log.entries


def test_enter_confirms_the_payment_of_a_claim(app, tmp_path):
    """A claim that asks first: Enter pays with the focused payment (the one
    its preview shows), as the Confirm button would."""
    scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")],
                    tmp_path=tmp_path)
    confirm_tickets(app)
    state = scene.session.match.state
    until_seat_zero_plays(app, scene, state, 200)
    state.hands[0] = {"blue": 4, "locomotive": 2}
    state._legal_cache = {}
    scene._refresh_view()
    track = state.board.track_by_id["montreal--new-york"]
    click(app, scene.geo.tracks[track.id].spaces[1].center)
    overlay = app.top
    assert isinstance(overlay, ChoiceScene) and len(overlay.options) > 1
    key(app, pygame.K_DOWN)                       # the second payment
    paid = overlay.options[1]["cards"]
    key(app, pygame.K_RETURN)
    assert app.top is scene
    assert state.claimed.get(track.index) == 0
    before = {"blue": 4, "locomotive": 2}
    assert all(state.hands[0].get(c, 0) == n - paid.get(c, 0) for c, n in before.items())


def test_a_click_anywhere_on_a_double_route_claims_the_track_that_can_be_claimed(app, tmp_path):
    """A double route whose one track the player can pay for: a click on
    either of the two takes that one, not a refusal for the other."""
    scene = hotseat(app, [Seat("Solo", "green"), Seat("Bot", "red", "greedy")],
                    tmp_path=tmp_path)
    confirm_tickets(app)
    state = scene.session.match.state
    until_seat_zero_plays(app, scene, state, 200)
    state.hands[0] = {"red": 4}
    state._legal_cache = {}
    scene._refresh_view()
    yellow, red = "boston--new-york-1", "boston--new-york-2"
    assert state.board.track_by_id[yellow].color == "yellow"
    assert state.board.track_by_id[red].color == "red"
    for space in scene.geo.tracks[yellow].spaces:       # right on the yellow track
        assert scene.item_at(tuple(map(round, space.center))) == ("track", red)
    click(app, scene.geo.tracks[yellow].spaces[0].center)
    overlay = app.top
    assert isinstance(overlay, ChoiceScene) and overlay.title.startswith("Claim")
    key(app, pygame.K_RETURN)
    assert state.claimed.get(state.board.track_by_id[red].index) == 0
