"""Railway Tricks on screen: synthetic input, stepped ticks, the real scenes, no window."""

from __future__ import annotations

import json
import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.scenes.boards.tricks import TricksBoardScene  # noqa: E402
from game.scenes.boards.tricks import layout as L  # noqa: E402
from game.scenes.boards.tricks.display import same_card  # noqa: E402
from game.scenes.choice import ChoiceScene  # noqa: E402
from game.scenes.handoff import HandoffScene  # noqa: E402
from game.scenes.results import ResultsScene  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402

GAME = "railway-tricks"


def click(app: App, pos, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                        pos=(round(pos[0]), round(pos[1])))])


def key(app: App, k: int, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def start(app: App, seats: list[Seat], seed: int = 3) -> TricksBoardScene:
    from game.scenes.flow import start_match

    start_match(app, Match(GAME, seats, seed))
    app.step(2)
    scene = app.stack[0]
    assert isinstance(scene, TricksBoardScene)
    return scene


def solo(app: App, seed: int = 3) -> TricksBoardScene:
    return start(app, [Seat("Solo", "red"), Seat("B1", "blue", "greedy"),
                       Seat("B2", "green", "greedy"), Seat("B3", "yellow", "greedy")], seed)


def four_humans(app: App, seed: int = 3) -> TricksBoardScene:
    return start(app, [Seat(n, c) for n, c in (("Ann", "red"), ("Bo", "blue"),
                                               ("Cy", "green"), ("Di", "yellow"))], seed)


def settle(app: App, scene: TricksBoardScene, until, limit: int = 3000) -> None:
    """Step ticks until `until()` holds with the table idle and on top."""
    for _ in range(limit):
        if until() and not scene.animator.busy and not scene.queue and app.top is scene:
            return
        app.step(1)
    raise AssertionError("the table never got there")


def my_turn(app: App, scene: TricksBoardScene, phase: str = "play") -> None:
    """Play on (seat 0 takes its first choice) until seat 0 must decide `phase`."""
    state = scene.session.match.state
    for _ in range(200):
        settle(app, scene, lambda: state.to_act == (0,) or state.is_over)
        assert not state.is_over, f"seat 0 was never asked to {phase}"
        scene._refresh_view()
        if state.phase == phase:
            return
        scene.activate(scene.focus_items[0])
    raise AssertionError(f"seat 0 was never asked to {phase}")


def pass_handoff(app: App) -> None:
    assert isinstance(app.top, HandoffScene)
    app.step(15)
    key(app, pygame.K_RETURN)


def test_a_human_plays_a_card_and_lays_it_by_mouse(app):
    scene = solo(app)
    state = scene.session.match.state
    my_turn(app, scene)
    card = scene.shown["private"]["playable"][0]
    index = next(i for i, c in enumerate(scene.shown["private"]["hand"]) if same_card(c, card))
    before = len(state.history)
    click(app, L.hand_rect(index, len(scene.model.hand)).center)
    assert state.history[before] == (0, {"type": "play", "card": card})
    # a trick that builds lines: click the lit right end of the card's line
    my_turn(app, scene, "lay")
    pending = scene.shown["private"]["pending"]
    company = pending["company"]
    length = len(state.view(0)["lines"][company])
    row = scene.row_of(company)
    before = len(state.history)
    click(app, L.end_rect(row, "right", length).center, ticks=0)
    assert state.history[before] == (0, {"type": "lay", "end": "right"})
    line = state.view(0)["lines"][company]
    assert len(line) == length + 1 and same_card(line[-1], pending["card"])


def test_cards_that_cannot_follow_are_dimmed_and_refused(app):
    scene = solo(app, seed=5)
    state = scene.session.match.state
    for _ in range(40):
        my_turn(app, scene)
        hand, playable = (scene.shown["private"][k] for k in ("hand", "playable"))
        if len(playable) < len(hand):
            break
        click(app, L.hand_rect(0, len(hand)).center)  # lead: any card will do
    else:
        pytest.skip("this seed never asked seat 0 to follow")
    blocked = next(i for i, c in enumerate(hand) if not any(same_card(c, p) for p in playable))
    assert ("hand", blocked) not in scene.focus_items  # focus skips it
    before = len(state.history)
    click(app, L.hand_rect(blocked, len(hand)).center)
    assert len(state.history) == before
    assert app.toasts and "follow" in app.toasts[-1][0]


def test_keyboard_and_controller_play_and_lay(app):
    scene = solo(app)
    state = scene.session.match.state
    my_turn(app, scene)
    before = len(state.history)
    key(app, pygame.K_TAB, ticks=0)
    key(app, pygame.K_RETURN, ticks=0)
    assert len(state.history) == before + 1 and state.history[before][0] == 0
    my_turn(app, scene, "lay")
    company = scene.shown["private"]["pending"]["company"]
    length = len(state.view(0)["lines"][company])
    # the controller's A button takes the focused end (the left one comes first)
    focused = scene.focus_items[scene.focus]
    assert focused == ("end", (company, "left"))
    before = len(state.history)
    app.step(0, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0, joy=0)])
    assert state.history[before] == (0, {"type": "lay", "end": "left"})
    assert len(state.view(0)["lines"][company]) == length + 1


