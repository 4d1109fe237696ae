"""Words for players without a language layer.

`N_("...")` returns its argument unchanged, and Babel extracts it into the
message catalogs: the registry's game names, blurbs and option labels, and
the sentences of `WordedError`s. The screens translate them as they draw
them (game/words/i18n.py, game/words/host_words.py); the rules themselves never depend
on a language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def N_(message: str) -> str:  # noqa: N802 - gettext's conventional name
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - as N_, counted
    """A counted sentence for a WordedError: its `count` value picks the form
    (the catalog's plural rules in another language). Babel extracts it as
    ngettext (tools/i18n_catalog.py)."""
    return (singular, plural)


class WordedError(ValueError):
    """An error a person reads, kept as a sentence and its values.

    `template` is an English sentence marked `N_` with named placeholders,
    `data` fills them (numbers, lists, words a catalog or the place table
    knows, another WordedError). `str()` is the filled English (logs, bots,
    English screens); a screen in another language words the template and the
    data itself (game/words/host_words.py), and a host sends both, never the words.
    """

    def __init__(self, template: str | tuple[str, str], **data: Any):
        self.template = template
        self.data = data
        super().__init__(fill(template, data))


def fill(template: str | tuple[str, str], data: Mapping[str, Any]) -> str:
    """`template` with `data` written plainly (a list as "a, b", a list in a
    list as "a + b"); a counted template (Nn_) in the form its `count` takes."""
    if isinstance(template, tuple):
        template = template[0] if data.get("count") == 1 else template[1]
    if not data:
        return template
    return template.format(**{key: _plain(value) for key, value in data.items()})


def _plain(value: Any, depth: int = 0) -> Any:
    if isinstance(value, (list, tuple)):
        return (" + " if depth else ", ").join(str(_plain(v, depth + 1)) for v in value)
    return value


class Words:
    """A phrase kept as a sentence and its values, to be a value of another
    (a WordedError's "where"): `str()` is the filled English."""

    def __init__(self, template: str | tuple[str, str], **data: Any):
        self.template = template
        self.data = data

    def __str__(self) -> str:
        return fill(self.template, self.data)
