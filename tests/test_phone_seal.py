"""The phone page's sealed channel in a real browser (net/host/page/core/seal.js):
the QR code's secret leaves the address bar and opens the table; a page opened
by hand asks for the code the TV shows, refuses a wrong one and takes the right
one; a page with a wrong secret is refused; nothing of the game, nor a seat's
proof, crosses the WebSocket in the clear."""

from __future__ import annotations

from typing import Any

from browserkit import BROWSER_HOST, join, open_page, page_link, state
from netkit import start_host
from phonekit import assert_readable

from net.page_seal import shown_code

DOES_NOT_MATCH = "This code does not match the table"


def code_screen(page: Any) -> bool:
    return page.locator("#code-entry").is_visible()


def frames(page: Any) -> list[Any]:
    """Every WebSocket frame the page sends or gets from now on, as it crossed."""
    seen: list[Any] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: seen.append(payload))
        ws.on("framereceived", lambda payload: seen.append(payload))
    page.on("websocket", watch)
    return seen


def test_the_qr_codes_secret_leaves_the_address_bar_and_only_ciphertext_crosses(browser):
    host = start_host(seats=2, game="routes-usa", **BROWSER_HOST)
    page = open_page(browser, host)
    crossed = frames(page)
    try:
        page.get_by_test_id("seat").first.wait_for()
        assert "#" not in page.url and not code_screen(page)
        kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith("
                             "'railparty-table:'))")
        assert len(kept) == 1
        join(page)
        token = next(s.token for s in host.slots if s.kind == "human")
        page.reload()                       # back with its seat's proof, from the kept secret
        page.wait_for_function("document.body.dataset.state === 'waiting'")
        assert "#" not in page.url
        assert len(crossed) > 8
        texts = [f for f in crossed if isinstance(f, str)]
        assert not texts, texts[:3]
        for secret in (b'"view"', b'"seats"', b'"proof"', b'"token"', token.encode(),
                       host.page_secret.encode()):
            assert not any(secret in f for f in crossed), secret
    finally:
        page.context.close()
        host.stop()


def test_a_page_opened_by_hand_asks_the_code_refuses_a_wrong_one_takes_the_right_one(browser):
    host = start_host(seats=2, game="routes-usa", **BROWSER_HOST)
    page = open_page(browser, host, viewport={"width": 390, "height": 844}, secret=None)
    try:
        page.locator("#code-entry").wait_for()
        assert "code the TV shows" in page.get_by_test_id("status").inner_text()
        assert not page.locator("#lobby").is_visible()
        assert_readable(page)
        page.get_by_test_id("table-code").fill("12345")
        page.get_by_test_id("code-go").click()
        assert "16 letters" in page.get_by_test_id("status").inner_text()
        page.get_by_test_id("table-code").fill("0000-0000-0000-0000")
        page.get_by_test_id("code-go").click()
        page.get_by_test_id("seat").first.wait_for()
        page.get_by_test_id("seat").first.click()
        page.get_by_test_id("name").fill("Ann")
        page.get_by_test_id("join").click()
        page.locator("#code-entry").wait_for()
        assert DOES_NOT_MATCH in page.get_by_test_id("status").inner_text()
        assert all(s.kind != "human" for s in host.slots)
        assert_readable(page)                  # the refusal on the code screen
        page.get_by_test_id("table-code").fill(shown_code(host.page_code).lower())
        page.keyboard.press("Enter")
        page.get_by_test_id("join").click()
        page.wait_for_function("document.body.dataset.state === 'waiting'")
        assert state(page) == "waiting" and not code_screen(page)
    finally:
        page.context.close()
        host.stop()


def test_a_page_with_a_wrong_secret_is_refused_then_the_right_link_joins(browser):
    host = start_host(seats=2, game="routes-usa", **BROWSER_HOST)
    page = open_page(browser, host, secret="B" * 22)
    try:
        assert "#" not in page.url
        page.get_by_test_id("seat").first.wait_for()
        page.get_by_test_id("seat").first.click()
        page.get_by_test_id("name").fill("Ann")
        page.get_by_test_id("join").click()
        page.locator("#code-entry").wait_for()
        assert DOES_NOT_MATCH in page.get_by_test_id("status").inner_text()
        assert all(s.kind != "human" for s in host.slots)
        assert not [p for p in host.peers if p.role is None]
        assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith("
                             "'railparty-table:')).length") == 0
        page.goto(page_link(host))          # the QR code's link in the same tab
        page.get_by_test_id("seat").first.wait_for()
        assert not code_screen(page) and "#" not in page.url
        join(page)
    finally:
        page.context.close()
        host.stop()
