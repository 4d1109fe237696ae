"""What every replay's session answers to the table: nobody moves in it.

The table drives a replay through the same session interface as a live game
(game/table.py), so both replay kinds (a whole record, a viewer's own record)
share these answers instead of each repeating them.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules import IllegalAction
from game.rules.base import Action, Event
from game.rules.words import N_
from game.words.i18n import _


class InertSession:
    """The acting half of a session, for a replay: refused or empty."""

    def submit(self, seat: int, action: Action) -> list[Event]:
        raise IllegalAction(N_("this is a replay: nobody can move in it"))

    def explain(self, seat: int, action: Action) -> str | None:
        return _("this is a replay")

    def notices(self) -> list[tuple[str, str]]:
        return []

    def bot_seat(self) -> int | None:
        return None

    def play_bot(self, seat: int) -> list[Event]:
        return []

    def bot_job(self, seat: int) -> Callable[[], Action]:
        raise IllegalAction(N_("this is a replay"))

    def play_bot_action(self, seat: int, action: Action) -> list[Event]:
        return []

    def rematch(self) -> None:
        return None

    def can_undo(self, seat: int) -> bool:
        return False

    def undo(self, seat: int) -> None:
        raise IllegalAction(N_("this is a replay"))
