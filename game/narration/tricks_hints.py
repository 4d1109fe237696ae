"""A Railway Tricks hint in the players' words: the move (a card played, a
city, locomotive or card laid) and each reason of
game/bots/families/tricks_hints.py, with its numbers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.narration.hints import then
from game.narration.tricks import a_share, card_name, end_word, entry_name
from game.words.i18n import _, ngettext
from game.words.places import place


def action_words(action: dict[str, Any], view: dict[str, Any]) -> str | None:
    """The move as the hint says it ("Play Erie 9")."""
    kind = action.get("type")
    if kind == "play":
        return _("Play {card}").format(card=card_name(action["card"]))
    if kind == "city":
        city = view["private"]["pending"]["city"]
        return _("Lay {city} at the {end} end of {company}").format(
            city=place(city["name"]), end=end_word(action["end"]), company=action["company"])
    if kind == "locomotive":
        loco = view["private"]["pending"]["locomotive"]
        return _("Put locomotive {name} on {company}").format(name=loco["name"],
                                                            company=action["company"])
    if kind == "lay":
        card = view["private"]["pending"]["card"]
        return _("Lay {card} at the {end} end").format(card=card_name(card),
                                                      end=end_word(action["end"]))
    return None


def reason_words(reason: Any, seat_name: Callable[[int], str]) -> str | None:
    """One reason of tricks_hints.explain as a sentence (None: no words for it)."""
    words = _WORDS.get(reason.code)
    return None if words is None else words(reason.data)


def _holders(d: dict[str, Any]) -> str:
    """Who holds the company's shares: the seat (and its partner), the top rival."""
    if not d["rival_most"]:
        ours = d["yours"] + (d.get("partner") or 0)
        if d.get("partner") is not None:
            return _("your team holds {n} {company} and no rival holds any").format(
                n=ours, company=d["company"])
        return _("you hold {n} {company} and no rival holds any").format(
            n=ours, company=d["company"])
    if d.get("partner") is not None:
        return _("your team holds {n} {company}, a rival up to {rival}").format(
            n=d["yours"] + d["partner"], company=d["company"], rival=d["rival_most"])
    return _("you hold {n} {company}, a rival up to {rival}").format(
        n=d["yours"], company=d["company"], rival=d["rival_most"])


def _worth(now: int | None, expected: int) -> str:
    """A share's worth now, or without a locomotive the average to come."""
    if now is None:
        return _("no locomotive yet: about {expected} a share with those to come").format(
            expected=expected)
    return _("{now} a share now").format(now=now)


def _change(d: dict[str, Any]) -> str:
    """A line's worth before and after a station is laid."""
    if d["now"] is not None:
        return _("{before} to {after} a share").format(before=d["now"], after=d["now_after"])
    return _("about {before} to {after} a share with the locomotives to come").format(
        before=d["expected"], after=d["expected_after"])


def _chance(d: dict[str, Any]) -> str:
    card = d["card"]
    top = d["top"]
    if top is not None and top["company"] == card["company"] \
            and top["strength"] > card["strength"]:
        return _("{top} in the trick beats it.").format(top=card_name(top))
    if d["chance"] == 0:
        return _("{card} cannot win this trick.").format(card=card_name(card))
    if d["stronger_unseen"] == 0:
        return ngettext("No stronger {company} card is left in another hand ({out} is out, "
                        "{mine} in yours): it wins the trick.",
                        "No stronger {company} card is left in another hand ({out} are out, "
                        "{mine} in yours): it wins the trick.", d["stronger_out"]).format(
            company=card["company"], out=d["stronger_out"], mine=d["stronger_mine"])
    if d["to_play"] == 0:
        return _("It beats {top}, the last card to beat: it wins the trick.").format(
            top=card_name(top)) if top else _("It wins the trick.")
    if d["chance"] >= 1:
        return _("No seat still to play can hold a stronger {company} card: it wins the "
                 "trick.").format(company=card["company"])
    return ngettext("It wins the trick {pct}% of the time: {n} stronger {company} card may "
                    "be in the hands still to play.",
                    "It wins the trick {pct}% of the time: {n} stronger {company} cards may "
                    "be in the hands still to play.", d["stronger_unseen"]).format(
        pct=round(100 * d["chance"]), n=d["stronger_unseen"], company=card["company"])


def _stakes_share(d: dict[str, Any]) -> str:
    return _("This trick wins {entry} ({worth}); {holders}.").format(
        entry=entry_name(d["entry"]), worth=_worth(d["now"], d["expected"]),
        holders=_holders(d))


def _if_lost(d: dict[str, Any]) -> str:
    return _("If it loses, {card} becomes {share} ({worth}); {holders}.").format(
        card=card_name(d["card"]), share=a_share(d["company"]),
        worth=_worth(d["now"], d["expected"]), holders=_holders(d))


def _placed(d: dict[str, Any], thing: str) -> str:
    said = _("{thing} at the {end} end of {company}: {change}; {holders}.").format(
        thing=thing, end=end_word(d["end"]), company=d["company"], change=_change(d),
        holders=_holders(d))
    if "other_end" in d and d["other_end"] != d["expected_after"]:
        said = then(said, _("At the other end: about {worth}.").format(worth=d["other_end"]))
    return said


_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "win_chance": _chance,
    "void": lambda d: _("You hold no {led} card, so any card goes: {card} cannot win.").format(
        led=d["led"], card=card_name(d["card"])),
    "follow": lambda d: _("You must follow {led}: you hold {n} of it.").format(
        led=d["led"], n=d["held"]),
    "stakes_share": _stakes_share,
    "if_lost": _if_lost,
    "stakes_place": lambda d: _("This trick wins {entry}, and every card played is laid on "
                                "its line.").format(entry=entry_name(d["entry"])),
    "laid": lambda d: _placed(d, _("{card}, laid after the trick,").format(
        card=card_name(d["card"]))),
    "city": lambda d: _placed(d, _("{city} ({value})").format(city=place(d["name"]),
                                                              value=d["value"])),
    "lay": lambda d: _placed(d, card_name(d["card"])),
    "locomotive": lambda d: ngettext(
        "Locomotive {name} on {company}: its best {stations} station earns {run}, less "
        "{cost}: {worth} a share; {holders}.",
        "Locomotive {name} on {company}: its best {stations} stations earn {run}, less "
        "{cost}: {worth} a share; {holders}.", d["stations"]).format(
        name=d["name"], company=d["company"], stations=d["stations"], run=d["run"],
        cost=d["cost"], worth=d["worth"], holders=_holders(d)),
    "if_won_city": lambda d: _("If it wins, {city} ({value}) goes at the {end} end of "
                               "{company}: {change}; {holders}.").format(
        city=place(d["name"]), value=d["value"], end=end_word(d["end"]), company=d["company"],
        change=_change(d), holders=_holders(d)),
    "if_won_locomotive": lambda d: _("If it wins, locomotive {name} goes on {company}: {worth} "
                                     "a share as the line stands, its cost {cost} paid; "
                                     "{holders}.").format(
        name=d["name"], company=d["company"], worth=d["worth"], cost=d["cost"],
        holders=_holders(d)),
    "held_back": lambda d: _("A rival holds more {company} than you ({rival} to {n}): the "
                             "line stays at about {after} a share, not {other}.").format(
        company=d["company"], rival=d["rival_most"], n=d["yours"], after=d["after"],
        other=d["other_end"]),
    "locomotive_elsewhere": lambda d: _("On {company} it would make {worth} a share; "
                                        "{holders}.").format(company=d["company"],
                                                             worth=d["worth"],
                                                             holders=_holders(d)),
}
