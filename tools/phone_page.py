"""The phone page in Debian's chromium (Playwright): screenshots of each game,
and figures for the notes: page weight, load time, and tap-to-update latency.

    PYTHONPATH=$PWD python tools/phone_page.py shots docs/screenshots
    PYTHONPATH=$PWD python tools/phone_page.py bench [--taps 200]

`shots` saves phone-lobby.png and phone-<game>.png (a 360x640 phone, the whole
page). `bench` loads the page (bytes transferred, load time), then taps moves
in a 2-seat game against a bot and prints median and p99 of: the page's own
clock from the tap (its click handler) to the frame that shows the host's
update, and the host's time for the action (checks, rules, journal, every
peer's update written: the TV's window reads the same update at that moment).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("RAILPARTY_HOME", tempfile.mkdtemp(prefix="railparty-phone-"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
os.environ.setdefault("RAILPARTY_MDNS_INTERFACES", "127.0.0.1")

from playwright.sync_api import sync_playwright  # noqa: E402

from net.host import Host  # noqa: E402

SEATS = {"routes-usa": 3, "routes-italy": 2, "eighty-days": 3, "railway-tricks": 3}
PHONE = {"width": 360, "height": 640}


def host_for(game: str, seats: int, seed: int = 11) -> Host:
    return Host(game, seats, "Living room", bind="127.0.0.1", port=0, web_port=0, seed=seed,
                advertise=False, fill_bot="greedy", standin_bot="greedy",
                seats_per_address=0).start()


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        sys.exit("chromium is not installed (apt-get install chromium)")
    return path


def join(page, name: str) -> None:
    page.get_by_test_id("seat").first.wait_for()
    page.get_by_test_id("seat").first.click()
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("join").click()
    page.wait_for_function("document.body.dataset.state === 'waiting'")


def tap(page, rng: random.Random) -> None:
    options = page.get_by_test_id("option")
    if options.count():
        options.nth(rng.randrange(options.count())).click()
        page.get_by_test_id("confirm").click()
        return
    moves = page.locator("[data-testid=move]:visible")
    if moves.count():
        moves.nth(rng.randrange(moves.count())).click()


def my_turn(page) -> None:
    page.wait_for_function("['your-turn', 'over'].includes(document.body.dataset.state)"
                           " && !window.railparty.inFlight", timeout=120_000)


def shots(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        for game, seats in SEATS.items():
            host = host_for(game, seats)
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                          device_scale_factor=2, bypass_csp=True)
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{host.web_port}/")
            if game == "routes-usa":
                page.get_by_test_id("seat").first.wait_for()
                page.get_by_test_id("name").fill("Ann")
                page.get_by_test_id("seat").first.click()
                page.screenshot(path=str(out / "phone-lobby.png"))
            join(page, "Ann")
            host.start_game()
            rng = random.Random(3)
            my_turn(page)
            for _ in range({"routes-usa": 0, "routes-italy": 9, "eighty-days": 4,
                            "railway-tricks": 2}[game]):
                tap(page, rng)
                my_turn(page)
            page.screenshot(path=str(out / f"phone-{game}.png"), full_page=True)
            print(f"saved phone-{game}.png")
            context.close()
            host.stop()
        browser.close()


def bench(taps: int) -> None:
    host = host_for("routes-usa", 2)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        context = browser.new_context(viewport=PHONE, is_mobile=True, bypass_csp=True)
        page = context.new_page()
        sizes: list[int] = []
        page.on("response", lambda r: sizes.append(len(r.body())) if r.ok else None)
        started = time.perf_counter()
        page.goto(f"http://127.0.0.1:{host.web_port}/", wait_until="load")
        page.get_by_test_id("seat").first.wait_for()
        loaded = time.perf_counter() - started
        print(f"page: {sum(sizes)} bytes in {len(sizes)} responses, ready in "
              f"{loaded * 1000:.0f} ms (loopback)")
        join(page, "Bench")
        host.start_game()
        rng = random.Random(5)
        host.action_seconds.clear()
        while page.evaluate("window.railpartyLatency.length") < taps:
            my_turn(page)
            if page.evaluate("document.body.dataset.state") == "over":
                host.rematch()
                page.wait_for_function("document.body.dataset.state !== 'over'")
                continue
            tap(page, rng)
        to_page = page.evaluate("window.railpartyLatency")
        browser.close()
    to_host = [s * 1000 for s in host.action_seconds]
    host.stop()
    for what, values in (("host: action checked, applied, every update sent (TV included)",
                          to_host),
                         ("page: tap to its own update painted", to_page)):
        values.sort()
        p99 = values[min(len(values) - 1, round(0.99 * (len(values) - 1)))]
        print(f"{what}: median {statistics.median(values):.1f} ms, p99 {p99:.1f} ms "
              f"({len(values)} taps)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("shots").add_argument("out", type=Path)
    sub.add_parser("bench").add_argument("--taps", type=int, default=200)
    args = parser.parse_args()
    if args.cmd == "shots":
        shots(args.out)
    else:
        bench(args.taps)


if __name__ == "__main__":
    main()
