"""The phone page words each move, choice and count so a player understands it
(net/host/page/core/words.js), in the phone's language: a claim is the route
game's word, a race card taken is named by the card and its action (not a
slot number), a bonus chip's choice is a sentence, and a seat's counts carry
their counters. The module runs in a real browser (Debian's chromium, driven
by Playwright), fed the words and places the host sends in /info.json."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from net.host.page_words import page_places, page_words

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package drives "
                               "the browser")

PAGE = Path(__file__).resolve().parent.parent / "net" / "host" / "page"
ORIGIN = "http://phone.test"
RACE_VIEW = {
    "route": ["London", "Paris", "Suez", "London"],
    "track": [{"action": "coin", "card": ["train", 4], "laid": True},
              {"action": "balloon", "card": ["ship", 7], "laid": True},
              {"action": "exchange", "card": None, "laid": False}],
    "private": {"pending": {"kind": "bonus", "color": "red", "chip": "coin", "city": "Paris",
                            "options": ["take", "skip"], "min": 1, "max": 1}},
}
ROUTES_VIEW = {"face_up": ["locomotive", "blue", "green", "green", "blue"], "private": {}}


@pytest.fixture(scope="module")
def words_page():
    """A page holding the words module, asked in: evaluate(lang, js)."""
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.route(f"{ORIGIN}/**", lambda route: route.fulfill(
            status=200, content_type="text/javascript" if route.request.url.endswith(".js")
            else "text/html", body=(PAGE / "core" / "words.js").read_text("utf-8")
            if route.request.url.endswith("/words.js") else "<!doctype html><title>t</title>"))
        page.goto(f"{ORIGIN}/")

        def ask(lang: str, script: str):
            info = {"words": page_words(lang), "places": page_places(lang)}
            return page.evaluate(
                "async ([lang, info, script, race, routes]) => {"
                " document.documentElement.lang = lang;"
                " const w = await import('./words.js'); w.useWords(info);"
                " return new Function('w', 'race', 'routes', script)(w, race, routes); }",
                [lang, info, script, RACE_VIEW, ROUTES_VIEW])

        yield ask
        browser.close()


def test_a_race_card_taken_is_named_by_the_card_and_its_action(words_page):
    assert words_page("en", "return w.actionLabel({type: 'take', slot: 1}, race)") == \
        "Take ship 7 (Balloon)"
    said = words_page("ja", "return w.actionLabel({type: 'take', slot: 0}, race)")
    assert said == "列車4日（金貨）を取る", said
    swap = words_page("ja", "return w.actionLabel({type: 'play_event', event: 'Swap', "
                            "slots: [0, 2]}, race)")
    assert not re.search(r"(場所|枠) ?\d", swap) and "交換" in swap and "列車4日" in swap, swap


def test_a_bonus_chip_choice_is_a_sentence(words_page):
    take = words_page("ja", "return w.actionLabel({type: 'bonus', take: true}, race)")
    leave = words_page("ja", "return w.actionLabel({type: 'bonus', take: false}, race)")
    assert take == "赤のチップを受け取る：金貨1枚", take
    assert leave == "赤のチップを受け取らない", leave
    assert words_page("ja", "return w.choiceTitle(race.private.pending)") == \
        "パリの赤のボーナスチップ"
    assert words_page("en", "return w.actionLabel({type: 'bonus', take: true}, race)") == \
        "Take the red chip: a coin"


def test_the_route_games_moves_use_their_terms(words_page):
    claim = words_page("ja", "return w.actionLabel({type: 'claim', track: 'atlanta--nashville',"
                             " cards: {white: 2}}, routes)")
    assert claim == "ルートをつなぐ：アトランタ–ナッシュビル · 白2枚", claim
    face_up = words_page("ja", "return w.actionLabel({type: 'draw_face_up', slot: 1}, routes)")
    assert face_up == "表向きのカードを取る：青", face_up
    ticket = words_page("ja", "return w.thing({a: 'Boston', b: 'Miami', points: 12})")
    assert ticket == "ボストン–マイアミ（12）", ticket


def test_a_seats_counts_carry_their_counters(words_page):
    routes = words_page("ja", "return w.factsLine({seat: 0, cards: 2, tickets: 3, trains: 43,"
                              " score: 2, offered: 0}, routes)")
    assert routes == "カード2枚 · チケット3枚 · 列車コマ残り43個 · 得点2点", routes
    offered = words_page("ja", "return w.factsLine({offered: 3}, routes)")
    assert offered == "選ぶチケット3枚", offered
    race = words_page("ja", "return w.factsLine({seat: 0, city: 'Paris', at: 1, days: 9,"
                            " coins: 1, cards: 4, events: 0, arrived: null}, race)")
    assert race == "パリに滞在 · 3区間中1区間を移動 · 9日経過 · 金貨1枚 · カード4枚 · " \
                   "イベントカード0枚", race
    assert words_page("en", "return w.factsLine({city: 'Paris', at: 1}, race)") == \
        "In Paris · Legs travelled: 1 of 3"
    assert words_page("ja", "return w.cardCount(['train', 6])") == "6日"
    assert words_page("ja", "return w.cardCount(3)") == "3枚"
