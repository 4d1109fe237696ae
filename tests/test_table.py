"""The shared table and screens, for any game: hand-offs, choices that reopen,
a host that goes away, the results' score order, setup, title and join.

A scripted client stands in for the network where the point is the screen's
answer to what a host says (the real host is tested in test_net_* and
test_scenes_lan)."""

from __future__ import annotations

import os
import threading
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.rules import GAMES, create  # noqa: E402
from game.rules.base import GameInfo  # noqa: E402
from game.scenes.choice import ChoiceScene  # noqa: E402
from game.scenes.confirm import ConfirmScene  # noqa: E402
from game.scenes.handoff import HandoffScene  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402


def key(app: App, k: int, text: str = "", ticks: int = 1) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text)])


def click(app: App, pos, ticks: int = 1) -> None:
    app.step(ticks, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                        pos=(round(pos[0]), round(pos[1])))])


class ScriptedClient:
    """A LAN client whose host is this test: it answers actions as told."""

    def __init__(self, game_id: str = "routes-usa", seat: int = 0, refuse_first: bool = True,
                 players: int = 2):
        self.state = create(game_id, players, 4)
        self.seat = seat
        self.refuse = refuse_first
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.hints_shown = 0     # the hints this window told its host it showed
        self.status = "connected"
        self.awaiting = False    # every action is answered at once, in the inbox
        self.lock = threading.Lock()

    def snapshot(self) -> dict[str, Any]:
        s = self.state
        return {"status": self.status, "reason": None, "seat": self.seat, "game": s.game_id,
                "seats": [{"seat": i, "name": f"P{i}", "color": "red" if i else "blue",
                           "kind": "human", "connected": True} for i in range(s.players)],
                "view": s.view(self.seat), "legal": s.legal_actions(self.seat),
                "to_act": list(s.to_act), "over": s.is_over, "result": None,
                "version": len(s.history), "phase": "playing", "game_number": 1}

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def send_action(self, action: dict[str, Any], version: int | None = None) -> None:
        self.sent.append(action)
        if self.refuse:
            self.refuse = False
            self.inbox.append({"type": "error", "code": "illegal", "reason": "not now"})
            return
        events = self.state.apply(self.seat, action)
        self.inbox.append({"type": "update", "events": events})

    def hint_shown(self) -> None:
        self.hints_shown += 1

    def stop(self) -> None:
        pass


def remote_table(app: App, client: ScriptedClient):
    from game.scenes import nav
    from game.tables.remote_session import RemoteSession

    table = nav.board_scene(app, RemoteSession(client))
    app.reset(table)
    app.step(2)
    return table


def test_a_refused_choice_reopens_and_can_be_answered_again(app):
    client = ScriptedClient()
    table = remote_table(app, client)
    choice = app.top
    assert isinstance(choice, ChoiceScene)
    click(app, choice.confirm_rect().center)  # the host refuses this answer
    assert client.sent and app.top is not choice
    app.step(3)
    again = app.top
    assert isinstance(again, ChoiceScene), "the refused choice must reopen"
    click(app, again.confirm_rect().center)
    app.step(3)
    assert client.state.pending[0] is None  # answered and applied
    assert not isinstance(app.top, ChoiceScene)
    assert not table.session.awaiting


def test_no_second_choice_while_an_answer_is_on_its_way(app):
    client = ScriptedClient(refuse_first=False)
    remote_table(app, client)

    def send_unanswered(action, version=None):
        client.sent.append(action)
        client.awaiting = True               # the host has not answered yet

    client.send_action = send_unanswered
    click(app, app.top.confirm_rect().center)
    app.step(5)
    assert not isinstance(app.top, ChoiceScene) and len(client.sent) == 1


