"""A couch game with phones on (issue 28): the window hosts the game in its own
process and serves the phone page; phone seats are played from the page (a
WebSocket client here, real Chromium at the end), hot-seat seats on the TV
with their hand-off; the TV never holds or draws a phone seat's hand."""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request
from typing import Any

import pygame
import pytest
from netkit import FAST_HOST, LOOPBACK, isolate, wait_until
from phonekit import take_turn
from websockets.exceptions import InvalidStatus

from game.app import App
from game.scenes.choice import ChoiceScene
from game.scenes.handoff import HandoffScene
from game.scenes.table import TableScene
from game.system.settings import Settings
from game.tables.match import Seat
from net import protocol as P
from net.page_seal import SealedSocket

WAIT = 20.0
DEADLINE = 120.0
COUCH_HOST = dict(FAST_HOST, bind=LOOPBACK, port=0, advertise=False, web_port=0, seed=7,
                  drop_timeout=0.5)
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


@pytest.fixture
def app(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)
    application = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    yield application
    session = getattr(application, "couch", None)
    if session is not None:
        session.stop()
    application.close()


def start(app: App, kinds: list[str], game: str = "routes-usa", **host: Any) -> Any:
    """A couch game: kinds are "hot", "phone" or a bot's name, one per seat."""
    from game.scenes.flow import new_phone_game

    names = ["Alice", "Bob", "Carmen", "Dmitri"]
    colors = ["red", "blue", "green", "yellow"]
    seats = [Seat(names[i], colors[i], None if k in ("hot", "phone") else k)
             for i, k in enumerate(kinds)]
    phones = {i for i, k in enumerate(kinds) if k == "phone"}
    app.couch = new_phone_game(app, game, seats, phones, **dict(COUCH_HOST, **host))
    return app.couch


def table_of(app: App) -> TableScene:
    return next(s for s in app.stack if isinstance(s, TableScene))


class Phone:
    """The phone page's WebSocket: JSON messages, plays its seat's first legal move."""

    def __init__(self, host: Any, origin: str | None = "same"):
        if origin == "same":
            origin = f"http://{LOOPBACK}:{host.web_port}"
        self.ws = SealedSocket(f"ws://{LOOPBACK}:{host.web_port}/ws", host.page_secret,
                             additional_headers={"Origin": origin} if origin else {},
                             open_timeout=WAIT, max_size=2**22)
        self.received: list[dict[str, Any]] = []
        self.hello = self.recv()
        self.seat: int | None = None
        self.token: str | None = None
        self.last: dict[str, Any] | None = None    # the newest sync or update
        self.sent_on: int | None = None            # the version its move in flight answered
        self.moves = 0

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        return message

    def join(self, name: str, seat: int | None = None, proof: str | None = None
             ) -> dict[str, Any]:
        hello = {"type": "hello", "magic": P.MAGIC, "version": P.PROTOCOL_VERSION,
                 "role": "player", "name": name, "proof": proof, "client": "test"}
        if seat is not None:
            hello["seat"] = seat
        self.send(hello)
        while True:
            message = self.recv()
            if message["type"] in ("welcome", "reject"):
                if message["type"] == "welcome":
                    self.seat = message["seat"]
                    self.token = message["token"] or self.token
                return message

    def play(self) -> None:
        """Read what has come; play the first legal move when it is this seat's turn."""
        while True:
            try:
                message = self.recv(timeout=0)
            except TimeoutError:
                break
            if message["type"] in ("sync", "update"):
                self.last = message
                if self.sent_on is not None and (message.get("mark", 0) > self.sent_on
                                                 or message["type"] == "sync"):
                    self.sent_on = None
            elif message["type"] == "error":
                self.sent_on = None
        last = self.last
        if (last is None or self.sent_on is not None or self.seat not in last.get("to_act", ())
                or not last.get("legal") or last.get("over")):
            return
        self.send({"type": "action", "seat": self.seat, "version": last["version"],
                   "action": last["legal"][0]})
        self.sent_on = last["version"]
        self.moves += 1

    def close(self) -> None:
        self.ws.close()


def step(app: App) -> None:
    app.step(1)
    time.sleep(0.002)     # the host's thread and the phone's socket need the lock too


