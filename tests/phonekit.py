"""What a phone's seat may read of a stretch of a host's game, worded
independently of the host's own memory (for the tests of a phone back from
away: tests/test_web_host.py, tests/test_web_browser.py)."""

from __future__ import annotations

from typing import Any

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


def take_turn(page: Any, rng: Any) -> None:
    """One tap through: an option and confirm for a pending choice, else a move."""
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
