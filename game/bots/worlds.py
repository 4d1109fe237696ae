"""What the game families' world builders share: rebuilding an engine state
from one seat's view (a LAN client's bot holds nothing else), and reading the
view's numbers with a clear error.

A family's builder fills the state; `rebuild` guards it. A spectator's view
has no seat to keep (determinize needs one): None. A view the builder cannot
read, or one no state would show (the rebuilt world must show exactly that
view), is a ValueError saying why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.rules.base import GameState, View

State = TypeVar("State", bound=GameState)


def rebuild(view: View, build: Callable[[View], State], what: str) -> State | None:
    """`build(view)`, checked: None for a spectator, ValueError (naming `what`
    the view should have been) for a view that does not hold together."""
    if not isinstance(view, dict):
        raise ValueError(f"a view is a dict, not {type(view).__name__}")
    if "you" in view and view["you"] is None:
        return None
    try:
        world = build(view)
    except KeyError as exc:
        raise ValueError(f"not {what}: no {exc.args[0]!r}") from exc
    except (TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not {what}: {exc!r}") from exc
    # The last word: every derived fact (to_act, scores, the result) must come
    # out as the view shows it, or the view was not the engine's.
    if world.view(view["you"]) != view:
        raise ValueError("the view contradicts itself: no state shows exactly this view")
    return world


def whole(value: Any, what: str) -> int:
    """A whole number of at least 0 (no bool), or ValueError naming `what`."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{what} must be a whole number of at least 0, not {value!r}")
    return value
