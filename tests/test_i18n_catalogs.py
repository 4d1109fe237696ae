"""The message catalogs and the Japanese font hold what the program shows.

Babel extracts every marked string from the code (babel.cfg) here, in the
test, so a string added to a screen without a translation fails at once;
so do an empty or fuzzy entry, a translation whose {placeholders} differ
from the English, and a character no shipped font can draw.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from game.ui.fonts import JP_FONT_PATH
from game.words import i18n
from tools import i18n_catalog

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]


def load(lang: str):
    with i18n.catalog_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=i18n.DOMAIN)


def forms(message) -> list[str]:
    ids = list(message.id) if isinstance(message.id, tuple) else [message.id]
    strings = list(message.string) if isinstance(message.string, tuple) else [message.string]
    return ids + strings


def placeholders(text: str) -> set[str]:
    """The {names} of a format string ('{{' is a literal brace)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(scope="module")
def template():
    return i18n_catalog.extract()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_entry_is_empty_or_fuzzy(lang):
    bad = []
    for message in load(lang):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            bad.append(message.id)
    assert not bad, f"{len(bad)} empty or fuzzy entries in {lang}: {bad[:20]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_string_the_code_shows_is_in_the_catalog(template, lang):
    catalog = load(lang)
    missing = [m.id for m in template if m.id and catalog.get(m.id, m.context) is None]
    assert not missing, (f"{len(missing)} strings missing from {lang} "
                         f"(run tools/i18n_catalog.py): {missing[:20]}")


def test_the_extraction_finds_marked_strings(template):
    """A guard for the test above: extraction really reads the code."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template}
    assert "Settings" in ids and "Animation speed" in ids


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match_the_english(lang):
    bad = []
    for message in load(lang):
        if not message.id:
            continue
        texts = forms(message)
        expected = placeholders(texts[0])
        for text in texts[1:]:
            try:
                found = placeholders(text)
            except ValueError as exc:
                bad.append(f"{texts[0]!r}: {exc}")
                continue
            if text and found != expected:
                bad.append(f"{texts[0]!r}: {sorted(found)} != {sorted(expected)}")
    assert not bad, "\n".join(bad)


def shown_text() -> str:
    """Every character a catalog or a data file may put on the screen."""
    parts = [i18n.catalog_path(lang).read_text(encoding="utf-8") for lang in TRANSLATED]
    for path in sorted((ROOT / "assets").rglob("*.json")):
        parts.extend(strings_in(json.loads(path.read_text(encoding="utf-8"))))
    return "".join(parts)


def strings_in(data) -> list[str]:
    """Every string (keys too) in a JSON document."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in [k, *strings_in(v)]]
    if isinstance(data, list):
        return [s for item in data for s in strings_in(item)]
    return []


def test_the_japanese_font_has_every_glyph_the_catalogs_and_data_use():
    cmap = TTFont(JP_FONT_PATH, lazy=True).getBestCmap()
    used = {c for c in shown_text() if c.isprintable() and not c.isspace()}
    missing = sorted(c for c in used if ord(c) not in cmap)
    assert not missing, ("the Japanese font lacks " + " ".join(missing)
                         + " (run tools/subset_font.py)")


def test_the_font_ships_with_its_licence_and_stays_small():
    licence = (JP_FONT_PATH.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert JP_FONT_PATH.stat().st_size < 3 * 1024 * 1024


def test_the_catalog_header_declares_japanese_plurals():
    catalog = load("ja")
    assert catalog.num_plurals == 1
    assert re.search(r"plural=0", catalog.plural_forms)


def test_every_place_on_every_map_has_a_japanese_name():
    from game.words import places

    names: set[str] = set()
    for path in sorted((ROOT / "assets" / "maps").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        names |= {city["name"] for city in data["cities"]}
        names |= set(data.get("regions", []))
    race = json.loads((ROOT / "assets" / "race" / "eighty_days.json").read_text("utf-8"))
    names |= set(race["route"])
    table = places.table("ja")
    missing = sorted(names - set(table))
    assert not missing, f"no Japanese name for {missing}"
    assert all(table[name] for name in names)


def test_no_function_that_translates_binds_the_underscore():
    """`for _ in ...` or `a, _ = ...` in a function that calls _() makes _ a
    local: the translation call then breaks at run time (ruff sees only some
    of these)."""
    import ast

    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "net").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            nodes = list(ast.walk(func))
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                        and n.func.id == "_" for n in nodes)
            binds = any(isinstance(n, ast.Name) and n.id == "_"
                        and isinstance(n.ctx, ast.Store) for n in nodes)
            if calls and binds:
                bad.append(f"{path.relative_to(ROOT)}:{func.lineno}")
    assert not bad, "functions that call _() and bind _: " + ", ".join(bad)
