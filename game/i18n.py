"""The language players see: English (the source strings) or Japanese.

Every player-facing string is written in English in the code and wrapped in
`_()` (a sentence), `ngettext()` (a sentence that depends on a count) or
`N_()` (a constant translated where it is shown). Babel extracts them
(babel.cfg); the translations are the gettext catalogs in
game/locale/<lang>/LC_MESSAGES/railparty.po, shipped with the package and
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
from functools import lru_cache
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}
DOMAIN = "railparty"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current = "en"
_pinned: str | None = None
_generation = 0


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
    return _current


def generation() -> int:
    """A number that changes with the language (for caches of translated text)."""
    return _generation


def _(message: str) -> str:
    """`message` in the current language."""
    if _current == "en" or not message:
        return message
    return _translations(_current).gettext(message)


def translate(lang: str, message: str) -> str:
    """`message` in `lang`, whatever the current language (the phone page asks
    in its phone's language while the window keeps its own)."""
    if lang == "en" or lang not in LANGUAGES or not message:
        return message
    return _translations(lang).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted sentence for `count` (the catalog's plural rules)."""
    if _current == "en":
        return singular if count == 1 else plural
    return _translations(_current).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart from its twins by `context`
    (a one-word label that means two things)."""
    if _current == "en":
        return message
    return _translations(_current).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a constant for extraction; `_()` translates it where it is shown."""
    return message


def number(value: float, digits: int = 0) -> str:
    """A number written as the current language writes it (grouping, decimals)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=_current)
