"""The LAN screens against a real host on 127.0.0.1: join by address, the
lobby, playing a seat from the board, a kiosk spectator, the attract mode."""

from __future__ import annotations

import os
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.scenes.boards.routes import RoutesBoardScene  # noqa: E402
from game.scenes.boards.routes.layout import DECK_RECT  # noqa: E402
from game.scenes.choice import ChoiceScene  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from net.host import Host  # noqa: E402

LOOPBACK = "127.0.0.1"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("RAILPARTY_DATA_DIR", str(tmp_path / "data"))
    application = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    yield application
    application.close()


@pytest.fixture
def host():
    h = Host("routes-usa", 3, "Test table", bind=LOOPBACK, port=0, advertise=False,
             seed=5).start()
    yield h
    h.stop()


def step_until(app: App, predicate, seconds: float = 10.0) -> None:
    """Step ticks until `predicate()` holds, with a bounded wait for the network."""
    deadline = time.monotonic() + seconds
    while not predicate():
        shown = [type(s).__name__ for s in app.stack]
        assert time.monotonic() < deadline, f"the condition never came true; stack {shown}"
        app.step(1)
        time.sleep(0.005)


def test_join_by_address_lobby_and_play_a_seat(app, host):
    from game.scenes.lan import JoinScene, LobbyScene

    join = JoinScene(app, name="Remy")
    app.push(join)
    join.connect(f"{LOOPBACK}:{host.port}")
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    step_until(app, lambda: lobby.client.snapshot()["seat"] is not None)
    host.start_game()
    step_until(app, lambda: isinstance(app.top, (RoutesBoardScene, ChoiceScene)))
    board = app.stack[-1] if isinstance(app.stack[-1], RoutesBoardScene) else app.stack[-2]
    seat = board.session.seat
    assert board.viewer == seat
    # the first ticket choice, answered through the host
    step_until(app, lambda: isinstance(app.top, ChoiceScene))
    choice = app.top
    app.step(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                    pos=choice.confirm_rect().center)])
    step_until(app, lambda: host.match is not None and host.match.state.pending[seat] is None)
    # wait for our turn, then draw two cards by clicking the deck
    step_until(app, lambda: board.shown_to_act == (seat,) and not board.animator.busy
               and board.shown["phase"] == "play" and board.legal, seconds=20)
    before = sum(host.match.state.hands[seat].values())
    for _ in range(2):
        app.step(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                        pos=DECK_RECT.center)])
        step_until(app, lambda: not board.session.awaiting and not board.queue
                   and not board.animator.busy, seconds=5)
        app.step(3)
    step_until(app, lambda: sum(host.match.state.hands[seat].values()) >= before + 2)
    # the screen shows our own hand, and nobody else's secrets
    step_until(app, lambda: board.shown["private"]["hand"] == host.match.state.hands[seat]
               or board.session.to_act != (seat,))
    others = [p for s, p in enumerate(board.shown["players"]) if s != seat]
    assert all(set(p) == set(others[0]) for p in others)
    assert "hand" not in str(others)
    board.session.client.stop()


@pytest.mark.parametrize("game", ["routes-usa", "routes-italy"])
def test_kiosk_follows_a_live_game_as_a_spectator(app, game):
    from game.scenes.kiosk import KioskScene

    host = Host(game, 3, "Bot table", bind=LOOPBACK, port=0, advertise=False, seed=6,
                bot_delay=0.03).start()
    host.start_game()  # all seats bots: the game plays by itself, at a watchable pace
    kiosk = KioskScene(app, address=f"{LOOPBACK}:{host.port}")
    app.push(kiosk)
    step_until(app, lambda: kiosk.showing == "live", seconds=10)
    board = app.stack[1]
    assert isinstance(board, RoutesBoardScene) and board.kiosk
    step_until(app, lambda: board.shown["turn"] > 3, seconds=20)
    assert board.viewer is None
    assert board.shown["private"] == {} and board.shown["you"] is None
    # input does nothing on a kiosk, Esc included
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert app.stack[1] is board and app.running
    # the quit chord
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q,
                                    mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT, unicode="")])
    assert not app.running
    host.stop()


