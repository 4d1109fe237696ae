"""The route games in the player's words: card colours and the log's sentences."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.narration import actor
from game.rules.base import Event
from game.rules.routes.board import load_board
from game.words.i18n import N_, _, ngettext
from game.words.places import place

# The train card colours as the Japanese rulebook names them (pink is 紫 there).
CARD_WORDS = {"pink": N_("pink"), "white": N_("white"), "blue": N_("blue"),
              "yellow": N_("yellow"), "orange": N_("orange"), "black": N_("black"),
              "red": N_("red"), "green": N_("green"), "gray": N_("gray"),
              "locomotive": N_("locomotive"), "ferry": N_("ferry")}


def card_word(card: str) -> str:
    """A card colour (or locomotive, ferry) in the player's language."""
    return _(CARD_WORDS.get(card, card))


def describe(event: Event, seat_name: Callable[[int], str], view: dict[str, Any]) -> str | None:
    """The board log's line for one event (game/narration/__init__.py)."""
    kind = event["type"]
    who = actor(event, seat_name)
    if kind == "card_drawn":
        if event["source"] == "face_up":
            return _("{name} took a face-up {color}").format(
                name=who, color=card_word(event["card"]))
        return _("{name} drew from the deck").format(name=who)
    if kind == "route_claimed":
        t = load_board(view["board"]).track_by_id[event["track"]]
        return _("{name} claimed {a}-{b} (+{points})").format(
            name=who, a=place(t.a), b=place(t.b), points=event["points"])
    lines = {
        "tickets_kept": lambda: ngettext("{name} kept {count} ticket",
                                         "{name} kept {count} tickets",
                                         event["kept"]).format(name=who, count=event["kept"]),
        "ferry_drawn": lambda: _("{name} took a ferry card").format(name=who),
        "passed": lambda: _("{name} could not act and passed").format(name=who),
        "final_round": lambda: ngettext(
            "Final round: {name} has {count} train left",
            "Final round: {name} has {count} trains left",
            event["trains"]).format(name=who, count=event["trains"]),
        "face_up_reset": lambda: _("Three face-up locomotives: the row was replaced"),
        "game_over": lambda: _("The game is over"),
    }
    return lines[kind]() if kind in lines else None
