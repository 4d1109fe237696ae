"""A seat's name as this window shows it. Names are saved data and cross the
wire as they are; only the default name a bot seat gets ("Normal bot 3",
game/tables/match.py and net/host/table.py) is words of the program, so it is put into
the player's language when drawn, never in the save."""

from __future__ import annotations

import re
from typing import Any

from game.bots import LEVELS
from game.words.i18n import _

_BOT_NAME = re.compile(r"^(" + "|".join(re.escape(w) for w in LEVELS.values())
                       + r") bot (\d+)$")


def shown_name(name: str) -> str:
    """`name`, with a default bot name ("Hard bot 2") in the current language."""
    found = _BOT_NAME.match(name or "")
    if found is None:
        return name
    return _("{level} bot {number}").format(level=_(found[1]), number=found[2])


def shown_seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of `seats` (a session's seat list) with their names as shown."""
    return [dict(s, name=shown_name(s.get("name") or "")) if isinstance(s, dict) else s
            for s in seats]