def test_the_list_overlay_answers_the_same_decision(app):
    scene = solo(app)
    state = scene.session.match.state
    my_turn(app, scene, "lay")
    click(app, L.LIST_BUTTON.center)
    overlay = app.top
    assert isinstance(overlay, ChoiceScene) and overlay.title.startswith("Lay ")
    before = len(state.history)
    click(app, overlay.row_rect(1).center, ticks=0)  # the right end
    assert state.history[before] == (0, {"type": "lay", "end": "right"})
    assert app.top is scene or not isinstance(app.top, ChoiceScene)


def test_four_humans_hand_off_and_play_a_whole_game_by_keyboard(app):
    """Every decision by Enter on the focused target; the city is laid by a click
    and a locomotive through the list; nobody sees another's hand."""
    scene = four_humans(app)
    state = scene.session.match.state
    city_done = loco_done = False
    for _ in range(2000):
        if state.is_over:
            break
        if isinstance(app.top, HandoffScene):
            assert scene.viewer is None and scene.shown["private"] == {}
            assert scene.model.hand == []
            pass_handoff(app)
            continue
        if app.top is not scene or scene.animator.busy or scene.queue:
            app.step(1)
            continue
        assert scene.viewer in state.to_act and scene.shown["you"] == scene.viewer
        assert scene.shown["private"]["hand"] == state.view(scene.viewer)["private"]["hand"]
        if state.phase == "city" and not city_done:
            company = state.data.companies[-1]
            count = len(state.view(None)["lines"][company])
            click(app, L.end_rect(scene.row_of(company), "right", count).center)
            assert state.view(None)["lines"][company][-1]["kind"] == "city"
            city_done = True
            continue
        if state.phase == "locomotive" and not loco_done:
            click(app, L.LIST_BUTTON.center)
            overlay = app.top
            assert isinstance(overlay, ChoiceScene)
            company = overlay.options[0][1]
            click(app, overlay.row_rect(0).center)
            assert state.view(None)["locomotives"][company] is not None
            loco_done = True
            continue
        key(app, pygame.K_RETURN)
    assert state.is_over and city_done and loco_done
    app.step(5)
    assert isinstance(app.top, ResultsScene)


def test_bots_play_to_the_results_which_reveal_each_company(app):
    scene = start(app, [Seat(f"B{i}", c, "greedy") for i, c in
                        enumerate(("red", "blue", "green"))], seed=9)
    for _ in range(4000):
        app.step(1)
        if isinstance(app.top, ResultsScene):
            break
    results = app.top
    assert isinstance(results, ResultsScene) and scene.session.is_over
    assert scene.reveal and set(scene.reveal) == set(scene.palette.companies)
    result = scene.session.result()
    for seat, entry in enumerate(result["breakdown"]):
        items = scene.results_items(entry)
        assert sum(int(value) for _, value, _ in items) == result["scores"][seat]
    app.step(600)
    assert scene._revealed() == len(scene.palette.companies)
    click(app, results.menu.buttons[0].rect.center)  # Rematch
    assert isinstance(app.stack[0], TricksBoardScene) and app.stack[0] is not scene


