"""Railway Tricks' action shapes, and the checks an incoming action passes
before the engine carries it out: its shape, the turn, and the company,
end and card it names.

A mixin of the game state (engine.TricksState): it reads the state's fields
and changes nothing.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import IllegalAction
from game.rules.words import N_

ENDS = ("left", "right")
CARD_KEYS = frozenset(("company", "strength", "value"))
SHAPES: dict[str, dict[str, type]] = {
    "play": {"card": dict},
    "city": {"company": str, "end": str},
    "locomotive": {"company": str},
    "lay": {"end": str},
}
# the keys of each action type: "type" and its shape's
SHAPE_KEYS = {kind: frozenset(("type", *shape)) for kind, shape in SHAPES.items()}
PHASE_ASKS = {
    "play": N_("play a card"),
    "city": N_("lay the city you won"),
    "locomotive": N_("place the locomotive you won"),
    "lay": N_("lay your played card on its line"),
}


class ActionChecks:
    """The checks of the state's actions (see engine.py for every action)."""

    def _check_shape(self, seat: Any, action: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(N_("there is no seat {seat} in this game"), seat=repr(seat))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(N_("an action must be a dict with a 'type'"))
        kind = action["type"]
        shape = SHAPES.get(kind)
        if shape is None:
            raise IllegalAction(N_("unknown action type {kind}; actions are {kinds}"),
                                kind=repr(kind), kinds=list(SHAPES))
        if action.keys() != SHAPE_KEYS[kind]:
            missing = [k for k in shape if k not in action]
            extra = [k for k in action if k != "type" and k not in shape]
            raise IllegalAction(N_("'{kind}' action: missing {missing}; unexpected {extra}"),
                                kind=kind, missing=missing or "-",
                                extra=list(map(str, extra)) or "-")
        for key, typ in shape.items():
            if not isinstance(action[key], typ):
                raise IllegalAction(N_("'{kind}' action: '{key}' must be a {type}"),
                                    kind=kind, key=key, type=typ.__name__)
        if self.phase == "over":
            raise IllegalAction(N_("the game is over"), "over")
        acting = self.lay_queue[0] if self.phase == "lay" else self.current
        if seat != acting:
            raise IllegalAction(N_("it is not your turn (seat {seat} must {ask})"),
                                "not_your_turn", seat=acting + 1, ask=PHASE_ASKS[self.phase])
        if kind != self.phase:
            raise IllegalAction(N_("now you must {ask}"), ask=PHASE_ASKS[self.phase])
        return kind

    def _company(self, name: str) -> int:
        try:
            return self.data.companies.index(name)
        except ValueError:
            raise IllegalAction(N_("there is no company {company}; companies: {companies}"),
                                company=repr(name), companies=list(self.data.companies)) from None

    def _end(self, end: str) -> str:
        if end not in ENDS:
            raise IllegalAction(N_("'end' is 'left' or 'right', not {end}"), end=repr(end))
        return end

    def _card(self, given: dict) -> int:
        if not CARD_KEYS.issuperset(given):
            extra = [k for k in given if k not in CARD_KEYS]
            raise IllegalAction(N_("a card has a company, a strength and a value, not "
                                   "{keys}"), keys=list(map(str, extra)))
        name, strength = given.get("company"), given.get("strength")
        if not isinstance(name, str):
            raise IllegalAction(N_("a card needs its 'company' (a name)"))
        if not isinstance(strength, int) or isinstance(strength, bool) \
                or not 1 <= strength <= self.data.strengths:
            raise IllegalAction(N_("a card's 'strength' is a whole number 1-{top}"),
                                top=self.data.strengths)
        card = self.data.card_number(self._company(name), strength)
        if "value" in given and given["value"] != self.data.card_values[card]:
            raise IllegalAction(N_("{company} {strength} has the station value {value}, "
                                   "not {given}"), company=name, strength=strength,
                                value=self.data.card_values[card], given=repr(given["value"]))
        return card

