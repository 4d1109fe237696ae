"""The race in the player's words: card kinds, event names, places in order."""

from __future__ import annotations

from game.i18n import N_, _

ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
KIND_WORDS = {"train": N_("train"), "ship": N_("ship")}
# The event cards as the Japanese rulebook's summary names them.
EVENT_NAMES = {
    "Distraction": N_("Distraction"), "Offer": N_("Offer"), "Balloon": N_("Balloon"),
    "Connection": N_("Connection"), "Detective": N_("Detective"), "Elephant": N_("Elephant"),
    "Opportunity": N_("Opportunity"), "Princess": N_("Princess"),
    "Propeller train": N_("Propeller train"), "Submarine": N_("Submarine"), "Swap": N_("Swap"),
    "Storm": N_("Storm"), "Delay": N_("Delay")}


def ordinal(n: int) -> str:
    return _(ORDINALS[n]) if n in ORDINALS else _("{number}th").format(number=n)


def kind_word(kind: str) -> str:
    """A travel card's kind (train, ship) in the player's language."""
    return _(KIND_WORDS.get(kind, kind))


def event_name(name: str) -> str:
    return _(EVENT_NAMES.get(name, name))