def test_kiosk_plays_a_demo_when_no_game_runs(app, monkeypatch):
    from game.scenes.kiosk import KioskScene
    from game.scenes.table import TableScene

    monkeypatch.setenv("RAILPARTY_MDNS_INTERFACES", LOOPBACK)
    kiosk = KioskScene(app, address=None)
    app.push(kiosk)
    app.step(2)
    assert kiosk.showing == "demo"
    board = app.stack[1]
    assert isinstance(board, TableScene)  # the attract mode plays every game in turn
    for _ in range(200):
        app.step(1)
    assert board.session.match.version > 0  # the bots are playing
    kiosk.shutdown()


def test_host_a_game_from_the_window_and_play_it(app):
    from game.scenes.lan import HostSetupScene, LobbyScene

    setup = HostSetupScene(app)
    app.push(setup)
    setup.game = setup.games.index("routes-usa")  # not the first game listed any more
    setup.focus = 1
    setup._change(-1)  # 3 seats
    setup.focus = 3
    setup._change(1)  # a dropped player pauses the game
    assert setup.drop == "pause"
    setup.focus = 0
    setup._change(1)
    setup._change(-1)   # the timer follows the game chosen: its own turn length
    assert setup.TURN_TIMERS[setup.timer] == GAMES[setup.games[setup.game]].turn_seconds
    setup.focus = 4
    while setup.TURN_TIMERS[setup.timer] != 60:
        setup._change(1)  # a turn left 60 s is played by the stand-in
    setup.start()
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None
    try:
        assert lobby.host.on_drop == "pause" and lobby.host.turn_timeout == 60
        step_until(app, lambda: lobby.client.snapshot()["seat"] == 0)
        app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r")])  # Start: bots fill the open seats
        step_until(app, lambda: any(isinstance(s, RoutesBoardScene) for s in app.stack))
        board = next(s for s in app.stack if isinstance(s, RoutesBoardScene))
        assert board.viewer == 0 and board.session.players == 3
        # Title from the results leaves the table: the hosting window stops its host
        board.leave()
        assert type(app.stack[0]).__name__ == "TitleScene"
        assert not lobby.host._thread.is_alive()
    finally:
        lobby.client.stop()
        lobby.host.stop()


def test_the_hosting_window_offers_a_rematch_and_its_table_follows_game_two(app):
    from game.scenes import nav
    from game.scenes.results import ResultsScene
    from game.tables.remote_session import RemoteSession

    host = Host("routes-usa", 2, "Rematch table", bind=LOOPBACK, port=0, advertise=False,
                seed=9, fill_bot="greedy").start()
    try:
        watcher = host.join_local("Host", role="spectator")
        session = RemoteSession(watcher, host)
        host.start_game()                                  # bots fill both seats
        step_until(app, lambda: session.ready, 10)
        first = nav.board_scene(app, session)
        app.reset(first)
        step_until(app, lambda: isinstance(app.top, ResultsScene), 60)
        results = app.top
        assert session.can_rematch and session.game_number == 1
        rematch = next(b for b in results.menu.buttons if b.label == "Rematch")
        rematch.action()
        step_until(app, lambda: session.game_number == 2, 10)
        step_until(app, lambda: not isinstance(app.top, ResultsScene), 10)
        table = app.top
        assert isinstance(table, RoutesBoardScene) and table.game_number == 2
        # a new table for game 2 (the host's bots may already have finished it)
        assert table is not first and first not in app.stack
        watcher.stop()
    finally:
        host.stop()


class SeatTakenClient:
    """A lobby client whose seat another window has just taken over."""

    def __init__(self):
        self.reclaimed = 0
        self.stopped = False

    def snapshot(self):
        return {"status": "closed", "cause": "seat_taken", "view": None, "seat": 1,
                "reason": "another connection took your seat", "game": "routes-usa",
                "host_name": "Table", "seats": [], "phase": "lobby", "players": 3}

    def poll(self):
        return []

    def reclaim_seat(self):
        self.reclaimed += 1

    def stop(self):
        self.stopped = True


