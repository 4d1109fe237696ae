"""Railway Tricks in words and numbers for the screen: entries, cards, line values."""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _
from game.places import place
from game.rules.tricks.scoring import best_stretch

Item = dict[str, Any]
REVEAL_EACH = 50  # ticks between two companies' values on the results reveal


def _an(company: str) -> bool:
    """Whether English says "an" before the company's name, as said aloud (an
    initialism is read letter by letter)."""
    letters = company.replace("&", "")
    spelled = letters.isupper()
    return company[:1] in ("AEFHILMNORSX" if spelled else "AEIOUaeiou")


def a_share(company: str) -> str:
    """ "a B&O share", "an Erie share", "an NYC share"."""
    if _an(company):
        return _("an {company} share").format(company=company)
    return _("a {company} share").format(company=company)


def a_share_capital(company: str) -> str:
    """The same at the start of a sentence."""
    if _an(company):
        return _("An {company} share").format(company=company)
    return _("A {company} share").format(company=company)


def card_name(card: Item) -> str:
    return f"{card['company']} {card['strength']}"


END_WORDS = {"left": N_("left"), "right": N_("right")}


def end_word(end: str) -> str:
    """A line's end ("left", "right") in the player's language."""
    return _(END_WORDS.get(end, end))


def city_name(entry: Item) -> str:
    return place(entry["name"])


def entry_name(entry: Item) -> str:
    """A lane entry in words (what a trick wins)."""
    kind = entry.get("kind")
    if kind == "exchange":
        return a_share(entry["company"])
    if kind == "city":
        return _("the city {name} ({value})").format(name=city_name(entry),
                                                     value=entry["value"])
    if kind == "locomotive":
        names = [entry["name"]] + [m["name"] for m in entry.get("with", [])]
        return _("locomotive {names}").format(names=_(" and ").join(names))
    if kind == "reservation":
        return _("a reserved share")
    if "strength" in entry:
        return _("the share {card}").format(card=card_name(entry))
    return _("nothing")


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
        free = ", ".join(free_lines) if free_lines else _("none")
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
