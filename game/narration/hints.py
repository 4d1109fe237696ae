"""A hint in the players' words: the move and its reasons (game/bots/hint.py),
in the current language.

What the search found is worded here (it is the same for every game); what a
family reads in a move is worded by `game/narration/<family>_hints.py`
(`action_words(action, view)` and `reason_words(reason, seat_name)`); a
family without one gets the move's own fields.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from game.bots.hint import Hint, Reason
from game.rules import game_info
from game.words import i18n
from game.words.i18n import _

SeatName = Callable[[int], str]


def _family(game_id: str) -> Any | None:
    try:
        return importlib.import_module(f"game.narration.{game_info(game_id).family}_hints")
    except ModuleNotFoundError:
        return None


def then(first: str, second: str) -> str:
    """Two sentences one after the other, as the current language writes them
    (a space between them in English, none in Japanese)."""
    return first + ("" if i18n.language() == "ja" else " ") + second


def action_words(game_id: str, action: dict[str, Any], view: dict[str, Any]) -> str:
    """The move as the hint says it ("Claim Denver – Omaha with 4 red")."""
    family = _family(game_id)
    if family is not None:
        said = family.action_words(action, view)
        if said:
            return said
    fields = ", ".join(f"{k} {v}" for k, v in action.items() if k != "type")
    kind = str(action.get("type", "")).replace("_", " ")
    return f"{kind} ({fields})" if fields else kind


def reason_words(game_id: str, reason: Reason, view: dict[str, Any],
                 seat_name: SeatName) -> str | None:
    """One reason as a sentence (None: the family has no words for it)."""
    if reason.code == "search":
        data = reason.data
        value = round(100 * data["value"])
        runner = data.get("runner_up")
        if runner is None:
            return _("Hard tried it in {n} playouts: it scores {value} out of 100.").format(
                n=data["rollouts"], value=value)
        other = round(100 * data["runner_up_value"])
        move = action_words(game_id, runner, view)
        if other > value:        # Hard's own plan, which no other move clearly beat
            return _("It is Hard's plan: in {n} playouts no other move beat it clearly "
                     "({move}: {other} out of 100, this one {value}).").format(
                n=data["rollouts"], move=move, other=other, value=value)
        return _("Hard tried it in {n} playouts: {value} out of 100, against {other} for "
                 "the next best ({move}).").format(n=data["rollouts"], value=value,
                                                   other=other, move=move)
    if reason.code == "only_move":
        return _("It is the only move you have.")
    family = _family(game_id)
    return family.reason_words(reason, seat_name) if family is not None else None


def hint_lines(game_id: str, hint: Hint, view: dict[str, Any],
               seat_name: SeatName) -> tuple[str, list[str]]:
    """The move's words and its reasons' sentences (family reasons first: they
    say what the move does; the search's figure says how sure Hard is)."""
    said = [reason_words(game_id, r, view, seat_name) for r in hint.reasons
            if r.code != "search"]
    said += [reason_words(game_id, r, view, seat_name) for r in hint.reasons
             if r.code == "search"]
    return action_words(game_id, hint.action, view), [line for line in said if line]
