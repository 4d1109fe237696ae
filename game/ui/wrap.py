"""Breaking a paragraph into lines: at spaces for English, between any two
characters for Japanese, keeping the Japanese line-break rules (kinsoku):
no line begins with closing brackets, small kana, the long-vowel mark or
sentence punctuation, none ends with an opening bracket, and a number stays
with its counter."""

from __future__ import annotations

from collections.abc import Callable

# May not begin a line (行頭禁則).
NO_START = set("、。，．,.)）]］｝〕〉》」』】〙〗〟’”ー～‐゠–…‥・：；:;!！?？"
               "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々ゝゞヽヾ%％")
# May not end a line (行末禁則).
NO_END = set("(（[［｛〔〈《「『【〘〖〝‘“")


def _is_wide(char: str) -> bool:
    """A character that may be broken before or after on its own (CJK)."""
    code = ord(char)
    return (0x3000 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF
            or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF)


def has_wide(text: str) -> bool:
    return any(_is_wide(c) for c in text)


def half_widths(text: str) -> int:
    """A line's width in half-character units: a Japanese character counts
    three, a Latin one two (the Japanese font draws kana and kanji about one
    and a half times as wide as an average Latin letter at the same size)."""
    return sum(3 if _is_wide(c) else 2 for c in text)


def tokens(text: str) -> list[str]:
    """Pieces that may not be split: a run of Latin letters, digits and
    ASCII punctuation (with its trailing space), or one wide character. A
    number keeps the wide character right after it, its counter ("1日",
    "12枚"): a line never ends between the two."""
    pieces: list[str] = []
    word = ""
    for char in " ".join(text.split()):
        if _is_wide(char):
            if word[-1:].isdigit() and char not in NO_END:
                word += char            # the counter goes with its number
                char = ""
            if word:
                pieces.append(word)
                word = ""
            if char:
                pieces.append(char)
        elif char == " ":
            if word:
                pieces.append(word + " ")
            elif pieces:
                pieces[-1] += " "
            word = ""
        else:
            word += char
    if word:
        pieces.append(word)
    return [p for p in pieces if p.strip()]


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Lines of `text` no wider than `width` (a piece wider than a line gets
    a line of its own), breaking only where the rules allow."""
    lines: list[list[str]] = []
    line: list[str] = []
    for piece in tokens(text):
        trial = "".join(line + [piece]).rstrip()
        if line and measure(trial) > width:
            carry: list[str] = [piece]
            # a forbidden line start pulls the previous piece down with it;
            # a forbidden line end pushes the opening bracket down
            while len(line) > 1 and (carry[0][0] in NO_START
                                     or line[-1].rstrip()[-1:] in NO_END):
                carry.insert(0, line.pop())
            lines.append(line)
            line = carry
        else:
            line.append(piece)
    if line:
        lines.append(line)
    return [s for s in ("".join(parts).strip() for parts in lines) if s]
