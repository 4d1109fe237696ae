"""The paged rules screen every game shares, over a board or the setup screen.

A game family feeds it pages (`RulesPage`: a title, paragraphs in the
project's own words and a picture hook drawn by the family's own drawing
code) from `game/scenes/boards/<family>/rules_pages.py`, whose
`pages(game_id, options)` needs no running game, so the setup screen can show
them before one starts. Keyboard (arrows, Tab, Enter, Esc), mouse (buttons,
wheel) and controllers (the same intents) turn the pages.

Text is wrapped by measuring it and set at the largest size from
`TEXT_SIZES` at which the page fits its column; `PageLayout.fits` says whether
it did (the tests hold every page of every game to it). Pictures draw with a
clip on their rectangle, so they never spill over the text or the buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, panel
from game.words.i18n import N_, _

Picture = Callable[[pygame.Surface, pygame.Rect], None]

AREA = pygame.Rect(80, 36, 1760, 1008)
TEXT_SIZES = (34, 32, 30, 28, 26)
PARAGRAPH_GAP = 0.5  # of a line, between two paragraphs
PICTURE_W = 700       # the picture column's width on a page with a picture
BUTTON_W, BUTTON_H = 300, 64
PANEL_BG = (24, 30, 44)


@dataclass(frozen=True)
class RulesPage:
    """One page: a title, paragraphs and a picture drawn into a rectangle."""

    title: str
    text: tuple[str, ...]
    picture: Picture | None = None


@dataclass
class PageLayout:
    """Where a page's text and picture go, measured: `lines` are (text, rect)."""

    size: int
    lines: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    body: pygame.Rect = field(default_factory=pygame.Rect)
    picture: pygame.Rect | None = None
    fits: bool = True


def body_rect(area: pygame.Rect = AREA) -> pygame.Rect:
    """The part of the panel that holds a page's text and picture."""
    return pygame.Rect(area.x + 48, area.y + 168, area.width - 96, area.height - 168 - 180)


def layout_page(page: RulesPage, area: pygame.Rect = AREA) -> PageLayout:
    """The page set at the largest text size at which it fits its column."""
    body = body_rect(area)
    text_w = body.width - (PICTURE_W + 40 if page.picture else 0)
    picture = (pygame.Rect(body.x + text_w + 40, body.y, PICTURE_W, body.height)
               if page.picture else None)
    for size in TEXT_SIZES:
        layout = _set_text(page, body, text_w, size)
        if layout.fits:
            break
    layout.picture = picture
    return layout


def _set_text(page: RulesPage, body: pygame.Rect, width: int, size: int) -> PageLayout:
    font = theme.font(size)
    step = round(font.get_linesize() * 1.2)
    layout = PageLayout(size=size, body=pygame.Rect(body.x, body.y, width, body.height))
    y = body.y
    for k, paragraph in enumerate(page.text):
        if k:
            y += round(step * PARAGRAPH_GAP)
        for line in theme.wrap_text(paragraph, size, width):
            w, h = font.size(line)
            rect = pygame.Rect(body.x, y, w, h)
            if w > width:
                layout.fits = False  # one word longer than the column
            layout.lines.append((line, rect))
            y += step
    layout.fits = layout.fits and y <= body.bottom
    return layout


