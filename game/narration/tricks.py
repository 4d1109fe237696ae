"""Railway Tricks in the player's words: cards, lane entries, a line's ends and
the log's sentences."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.narration import actor
from game.rules.base import Event
from game.words.i18n import N_, _
from game.words.places import place

Item = dict[str, Any]


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


def describe(event: Event, seat_name: Callable[[int], str], view: dict[str, Any]) -> str | None:
    """The board log's line for one event (game/narration/__init__.py)."""
    kind = event["type"]
    who = actor(event, seat_name)
    if kind == "card_played":
        return _("{name} played {card}").format(name=who, card=card_name(event["card"]))
    if kind == "trick_won":
        return _("{name} won {entry}").format(name=seat_name(event["winner"]),
                                              entry=entry_name(event["lane"]))
    if kind == "share_taken" and event["source"] == "lane":
        return _("{name} takes {card} as a share").format(name=who,
                                                          card=card_name(event["card"]))
    if kind == "reservation_replaced":
        return _("{card} waits in the lane; the rest are shares").format(
            card=card_name(event["card"]))
    if kind == "card_removed":
        return _("{card} leaves; the rest are shares").format(card=card_name(event["card"]))
    if kind == "city_laid":
        return _("{name} laid {city} on {company} ({end})").format(
            name=who, city=city_name(event["city"]), company=event["company"],
            end=end_word(event["end"]))
    if kind == "locomotive_placed":
        loco = event["locomotive"]["name"]
        return _("Locomotive {name} pulls {company}").format(name=loco,
                                                             company=event["company"])
    if kind == "card_laid":
        return _("{name} laid {card} ({end} end)").format(
            name=who, card=card_name(event["card"]), end=end_word(event["end"]))
    if kind == "game_over":
        return _("The game is over")
    return None
