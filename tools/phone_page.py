"""The phone page in Debian's chromium (Playwright): screenshots of each game,
and figures for the notes: page weight, load time, and tap-to-update latency.

    PYTHONPATH=$PWD python tools/phone_page.py shots docs/screenshots
    PYTHONPATH=$PWD python tools/phone_page.py bench [--taps 200] [--runs 3]
    PYTHONPATH=$PWD python tools/phone_page.py pan [--throttle 4] [--gestures 20]

`shots` saves phone-lobby.png and, for a route game, phone-<game>-tickets,
-turn, -claim and -table.png (a 390x844 phone); for Railway Tricks,
phone-railway-tricks-turn, -choice and -table.png; for another,
phone-<game>.png (`--game G`: one game's only).
`bench` loads the page (bytes transferred, load time), then taps moves in a
2-seat game against a bot, with a TV following the game (a spectator client,
as the kiosk is), and prints median and p99 of: the page's own clock
from the tap (its click handler) to the frame that shows the host's update;
from the tap to the TV's client having read and checked that update (the
page's tap time and the TV's arrival on the one wall clock of this machine);
the later of the two (tap to both updates); and the host's time for the
action (checks, rules, journal, every peer's update written). The host
and the TV run in processes of their own, as on a LAN. `--runs N` repeats it
on fresh hosts and pages. `pan` pinches and drags the map with two fingers
(DevTools touch events) under CPU throttling and prints the frame times.
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

from net.client import Client  # noqa: E402
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
    """A finger's turn, as on a phone (touch events: no mouse hovering over the page):
    tickets ticked and kept, a route tapped on the map and paid, or a card drawn."""
    options = page.get_by_test_id("option")
    confirm = page.get_by_test_id("confirm")
    if options.count():
        for i in range(options.count()):
            options.nth(i).tap()
            if confirm.is_enabled():
                break
        confirm.tap()
        return
    routes = page.locator("[data-testid=route][data-claimable=true]")
    if routes.count() and rng.random() < 0.5:
        try:
            routes.nth(rng.randrange(routes.count())).tap(timeout=2000)
            pays = page.get_by_test_id("pay")
            pays.first.wait_for(timeout=2000)
            pays.first.tap()
            confirm.tap()
            return
        except Exception:                    # covered by another route: draw instead
            page.keyboard.press("Escape")
    cards = [page.get_by_test_id(t) for t in ("faceup", "deck")]
    enabled = [c.nth(i) for c in cards for i in range(c.count()) if c.nth(i).is_enabled()]
    if enabled:
        rng.choice(enabled).tap()
        return
    playable = page.locator("[data-testid=card][data-playable=true]")
    if playable.count():
        playable.nth(rng.randrange(playable.count())).tap()
        return
    moves = page.locator("[data-testid=move]:visible")
    if moves.count():
        moves.nth(rng.randrange(moves.count())).tap()


def my_turn(page) -> None:
    page.wait_for_function("['your-turn', 'over'].includes(document.body.dataset.state)"
                           " && !window.railparty.inFlight", timeout=120_000)


def route_shots(page, out: Path, game: str) -> None:
    """A route game's phone as a player meets it: the tickets to keep, the turn
    with the map, a route's sheet of payments, and the table view."""
    my_turn(page)
    page.screenshot(path=str(out / f"phone-{game}-tickets.png"))
    tap(page, random.Random(1))               # keep tickets
    rng = random.Random(3)
    for _ in range(40):
        my_turn(page)
        if page.locator("[data-testid=route][data-claimable=true]").count():
            break
        cards = page.get_by_test_id("deck")
        cards.tap()
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / f"phone-{game}-turn.png"))
    routes = page.locator("[data-testid=route][data-claimable=true]")
    if routes.count():
        routes.nth(rng.randrange(routes.count())).tap()
        page.get_by_test_id("pay").first.tap()
        page.wait_for_timeout(400)            # the sheet has risen
        page.screenshot(path=str(out / f"phone-{game}-claim.png"))
        page.keyboard.press("Escape")
    page.get_by_test_id("table-view").tap()
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / f"phone-{game}-table.png"), full_page=True)


def tricks_shots(page, out: Path) -> None:
    """Railway Tricks' phone: a turn with cards to play a few tricks in, the
    first choice a won trick brings with an end of a line tapped, and the
    table view."""
    rng = random.Random(3)
    my_turn(page)
    turn = choice = False
    for _ in range(200):
        my_turn(page)
        if page.evaluate("document.body.dataset.state") == "over" or (turn and choice):
            break
        played = page.evaluate("window.railparty.view.tricks_played")
        options = page.get_by_test_id("option")
        if options.count() and not choice:
            options.nth(rng.randrange(options.count())).tap()
            page.wait_for_timeout(400)            # the card picked has landed
            page.screenshot(path=str(out / "phone-railway-tricks-choice.png"))
            choice = True
        elif not options.count() and not turn and played >= 3:
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / "phone-railway-tricks-turn.png"))
            turn = True
        tap(page, rng)
    for _ in range(20):                           # the table at a turn with no choice open
        my_turn(page)
        if not page.get_by_test_id("option").count():
            break
        tap(page, rng)
    page.get_by_test_id("table-view").tap()
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "phone-railway-tricks-table.png"), full_page=True)


