"""Which font draws a language's text.

English keeps pygame's built-in Latin font. Japanese uses the Noto Sans CJK
JP cut in assets/fonts/ (tools/subset_font.py), for every line drawn in
Japanese mode, Latin names included: the font has Latin glyphs too, so a
mixed sentence never falls back to missing-glyph boxes. Its em is scaled
down (JP_SCALE) so a kanji stands about as tall as the Latin font's capitals
with descenders at the same asked-for size, and screens keep their layout.

Kanji read smaller than Latin letters of the same height, so the Japanese
font has a floor (JP_SMALLEST_PX): text asked smaller is drawn at the floor,
whose line is 24 px high on the 1080p picture, the least a player reads
kanji at from the sofa (tests/test_layout.py holds every Japanese line to
it). Layouts measure the text through the same font, so they see the size
that is drawn.
"""

from __future__ import annotations

from pathlib import Path

import assets

JP_FONT_PATH = Path(assets.__file__).resolve().parent / "fonts" / "NotoSansCJKjp-Subset.otf"
JP_SCALE = 0.62
JP_SMALLEST_PX = 16  # the em; its line is 24 px high


def face_for(lang: str) -> tuple[str | None, float]:
    """(font file or None for the built-in font, size factor) for `lang`."""
    if lang == "ja" and JP_FONT_PATH.exists():
        return str(JP_FONT_PATH), JP_SCALE
    return None, 1.0


def pixel_size(lang: str, size: int) -> int:
    """The font's pixel size for text asked at `size` in `lang`."""
    path, scale = face_for(lang)
    pixels = max(1, round(size * scale))
    return max(pixels, JP_SMALLEST_PX) if path else pixels
