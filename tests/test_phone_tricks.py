"""Railway Tricks on a phone, as a player holds it: whole games played through
the page's hooks only (a lit card tapped to play it; an end of a line, or a
line's head, tapped and confirmed for the choice a won trick brings), with 3
seats and with 4 in teams; every tap ends in one of the host's legal actions
and no list of moves is ever shown; the table view shows the lane, the lines
and the players' points as the host counts them; every control is a named
button of 44 px or more, every text 16 px or more, with no serious
accessibility violation (axe-core) on a turn, a choice and the results; and
a Japanese phone plays in Japanese. Real chromium on a host on loopback
(tests/browserkit.py)."""

from __future__ import annotations

import random

import pytest
from browserkit import BROWSER_HOST, human_seat, join, open_page, state, wait_turn
from netkit import isolate, start_host, wait_until
from phonekit import assert_readable
from phonekit_tricks import PLAYABLE, tricks_turn

GAME = "railway-tricks"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def _card_key(card: dict) -> str:
    return f"{card['company']}/{card['strength']}"


def _played_by(host, seat: int) -> list[dict]:
    return [a for s, a in host.match.state.history if s == seat]


def _take_checked_turn(page, host, seat: int, rng: random.Random, readable: set[str]) -> str:
    """One turn through the hooks, checking what the page offers against the
    host's legal actions and that the host applied the very action tapped."""
    page.wait_for_function("!window.railparty.inFlight")
    legal = page.evaluate("window.railparty.legal")
    assert legal == host.match.state.legal_actions(seat)
    assert page.locator("[data-testid=move]").count() == 0      # no fallback list
    view = page.evaluate("window.railparty.view")
    assert page.get_by_test_id("card").count() == len(view["private"]["hand"])
    before = len(_played_by(host, seat))
    kind = legal[0]["type"]
    if kind == "play":
        playable = page.locator(PLAYABLE)
        offered = sorted(playable.nth(i).get_attribute("data-card")
                         for i in range(playable.count()))
        assert offered == sorted(_card_key(a["card"]) for a in legal)
        if "play" not in readable:
            assert_readable(page)
            readable.add("play")
        pick = playable.nth(rng.randrange(playable.count()))
        tapped = pick.get_attribute("data-card")
        pick.click()
        page.wait_for_function("!window.railparty.inFlight")
        sent = page.evaluate("window.railparty.lastAction")
        assert _card_key(sent["card"]) == tapped
    else:
        options = page.get_by_test_id("option")
        assert options.count() == len(legal)               # each of the host's choices once
        confirm = page.get_by_test_id("confirm")
        assert not confirm.is_enabled()                    # nothing picked: nothing to send
        options.nth(rng.randrange(options.count())).click()
        assert page.locator("[data-testid=option][aria-pressed=true]").count() == 1
        assert confirm.is_enabled()
        if kind not in readable:
            assert_readable(page)
            readable.add(kind)
        confirm.click()
        page.wait_for_function("!window.railparty.inFlight")
        sent = page.evaluate("window.railparty.lastAction")
    assert sent in legal
    wait_until(lambda: len(_played_by(host, seat)) > before, "the host to apply the phone's move")
    assert _played_by(host, seat)[before] == sent
    return kind


def _check_table(page, host) -> None:
    """The table view: the trick, the lane, each company's line card by card and
    every player with the points the host counts."""
    page.get_by_test_id("table-view").click()
    table = page.get_by_test_id("table")
    table.wait_for()
    view = host.match.state.view(None)
    assert table.locator(".line-row").count() == len(view["companies"])
    for company, line in view["lines"].items():
        row = table.locator(f".line-row[data-company=\"{company}\"]")
        assert row.locator(".items .tc").count() == len(line)
    assert table.locator(".lane > li").count() == len(view["lane"])
    text = table.inner_text()
    assert all(s.name in text for s in host.slots)
    cells = table.locator(".tricks-players tbody td:last-child").all_inner_texts()
    points = [int(x) for x in cells]
    assert points == host.match.state.result()["scores"]
    assert_readable(page)
    page.get_by_test_id("table-view").click()
    page.get_by_test_id("hand").wait_for()


def _play_to_the_end(page, host, seat: int, rng: random.Random) -> tuple[set[str], set[str]]:
    kinds: set[str] = set()
    readable: set[str] = set()
    for turn in range(200):
        if wait_turn(page) == "over":
            break
        kinds.add(_take_checked_turn(page, host, seat, rng, readable))
        if turn == 6:
            wait_turn(page)
            _check_table(page, host)
    assert state(page) == "over"
    return kinds, readable


def test_three_players_play_a_whole_game_by_tapping_cards_and_line_ends(browser):
    host = start_host(seats=3, game=GAME, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        seat = human_seat(host)
        host.start_game()
        kinds, readable = _play_to_the_end(page, host, seat, random.Random(4))
        assert {"play", "lay"} <= kinds and {"play", "lay"} <= readable
        assert host.status()["phase"] == "over"
        page.locator("#result").wait_for()
        assert_readable(page)                              # the results
        _check_table(page, host)
    finally:
        page.context.close()
        host.stop()


def test_four_players_in_teams_see_their_team_and_its_points(browser):
    host = start_host(seats=4, game=GAME, options={"teams": True}, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        seat = human_seat(host)
        host.start_game()
        wait_turn(page)
        partner = host.slots[(seat + 2) % 4].name
        assert partner in page.locator("#tricks-shares .points").inner_text()
        page.get_by_test_id("table-view").click()
        assert "Team 1" in page.get_by_test_id("table").inner_text()
        page.get_by_test_id("table-view").click()
        kinds, _ = _play_to_the_end(page, host, seat, random.Random(8))
        assert "play" in kinds
        scores = host.match.state.result()["scores"]
        assert scores[seat] == scores[(seat + 2) % 4]       # partners share their points
        _check_table(page, host)
    finally:
        page.context.close()
        host.stop()


def test_a_japanese_phone_plays_railway_tricks_in_japanese(browser):
    host = start_host(seats=3, game=GAME, **BROWSER_HOST)
    page = open_page(browser, host, locale="ja-JP")
    try:
        join(page, "花子")
        host.start_game()
        rng = random.Random(2)
        wait_turn(page)
        shown = page.locator("#game").inner_text()
        assert "あなたの手札" in shown and "トリック" in shown and "あなたの株" in shown
        assert "を出す" in page.locator(PLAYABLE).first.get_attribute("aria-label")
        assert_readable(page)
        for _ in range(30):                              # until a choice is made in Japanese
            if wait_turn(page) == "over":
                break
            if page.get_by_test_id("option").count():
                assert "置" in page.locator(".choice").inner_text()
                page.get_by_test_id("option").first.click()
                assert "置く" in page.locator("#confirm-what").inner_text()
                assert_readable(page)
                page.get_by_test_id("confirm").click()
                break
            tricks_turn(page, rng)
            page.wait_for_function("!window.railparty.inFlight")
        page.get_by_test_id("table-view").click()
        assert "トリックレーン" in page.get_by_test_id("table").inner_text()
        assert_readable(page)
    finally:
        page.context.close()
        host.stop()
