"""A refused move is explained with the same detail in every language: the rules
raise a catalog sentence (marked `N_`) and its data; the screen words both.
Over the LAN the host sends the sentence's id and data, never the words."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.rules import IllegalAction, create  # noqa: E402
from game.tables.remote_session import RemoteSession  # noqa: E402
from game.words import i18n  # noqa: E402
from game.words.host_words import host_said, illegal_said  # noqa: E402
from net import protocol as P  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def _latin_words(text: str) -> list[str]:
    """Runs of two or more ASCII letters: English left in a Japanese sentence
    ("SL", the Japanese rulebook's word for a locomotive card, is Japanese)."""
    import re
    return [word for word in re.findall(r"[A-Za-z]{2,}", text) if word != "SL"]


def _refusal(state, seat, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    return caught.value


def test_every_refusal_in_the_code_is_a_catalog_sentence_with_data():
    """No IllegalAction is built from an f-string or pasted words: its first
    argument is an `N_("...")` sentence or an `Nn_("...", "...")` counted one."""
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "net").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                first = node.args[0] if node.args else None
                marked = (isinstance(first, ast.Call)
                          and getattr(first.func, "id", "") in ("N_", "Nn_")
                          and all(isinstance(a, ast.Constant) for a in first.args))
                if not marked:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, bad


def test_a_routes_refusal_reads_japanese_with_its_detail(japanese):
    state = create("routes-usa", 2, seed=4)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    track = state.board.track_by_id["montreal--new-york"]
    state.hands[seat] = {"red": track.length}
    exc = _refusal(state, seat, {"type": "claim", "track": track.id,
                                 "cards": {"red": track.length}})
    english = str(exc)
    assert "blue" in english                                  # the rules' English detail
    said = illegal_said(exc)
    assert "青" in said and not _latin_words(said), said
    i18n.set_language("en")
    assert illegal_said(exc) == english
    i18n.set_language("ja")
    state.claimed[track.index] = 1 - seat
    said = illegal_said(_refusal(state, seat, {"type": "claim", "track": track.id,
                                               "cards": {"blue": track.length}}))
    assert "モントリオール" in said and "ニューヨーク" in said, said
    assert not _latin_words(said), said


def test_a_trains_count_refusal_keeps_its_numbers_in_japanese(japanese):
    state = create("routes-usa", 2, seed=4)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    track = next(t for t in state.board.tracks if t.length == 6)
    state.trains[seat] = 2
    exc = _refusal(state, seat, {"type": "claim", "track": track.id, "cards": {"red": 6}})
    said = illegal_said(exc)
    assert "6" in said and "2" in said and not _latin_words(said), said


def test_race_and_tricks_refusals_read_japanese(japanese):
    race = create("eighty-days", 2, seed=3)
    seat = race.to_act[0]
    exc = _refusal(race, seat, {"type": "end_turn"})
    assert exc.code == "illegal" and str(exc) != illegal_said(exc)
    assert not _latin_words(illegal_said(exc)), illegal_said(exc)

    tricks = create("railway-tricks", 3, seed=5)
    seat = tricks.to_act[0]
    exc = _refusal(tricks, seat, {"type": "lay", "end": "left"})
    said = illegal_said(exc)
    assert said != i18n._("That move is not allowed now."), said
    assert not _latin_words(said), said


def test_a_hot_seat_explanation_is_in_the_players_language(japanese):
    from game.tables.match import Match, Seat
    from game.tables.session import LocalSession

    match = Match("routes-usa", [Seat("A", "red"), Seat("B", "blue")], 4)
    session = LocalSession(match)
    state = match.state
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    state.hands[seat] = {"red": 3}
    state._legal_cache = {}
    said = session.explain(seat, {"type": "claim", "track": "montreal--new-york",
                                  "cards": {"red": 3}})
    assert said and "青" in said and not _latin_words(said), said


class _Quiet:
    def __init__(self, messages):
        self.messages = list(messages)

    def poll(self):
        out, self.messages = self.messages, []
        return out

    def snapshot(self):
        return {"status": "connected", "cause": None, "seat": 0, "seats": [],
                "said": None, "reason": None}


def _notices(messages):
    session = RemoteSession(_Quiet(messages))
    session.pump()
    return [text for text, _kind in session.notices()]


def test_a_hosts_illegal_answer_is_worded_from_its_sentence_and_data(japanese):
    exc = IllegalAction(i18n.N_("this route is {color}: pay with {color} cards or locomotives"),
                        color="blue")
    message = P.error(P.E_ILLEGAL, str(exc), 3)
    message["why"] = P.refusal_why(exc)
    assert message["why"] == {"text": exc.template, "data": {"color": "blue"}}
    said = host_said(message)
    assert "青" in said and not _latin_words(said), said
    assert _notices([message]) == [said]
    i18n.set_language("en")
    assert host_said(message) == str(exc)


@pytest.mark.parametrize("why", [
    "words", {"text": 5}, {"text": "unknown {x}", "data": {}},
    {"text": "{a.__class__}", "data": {"a": 1}}, {"text": "ok {n}", "data": {"n": [1, {}]}},
    {"text": "this route is {color}: pay with {color} cards or locomotives", "data": "x"},
    {"text": "{0}", "data": {}}, {"text": "{n:>99999999}", "data": {"n": 1}}])
def test_a_broken_why_from_a_host_falls_back_to_the_plain_sentence(japanese, why):
    message = {"type": "error", "code": P.E_ILLEGAL, "reason": "r", "why": why}
    assert host_said(message) == "今その手は指せません。"


def test_the_host_sends_the_refusals_sentence_and_data(monkeypatch, tmp_path):
    from netkit import Raw, isolate, start_host

    isolate(monkeypatch, tmp_path)
    host = start_host(seats=2, auto_start=True)
    try:
        a, b = Raw(host.port), Raw(host.port)
        assert a.hello("player", name="A")["seat"] == 0
        assert b.hello("player", name="B")["seat"] == 1
        a.recv_until(lambda m: m["type"] == "sync" and m["phase"] == "playing")
        a.send(P.action(0, 0, {"type": "keep_tickets", "keep": []}))
        illegal = a.recv_until(lambda m: m["type"] in ("error", "update"))
        assert illegal["code"] == P.E_ILLEGAL
        why = illegal["why"]
        assert why["text"] == "keep at least {low} of the {offered} tickets"
        assert why["data"] == {"low": 2, "offered": 3}
        a.close()
        b.close()
    finally:
        host.stop()


# --- messages about files, addresses and ports (WordedErrors) ---------------------------

@pytest.fixture
def window(tmp_path, monkeypatch):
    from game.app import App
    from game.system.settings import Settings

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=0.0, bot_pace=0.0, language="ja"), headless=True)
    i18n.set_language("ja")
    yield app
    app.close()
    i18n.set_language("en")


