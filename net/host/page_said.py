"""What the phone page shows for a host's reject, error, notice or bye, and the
seats' names, in the phone's language.

The host's `reason` is English for logs and old clients; a window words the
message's `code` itself (game/words/host_words.py). The page cannot (it has no
catalogs), so the host words each such message for each page in that page's
language (`said`, beside the reason), from the same sentences as the window,
and shows a default bot name ("Normal bot 2") as the window does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.tables.seat_names import shown_name
from game.words import i18n
from game.words.host_words import host_said
from game.words.i18n import _, ngettext

SAID_TYPES = ("reject", "error", "notice", "bye")
NAMED_TYPES = ("sync", "seats")


def page_message(message: dict[str, Any], lang: str, seat: int | None,
                 name_of: Callable[[int], str | None]) -> dict[str, Any]:
    """`message` (a host message about to go to a page) with its words for a
    page in `lang` whose seat is `seat`: `said` on a reject, error, notice or
    bye, the shown names in a seat list."""
    kind = message.get("type")
    if kind not in SAID_TYPES and kind not in NAMED_TYPES:
        return message
    with i18n.speaking(lang):
        if kind in NAMED_TYPES and isinstance(message.get("seats"), list):
            return dict(message, seats=[
                dict(s, name=shown_name(s["name"])) if isinstance(s, dict)
                and isinstance(s.get("name"), str) else s for s in message["seats"]])
        if kind in SAID_TYPES and message.get("code"):   # without a code: its reason
            return dict(message, said=_said(message, seat, name_of))
    return message


def _said(message: dict[str, Any], seat: int | None,
          name_of: Callable[[int], str | None]) -> str:
    about = message.get("seat")
    if isinstance(about, int) and not isinstance(about, bool):
        name = shown_name(name_of(about) or "") or _("Seat {number}").format(number=about + 1)
        message = dict(message, name=name, mine=about == seat)
    if message.get("type") == "notice" and message.get("code") == "turn_clock":
        seconds = message.get("seconds") or 0
        if not seconds:
            return ""
        if message.get("mine"):
            return ngettext("You have {count} second left to play",
                            "You have {count} seconds left to play", seconds).format(
                                count=seconds)
        return ngettext("{name} has {count} second left to play",
                        "{name} has {count} seconds left to play", seconds).format(
                            name=message.get("name", ""), count=seconds)
    return host_said(message, message.get("reason") or "")