def test_a_refresh_takes_board_turn_and_moves_from_one_host_update(app):
    """An update landing between the reads of a refresh must not pair one
    version's hand with another version's turn (a turn with no playable card)."""
    client = ScriptedClient("railway-tricks", refuse_first=False, players=3)
    table = remote_table(app, client)
    read = client.snapshot

    def host_moves_on_after_each_read() -> dict[str, Any]:
        snap = read()
        state = client.state
        if state.to_act:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
        return snap

    client.snapshot = host_moves_on_after_each_read
    turns = 0
    for _ in range(30):
        table._refresh_view()
        assert list(table.shown_to_act) == table.shown["to_act"]
        assert bool(table.legal) == (table.acting and table.shown["phase"] != "over")
        if table.acting and table.shown["phase"] == "play":
            turns += 1
            assert [a["card"] for a in table.legal] == table.shown["private"]["playable"]
    assert turns, "seat 0 never had a turn to play a card in 30 refreshes"


def test_a_host_that_stops_mid_game_is_said_plainly_with_a_way_out(app):
    client = ScriptedClient()
    table = remote_table(app, client)
    client.status = "closed"
    client.inbox.append({"type": "status", "status": "closed",
                         "reason": "the host has stopped"})
    app.step(2)
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert "stopped" in question.title
    click(app, question.menu.buttons[1].rect.center)  # Back to the title
    assert type(app.stack[0]).__name__ == "TitleScene"
    assert table not in app.stack


def test_a_seat_taken_by_another_window_is_said_and_can_be_taken_back(app):
    client = ScriptedClient()
    table = remote_table(app, client)
    reclaimed = []
    client.reclaim_seat = lambda: reclaimed.append(True)
    client.status = "closed"
    client.inbox.append({"type": "status", "status": "closed", "cause": "seat_taken",
                         "reason": "your seat was taken over by another connection"})
    app.step(2)
    question = app.top
    assert isinstance(question, ConfirmScene) and "another window" in question.title
    assert [b.label for b in question.menu.buttons] == ["Just watch", "Take my seat back"]
    click(app, question.menu.buttons[1].rect.center)
    assert reclaimed == [True] and table in app.stack
    assert not isinstance(app.top, ConfirmScene)


def test_continue_with_two_humans_hands_off_before_any_hand(app, tmp_path):
    from game.scenes.flow import continue_game
    from game.system.paths import autosave_path

    match = Match("routes-usa", [Seat("Ann", "red"), Seat("Ben", "blue")], 8,
                  save_path=autosave_path())
    state = match.state
    for seat in (0, 1):
        match.apply(seat, {"type": "keep_tickets", "keep": list(state.pending[seat])})
    assert continue_game(app)
    app.step(1)
    table = app.stack[0]
    assert isinstance(app.top, HandoffScene)
    assert table.viewer is None and table.shown["private"] == {}


def test_a_mouse_player_can_click_pass_when_it_is_the_only_move(app):
    from game.scenes.flow import start_match

    match = Match("routes-usa", [Seat("Ann", "red"), Seat("Bot", "blue", "greedy")], 2)
    state = match.state
    for seat in (0, 1):
        match.apply(seat, {"type": "keep_tickets", "keep": list(state.pending[seat])})
    # nothing left to draw or claim: pass is the only legal move
    state.deck, state.discard, state.face_up = [], [], [None] * 5
    state.ticket_deck = []
    state.hands[0] = {}
    state._legal_cache = {}
    assert state.legal_actions(0) == [{"type": "pass"}]
    start_match(app, match)
    app.step(1)
    table = app.stack[0]
    assert table.buttons() == [("Pass", {"type": "pass"})]
    before = len(match.state.history)
    click(app, table.button_rect(0).center)
    assert match.state.history[before] == (0, {"type": "pass"})


def test_setup_names_take_backspace_and_space(app):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app)
    app.push(setup)
    setup.row = setup.rows().index("seat0")
    setup.col = 1
    key(app, pygame.K_RETURN)  # edit the name
    assert setup.editing
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_j, "J")
    assert setup.editing and setup.names[0] == "Ali J"
    key(app, pygame.K_RETURN)
    assert not setup.editing and app.top is setup


