"""Railway Tricks in words and numbers for the screen: line values, lane tips
(cards and entries in words: game/narration/tricks.py)."""

from __future__ import annotations

from typing import Any

from game.narration.tricks import a_share, a_share_capital, card_name, city_name
from game.rules.tricks.scoring import best_stretch
from game.words.i18n import _, joined

Item = dict[str, Any]
REVEAL_EACH = 50  # ticks between two companies' values on the results reveal


def line_value(line: list[Item], loco: Item | None) -> tuple[int, int, int] | None:
    """(value, start, length) of a line with its locomotive; None without one."""
    if not loco:
        return None
    values = [item["value"] for item in line]
    total, start, length = best_stretch(values, loco.get("distance"))
    return max(0, total - loco["cost"]), start, length


def loco_words(loco: Item) -> str:
    if loco.get("distance") is None:
        return _("runs the whole line, costs {cost}").format(cost=loco["cost"])
    return _("runs the best {count} cards in a row, costs {cost}").format(
        count=loco["distance"], cost=loco["cost"])


def worth_words(company: str, line: list[Item], loco: Item | None) -> str:
    """A company's worth now, in words (what each of its shares would pay)."""
    worth = line_value(line, loco)
    if worth is None:
        return _("{company} has no locomotive yet: its shares are worth 0 now").format(
            company=company)
    value, start, length = worth
    earned = sum(item["value"] for item in line[start:start + length])
    return _("{company} shares are worth {value} now ({count} cards earn {earned}, "
             "less {cost})").format(company=company, value=value, count=length,
                                    earned=earned, cost=loco["cost"])


def lane_tip(entry: Item, index: int, trick: int, free_lines: list[str],
             worth: dict[str, str]) -> str:
    """What a lane entry is and what winning it does, for its tooltip.

    `trick`: the number of the trick that wins it; `free_lines`: companies
    without a locomotive; `worth`: each company's worth in words."""
    when = (_("The next trick wins this.") if index == 0
            else _("Trick {number} wins this.").format(number=trick))
    kind = entry.get("kind")
    if kind == "exchange":
        company = entry["company"]
        return _("{share}. {when} The winner takes it as {a_share}; the others keep the "
                 "cards they played as shares.\n{worth}.").format(
            share=a_share_capital(company), when=when, a_share=a_share(company),
            worth=worth[company])
    if kind == "city":
        return _("The city {name}, station value {value}. {when} The winner lays it at an "
                 "end of any line; then everyone lays their played card at an end of its "
                 "own line.").format(name=city_name(entry), value=entry["value"], when=when)
    if kind == "locomotive":
        free = joined(free_lines) if free_lines else _("none")
        also = entry.get("with", [])
        if also:
            names = _(" and ").join([entry["name"]] + [m["name"] for m in also])
            first = _("the {name} ({words})").format(name=entry["name"],
                                                     words=loco_words(entry))
            rest = "; ".join(_("the {name} ({words})").format(name=m["name"],
                                                               words=loco_words(m))
                             for m in also)
            return _("Locomotives {names} together. {when} The winner places {first}; "
                     "{rest} goes by itself to the last line without a locomotive. Lines "
                     "without one now: {free}.").format(names=names, when=when, first=first,
                                                        rest=rest, free=free)
        return _("Locomotive {name}: {words}. {when} The winner puts it at the head of a "
                 "line without one (now: {free}); then everyone lays their played card in "
                 "its line.").format(name=entry["name"], words=loco_words(entry),
                                     when=when, free=free)
    if kind == "reservation":
        return _("A reserved share. The next winner of a share trick puts the card they "
                 "played here, and trick {number} wins it as a share. {when}").format(
            number=trick, when=when)
    if "strength" in entry:
        company = entry["company"]
        return _("The share {card}, left here by an earlier winner. {when} The winner "
                 "takes it as {a_share}.\n{worth}.").format(
            card=card_name(entry), when=when, a_share=a_share(company), worth=worth[company])
    return _("Nothing")
