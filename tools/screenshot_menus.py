"""The screenshot tour's menus (tools/screenshots.py): the title, setup (with
its message and at its fullest), settings, join (with and without games
listed), host, a lobby, a couch game with phones (its setup, hand-off, board
and Esc menu), the title with Continue and the kiosk's attract mode.
"""

from __future__ import annotations

import pygame

from game.rules import GAMES
from game.scenes import nav
from game.tables.match import Match, Seat
from game.tables.seats import DEFAULT_NAMES, SEAT_COLORS
from tools.screenshot_driver import Shooter


def menus(s: Shooter) -> None:
    """The title, setup, settings, join and host screens, a lobby on a local
    host, then the couch game with phones."""
    app = s.app
    nav.to_title(app)
    s.shot("title")
    for name in ("setup", "settings", "join", "host"):
        app.push(nav.screen(name, app))
        s.shot(name, 3)
        if name == "join":
            join_with_games(s)
        if name == "setup":  # a message the setup screen gives: two seats, one colour
            app.top.colors[1] = app.top.colors[0]
            app.top.start()
            s.shot("setup-message", 3)
            app.toasts.clear()
            setup_full(s)
        app.pop()
    from net.host import Host
    host = Host(next(iter(GAMES)), 4, "Screenshot table", bind="127.0.0.1", port=0,
                advertise=False, web_port=0).start()
    try:
        client = host.join_local("Ada")
        app.push(nav.screen("lobby", app, client, host))
        for _ in range(30):
            app.step(1)
        s.shot("lobby")
        app.pop()
        client.stop()
    finally:
        host.stop()
    couch(s)


def couch(s: Shooter) -> None:
    """A couch game with phones: the setup with Phones on, then the TV while
    two phone seats wait (the hand-off of its hot-seat seat, with the join
    card in its corner; the board with the card over the log; the Esc menu)."""
    from game.scenes.flow import new_phone_game
    from game.scenes.game_menu import GameMenuScene
    from game.scenes.handoff import HandoffScene

    app = s.app
    app.toasts.clear()              # the lobby's "Connected" is not this screen's
    setup = nav.screen("setup", app)
    app.push(setup)
    setup._change("phones", 1)
    setup.kinds[2] = "@phone"
    s.shot("setup-phones", 3)
    app.pop()
    names = ["Ada", "Ben", "Cy", "Di"]
    seats = [Seat(names[i], SEAT_COLORS[i], "greedy" if i == 2 else None) for i in range(4)]
    session = new_phone_game(app, next(iter(GAMES)), seats, {1, 3}, bind="127.0.0.1",
                             port=0, advertise=False, web_port=0)
    try:
        app.step(3)
        if isinstance(app.top, HandoffScene):
            s.shot("couch-handoff")
            app.top.ticks = 20
            s.key(pygame.K_RETURN)
        s.shot("couch-choice", 3)
        while app.top is not app.stack[0]:
            app.pop()
        s.shot("couch-table")
        app.push(GameMenuScene(app, app.stack[0]))
        s.shot("couch-menu")
    finally:
        session.stop()
        nav.to_title(app)


def setup_full(s: Shooter) -> None:
    """The setup screen at its most crowded: the game with the most seats and
    options, every seat taken."""
    scene = s.app.top
    scene.game = max(range(len(scene.games)), key=lambda i: (
        GAMES[scene.games[i]].max_players + len(GAMES[scene.games[i]].options)))
    scene.count = scene.info.max_players
    scene.colors = list(range(len(scene.colors)))
    s.shot("setup-full", 3)


class ListedGames:
    """Stands in for the LAN browser: games as the Join screen would list them."""

    changes = 1

    def __init__(self, games: list) -> None:
        self._games = games

    def games(self) -> list:
        return list(self._games)

    def stop(self) -> None:
        pass


def join_with_games(s: Shooter) -> None:
    """The Join screen with a list: long names, two games of one name, a host
    with no key and one of another version (each row shows what it must)."""
    from net.discovery import FoundGame
    from net.protocol import PROTOCOL_VERSION

    scene = s.app.top
    ids = list(GAMES)
    key = "ABCDEFGHJKMNPQRS"  # as long as a real fingerprint (net/identity.py)
    rows = [("Friday rails at the big table", ids[0], 5, 3, key, PROTOCOL_VERSION),
            ("Kitchen", ids[-1], 4, 1, key[::-1], PROTOCOL_VERSION),
            ("Kitchen", ids[1 % len(ids)], 3, 3, key[1:] + "A", PROTOCOL_VERSION),
            ("Old laptop", ids[0], 2, 1, "", PROTOCOL_VERSION),
            ("Someone's newer copy", ids[-1], 6, 5, key, PROTOCOL_VERSION + 1)]
    games = [FoundGame(name, f"{name} {i}", game, seats, free, "lobby", f"192.168.1.{20 + i}",
                       47474, version, fingerprint)
             for i, (name, game, seats, free, fingerprint, version) in enumerate(rows)]
    real, scene.browser = scene.browser, ListedGames(games)
    s.shot("join-games")
    scene.browser = real


def title_with_continue(s: Shooter) -> None:
    """The title once a game is saved unfinished: Continue joins the menu
    (the tour's own folders hold that save, never the user's)."""
    from game.scenes.flow import unfinished_autosave
    from game.system.paths import autosave_path

    if not unfinished_autosave():
        game_id = next(iter(GAMES))
        seats = [Seat(DEFAULT_NAMES[i], SEAT_COLORS[i]) for i in range(GAMES[game_id].min_players)]
        Match(game_id, seats, 1).save(autosave_path())
    nav.to_title(s.app)
    s.shot("title-continue")


def kiosk(s: Shooter) -> None:
    """The kiosk's attract mode playing each game, once a few moves are in its
    log (and before the game is over: the results would hide the table)."""
    app = s.app
    for game_id in GAMES:
        app.reset(nav.screen("kiosk", app, address="127.0.0.1:9", demo_games=[game_id]))
        for _ in range(120):
            app.step(1)
            log = getattr(app.stack[-1], "log", None)
            if log is not None and len(log.entries) >= 12:
                break
        s.shot(f"kiosk-{game_id}")
        app.stack[0].shutdown()