def test_setup_takes_every_seat_a_game_allows(app, monkeypatch):
    from game.scenes.setup import SetupScene

    routes = GAMES["routes-usa"]
    six = GameInfo("six-seats", "Six Seats", 2, 6, routes.family, routes.factory,
                   options={"expert": False}, bots=("random", "greedy"))
    monkeypatch.setitem(GAMES, "six-seats", six)
    setup = SetupScene(app)
    app.push(setup)
    setup.game = setup.games.index("six-seats")
    setup.count = 6
    app.step(2)  # draws six seat rows and the option without a crash
    seats = setup.seats()
    assert len(seats) == 6 and len({s.color for s in seats}) == 6
    assert len({s.name for s in seats}) == 6
    assert "option:expert" in setup.rows()
    bottom = setup._rect(len(setup.rows()) - 1).bottom
    assert bottom <= 1040, "every row fits on the screen"


def test_title_back_asks_before_quitting(app):
    from game.scenes.nav import to_title

    to_title(app)
    key(app, pygame.K_BACKSPACE)
    assert app.running and isinstance(app.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)  # stay
    assert app.running and type(app.top).__name__ == "TitleScene"


def test_join_screen_survives_a_vanishing_game(app):
    from game.scenes.lan import JoinScene

    class Game:
        name, game, free, seats, phase = "Table", "routes-usa", 2, 3, "lobby"
        address, compatible = "127.0.0.1:1", True

    class Browser:
        found = [Game(), Game()]

        def games(self):
            return list(self.found)

        def stop(self):
            pass

    join = JoinScene(app, name="Ann")
    if join.browser is not None:
        join.browser.stop()
    join.browser = Browser()  # games this test makes come and go
    join.focus = 3
    app.push(join)
    join.browser.found = []  # the focused game disappears
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    app.step(1)
    assert app.top is join


def test_results_rank_by_the_games_score_order(app, monkeypatch):
    from game.scenes.results import ResultsScene

    class Table:
        info = GameInfo("low-game", "Low", 2, 3, "routes", GAMES["routes-usa"].factory,
                        score_order="low")
        seat_info = [{"name": n} for n in ("A", "B", "C")]

        class session:
            can_rematch = False

        def results_reveal(self, result):
            return 0, ""

        def results_lines(self, entry):
            return []

        def results_items(self, entry):
            return []

        def seat_color(self, seat):
            return (200, 200, 200)

    scene = ResultsScene(app, Table(), {"scores": [70, 55, 90], "winners": [1],
                                        "breakdown": []})
    assert scene.order == [1, 0, 2]
    assert [b.label for b in scene.menu.buttons] == ["Title"]  # no rematch offered
    app.push(scene)
    app.step(1)


def test_kiosk_attract_mode_plays_every_registered_game_in_turn(app, monkeypatch):
    from game.scenes.kiosk import KioskScene

    kiosk = KioskScene(app, address="127.0.0.1:9")  # nobody there: demos only
    app.push(kiosk)
    seen = []
    for _ in range(len(GAMES)):
        kiosk._show_demo()
        board = app.stack[1]
        seen.append(board.session.game_id)
        assert board.kiosk and board.viewer is None
        info = GAMES[board.session.game_id]
        assert info.min_players <= board.session.players <= info.max_players
        app.step(2)
    assert sorted(seen) == sorted(GAMES)
    kiosk.shutdown()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_demo_command_plays_every_registered_game(tmp_path, capsys, monkeypatch, game):
    import json

    from game.cli.main import main

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    info = GAMES[game]
    players = info.demo_players or info.min_players
    assert main(["demo", "--game", game, "--players", str(players), "--seed", "3",
                 "--headless", "--frames", "120", "--stats"]) == 0
    stats = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert stats["frames"] == 120


