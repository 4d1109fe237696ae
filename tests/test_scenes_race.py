"""The race game's board scene: synthetic input, stepped ticks, no window.

A human takes a card, uses its action and travels by mouse, and by keyboard
and controller; two humans hand the screen over without showing a hand to
the wrong player; the die's re-roll choice; bots play to the results; the
demo prints frame figures; a LAN game with bot clients and a kiosk agrees
with the host to the last day.
"""

from __future__ import annotations

import json
import os
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.scenes.boards.race import RaceBoardScene  # noqa: E402
from game.scenes.boards.race import layout as L  # noqa: E402
from game.scenes.choice import ChoiceScene  # noqa: E402
from game.scenes.handoff import HandoffScene  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402

GAME = "eighty-days"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("RAILPARTY_DATA_DIR", str(tmp_path / "data"))
    application = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    yield application
    application.close()


def click(app: App, pos, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                        pos=(round(pos[0]), round(pos[1])))])


def key(app: App, k: int, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def pad_a(app: App, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0, joy=0)])


def start(app: App, seats: list[Seat], seed: int = 3, tmp_path=None) -> RaceBoardScene:
    from game.scenes.flow import start_match

    save = (tmp_path / "save.json") if tmp_path else None
    start_match(app, Match(GAME, seats, seed, save_path=save))
    app.step(2)
    scene = app.stack[0]
    assert isinstance(scene, RaceBoardScene)
    return scene


def button_index(scene: RaceBoardScene, label_start: str) -> int:
    labels = [label for label, _ in scene.buttons()]
    return next(i for i, label in enumerate(labels) if label.startswith(label_start))


def focus_on(app: App, scene: RaceBoardScene, item) -> None:
    """Tab the focus onto `item` (the keyboard's way round the targets)."""
    for _ in range(len(scene.focus_items) + 1):
        if scene.focus_items[scene.focus] == item:
            return
        key(app, pygame.K_TAB, ticks=0)
    raise AssertionError(f"focus never reached {item}; targets {scene.focus_items}")


def solo(app: App, tmp_path) -> RaceBoardScene:
    return start(app, [Seat("Ada", "red"), Seat("Bot", "blue", "greedy")], tmp_path=tmp_path)


def test_a_turn_by_mouse_take_a_card_use_its_action_travel_and_end(app, tmp_path):
    scene = solo(app, tmp_path)
    state = scene.session.match.state
    assert state.current == 0 and scene.viewer == 0
    coin_slot = state.data.action_track.index("coin")
    coins = state.coins[0]
    click(app, L.slot_card_rect(coin_slot).center)
    assert state.taken and state.slot_action == "coin"
    click(app, L.button_rect(button_index(scene, "Take a coin")).center)
    assert state.coins[0] == coins + 1
    # travel London -> Paris when the hand can pay (the choice lists the ways)
    if any(a["type"] == "move" for a in state.legal_actions(0)):
        click(app, L.button_rect(button_index(scene, "Travel")).center)
        if isinstance(app.top, ChoiceScene):
            click(app, app.top.row_rect(0).center)
        assert state.at[0] == 1
        if state.pending is not None:  # Paris's red chip: the overlay asks
            assert isinstance(app.top, ChoiceScene) and app.top.options == ["take", "skip"]
            click(app, app.top.row_rect(0).center)
            assert state.pending is None
    before = state.turn
    click(app, L.button_rect(button_index(scene, "End turn")).center)
    assert state.turn > before


def test_the_same_turn_by_keyboard_and_controller(app, tmp_path):
    scene = solo(app, tmp_path)
    state = scene.session.match.state
    event_slot = state.data.action_track.index("event")
    focus_on(app, scene, ("slot", event_slot))
    key(app, pygame.K_RETURN)
    assert state.taken and state.slot_action == "event"
    held = len(state.held[0])
    focus_on(app, scene, ("button", button_index(scene, "Draw an event")))
    pad_a(app)  # the controller's A on the focused button
    assert state.slot_action is None
    assert len(state.held[0]) == held + 1 or state.event_discard or state.days[1] > 0
    focus_on(app, scene, ("button", button_index(scene, "End turn")))
    key(app, pygame.K_RETURN)
    assert state.current == 1 or state.turn > 0


