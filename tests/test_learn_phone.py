"""A guided game with the learner's seat on a phone (issue 42): the TV shows the
board and the coach panel, the phone page (Debian's chromium) plays the
learner's seat through its own controls and shows the coach's line, and the
coach still decides: its own moves complete the steps, another move is
answered on the phone and on the TV and changes nothing."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browserkit import open_page
from netkit import FAST_HOST, LOOPBACK, isolate, wait_until
from phonekit import assert_readable

from game.app import App
from game.learn import lesson_for
from game.learn.coach import Coach
from game.scenes.learn_table import open_learn_table
from game.system.settings import Settings
from net.host.coached import PhoneCoachSession, coached_host

WAIT = 30.0
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


@pytest.fixture
def table(monkeypatch, tmp_path):
    """The TV: routes-usa's guided game from its first step, its host serving the page."""
    isolate(monkeypatch, tmp_path)
    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    coach = Coach(lesson_for("routes-usa"))
    host = coached_host(coach, **dict(FAST_HOST, bind=LOOPBACK, port=0, advertise=False,
                                            web_port=0))
    session = PhoneCoachSession(coach, host, keep_progress=False)
    scene = open_learn_table(app, session)
    yield app, scene, session
    session.stop()
    app.close()


def tv_until(app: App, done: Any, what: str) -> Any:
    """Run the TV's frames until `done()` holds."""
    deadline = time.monotonic() + WAIT
    while True:
        app.step(1)
        value = done()
        if value:
            return value
        assert time.monotonic() < deadline, f"waited too long for {what}"
        time.sleep(0.01)


def coach_line(page: Any) -> str:
    return page.get_by_test_id("coach").inner_text()


def phone_sees(app: App, page: Any, text: str) -> None:
    """The TV runs until the phone's coach line holds `text`."""
    tv_until(app, lambda: text in coach_line(page), f"the phone's coach line to say {text!r}")


def test_a_phone_plays_the_first_steps_of_a_guided_game_with_the_coachs_line(table, browser):
    app, scene, session = table
    coach, host = session.coach, session.host
    assert session.waiting_phones() == [0]          # the TV shows how to join
    page = open_page(browser, host)
    page.get_by_test_id("seat").first.wait_for()
    assert page.get_by_test_id("seat").count() == 1     # the learner's seat only
    page.get_by_test_id("seat").first.click()
    page.get_by_test_id("name").fill("Ana")
    page.get_by_test_id("join").click()
    tv_until(app, lambda: not session.waiting_phones(), "the phone to take the learner's seat")
    phone_sees(app, page, "Step 1 of")
    assert app.top is scene            # the TV never hands the screen to the phone's seat
    assert coach.said()[:30] in coach_line(page)
    lines = session.lines()      # each page gets the line in its own language
    assert lines["en"]["said"] == coach.said() and lines["ja"]["said"] != lines["en"]["said"]

    # a step to read: Next, pressed on the phone, as on the TV's panel
    assert [b.inner_text() for b in page.get_by_test_id("coach-buttons")
            .get_by_role("button").all()] == ["Next", "Repeat"]
    page.get_by_test_id("coach-next").click()
    phone_sees(app, page, "Step 2 of")
    assert coach.step_index == 1
    assert page.get_by_test_id("coach-buttons").get_by_role("button").count() == 1  # Repeat
    assert "Choose your tickets" in coach_line(page)
    keep = coach.suggested()["keep"]
    offered = page.evaluate("window.railparty.view.private.pending.options.map((o) => o.id)")
    for i, ticket in enumerate(offered):
        if ticket in keep:
            page.get_by_test_id("option").nth(i).click()
    page.get_by_test_id("confirm").click()
    phone_sees(app, page, "Step 3 of")
    tv_until(app, lambda: app.top is scene, "the TV's ticket choice to close")
    assert coach.step_index == 2 and host.match.version == len(coach.moves)

    # another move than the coach's (the deck, not the face-up card): answered on
    # the phone and on the TV, and nothing changes
    version, moves = host.match.version, len(coach.moves)
    page.get_by_test_id("deck").click()
    tv_until(app, lambda: session.outcome is not None and session.outcome.kind == "wrong",
             "the coach's answer on the TV")
    assert scene.wrong_words() and scene.coach_buttons()[0][1] == "again"
    page.wait_for_function("document.getElementById('coach').classList.contains('problem')")
    answer = coach_line(page)
    assert_readable(page)                           # the answer: 16 px text, axe-core clean
    assert "Try:" in answer and session.outcome.words.split(".")[0] in answer
    assert page.get_by_test_id("status").inner_text() in answer
    assert host.match.version == version and len(coach.moves) == moves
    assert coach.step_index == 2
    page.get_by_test_id("coach-again").click()      # Try again, on the phone
    tv_until(app, lambda: session.outcome is None, "the TV's panel to try again")
    page.wait_for_function(
        "!document.getElementById('coach').classList.contains('problem')")
    assert not page.get_by_test_id("coach-again").count()
    assert host.match.version == version and coach.step_index == 2

    page.get_by_test_id("faceup").first.click()     # the coach's own move
    phone_sees(app, page, "Step 4 of")
    assert "problem" not in (page.get_by_test_id("coach").get_attribute("class") or "")
    page.get_by_test_id("deck").click()
    phone_sees(app, page, "Step 5 of")
    wait_until(lambda: host.match.version == len(coach.moves), "the host to follow the coach")
    assert host.match.state.view(0) == coach.state.view(0)   # one game, on the TV and the phone
    page.wait_for_function(f"window.railparty.version === {len(coach.moves)}")

    scene.coach_press("repeat")      # Repeat on the TV: the phone goes back with it
    phone_sees(app, page, "Step 4 of")
    wait_until(lambda: host.match.version == len(coach.moves), "the host to go back")
    page.wait_for_function(f"window.railparty.version === {len(coach.moves)}")
    assert host.match.state.view(0) == coach.state.view(0)
    page.get_by_test_id("deck").click()
    phone_sees(app, page, "Step 5 of")
    page.get_by_test_id("coach-repeat").click()      # Repeat on the phone: the same
    phone_sees(app, page, "Step 4 of")
    wait_until(lambda: host.match.version == len(coach.moves), "the host to go back")
    assert coach.step_index == 3


