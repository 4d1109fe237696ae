"""Save a picture of every screen, headless, for looking at what players see.

Usage: python tools/screenshots.py [DIR] [--lang ja]   (default: screenshots/, English)

The menus (title, setup with its message and at its fullest, settings, join
with and without games listed, host, lobby; a couch game with phones: its
setup, hand-off, board and Esc menu), then for every registered game:
the hand-off (and one with its recap), the board mid-game with as many seats
as the kiosk demo uses (and again with every seat the game takes), the Esc
menu, every page its Rules entry shows (rules-GAME-N), the leave question and
the results; the route games also get a ticket choice, a payment choice and a
twelve-ticket list, the race a detective choice. Last, the title with
Continue and the kiosk's attract mode playing each game.

tests/test_layout.py walks the same tour with text recording on (a
`Shooter` whose `shot` records instead of saving), so every screen here is
also checked for overlapping text.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RAILPARTY_HOME", tempfile.mkdtemp(prefix="railparty-shots-"))
os.environ.setdefault("RAILPARTY_MDNS_INTERFACES", "127.0.0.1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.bots.search import MIN_THINK_MS  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.rules.base import GameState  # noqa: E402
from game.scenes import nav  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402
from game.tables.seats import DEFAULT_NAMES, SEAT_COLORS  # noqa: E402


class Shooter:
    def __init__(self, out: Path | None):
        self.out = out
        self.app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)

    def shot(self, name: str, ticks: int = 1) -> None:
        self.app.step(ticks)
        path = self.out / f"{name}.png"
        pygame.image.save(self.app.surface, str(path))
        print(path)

    def page_through(self, name: str, limit: int = 40) -> None:
        """Every page of the screen on top, turned as a player turns them (the
        "next" intent: Tab, right, a pad's d-pad), until a page repeats or the
        screen closes: each page is shot as `name`, `name-2`, ..."""
        from game.ui.input import Intent

        screen, seen = self.app.top, set()
        for page in range(1, limit + 1):
            self.app.step(1)
            picture = hashlib.sha1(pygame.image.tobytes(self.app.surface, "RGB")).digest()
            if picture in seen or self.app.top is not screen:
                return
            seen.add(picture)
            self.shot(f"{name}-{page}", 0)
            self.app.dispatch(Intent("next"))

    def key(self, key: int) -> None:
        self.app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def menus(s: Shooter) -> None:
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


def play_until(match: Match, steps: int,
               stop: Callable[[GameState, set[int]], bool] | None = None) -> None:
    """Normal bots play `steps` actions (or to the end, or until `stop(state,
    humans)` holds) for every seat, one after another on this thread: a picture needs a
    position, not a strong one, and nothing may move between two steps of
    the tool."""
    saved = [seat.bot for seat in match.seats]
    humans = {i for i, bot in enumerate(saved) if bot is None}
    for seat in match.seats:
        seat.bot = "greedy"
    match._make_bots()
    for _ in range(steps):
        if match.state.is_over or (stop is not None and stop(match.state, humans)):
            break
        match.play_bot(match.bot_to_act())
    for seat, bot in zip(match.seats, saved, strict=True):
        seat.bot = bot
    match._make_bots()


def humans_turn(state: GameState, humans: set[int]) -> bool:
    """Whether a human is to start a turn (not halfway through a two-card draw)."""
    seat = state.to_act[0] if state.to_act else None
    return seat in humans and not state.view(seat).get("cards_drawn")


def settle(s: Shooter, scene) -> None:
    """Step until the board is on top with nothing left to play out: hand-offs
    confirmed, other overlays closed, the bots' moves shown."""
    from game.scenes.handoff import HandoffScene

    for _ in range(200):
        top = s.app.top
        if isinstance(top, HandoffScene):
            top.ticks = 20
            s.key(pygame.K_RETURN)
        elif top is not scene:
            s.app.pop()
        else:
            s.app.step(1)
            if s.app.top is scene and not (scene.queue or scene.animator.busy
                                           or scene.needs_snap):
                return


def handoff_with_recap(s: Shooter, scene, name: str) -> None:
    """The hand-off screen mid-game with a full recap (the tour's bots play on
    the match directly, so the recap is made of the board log's last lines)."""
    from game.scenes.handoff import HandoffScene

    seat = scene._human_to_act()
    if seat is None or not scene.log.entries:
        return
    s.app.push(HandoffScene(s.app, scene.seat_name(seat), scene.seat_info[seat].get("color"),
                            lambda: None, recap=scene.log.entries[-6:]))
    s.shot(name)
    s.app.pop()


def open_menu(s: Shooter, scene) -> None:
    """The Esc menu over the board, as Esc opens it there (pushed directly, so
    a choice or a hand-off cannot take the key)."""
    from game.scenes.game_menu import GameMenuScene

    settle(s, scene)
    s.app.push(GameMenuScene(s.app, scene))


def steps_to_mid_game(match: Match) -> int:
    """Half the actions a copy of the match, played by bots, takes to finish:
    the board shot then shows a game in full swing, never its end."""
    copy = Match.from_save(match.to_save())
    before = copy.version
    play_until(copy, 100_000)
    return max(1, (copy.version - before) // 2)


def game(s: Shooter, game_id: str) -> None:
    from game.scenes.flow import start_match

    app, info = s.app, GAMES[game_id]
    short = game_id
    players = max(info.min_players, info.demo_players or info.max_players)
    seats = [Seat(DEFAULT_NAMES[i], SEAT_COLORS[i], None if i < 2 else info.bots[-1])
             for i in range(players)]
    match = Match(game_id, seats, 7)
    match.set_think_ms(MIN_THINK_MS)  # the Hard seats answer at once when the tool steps
    start_match(app, match)
    s.shot(f"{short}-handoff", 2)
    app.top.ticks = 20
    s.key(pygame.K_RETURN)
    s.shot(f"{short}-start", 2)
    scene = app.stack[0]
    if info.family == "routes":
        routes_extras(s, scene, match, short)
    play_until(match, steps_to_mid_game(match))
    play_until(match, 100_000, humans_turn)
    handoff_with_recap(s, scene, f"{short}-handoff-recap")
    settle(s, scene)
    if not match.state.is_over:
        _look_as(scene, match.state.to_act[0])  # past the hand-off: the player's own view
    s.shot(f"{short}-board")
    if info.family == "routes" and scene.shown["routes"]:
        claimed = next((t for t in scene.shown["routes"] if not scene.board.parallel[t]),
                       next(iter(scene.shown["routes"])))
        hover(app, scene.geo.tracks[claimed].spaces[0].center)
        s.shot(f"tooltip-{short}-route")
        hover(app, (0, 0))
    open_menu(s, scene)
    s.shot(f"{short}-menu")
    next(b for b in app.top.menu.buttons if b.label == "Rules").action()
    s.shot(f"{short}-rules")
    s.page_through(f"rules-{short}")
    while app.top is not scene:
        app.pop()
    scene.request_quit()
    s.shot(f"{short}-leave")
    app.pop()
    play_until(match, 100_000)
    scene.fast_forward()
    s.shot(f"{short}-results", 400)
    s.key(pygame.K_m)                      # the scores step aside: the board behind
    s.shot(f"{short}-results-board", 2)
    s.key(pygame.K_m)
    if getattr(s.app.top, "race", None) is not None:
        s.key(pygame.K_c)                  # the race over the game
        s.shot(f"{short}-results-chart", 2)
        s.key(pygame.K_c)
    replay_screens(s, match, short)


def replay_screens(s: Shooter, match: Match, short: str) -> None:
    """The game just played, as the Replays list, the players' history and a
    replay stepped to its middle show it."""
    from game.scenes.replay import TableHistoryScene, open_replay
    from game.story.history import write_record

    app = s.app
    path = write_record(match, "hot-seat")
    nav.to_title(app)
    app.push(nav.screen("replays", app))
    s.shot(f"{short}-replays", 2)
    app.push(TableHistoryScene(app))
    s.shot(f"{short}-players", 2)
    open_replay(app, path, playing=False)
    app.top.seek(len(match.state.history) // 2)
    s.key(pygame.K_RIGHT)
    s.shot(f"{short}-replay", 60)
    nav.to_title(app)


def full_table(s: Shooter, game_id: str) -> None:
    """The board mid-game with every seat the game takes: every seat colour in
    play at once (on the route boards, on every route colour)."""
    from game.scenes.flow import start_match

    app, info = s.app, GAMES[game_id]
    seats = [Seat(DEFAULT_NAMES[i], SEAT_COLORS[i], None if i == 0 else info.bots[-1])
             for i in range(info.max_players)]
    match = Match(game_id, seats, 11)
    match.set_think_ms(MIN_THINK_MS)
    start_match(app, match)
    scene = app.stack[0]
    play_until(match, steps_to_mid_game(match))
    while app.top is not scene:
        app.pop()
    scene.overlay_open = False
    _look_as(scene, 0)
    s.shot(f"{game_id}-full-table")


def routes_extras(s: Shooter, scene, match: Match, short: str) -> None:
    """A ticket choice, a payment choice and a long ticket list."""
    app, state = s.app, match.state
    if type(app.top).__name__ == "ChoiceScene":
        s.shot(f"{short}-tickets")
        app.pop()
        scene.choice_closed()
    play_until(match, 40)
    play_until(match, 100_000, humans_turn)
    settle(s, scene)
    if state.is_over:
        return
    seat = state.to_act[0]
    _look_as(scene, seat)
    # staged for the pictures only, and put back after them: the tickets and
    # cards staged here are not where the game's own pile and deck hold them
    tickets, hand = list(state.tickets[seat]), dict(state.hands[seat])
    state.tickets[seat] = list(range(12))
    track = next(t for t in state.board.tracks if state._claim_problem(seat, t) is None
                 and t.color == "gray" and t.length >= 2)
    state.hands[seat] = {c: 3 for c in state.board.colors[:4]} | {"locomotive": 2}
    state._legal_cache = {}
    scene._refresh_view()
    s.shot(f"{short}-twelve-tickets")
    scene.claim(track.id)
    if type(app.top).__name__ == "ChoiceScene":
        s.shot(f"{short}-payment")
        app.pop()
    state.tickets[seat], state.hands[seat] = tickets, hand
    state._legal_cache = {}
    scene._refresh_view()


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


def main() -> int:
    import argparse

    from game.words import i18n

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("screenshots"))
    parser.add_argument("--lang", choices=sorted(i18n.LANGUAGES), default="en",
                        help="the language every screen is drawn in (default: en)")
    args = parser.parse_args()
    i18n.pin(args.lang)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    shooter = Shooter(out)
    tour(shooter)
    shooter.app.close()
    return 0


def tour(shooter: Shooter) -> None:
    """Every screen, each handed to `shooter.shot` once it shows."""
    menus(shooter)
    for game_id in GAMES:
        game(shooter, game_id)
        full_table(shooter, game_id)
    if any(info.family == "tricks" for info in GAMES.values()):
        tricks_extras(shooter)
    if any(info.family == "race" for info in GAMES.values()):
        race_screens(shooter.app, shooter.shot)
        race_detective(shooter.app, shooter.shot)
    title_with_continue(shooter)
    kiosk(shooter)


def _bots_until(match: Match, stop) -> None:
    """Let bots play every seat until `stop(state)` holds (or the game ends); then
    every seat is a human's, so nothing moves while the screen is taken."""
    for seat in match.seats:
        seat.bot = "greedy"
    match._make_bots()
    while not match.state.is_over and not stop(match.state):
        match.play_bot(match.bot_to_act())
    for seat in match.seats:
        seat.bot = None
    match._make_bots()


def _look_as(scene, seat: int) -> None:
    """Show `seat`'s secrets at once (the hand-off is for people, not screenshots)."""
    from game.scenes.handoff import HandoffScene

    scene.fast_forward()
    while isinstance(scene.app.top, HandoffScene):
        scene.app.pop()
    scene.handoff_for = None
    scene.viewer = seat
    scene._refresh_view()


def hover(app: App, pos) -> None:
    """The mouse moves to `pos` (a token's tooltip shows in the next frame)."""
    app.step(0, [pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(round, pos)), rel=(0, 0),
                                    buttons=(0, 0, 0))])


def tricks_extras(s: Shooter) -> None:
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
        _bots_until(match, lambda st, k=kind: st.phase == k)
        if match.state.is_over:
            break
        _look_as(scene, match.state.to_act[0])
        shot(f"tricks-{kind}", 1)
        if kind == "city":
            scene.activate(("list", None))
            shot("tricks-city-list", 1)
            app.pop()
    _bots_until(match, lambda st: st.phase == "play" and len(st.trick) == 2)
    _look_as(scene, match.state.to_act[0])
    shot("tricks-follow", 1)
    app.settings.animation = 1.0
    scene.activate(scene.focus_targets()[0])
    shot("tricks-flight", 12)
    app.settings.animation = 0.0
    _bots_until(match, lambda st: False)
    _look_as(scene, 0)
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
    _look_as(scene, match.state.to_act[0])
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


if __name__ == "__main__":
    raise SystemExit(main())
