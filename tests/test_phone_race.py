"""The race round the world on a phone, as a player holds it: a whole game
played through the race's own controls (the track's cards, the card's
action, travelling on by a way to pay picked in a sheet, the hand's cards,
the die and the bonus chips answered by an option and confirm, the bar's
End turn), never a list of moves; the days a way to pay shows are the days
the host counts; the table view with the world map, the route and every
traveller; a page every control of which is a named button of 44 px or
more, with text of 16 px or more and no serious accessibility violation
(axe-core); a Japanese phone. Real chromium on a host on loopback
(tests/browserkit.py)."""

from __future__ import annotations

import random

import pytest
from browserkit import BROWSER_HOST, human_seat, join, open_page, state, wait_turn
from netkit import isolate, start_host, wait_until
from phonekit import assert_readable
from phonekit_race import race_turn

GAME = "eighty-days"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def _step(page, rng) -> None:
    race_turn(page, rng)
    page.wait_for_function("!window.railparty.inFlight")


def _no_move_list(page) -> None:
    """The race draws every move of its own: the fallback list stays empty."""
    assert page.locator("[data-testid=move]").count() == 0
    assert page.locator("#moves-box").is_hidden()


def test_a_phone_plays_the_race_to_the_end_through_its_own_controls(browser):
    host = start_host(seats=3, game=GAME, **BROWSER_HOST)
    page = open_page(browser, host, viewport={"width": 390, "height": 844})
    try:
        join(page)
        seat = human_seat(host)
        host.start_game()
        assert wait_turn(page) == "your-turn"
        # the track's cards to take are the host's takes, each once
        takes = [a for a in page.evaluate("window.railparty.legal") if a["type"] == "take"]
        assert page.get_by_test_id("slot").count() == len(takes)
        assert page.get_by_test_id("card").count() == len(
            host.match.state.view(seat)["private"]["hand"])
        _no_move_list(page)
        assert_readable(page)                              # a turn
        rng = random.Random(8)
        travelled = asked = 0
        for _ in range(1500):
            if wait_turn(page) == "over":
                break
            _no_move_list(page)
            if not travelled and page.get_by_test_id("travel").count():
                travelled = _travel_and_count_days(page, host, seat)
                continue
            if not asked and page.locator(".ask [data-testid=option]").count():
                assert_readable(page)                      # a choice: the die or a chip
                asked = 1
            _step(page, rng)
        assert state(page) == "over" and host.status()["phase"] == "over"
        assert travelled, "the phone never travelled"
        page.locator("#result").wait_for()
        assert_readable(page)                              # the results
    finally:
        page.context.close()
        host.stop()


def _travel_and_count_days(page, host, seat) -> int:
    """Open the way to pay for the next leg, check its options are the host's
    moves, pick one with no die and confirm: the host counts the days it showed."""
    legal = [a for a in page.evaluate("window.railparty.legal") if a["type"] == "move"]
    options = page.locator("#sheet [data-testid=option]")
    # a travel card of the hand that pays the leg opens the ways to pay with it
    card = page.locator("[data-testid=card].travel[data-playable=true]").first
    word = card.get_attribute("aria-label")
    kind, value = word.split()
    card.click()
    options.first.wait_for()
    assert options.count() == sum(1 for a in legal if [kind, int(value)] in a["cards"])
    assert all(word in options.nth(i).get_attribute("aria-label") for i in range(options.count()))
    page.locator("#sheet button.close").click()
    page.get_by_test_id("travel").click()
    options.first.wait_for()
    assert options.count() == len(legal)
    assert_readable(page)                                  # a choice in a sheet
    shown = [options.nth(i).locator(".pay-days").inner_text() for i in range(options.count())]
    plain = [i for i, words in enumerate(shown) if "die" not in words]
    if not plain:
        page.locator("#sheet button.close").click()
        return 0
    before = host.match.state.days[seat]
    options.nth(plain[0]).click()
    page.get_by_test_id("confirm").click()
    page.wait_for_function("!window.railparty.inFlight")
    days = int(shown[plain[0]].split()[0])
    wait_until(lambda: host.match.state.days[seat] != before, "the host to move the phone's seat")
    assert host.match.state.days[seat] - before == days
    return 1


