"""Numbers on the command line, read alike by every command.

Each function here is an argparse `type`: a value that makes no sense (a
negative count, zero frames, a seed the save cannot hold, a time that is not
finite or is longer than a day) is refused by argparse itself, with a message
naming the value and exit code 2, before anything runs.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

from game.tables.save_check import MAX_SEED_BITS
from game.words.i18n import N_, _

MAX_SECONDS = 24 * 3600.0   # no wait, pause or timeout of the program is longer than a day
MAX_COUNT = 10**9
MAX_PROCESSES = 64


def refused(template: str, **values: Any) -> argparse.ArgumentTypeError:
    """A value the command line refuses, said in the player's language."""
    return argparse.ArgumentTypeError(_(template).format(**values))


def _int(text: str, what: str = N_("a whole number")) -> int:
    try:
        return int(text)
    except ValueError:
        raise refused(N_("{text!r} is not {what}"), text=text, what=_(what)) from None


def positive(text: str) -> int:
    """A count of things (games, frames, jobs, players): 1 or more."""
    value = _int(text)
    if value < 1:
        raise refused(N_("{value} must be 1 or more"), value=value)
    if value > MAX_COUNT:
        raise refused(N_("{value} is more than {limit:,}"), value=value, limit=MAX_COUNT)
    return value


def count(text: str) -> int:
    """A count that may be 0 (where the option says what 0 means: none, no limit)."""
    value = _int(text)
    if value < 0:
        raise refused(N_("{value} is negative (give 0 or more)"), value=value)
    if value > MAX_COUNT:
        raise refused(N_("{value} is more than {limit:,}"), value=value, limit=MAX_COUNT)
    return value


def processes(text: str) -> int:
    """Processes run at once: 1 or more, and not more than a machine can hold."""
    value = positive(text)
    if value > MAX_PROCESSES:
        raise refused(N_("{value} processes at once is more than {limit}"), value=value,
                      limit=MAX_PROCESSES)
    return value


def seed(text: str) -> int:
    """A game's seed: a whole number from 0, small enough for a save to keep."""
    value = _int(text)
    if value < 0:
        raise refused(N_("the seed {value} is negative (seeds are 0 or more)"), value=value)
    if value.bit_length() > MAX_SEED_BITS:
        raise refused(N_("the seed has more than {bits} bits"), bits=MAX_SEED_BITS)
    return value


def port(text: str) -> int:
    value = _int(text, N_("a port number"))
    if not 0 <= value < 65536:
        raise refused(N_("port {value} is out of range (0-65535)"), value=value)
    return value


def seconds(low: float = 0.0, high: float = MAX_SECONDS,
            zero: bool = True) -> Callable[[str], float]:
    """A time in seconds between `low` and `high`; `zero=False` refuses 0 (a
    timeout or a beat of nothing)."""

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise refused(N_("{text!r} is not a number of seconds"), text=text) from None
        if not math.isfinite(value):
            raise refused(N_("{text!r} is not a number of seconds"), text=text)
        if not low <= value <= high:
            raise refused(N_("{value:g} seconds is not between {low:g} and {high:g}"),
                          value=value, low=low, high=high)
        if value == 0 and not zero:
            raise refused(N_("0 seconds is too short: give more than 0"))
        return value

    read.__name__ = "seconds"
    return read
