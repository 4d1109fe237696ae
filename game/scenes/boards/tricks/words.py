"""Railway Tricks in words and numbers for the screen: entries, cards, line values."""

from __future__ import annotations

from typing import Any

from game.rules.tricks.scoring import best_stretch

Item = dict[str, Any]
REVEAL_EACH = 50  # ticks between two companies' values on the results reveal


def a_share(company: str) -> str:
    """ "a B&O share", "an Erie share", "an NYC share": the article as said aloud
    (an initialism is read letter by letter)."""
    letters = company.replace("&", "")
    spelled = letters.isupper()
    vowel = company[:1] in ("AEFHILMNORSX" if spelled else "AEIOUaeiou")
    return f"{'an' if vowel else 'a'} {company} share"


def card_name(card: Item) -> str:
    return f"{card['company']} {card['strength']}"


def entry_name(entry: Item) -> str:
    """A lane entry in words (what a trick wins)."""
    kind = entry.get("kind")
    if kind == "exchange":
        return a_share(entry["company"])
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


def _loco_words(loco: Item) -> str:
    runs = ("the whole line" if loco.get("distance") is None
            else f"the best {loco['distance']} cards in a row")
    return f"runs {runs}, costs {loco['cost']}"


def worth_words(company: str, line: list[Item], loco: Item | None) -> str:
    """A company's worth now, in words (what each of its shares would pay)."""
    worth = line_value(line, loco)
    if worth is None:
        return f"{company} has no locomotive yet: its shares are worth 0 now"
    value, start, length = worth
    earned = sum(item["value"] for item in line[start:start + length])
    return (f"{company} shares are worth {value} now ({length} cards earn {earned}, "
            f"less {loco['cost']})")


def lane_tip(entry: Item, index: int, trick: int, free_lines: list[str],
             worth: dict[str, str]) -> str:
    """What a lane entry is and what winning it does, for its tooltip.

    `trick`: the number of the trick that wins it; `free_lines`: companies
    without a locomotive; `worth`: each company's worth in words."""
    when = "The next trick wins this." if index == 0 else f"Trick {trick} wins this."
    kind = entry.get("kind")
    if kind == "exchange":
        company = entry["company"]
        share = a_share(company)
        return (f"{share[0].upper()}{share[1:]}. {when} The winner takes it as {share}; "
                f"the others keep the cards they played as shares.\n{worth[company]}.")
    if kind == "city":
        return (f"The city {entry['name']}, station value {entry['value']}. {when} The "
                f"winner lays it at an end of any line; then everyone lays their played "
                f"card at an end of its own line.")
    if kind == "locomotive":
        free = ", ".join(free_lines) if free_lines else "none"
        also = entry.get("with", [])
        if also:
            names = " and ".join([entry["name"]] + [m["name"] for m in also])
            first = f"the {entry['name']} ({_loco_words(entry)})"
            rest = "; ".join(f"the {m['name']} ({_loco_words(m)})" for m in also)
            return (f"Locomotives {names} together. {when} The winner places {first}; "
                    f"{rest} goes by itself to the last line without a locomotive. Lines "
                    f"without one now: {free}.")
        return (f"Locomotive {entry['name']}: {_loco_words(entry)}. {when} The winner puts "
                f"it at the head of a line without one (now: {free}); then everyone lays "
                f"their played card in its line.")
    if kind == "reservation":
        return (f"A reserved share. The next winner of a share trick puts the card they "
                f"played here, and trick {trick} wins it as a share. {when}")
    if "strength" in entry:
        company = entry["company"]
        return (f"The share {card_name(entry)}, left here by an earlier winner. {when} The "
                f"winner takes it as {a_share(company)}.\n{worth[company]}.")
    return "Nothing"