def test_two_humans_hand_off_and_no_hand_shows_to_the_wrong_player(app, tmp_path):
    scene = start(app, [Seat("Ada", "red"), Seat("Bea", "blue")], tmp_path=tmp_path)
    state = scene.session.match.state
    assert isinstance(app.top, HandoffScene) and scene.viewer is None
    assert scene.shown["private"] == {}
    app.step(15)
    key(app, pygame.K_RETURN)
    assert scene.viewer == 0
    assert scene.shown["private"]["hand"] == [list(c) for c in sorted(state.hands[0])]
    click(app, L.slot_card_rect(0).center)
    if state.slot_action == "coin":
        click(app, L.button_rect(button_index(scene, "Take a coin")).center)
    while state.current == 0:
        click(app, L.button_rect(button_index(scene, "End turn")).center)
        if state.current == 0 and state.pending is not None:
            scene.answer(state.legal_actions(0)[0])
    # Bea's turn: her hand stays hidden until she takes the screen, Ada's is gone
    app.step(2)
    assert isinstance(app.top, HandoffScene)
    assert scene.viewer is None and scene.shown["private"] == {}
    app.step(15)
    key(app, pygame.K_RETURN)
    assert scene.viewer == 1
    assert scene.shown["private"]["hand"] == [list(c) for c in sorted(state.hands[1])]


def _give_balloon_turn(state, seat: int) -> None:
    """A turn where the seat holds the track's balloon and a card for the leg."""
    slot = state.data.action_track.index("balloon")
    state.track[slot] = ("train", 6)
    state.hands[seat] = [("ship", 7), ("train", 5)]
    state.coins[seat] = 3
    state._legal_cache = {}


def test_balloon_die_tumbles_then_reroll_or_accept(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    try:
        scene = solo(app, tmp_path)
        app.step(200)  # the deal
        state = scene.session.match.state
        _give_balloon_turn(state, 0)
        scene.fast_forward()
        slot = state.data.action_track.index("balloon")
        click(app, L.slot_card_rect(slot).center)
        app.step(60)
        assert state.slot_action == "balloon"
        move = next(a for a in state.legal_actions(0)
                    if a["type"] == "move" and a["balloon"] is not None)
        scene.act(move)
        app.step(2)
        tumbling = [t for t in scene.animator.active() if t.data.get("kind") == "die"]
        assert tumbling, "the die tumbles before the choice"
        assert not isinstance(app.top, ChoiceScene)
        app.step(120)
        choice = app.top
        assert isinstance(choice, ChoiceScene) and choice.options == ["accept", "reroll"]
        assert scene.shown["awaiting"]["kind"] == "reroll"
        roll = state.pending["roll"]
        total = f"{5 + roll} days in all"          # the train 5 the die did not replace
        assert choice.label("accept") == ("Accept", total)
        # a move this board did not send (a guided game's coach, a reload) adds up alike
        scene.sent_move = None
        assert scene.choice_for(state.view(0)["private"]["pending"]).label("accept")[1] == total
        coins = state.coins[0]
        click(app, choice.row_rect(1).center)  # Re-roll
        assert state.coins[0] == coins - 1
        app.step(2)
        again = [t for t in scene.animator.pending() if t.data.get("kind") == "die"]
        assert again and again[0].data["number"] == 2
        app.step(120)
        choice = app.top
        assert isinstance(choice, ChoiceScene)
        key(app, pygame.K_RETURN)  # Accept (the first row) by keyboard
        assert state.pending is None or state.pending["kind"] == "bonus"
        assert state.at[0] == 1
    finally:
        app.close()


def test_bots_play_to_the_results_which_count_days(app, tmp_path):
    from game.scenes.results import ResultsScene

    scene = start(app, [Seat("A", "red", "greedy"), Seat("B", "blue", "greedy"),
                        Seat("C", "green", "greedy")], tmp_path=tmp_path)
    for _ in range(6000):
        app.step(1)
        if isinstance(app.top, ResultsScene):
            break
    results = app.top
    assert isinstance(results, ResultsScene)
    result = scene.session.result()
    assert results.info.score_order == "low"
    for entry in result["breakdown"]:
        lines = scene.results_lines(entry)
        items = scene.results_items(entry)
        assert any(text == "Back in London" for text, _, _ in items)
        assert any(text == "Coins" and value == str(entry["coins"]) for text, value, _ in items)
        assert lines
    app.step(400)
    # the column's big number counts up to the seat's days
    assert results.result["scores"] == [p["days"] for p in scene.shown["players"]]


def test_demo_command_prints_frame_stats(tmp_path, capsys, monkeypatch):
    from game.cli.main import main

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    shot = tmp_path / "demo.png"
    assert main(["demo", "--game", GAME, "--players", "4", "--seed", "3", "--headless",
                 "--frames", "240", "--screenshot", str(shot), "--stats"]) == 0
    stats = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"median", "p99", "max", "dropped_ticks"} <= set(stats)
    assert stats["frames"] == 240
    assert shot.stat().st_size > 10_000


