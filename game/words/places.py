"""Place names as the current language writes them.

Cities, regions and countries are data (the maps name them), so their
Japanese names are a data table too, assets/i18n/ja_places.json, not catalog
entries: Babel extracts strings from code, the maps are read at run time,
and the test holds the table to naming every place of every map. A name the
table lacks shows as the map spells it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from game.words import i18n


@lru_cache(maxsize=4)
def table(lang: str) -> dict[str, str]:
    """English (map) name -> name in `lang`; empty for English."""
    if lang == "en":
        return {}
    resource = resources.files("assets").joinpath("i18n", f"{lang}_places.json")
    if not resource.is_file():
        return {}
    return dict(json.loads(resource.read_text(encoding="utf-8"))["places"])


def place(name: str) -> str:
    """`name` (a city, region or country as the map data spells it) in the
    current language."""
    return table(i18n.language()).get(name, name)


def pair(a: str, b: str) -> str:
    """Two places joined as a route, a ticket or a leg joins them, as the
    current language writes a pair: "Boston - Miami", "ボストン–マイアミ" (an
    en dash, the one style of the Japanese catalog's pairs)."""
    return ("{a}–{b}" if i18n.language() == "ja" else "{a} - {b}").format(a=place(a), b=place(b))
