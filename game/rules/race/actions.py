"""Action shapes of the race game, and each action in its one canonical form.

`legal_actions` lists actions in canonical form (cards as sorted `[kind,
value]` lists, event names sorted, swap slots in order), so an incoming
action is checked by shape here and then looked up among the legal ones.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Action, IllegalAction
from game.rules.words import N_

SHAPES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "take": {"slot": int}, "take_deck": {}, "coin": {}, "draw_event": {},
    "detective": {"city": str}, "start_player": {}, "exchange": {"cards": list},
    "move": {"cards": list, "balloon": (list, type(None)), "events": list},
    "play_event": {"event": str}, "buy": {"pile": str}, "discard": {"card": list},
    "discard_event": {"event": str}, "end_turn": {}, "reroll": {}, "accept": {},
    "bonus": {"take": bool},
}
OPTIONAL = {"play_event": {"city": str, "slots": list}}


# per type: its keys as sets, and every key it may have with its type(s), in
# the order a wrong type is reported (the shape's keys, then the optional ones)
_REQUIRED = {kind: frozenset(shape) for kind, shape in SHAPES.items()}
_ALLOWED = {kind: frozenset(shape) | frozenset(OPTIONAL.get(kind, {}))
            for kind, shape in SHAPES.items()}
_TYPED = {kind: tuple({**shape, **OPTIONAL.get(kind, {})}.items())
          for kind, shape in SHAPES.items()}


def canonical_action(action: Any) -> tuple[str, Action]:
    """The action's type and canonical form; IllegalAction for a wrong shape."""
    if not isinstance(action, dict):
        raise IllegalAction(N_("an action must be a dict with a 'type'"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise IllegalAction(N_("unknown action type {kind}; actions are {kinds}"),
                            kind=repr(kind), kinds=list(SHAPES))
    keys = action.keys() - {"type"}
    if not (_REQUIRED[kind] <= keys <= _ALLOWED[kind]):
        missing = _REQUIRED[kind] - keys
        extra = keys - _ALLOWED[kind]
        raise IllegalAction(N_("'{kind}' action: missing {missing}; unexpected {extra}"),
                            kind=kind, missing=sorted(missing) or "-",
                            extra=sorted(map(str, extra)) or "-")
    for key, typ in _TYPED[kind]:
        if key not in action:
            continue
        value = action[key]
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise IllegalAction(N_("'{kind}' action: '{key}' has the wrong type"),
                                kind=kind, key=key)
    return kind, _canonical(kind, action)


def _canonical(kind: str, action: Action) -> Action:
    """The action in the form legal_actions lists it (sorted cards, plain lists)."""
    out: Action = {"type": kind}
    for key, value in action.items():
        if key == "type":
            continue
        if key == "cards":
            out[key] = sorted([_card(c) for c in value])
        elif key in ("balloon", "card"):
            out[key] = None if value is None else _card(value)
        elif key == "events":
            if not all(isinstance(e, str) for e in value):
                raise IllegalAction(N_("'events' lists event card names"))
            out[key] = sorted(value)
        elif key == "slots":
            if len(value) != 2 or not all(isinstance(s, int) and not isinstance(s, bool)
                                          for s in value):
                raise IllegalAction(N_("'slots' names two track slots"))
            out[key] = sorted(value)
        else:
            out[key] = value
    return out


def _card(value: Any) -> list:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not isinstance(value[0], str) or not isinstance(value[1], int)
            or isinstance(value[1], bool)):
        raise IllegalAction(N_("a card is [kind, value], such as ['ship', 7], not {value}"),
                            value=repr(value))
    return [value[0], value[1]]


