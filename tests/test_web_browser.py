"""The phone page in a real browser (Debian's chromium, driven by Playwright):
a phone-sized page joins a host, plays whole games of all four games against
bots, reloads mid-game and is back in its seat, never receives another seat's
secrets (the test reads every message the page received), and its log shows
the program's own sentences (game/narration, as the board's log words them)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from browserkit import BROWSER_HOST, GAME_DEADLINE, PHONE, join, open_page, state
from netkit import LOOPBACK, isolate, start_host, wait_until
from phonekit import seat_lines, take_turn

from game.narration import log_lines
from game.tables.seat_names import shown_name

GAME_SEATS = {"routes-usa": 2, "routes-italy": 2, "eighty-days": 2, "railway-tricks": 3}


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def walk(value: Any, path: str = "") -> Any:
    if isinstance(value, dict):
        for k, v in value.items():
            yield f"{path}/{k}", k, v
            yield from walk(v, f"{path}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}/{i}")


def assert_only_own_secrets(received: list[dict[str, Any]], seat: int) -> None:
    """Secrets reach the page only as its own view's `private` and events marked
    private to its seat."""
    for message in received:
        view = message.get("view")
        if view:
            assert view.get("you") == seat, message["type"]
        for event in message.get("events", []):
            if "private" in event:
                assert event.get("private_to") == seat, event
        for where, key, _ in walk(message):
            if key == "private":
                assert where in ("/view/private",) or where.startswith("/events/"), where


def check_log(page, game: str, lang: str = "en",
              earlier: list[str] | None = None) -> tuple[list[str], list[str]]:
    """The page's log shows the program's sentences: each update's `lines` are
    its (redacted) events as the board's log words them in the phone's
    language, and the lines shown are the latest of those (after `earlier`,
    the lines this tab had before a reload). So the log tells nothing the
    events the page may see do not. Returns the lines shown and all lines."""
    received, shown = page.evaluate(
        "[window.railpartyReceived, [...document.querySelectorAll('#log li')]"
        ".map((li) => li.textContent)]")
    seats: list[dict[str, Any]] = []
    lines: list[str] = list(earlier or [])
    for message in received:
        if message["type"] in ("sync", "seats"):
            seats = message["seats"]
            lines += [m["line"] for m in message.get("missed") or []]
        elif message["type"] == "update":
            expected = log_lines(game, message["events"],
                                 lambda s, seats=seats: shown_name(seats[s]["name"] or ""),
                                 message["view"], lang)
            assert message.get("lines") == expected, message["events"]
            lines += [line for line in expected if line]
    assert shown == lines[len(lines) - len(shown):], (shown, lines[-12:])
    return shown, lines


@pytest.mark.parametrize("game", sorted(GAME_SEATS))
def test_a_phone_plays_a_whole_game_against_bots_and_reloads_mid_game(browser, game):
    host = start_host(seats=GAME_SEATS[game], game=game, **BROWSER_HOST)
    page = open_page(browser, host)
    try:
        join(page)
        seat = next(i for i, s in enumerate(host.slots) if s.kind == "human")
        host.start_game()
        rng = random.Random(game)
        moves, reloaded, logged = 0, False, 0
        earlier: list[str] = []
        received: list[dict[str, Any]] = []
        deadline_moves = 2000
        while state(page) != "over" and moves < deadline_moves:
            page.wait_for_function(
                "['your-turn', 'over'].includes(document.body.dataset.state)",
                timeout=GAME_DEADLINE * 1000)
            if state(page) == "over":
                break
            take_turn(page, rng, game)
            moves += 1
            # the host's answer (its update, or an error) has reached the page
            page.wait_for_function("!window.railparty.inFlight")
            if moves % 8 == 2:
                logged += len(check_log(page, game, earlier=earlier)[0])
            if moves == 3 and not reloaded:
                # reload while the table waits for this seat: nothing happens meanwhile
                page.wait_for_function(
                    "['your-turn', 'over'].includes(document.body.dataset.state)",
                    timeout=GAME_DEADLINE * 1000)
                shown_before, earlier = check_log(page, game)
                received += page.evaluate("window.railpartyReceived")
                page.reload()
                page.wait_for_function("['your-turn', 'waiting', 'over']"
                                       ".includes(document.body.dataset.state)")
                reloaded = True
                wait_until(lambda: host.slots[seat].connected and host.slots[seat].bot is None,
                           "the reloaded page to be back in its seat")
                assert page.get_by_test_id("hand").inner_text().strip() or game == "railway-tricks"
                # the reloaded tab shows again what others did since its last move
                if state(page) == "your-turn":
                    assert check_log(page, game, earlier=earlier)[0] == shown_before
        assert reloaded and moves > 3 and state(page) == "over"
        print(f"{game}: the phone made {moves} moves")
        assert host.status()["phase"] == "over"
        assert host.slots[seat].name == "Phone"
        received += page.evaluate("window.railpartyReceived")
        logged += len(check_log(page, game, earlier=earlier)[0])
        assert logged, "the page's log never showed a line"
        assert any(m["type"] == "update" for m in received)
        assert_only_own_secrets(received, seat)
    finally:
        page.context.close()
        host.stop()


def test_a_japanese_phone_gets_the_page_in_japanese(browser):
    host = start_host(seats=2, game="routes-usa", **BROWSER_HOST)
    context = browser.new_context(viewport=PHONE, locale="ja-JP", bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(f"http://{LOOPBACK}:{host.web_port}/#{host.page_secret}")
        page.get_by_test_id("seat").first.wait_for()
        assert page.get_by_test_id("join").inner_text() == "参加"
        assert page.get_by_test_id("seat").first.inner_text().strip() == "空席 1"
        join(page, "花子")
        assert "ホストの開始を待っています" in page.get_by_test_id("status").inner_text()
        assert page.evaluate("document.documentElement.lang") == "ja"
        # the log of what the bot did is written in the catalog's words
        host.start_game()
        rng = random.Random(1)
        for _ in range(3):
            page.wait_for_function("document.body.dataset.state === 'your-turn'",
                                   timeout=GAME_DEADLINE * 1000)
            take_turn(page, rng, "routes-usa")
            page.wait_for_function("!window.railparty.inFlight")
            if page.locator("#log li").count():
                break
        page.wait_for_function("document.body.dataset.state === 'your-turn'"
                               " && document.querySelectorAll('#log li').length > 0",
                               timeout=GAME_DEADLINE * 1000)
        shown = check_log(page, "routes-usa", "ja")[0]
        log = "\n".join(shown)
        assert shown and any("\u3040" <= ch <= "\u30ff" for ch in log), log
    finally:
        context.close()
        host.stop()

# the table waits for this phone alone: nothing moves until it plays or drops
ALONE_TO_ACT = ("document.body.dataset.state === 'your-turn' && !window.railparty.inFlight"
                " && window.railparty.toAct.length === 1")


def assert_caught_up(page, host, seat: int, before: list, seen: int, which: int) -> dict:
    """A page back from away: its log is its earlier lines, then every line it
    missed (the host's game replayed and redacted for its seat), then the later
    updates' lines, and it lists them all; it received no other seat's secret.
    `which` picks the playing sync that brought it back (0 first, -1 last)."""
    log, received, listed = page.evaluate(
        "[window.railparty.log.map((e) => e.line), window.railpartyReceived,"
        " [...document.querySelectorAll('#log li')].map((li) => li.textContent)]")
    sync = [m for m in received if m["type"] == "sync" and m["phase"] == "playing"][which]
    missed = seat_lines(host, seat, seen, sync["version"])
    assert missed and [m["line"] for m in sync["missed"]] == missed
    updates = [m for m in received[received.index(sync):] if m["type"] == "update"]
    after = [line for m in updates for line in m.get("lines") or [] if line]
    expected = [line for line in before if line] + missed + after
    shown = [line for line in log if line]
    # the page keeps its last 60 entries: all of them unless that cut in
    assert shown == (expected if len(log) < 60 else expected[len(expected) - len(shown):])
    # and it shows them all, the stand-in's moves for this seat among them,
    # worded as the stand-in's (every move of this seat while it was away)
    shown_missed = [m["line"] for m in sync["missed"]]
    assert any(m.get("standin") for m in sync["missed"] if m["seat"] == seat)
    assert all("'s stand-in " in m["line"] for m in sync["missed"] if m.get("standin"))
    assert listed[len(listed) - len(missed + after):] == shown_missed + after, listed
    assert_only_own_secrets(received, seat)
    return sync


def test_a_phone_away_while_the_table_moves_lists_what_it_missed(browser):
    """The phone leaves its page (asleep, another tab) while the table plays on:
    back, its log holds what it missed, in order, as its seat may read it."""
    host = start_host(seats=2, game="routes-usa",
                      **dict(BROWSER_HOST, drop_timeout=0.0, bot_delay=0.25))
    page = open_page(browser, host)
    address = page.url
    try:
        join(page)
        seat = next(i for i, s in enumerate(host.slots) if s.kind == "human")
        host.start_game()
        page.wait_for_function("document.body.dataset.state === 'your-turn'",
                               timeout=GAME_DEADLINE * 1000)
        take_turn(page, random.Random(3), "routes-usa")
        page.wait_for_function(ALONE_TO_ACT, timeout=GAME_DEADLINE * 1000)
        before, seen = page.evaluate("[window.railparty.log.map((e) => e.line),"
                                     " window.railparty.version]")
        page.goto("about:blank")         # away: a stand-in plays the seat meanwhile
        wait_until(lambda: host.match.version >= seen + 8, "the table to move on",
                   timeout=GAME_DEADLINE)
        page.goto(address)
        wait_until(lambda: host.slots[seat].connected, "the phone back in its seat",
                   timeout=GAME_DEADLINE)
        page.wait_for_function("window.railpartyReceived.some((m) => m.type === 'sync'"
                               " && m.phase === 'playing')")
        sync = assert_caught_up(page, host, seat, before, seen, which=0)
        assert sync["version"] >= seen + 8
    finally:
        page.context.close()
        host.stop()


def test_a_phone_that_loses_wifi_hears_what_it_missed_when_it_is_back(browser):
    """Offline without leaving the page (the socket stalls; the host drops it at
    its peer timeout and a stand-in plays): back online, the same page
    reconnects by itself and its log goes on where it stopped."""
    host = start_host(seats=2, game="routes-usa",
                      **dict(BROWSER_HOST, peer_timeout=4.0, drop_timeout=0.0,
                             bot_delay=0.25))
    page = open_page(browser, host)
    try:
        join(page)
        seat = next(i for i, s in enumerate(host.slots) if s.kind == "human")
        host.start_game()
        take_turn(page, random.Random(4), "routes-usa")
        page.wait_for_function(ALONE_TO_ACT, timeout=GAME_DEADLINE * 1000)
        before, seen = page.evaluate("[window.railparty.log.map((e) => e.line),"
                                     " window.railparty.version]")
        page.context.set_offline(True)
        wait_until(lambda: not host.slots[seat].connected, "the host to drop the phone",
                   timeout=GAME_DEADLINE)
        wait_until(lambda: host.match.version >= seen + 6, "the table to move on",
                   timeout=GAME_DEADLINE)
        page.context.set_offline(False)
        wait_until(lambda: host.slots[seat].connected, "the phone back in its seat",
                   timeout=GAME_DEADLINE)
        page.wait_for_function("window.railpartyReceived.filter((m) => m.type === 'sync'"
                               " && m.phase === 'playing').length >= 2")
        assert_caught_up(page, host, seat, before, seen, which=-1)
    finally:
        page.context.close()
        host.stop()
