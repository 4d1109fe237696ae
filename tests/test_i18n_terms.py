"""Each game's key terms have one Japanese word, the word of its seed (the
original Japanese rule book): a ticket is チケット in every route-game string,
a route ルート and claiming one つなぐ, the trick game's line 路線, the race's
coin 金貨, and the detective delays (足止め) a traveller.

A string belongs to the games whose code shows it (its files under
game/rules/<family>, game/narration/<family>.py, game/scenes/boards/<family>);
the phone page's words (net/host/page_words.py) belong to the games whose
actions they name (each family's SHAPES). Strings shared between games are
checked by the terms that only one game uses."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.words import i18n
from tools import i18n_catalog

FAMILY_FILE = re.compile(r"game/(?:rules|narration|scenes/boards)/(routes|race|tricks)\b")
ENGINES = {"routes": "game.rules.routes.engine", "race": "game.rules.race.actions",
           "tricks": "game.rules.tricks.engine"}
ALL = ("routes", "race", "tricks", None)     # None: a string no one game's files show

# (the games whose strings are held to it, the English, its one Japanese word,
#  words that must never stand for it)
TERMS = [
    (ALL, r"\btickets?\b", "チケット", ("切符",)),
    (("routes", None), r"\broutes?\b", "ルート", ("路線",)),
    (("routes",), r"\bclaim(s|ed|ing)?\b", "つな", ("確保", "取られ", "引く")),
    (("tricks",), r"\blines?\b", "路線", ("ルート",)),
    (ALL, r"\bcoins?\b", "金貨", ("コイン",)),
    (("race",), r"\bdetective\b.*\b(caught|stop)|\b(caught|stop)\b.*\bdetective\b",
     "足止め", ("つかま", "捕")),
]


def human(name: str) -> str:
    """As the phone page's `human()`: 'draw_face_up' -> 'Draw face up'."""
    spaced = re.sub(r"[_-]+", " ", name)
    return spaced[:1].upper() + spaced[1:]


def action_words() -> dict[str, set[str]]:
    """The phone's word for each action type -> the games that have that action."""
    out: dict[str, set[str]] = {}
    for family, module in ENGINES.items():
        for kind in importlib.import_module(module).SHAPES:
            out.setdefault(human(kind), set()).add(family)
    return out


def families(message, actions: dict[str, set[str]]) -> set[str | None]:
    """The games whose code shows `message` (None for a file of no one game)."""
    found: set[str | None] = set()
    for filename, _line in message.locations:
        path = Path(filename).as_posix()
        hit = FAMILY_FILE.search(path)
        if hit:
            found.add(hit.group(1))
        elif path.endswith("net/host/page_words.py") and message.id in actions:
            found |= actions[message.id]
        else:
            found.add(None)
    return found


def english(text: str) -> str:
    """The words of a format string, its {placeholders} left out."""
    return re.sub(r"\{[^{}]*\}", " ", text)


@pytest.fixture(scope="module")
def entries():
    """(msgid, context, families, Japanese forms) of every string the code shows."""
    with i18n.catalog_path("ja").open("rb") as handle:
        catalog = read_po(handle, locale="ja", domain=i18n.DOMAIN)
    actions = action_words()
    out = []
    for message in i18n_catalog.extract():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        shown = catalog.get(message.id, message.context)
        strings = shown.string if shown is not None else ""
        strings = strings if isinstance(strings, tuple) else (strings,)
        out.append((ids[0], message.context, families(message, actions), strings))
    return out


@pytest.mark.parametrize(("games", "word", "japanese", "never"), TERMS,
                         ids=[t[1] for t in TERMS])
def test_each_key_term_has_one_japanese_word(entries, games, word, japanese, never):
    pattern = re.compile(word, re.IGNORECASE)
    checked, bad = 0, []
    for msgid, context, where, strings in entries:
        if not where & set(games) or not pattern.search(english(msgid)):
            continue
        checked += 1
        for text in strings:
            if japanese not in text or any(w in text for w in never):
                bad.append(f"{msgid!r} ({context or sorted(map(str, where))}): {text!r}")
    assert checked, f"no string says {word}"
    assert not bad, f"{word} is {japanese} in Japanese:\n" + "\n".join(bad)


def test_the_phone_words_of_the_route_games_are_their_terms():
    said = {text: i18n.translate("ja", text) for text in
            ("Claim", "Route claimed", "Tickets kept", "Tickets offered", "Draw face up")}
    assert said["Claim"] == "ルートをつなぐ"
    assert said["Route claimed"] == "ルートをつないだ"
    assert "チケット" in said["Tickets kept"] and "チケット" in said["Tickets offered"]
    assert said["Draw face up"] == "表向きのカードを取る"
