"""Every refusal a guest reads names its real reason, in the guest's language: the
seats one address may hold (and how many), a full table, a started game, no room
for another spectator from an address, a program too old for the host. Real
hosts on 127.0.0.1; the words are those the window, the command line and the
phone page show (game/words/host_words.py: the page gets them from the host)."""

from __future__ import annotations

import pytest
from netkit import LOOPBACK, Proc, Raw, connect, isolate, start_host, wait_until

from game.tables.remote_session import RemoteSession
from game.words.host_words import closed_words, host_said
from game.words.i18n import speaking
from net import protocol as P
from net.host.page_said import page_message


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def _words(message: dict) -> tuple[str, str]:
    with speaking("en"):
        english = host_said(message)
    with speaking("ja"):
        japanese = host_said(message)
    return english, japanese


def test_the_address_limit_is_named_with_its_number():
    host = start_host(seats=4, seats_per_address=1)
    try:
        first = Raw(host.port, source="127.0.0.2")
        assert first.hello("player", name="One")["type"] == "welcome"
        refused = Raw(host.port, source="127.0.0.2").hello("player", name="Two")
        assert refused["code"] == P.R_ADDRESS and refused["limit"] == 1
        english, japanese = _words(refused)
        assert "1 seat the host allows for one address" in english
        assert "no room" not in english
        assert "1 席" in japanese and "満員" not in japanese
        assert Raw(host.port, source="127.0.0.3").hello("player", name="Three")["type"] == \
            "welcome"                            # seats were open all along
    finally:
        host.stop()


def test_the_address_limit_reaches_a_client_closed_for_good():
    host = start_host(seats=4, seats_per_address=2)
    clients = []
    try:
        for name in ("One", "Two", "Three"):
            clients.append(connect(host, name))
        refused = wait_until(lambda: next((c for c in clients
                                           if c.snapshot()["status"] == "closed"), None),
                             "one of three refused")
        snap = refused.snapshot()
        assert snap["cause"] == "rejected" and snap["said"]["code"] == P.R_ADDRESS
        with speaking("en"):
            assert "2 seats the host allows" in closed_words(snap)
        with speaking("ja"):
            assert "2 席" in closed_words(snap)
    finally:
        for client in clients:
            client.stop()
        host.stop()


def test_a_full_table_and_a_started_game_say_so():
    host = start_host(seats=2)
    try:
        seated = [Raw(host.port), Raw(host.port)]
        for n, raw in enumerate(seated):
            assert raw.hello("player", name=f"P{n}")["type"] == "welcome"
        full = Raw(host.port).hello("player", name="Late")
        assert full["code"] == P.R_FULL
        assert _words(full) == ("This game has no room left.", "このゲームは満員です。")
        host.start_game()
        wait_until(lambda: host.status()["phase"] == "playing", "the game to start")
        started = Raw(host.port).hello("player", name="Later")
        assert started["code"] == P.R_STARTED
        english, japanese = _words(started)
        assert english == "This game has already started." and japanese != english
    finally:
        host.stop()


def test_no_room_to_watch_from_one_address_is_not_a_full_table():
    host = start_host(seats=2)
    try:
        watching = [Raw(host.port, source="127.0.0.4")
                    for _ in range(P.SPECTATORS_PER_ADDRESS)]
        assert all(raw.hello("spectator")["type"] == "welcome" for raw in watching)
        refused = Raw(host.port, source="127.0.0.4").hello("spectator")
        assert refused["code"] == P.R_SPECTATORS
        english, japanese = _words(refused)
        assert english == "There is no room for another spectator from your address."
        assert japanese == "あなたのアドレスからはこれ以上観戦できません。"
    finally:
        host.stop()


def test_an_older_program_reads_that_it_needs_a_newer_one():
    host = start_host()
    try:
        old = Raw(host.port, plain=True)       # a Rail Party of protocol 5 waits for a hello
        refused = old.recv()
        assert refused["code"] == P.R_VERSION and "newer Rail Party" in refused["reason"]
        english, japanese = _words(refused)       # what such a program shows, by its code
        assert english == "This program's version does not match the host's."
        assert japanese != english
    finally:
        host.stop()


def test_the_phone_page_gets_the_reason_in_its_language():
    """The page words nothing itself: the host puts its sentence in `said`
    (net/host/page_said.py), which net/host/page/core/session.js shows."""
    refusal = P.reject(P.R_ADDRESS, "this address already plays 2 seats", 2)
    assert "2 seats the host allows" in page_message(refusal, "en", None, lambda seat: None)[
        "said"]
    assert "2 席" in page_message(refusal, "ja", None, lambda seat: None)["said"]
    watching = P.reject(P.R_SPECTATORS, "no room for another spectator")
    assert page_message(watching, "ja", None, lambda seat: None)["said"] == \
        "あなたのアドレスからはこれ以上観戦できません。"


@pytest.mark.parametrize("lang, words", [
    ("en", "Your address already plays the 1 seat the host allows for one address"),
    ("ja", "1 席で遊んでいます"),
])
def test_the_command_line_says_the_address_limit(lang, words):
    host = start_host(seats=4, seats_per_address=1)
    try:
        first = Raw(host.port)
        assert first.hello("player", name="One")["type"] == "welcome"
        join = Proc("join", "--address", f"{LOOPBACK}:{host.port}", "--headless",
                    "--name", "Two", "--bot", "greedy", "--lang", lang)
        code, _last = join.finish()
        assert code == 2
        assert any(words in line for line in join.err), join.err[-5:]
        assert not any("Traceback" in line for line in join.err)
    finally:
        host.stop()


@pytest.mark.parametrize("lang, words", [
    ("en", "Your address already plays the 1 seat the host allows for one address"),
    ("ja", "1 席で遊んでいます"),
])
def test_the_window_says_the_address_limit(lang, words):
    host = start_host(seats=4, seats_per_address=1)
    client = None
    try:
        first = Raw(host.port)
        assert first.hello("player", name="One")["type"] == "welcome"
        with speaking(lang):
            client = connect(host, "Two")
            session = RemoteSession(client)        # what the Join and lobby screens read
            wait_until(lambda: (session.pump(), session.status == "closed")[1], "the refusal")
            assert words in session.close_reason
            assert any(words in text for text, _kind in session.notices())
    finally:
        if client is not None:
            client.stop()
        host.stop()
