"""A route-game hint in the players' words: the move (a route and how to pay,
a card, the tickets kept) and each reason of game/bots/families/routes_hints.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.narration.routes import card_word
from game.words import i18n
from game.words.i18n import _, joined, ngettext
from game.words.places import pair, place


def _pair(a: str, b: str) -> str:
    return pair(a, b)


def _cards(cards: dict[str, int]) -> str:
    return joined(_("{n} {card}").format(n=n, card=card_word(c)) for c, n in cards.items())


def action_words(action: dict[str, Any], view: dict[str, Any]) -> str | None:
    kind = action.get("type")
    if kind == "claim":
        from game.rules.routes.board import load_board

        track = load_board(view["board"]).track_by_id[action["track"]]
        return _("Claim {route} with {cards}").format(route=_pair(track.a, track.b),
                                                      cards=_cards(action["cards"]))
    if kind == "draw_face_up":
        return _("Take the face-up {card}").format(card=card_word(view["face_up"][action["slot"]]))
    if kind == "draw_deck":
        return _("Draw from the deck")
    if kind == "draw_tickets":
        return _("Draw tickets")
    if kind == "draw_ferry":
        return _("Draw a ferry card")
    if kind == "keep_tickets":
        offered = {t["id"]: t for t in (view["private"].get("pending") or {}).get("options", ())}
        kept = [offered[i] for i in action.get("keep", ()) if i in offered]
        return _("Keep {tickets}").format(tickets=joined(_pair(t["a"], t["b"]) for t in kept))
    return None


def reason_words(reason: Any, seat_name: Callable[[int], str]) -> str | None:
    d = reason.data
    code = reason.code
    if code == "route_points":
        return ngettext("The route is {length} train long: {points} point now.",
                        "The route is {length} trains long: {points} points now.",
                        d["length"]).format(length=d["length"], points=d["points"])
    if code == "ticket_done":
        return _("It completes your ticket {route}: +{points}.").format(
            route=_pair(d["a"], d["b"]), points=d["points"])
    if code == "ticket_closer":
        return _("Your ticket {route} ({points}) needs {after} more trains, down from "
                 "{before}.").format(route=_pair(d["a"], d["b"]), points=d["points"],
                                     after=d["after"], before=d["before"])
    if code == "longest":
        return _("Your longest route grows from {before} to {after} trains.").format(**d)
    if code == "contested":
        return _("{names} already build at {city}.").format(
            names=joined(seat_name(s) for s in d["seats"]), city=place(d["city"]))
    if code == "locomotive":
        return _("A locomotive pays for any colour (you hold {have}).").format(**d)
    if code == "colour_for_route":
        return _("{card} is what {route} ({length}) needs on the way to your tickets; "
                 "you hold {have}.").format(card=card_word(d["colour"]).capitalize()
                                            if i18n.language() != "ja"
                                            else card_word(d["colour"]),
                                            route=_pair(d["a"], d["b"]),
                                            length=d["length"], have=d["have"])
    if code == "colour_count":
        return _("You hold {have} {card}: more of one colour pays for a longer route.").format(
            have=d["have"], card=card_word(d["colour"]))
    if code == "ferry_for_route":
        return _("{route} crosses the sea: {n} of its spaces are ferry spaces.").format(
            route=_pair(d["a"], d["b"]), n=d["ferries"])
    if code == "deck_over_face_up":
        if not d["needed"]:
            return _("No face-up card is one your tickets' routes need.")
        return _("Your tickets' routes need {needed}; none of them is face up.").format(
            needed=joined(card_word(c) for c in d["needed"]))
    if code == "keep_ticket":
        if d["trains"] is None:
            return _("{route} ({points}) is blocked already.").format(
                route=_pair(d["a"], d["b"]), points=d["points"])
        return _("{route} is worth {points} for {trains} more trains.").format(
            route=_pair(d["a"], d["b"]), points=d["points"], trains=d["trains"])
    if code == "more_tickets":
        return _("Your {open} open tickets need {needed} more trains, and you have "
                 "{trains} left.").format(**d)
    return None
