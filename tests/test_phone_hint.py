"""The phone page's Hint button: on the seat's turn it asks the host, which
thinks Hard's move for that seat alone (net/host/hints.py) and answers with
its words; the page shows them, lights a route on the map, and its action
bar's button plays the hinted move; the hint counts for the seat. A host
with hints off shows no button and refuses a hint asked all the same. Real
chromium on a host on loopback (tests/browserkit.py)."""

from __future__ import annotations

import pytest
from browserkit import BROWSER_HOST, human_seat, join, open_page, wait_turn
from netkit import isolate, start_host, wait_until

HINT_DEADLINE_MS = 30_000


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def _main_turn(page, host, seat: int) -> None:
    """Past the opening ticket choice, at this seat's turn in the main play."""
    wait_turn(page)
    if host.match.state.view(seat)["private"].get("pending"):
        options, confirm = page.get_by_test_id("option"), page.get_by_test_id("confirm")
        ticked = 0
        while not confirm.is_enabled():
            options.nth(ticked).click()
            ticked += 1
        confirm.click()
        page.wait_for_function("!window.railparty.inFlight")
    wait_until(lambda: seat in host.match.state.to_act and host.match.state.phase == "play",
               "the seat's turn in the main play", 60)
    page.wait_for_function("document.body.dataset.state === 'your-turn' && "
                           "!window.railparty.inFlight")


def test_the_hint_button_shows_and_plays_hards_move(browser):
    host = start_host(seats=2, game="routes-usa", **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        seat = human_seat(host)
        host.start_game()
        _main_turn(page, host, seat)
        button = page.get_by_test_id("hint")
        assert button.is_visible()
        button.click()
        page.get_by_test_id("hint-box").wait_for(timeout=HINT_DEADLINE_MS)
        hint = page.evaluate("window.railparty.hint")
        legal = host.match.state.legal_actions(seat)
        assert hint["action"] in legal and hint["words"] and hint["lines"]
        assert hint["words"] in page.get_by_test_id("hint-box").inner_text()
        if hint["action"]["type"] == "claim":
            assert page.locator(f"[data-route='{hint['action']['track']}'].hinted").count() == 1
        assert host.match.hints_used[seat] == 1
        before = len(host.match.state.history)
        page.get_by_test_id("confirm").click()
        wait_until(lambda: len(host.match.state.history) > before, "the hinted move", 30)
        assert host.match.state.history[before] == (seat, hint["action"])
        page.wait_for_function("!document.querySelector('[data-testid=hint-box]')")
    finally:
        page.context.close()
        host.stop()


def test_a_table_with_hints_off_shows_no_button_and_refuses(browser):
    host = start_host(seats=2, game="routes-usa",
                      hints=False, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        seat = human_seat(host)
        host.start_game()
        _main_turn(page, host, seat)
        assert not page.get_by_test_id("hint").is_visible()
        # a page that asks anyway (its button hidden), through its own sealed channel
        page.evaluate("import('/core/session.js').then((m) => m.askHint())")
        page.wait_for_function("window.railpartyReceived.some((m) => m.type === 'error' "
                               "&& m.code === 'hints_off')")
        said = page.evaluate("window.railpartyReceived.find((m) => m.code === 'hints_off').said")
        assert said == "Hints are off at this table"
        assert host.match.hints_used == [0, 0]
    finally:
        page.context.close()
        host.stop()
