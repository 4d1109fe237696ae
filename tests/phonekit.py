"""What a phone's seat may read of a stretch of a host's game, worded
independently of the host's own memory (for the tests of a phone back from
away: tests/test_web_host.py, tests/test_web_browser.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from phonekit_race import race_turn
from phonekit_tricks import tricks_turn

from game.narration import log_lines
from game.rules import create, redact_events
from game.tables.seat_names import shown_name
from net.host.recent import standin_marked


def seat_lines(host: Any, seat: int, after: int, upto: int, lang: str = "en") -> list[str]:
    """The lines of versions after..upto as `seat` may read them: the game
    replayed from its seed and record (not the host's memory of its events),
    each action's events redacted for the seat and worded as the board's log
    words them (a stand-in's move as the stand-in's: the host remembers which
    versions a stand-in played)."""
    record = list(host.match.state.history)[:upto]
    state = create(host.game, players=len(host.slots), seed=host.seed, **host.options)
    view = state.view(seat)
    lines: list[str] = []
    for version, (actor, action) in enumerate(record, start=1):
        events = standin_marked(state.apply(actor, action), host._recent.standin_at(version))
        if version > after:
            said = log_lines(host.game, redact_events(events, seat),
                             lambda s: shown_name(host.slots[s].name or ""), view, lang)
            lines += [line for line in said if line]
    return lines


ROUTE_GAMES = ("routes-usa", "routes-italy")


def take_turn(page: Any, rng: Any, game: str = "") -> None:
    """One turn through the page's hooks: a route game by its map, piles and
    ticket choice (route_turn); any other by an option and confirm for a
    pending choice, else a move."""
    if game in ROUTE_GAMES:
        route_turn(page, rng)
        return
    if game == "eighty-days":
        race_turn(page, rng)
        return
    if game == "railway-tricks":
        tricks_turn(page, rng)
        return
    options = page.get_by_test_id("option")
    if options.count():
        options.nth(rng.randrange(options.count())).click()
        page.get_by_test_id("confirm").click()
        return
    moves = page.locator("[data-testid=move]")
    count = moves.count()
    if not count:
        return
    move = moves.nth(rng.randrange(count))
    if not move.is_visible():                 # inside a closed group: open it first
        move.locator("xpath=ancestor::details/summary").click()
    move.click()


def _enabled(locator: Any) -> list[Any]:
    return [locator.nth(i) for i in range(locator.count()) if locator.nth(i).is_enabled()]


def route_turn(page: Any, rng: Any) -> None:
    """A route game's turn as a player takes it: tick tickets to keep and
    confirm; or tap a route that glows on the map, pick a payment, confirm; or
    tap a face-up card, the deck or the ticket pile. No list of moves."""
    options = page.get_by_test_id("option")
    if options.count():
        order = list(range(options.count()))
        rng.shuffle(order)
        confirm = page.get_by_test_id("confirm")
        for i in order:                   # tick until the page allows keeping them
            options.nth(i).click()
            if confirm.is_enabled() and rng.random() < 0.6:
                break
        confirm.click()
        return
    routes = page.locator("[data-testid=route][data-claimable=true]")
    if routes.count() and rng.random() < 0.7:
        for i in rng.sample(range(routes.count()), min(3, routes.count())):
            try:
                routes.nth(i).click(timeout=3000)
            except Exception:             # another route lies on top there: try one more
                continue
            pays = page.get_by_test_id("pay")
            pays.first.wait_for()
            pays.nth(rng.randrange(pays.count())).click()
            page.get_by_test_id("confirm").click()
            return
    piles = _enabled(page.get_by_test_id("faceup")) + _enabled(page.get_by_test_id("deck"))
    tickets = _enabled(page.get_by_test_id("tickets"))
    if tickets and (not piles or rng.random() < 0.05):
        piles = tickets
    if piles:
        rng.choice(piles).click()


AXE = Path(__file__).resolve().parent / "page" / "node_modules" / "axe-core" / "axe.min.js"


def axe_problems(page: Any) -> list[str]:
    """axe-core's serious and critical violations of WCAG 2 A/AA on the page as
    it is now (axe from the npm registry: tests/page/package.json)."""
    if not AXE.exists():
        if os.environ.get("CI"):
            raise RuntimeError("CI must check the page's accessibility: run "
                               "npm ci --prefix tests/page")
        import pytest
        pytest.skip("axe-core is not installed (npm ci --prefix tests/page)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
        return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
          .map((v) => `${v.id}: ${v.help} (${v.nodes.length}): ${v.nodes[0].html.slice(0, 160)}`);
    }""")
    return list(found)


# every visible control and text of the page (the map's own names excepted: they
# keep 16 px on screen by their zoom), measured in the page
MEASURE = """() => {
  const seen = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const controls = [...document.querySelectorAll('button, a, input, [role=button]')]
    .filter((e) => seen(e) && !e.closest('svg')).map((e) => {
      const r = e.getBoundingClientRect();
      return { what: (e.dataset.testid || e.id || e.textContent).slice(0, 40), w: r.width,
               h: r.height, name: e.getAttribute('aria-label')
                 || (e.labels && e.labels.length ? e.labels[0].textContent.trim() : '')
                 || e.textContent.trim() };
    });
  const texts = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e || e.closest('svg') || !seen(e)) continue;
    texts.push({ text: n.textContent.trim().slice(0, 30),
                 px: parseFloat(getComputedStyle(e).fontSize) });
  }
  return { controls, texts };
}"""


def assert_readable(page: Any) -> None:
    """Every visible control 44 px or more across and named; every text 16 px or
    more; no serious or critical accessibility violation (axe-core)."""
    found = page.evaluate(MEASURE)
    small = [c for c in found["controls"] if c["w"] < 44 or c["h"] < 44]
    assert not small, small[:5]
    assert all(c["name"] for c in found["controls"]), found["controls"]
    tiny = [t for t in found["texts"] if t["px"] < 16]
    assert not tiny, tiny[:5]
    assert axe_problems(page) == []