def play_hot_seat(app: App, handoffs: list[str]) -> None:
    """What a hot-seat player does at the TV: takes the screen after the
    hand-off, answers a choice or plays the first legal move."""
    top = app.top
    if isinstance(top, HandoffScene):
        if not getattr(top, "counted", False):          # each hand-off once
            top.counted = True
            handoffs.append(top.name)
        if top.ticks > 12:
            from game.ui.input import Intent
            app.dispatch(Intent("select"))
        return
    table = table_of(app)
    if isinstance(top, ChoiceScene):
        app.pop(top)
        table.answer(table.legal[0])
    elif top is table and table.acting and table.legal and not table.session.awaiting:
        table.act(table.legal[0])


def assert_no_secret_of(table: TableScene, seats: set[int]) -> None:
    """The TV holds no view with these seats' secrets and shows no seat of theirs."""
    assert table.viewer not in seats
    assert table.shown.get("you") not in seats
    if table.shown.get("you") is None:
        assert not table.shown.get("private")


def info(host: Any) -> dict[str, Any]:
    url = f"http://{LOOPBACK}:{host.web_port}/info.json"
    return json.loads(urllib.request.urlopen(url, timeout=WAIT).read())


def test_a_couch_game_with_phones_serves_the_page_and_a_phone_plays_its_seat(app):
    session = start(app, ["hot", "phone", "random"])
    host = session.host
    assert session.humans == [0] and session.waiting_phones() == [1]
    seats = info(host)["seats"]
    assert seats[1]["kind"] == "open" and seats[1]["name"] == "Bob"     # the page offers it
    assert [s["kind"] for s in seats] == ["human", "open", "bot"]
    phone = Phone(host)
    welcome = phone.join("Bob", seat=1)
    assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["token"]
    wait_until(lambda: not session.waiting_phones(), "the TV to see the phone seat taken")
    assert host.slots[1].name == "Bob" and host.slots[1].color == "blue"
    handoffs: list[str] = []
    drawn: list[list[str]] = []
    alice_views: list[dict[str, Any]] = []
    polled: list[dict[str, Any]] = []
    poll = session.poll

    def recording_poll() -> list[list[dict[str, Any]]]:
        batches = poll()
        polled.extend(event for batch in batches for event in batch)
        return batches
    session.poll = recording_poll
    deadline = time.monotonic() + DEADLINE
    while (phone.moves < 4 or handoffs.count("Alice") < 2) and not session.is_over:
        assert time.monotonic() < deadline, (phone.moves, handoffs)
        phone.play()
        drawn.append(_drawn_texts(app, check=False))
        alice_views.append(session.feeds[0].client.snapshot())
        time.sleep(0.002)
        assert_no_secret_of(table_of(app), {1})
        play_hot_seat(app, handoffs)
    assert "Bob" not in handoffs          # a phone seat never gets the TV's hand-off
    # the table gets the hot-seat seat's own secrets in its events (to animate
    # them for her, redacted again for whoever it shows), never the phone seat's
    secrets = {e.get("private_to") for e in polled if "private" in e}
    assert secrets == {0}, secrets
    # no frame drew one of Bob's tickets (of those naming no city Alice's name)
    alice = {city for t in _tickets_seen(alice_views) for city in (t["a"], t["b"])}
    secret = [t for t in _tickets_seen(phone.received) if not {t["a"], t["b"]} & alice]
    assert secret, "Bob had tickets of his own"
    for texts in drawn:
        for ticket in secret:
            assert not any(f"- {ticket['b']}" in text or f"{ticket['a']} -" in text
                           for text in texts), (ticket, texts)
    assert "Alice" in handoffs            # a hot-seat seat still does
    # the phone got only its own secrets
    for message in phone.received:
        view = message.get("view")
        if view:
            assert view.get("you") == 1
        for event in message.get("events", []):
            assert "private" not in event or event.get("private_to") == 1
    phone.close()


