"""Text in columns on a terminal, which draws a Japanese character two cells
wide: padding by characters would leave a Japanese table's columns ragged."""

from __future__ import annotations

import unicodedata


def cells(text: str) -> int:
    """How many terminal cells `text` takes (wide and full-width characters two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def clip(text: str, width: int) -> str:
    """`text` cut to at most `width` cells."""
    out, used = "", 0
    for char in text:
        used += cells(char)
        if used > width:
            break
        out += char
    return out


def left(text: str, width: int) -> str:
    """`text` padded on the right to `width` cells."""
    return text + " " * max(0, width - cells(text))


def right(text: str, width: int) -> str:
    """`text` padded on the left to `width` cells."""
    return " " * max(0, width - cells(text)) + text
