"""The race lesson's pickers (the move the coach suggests) and facts (the
position's own numbers and names, worded for the coach's sentences).

Every picker returns a legal action whatever the position: the one a step
is about when it is there, else what the learner's own planning bot would
play, so a lesson that went another way (a step played differently) still
runs to its end.
"""

from __future__ import annotations

from typing import Any

from game.bots import make_bot
from game.learn.lesson import Picker
from game.narration.race import card_text
from game.rules.base import Action, View
from game.words.i18n import _, listed

PLAN_SEED = 80


def planned(view: View, legal: list[Action]) -> Action:
    """What the learner's own planning bot (greedy) plays here."""
    return make_bot("greedy", seed=PLAN_SEED + view["turn"]).choose(view, legal, None)


def keeping(cards: list[list]) -> Picker:
    """What the learner's plan plays, without spending or giving up `cards`
    (kept for a later step)."""
    def pick(view: View, legal: list[Action]) -> Action:
        hand = list(view["private"]["hand"])
        for card in cards:
            if card in hand:
                hand.remove(card)
        allowed = [a for a in legal if _spends_only(a, hand)]
        return planned(view, allowed or legal)
    return pick


def _spends_only(action: Action, hand: list[list]) -> bool:
    """Whether `action` gives up only cards of `hand` (a multiset)."""
    given = list(action.get("cards", ()))
    if action["type"] == "discard":
        given = [action["card"]]
    rest = list(hand)
    for card in given:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def first_of(kind: str, **fields: Any) -> Picker:
    """The first legal action of type `kind` with `fields` (else the plan)."""
    def pick(view: View, legal: list[Action]) -> Action:
        for action in legal:
            if action["type"] == kind and all(action.get(k) == v for k, v in fields.items()):
                return action
        return planned(view, legal)
    return pick


def take_slot(slot_action: str) -> Picker:
    """Take the card lying in the track slot of `slot_action` (else the plan)."""
    def pick(view: View, legal: list[Action]) -> Action:
        for action in legal:
            if action["type"] == "take" and \
                    view["track"][action["slot"]]["action"] == slot_action:
                return action
        return planned(view, legal)
    return pick


def turn(take: str, cards: list[list] | None = None, balloon: list | None = None,
         events: tuple[str, ...] = (), keep: tuple = (), detective: str | None = None,
         buy: str | None = None, then_play: str | None = None) -> Picker:
    """A whole turn's plan, one action at a time: take the card of the `take`
    slot, use its action (a coin, an event card), travel with `cards`
    (`balloon`, `events`), take a bonus chip, roll again on a die of 4 or
    more while a coin is left, end the turn. `detective`: the city the
    Detective slot sends him to; `buy`: the pile bought from before moving
    (when the slot's action is done); `then_play`: the event card played
    after moving. Where the plan does not fit the position, the learner's
    plan (keeping `keep`) plays."""
    fallback = keeping([list(c) for c in keep])
    move = None if cards is None else {"type": "move", "cards": sorted(cards),
                                       "balloon": balloon, "events": sorted(events)}

    def pick(view: View, legal: list[Action]) -> Action:
        wanted = pending(view)
        if wanted.get("kind") == "reroll":
            return die_choice(view, legal)
        if wanted.get("kind") == "bonus":
            return {"type": "bonus", "take": True}
        state = view["turn_state"]
        if not state["taken"]:
            return take_slot(take)(view, legal)
        for kind in ("coin", "draw_event"):
            if {"type": kind} in legal:
                return {"type": kind}
        sent = {"type": "detective", "city": detective}
        if sent in legal:
            return sent
        bought = {"type": "buy", "pile": buy}
        if state["moves"] == 0 and state["action"] is None and bought in legal \
                and not view["private"]["events"]:
            return bought
        played = {"type": "play_event", "event": then_play}
        if state["moves"] and then_play and played in legal:
            return played
        if move in legal:
            return move
        if state["moves"] == 0 and cards is not None:
            return fallback(view, legal)
        return first_of("end_turn")(view, legal) if {"type": "end_turn"} in legal \
            else fallback(view, legal)
    return pick


def die_choice(view: View, legal: list[Action]) -> Action:
    """Keep a roll of 3 or less; pay a coin to roll 4 or more again (a new
    roll averages 3.5)."""
    roll = pending(view).get("roll", 0)
    again = {"type": "reroll"}
    return again if roll >= 4 and again in legal else {"type": "accept"}


# --- facts ---------------------------------------------------------------

def me(view: View) -> dict[str, Any]:
    """The learner's public line of the view."""
    return view["players"][view["you"]]


def hand_words(view: View) -> str:
    """The learner's travel cards in words ("ship 7, ship 8 and train 3")."""
    return listed([card_text(c) for c in view["private"]["hand"]]) or _("no cards")


def slot_card(view: View, slot_action: str) -> str:
    """The card lying in the track slot of `slot_action`, in words ("-": none)."""
    for slot in view["track"]:
        if slot["action"] == slot_action and slot["card"] is not None:
            return card_text(slot["card"])
    return "-"


def pending(view: View) -> dict[str, Any]:
    """The learner's pending decision (a die roll, a bonus chip), or {}."""
    return view["private"].get("pending") or {}

