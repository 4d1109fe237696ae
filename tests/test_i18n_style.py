"""The Japanese catalog writes alike what it writes often: full-width
separators (：and ｜, never : or |), one style of city pair (東京–大阪, an en
dash), no space between a name and its particle, the bot levels of the
seeds (かんたん／ふつう／むずかしい), and a count with its counter. The code
joins two places only through `places.pair`, so a pair it composes follows
the same style."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.words import i18n

ROOT = Path(__file__).resolve().parent.parent
# a program's name before its message, as a command line writes it ("railparty: ...")
PROGRAM = re.compile(r"^railparty(?: \w+)?: ")


def japanese() -> list[tuple[str, str]]:
    """(English, Japanese) of every form of every entry."""
    with i18n.catalog_path("ja").open("rb") as handle:
        catalog = read_po(handle, locale="ja", domain=i18n.DOMAIN)
    out = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(english, text) for text in strings]
    return out


def test_japanese_separators_are_full_width():
    bad = [(en, ja) for en, ja in japanese()
           if re.search(r":[ \n]|:$", PROGRAM.sub("", ja)) or "|" in ja]
    assert not bad, "\n".join(f"{en!r}: {ja!r}" for en, ja in bad)


def test_japanese_city_pairs_have_one_style():
    bad = [(en, ja) for en, ja in japanese()
           if any(sep != "–" for sep in re.findall(r"\{a\}\s*([^\w\s{}]*)\s*\{b\}", ja))]
    assert not bad, "\n".join(f"{en!r}: {ja!r}" for en, ja in bad)


def test_no_space_parts_a_name_from_its_particle():
    names = r"\{(?:a|b|city|name|names|place)\}"
    bad = [(en, ja) for en, ja in japanese() if re.search(names + r" [をがにへでとはの]", ja)]
    assert not bad, "\n".join(f"{en!r}: {ja!r}" for en, ja in bad)


def test_the_bot_levels_and_counts_read_as_the_seeds_do():
    said = {text: i18n.translate("ja", text) for text in ("Easy", "Normal", "Hard")}
    assert said == {"Easy": "かんたん", "Normal": "ふつう", "Hard": "むずかしい"}
    assert i18n.translate("ja", "{count} to go").format(count=6) == "あと6マス"
    assert i18n.translate("ja", "{kind} {days}").format(kind="列車", days=6) == "列車6日"


@pytest.mark.parametrize(("lang", "expected"), [("en", "Boston - Miami"),
                                                  ("ja", "ボストン–マイアミ")])
def test_a_pair_the_code_composes_has_the_catalogs_style(lang, expected):
    from game.words.places import pair

    with i18n.speaking(lang):
        assert pair("Boston", "Miami") == expected


def test_the_code_joins_two_places_only_through_pair():
    composed = re.compile(r"place\([^()]*\)\}?\s*[-–]\s*\{?place\(")
    bad = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "game").rglob("*.py"))
           for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
           if composed.search(line)]
    assert not bad, "two places joined by hand (use places.pair): " + ", ".join(bad)
