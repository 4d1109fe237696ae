"""Action shapes of the route games, and the checks an action meets before
its handler runs: its shape, the seat, and whose turn it is.

`ActionChecks` is a mixin of the route state (engine.RoutesState): it reads
the state's fields and changes nothing. A rollout's every move passes
`_quick_kind`; anything else goes through `_check_shape`, which refuses a
wrong action with the reason.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Action, IllegalAction
from game.rules.words import N_

SHAPES: dict[str, dict[str, type]] = {
    "keep_tickets": {"keep": list},
    "draw_deck": {},
    "draw_face_up": {"slot": int},
    "claim": {"track": str, "cards": dict},
    "draw_tickets": {},
    "draw_ferry": {},
    "pass": {},
}

_SHAPE_KEYS = {kind: frozenset(("type", *shape)) for kind, shape in SHAPES.items()}
# per type: (keys with "type", (key, its exact type), ..., a second card's draw)
_QUICK_SHAPES = {kind: (len(shape) + 1, tuple(shape.items()),
                        kind in ("draw_deck", "draw_face_up"))
                 for kind, shape in SHAPES.items()}


class ActionChecks:
    """The shape and turn checks of the route state's actions."""

    def _quick_kind(self, seat: Any, action: Any) -> str | None:
        """The action's type when `_check_shape` surely passes it: a move of
        the seat whose turn it is, of exact types (a rollout's every move);
        None sends anything else to the full check and its refusal."""
        if type(action) is not dict or type(seat) is not int or seat != self.current \
                or self.phase != "play":
            return None
        kind = action.get("type")
        quick = _QUICK_SHAPES.get(kind) if type(kind) is str else None
        if quick is None or len(action) != quick[0]:
            return None
        for key, typ in quick[1]:
            if type(action.get(key)) is not typ:
                return None
        if self.pending[seat] is not None and kind != "keep_tickets" \
                or self.cards_drawn and not quick[2] or kind == "pass":
            return None
        return kind

    def _check_shape(self, seat: Any, action: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(N_("there is no seat {seat} in this game"), seat=repr(seat))
        if not isinstance(action, dict):
            raise IllegalAction(N_("an action must be a dict with a 'type'"))
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in SHAPES:
            raise IllegalAction(N_("unknown action type {kind}; actions are {kinds}"),
                                kind=repr(kind), kinds=list(SHAPES))
        shape = SHAPES[kind]
        # "type" plus exactly the shape's keys (the quick test; the message
        # below is only built for a wrong action)
        if action.keys() != _SHAPE_KEYS[kind]:
            keys = set(action) - {"type"}
            missing, extra = set(shape) - keys, keys - set(shape)
            raise IllegalAction(N_("'{kind}' action: missing {missing}; unexpected {extra}"),
                                kind=kind, missing=sorted(missing) or "-",
                                extra=sorted(map(str, extra)) or "-")
        for key, typ in shape.items():
            value = action[key]
            if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
                raise IllegalAction(N_("'{kind}' action: '{key}' must be a {type}"),
                                    kind=kind, key=key, type=typ.__name__)
        if self.phase == "over":
            raise IllegalAction(N_("the game is over"), "over")
        if not self._may_act(seat):
            if self.phase == "setup":
                raise IllegalAction(N_("you have already chosen your tickets; "
                                       "waiting for the others"))
            raise IllegalAction(N_("it is not your turn (seat {seat} is playing)"),
                                "not_your_turn", seat=self.current + 1)
        if self.pending[seat] is not None and kind != "keep_tickets":
            raise IllegalAction(N_("choose which tickets to keep first"))
        if self.cards_drawn and kind not in ("draw_deck", "draw_face_up"):
            raise IllegalAction(N_("you took one train card: take your second card"))
        if kind == "pass" and self.legal_actions(seat) != [{"type": "pass"}]:
            raise IllegalAction(N_("you can still act, so you cannot pass"))
        return kind


def copy_action(action: Action) -> Action:
    """A copy for the history that shares nothing the caller could change later
    (a well-formed action: only "cards" and "keep" hold containers)."""
    out = dict(action)
    if "cards" in out:
        out["cards"] = dict(out["cards"])
    elif "keep" in out:
        out["keep"] = list(out["keep"])
    return out