def test_lan_game_with_bot_clients_and_a_kiosk_agrees_to_the_last_day(app, tmp_path,
                                                                          monkeypatch):
    from game.scenes.kiosk import KioskScene
    from tests.netkit import LOOPBACK, Player, connect, host_record, start_host

    monkeypatch.setenv("RAILPARTY_MDNS_INTERFACES", LOOPBACK)
    host = start_host(3, game=GAME, name="Race table", seed=11, auto_start=True)
    try:
        kiosk = KioskScene(app, address=f"{LOOPBACK}:{host.port}", demo_games=[GAME])
        app.push(kiosk)
        deadline = time.monotonic() + 90
        while kiosk.client is None or kiosk.client.snapshot()["status"] != "connected":
            assert time.monotonic() < deadline, "the kiosk never connected"
            app.step(1)
        # the seats fill with bot clients and the game starts by itself
        players = [Player(connect(host, name=f"Bot{i}"), "greedy", seed=i, think=0.005)
                   for i in range(3)]
        while kiosk.showing != "live" or not isinstance(app.stack[1], RaceBoardScene):
            assert time.monotonic() < deadline, "the kiosk never showed the game"
            app.step(1)
            time.sleep(0.005)
        board = app.stack[1]
        record = host_record(host)
        outcomes = [p.outcome() for p in players]
        while not board.results_shown:
            assert time.monotonic() < deadline, "the kiosk never saw the end"
            app.step(1)
            time.sleep(0.002)
        app.step(5)
        days = [p["days"] for p in board.shown["players"]]
        assert days == list(host.match.state.days)
        assert board.session.result()["scores"] == days
        assert all(o["scores"] == days for o in outcomes)
        assert record["scores"] == days
        assert board.viewer is None and board.shown["private"] == {}
        kiosk.shutdown()
    finally:
        host.stop()


def _reachable(scene: RaceBoardScene, action: dict) -> bool:
    """Whether a focus target or button of the screen leads to `action`."""
    targets = scene.focus_items
    buttons = [a for _, a in scene.buttons()]
    private = scene.shown["private"]
    kind = action["type"]
    if kind == "take":
        return ("slot", action["slot"]) in targets
    if kind == "take_deck" or action == {"type": "buy", "pile": "travel"}:
        return ("deck", None) in targets
    if action == {"type": "buy", "pile": "event"}:
        return ("events", None) in targets
    if kind in ("move", "detective", "exchange"):
        return {"type": f"_{kind}"} in buttons
    if kind in ("play_event", "discard_event"):
        names = private["events"]
        return action["event"] in names and ("event", names.index(action["event"])) in targets
    if kind == "discard":
        hand = private["hand"]
        return action["card"] in hand and ("hand", hand.index(action["card"])) in targets
    return action in buttons


def test_every_action_the_engine_offers_has_a_target_or_a_button(app, tmp_path):
    import random

    scene = start(app, [Seat("Ada", "red"), Seat("Bot", "blue", "greedy"),
                        Seat("Cy", "green", "greedy")], seed=21, tmp_path=tmp_path)
    match = scene.session.match
    state = match.state
    rng = random.Random(5)
    kinds: set[str] = set()
    for _ in range(1500):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if seat == 0:
            scene._refresh_view()
            for action in legal:
                assert _reachable(scene, action), f"no way to {action}"
                kinds.add(action["type"])
        match.apply(seat, rng.choice(legal))
    assert {"take", "move", "end_turn", "buy", "coin"} <= kinds