def test_two_hot_seat_players_hand_the_screen_to_each_other_never_to_the_phone(app):
    session = start(app, ["hot", "hot", "phone"], game="railway-tricks")
    phone = Phone(session.host)
    phone.join("Carmen")
    handoffs: list[str] = []
    deadline = time.monotonic() + DEADLINE
    while (phone.moves < 3 or min(handoffs.count("Alice"), handoffs.count("Bob")) < 2):
        assert time.monotonic() < deadline, (phone.moves, handoffs)
        phone.play()
        step(app)
        assert_no_secret_of(table_of(app), {2})
        play_hot_seat(app, handoffs)
    assert "Carmen" not in handoffs
    phone.close()


def test_when_every_human_holds_a_phone_no_hand_off_ever_shows(app):
    session = start(app, ["phone", "random", "phone"], game="railway-tricks")
    host = session.host
    app.step(1)
    assert session.waiting_phones() == [0, 2]
    with_card = _drawn_texts(app)
    assert any("Phones: scan to join" in t for t in with_card)        # the corner card
    assert any("Waiting for Alice, Carmen" in t for t in with_card)
    phones = [Phone(host), Phone(host)]
    assert phones[0].join("Alice", seat=2)["seat"] == 2
    assert phones[1].join("Carmen")["seat"] == 0       # the first phone seat still open
    wait_until(lambda: not session.waiting_phones(), "both phone seats taken")
    app.step(1)
    assert not any("Phones: scan to join" in t for t in _drawn_texts(app))
    deadline = time.monotonic() + DEADLINE
    while min(p.moves for p in phones) < 3:
        assert time.monotonic() < deadline, [p.moves for p in phones]
        for p in phones:
            p.play()
        step(app)
        assert not any(isinstance(s, HandoffScene) for s in app.stack)
        table = table_of(app)
        assert table.viewer is None and not table.shown.get("private")
        assert not table.legal
    for p in phones:
        p.close()


def _drawn_texts(app: App, check: bool = True) -> list[str]:
    """The lines of text of one frame, checked for overlaps (the corner card
    must not sit on the log's lines or run out of its box)."""
    from game.ui import layout_check, layout_record

    with layout_record.recording() as record:
        app.step(1)
    if check:
        assert layout_check.problems(record.frame.marks) == []
    return [m.content for m in record.frame.texts]


def _tickets_seen(messages: Any) -> list[dict[str, Any]]:
    """Every ticket a route game's private views in these messages showed."""
    seen = []
    for message in messages:
        private = (message.get("view") or {}).get("private") or {}
        pending = private.get("pending") or {}
        for ticket in [*private.get("tickets", []), *pending.get("options", [])]:
            if isinstance(ticket, dict) and ticket not in seen:
                seen.append(ticket)
    return seen


def test_bad_input_from_a_phone_is_refused_as_on_a_lan(app):
    session = start(app, ["hot", "phone", "random"])
    host = session.host
    with pytest.raises(InvalidStatus) as err:
        Phone(host, origin="http://evil.example")
    assert err.value.response.status_code == 403
    phone = Phone(host)
    phone.join("Bob", seat=1)
    guess = Phone(host)
    refused = guess.join("Mallory", seat=0)           # the hot-seat seat: not a phone's
    assert refused["type"] == "reject" and refused["code"] == P.R_STARTED
    assert host.slots[0].local and host.slots[0].name == "Alice"
    while (sync := phone.recv())["type"] != "sync":
        pass
    phone.send({"type": "action", "seat": 0, "version": sync["version"],
                "action": {"type": "draw_deck"}})
    while (message := phone.recv())["type"] != "error":
        pass
    assert message["code"] == P.E_NOT_YOUR_SEAT
    phone.send("{not json")
    while (message := phone.recv())["type"] != "error":
        pass
    assert message["code"] == P.E_BAD_FRAME
    assert session.status == "connected" and host.status()["phase"] == "playing"
    app.step(3)
    phone.close()
    guess.close()


def test_a_sleeping_phone_gets_a_stand_in_and_comes_back_to_its_seat(app):
    session = start(app, ["phone", "random"], game="eighty-days")
    host = session.host
    phone = Phone(host)
    token = phone.join("Alice", seat=0)["token"]
    phone.close()                                      # the phone sleeps
    wait_until(lambda: host.slots[0].bot is not None, "a stand-in for the sleeping phone")
    version = host.status()["version"]
    wait_until(lambda: host.status()["version"] > version + 2, "the stand-in to play")
    assert session.waiting_phones() == []              # kept for its phone, not open
    again = Phone(host)
    back = again.join("Alice", proof=P.seat_proof(token, again.hello["nonce"]))
    assert back["seat"] == 0 and back["token"] is None
    wait_until(lambda: host.slots[0].bot is None, "the stand-in to hand the seat back")
    app.step(2)
    assert_no_secret_of(table_of(app), {0})
    again.close()


