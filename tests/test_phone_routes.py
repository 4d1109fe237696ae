"""The route games on a phone, as a player holds it: a route claimed by tapping
the map and picking how to pay, tickets chosen by ticking them, the face-up
cards, the deck and the ticket pile tapped, the table view, and a page every
control of which is a named button of 44 px or more, with text of 16 px or
more and no serious accessibility violation (axe-core). Real chromium on a
host on loopback (tests/browserkit.py)."""

from __future__ import annotations

import math
import random

import pytest
from browserkit import BROWSER_HOST, join, open_page, state, wait_turn
from netkit import isolate, start_host, wait_until
from phonekit import assert_readable, route_turn

ROUTE_GAMES = ("routes-usa", "routes-italy")

@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def _keep_least(page) -> int:
    """Tick tickets until the page lets them be kept; confirm; how many were kept."""
    options = page.get_by_test_id("option")
    confirm = page.get_by_test_id("confirm")
    assert not confirm.is_enabled()               # nothing ticked: nothing to keep yet
    ticked = 0
    while not confirm.is_enabled():
        options.nth(ticked).click()
        ticked += 1
    confirm.click()
    page.wait_for_function("!window.railparty.inFlight")
    return ticked


@pytest.mark.parametrize("game", ROUTE_GAMES)
def test_tickets_are_ticked_and_a_route_is_claimed_by_tapping_the_map(browser, game):
    host = start_host(seats=2, game=game, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        assert_readable(page)                    # the lobby
        seat = next(i for i, s in enumerate(host.slots) if s.kind == "human")
        host.start_game()
        assert wait_turn(page) == "your-turn"
        # the tickets offered, each once (not every set of them), with the least to keep said
        offered = host.match.state.view(seat)["private"]["pending"]
        assert page.get_by_test_id("option").count() == len(offered["options"])
        assert f"{offered['min']}" in page.locator(".keep .rule").inner_text()
        assert_readable(page)
        kept = _keep_least(page)
        assert kept == offered["min"]
        wait_until(lambda: len(host.match.state.view(seat)["private"]["tickets"]) == kept,
                   "the host to keep the ticked tickets")
        rng = random.Random(11)
        claimed = None
        for _ in range(60):
            if wait_turn(page) == "over":
                break
            routes = page.locator("[data-testid=route][data-claimable=true]")
            if routes.count():
                track = routes.first.get_attribute("data-route")
                legal = [a for a in page.evaluate("window.railparty.legal")
                         if a["type"] == "claim" and a["track"] == track]
                routes.first.click()
                pays = page.get_by_test_id("pay")
                pays.first.wait_for()
                # every way to pay the host allows for that route, each once
                assert pays.count() == len(legal)
                assert_readable(page)
                pays.last.click()
                page.get_by_test_id("confirm").click()
                page.wait_for_function("!window.railparty.inFlight")
                claimed = track
                break
            route_turn(page, rng)
            page.wait_for_function("!window.railparty.inFlight")
        assert claimed is not None, "no route became claimable in 60 turns"
        wait_until(lambda: host.match.state.view(None)["routes"].get(claimed) == seat,
                   "the host to give the route to the phone's seat")
        # the claimed route wears its owner's colour on the phone's map
        page.wait_for_function(
            f"document.querySelector('[data-route=\"{claimed}\"]').classList.contains('mine')")
        # the table view: the public board and the players, the same for every phone
        page.get_by_test_id("table-view").click()
        table = page.get_by_test_id("table")
        table.wait_for()
        assert table.locator("svg [data-route]").count() == page.evaluate(
            "fetch('board.json').then((r) => r.json()).then((b) => b.tracks.length)")
        names = table.inner_text()
        assert all(s.name in names for s in host.slots)
        assert table.locator(f"[data-route=\"{claimed}\"].claimed").count() == 1
        assert_readable(page)
    finally:
        page.context.close()
        host.stop()


def test_a_tap_beside_a_route_claims_the_nearest_one(browser):
    """A route's touch area is a finger wide (44 px across), not the few pixels
    its spaces are on a phone's map: a tap 18 px off its line opens it when it
    is the claimable route nearest the tap."""
    host = start_host(seats=2, game="routes-usa", **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        host.start_game()
        wait_turn(page)
        _keep_least(page)
        rng = random.Random(5)
        for _ in range(60):
            assert wait_turn(page) == "your-turn"
            if page.locator("[data-testid=route][data-claimable=true]").count():
                break
            page.get_by_test_id("deck").click()
            page.wait_for_function("!window.railparty.inFlight")
        page.get_by_test_id("board").scroll_into_view_if_needed()
        lines = page.evaluate("""() => [...document.querySelectorAll(
            '[data-testid=board] [data-testid=route][data-claimable=true] line.hit')]
            .map((l) => {
              const m = l.getScreenCTM();
              const p = (x, y) => {
                const q = new DOMPoint(x, y).matrixTransform(m); return [q.x, q.y]; };
              return { id: l.parentNode.dataset.route,
                       a: p(+l.getAttribute('x1'), +l.getAttribute('y1')),
                       b: p(+l.getAttribute('x2'), +l.getAttribute('y2')) }; })""")
        assert lines
        pick = rng.choice(lines)
        (x1, y1), (x2, y2) = pick["a"], pick["b"]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        tap = ((x1 + x2) / 2 + nx * 18, (y1 + y2) / 2 + ny * 18)

        def gap(line):
            (ax, ay), (bx, by) = line["a"], line["b"]
            dx, dy = bx - ax, by - ay
            k = max(0.0, min(1.0, ((tap[0] - ax) * dx + (tap[1] - ay) * dy)
                             / ((dx * dx + dy * dy) or 1.0)))
            return math.hypot(tap[0] - (ax + k * dx), tap[1] - (ay + k * dy))
        nearest = min(lines, key=gap)
        page.mouse.click(*tap)
        page.get_by_test_id("pay").first.wait_for()
        title = page.locator("#sheet-title").inner_text()
        track = next(t for t in host.match.state.board.tracks if t.id == nearest["id"])
        assert track.a in title and track.b in title
    finally:
        page.context.close()
        host.stop()


def test_a_japanese_phone_plays_a_route_game_in_japanese(browser):
    host = start_host(seats=2, game="routes-italy", **BROWSER_HOST)
    page = open_page(browser, host, locale="ja-JP")
    try:
        join(page, "花子")
        host.start_game()
        wait_turn(page)
        assert "枚以上残してください" in page.locator(".keep .rule").inner_text()
        _keep_least(page)
        rng = random.Random(2)
        for _ in range(4):
            if wait_turn(page) == "over":
                break
            route_turn(page, rng)
            page.wait_for_function("!window.railparty.inFlight")
        assert state(page) in ("your-turn", "waiting")
        shown = page.locator("#game").inner_text()
        assert "あなたのチケット" in shown and "山札" in page.get_by_test_id("deck").get_attribute(
            "aria-label")
        # the map's names are the program's Japanese place names
        assert page.locator("svg.map text.label", has_text="ローマ").count() == 1
        assert_readable(page)
    finally:
        page.context.close()
        host.stop()


def test_the_tables_colour_blind_aid_reaches_the_phone(browser):
    """With the window's colour-blind aid on, the phone's cards and map carry
    their colours' letters too."""
    host = start_host(seats=2, game="routes-usa", colour_aid=True, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        host.start_game()
        wait_turn(page)
        assert page.evaluate("document.body.classList.contains('aid')")
        letter = page.get_by_test_id("faceup").first.locator(".letter")
        assert letter.is_visible() and letter.inner_text() in "PWBYOKRGL"
    finally:
        page.context.close()
        host.stop()


def test_a_refused_tap_gives_the_controls_back(browser):
    """A tap the host refuses (here: it answers a version the host has moved past)
    leaves the move unplayed, says why, and the controls it disabled work again."""
    host = start_host(seats=2, game="routes-usa", **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        host.start_game()
        wait_turn(page)
        _keep_least(page)
        assert wait_turn(page) == "your-turn"
        version = page.evaluate("window.railparty.version")
        page.evaluate("window.railparty.version = -1")
        page.get_by_test_id("deck").click()
        page.wait_for_function("window.railpartyReceived.some((m) => m.type === 'error')")
        page.wait_for_function("!window.railparty.inFlight")
        assert page.get_by_test_id("deck").is_enabled()
        assert host.match.version == version
        page.evaluate(f"window.railparty.version = {version}")
        page.get_by_test_id("deck").click()
        wait_until(lambda: host.match.version > version, "the second tap to be played")
    finally:
        page.context.close()
        host.stop()
