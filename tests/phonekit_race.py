"""One step of the race on a phone, as a player takes it through the page's
own controls (tests/phonekit.py take_turn): answer the die or the bonus chip
(an option, then confirm); or take a card from the action track; or use the
card's action, travel on (a way to pay from the sheet), play or discard a
card of the hand, buy from a pile, or end the turn with the bar's button.
No list of moves: every tap is on the race's own controls."""

from __future__ import annotations

from typing import Any


def _enabled(page: Any, selector: str) -> list[Any]:
    found = page.locator(selector)
    return [found.nth(i) for i in range(found.count())
            if found.nth(i).is_visible() and found.nth(i).is_enabled()]


def _answer_sheet(page: Any, rng: Any) -> None:
    """A sheet's options: tick one (or, for an exchange, tick until the bar
    allows it), then confirm."""
    options = page.locator("#sheet [data-testid=option]")
    options.first.wait_for()
    confirm = page.get_by_test_id("confirm")
    order = list(range(options.count()))
    rng.shuffle(order)
    for i in order:
        options.nth(i).click()
        if confirm.is_enabled():
            break
    confirm.click()


def race_turn(page: Any, rng: Any) -> None:
    """One action of the seat to act, through the race's controls (see the module)."""
    answers = _enabled(page, ".ask [data-testid=option]")
    if answers:
        rng.choice(answers).click()
        page.get_by_test_id("confirm").click()
        return
    slots = _enabled(page, "[data-testid=slot]") + _enabled(page, "[data-testid=take-deck]")
    if slots:
        rng.choice(slots).click()
        return
    confirm = page.get_by_test_id("confirm")
    choices: list[tuple[float, Any]] = []
    choices += [(3.0, b) for b in _enabled(page, "[data-testid=track-action]")]
    choices += [(4.0, b) for b in _enabled(page, "[data-testid=travel]")]
    choices += [(2.0, b) for b in _enabled(page, "[data-testid=card][data-playable=true]")]
    choices += [(0.3, b) for b in _enabled(page, "[data-testid=buy]")]
    if confirm.is_visible() and confirm.is_enabled():
        choices.append((1.0, confirm))               # end the turn
    if not choices:
        return
    pick = rng.uniform(0, sum(w for w, _ in choices))
    button = choices[-1][1]
    for weight, candidate in choices:
        pick -= weight
        if pick <= 0:
            button = candidate
            break
    testid = button.get_attribute("data-testid")
    button.click()
    if testid == "confirm":
        return
    if page.locator("#sheet:not([hidden]) [data-testid=option]").count():
        _answer_sheet(page, rng)
    elif testid == "card":
        confirm.wait_for()
        confirm.click()                               # the card picked: play or discard it