def test_the_table_view_shows_the_route_and_every_traveller(browser):
    host = start_host(seats=3, game=GAME, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        host.start_game()
        wait_turn(page)
        page.get_by_test_id("table-view").click()
        table = page.get_by_test_id("table")
        table.wait_for()
        view = host.match.state.view(None)
        assert table.locator("svg.world .city").count() == len(set(view["route"]))
        assert table.locator("svg.world .pawn-mark").count() == len(view["players"])
        assert table.locator(".route-list .stop-row").count() == len(view["route"])
        text = table.inner_text()
        assert all(s.name in text for s in host.slots)
        assert "Action track" in text and "Start player" in text
        assert table.locator(".route-list svg.detective").count() == 1
        assert_readable(page)
        page.get_by_test_id("table-view").click()            # back to the seat's own view
        page.get_by_test_id("hand").wait_for()
    finally:
        page.context.close()
        host.stop()


def test_a_japanese_phone_plays_the_race_in_japanese(browser):
    host = start_host(seats=2, game=GAME, **BROWSER_HOST)
    page = open_page(browser, host, locale="ja-JP")
    try:
        join(page, "花子")
        host.start_game()
        wait_turn(page)
        shown = page.locator("#game").inner_text()
        assert "アクショントラック" in shown and "ロンドン" in shown and "日数" in shown
        assert "取ってください" in shown
        page.get_by_test_id("slot").first.click()
        page.wait_for_function("!window.railparty.inFlight")
        # a card taken: the bar ends the turn, in Japanese
        assert page.locator("#confirm-what").inner_text() == "手番を終える"
        assert "移動" in page.get_by_test_id("travel").inner_text() or \
            page.get_by_test_id("travel").count() == 0
        assert_readable(page)
    finally:
        page.context.close()
        host.stop()


def test_the_tables_colour_blind_aid_marks_the_bonus_chips(browser):
    host = start_host(seats=2, game=GAME, colour_aid=True, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        host.start_game()
        wait_turn(page)
        page.get_by_test_id("table-view").click()
        letters = page.locator(".route-list .bonus .letter")
        assert letters.first.is_visible()
        assert set(letters.all_inner_texts()) == {"R", "B"}
    finally:
        page.context.close()
        host.stop()


def _deal_events(host, seat: int, names: list[str]) -> None:
    """Put event cards in the seat's hand while the table waits for it (the
    host's state and its per-version cache are poked: a test's shortcut to a
    hand a game may take long to deal)."""
    state = host.match.state
    state.held[seat] = list(names)
    state._legal_cache = {}
    host._seat_cache = {}


def _pick_card(page, name: str):
    card = page.locator("[data-testid=card][data-playable=true]", has_text=name)
    card.first.click()


def test_event_cards_are_played_by_tapping_them(browser):
    """Swap opens the pairs of track cards, Detective the cities; Distraction
    and the Elephant's coin are a tap and confirm. Each ends in the host's
    own legal action and its effect."""
    host = start_host(seats=3, game=GAME, **BROWSER_HOST)
    page = open_page(browser, host, viewport={"width": 390, "height": 844})
    try:
        join(page)
        seat = human_seat(host)
        host.start_game()
        assert wait_turn(page) == "your-turn"
        _deal_events(host, seat, ["Detective", "Distraction", "Elephant", "Swap"])
        page.reload()
        page.wait_for_function("document.body.dataset.state === 'your-turn'")
        state = host.match.state
        legal = state.legal_actions(seat)
        assert page.locator("[data-testid=card][data-playable=true]").count() == 4
        swaps = [a for a in legal if a["type"] == "play_event" and a["event"] == "Swap"]
        _pick_card(page, "Swap")
        options = page.locator("#sheet [data-testid=option]")
        options.first.wait_for()
        assert options.count() == len(swaps)
        assert_readable(page)
        track = list(state.track)
        options.first.click()
        page.get_by_test_id("confirm").click()
        a, b = swaps[0]["slots"]
        wait_until(lambda: "Swap" not in state.held[seat], "the host to play the Swap")
        assert state.track[a] == track[b] and state.track[b] == track[a]
        page.wait_for_function("!window.railparty.inFlight")
        cities = [a["city"] for a in state.legal_actions(seat)
                  if a["type"] == "play_event" and a["event"] == "Detective"]
        _pick_card(page, "Detective")
        options.first.wait_for()
        assert options.count() == len(cities)
        options.last.click()
        page.get_by_test_id("confirm").click()
        wait_until(lambda: state.data.route[state.detective] == cities[-1],
                   "the host to send the detective")
        page.wait_for_function("!window.railparty.inFlight")
        _pick_card(page, "Distraction")
        assert "Distraction" in page.locator("#confirm-what").inner_text()
        page.get_by_test_id("confirm").click()
        wait_until(lambda: state.distraction, "the host to play the Distraction")
        page.wait_for_function("!window.railparty.inFlight")
        coins = state.coins[seat]
        _pick_card(page, "Elephant")
        assert page.locator("#confirm-what").inner_text() == "Cash Elephant for a coin"
        page.get_by_test_id("confirm").click()
        wait_until(lambda: state.coins[seat] == coins + 1, "the host to cash the Elephant")
        page.wait_for_function("!window.railparty.inFlight")
        assert page.locator("[data-testid=card][data-playable=true]").count() == 0
        _no_move_list(page)
    finally:
        page.context.close()
        host.stop()
