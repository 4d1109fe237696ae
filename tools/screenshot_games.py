"""The screenshot tour of every registered game (tools/screenshots.py): the
hand-off (and one with its recap), the board mid-game with as many seats as
the kiosk demo uses (and again with every seat the game takes), the Esc
menu, every page its Rules entry shows (rules-GAME-N), the leave question,
the results (and the board and chart behind them), the Replays list, the
players' history and a replay; the route games also get a ticket choice, a
payment choice and a twelve-ticket list.
"""

from __future__ import annotations

import pygame

from game.bots.search import MIN_THINK_MS
from game.rules import GAMES
from game.scenes import nav
from game.tables.match import Match, Seat
from game.tables.seats import DEFAULT_NAMES, SEAT_COLORS
from tools.screenshot_driver import (
    Shooter,
    hover,
    humans_turn,
    look_as,
    play_until,
    settle,
    steps_to_mid_game,
)


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


def game(s: Shooter, game_id: str) -> None:
    """One game's tour, from its first hand-off to its results and replay."""
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
        look_as(scene, match.state.to_act[0])  # past the hand-off: the player's own view
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
    look_as(scene, 0)
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
    look_as(scene, seat)
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

