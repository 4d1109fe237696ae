"""The phone page's Hint button: on the seat's turn it asks the host, which
thinks Hard's move for that seat alone (net/host/hints.py) and answers with
its words; the page shows them, lights the control that plays the move (a
route on the map; the race's slot, card, pile, button or answer; the trick
game's card, line end or line head: one control, with a dashed ring and a
star), and its action bar's button plays the hinted move; the hint counts for
the seat. A host with hints off shows no button and refuses a hint asked all
the same. Real chromium on a host on loopback (tests/browserkit.py)."""

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


# what the page's one lit control is (core/hintring.js marks it `hint-lit`)
LIT_CONTROLS = """() => [...document.querySelectorAll('.hint-lit')].map((n) => ({
  id: n.id, testid: n.dataset.testid || null, act: n.dataset.act || null,
  slot: n.closest('.slot') ? Number(n.closest('.slot').dataset.slot) : null,
  card: n.dataset.card || null, event: n.dataset.event || null,
  pile: n.classList.contains('pileback')
    ? (n.classList.contains('event') ? 'event' : 'travel') : null,
  end: n.classList.contains('end') ? (n.classList.contains('left') ? 'left' : 'right') : null,
  head: n.classList.contains('head'), in_hand: !!n.closest('[data-testid=hand]'),
  company: n.closest('.line-row') ? n.closest('.line-row').dataset.company : null,
  ring: getComputedStyle(n).outlineStyle, star: getComputedStyle(n, '::after').content,
  described: n.getAttribute('aria-describedby')}))"""


def _lit_for(action: dict, lit: dict) -> bool:
    """Whether the lit control is the one that plays (or opens the ways to play) `action`."""
    kind = action["type"]
    if kind == "take":
        return lit["testid"] == "slot" and lit["slot"] == action["slot"]
    if kind == "play":
        card = action["card"]
        return lit["in_hand"] and lit["card"] == f"{card['company']}/{card['strength']}"
    if kind in ("lay", "city"):
        return lit["end"] == action["end"] and lit["company"] == action.get("company",
                                                                             lit["company"])
    if kind == "locomotive":
        return lit["head"] and lit["company"] == action["company"]
    if kind == "discard":
        return lit["in_hand"] and lit["card"] == "/".join(map(str, action["card"]))
    if kind in ("play_event", "discard_event"):
        return lit["in_hand"] and lit["event"] == action["event"]
    if kind == "buy":
        return lit["pile"] == action["pile"]
    if kind == "take_deck":
        return lit["testid"] == "take-deck"
    if kind == "move":
        return lit["testid"] == "travel"
    if kind == "end_turn":
        return lit["id"] == "confirm"
    if kind == "bonus":
        return lit["act"] == f"bonus-{'take' if action['take'] else 'leave'}"
    return lit["act"] == kind       # the track's actions, the die's answers


def _hinted_turns(page, host, seat: int, hints: int) -> list[dict]:
    """Ask `hints` hints on the seat's turns, playing each; each lights one
    control, the hinted action's, and playing it puts the light out. The hints
    asked (with the host's seed 7: the race's take, travel, die, chip and end
    of turn; the trick game's cards, city and lay choices)."""
    asked = []
    while len(asked) < hints:
        if wait_turn(page) == "over":
            break
        wait_until(lambda: seat in host.match.state.to_act, "the seat's turn at the host", 60)
        page.wait_for_function("document.body.dataset.state === 'your-turn' && "
                               "!window.railparty.inFlight && !window.railparty.hintAsked")
        page.get_by_test_id("hint").click()
        page.get_by_test_id("hint-box").wait_for(timeout=HINT_DEADLINE_MS)
        hint = page.evaluate("window.railparty.hint")
        assert hint["action"] in host.match.state.legal_actions(seat)
        lit = page.evaluate(LIT_CONTROLS)
        assert len(lit) == 1, (hint["action"], lit)
        assert _lit_for(hint["action"], lit[0]), (hint["action"], lit[0])
        # a ring that is no colour alone: a dashed outline and a star on the control
        assert lit[0]["ring"] == "dashed" and "★" in lit[0]["star"], lit[0]
        assert lit[0]["described"] == "hint-box"
        asked.append(hint["action"])
        before = len(host.match.state.history)
        page.get_by_test_id("confirm").click()
        wait_until(lambda b=before: len(host.match.state.history) > b, "the hinted move", 30)
        assert host.match.state.history[before] == (seat, hint["action"])
        page.wait_for_function("!document.querySelector('[data-testid=hint-box]') && "
                               "!document.querySelector('.hint-lit')")
    return asked


@pytest.mark.parametrize(("game", "seats", "hints"), [("eighty-days", 2, 10),
                                                      ("railway-tricks", 3, 10)])
def test_the_race_and_the_trick_game_light_the_hinted_control(browser, game, seats, hints):
    host = start_host(seats=seats, game=game, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        seat = human_seat(host)
        host.start_game()
        asked = _hinted_turns(page, host, seat, hints)
        assert len(asked) == hints and host.match.hints_used[seat] == hints
        if game == "eighty-days":     # a turn's moves, one after another: never one kind only
            assert len({a["type"] for a in asked}) >= 2, asked
    finally:
        page.context.close()
        host.stop()
