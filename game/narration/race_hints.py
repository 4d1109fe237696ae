"""An Eighty Days hint in the players' words: the move (a card taken, a leg
travelled and how it is paid, a die kept or rolled again, ...) and each
reason of game/bots/families/race_hints.py, with its numbers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.narration.hints import then
from game.narration.race import ACTION_NAMES, CHIP_WORDS, card_text, event_name, kind_word
from game.words.i18n import _, joined, ngettext, number
from game.words.places import pair, place


def _cards(cards: list) -> str:
    return joined(card_text(c) for c in cards) or _("no cards")


def _leg(d: dict[str, Any]) -> str:
    return pair(d["from"], d["to"])


def _days(n: float) -> str:
    """A number of days, a whole one without decimals."""
    return number(n, 0 if float(n).is_integer() else 1)


def action_words(action: dict[str, Any], view: dict[str, Any]) -> str | None:
    """The move as the hint says it ("Travel Paris - Brindisi with train 4")."""
    kind = action.get("type")
    if kind == "take":
        slot = view["track"][action["slot"]]
        return _("Take {card} ({action})").format(card=card_text(slot["card"]),
                                                  action=_(ACTION_NAMES[slot["action"]]))
    if kind == "move":
        me = view["players"][view["you"]]
        leg = pair(me["city"], view["route"][me["at"] + 1])
        said = _("Travel {leg} with {cards}").format(leg=leg, cards=_cards(action["cards"]))
        extra = []
        if action["balloon"] is not None:
            extra.append(_("balloon for {card}").format(card=card_text(action["balloon"])))
        extra += [event_name(e) for e in action["events"]]
        return _("{move} ({details})").format(move=said, details=joined(extra)) if extra \
            else said
    if kind == "play_event":
        said = _("Play {event}").format(event=event_name(action["event"]))
        if "city" in action:
            return _("{play}: the detective to {city}").format(play=said,
                                                              city=place(action["city"]))
        return said
    if kind == "detective":
        return _("Send the detective to {city}").format(city=place(action["city"]))
    if kind == "exchange":
        return _("Exchange {cards}").format(cards=_cards(action["cards"]))
    if kind == "buy":
        return _("Buy a travel card") if action["pile"] == "travel" else _("Buy an event card")
    if kind == "discard":
        return _("Discard {card}").format(card=card_text(action["card"]))
    if kind == "discard_event":
        return _("Discard {event}").format(event=event_name(action["event"]))
    if kind == "reroll":
        return _("Roll the die again")
    if kind == "accept":
        pending = view["private"].get("pending") or {}
        return _("Keep the roll of {roll}").format(roll=pending.get("roll"))
    if kind == "bonus":
        pending = view["private"].get("pending") or {}
        chip = _(CHIP_WORDS[pending["chip"]])
        if action["take"]:
            return _("Take the chip: {chip}").format(chip=chip)
        return _("Leave the chip ({chip})").format(chip=chip)
    simple = {"take_deck": _("Take the deck's top card"), "coin": _("Take a coin"),
              "draw_event": _("Draw an event card"), "start_player": _("Start the next round"),
              "end_turn": _("End your turn")}
    return simple.get(str(kind))


def reason_words(reason: Any, seat_name: Callable[[int], str]) -> str | None:
    """One reason of race_hints.explain as a sentence (None: no words for it)."""
    d, code = reason.data, reason.code
    words = _WORDS.get(code)
    return None if words is None else words(d, seat_name)


def _take_card(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    said = _("With {card} your legs to {city} take about {with_it} days ({without} without "
             "it).").format(card=card_text(d["card"]), city=place(d["to"]), with_it=d["with"],
                            without=d["without"])
    if "next_card" in d:
        said = then(said, _("With {card} instead: about {days}.").format(
            card=card_text(d["next_card"]), days=d["next_days"]))
    return said


def _pays_leg(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    if d["before"] is None:
        return _("It lets you pay {leg}: {cards}, {days} days.").format(
            leg=_leg(d), cards=_cards(d["cards"]), days=d["days"])
    return _("It pays {leg} in {days} days instead of {before}: {cards}.").format(
        leg=_leg(d), cards=_cards(d["cards"]), days=d["days"], before=d["before"])


def _balloon(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    return _("The balloon's die instead of {card} on {leg}: {better} of {sides} faces do "
             "better, {same} the same; about {expected} days in all, against {plain}.").format(
        card=card_text(d["card"]), leg=_leg(d), better=d["better"], sides=d["sides"],
        same=d["same"], expected=_days(d["expected"]), plain=d["plain"])


def _move_leg(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    if d["days"] is None:
        return _("{leg} with {cards}, one of them by balloon.").format(
            leg=_leg(d), cards=_cards(d["cards"]))
    return _("{leg} with {cards}: {days} days (your days go from {before} to {after}).").format(
        leg=_leg(d), cards=_cards(d["cards"]), days=d["days"], before=d["before"],
        after=d["after"])


def _event_days(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    event = event_name(d["event"])
    if d["as"] != d["event"]:
        event = _("{card} as {event}").format(card=event, event=event_name(d["as"]))
    return _("{event} makes it {with_it} days instead of {without}.").format(
        event=event, with_it=d["with"], without=d["without"])


def _other_way(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    saved = d["saved"]
    if saved > 0:
        return ngettext("It saves {saved} day over {cards} ({days} days).",
                        "It saves {saved} days over {cards} ({days} days).",
                        int(saved) if float(saved).is_integer() else 2).format(
            saved=_days(saved), cards=_cards(d["cards"]), days=d["days"])
    if saved == 0:
        return _("{cards} would take as long ({days} days).").format(
            cards=_cards(d["cards"]), days=d["days"])
    return _("{cards} would be {n} days quicker ({days} days) but spends other cards.").format(
        cards=_cards(d["cards"]), n=_days(-saved), days=d["days"])


def _detective(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    if d["next_for"]:
        return _("{city} is the next city of {names}: a turn ended in the detective's city "
                 "costs {days} days.").format(city=place(d["city"]), days=d["days"],
                                              names=joined(seat_name(s) for s in d["next_for"]))
    return _("The detective waits in {city}: a turn ended there costs {days} days.").format(
        city=place(d["city"]), days=d["days"])


def _event_draw(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    if not d["deck"]:
        return _("The event deck is empty: its discard is shuffled into a new one.")
    if not d["blue"]:
        return _("The event deck holds {deck} cards, none that costs every traveller "
                 "days.").format(deck=d["deck"])
    said = _("The event deck holds {deck} cards; {blue} of them cost every traveller days "
             "({cards}): {chance}% to draw one.").format(
        deck=d["deck"], blue=d["blue"], chance=round(100 * d["blue"] / d["deck"]),
        cards=joined(_("{event} +{days}").format(event=event_name(name), days=days)
                     for name, days in d["blue_days"].items()))
    if d["held"]:
        said = then(said, ngettext("It would also send your {n} event card back to the deck.",
                                   "It would also send your {n} event cards back to the deck.",
                                   d["held"]).format(n=d["held"]))
    return said


def _buy(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    if d["pile"] == "travel":
        return _("A travel card for your coins: {before} to {after}.").format(**d)
    return _("An event card for your coins: {before} to {after}.").format(**d)


def _chip(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    words = dict(color=_(d["color"]), city=place(d["city"]), chip=_(CHIP_WORDS[d["chip"]]))
    if d["take"]:
        return _("The {color} chip in {city} gives {chip}.").format(**words)
    return _("The {color} chip in {city} ({chip}) is left.").format(**words)


def _die(d: dict[str, Any], seat_name: Callable[[int], str]) -> str:
    return _("The die shows {roll}: {better} of {sides} faces do better; rolling again "
             "(for {cost} coin) is worth about {expected}.").format(
        roll=d["roll"], better=d["better"], sides=d["sides"], cost=d["cost"],
        expected=_days(d["expected"]))


_WORDS: dict[str, Callable[[dict[str, Any], Callable[[int], str]], str]] = {
    "take_card": _take_card,
    "pays_leg": _pays_leg,
    "deck_card": lambda d, n: _("Your legs to {city} take about {days} days with your hand; "
                                "the deck's card may help.").format(city=place(d["to"]),
                                                                    days=d["days"]),
    "coin": lambda d, n: _("Your coins go from {before} to {after}.").format(**d),
    "balloon": _balloon,
    "move_leg": _move_leg,
    "event_days": _event_days,
    "other_way": _other_way,
    "only_way": lambda d, n: _("It is the only way your hand pays {leg}.").format(leg=_leg(d)),
    "kept_for": lambda d, n: _("It keeps {cards} for {leg} ({days} days).").format(
        cards=_cards(d["cards"]), leg=_leg(d), days=d["days"]),
    "kept_short": lambda d, n: _("The cards it keeps ({kept}) do not pay {leg} yet.").format(
        kept=_cards(d["kept"]), leg=_leg(d)),
    "no_cards_leg": lambda d, n: _("{leg} takes no cards: {days} days.").format(
        leg=_leg(d), days=d["days"]),
    "elephant": lambda d, n: _(
        "The Elephant on {leg}: {base} days and the die, against {without}; {better} of "
        "{sides} faces do better, about {expected} days in all.").format(
        leg=_leg(d), base=d["base"], without=d["without"], better=d["better"],
        sides=d["sides"], expected=_days(d["expected"])),
    "offer": lambda d, n: (_("Offer: {leg} in {days} days; your hand cannot pay it.").format(
        leg=_leg(d), days=d["days"]) if d["cards"] is None else _(
        "Offer: {leg} in {days} days instead of {cards_days} without cards.").format(
        leg=_leg(d), days=d["days"], cards_days=d["cards_days"]) if not d["cards"] else _(
        "Offer: {leg} in {days} days; your quickest cards, {cards}, take {cards_days}.").format(
        leg=_leg(d), days=d["days"], cards=_cards(d["cards"]), cards_days=d["cards_days"])),
    "reroll": _die,
    "accept": _die,
    "detective": _detective,
    "start_player": lambda d, n: _("You start the next round and take the first card."),
    "event_draw": _event_draw,
    "exchange": lambda d, n: _("Without {cards} your legs to {city} take about {without} days "
                               "({with_it} now), before the new cards.").format(
        cards=_cards(d["cards"]), city=place(d["to"]), without=d["without"], with_it=d["with"]),
    "distraction": lambda d, n: (_(
        "You are in the detective's city, {city}: Distraction saves the {days} days he "
        "costs.") if d["beside"] else _(
        "Distraction keeps the detective ({city}) off you this turn: he costs {days} "
        "days.")).format(city=place(d["city"]), days=d["days"]),
    "event_coin": lambda d, n: _("{event} for a coin: {before} to {after}.").format(
        event=event_name(d["event"]), before=d["before"], after=d["after"]),
    "swap": lambda d, n: _("It swaps {a} ({a_action}) and {b} ({b_action}) on the "
                           "track.").format(
        a=card_text(d["cards"][0]) if d["cards"][0] else _("no card"),
        b=card_text(d["cards"][1]) if d["cards"][1] else _("no card"),
        a_action=_(ACTION_NAMES[d["actions"][0]]), b_action=_(ACTION_NAMES[d["actions"][1]])),
    "buy": _buy,
    "cannot_pay": lambda d, n: _("Your hand ({hand}) cannot pay {leg}: it needs "
                                 "{needs}.").format(hand=_cards(d["hand"]), leg=_leg(d),
                                                    needs=joined(kind_word(k) for k in d["needs"])),
    "discard": lambda d, n: _("You hold {held} cards, {limit} at most: without {card} your "
                              "legs to {city} take about {without} days ({with_it} now).").format(
        held=d["held"], limit=d["limit"], card=card_text(d["card"]), city=place(d["to"]),
        without=d["without"], with_it=d["with"]),
    "discard_event": lambda d, n: _("You hold {held} cards, {limit} at most: {event} goes."
                                    ).format(held=d["held"], limit=d["limit"],
                                             event=event_name(d["event"])),
    "stay": lambda d, n: _("You stay for now: your quickest way on, {leg} with {cards}, "
                           "takes {days} days.").format(leg=_leg(d), cards=_cards(d["cards"]),
                                                        days=d["days"]),
    "caught": lambda d, n: _("You end your turn in the detective's city, {city}: +{days} "
                             "days.").format(city=place(d["city"]), days=d["days"]),
    "leader": lambda d, n: _("{name} leads with {days} days in {city}; you have {yours} in "
                             "{your_city}.").format(name=n(d["seat"]), days=d["days"],
                                                    city=place(d["city"]), yours=d["yours"],
                                                    your_city=place(d["city_yours"])),
    "rival_home": lambda d, n: _("{name} is back in London in {days} days; you have "
                                 "{yours}.").format(name=n(d["seat"]), days=d["days"],
                                                    yours=_days(d["yours"])),
    "chip": _chip,
}

