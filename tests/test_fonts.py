"""Fonts draw every character of a name, whatever the screen's language: on
an English screen a name in Japanese characters or a symbol is drawn with the
Japanese font or a system font that has it, never as empty boxes."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import fonts, theme  # noqa: E402

NOWHERE = "\U000F0001"      # a private-use character no font draws: its box


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def pixels(img: pygame.Surface) -> bytes:
    return pygame.image.tobytes(img, "RGBA")


def test_japanese_characters_on_an_english_screen_are_drawn_not_boxed():
    # without a fallback every missing character is the same box
    assert pixels(theme.text("太", 40)) != pixels(theme.text("郎", 40))
    assert pixels(theme.text("太", 40)) != pixels(theme.text(NOWHERE, 40))
    name = "Ann 太郎"
    img = theme.text(name, 40)
    assert img.get_width() == theme.font(40).size(name)[0]
    assert img.get_width() > theme.text("Ann", 40).get_width()
    assert img.get_height() <= theme.text("Ann", 40).get_height() * 1.3


def test_a_symbol_the_shipped_fonts_lack_comes_from_a_system_font_if_one_has_it():
    candidates = ["✈", "♞", "⚓", "🚂"]
    lacking = [c for c in candidates if not fonts.has_glyph(None, c)
               and not fonts.has_glyph(str(fonts.JP_FONT_PATH), c)]
    drawable = [c for c in lacking if fonts.system_face(c)]
    if not drawable:
        pytest.skip("no font on this machine draws a symbol the shipped fonts lack")
    symbol = drawable[0]
    assert pixels(theme.text(symbol, 40)) != pixels(theme.text(NOWHERE, 40))
    assert theme.text(f"Bo {symbol}", 40).get_width() > theme.text("Bo", 40).get_width()