class RulesScene(Scene):
    """The pages of one game's rules; `on_close` runs when the screen closes."""

    overlay = True
    toast_y = 40

    def __init__(self, app: Any, game_name: str, pages: list[RulesPage],
                 on_close: Callable[[], None] | None = None):
        super().__init__(app)
        if not pages:
            pages = [RulesPage(game_name, (_("No rules are written for this game yet."),))]
        self.game_name = game_name
        self.pages = pages
        self.page = 0
        self.on_close = on_close
        self.hover: str | None = None
        y = AREA.bottom - BUTTON_H - 28
        self.buttons = {
            "prev": Button(N_("< Previous"), pygame.Rect(AREA.x + 48, y, BUTTON_W, BUTTON_H),
                           self.previous, size=34),
            "close": Button(N_("Close"), pygame.Rect(AREA.centerx - BUTTON_W // 2, y, BUTTON_W,
                                                 BUTTON_H), self.close, size=34),
            "next": Button(N_("Next >"), pygame.Rect(AREA.right - 48 - BUTTON_W, y, BUTTON_W,
                                                 BUTTON_H), self.next, size=34),
        }
        self._layouts: dict[int, PageLayout] = {}

    # --- turning pages ------------------------------------------------------------

    def next(self) -> None:
        self.page = min(self.page + 1, len(self.pages) - 1)

    def previous(self) -> None:
        self.page = max(self.page - 1, 0)

    def close(self) -> None:
        self.app.pop(self)
        if self.on_close is not None:
            self.on_close()

    def layout(self, index: int | None = None) -> PageLayout:
        index = self.page if index is None else index
        if index not in self._layouts:
            self._layouts[index] = layout_page(self.pages[index])
        return self._layouts[index]

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind in ("back", "menu"):
            self.close()
        elif kind in ("right", "next", "down"):
            self.next()
        elif kind in ("left", "prev", "up"):
            self.previous()
        elif kind == "select":
            if self.page == len(self.pages) - 1:
                self.close()  # Enter through the pages ends on the last one
            else:
                self.next()
        elif kind == "wheel":
            self.previous() if intent.button > 0 else self.next()
        elif kind == "move" and intent.pos:
            self.hover = next((name for name, b in self.buttons.items()
                               if b.rect.collidepoint(intent.pos)), None)
        elif kind == "click" and intent.pos:
            for button in self.buttons.values():
                if button.rect.collidepoint(intent.pos):
                    button.action()
                    break
        return True  # the board under the rules gets nothing

    # --- drawing ------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel(surface, AREA, PANEL_BG, theme.ACCENT, 20, 4)
        page = self.pages[self.page]
        counter = _("Page {page} of {count}").format(page=self.page + 1, count=len(self.pages))
        counter_w = theme.font(30).size(counter)[0]
        heading = _("How to play {game}").format(game=_(self.game_name))
        room = AREA.width - 96 - counter_w - 40
        size = theme.fit_size(heading, 50, room, True, smallest=30)
        theme.blit_text(surface, theme.fit_text(heading, size, room, True),
                        (AREA.x + 48, AREA.y + 30), size, theme.ACCENT, True)
        theme.blit_text(surface, counter, (AREA.right - 48, AREA.y + 40), 30, theme.TEXT_DIM,
                        anchor="topright")
        title_size = theme.fit_size(page.title, 44, AREA.width - 96, True, smallest=30)
        theme.blit_text(surface, theme.fit_text(page.title, title_size, AREA.width - 96, True),
                        (AREA.x + 48, AREA.y + 100), title_size, theme.TEXT, True)
        layout = self.layout()
        for line, rect in layout.lines:
            theme.blit_text(surface, line, rect.topleft, layout.size, theme.TEXT)
        if page.picture is not None and layout.picture is not None:
            pygame.draw.rect(surface, (30, 38, 54), layout.picture, border_radius=14)
            clip = surface.get_clip()
            surface.set_clip(layout.picture)
            page.picture(surface, layout.picture.inflate(-24, -24))
            surface.set_clip(clip)
        self._draw_dots(surface)
        last, first = self.page == len(self.pages) - 1, self.page == 0
        for name, button in self.buttons.items():
            button.enabled = not ((name == "prev" and first) or (name == "next" and last))
            default = "close" if last else "next"
            button.draw(surface, focused=name == default, hover=self.hover == name)
        hint = _("Left/right, the wheel or the d-pad: pages    Enter or A: next    "
                 "Esc or B: close")
        theme.blit_text(surface, theme.fit_text(hint, 24, AREA.width - 96, False),
                        (AREA.centerx, AREA.bottom - BUTTON_H - 56), 24, theme.TEXT_DIM,
                        anchor="center")

    def _draw_dots(self, surface: pygame.Surface) -> None:
        """One dot per page, the current one lit: how far through the rules."""
        n = len(self.pages)
        step = min(28, (AREA.width - 2 * BUTTON_W - 200) // max(1, n))
        x0 = AREA.centerx - (n - 1) * step // 2
        y = AREA.bottom - BUTTON_H - 96
        for i in range(n):
            color = theme.ACCENT if i == self.page else theme.PANEL_EDGE
            pygame.draw.circle(surface, color, (x0 + i * step, y), 7 if i == self.page else 5)
