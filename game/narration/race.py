"""The race in the player's words: card kinds, event names, places in order,
the action track's spaces, bonus chips and the log's sentences."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.narration import actor
from game.rules.base import Event
from game.words.i18n import N_, _, joined, listed, ngettext
from game.words.places import place

ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
KIND_WORDS = {"train": N_("train"), "ship": N_("ship")}
# The event cards as the Japanese rulebook's summary names them.
EVENT_NAMES = {
    "Distraction": N_("Distraction"), "Offer": N_("Offer"), "Balloon": N_("Balloon"),
    "Connection": N_("Connection"), "Detective": N_("Detective"), "Elephant": N_("Elephant"),
    "Opportunity": N_("Opportunity"), "Princess": N_("Princess"),
    "Propeller train": N_("Propeller train"), "Submarine": N_("Submarine"), "Swap": N_("Swap"),
    "Storm": N_("Storm"), "Delay": N_("Delay"),
    # a bonus chip that costs every other traveller a day (days_lost, why "chip")
    "chip": N_("chip")}


# The action track's spaces (English words, marked for the catalogs).
ACTION_NAMES = {"coin": N_("Coin"), "balloon": N_("Balloon"), "event": N_("Event"),
                "detective": N_("Detective"), "start_player": N_("Start player"),
                "exchange": N_("Exchange")}
# What a bonus chip gives, in words.
CHIP_WORDS = {"coin": N_("a coin"), "travel": N_("a travel card"),
              "event": N_("an event card"),
              "delay_others": N_("every other traveller loses a day")}
# What a die is thrown for, as die_rolled events name it.
PURPOSES = {"balloon": N_("balloon"), "elephant": N_("elephant")}


def ordinal(n: int) -> str:
    return _(ORDINALS[n]) if n in ORDINALS else _("{number}th").format(number=n)


def kind_word(kind: str) -> str:
    """A travel card's kind (train, ship) in the player's language."""
    return _(KIND_WORDS.get(kind, kind))


def event_name(name: str) -> str:
    return _(EVENT_NAMES.get(name, name))


def card_text(card: list) -> str:
    """A travel card ([kind, days]) in words: "train 3"."""
    return _("{kind} {days}").format(kind=kind_word(card[0]), days=card[1])


def describe(event: Event, seat_name: Callable[[int], str], view: dict[str, Any]) -> str | None:
    """The board log's line for one event (game/narration/__init__.py)."""
    kind = event["type"]
    who = actor(event, seat_name)
    if kind == "moved":
        how = " + ".join(card_text(c) for c in event["cards"]) or _("no cards")
        extra = []
        if event["balloon"]:
            extra.append(_("balloon rolled {roll}").format(roll=event["balloon"]["roll"]))
        if event["elephant"] is not None:
            extra.append(_("elephant rolled {roll}").format(roll=event["elephant"]))
        extra += [event_name(e) for e in event["events"]]
        if extra:
            how = _("{cards} ({details})").format(cards=how, details=listed(extra))
        return _("{name}: {a} to {b}, {how}: {days} days").format(
            name=who, a=place(event["from"]), b=place(event["to"]), how=how,
            days=event["days"])
    if kind == "card_taken":
        if event["slot"] is None:
            return _("{name} took the deck's top card").format(name=who)
        return _("{name} took {card} ({action})").format(
            name=who, card=card_text(event["card"]),
            action=_(ACTION_NAMES[event["action"]]))
    if kind == "die_rolled":
        purpose = _(PURPOSES.get(event["purpose"], event["purpose"]))
        if event["number"] > 1:
            return _("{name} rolled again for the {purpose}: {roll}").format(
                name=who, purpose=purpose, roll=event["roll"])
        return _("{name} rolled for the {purpose}: {roll}").format(
            name=who, purpose=purpose, roll=event["roll"])
    if kind == "days_lost":
        names = joined(seat_name(s) for s in event["seats"])
        if event["why"] == "round":
            return _("New round: +{days} day for {names}").format(days=event["days"],
                                                                  names=names)
        if event["why"] == "detective":
            return _("The detective caught {names}: +{days} days").format(
                names=names, days=event["days"])
        # a blue bonus chip taken by another traveller, or a blue event card
        why = _("Bonus chip") if event["why"] == "chip" else event_name(event["why"])
        return _("{why}: +{days} days for {names}").format(
            why=why, days=event["days"], names=names)
    if kind == "detective_moved":
        return _("{name} sent the detective to {city}").format(name=who,
                                                               city=place(event["to"]))
    if kind == "event_drawn":
        if "event" in event:
            return _("{name} drew {event}!").format(name=who, event=event_name(event["event"]))
        return _("{name} drew an event card").format(name=who)
    if kind == "chip":
        words = dict(name=who, color=_(event["color"]), city=place(event["city"]),
                     chip=_(CHIP_WORDS[event["chip"]]))
        if event["taken"]:
            return _("{name} took the {color} chip in {city} ({chip})").format(**words)
        return _("{name} left the {color} chip in {city} ({chip})").format(**words)
    if kind == "arrived":
        return _("{name} is back in London, {place}: {days} days").format(
            name=who, place=ordinal(event["order"]), days=event["days"])
    lines = {
        "round_started": lambda: _("Round {round} begins").format(round=event["round"]),
        "coin_gained": lambda: _("{name} gained a coin").format(name=who),
        "start_player_taken": lambda: _("{name} will start the next round").format(
            name=who),
        "exchanged": lambda: ngettext("{name} exchanged {count} card",
                                      "{name} exchanged {count} cards",
                                      len(event["cards"])).format(
            name=who, count=len(event["cards"])),
        "cards_swapped": lambda: _("{name} swapped two track cards").format(name=who),
        "event_played": lambda: _("{name} played {event}").format(
            name=who, event=event_name(event["event"])),
        "card_drawn": lambda: _("{name} drew a travel card").format(name=who),
        "discarded": lambda: _("{name} discarded a card").format(name=who),
        "game_over": lambda: _("The race is over"),
    }
    if kind == "coins_paid" and event["why"] == "buy":
        return _("{name} paid {count} coins for a card").format(name=who,
                                                                count=event["coins"])
    return lines[kind]() if kind in lines else None
