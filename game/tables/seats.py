"""The seat palette: one colour and one default name per seat, for every game.

Setup, the match, the LAN host and every screen read it, so a seat looks the
same everywhere. Eight colours cover the largest table (six in the race game)
with choices to spare; the first five read apart from each other even for
colour-blind players when the seat numbers are on (Settings).
"""

from __future__ import annotations

import unicodedata
from typing import Any, NamedTuple

from game.words.i18n import N_, pgettext


class SeatStyle(NamedTuple):
    color: str
    rgb: tuple[int, int, int]
    default_name: str


PALETTE: tuple[SeatStyle, ...] = (
    SeatStyle(N_("red"), (220, 60, 60), "Alice"),
    SeatStyle(N_("blue"), (60, 110, 230), "Bob"),
    SeatStyle(N_("green"), (50, 170, 80), "Carmen"),
    SeatStyle(N_("yellow"), (240, 200, 40), "Dmitri"),
    SeatStyle(N_("black"), (40, 40, 48), "Emeka"),
    SeatStyle(N_("purple"), (150, 80, 210), "Fatima"),
    SeatStyle(N_("orange"), (245, 140, 40), "Goran"),
    SeatStyle(N_("white"), (236, 236, 232), "Hana"),
)
SEAT_COLORS: tuple[str, ...] = tuple(s.color for s in PALETTE)
SEAT_RGB: dict[str, tuple[int, int, int]] = {s.color: s.rgb for s in PALETTE}
DEFAULT_NAMES: tuple[str, ...] = tuple(s.default_name for s in PALETTE)
UNKNOWN_RGB = (200, 200, 200)
NAME_CHARS = 24   # the longest seat name shown (the LAN protocol's MAX_NAME_CHARS too)


def seat_rgb(color: str | None) -> tuple[int, int, int]:
    """The RGB of a seat colour (a neutral grey for one this copy does not know)."""
    return SEAT_RGB.get(color or "", UNKNOWN_RGB)


def default_color(seat: int) -> str:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def default_name(seat: int) -> str:
    """The name a seat starts with, in the current language (a name once
    chosen is saved data and stays as it was written)."""
    return _default_names()[seat % len(DEFAULT_NAMES)]


def _default_names() -> tuple[str, ...]:
    """DEFAULT_NAMES as the current language names a table's players."""
    return (pgettext("default seat name", "Alice"), pgettext("default seat name", "Bob"),
            pgettext("default seat name", "Carmen"), pgettext("default seat name", "Dmitri"),
            pgettext("default seat name", "Emeka"), pgettext("default seat name", "Fatima"),
            pgettext("default seat name", "Goran"), pgettext("default seat name", "Hana"))


def clean_name(value: Any, fallback: str, limit: int = NAME_CHARS) -> str:
    """A seat name fit to draw: printable characters only (no NUL, no control or
    format characters), spaces collapsed, at most `limit` characters; `fallback`
    when nothing is left. Names from the wire and from saves go through it."""
    if not isinstance(value, str):
        return fallback
    text = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())[:limit].strip()
    return text or fallback


# accounts many people share, whose name says nothing about who sits there
SHARED_ACCOUNTS = frozenset({"root", "admin", "administrator", "user", "pi", "guest",
                             "ubuntu", "player", "owner", "default"})


def machine_player_name() -> str:
    """The name a player on this machine goes by when they give none: their
    account's name, or for a shared account (root, pi, ...) the machine's name,
    capitalised ("Rig-a"). A host adds " 2" when a second player of one machine
    sits down under it, so defaults never collide at the table."""
    import getpass
    import socket

    try:
        user = getpass.getuser()
    except Exception:   # no account name at all (some containers)
        user = ""
    base = user if user and user.lower() not in SHARED_ACCOUNTS else ""
    if not base:
        try:
            base = socket.gethostname().split(".")[0]
        except OSError:
            base = ""
    base = clean_name(base, "Player")
    return base[:1].upper() + base[1:]