def test_a_mistyped_address_on_the_join_screen_reads_japanese(window):
    from game.scenes.lan_join import JoinScene

    scene = JoinScene(window)
    window.push(scene)
    try:
        scene.connect("10.0.0.9:port")
        said = window.toasts[-1][0]
        assert said == "'port' はポート番号ではありません", said
        scene.connect("10.0.0.9:99999")
        assert window.toasts[-1][0] == "ポート 99999 は範囲外です（1〜65535）"
    finally:
        scene.exit()


def test_a_damaged_save_on_continue_reads_japanese(window, tmp_path):
    from game.scenes.flow import continue_game

    save = tmp_path / "broken.json"
    save.write_text('{"magic": "railparty-save", "format": 1, "game": "nope"}')
    assert not continue_game(window, save)
    said = window.toasts[-1][0]
    assert _latin_words(said) == [] or set(_latin_words(said)) <= {"nope"}, said
    assert not continue_game(window, tmp_path / "missing.json")
    said = window.toasts[-1][0]
    assert said.endswith("にセーブがありません"), said
    save.write_text("{not json")
    assert not continue_game(window, save)
    assert "正しい JSON ではありません" in window.toasts[-1][0]


def test_a_port_in_use_and_a_refused_option_read_japanese(japanese):
    import errno

    from game.rules import GAMES
    from game.words.host_words import said, words_of
    from game.words.os_words import os_reason

    busy = OSError(errno.EADDRINUSE, "Address already in use")
    assert words_of(os_reason(busy)) == "そのポートはほかのプログラムが使っています"
    info = next(i for i in GAMES.values()
                if any(not i.option_allowed(n, i.min_players) for n in i.option_info))
    name = next(n for n in info.option_info if not info.option_allowed(n, info.min_players))
    problem = info.option_problem(info.min_players, {name: True})
    assert problem is not None
    text = said(problem)
    assert "人用で" in text and not _latin_words(text), text


def test_a_counted_refusal_takes_its_form_in_each_language():
    state = create("routes-usa", 2, seed=4)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    state.hands[seat] = {"red": 1}
    exc = _refusal(state, seat, {"type": "claim", "track": "montreal--new-york",
                                 "cards": {"red": 3}})
    assert str(exc) == "you hold 1 red card, not 3"
    state.hands[seat] = {"red": 2}
    exc = _refusal(state, seat, {"type": "claim", "track": "montreal--new-york",
                                 "cards": {"red": 3}})
    assert str(exc) == "you hold 2 red cards, not 3"
    why = P.refusal_why(exc)
    assert why["text"] == ["you hold {count} {card} card, not {asked}",
                           "you hold {count} {card} cards, not {asked}"]
    i18n.set_language("ja")
    try:
        assert illegal_said(exc) == "赤のカードは3枚ではなく2枚しか持っていません"
        assert host_said({"type": "error", "code": P.E_ILLEGAL, "reason": "r", "why": why}) \
            == "赤のカードは3枚ではなく2枚しか持っていません"
        broken = dict(why, data={"count": "2", "card": "red", "asked": 3})
        assert host_said({"type": "error", "code": P.E_ILLEGAL, "reason": "r",
                          "why": broken}) == "今その手は指せません。"
    finally:
        i18n.set_language("en")


def test_a_lost_host_says_why_in_japanese_with_its_detail(japanese):
    """A client that cannot reach its host keeps why as words (the address and the
    cause): a Japanese window shows the same detail as an English one."""
    import socket

    from game.words.host_words import closed_words
    from net.client import Client

    spare = socket.socket()
    spare.bind(("127.0.0.1", 0))
    port = spare.getsockname()[1]
    spare.close()                             # nothing listens there now
    client = Client(("127.0.0.1", port), name="Ann", retry_for=0.0,
                    token_store=False).start()
    try:
        import time
        deadline = time.monotonic() + 20
        while client.snapshot()["status"] != "closed" and time.monotonic() < deadline:
            time.sleep(0.01)
        snap = client.snapshot()
        assert snap["status"] == "closed" and snap["cause"] == "host_gone", snap
        said = closed_words(snap)
        assert f"127.0.0.1:{port}" in said, said
        assert "に接続できません" in said and not _latin_words(said), said
        i18n.set_language("en")
        assert closed_words(snap) == snap["reason"]
        assert f"cannot reach 127.0.0.1:{port}" in snap["reason"]
    finally:
        client.stop()