def test_hovering_a_leg_city_or_slot_explains_it(app, tmp_path):
    scene = solo(app, tmp_path)

    def hover(pos):
        app.step(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                        buttons=(0, 0, 0))])
        return scene.tooltip(scene.hover) if scene.hover else None

    elephant_leg = next(i for i, leg in enumerate(scene.shown["legs"]) if not leg["options"])
    assert "Elephant" in hover(scene.badges[elephant_leg].center)
    assert hover(scene.plates["Paris"].center).startswith("Paris")
    assert hover(L.slot_card_rect(0).center).startswith("Coin")


def test_results_list_travellers_in_the_races_own_finishing_order(app, tmp_path):
    """A traveller still on the way has the fewest days but finishes last: the
    columns follow the race's places, the same ranking as the winner line."""
    from game.scenes.results import ResultsScene

    scene = start(app, [Seat("Ada", "red"), Seat("Bo", "blue", "greedy"),
                        Seat("Cy", "green", "greedy")], tmp_path=tmp_path)
    state = scene.session.match.state
    state.days = [75, 79, 60]
    state.arrivals = [1, 0]  # Bo home first, then Ada; Cy still on the way
    state.at = [len(state.data.route) - 1, len(state.data.route) - 1, 5]
    result = state.result()
    assert result["winners"] == [0]
    results = ResultsScene(app, scene, result)
    app.push(results)
    app.step(2)
    assert results.order == [0, 1, 2]
    assert results.winner_line() == "Ada wins!"


def drawn_texts(app: App) -> list[str]:
    """Every line of text the next frame draws."""
    from game.ui.layout_record import recording

    with recording() as rec:
        app.step(1)
    return [mark.content for mark in rec.frame.texts]


def test_last_event_names_a_storm_after_it_empties_the_discard(app, tmp_path):
    from tests.racekit import set_event_discard

    scene = solo(app, tmp_path)
    state = scene.session.match.state
    set_event_discard(state, ["Offer"])
    state.event_deck.remove("Storm")
    state.event_deck.append("Storm")  # the next event card drawn
    scene._refresh_view()
    assert any(t.startswith("Last event: Offer") for t in drawn_texts(app))
    click(app, L.slot_card_rect(state.data.action_track.index("event")).center)
    click(app, L.button_rect(button_index(scene, "Draw an event")).center)
    app.step(5)
    assert state.event_discard == [], "the Storm shuffled every event card back"
    shown = [t for t in drawn_texts(app) if t.startswith("Last event")]
    assert shown and shown[0].startswith("Last event: Storm"), shown


def test_travel_before_take_a_coin_takes_the_coin_first(app, tmp_path):
    """The coin has no downside and nothing to choose: it is taken for the
    player, with a word, and the travel follows."""
    scene = solo(app, tmp_path)
    state = scene.session.match.state
    state.hands[0] = [("train", 5), ("train", 3), ("ship", 2)]  # London - Paris is a train leg
    state._legal_cache = {}
    scene._refresh_view()
    click(app, L.slot_card_rect(state.data.action_track.index("coin")).center)
    coins = state.coins[0]
    assert any(a["type"] == "move" for a in state.legal_actions(0))
    click(app, L.button_rect(button_index(scene, "Travel")).center)
    app.step(4)
    assert state.coins[0] == coins + 1, "the coin was not lost"
    assert any("coin" in message.lower() for message, _, _ in app.toasts)
    if isinstance(app.top, ChoiceScene):  # the travel follows: which cards pay
        click(app, app.top.row_rect(0).center)
    assert state.at[0] == 1


def test_end_turn_with_an_event_unused_asks_first(app, tmp_path):
    """Drawing an event card may bring a Storm: the player chooses."""
    scene = solo(app, tmp_path)
    state = scene.session.match.state
    click(app, L.slot_card_rect(state.data.action_track.index("event")).center)
    held = len(state.held[0])
    click(app, L.button_rect(button_index(scene, "End turn")).center)
    choice = app.top
    assert isinstance(choice, ChoiceScene) and choice.options == ["use", "skip"]
    assert state.current == 0, "nothing happens before the answer"
    click(app, choice.row_rect(0).center)  # draw it first, then end the turn
    app.step(6)
    assert len(state.held[0]) == held + 1 or state.event_discard or state.days[1] > 0
    assert state.current == 1 or state.turn > 0, "the turn ended after the draw"


