"""What happened, in the players' words: one sentence per event, as the board's
log writes it.

Each game family has a module here named like its rules package, with
`describe(event, seat_name, view) -> str | None` (None: the log says nothing
about that event). It is window-free, so the board scenes (their log, the
hand-off recap, the results story) and the LAN host (the phone page's log,
net/host/web.py) word events with the same code and the same catalogs.
`seat_name(seat)` gives a seat's name as shown; `view` is any view of the
game (the public part is all that is read). A move a stand-in played for a
person's seat (a dropped player, a phone asleep, a turn run out) comes with
its events marked `standin` by the LAN host (net/host/recent.py): `actor`
then names the stand-in, never the person.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from game.rules import game_info
from game.rules.base import Event
from game.words import i18n
from game.words.i18n import _

SeatName = Callable[[int], str]


def actor(event: Event, seat_name: SeatName) -> str:
    """Who made the event's move: its seat's name, or "Ann's stand-in" when a
    stand-in played it for that seat ("" for an event of no seat)."""
    if "seat" not in event:
        return ""
    name = seat_name(event["seat"])
    return _("{name}'s stand-in").format(name=name) if event.get("standin") is True else name


def describe(family: str, event: Event, seat_name: SeatName,
             view: dict[str, Any]) -> str | None:
    """One event's log line, in the current language (or None)."""
    module = importlib.import_module(f"game.narration.{family}")
    return module.describe(event, seat_name, view)


def log_lines(game_id: str, events: list[Event], seat_name: SeatName,
              view: dict[str, Any], lang: str) -> list[str | None]:
    """A line (or None) for each of `events`, in `lang`, whatever language the
    window speaks. Events are worded as given: redact them for the reader first."""
    family = game_info(game_id).family
    with i18n.speaking(lang):
        return [describe(family, event, seat_name, view) for event in events]