def test_only_the_learners_phone_presses_the_coachs_buttons(table):
    from netkit import Raw

    app, scene, session = table
    host = session.host
    watcher = Raw(host.port)
    watcher.host_hello()
    watcher.send({"type": "hello", "magic": "railparty-lan", "version": 6,
                  "role": "spectator", "name": "TV 2"})
    watcher.recv_until(lambda m: m["type"] == "sync")
    step = session.coach.step_index
    watcher.send({"type": "coach_press", "name": "next"})
    refused = watcher.recv_until(lambda m: m["type"] == "error")
    assert refused["code"] == "spectator"
    tv_until(app, lambda: True, "a frame")
    assert session.coach.step_index == step and session.take_presses() == []
    watcher.close()

    # the learner's Next after the TV moved on: a step that waits for a move
    # offers none, so nothing is pressed and the phone is told its line again
    scene.coach_press("next")
    told: list[bool] = []
    session.retell = lambda: told.append(True)
    moved_to = session.coach.step_index
    host.coach_presses(session.learner, "next")
    tv_until(app, lambda: told, "the phone's line told again")
    assert session.coach.step_index == moved_to


def test_a_table_that_is_not_a_guided_game_refuses_a_coach_button(monkeypatch, tmp_path):
    from netkit import Raw, start_host

    isolate(monkeypatch, tmp_path)
    host = start_host()
    try:
        guest = Raw(host.port)
        guest.host_hello()
        guest.send({"type": "hello", "magic": "railparty-lan", "version": 6,
                    "role": "spectator", "name": "Eve"})
        guest.send({"type": "coach_press", "name": "next"})
        refused = guest.recv_until(lambda m: m["type"] == "error")
        assert refused["code"] == "bad_message" and "guided" in refused["reason"]
    finally:
        host.stop()


def test_a_coach_button_the_phone_may_not_press_is_refused():
    from net.host.coached_seat import CoachedSeat

    class Peer:
        role, seat = "player", 0

        def __init__(self) -> None:
            self.said: list[dict] = []

        def send(self, message: dict) -> None:
            self.said.append(message)

    pressed: list[tuple[int, str]] = []
    table = CoachedSeat()
    table.match = None
    table.coach_presses = lambda seat, name: pressed.append((seat, name))
    peer = Peer()
    for name in ("leave", "quit", ""):               # Leave stays on the TV
        table._on_coach_press(peer, {"type": "coach_press", "name": name})
    assert [m["code"] for m in peer.said] == ["bad_message"] * 3 and not pressed
    table._on_coach_press(peer, {"type": "coach_press", "name": "again"})
    assert pressed == [(0, "again")]


def test_learn_offers_play_on_a_phone_and_the_tv_shows_how_to_join(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)
    monkeypatch.setattr("game.scenes.flow.couch_host_options", lambda app, **options: dict(
        options, **FAST_HOST, bind=LOOPBACK, port=0, web_port=0))
    from game.scenes.game_menu import phone_page
    from game.scenes.learn_pick import LearnPickScene

    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    try:
        pick = LearnPickScene(app)
        app.reset(pick)
        labels = [b.label for b in pick.menu.buttons]
        assert "Play on a phone: off" in labels
        pick.menu.buttons[labels.index("Play on a phone: off")].action()
        assert pick.phone and "Play on a phone: on" in [b.label for b in pick.menu.buttons]
        pick.choose("routes-usa")
        scene = app.top
        assert isinstance(scene.session, PhoneCoachSession)
        assert scene.session.waiting_phones() == [0] and phone_page(scene) is not None
        app.step(2)                                   # the join card drawn over the log
        log = scene.log_rect
        card = log.copy()
        card.top = log.bottom - min(log.height, 196)
        assert not scene.coach_panel.rect.colliderect(card)   # the panel leaves the QR code be
        scene.leave()                                 # the host stops with the guided game
        wait_until(lambda: scene.session.host.status().get("stopped"), "the host to stop")
    finally:
        app.close()