def test_die_words_follow_the_die_and_an_answer_clears_the_question(tmp_path, monkeypatch):
    """The log names the roll once the die has landed, not while it tumbles;
    once the roll is accepted, the header and the Accept/Re-roll buttons go at
    once, not when the move's animation ends."""
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=1.0, bot_pace=0.0), headless=True)
    try:
        scene = solo(app, tmp_path)
        app.step(200)  # the deal
        state = scene.session.match.state
        _give_balloon_turn(state, 0)
        scene.fast_forward()
        click(app, L.slot_card_rect(state.data.action_track.index("balloon")).center)
        app.step(60)
        move = next(a for a in state.legal_actions(0)
                    if a["type"] == "move" and a["balloon"] is not None)
        scene.act(move)
        tumbling = 0
        while True:
            texts = drawn_texts(app)
            active = {t.data.get("kind") for t in scene.animator.active()}
            if "die" not in active:
                break
            tumbling += 1
            assert not any("rolled" in line for line in scene.log.entries), \
                "the log told the roll while the die was still tumbling"
            assert not any("rolled" in t for t in texts)
        assert tumbling > 20
        app.step(2)
        assert any("rolled for the balloon" in line for line in scene.log.entries)
        app.step(120)
        choice = app.top
        assert isinstance(choice, ChoiceScene) and choice.options == ["accept", "reroll"]
        assert "re-roll or accept" in scene.status()
        asked_to = scene.viewer
        scene.viewer = None  # what the kiosk and the other seats read meanwhile
        assert "?" not in scene.status() and "decides whether to re-roll" in scene.status()
        scene.viewer = asked_to
        click(app, choice.row_rect(0).center)  # Accept
        app.step(2)
        assert scene.animator.busy, "the move plays out"
        texts = drawn_texts(app)
        assert not any("re-roll or accept" in t for t in texts), "the header moved on"
        assert not any(t.startswith(("Accept roll", "Re-roll")) for t in texts), \
            "the answered buttons are gone"
    finally:
        app.close()


def test_a_hand_off_recap_does_not_count_a_journey_twice(app, tmp_path):
    """The results list each traveller's legs as this screen saw them; the
    hand-off's recap (which words the same events again) must not add them twice."""
    scene = start(app, [Seat("Ada", "red"), Seat("Bea", "blue")], tmp_path=tmp_path)
    state = scene.session.match.state
    app.step(15)
    key(app, pygame.K_RETURN)  # Ada takes the screen
    assert scene.viewer == 0
    state.hands[0] = [("train", 5), ("train", 3), ("ship", 2)]
    state._legal_cache = {}
    scene._refresh_view()
    click(app, L.slot_card_rect(state.data.action_track.index("coin")).center)
    scene.act({"type": "coin"})
    app.step(4)
    scene.act(next(a for a in state.legal_actions(0) if a["type"] == "move"))
    app.step(4)
    assert state.at[0] == 1
    while state.current == 0:
        legal = state.legal_actions(0)
        end = {"type": "end_turn"}
        scene.act(end if end in legal else legal[0])
        app.step(4)
    assert isinstance(app.top, HandoffScene), "Bea is asked to take the screen"
    app.step(15)
    key(app, pygame.K_RETURN)
    assert len(scene.journeys.get(0, [])) == 1, scene.journeys


def test_the_detective_covers_no_city_plate_or_leg_badge_in_any_city(app):
    """Paris's detective stood on Brindisi's plate: wherever he waits, the words
    of plates and badges stay clear of him."""
    scene = start(app, [Seat("Solo", "red"), Seat("B1", "blue", "greedy")])
    words = {**{("plate", k): v for k, v in scene.plates.items()},
             **{("badge", k): v for k, v in scene.badges.items()}}
    for city in scene.world.cities:
        spot = scene.detective_spot(city)
        covered = [name for name, rect in words.items() if spot.colliderect(rect)]
        assert not covered, f"the detective in {city} covers {covered}"
        assert L.MAP_RECT.contains(spot)
