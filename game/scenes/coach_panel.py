"""The coach panel of a guided game: what to do now and why, and its buttons.

It only lays out and draws: the learn table (game/scenes/learn_table.py)
says what it holds (the step's words, or the coach's answer to a wrong
move) and which buttons it offers, and gives the rectangles the panel must
not cover (what the coach points at, the move it suggests). The panel takes
the first of a few places on the screen that holds its words and covers
none of them, so it never hides what it talks about, in any language, at
any window size (the window is one logical 1920x1080 surface).

The panel is drawn as a layer of its own over the board (for the layout
check it is an overlay: it may cover the board's words, never its own).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import layout_record, theme
from game.ui.widgets import Button, focus_ring, panel

PAD = 18
HEADER_SIZE = 22
SAID_SIZE = 28
WHY_SIZE = 24
BUTTON_H = 58
BUTTON_GAP = 12
LINE_GAP = 4
# the layout check's layer for the panel: an overlay over the board's words
COACH_LAYER = 50
TOP = 64            # under the table's top bar
BOTTOM = 1072
RIGHT_COLUMN = pygame.Rect(1444, TOP, 466, BOTTOM - TOP)
WIDE = 760          # the panel over the board, where the right column cannot hold it


@dataclass
class CoachWords:
    """What the panel shows: a small header (the step and its rule), the
    coach's line, a second line (why; or, after a wrong move, the coach's
    answer, drawn as a warning), and the buttons (English labels, N_ marked
    where written, each with the name the table acts on)."""

    header: str
    said: str
    why: str = ""
    warning: bool = False
    buttons: list[tuple[str, str]] = field(default_factory=list)


def _lines(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    return theme.wrap_text(text, size, width, bold) if text else []


def _line_h(size: int, bold: bool = False) -> int:
    return theme.font(size, bold).get_linesize() + LINE_GAP


class CoachPanel:
    """Lays the panel out once per change of words or avoided rectangles."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(RIGHT_COLUMN.x, BOTTOM - 300, RIGHT_COLUMN.width, 300)
        self.words = CoachWords("", "")
        self.button_rects: list[pygame.Rect] = []
        self._key: tuple | None = None
        self._said: list[str] = []
        self._why: list[str] = []
        self._header = ""

    # --- layout ---------------------------------------------------------------

    def _height(self, width: int) -> tuple[int, list[str], list[str]]:
        inner = width - 2 * PAD
        said = _lines(self.words.said, SAID_SIZE, inner, True)
        why = _lines(self.words.why, WHY_SIZE, inner)
        height = PAD + _line_h(HEADER_SIZE) + 6 + len(said) * _line_h(SAID_SIZE, True)
        if why:
            height += 8 + len(why) * _line_h(WHY_SIZE)
        if self.words.buttons:
            height += 14 + BUTTON_H
        return height + PAD, said, why

    def _places(self, height_for: dict[int, int]) -> list[pygame.Rect]:
        """Where the panel may go, best first: the right column's foot and head
        (beside the board), then over the board's foot and head."""
        column = height_for[RIGHT_COLUMN.width]
        wide = height_for[WIDE]
        return [pygame.Rect(RIGHT_COLUMN.x, BOTTOM - column, RIGHT_COLUMN.width, column),
                pygame.Rect(RIGHT_COLUMN.x, TOP + 8, RIGHT_COLUMN.width, column),
                pygame.Rect(10, BOTTOM - wide, WIDE, wide),
                pygame.Rect(10, TOP + 8, WIDE, wide),
                pygame.Rect(RIGHT_COLUMN.right - WIDE, BOTTOM - wide, WIDE, wide)]

    def place(self, words: CoachWords, avoid: list[pygame.Rect]) -> None:
        """Lay out `words` where they cover none of `avoid` (where every place
        covers one, the place covering least of them)."""
        key = (words.header, words.said, words.why, words.warning, tuple(words.buttons),
               tuple(tuple(r) for r in avoid), theme.font(SAID_SIZE).get_linesize())
        if key == self._key:
            return
        self._key = key
        self.words = words
        limit = 420          # a taller panel would cover the players beside the board

        def cost(rect: pygame.Rect) -> tuple[int, int, int]:
            covered = sum(1 for r in avoid if rect.colliderect(r))
            area = sum(rect.clip(r).width * rect.clip(r).height for r in avoid)
            return covered, area, int(rect.height > limit)

        # the right-hand column first; the wide places are measured only when
        # neither of its places fits (wrapping is the costly part)
        measured = {RIGHT_COLUMN.width: self._height(RIGHT_COLUMN.width)}
        column = self._places({RIGHT_COLUMN.width: measured[RIGHT_COLUMN.width][0],
                               WIDE: 0})[:2]
        self.rect = next((rect for rect in column if cost(rect) == (0, 0, 0)), None)
        if self.rect is None:
            measured[WIDE] = self._height(WIDE)
            places = self._places({w: m[0] for w, m in measured.items()})
            self.rect = min(places, key=lambda rect: (cost(rect), places.index(rect)))
        _height, self._said, self._why = measured[self.rect.width]
        self._header = theme.fit_text(words.header, HEADER_SIZE, self.rect.width - 2 * PAD)
        self.button_rects = self._button_rects()

    def _button_rects(self) -> list[pygame.Rect]:
        count = len(self.words.buttons)
        if not count:
            return []
        width = (self.rect.width - 2 * PAD - (count - 1) * BUTTON_GAP) // count
        y = self.rect.bottom - PAD - BUTTON_H
        return [pygame.Rect(self.rect.x + PAD + i * (width + BUTTON_GAP), y, width, BUTTON_H)
                for i in range(count)]

    # --- input ------------------------------------------------------------------

    def button_at(self, pos: tuple[int, int]) -> str | None:
        for rect, (_label, name) in zip(self.button_rects, self.words.buttons, strict=False):
            if rect.collidepoint(pos):
                return name
        return None

    def covers(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    # --- drawing ----------------------------------------------------------------

    def draw(self, surface: pygame.Surface, focused: str | None, hover: str | None) -> None:
        layout_record.begin_layer(COACH_LAYER)
        words = self.words
        edge = theme.ERROR if words.warning else theme.ACCENT
        panel(surface, self.rect, (30, 36, 52), edge, 14, 3)
        x, y = self.rect.x + PAD, self.rect.y + PAD
        theme.blit_text(surface, self._header, (x, y), HEADER_SIZE, theme.TEXT_DIM)
        y += _line_h(HEADER_SIZE) + 6
        for line in self._said:
            theme.blit_text(surface, line, (x, y), SAID_SIZE, theme.TEXT, True)
            y += _line_h(SAID_SIZE, True)
        if self._why:
            y += 8
            color = theme.ERROR if words.warning else theme.TEXT_DIM
            for line in self._why:
                theme.blit_text(surface, line, (x, y), WHY_SIZE, color)
                y += _line_h(WHY_SIZE)
        for rect, (label, name) in zip(self.button_rects, words.buttons, strict=False):
            Button(label, rect, lambda: None, size=30).draw(
                surface, focused=False, hover=hover == name)
            if focused == name:
                focus_ring(surface, rect)
