"""`--think-ms`, the search (Hard) bot's time per move, as the command line
reads it: shared by simulate, demo and host so they accept and refuse alike."""

from __future__ import annotations

import argparse


def think_ms(text: str) -> int:
    """An argparse type: whole milliseconds in the range the search bot takes."""
    from game.bots.search import check_think_ms

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a whole number of milliseconds") from None
    try:
        return check_think_ms(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
