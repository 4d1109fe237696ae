"""Which fonts draw a language's text, and what draws a character they lack.

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

A line may still hold characters its language's font lacks: a player's name
in Japanese on an English screen, an emoji, a rare kanji. `FontChain` is used
as a pygame Font (`size`, `render`, `get_linesize`, `set_bold`) and draws each
run of characters with the first font that has them: the language's own,
then the shipped Japanese font, then the first font of the system's that has
them (looked for only when needed: a CJK font, an emoji or symbol font).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

import assets

JP_FONT_PATH = Path(assets.__file__).resolve().parent / "fonts" / "NotoSansCJKjp-Subset.otf"
JP_SCALE = 0.62
JP_SMALLEST_PX = 16  # the em; its line is 24 px high
# Fonts a system may have for what the shipped ones lack (pygame's names for
# them), most complete first: CJK faces, then emoji and symbol faces.
SYSTEM_FALLBACKS = (
    "notosanscjkjp", "notosanscjk", "notosansjp", "sourcehansans", "ipagothic", "ipaexgothic",
    "takaogothic", "vlgothic", "yugothic", "meiryo", "msgothic", "hiraginosans",
    "notoemoji", "notocoloremoji", "segoeuiemoji", "applecoloremoji", "segoeuisymbol",
    "symbola", "notosanssymbols2", "notosanssymbols", "applesymbols", "dejavusans",
)
SYSTEM_SCALE = 0.7   # a CJK or emoji face's em stands taller than the Latin font's
# a face whose line is this many times the Latin font's draws one fixed size
# (a bitmap emoji face): its runs are shrunk to the line
TOO_TALL = 2.0


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


def _faces(lang: str) -> list[tuple[str | None, float]]:
    """The shipped faces a line in `lang` tries, first the language's own."""
    faces = [face_for(lang)]
    if lang != "ja" and JP_FONT_PATH.exists():
        faces.append((str(JP_FONT_PATH), JP_SCALE))
    return faces


@lru_cache(maxsize=8)
def _glyphs(path: str | None) -> pygame.freetype.Font:
    """A handle on a font file for asking which characters it has."""
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 12)


@lru_cache(maxsize=8192)
def has_glyph(path: str | None, char: str) -> bool:
    """Whether the font file (None: pygame's built-in one) draws `char`."""
    if char.isspace():
        return True
    try:
        return _glyphs(path).get_metrics(char)[0] is not None
    except (pygame.error, OSError, IndexError):
        return False


@lru_cache(maxsize=1024)
def system_face(char: str) -> str | None:
    """The first of the system's fallback fonts that draws `char`, if any."""
    for path in _system_fallbacks():
        if has_glyph(path, char):
            return path
    return None


@lru_cache(maxsize=1)
def _system_fallbacks() -> tuple[str, ...]:
    found = []
    for name in SYSTEM_FALLBACKS:
        try:
            path = pygame.font.match_font(name)
        except Exception:      # a system whose font list cannot be read: none
            return ()
        if path and path not in found:
            found.append(path)
    return tuple(found)


class FontChain:
    """A line's fonts used as one pygame Font: each run of characters is drawn
    with the first face that has them (see the module docstring)."""

    def __init__(self, lang: str, size: int):
        self.size_asked = size
        self.lang = lang
        self.bold = False
        self._faces = _faces(lang)
        self._fonts: dict[str | None, pygame.font.Font] = {}
        self.main = self._font(*self._faces[0])

    def _font(self, path: str | None, scale: float) -> pygame.font.Font:
        font = self._fonts.get(path)
        if font is None:
            pixels = max(1, round(self.size_asked * scale))
            if self.lang == "ja" and path == str(JP_FONT_PATH):   # the Japanese floor
                pixels = max(pixels, JP_SMALLEST_PX)
            font = pygame.font.Font(path, pixels)
            font.set_bold(self.bold)
            self._fonts[path] = font
        return font

    def set_bold(self, bold: bool) -> None:
        self.bold = bold
        for font in self._fonts.values():
            font.set_bold(bold)

    def get_linesize(self) -> int:
        return self.main.get_linesize()

    def get_height(self) -> int:
        return self.main.get_height()

    def get_ascent(self) -> int:
        return self.main.get_ascent()

    def _face_of(self, char: str) -> tuple[str | None, float]:
        for path, scale in self._faces:
            if has_glyph(path, char):
                return path, scale
        path = system_face(char)
        if path is not None:
            return path, SYSTEM_SCALE
        return self._faces[-1]    # nothing has it: the Japanese font's box, at least

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """`text` cut into runs, each with the font that draws it."""
        main_path = self._faces[0][0]
        if all(has_glyph(main_path, c) for c in text):
            return [(self.main, text)]
        out: list[tuple[pygame.font.Font, str]] = []
        for char in text:
            font = self._font(*self._face_of(char))
            if out and out[-1][0] is font:
                out[-1] = (font, out[-1][1] + char)
            else:
                out.append((font, char))
        return out

    def size(self, text: str) -> tuple[int, int]:
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][0] is self.main:
            return self.main.size(text)
        widths, top, bottom = self._layout(runs)
        return sum(widths), top + bottom

    def render(self, text: str, antialias: bool, color: tuple[int, ...],
               background: tuple[int, ...] | None = None) -> pygame.Surface:
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][0] is self.main:
            return self.main.render(text, antialias, color, background)
        _widths, top, bottom = self._layout(runs)
        images = [(font, self._fit(font.render(run, antialias, color))) for font, run in runs]
        out = pygame.Surface((max(1, sum(img.get_width() for _f, img in images)), top + bottom),
                             pygame.SRCALPHA)
        if background is not None:
            out.fill(background)
        x = 0
        for font, img in images:
            if self._too_tall(font):     # one big size, shrunk: centred on the line
                y = (top + bottom - img.get_height()) // 2
            else:                        # on the line's baseline
                y = top - font.get_ascent()
            # runs never overlap: their pixels are copied, not blended onto nothing
            out.blit(img, (x, y), special_flags=0 if background else pygame.BLEND_RGBA_MAX)
            x += img.get_width()
        return out

    def _too_tall(self, font: pygame.font.Font) -> bool:
        """A face that draws one size only, far taller than the line (a bitmap
        emoji face): its runs are shrunk to the line's height."""
        return font.get_height() > self.main.get_height() * TOO_TALL

    def _fit(self, img: pygame.Surface) -> pygame.Surface:
        limit = self.main.get_height()
        if img.get_height() <= limit * TOO_TALL:
            return img
        factor = limit / img.get_height()
        return pygame.transform.smoothscale(img, (max(1, round(img.get_width() * factor)), limit))

    def _layout(self, runs: list[tuple[pygame.font.Font, str]]) -> tuple[list[int], int, int]:
        """Each run's width, and the line's height above and below its baseline."""
        limit = self.main.get_height()
        widths, tops, bottoms = [], [self.main.get_ascent()], [limit - self.main.get_ascent()]
        for font, run in runs:
            width, height = font.size(run)
            if self._too_tall(font):
                widths.append(max(1, round(width * limit / max(1, height))))
                continue
            widths.append(width)
            tops.append(font.get_ascent())
            bottoms.append(font.get_height() - font.get_ascent())
        return widths, max(tops), max(bottoms)
