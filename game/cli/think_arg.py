"""`--think-ms`, the search (Hard) bot's time per move, and `--bot-workers`,
the processes bots think in, as the command line reads them: shared by
simulate, demo, play, host and join so they accept and refuse alike."""

from __future__ import annotations

import argparse

from game.cli.numbers import refused
from game.words.i18n import N_, _


def think_ms(text: str) -> int:
    """An argparse type: whole milliseconds in the range the search bot takes."""
    from game.bots.search import check_think_ms

    try:
        value = int(text)
    except ValueError:
        raise refused(N_("{text!r} is not a whole number of milliseconds"), text=text) from None
    try:
        return check_think_ms(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def bot_workers(text: str) -> int:
    """An argparse type: how many worker processes bots think in."""
    from game.bots.pool import check_workers

    try:
        return check_workers(int(text))
    except ValueError as exc:
        message = str(exc) if text.strip().lstrip("-").isdigit() else \
            _("{text!r} is not a whole number of bot workers").format(text=text)
        raise argparse.ArgumentTypeError(message) from None


def add_bot_workers(parser: argparse.ArgumentParser, default: str) -> None:
    """The `--bot-workers N` option; `default` (marked N_) says what happens without it."""
    parser.add_argument("--bot-workers", type=bot_workers, default=None, metavar="N",
                        help=_("worker processes the bots think in, one Hard move shared by "
                               "all of them (default: {default})").format(default=_(default)))