def test_bots_play_for_missing_phones_until_a_phone_comes(app):
    from game.scenes.game_menu import GameMenuScene

    session = start(app, ["phone", "random", "phone"], game="railway-tricks")
    host = session.host
    app.step(1)
    # the game waits on the phone seats: it is their turn and nobody plays them
    wait_until(lambda: host.match is not None and host.match.state.to_act
               and set(host.match.state.to_act) <= {0, 2}, "the phone seats' turn")
    version = host.status()["version"]
    assert all(host.slots[s].bot is None and host.slots[s].peer is None for s in (0, 2))
    menu = GameMenuScene(app, table_of(app))
    labels = [b.label for b in menu.menu.buttons]
    assert "Bots play for missing phones" in labels
    app.push(menu)
    menu.menu.buttons[labels.index("Bots play for missing phones")].action()
    assert app.top is table_of(app)
    wait_until(lambda: host.status()["version"] > version + 3, "bots to play the phone seats")
    assert session.waiting_phones() == [0, 2]            # still open to a phone
    assert "Bots play for missing phones" not in [
        b.label for b in GameMenuScene(app, table_of(app)).menu.buttons]
    phone = Phone(host)
    assert phone.join("Carmen", seat=2)["seat"] == 2
    wait_until(lambda: host.slots[2].bot is None and host.slots[0].bot is not None,
               "the bot to give seat 2 to its phone")
    deadline = time.monotonic() + DEADLINE
    while phone.moves < 2:
        assert time.monotonic() < deadline
        phone.play()
        step(app)
    phone.close()


def test_a_rematch_keeps_the_phone_in_its_seat(app):
    session = start(app, ["random", "phone", "random"], game="railway-tricks")
    host = session.host
    phone = Phone(host)
    phone.join("Bob", seat=1)
    deadline = time.monotonic() + DEADLINE
    while not session.is_over:
        assert time.monotonic() < deadline, phone.moves
        phone.play()
        step(app)
        assert not any(isinstance(s, HandoffScene) for s in app.stack)
    first = table_of(app)
    while not first.results_shown:
        assert time.monotonic() < deadline
        step(app)
    first.rematch()                                      # the results screen's Rematch
    wait_until(lambda: (step(app), table_of(app) is not first)[1], "the new game's table")
    moves = phone.moves
    while phone.moves < moves + 2:
        assert time.monotonic() < deadline
        phone.play()
        step(app)
    assert host.games_started == 2 and phone.seat == 1
    assert table_of(app).viewer is None and not table_of(app).shown.get("private")
    phone.close()