def test_animations_fly_cards_and_snap_to_the_view(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    try:
        scene = solo(app)
        deal = [t for t in scene.animator.pending() if t.data.get("kind") == "fly"]
        assert len(deal) == 4 * len(scene.model.hand)  # dealt card by card
        state = scene.session.match.state
        settle(app, scene, lambda: state.to_act == (0,) and state.phase == "play")
        scene._refresh_view()
        card = scene.shown["private"]["playable"][0]
        index = next(i for i, c in enumerate(scene.model.hand) if same_card(c, card))
        click(app, L.hand_rect(index, len(scene.model.hand)).center, ticks=1)
        app.step(2)
        flights = [t for t in scene.animator.pending() if t.data.get("kind") == "fly"]
        assert flights and flights[0].data["item"]["strength"] == card["strength"]
        settle(app, scene, lambda: True)
        assert scene.model.trick.get(0) is None or same_card(scene.model.trick[0], card)
        assert scene.model.lines == scene.shown["lines"]
    finally:
        app.close()


def test_colorblind_cards_and_a_full_frame_draw(app, tmp_path):
    app.settings.colorblind = True
    scene = solo(app)
    app.step(1)
    surface = app.surface
    for row, company in enumerate(scene.palette.companies):
        got = tuple(surface.get_at(L.head_rect(row).move(4, 40).topleft))[:3]
        want = scene.palette.rgb[company]
        assert sum(abs(a - b) for a, b in zip(got, want, strict=True)) < 30, company
    assert len(set(scene.palette.letter.values())) == len(scene.palette.companies)
    pygame.image.save(surface, str(tmp_path / "board.png"))
    assert (tmp_path / "board.png").stat().st_size > 10_000


def test_demo_command_prints_frame_stats(tmp_path, capsys, monkeypatch):
    from game.cli.main import main

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    shot = tmp_path / "demo.png"
    assert main(["demo", "--game", GAME, "--players", "4", "--seed", "3", "--headless",
                 "--frames", "120", "--screenshot", str(shot), "--stats"]) == 0
    stats = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"median", "p99", "cpu_p99"} <= set(stats) and stats["frames"] == 120
    assert shot.stat().st_size > 10_000


def test_lan_bot_clients_and_a_kiosk_agree_to_the_last_point(app, tmp_path, monkeypatch):
    """Four bot clients play through a host; a kiosk on the TV follows as a
    spectator, never shows a hand, and ends on the host's very scores."""
    import time

    from netkit import Player, connect, host_record, isolate, start_host, wait_until

    from game.scenes.kiosk import KioskScene

    isolate(monkeypatch, tmp_path)
    host = start_host(seats=4, game=GAME, auto_start=True)
    kiosk = KioskScene(app, address=f"127.0.0.1:{host.port}")
    players = [Player(connect(host, f"Bot {i}"), "greedy", seed=i, think=0.02)
               for i in range(4)]
    try:
        wait_until(lambda: host.match is not None, "the host to start the game")
        app.push(kiosk)
        deadline = time.monotonic() + 60
        board = None
        while time.monotonic() < deadline:
            app.step(1)
            time.sleep(0.002)
            if kiosk.showing != "live":
                continue
            board = next((s for s in app.stack if isinstance(s, TricksBoardScene)), None)
            if board is not None:
                assert board.session.remote
                assert board.kiosk and board.viewer is None and board.model.hand == []
                assert board.shown["private"] == {}
                if isinstance(app.top, ResultsScene):
                    break
        assert board is not None and isinstance(app.top, ResultsScene)
        records = [p.outcome() for p in players]
        expected = host_record(host)
        assert all(r["scores"] == expected["scores"] for r in records)
        assert app.top.result["scores"] == expected["scores"]
        assert board.session.result()["breakdown"] == host.result["breakdown"]
    finally:
        for p in players:
            p.session.stop()
        kiosk.shutdown()
        host.stop()


def test_lan_player_sees_only_their_own_hand_and_plays_by_mouse(app, tmp_path, monkeypatch):
    """A laptop joins a host beside three bot clients: its board shows its own
    hand (nobody else's), and a click on a playable card plays it on the host."""
    import time

    from netkit import Player, connect, isolate, start_host, wait_until

    from game.scenes.lan import JoinScene, LobbyScene

    isolate(monkeypatch, tmp_path)
    host = start_host(seats=4, game=GAME)
    bots = [Player(connect(host, f"Bot {i}"), "greedy", seed=i, think=0.01) for i in range(3)]
    board = None
    try:
        join = JoinScene(app, name="Remy")
        app.push(join)
        join.connect(f"127.0.0.1:{host.port}")
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        wait_until(lambda: (app.step(1), lobby.client.snapshot()["seat"] is not None)[1],
                   "the laptop to sit down")
        wait_until(lambda: sum(s["kind"] == "human" for s in host.status()["seats"]) == 4,
                   "every seat taken")
        host.start_game()
        deadline = time.monotonic() + 30
        # each step really waits: a loop that never sleeps keeps the interpreter
        # lock from the laptop's client thread, which then missed the host's pings
        while board is None and time.monotonic() < deadline:
            app.step(1)
            time.sleep(0.002)
            board = next((s for s in app.stack if isinstance(s, TricksBoardScene)), None)
        assert board is not None
        seat = board.session.seat
        while time.monotonic() < deadline:
            app.step(1)
            time.sleep(0.002)
            if (board.shown_to_act == (seat,) and board.legal and not board.session.awaiting
                    and not board.animator.busy and not board.queue
                    and board.shown["phase"] == "play"):
                break
        assert board.shown_to_act == (seat,), "the laptop's turn to play a card never came"
        assert board.viewer == seat and board.shown["you"] == seat
        mine = host.match.state.view(seat)["private"]["hand"]
        assert board.shown["private"]["hand"] == mine
        assert all("hand" not in p for p in board.shown["players"])
        card = board.shown["private"]["playable"][0]
        index = next(i for i, c in enumerate(board.model.hand) if same_card(c, card))
        before = len(host.match.state.history)
        click(app, L.hand_rect(index, len(board.model.hand)).center, ticks=1)
        wait_until(lambda: len(host.match.state.history) > before, "the host to take the card")
        assert host.match.state.history[before] == (seat, {"type": "play", "card": card})
    finally:
        if board is not None:
            board.session.client.stop()
        for p in bots:
            p.session.stop()
        host.stop()


