"""argparse in the player's language.

A command's `--help` is printed while the command line is read, so the
language is looked up first (`requested_language`: the `--lang` given
anywhere on the line) and pinned before the parser is built; every help
text is then worded through the catalogs as it is added. `Parser` words
argparse's own parts the same way: the usage line, the section titles, the
`-h` option, the error line and the details argparse puts in an error
("invalid choice", "expected one argument", ...).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from game.words.i18n import LANGUAGES, N_, _

# The details argparse words an error with (its own English, looked up through
# argparse's module-level `_`): listed so the catalogs carry them.
ARGPARSE_WORDS = frozenset((
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
))


def _argparse_words(text: str) -> str:
    """argparse's own words in the current language (the rest as argparse has them)."""
    return _(text) if text in ARGPARSE_WORDS else text


def requested_language(argv: Sequence[str]) -> str | None:
    """The language `--lang` names on a command line (`--lang ja`, `--lang=ja`),
    or None when none is given or it is not one of ours (argparse then says so)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        if value in LANGUAGES:
            return value
    return None


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, its usage line and section headings worded in the
    current language (a Japanese heading ends in a full-width colon)."""

    class _Section(argparse.HelpFormatter._Section):  # type: ignore[name-defined]
        def format_help(self) -> str:
            text = super().format_help()
            if self.heading and self.heading is not argparse.SUPPRESS:
                text = text.replace(f"{self.heading}:\n",
                                    _("{heading}:").format(heading=self.heading) + "\n", 1)
            return text

    def _split_lines(self, text: str, width: int) -> list[str]:
        """A help text's lines: Japanese is broken between characters, as the
        window breaks it (argparse breaks only at spaces)."""
        from game.cli.columns import cells
        from game.ui import wrap

        if not wrap.has_wide(text):
            return super()._split_lines(text, width)
        return wrap.wrap(text, width, cells)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        """A description's paragraph, Japanese broken as `_split_lines` breaks it."""
        from game.cli.columns import cells
        from game.ui import wrap

        if not wrap.has_wide(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrap.wrap(text, width - len(indent), cells))

    def add_usage(self, usage: str | None, actions: Any, groups: Any,
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose own words are the program's (the current language);
    its subcommands' parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("formatter_class", Formatter)
        argparse._ = _argparse_words      # type: ignore[attr-defined]
        add_help = kwargs.pop("add_help", True)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        """The usage, then what is wrong, and exit code 2 (as argparse does)."""
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message)
                  + "\n")
