"""No words reach the screen around the catalogs: a toast or a drawn line given
English text that is not marked for translation fails here (the catalog test
only sees marked strings)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the call, and which positional argument is the text it shows
SHOWS_TEXT = {"toast": 0, "blit_text": 1, "text": 0, "fit_text": 0, "wrap_text": 0,
              "_label": 1, "Button": 0, "Menu": 0}
# logos drawn as pictures, the same in every language (the title, a card back)
LOGOS = {"RAIL PARTY", "RT"}
WORD = re.compile(r"[A-Za-z]{2,}")


def _literal_words(node: ast.AST) -> str | None:
    """English words written into the code as the shown text, if any."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if WORD.search(node.value) else None
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values
                       if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return text if WORD.search(text) else None
    return None


def test_no_screen_text_is_english_written_around_the_catalogs():
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for keyword in node.keywords:              # text=..., label=... (a banner, a row)
                if keyword.arg in ("text", "label", "title"):
                    words = _literal_words(keyword.value)
                    if words is not None:
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {words!r}")
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            index = SHOWS_TEXT.get(name or "")
            if index is None or len(node.args) <= index:
                continue
            words = _literal_words(node.args[index])
            if words is not None and words not in LOGOS:
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {words!r}")
    assert not bad, "\n".join(bad)


def test_a_payment_choice_reads_in_the_players_language():
    from game.scenes.boards.routes.words import payment_words
    from game.words import i18n

    assert payment_words({"pink": 2}) == "2 pink"
    assert payment_words({"pink": 1, "locomotive": 1}) == "1 pink and 1 locomotive"
    assert payment_words({"ferry": 2, "red": 1}) == "2 ferry cards and 1 red"
    i18n.set_language("ja")
    try:
        assert payment_words({"pink": 1, "locomotive": 2}) == "紫1枚、SL2枚"
        assert payment_words({"ferry": 1}) == "フェリーカード1枚"
    finally:
        i18n.set_language("en")
