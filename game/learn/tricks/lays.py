"""Where a card is laid in its line, for the learner and the scripted
opponents of Railway Tricks' guided game alike, and the reason in words.

It follows the rules pages' advice: with shares of the company, put a card
next to the higher end value (a locomotive's best run can take both);
without, next to the lower one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules.base import View
from game.words.i18n import N_

LAY_HIGH = N_("You hold {company} shares, so you want its line to earn more: at that end "
              "your {value} sits next to the {neighbour}, and a locomotive's best run of "
              "cards in a row can take both.")
LAY_LOW = N_("You hold no {company} share, so its line earns you nothing: at that end your "
             "{value} sits next to the lower end value, {neighbour}, where it adds least to "
             "a locomotive's best run.")
LAY_SAME = N_("Both ends of the {company} line hold a {neighbour}, so either end does the "
              "same.")


def pending(view: View) -> dict[str, Any]:
    return view["private"].get("pending") or {}


def shares_of(view: View, seat: int) -> Counter:
    """How many shares of each company `seat` holds."""
    return Counter(share["company"] for share in view["players"][seat]["shares"])


def end_value(line: list[dict[str, Any]], end: str) -> int:
    return line[0 if end == "left" else -1]["value"]


def lay_end(view: View, seat: int) -> tuple[str, str, dict[str, Any]]:
    """(end, reason msgid, the reason's facts) for laying `seat`'s played card."""
    card = pending(view)["card"]
    company = card["company"]
    line = view["lines"][company]
    left, right = end_value(line, "left"), end_value(line, "right")
    facts = {"company": company, "value": card["value"]}
    if left == right:
        return "right", LAY_SAME, dict(facts, neighbour=left)
    wants_high = shares_of(view, seat)[company] > 0
    end = ("left" if left > right else "right") if wants_high else \
        ("left" if left < right else "right")
    return end, LAY_HIGH if wants_high else LAY_LOW, dict(facts, neighbour=end_value(line, end))


