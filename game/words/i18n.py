"""The language players see: English (the source strings) or Japanese.

Every player-facing string is written in English in the code and wrapped in
`_()` (a sentence), `ngettext()` (a sentence that depends on a count) or
`N_()` (a constant translated where it is shown). Babel extracts them
(babel.cfg); the translations are the gettext catalogs in
game/words/locale/<lang>/LC_MESSAGES/railparty.po, shipped with the package and
read at run time with Babel's `read_po` (no compile step: a fresh
`pip install .` works, and the file the tests check is the file the game
reads). Fuzzy and empty entries are left out, so an unfinished translation
shows the English rather than a wrong word.

`set_language` takes effect at once: screens call `_()` while they draw, so
the next frame is in the new language; `generation()` changes with it for
the few caches that keep translated text.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}
DOMAIN = "railparty"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current = "en"
_pinned: str | None = None
_generation = 0
# A language for one thread or task only (the host words a phone's log in the
# phone's language while the window on another thread keeps its own).
_speaking: ContextVar[str | None] = ContextVar("railparty_speaking", default=None)


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=4)
def _translations(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` as gettext translations (English: none)."""
    path = catalog_path(lang)
    if lang == "en" or not path.exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)  # fuzzy entries stay English
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def system_language() -> str:
    """'ja' when the system's locale is Japanese, else 'en'."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "ja" if code.lower().startswith("ja") else "en"


def set_language(lang: str) -> None:
    """Switch every string drawn from now on to `lang` ('en' or 'ja')."""
    global _current, _generation
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose from {', '.join(LANGUAGES)}")
    if lang != _current:
        _current = lang
        _generation += 1


def pin(lang: str | None) -> None:
    """The language asked for on the command line (`--lang`): it wins over
    the saved setting for this run."""
    global _pinned
    _pinned = lang
    if lang:
        set_language(lang)


def pinned() -> str | None:
    return _pinned


def language() -> str:
    return _speaking.get() or _current


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """`_()`, `ngettext()`, `pgettext()`, `number()` and `language()` answer in
    `lang` within this block, on this thread (or asyncio task) only; the
    window's language (`set_language`) is untouched."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose from {', '.join(LANGUAGES)}")
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


def generation() -> int:
    """A number that changes with the language (for caches of translated text)."""
    return _generation


def _(message: str) -> str:
    """`message` in the current language."""
    lang = _speaking.get() or _current
    if lang == "en" or not message:
        return message
    return _translations(lang).gettext(message)


def translate(lang: str, message: str) -> str:
    """`message` in `lang`, whatever the current language (the phone page asks
    in its phone's language while the window keeps its own)."""
    if lang == "en" or lang not in LANGUAGES or not message:
        return message
    return _translations(lang).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted sentence for `count` (the catalog's plural rules)."""
    lang = _speaking.get() or _current
    if lang == "en":
        return singular if count == 1 else plural
    return _translations(lang).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart from its twins by `context`
    (a one-word label that means two things)."""
    lang = _speaking.get() or _current
    if lang == "en":
        return message
    return _translations(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a constant for extraction; `_()` translates it where it is shown."""
    return message


def joined(items: Iterable[str]) -> str:
    """Items in a plain run, as the current language separates them ("a, b", "a、b")."""
    return ("、" if language() == "ja" else ", ").join(items)


def listed(items: list[str]) -> str:
    """Items joined as the current language lists them ("a, b and c", "a、b、c")."""
    from babel.lists import format_list

    return format_list(list(items), locale=language()) if items else ""


def number(value: float, digits: int = 0) -> str:
    """A number written as the current language writes it (grouping, decimals)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=language())