def test_setup_turns_phones_on_and_starts_a_couch_game(app, monkeypatch):
    from game.scenes import flow
    from game.scenes.setup import PHONE, SetupScene

    started: dict[str, Any] = {}
    monkeypatch.setattr(flow, "new_phone_game", lambda app, game, seats, phones, options,
                        hints=True: started.update(game=game, seats=seats, phones=phones,
                                                   hints=hints))
    setup = SetupScene(app)
    app.push(setup)
    assert "phones" in setup.rows() and setup.kind_label(0) == "Human"
    setup._change("phones", 1)
    assert setup.kind_of(0) == PHONE and setup.kind_label(0) == "Phone"
    assert setup.kind_label(1).startswith("Bot")
    setup.row, setup.col = setup.rows().index("seat1"), 0
    seen = []
    for _i in range(len(setup.kind_choices())):   # a seat's kind goes round every choice
        setup._change("seat1", 1)
        seen.append(setup.kind_label(1))
    assert "Phone" in seen and "Hot-seat" in seen
    while setup.kind_label(1) != "Hot-seat":
        setup._change("seat1", 1)
    app.step(1)
    setup.start()
    assert started["phones"] == {0} and started["hints"] is True
    assert [s.bot for s in started["seats"]][:2] == [None, None]
    setup._change("phones", 1)                   # off again: every human is hot-seat
    assert setup.kind_label(0) == "Human" and setup.phone_seats() == set()


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
def test_a_real_phone_browser_takes_a_phone_seat_and_plays(app, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    import random

    session = start(app, ["hot", "phone", "random"])
    host = session.host
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            context = browser.new_context(viewport={"width": 360, "height": 640},
                                          is_mobile=True, has_touch=True, bypass_csp=True)
            page = context.new_page()
            page.goto(f"http://{LOOPBACK}:{host.web_port}/#{host.page_secret}")
            page.get_by_test_id("seat").first.wait_for()
            seats = page.get_by_test_id("seat")
            assert seats.count() == 1 and seats.first.inner_text() == "Bob"   # the phone seat
            page.get_by_test_id("seat").first.click()
            page.get_by_test_id("name").fill("Bob")
            page.get_by_test_id("join").click()
            wait_until(lambda: not session.waiting_phones(), "the browser to take seat 1")
            assert host.slots[1].peer is not None and host.slots[1].name == "Bob"
            rng, handoffs, taps = random.Random(5), [], 0
            deadline = time.monotonic() + DEADLINE
            while taps < 3:
                assert time.monotonic() < deadline, taps
                step(app)
                assert_no_secret_of(table_of(app), {1})
                play_hot_seat(app, handoffs)
                if page.evaluate("document.body.dataset.state") == "your-turn":
                    seen = page.evaluate("window.railparty.version")
                    take_turn(page, rng, session.host.game)
                    taps += 1
                    # the host's answer, not a pause: a stale 'your-turn' would tap twice
                    page.wait_for_function(f"window.railparty.version > {seen}",
                                           timeout=DEADLINE * 1000)
            assert "Bob" not in handoffs
            page.screenshot(path=str(_shots(tmp_path) / "couch-phone.png"))
        finally:
            browser.close()


def _shots(tmp_path: Any) -> Any:
    """Where pictures go: the test's own folder, or RAILPARTY_SHOTS to keep them."""
    from pathlib import Path

    out = Path(os.environ.get("RAILPARTY_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def test_the_couch_table_with_phones_on_is_drawn(app, tmp_path):
    """Pictures of the TV while phone seats wait (looked at by hand): the
    hand-off of a hot-seat seat keeps the way to join in its corner."""
    session = start(app, ["hot", "phone", "random", "phone"])
    app.step(2)
    assert session.waiting_phones() == [1, 3]
    assert isinstance(app.top, HandoffScene)
    texts = _drawn_texts(app)
    assert any("Waiting for Bob, Dmitri" in t for t in texts)
    pygame.image.save(app.surface, str(_shots(tmp_path) / "couch-handoff-waiting.png"))
    from game.ui.input import Intent

    app.step(15)
    app.dispatch(Intent("select"))
    app.step(2)
    table = table_of(app)
    assert table.viewer == 0
    pygame.image.save(app.surface, str(_shots(tmp_path) / "couch-table-alice.png"))
    app.pop(app.top) if isinstance(app.top, ChoiceScene) else None
    app.step(1)
    pygame.image.save(app.surface, str(_shots(tmp_path) / "couch-table-waiting.png"))


def test_continue_brings_a_couch_game_back_with_its_phones(app, tmp_path):
    """A couch game with phones that crashed comes back on Continue as a couch
    game with phones: the phone's page takes its seat back with the key it kept,
    the phone seat nobody took is still open to a phone (its bot playing on),
    the hot-seat seat is played on the TV again, the TV still holds no phone's
    hand, and the moves only the journal held are not lost."""
    from game.scenes import flow
    from game.system.paths import autosave_path
    from game.tables.match import Match
    from net.host.saving import journal_path

    session = start(app, ["hot", "phone", "phone"], game="eighty-days")
    host = session.host
    host.bots_for_waiting_phones()                     # seat 2's phone never comes
    phone = Phone(host)
    token = phone.join("Bob", seat=1)["token"]
    code = info(host)["code"]                          # the page keeps its seat key by it
    save, kept = autosave_path(), tmp_path / "crash"
    kept.mkdir()
    handoffs: list[str] = []
    deadline = time.monotonic() + DEADLINE

    def play_until(done: Any) -> None:
        while not done():
            assert time.monotonic() < deadline, host.status()["version"]
            phone.play()
            play_hot_seat(app, handoffs)
            step(app)

    def saved_with_phone() -> bool:
        on_disk = Match.load(save, keep_saving=False)
        return on_disk.version >= 4 and on_disk.seats[1].token == token

    play_until(saved_with_phone)
    shutil.copy(save, kept / "save")                   # the last full save before the crash
    saved = Match.load(kept / "save", keep_saving=False).version
    play_until(lambda: host.status()["version"] >= saved + 4)
    shutil.copy(journal_path(save), kept / "journal")  # ... and the journal after it
    session.stop()
    phone.close()
    shutil.copy(kept / "save", save)
    shutil.copy(kept / "journal", journal_path(save))

    options = {k: v for k, v in COUCH_HOST.items() if k != "seed"}
    assert flow.continue_game(app, **dict(options, drop_timeout=120.0))
    table = table_of(app)
    app.couch = resumed = table.session
    again = resumed.host
    assert again.status()["version"] >= saved + 4      # the journal's moves came back
    assert [s.phone for s in again.slots] == [False, True, True]
    assert again.slots[0].local and again.slots[0].kind == "human"
    assert again.slots[1].kind == "human" and again.slots[1].token == token
    assert again.slots[2].bot is not None              # its bot plays on
    assert info(again)["code"] == code
    # until Bob's phone is back the TV shows how to join, and the Esc menu's
    # "Bots play for missing phones" gives his seat its stand-in at once
    assert resumed.humans == [0] and resumed.waiting_phones() == [1, 2]
    assert again.slots[1].bot is None and not resumed.bots_on_waiting_phones()
    app.step(2)
    assert any("Waiting for Bob, Carmen" in t for t in _drawn_texts(app))
    pygame.image.save(app.surface, str(_shots(tmp_path) / "couch-resumed-waiting.png"))
    again.bots_for_waiting_phones()
    wait_until(lambda: again.slots[1].bot is not None, "a stand-in for the phone still away")
    back = Phone(again)
    welcome = back.join("Bob", proof=P.seat_proof(token, back.hello["nonce"]))
    assert welcome["type"] == "welcome" and welcome["seat"] == 1
    wait_until(lambda: again.slots[1].bot is None, "the stand-in to give the seat back")
    version = again.status()["version"]
    while back.moves < 2 or again.status()["version"] < version + 4:
        assert time.monotonic() < deadline, again.status()["version"]
        back.play()
        play_hot_seat(app, handoffs)
        step(app)
        assert_no_secret_of(table_of(app), {1, 2})
    assert handoffs and set(handoffs) == {"Alice"}     # only the hot-seat seat hands off
    assert resumed.waiting_phones() == [2]             # Bob's phone is back
    back.close()


def test_a_stand_ins_moves_are_said_to_be_the_stand_ins_on_the_tv_and_the_phones(app):
    """A phone asleep: its stand-in's moves read "Alice's stand-in ..." in the
    TV's log and in the lines the host words for the other phones, never as
    Alice's own."""
    session = start(app, ["phone", "phone"], game="eighty-days")
    host = session.host
    alice, bob = Phone(host), Phone(host)
    alice.join("Alice", seat=0)
    bob.join("Bob", seat=1)
    alice.close()                                      # Alice's phone sleeps
    wait_until(lambda: host.slots[0].bot is not None, "a stand-in for the sleeping phone")
    deadline = time.monotonic() + DEADLINE

    def stand_in_moves() -> list[int]:
        return [v for v in range(host.status()["version"] + 1)
                if host._recent.standin_at(v) == 0]
    while len(stand_in_moves()) < 2 or bob.last is None or (
            bob.last["version"] < max(stand_in_moves())):
        assert time.monotonic() < deadline, stand_in_moves()
        bob.play()
        step(app)
    for _ in range(5):
        step(app)
    said = [line for m in bob.received if m["type"] == "update"
            for line in m.get("lines") or [] if line]
    assert any(line.startswith("Alice's stand-in ") for line in said), said
    table = table_of(app)
    assert any(line.startswith("Alice's stand-in ") for line in table.log.entries), \
        table.log.entries
    bob.close()
