"""Railway Tricks' turn on a phone, taken through the page's hooks as a player
takes it (tests/phonekit.py take_turn, tests/test_phone_tricks.py): a lit card
of the hand tapped to play it, or, for the choice a won trick brings, an end
of a line (or a line's head) tapped and confirmed. No list of moves."""

from __future__ import annotations

from typing import Any

PLAYABLE = "[data-testid=card][data-playable=true]"


def tricks_turn(page: Any, rng: Any) -> str:
    """One turn; what it was: 'play', or the choice's kind ('lay', 'city',
    'locomotive'), or '' when the page offered nothing."""
    options = page.get_by_test_id("option")
    if options.count():
        enabled = [options.nth(i) for i in range(options.count()) if options.nth(i).is_enabled()]
        rng.choice(enabled).click()
        kind = page.evaluate("window.railparty.view.private.pending.kind")
        page.get_by_test_id("confirm").click()
        return kind
    cards = page.locator(PLAYABLE)
    if cards.count():
        cards.nth(rng.randrange(cards.count())).click()
        return "play"
    return ""