def shots(out: Path, only: str | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        for game, seats in SEATS.items():
            if only and game != only:
                continue
            host = host_for(game, seats)
            context = browser.new_context(viewport={"width": 390, "height": 844},
                                          is_mobile=True, has_touch=True,
                                          device_scale_factor=2, bypass_csp=True)
            page = context.new_page()
            if game == "routes-usa":       # the address typed by hand: the code screen
                typed = context.new_page()
                typed.goto(host.status()["web"])
                typed.locator("#code-entry").wait_for()
                typed.screenshot(path=str(out / "phone-code.png"))
                typed.close()
            page.goto(host.status()["web_link"])
            if game == "routes-usa":
                page.get_by_test_id("seat").first.wait_for()
                page.get_by_test_id("name").fill("Ann")
                page.get_by_test_id("seat").first.click()
                page.screenshot(path=str(out / "phone-lobby.png"))
            join(page, "Ann")
            host.start_game()
            if game in ("routes-usa", "routes-italy"):
                route_shots(page, out, game)
            elif game == "railway-tricks":
                tricks_shots(page, out)
            else:
                rng = random.Random(3)
                my_turn(page)
                for _ in range(4):
                    tap(page, rng)
                    my_turn(page)
                page.screenshot(path=str(out / f"phone-{game}.png"), full_page=True)
            print(f"saved the phone's pictures of {game}")
            context.close()
            host.stop()
        browser.close()


class TimedTV(Client):
    """A TV following the game: notes (game, version) -> the wall-clock ms at which
    each update had been read and checked by its client."""

    def __init__(self, address: tuple[str, int]):
        super().__init__(address, role="spectator", name="TV", token_store=False,
                         known_hosts=False)
        self.arrived: dict[tuple[int, int], float] = {}
        self.game = 0

    def _screen(self, message: dict) -> dict:
        message = super()._screen(message)
        if message.get("type") == "sync":
            self.game = message.get("game_number", 0)
        elif message.get("type") == "update":
            self.arrived.setdefault((self.game, message["version"]), time.time() * 1000)
        return message


def serve_host(conn, game: str, seats: int) -> None:
    """The host in a process of its own, as `railparty host --headless` runs it
    (not sharing an interpreter lock with the browser's driver); answers the
    bench's commands over `conn`."""
    host = host_for(game, seats)
    conn.send((host.port, host.status()["web_link"]))
    while True:
        command = conn.recv()
        if command == "start":
            host.start_game()
        elif command == "rematch":
            host.rematch()
        elif command == "stop":
            conn.send([s * 1000 for s in host.action_seconds])
            host.stop()
            return
        conn.send("ok")


def serve_tv(conn, port: int) -> None:
    """The TV (a spectator client, as the kiosk is) in a process of its own."""
    tv = TimedTV(("127.0.0.1", port)).start()
    conn.recv()
    tv.stop()
    conn.send(tv.arrived)


class Side:
    """A process the bench talks to over a pipe."""

    def __init__(self, target, *args):
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=target, args=(child, *args))
        self.process.start()

    def ask(self, command=None):
        if command is not None:
            self.conn.send(command)
        return self.conn.recv()

    def close(self) -> None:
        self.process.join(10)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def bench_once(browser, taps: int) -> dict[str, list[float]]:
    host = Side(serve_host, "routes-usa", 2)
    port, web_link = host.ask()
    tv = Side(serve_tv, port)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  bypass_csp=True)
    page = context.new_page()
    sizes: list[int] = []
    page.on("response", lambda r: sizes.append(len(r.body())) if r.ok else None)
    started = time.perf_counter()
    page.goto(web_link, wait_until="load")
    page.get_by_test_id("seat").first.wait_for()
    loaded = time.perf_counter() - started
    print(f"page: {sum(sizes)} bytes in {len(sizes)} responses, ready in "
          f"{loaded * 1000:.0f} ms (loopback)")
    join(page, "Bench")
    host.ask("start")
    rng = random.Random(5)
    while page.evaluate("window.railpartyTimings.length") < taps:
        my_turn(page)
        if page.evaluate("document.body.dataset.state") == "over":
            host.ask("rematch")
            page.wait_for_function("document.body.dataset.state !== 'over'")
            continue
        tap(page, rng)
    timings = page.evaluate("window.railpartyTimings")
    context.close()
    arrived = tv.ask("stop")
    host_ms = host.ask("stop")
    tv.close()
    host.close()
    figures: dict[str, list[float]] = {key: [] for key in WHAT}
    figures["host"] = host_ms
    for t in timings:
        seen = arrived.get((t["game"], t["version"]))
        if seen is None:
            continue
        figures["tv"].append(seen - t["wall"])
        figures["both"].append(max(seen - t["wall"], t["paint"]))
        for key in ("paint", "recv", "rendered"):
            figures[key].append(t[key])
    return figures


