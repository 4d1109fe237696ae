"""Cut the Japanese font the package ships: Noto Sans CJK JP (SIL Open Font
License), subset with fontTools to the characters Rail Party can show.

The full font is about 19 MB; the package keeps only the glyphs for
- every character of the message catalogs (both the English source strings
  and their translations) and of the data the screens show (assets/**.json,
  the place names in assets/i18n/), and every non-ASCII character in the
  program's own strings (game/**.py: in Japanese mode all text, English
  names included, is drawn with this font);
- printable ASCII and Latin-1, general punctuation, arrows, CJK symbols and
  punctuation, hiragana, katakana and the half/full-width forms;
- the 2,965 kanji of JIS X 0208 level 1 (the common kanji: nearly all of the
  jōyō list), so a player's name or a new string rarely misses a glyph.

The source is Debian's `fonts-noto-cjk` (apt-get install fonts-noto-cjk),
face 0 of NotoSansCJK-Regular.ttc; --source takes another copy.
tests/test_i18n_catalogs.py fails when the shipped cut lacks a glyph any
catalog or data file uses: run this again after adding strings.

    python tools/subset_font.py [--source PATH]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fontTools import subset  # noqa: E402
from fontTools.ttLib import TTFont  # noqa: E402

from game.ui.fonts import JP_FONT_PATH  # noqa: E402

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
RANGES = [
    (0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2190, 0x21FF), (0x2460, 0x24FF),
    (0x2500, 0x257F), (0x25A0, 0x25FF), (0x2600, 0x26FF), (0x3000, 0x303F),
    (0x3040, 0x309F), (0x30A0, 0x30FF), (0xFF00, 0xFFEF),
]


def jis_level1() -> set[str]:
    """The kanji of JIS X 0208 level 1 (Shift_JIS 0x889F-0x9872)."""
    chars: set[str] = set()
    for lead in range(0x88, 0x99):
        for trail in range(0x40, 0xFD):
            if trail == 0x7F:
                continue
            try:
                char = bytes((lead, trail)).decode("shift_jis")
            except UnicodeDecodeError:
                continue
            if "\u4e00" <= char <= "\u9fff":
                chars.add(char)
    return chars


def used_text() -> set[str]:
    """Every character the catalogs, the data and the program's strings use."""
    chars: set[str] = set()
    for path in sorted((ROOT / "game" / "words" / "locale").rglob("*.po")):
        chars |= set(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "assets").rglob("*.json")):
        chars |= set(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "game").rglob("*.py")):
        chars |= {c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7F}
    return {c for c in chars if c.isprintable() and c != " "} | {" "}


def wanted() -> set[str]:
    chars = used_text() | jis_level1()
    for low, high in RANGES:
        chars |= {chr(c) for c in range(low, high + 1)}
    return chars


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE,
                        help="NotoSansCJK-Regular.ttc (face 0 is JP) or a Noto Sans JP file")
    args = parser.parse_args(argv)
    if not args.source.exists():
        parser.error(f"{args.source} not found: apt-get install fonts-noto-cjk, or --source")
    font = TTFont(args.source, fontNumber=0, lazy=False)
    cmap = font.getBestCmap()
    chars = wanted()
    missing = sorted(c for c in used_text() if ord(c) not in cmap)
    options = subset.Options()
    options.hinting = False            # pygame's FreeType hints by itself
    options.layout_features = ["kern", "vert", "ccmp", "locl"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars if ord(c) in cmap])
    subsetter.subset(font)
    JP_FONT_PATH.parent.mkdir(parents=True, exist_ok=True)
    font.save(JP_FONT_PATH)
    size = JP_FONT_PATH.stat().st_size
    print(f"{JP_FONT_PATH.relative_to(ROOT)}: {len(font.getBestCmap())} characters, "
          f"{size / 1024:.0f} KiB")
    if missing:
        print("not in the source font: " + " ".join(f"U+{ord(c):04X}" for c in missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
