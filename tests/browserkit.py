"""The phone page in a real browser: Debian's chromium driven by Playwright, a
phone-sized page on a host started on loopback (tests/test_web_browser.py,
tests/test_phone_*.py). Without chromium the browser tests are skipped, except
in CI, which must run them."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    if os.environ.get("CI"):
        raise RuntimeError("CI must run the browser tests: chromium is missing "
                           "(.ci/run installs it with apt-get)")
    pytest.skip("chromium is not installed (apt-get install chromium); the phone page's "
                "browser tests need it", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package "
                               "(pip install '.[test]') drives the browser")

PHONE = {"width": 360, "height": 640}
BROWSER_HOST = dict(heartbeat=1.0, peer_timeout=15.0, bot_delay=0.0, fill_bot="random",
                    standin_bot="random", web_port=0)
GAME_DEADLINE = 240.0


@contextlib.contextmanager
def launch() -> Iterator[Any]:
    """A headless chromium (tests/conftest.py's `browser` fixture opens one per module)."""
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


def page_link(host: Any, secret: str | None = "table") -> str:
    """The page's address as the QR code holds it: the table's secret in its
    fragment (`secret` "table"), another secret, or none (None: typed by hand)."""
    from netkit import LOOPBACK

    fragment = host.page_secret if secret == "table" else secret
    return f"http://{LOOPBACK}:{host.web_port}/" + (f"#{fragment}" if fragment else "")


def open_page(browser: Any, host: Any, viewport: dict[str, int] | None = None,
              locale: str | None = None, secret: str | None = "table") -> Any:
    """A phone's page opened from the TV's QR code (or, with `secret`, from
    another link or none)."""
    options: dict[str, Any] = dict(viewport=viewport or PHONE, is_mobile=True, has_touch=True,
                                   bypass_csp=True)   # wait_for_function evaluates strings
    if locale:
        options["locale"] = locale
    page = browser.new_context(**options).new_page()
    page.goto(page_link(host, secret))
    return page


def state(page: Any) -> str:
    return page.evaluate("document.body.dataset.state")


def join(page: Any, name: str = "Phone") -> None:
    page.get_by_test_id("seat").first.wait_for()
    page.get_by_test_id("seat").first.click()
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("join").click()
    page.wait_for_function("document.body.dataset.state === 'waiting'")


def wait_turn(page: Any) -> str:
    """Until this seat is to act or the game is over; which of the two."""
    page.wait_for_function("['your-turn', 'over'].includes(document.body.dataset.state)",
                           timeout=GAME_DEADLINE * 1000)
    return state(page)


def human_seat(host: Any) -> int:
    """The seat the page took (the one seat of the host's table a person holds)."""
    return next(i for i, s in enumerate(host.slots) if s.kind == "human")
