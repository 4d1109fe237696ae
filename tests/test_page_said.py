"""The phone page shows the host's refusals, notices and goodbyes, and the seats'
names, in the phone's language: the host words them for each page (`said`)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from netkit import LOOPBACK, isolate, start_host

from game.rules import IllegalAction
from game.words.i18n import N_
from net import protocol as P
from net.host.page_said import page_message
from net.page_seal import SealedSocket

WAIT = 20.0
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def _names(seat: int) -> str | None:
    return {0: "Ann", 1: "Normal bot 2"}.get(seat)


def test_a_turn_clock_and_a_stand_in_notice_read_japanese_for_a_japanese_phone():
    clock = {"type": "notice", "code": P.N_TURN_CLOCK, "reason": "Seat 3 has 10 s left",
             "seat": 2, "seconds": 10}
    assert page_message(clock, "ja", 0, _names)["said"] == "席3：残り時間 10秒"
    assert page_message(dict(clock, seat=0), "ja", 0, _names)["said"] == "残り時間 10秒"
    assert page_message(dict(clock, seconds=0), "ja", 0, _names)["said"] == ""
    assert page_message(clock, "en", 0, _names)["said"] == "Seat 3 has 10 seconds left to play"
    timeout = {"type": "notice", "code": P.N_TURN_TIMEOUT, "seat": 1,
               "reason": "Normal bot 2 took longer than 60 s: the stand-in played that turn"}
    said = page_message(timeout, "ja", 0, _names)["said"]
    assert said == ("ふつうボット 2 さんの持ち時間が切れたため、"
                    "代理がその手番をプレイしました。"), said


def test_an_illegal_move_reads_with_its_detail_and_bot_names_are_shown_words():
    exc = IllegalAction(N_("keep at least {low} of the {offered} tickets"), low=2, offered=3)
    error = dict(P.error(P.E_ILLEGAL, str(exc), 4), why=P.refusal_why(exc))
    assert page_message(error, "ja", 0, _names)["said"] == \
        "3枚のチケットのうち、少なくとも2枚を残してください"
    seats = {"type": "seats", "phase": "lobby", "free": 0,
             "seats": [{"name": "Ann"}, {"name": "Normal bot 2"}, {"name": None}]}
    shown = page_message(seats, "ja", None, _names)["seats"]
    assert [s["name"] for s in shown] == ["Ann", "ふつうボット 2", None]
    unknown = {"type": "reject", "code": "from_the_future", "reason": "words"}
    assert page_message(unknown, "ja", None, _names)["said"] == "words"


def test_a_japanese_page_gets_its_errors_and_seat_names_in_japanese():
    host = start_host(seats=2, web_port=0)
    ws = SealedSocket(f"ws://{LOOPBACK}:{host.web_port}/ws?lang=ja", host.page_secret,
                    additional_headers={"Origin": f"http://{LOOPBACK}:{host.web_port}"},
                    open_timeout=WAIT)
    try:
        def recv_until(kind: str) -> dict[str, Any]:
            while True:
                message = json.loads(ws.recv(timeout=WAIT))
                if message["type"] == kind:
                    return message
        recv_until("hello")
        ws.send(json.dumps({"type": "hello", "magic": P.MAGIC, "version": P.PROTOCOL_VERSION,
                            "role": "player", "name": "Ann", "client": "test"}))
        recv_until("welcome")
        host.start_game()
        sync = recv_until("sync")
        while sync["phase"] != "playing":
            sync = recv_until("sync")
        names = [s["name"] for s in sync["seats"]]
        assert "Ann" in names and not any(n and "bot" in n for n in names), names
        ws.send(json.dumps({"type": "action", "seat": 1 - sync["you"],
                            "version": sync["version"], "action": {"type": "draw_deck"}}))
        error = recv_until("error")
        assert error["code"] == P.E_NOT_YOUR_SEAT
        assert error["said"] == "それはあなたの席ではありません。"
        ws.send(json.dumps({"type": "action", "seat": sync["you"], "version": sync["version"],
                            "action": {"type": "keep_tickets", "keep": []}}))
        error = recv_until("error")
        assert error["said"].endswith("枚を残してください"), error
    finally:
        ws.close()
        host.stop()


def test_the_page_gets_place_names_by_name_and_by_track_slug():
    import urllib.request

    host = start_host(seats=2, web_port=0)
    try:
        url = f"http://{LOOPBACK}:{host.web_port}/info.json?lang=ja"
        info = json.loads(urllib.request.urlopen(url, timeout=WAIT).read())
        places = info["places"]
        assert places["Dallas"] == "ダラス" and places["new-york"] == "ニューヨーク"
        assert places["montreal"] == "モントリオール"          # Montréal's slug
        url = f"http://{LOOPBACK}:{host.web_port}/info.json?lang=en"
        assert json.loads(urllib.request.urlopen(url, timeout=WAIT).read())["places"] == {}
    finally:
        host.stop()