def test_a_lobby_seat_taken_by_another_window_is_offered_back_or_left(app):
    from game.scenes.confirm import ConfirmScene
    from game.scenes.lan import LobbyScene

    client = SeatTakenClient()
    app.push(LobbyScene(app, client))
    app.step(2)
    question = app.top
    assert isinstance(question, ConfirmScene) and "another window" in question.title
    question.menu.buttons[1].action()                  # Take my seat back
    assert client.reclaimed == 1 and not client.stopped
    app.step(2)                                        # still closed: asked once only
    assert not isinstance(app.top, ConfirmScene)
    lobby = app.top
    lobby.reclaim_asked = False
    app.step(1)
    app.top.menu.buttons[0].action()                   # Leave
    assert client.stopped and type(app.stack[0]).__name__ == "TitleScene"


def test_the_hosting_window_frees_a_guest_seat_by_key_and_by_click(app):
    from netkit import Raw

    from game.scenes.lan import LobbyScene

    host = Host("routes-usa", 4, "Test table", bind=LOOPBACK, port=0, advertise=False,
                seed=5).start()
    client = host.join_local("Host")
    lobby = LobbyScene(app, client, host)
    app.push(lobby)
    try:
        guests = [Raw(host.port, source=f"127.0.0.{n}") for n in (2, 3)]
        seats = [g.hello("player", name=f"Guest {i}")["seat"] for i, g in enumerate(guests)]
        step_until(app, lambda: sorted(lobby._freeable()) == sorted(seats))
        app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
        assert lobby.pick == seats[0]
        app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0,
                                        unicode="")])
        bye = guests[0].recv_until(lambda m: m["type"] == "bye")
        assert bye["code"] == "kicked"
        step_until(app, lambda: lobby._freeable() == [seats[1]])
        app.step(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                        pos=lobby._free_rect(seats[1]).center)])
        assert guests[1].recv_until(lambda m: m["type"] == "bye")["code"] == "kicked"
        step_until(app, lambda: host.status()["free"] == 3)
    finally:
        client.stop()
        host.stop()


def test_a_turn_timer_shows_its_last_seconds_on_the_table(app):
    from game.scenes.lan import JoinScene

    host = Host("routes-usa", 2, "Timed table", bind=LOOPBACK, port=0, advertise=False,
                seed=5, turn_timeout=16.0).start()     # the countdown shows after 1 s
    try:
        join = JoinScene(app, name="Remy")
        app.push(join)
        join.connect(f"{LOOPBACK}:{host.port}")
        lobby = app.top
        step_until(app, lambda: lobby.client.snapshot()["seat"] is not None)
        host.start_game()
        step_until(app, lambda: any(isinstance(s, RoutesBoardScene) for s in app.stack))
        board = next(s for s in app.stack if isinstance(s, RoutesBoardScene))
        step_until(app, lambda: board.session.turn_clocks().get(board.viewer, 0) > 0)
        assert 0 < board.session.turn_clocks()[board.viewer] <= 15
        drawn = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        board.draw_turn_clocks(drawn)                 # a box in the top bar's corner
        box = drawn.get_bounding_rect()
        assert box.height > 0 and box.right > 1800 and box.bottom <= 56
        board.session.client.stop()
    finally:
        host.stop()


def test_the_hosts_esc_menu_shows_the_phone_page_code_for_a_late_player(app):
    """Once the game is on, the host's table still offers the phone page: its
    Esc menu has 'Phones: scan to join', which shows the QR code and address."""
    from game.scenes.game_menu import GameMenuScene, PhoneJoinScene
    from game.scenes.lan import LobbyScene

    host = Host("routes-usa", 2, "Phone table", bind=LOOPBACK, port=0, advertise=False,
                seed=5, web_port=0).start()
    client = host.join_local("Host")
    app.push(LobbyScene(app, client, host))
    try:
        step_until(app, lambda: client.snapshot()["seat"] is not None)
        host.start_game()
        step_until(app, lambda: any(isinstance(s, RoutesBoardScene) for s in app.stack))
        board = next(s for s in app.stack if isinstance(s, RoutesBoardScene))
        menu = GameMenuScene(app, board)
        app.push(menu)
        labels = [b.label for b in menu.menu.buttons]
        assert "Phones: scan to join" in labels
        next(b for b in menu.menu.buttons if b.label == "Phones: scan to join").action()
        assert isinstance(app.top, PhoneJoinScene)
        shot = pygame.Surface((1920, 1080))
        app.top.draw(shot)
        white = sum(1 for x in range(0, 1920, 8) for y in range(0, 1080, 8)
                    if shot.get_at((x, y))[:3] == (255, 255, 255))
        assert white > 300                                     # the QR code is drawn
        app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                        unicode="")])
        assert app.top is menu
        # a table whose host serves no page (or a guest's table) has no such entry
        board.session.host = None
        assert "Phones: scan to join" not in [b.label for b in
                                              GameMenuScene(app, board).menu.buttons]
    finally:
        client.stop()
        host.stop()


