"""Railway Tricks in words and numbers for the screen: entries, cards, line values."""

from __future__ import annotations

from typing import Any

from game.rules.tricks.scoring import best_stretch

Item = dict[str, Any]
REVEAL_EACH = 50  # ticks between two companies' values on the results reveal


def card_name(card: Item) -> str:
    return f"{card['company']} {card['strength']}"


def entry_name(entry: Item) -> str:
    """A lane entry in words (what a trick wins)."""
    kind = entry.get("kind")
    if kind == "exchange":
        return f"a {entry['company']} share"
    if kind == "city":
        return f"the city {entry['name']} ({entry['value']})"
    if kind == "locomotive":
        names = [entry["name"]] + [m["name"] for m in entry.get("with", [])]
        return "locomotive " + " and ".join(names)
    if kind == "reservation":
        return "a reserved share"
    if "strength" in entry:
        return f"the share {card_name(entry)}"
    return "nothing"


def line_value(line: list[Item], loco: Item | None) -> tuple[int, int, int] | None:
    """(value, start, length) of a line with its locomotive; None without one."""
    if not loco:
        return None
    values = [item["value"] for item in line]
    total, start, length = best_stretch(values, loco.get("distance"))
    return max(0, total - loco["cost"]), start, length