WHAT = {"recv": "page: tap to the host's update received",
        "rendered": "page: tap to the update drawn into the page",
        "paint": "page: tap to the frame showing it",
        "tv": "TV: tap to the update read and checked by its client",
        "both": "tap to both updates (the later of page and TV)",
        "host": "host: action checked, applied, every update sent"}


def bench(taps: int, runs: int) -> None:
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        for run in range(runs):
            figures = bench_once(browser, taps)
            print(f"run {run + 1}:")
            for key, what in WHAT.items():
                values = figures[key]
                print(f"  {what}: median {statistics.median(values):.1f} ms, "
                      f"p99 {p99(values):.1f} ms ({len(values)} taps)")
        browser.close()
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} after")


WATCH = """() => {
  // frame times while fingers move on the map (CDP touch events drive the
  // gestures; this loop only watches the frames until it is stopped)
  window.panFrames = [];
  window.panWatching = true;
  let last = performance.now();
  const tick = (now) => { window.panFrames.push(now - last); last = now;
    if (window.panWatching) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""
STOP = "() => { window.panWatching = false; return window.panFrames.slice(1); }"


def pan(throttle: float, gestures: int, game: str) -> None:
    """Pinch-zoom and pan the map with CPU throttling (DevTools'
    Emulation.setCPUThrottlingRate) and print the frame times while fingers move."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        host = host_for(game, 2)
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True, device_scale_factor=3, bypass_csp=True)
        page = context.new_page()
        page.goto(host.status()["web_link"])
        join(page, "Pan")
        host.start_game()
        my_turn(page)
        board = page.get_by_test_id("board")
        board.scroll_into_view_if_needed()
        box = board.bounding_box()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        all_frames: list[float] = []
        lift_frames: list[float] = []
        for g in range(gestures):
            page.evaluate(WATCH)
            spread = 20 + (g % 3) * 10
            points = [{"x": cx - spread, "y": cy}, {"x": cx + spread, "y": cy}]
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
            for step in range(30):
                k = step + 1
                grow = spread + k * 2 * (1 if g % 2 == 0 else -0.6)
                shift = k * 1.5 * (1 if g % 4 < 2 else -1)
                points = [{"x": cx - grow + shift, "y": cy + shift / 2},
                          {"x": cx + grow + shift, "y": cy + shift / 2}]
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points})
            moving = page.evaluate(STOP)
            page.evaluate(WATCH)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            page.wait_for_timeout(150)       # the frames that draw the map anew at its new view
            lifted = page.evaluate(STOP)
            all_frames += moving
            lift_frames += lifted
        moved = page.evaluate("document.querySelector('[data-testid=board] svg')"
                              ".getAttribute('viewBox')")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        context.close()
        host.stop()
        browser.close()
    ordered = sorted(all_frames)
    lifted = sorted(lift_frames)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]
    print(f"{game}: {len(ordered)} frames over {gestures} pinch-and-pan gestures at "
          f"{throttle:g}x CPU throttling: median {statistics.median(ordered):.1f} ms, "
          f"p95 {pct(0.95):.1f} ms, p99 {pct(0.99):.1f} ms, max {ordered[-1]:.1f} ms; "
          f"the map's view after them: {moved}")
    print(f"  after the fingers lift (the map drawn anew at its view): median "
          f"{statistics.median(lifted):.1f} ms, max {lifted[-1]:.1f} ms over {len(lifted)} frames")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    shots_cmd = sub.add_parser("shots")
    shots_cmd.add_argument("out", type=Path)
    shots_cmd.add_argument("--game", choices=sorted(SEATS))
    bench_cmd = sub.add_parser("bench")
    bench_cmd.add_argument("--taps", type=int, default=200)
    bench_cmd.add_argument("--runs", type=int, default=1)
    pan_cmd = sub.add_parser("pan")
    pan_cmd.add_argument("--throttle", type=float, default=4.0)
    pan_cmd.add_argument("--gestures", type=int, default=20)
    pan_cmd.add_argument("--game", default="routes-usa")
    args = parser.parse_args()
    if args.cmd == "shots":
        shots(args.out, args.game)
    elif args.cmd == "pan":
        pan(args.throttle, args.gestures, args.game)
    else:
        bench(args.taps, args.runs)


if __name__ == "__main__":
    main()