def test_kiosk_shows_the_followed_games_phone_page_as_a_qr_code(app):
    """The announcement carries the phone page's port: the kiosk following the
    game shows its QR code and join code beside the LIVE badge."""
    import secrets

    from game.scenes.kiosk import KioskScene
    from net.host.web import join_code

    name = f"Kiosk phones {secrets.token_hex(3)}"
    host = Host("routes-usa", 2, name, bind=LOOPBACK, port=0, advertise=True,
                interfaces=[LOOPBACK], seed=6, bot_delay=0.05, web_port=0).start()
    try:
        host.start_game()
        kiosk = KioskScene(app, discover=name, interfaces=[LOOPBACK])
        app.push(kiosk)
        step_until(app, lambda: kiosk.showing == "live", seconds=30)
        assert kiosk.web == f"http://{LOOPBACK}:{host.web_port}/"
        shot = pygame.Surface((1920, 1080))
        kiosk.draw_badge(shot)
        strip = [shot.get_at((x, y))[:3] for x in range(1000, 1440, 2)
                 for y in range(960, 1080, 2)]
        assert strip.count((255, 255, 255)) > 500       # the QR code, under the board
        assert join_code(kiosk.followed_key or "") == host.status()["join_code"]
        kiosk.shutdown()
    finally:
        host.stop()


def test_a_guest_watching_over_the_lan_gets_the_race_chart_ending_on_the_scores(app):
    """The guest has no seed: its chart comes from the views it was sent."""
    from game.scenes import nav
    from game.scenes.results import ResultsScene
    from game.story.view_record import ViewRecorder
    from game.tables.remote_session import RemoteSession
    from tests.netkit import connect, start_host

    host = start_host(seats=2, game="eighty-days", fill_bot="greedy")
    watcher = None
    try:
        watcher = connect(host, "Watcher", role="spectator")
        session = RemoteSession(watcher)
        session.recorder = ViewRecorder(keep=False)          # the history turned off
        host.start_game()
        step_until(app, lambda: session.ready, 20)
        app.reset(nav.board_scene(app, session))
        step_until(app, lambda: isinstance(app.top, ResultsScene), 180)
        results = app.top
        assert results.race is not None and results.race.moves > 10
        assert [line[-1] for line in results.race.series] == list(results.result["scores"])
        assert "Race chart" in [b.label for b in results.menu.buttons]
    finally:
        if watcher is not None:
            watcher.stop()
        host.stop()


def test_the_host_setup_offers_the_games_options(app):
    """Railway Tricks' expert lane and teams can be chosen for a LAN game, as on
    the couch setup (teams only with four seats)."""
    from game.scenes.lan import HostSetupScene, LobbyScene

    setup = HostSetupScene(app)
    app.push(setup)
    setup.game = setup.games.index("railway-tricks")
    setup.seats = 4
    rows = setup.rows()
    assert "option:expert" in rows and "option:teams" in rows
    for option in ("expert", "teams"):
        setup.focus = rows.index(f"option:{option}")
        app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r")])
    setup.focus = rows.index("seats")
    setup._change(-1)          # three seats: no teams
    assert setup.options() == {"expert": True, "teams": False}
    setup._change(1)
    setup.focus = rows.index("option:teams")
    setup._change(1)
    setup.start()
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None
    try:
        assert lobby.host.options == {"expert": True, "teams": True}
    finally:
        lobby.client.stop()
        lobby.host.stop()
