"""What a Japanese screen shows reads as Japanese: no English initials on the
race's bonus chips, Japanese default names, the seeds' place names, numbers
kept with their counters, and a seat's note that fits its row."""

from __future__ import annotations

import re

import pygame
import pytest

from game.words import i18n

pygame.font.init()


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_a_bonus_chip_carries_no_english_letter(monkeypatch):
    from game.scenes.boards.race import pieces
    from game.ui import theme

    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda s, text, *a, **k: (drawn.append(text),
                                                                      real(s, text, *a, **k)))
    pieces.chip.cache_clear()
    for kind in ("coin", "travel", "event", "delay_others"):
        pieces.chip("red", kind, 14)
    pieces.chip.cache_clear()
    assert drawn and not [t for t in drawn if re.search("[A-Za-z]", t)], drawn


def test_the_bonus_chip_rules_name_no_letters(japanese):
    from game.scenes.boards.race.rules_pages import pages

    chips = next(p for p in pages("eighty-days", {}) if p.title == "ボーナスチップ")
    assert not re.search("[A-Za-z]", " ".join(chips.text)), chips.text