def test_the_log_keeps_the_whole_game_wraps_and_waits_for_the_animation(tmp_path, monkeypatch):
    from game.scenes.flow import start_match
    from game.scenes.table_panels import EventLog

    log = EventLog(chars=20)
    for i in range(40):
        log.add(f"entry {i} with a rather long tail of words")
    assert len(log.entries) == 40  # nothing dropped
    assert all(len(line) <= 20 for line in log.lines())  # wrapped, not cut
    assert "tail" in " ".join(log.lines())
    log.scroll = 1000
    assert log.visible(5)[0].startswith("entry 0")  # scrolls back to the start

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path))
    app = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    try:
        match = Match("routes-usa", [Seat("Ann", "red", "greedy"), Seat("Bo", "blue", "greedy")],
                      3)
        start_match(app, match)
        table = app.stack[0]
        session = table.session
        table.fast_forward()
        # the host of a LAN game may be moves ahead: two arrive at once here
        while len(session.updates) < 2 or not all(session.updates):
            session.updates.clear()
            for _ in range(2):
                session.play_bot(session.bot_seat())
        first, second = ([line for line in map(table.describe, events) if line]
                         for events in session.updates)
        app.step(1)
        assert len(table.queue) == 1  # one update at a time, as the board shows it
        assert table.log.entries[-len(first):] == first  # the move on the board now
        assert not set(second) & set(table.log.entries[-len(first):])  # not the next one
        table.fast_forward()
        assert table.log.entries[-len(second):] == second
    finally:
        app.close()


def test_bots_are_named_for_players_once(app):
    from game.scenes.flow import start_match
    from game.tables.match import default_seats

    start_match(app, Match("routes-usa", default_seats("routes-usa", 1, 3), 1))
    table = app.stack[0]
    labels = [table.seat_label(s) for s in range(3)]
    assert labels[1].startswith("Normal bot") and "(bot)" not in " ".join(labels)
    assert all(label.count("Normal") <= 1 for label in labels)


def test_a_new_game_asks_before_replacing_an_unfinished_save(app):
    from game.scenes.setup import SetupScene
    from game.system.paths import autosave_path

    Match("routes-usa", [Seat("A", "red"), Seat("B", "blue")], 1,
          save_path=autosave_path()).save(autosave_path())
    setup = SetupScene(app)
    app.push(setup)
    setup.start()
    assert isinstance(app.top, ConfirmScene) and "new game" in app.top.title.lower()
    key(app, pygame.K_ESCAPE)  # keep it
    assert app.top is setup


def test_results_show_only_the_rows_that_score_in_that_game(app):
    from game.scenes.flow import start_match

    for game_id, longest in (("routes-usa", True), ("routes-italy", False)):
        match = Match(game_id, [Seat("A", "red", "random"), Seat("B", "blue", "random")], 2)
        while not match.state.is_over:
            match.play_bot(match.bot_to_act())
        start_match(app, match)
        table = app.stack[0]
        lines = " ".join(line for entry in match.state.result()["breakdown"]
                         for line in table.results_lines(entry))
        assert ("Longest route" in lines) is longest
        assert ("Regions" in lines) is not longest


@pytest.mark.parametrize("high,confirm", [(1, False), (1, True), (3, False)])
def test_a_choices_cancel_line_sits_clear_of_its_rows_and_its_confirm_button(app, high,
                                                                          confirm):
    """The "Esc / B: cancel" line once sat on the Confirm button of the payment
    choice; nothing drawn may overlap it, however many rows the choice has."""
    choice = ChoiceScene(app, "Claim?", list(range(12)), lambda chosen: None,
                         on_cancel=lambda: None, confirm=confirm, high=high)
    app.push(choice)
    app.step(1)
    hint = choice.cancel_hint_rect()
    assert choice.box.contains(hint)
    rows = [r for r in map(choice.row_rect, range(12)) if r is not None]
    assert rows and not any(hint.colliderect(r) for r in rows)
    if not choice.single:
        assert not hint.colliderect(choice.confirm_rect())
        assert not any(choice.confirm_rect().colliderect(r) for r in rows)