class LateWire:
    """A spectator's connection to a host, played by this test: the snapshot
    (written by the network thread as a message lands) can be ahead of the
    messages the table has polled, as it is for a moment on a real LAN."""

    awaiting = False

    def __init__(self, state):
        self.state, self.inbox = state, []

    def snapshot(self) -> dict:
        s = self.state
        return {"status": "connected", "reason": None, "seat": None, "game": s.game_id,
                "seats": [{"seat": i, "name": f"P{i}", "color": color, "kind": "bot",
                           "connected": True}
                          for i, color in enumerate(("red", "blue", "green", "yellow"))],
                "view": s.view(None), "legal": [], "to_act": list(s.to_act),
                "over": s.is_over, "result": None, "version": len(s.history),
                "phase": "playing", "game_number": 1}

    def play(self) -> dict:
        """The next seat's first legal action, applied; its update message."""
        from game.rules.base import redact_events

        s = self.state
        seat = s.to_act[0]
        events = s.apply(seat, s.legal_actions(seat)[0])
        return {"type": "update", "events": redact_events(events, None),
                "view": s.view(None), "legal": [], "to_act": list(s.to_act),
                "over": s.is_over, "version": len(s.history)}

    def poll(self) -> list:
        out, self.inbox = self.inbox, []
        return out

    def stop(self) -> None:
        pass


def test_a_lan_board_never_shows_the_next_trick_while_the_last_card_is_laid(tmp_path,
                                                                             monkeypatch):
    """The last card of a trick flies to its line; an update that landed in the
    snapshot meanwhile must not make the board say the next trick (nor lay the
    card twice) before that update's own animation plays."""
    from game.rules import create
    from game.scenes import nav
    from game.tables.remote_session import RemoteSession

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    try:
        state = create(GAME, 4, 5)
        wire = LateWire(state)
        while not (state.phase == "lay" and len(state.lay_queue) == 2
                   and state.tricks_played >= 2):
            wire.play()
        number = state.tricks_played
        board = nav.board_scene(app, RemoteSession(wire), kiosk=True)
        app.reset(board)
        app.step(300)
        wire.inbox.append(wire.play())   # the second-last card is laid...
        app.step(3)
        assert board.animator.busy
        late = wire.play()               # ...and the last lay lands in the snapshot
        assert state.phase == "play" and state.tricks_played == number
        while board.animator.busy:
            app.step(1)
        app.step(1)
        wire.inbox.append(late)          # its message is polled a moment later
        app.step(2)
        assert board.animator.busy, "the last card flies to its line"
        flying = 0
        while True:
            texts = drawn_texts(app)
            if not board.animator.busy:
                break
            flying += 1
            labels = [t for t in texts if t.startswith("Trick ") and " of " in t]
            assert labels == [f"Trick {number} of 11"], labels
            for line in board.model.lines.values():
                keys = [(c.get("company"), c.get("strength"), c.get("name")) for c in line]
                assert len(keys) == len(set(keys)), "a card laid twice"
        assert flying > 10
        assert [t for t in drawn_texts(app) if t.startswith("Trick ") and " of " in t] == \
            [f"Trick {number + 1} of 11"]
    finally:
        app.close()


def drawn_texts(app: App) -> list[str]:
    from game.ui.layout_record import recording

    with recording() as rec:
        app.step(1)
    return [mark.content for mark in rec.frame.texts]
