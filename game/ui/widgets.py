"""Small drawing helpers and widgets: buttons, vertical menus, train cards."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import layout_record, theme
from game.ui.input import Intent
from game.words.i18n import _, pgettext


def panel(surface: pygame.Surface, rect: pygame.Rect, color=theme.PANEL,
          edge=theme.PANEL_EDGE, radius: int = 12, width: int = 2, kind: str = "panel") -> None:
    """A filled, framed box; `kind` ("button") tells the layout check what it is."""
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)
    layout_record.box(surface, rect, kind)


def shade(surface: pygame.Surface, alpha: int) -> None:
    """Darken everything drawn so far: an overlay's backdrop."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))
    layout_record.box(surface, veil.get_rect(), "shade")


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 12) -> None:
    pygame.draw.rect(surface, theme.FOCUS, rect.inflate(10, 10), 4, border_radius=radius + 4)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: str | None,
              colorblind: bool = False, count: int | None = None,
              face_down: bool = False, dim: bool = False) -> None:
    """A train card (colour, locomotive, ferry), a card back, or an empty slot.
    `dim` (none of it in hand) keeps the card's own colour, faint inside a full frame."""
    if dim and card is not None and not face_down:
        _draw_faint_card(surface, rect, card, colorblind, count)
        return
    if card is None and not face_down:
        pygame.draw.rect(surface, (50, 58, 76), rect, 2, border_radius=8)
        return
    if face_down:
        pygame.draw.rect(surface, (90, 60, 40), rect, border_radius=8)
        pygame.draw.rect(surface, (200, 170, 110), rect.inflate(-10, -10), 2, border_radius=6)
        theme.blit_text(surface, pgettext("card back", "RAIL"), rect.center,
                        max(16, rect.height // 5),
                        (220, 190, 130), bold=True, anchor="center")
    else:
        color = theme.CARD_COLORS.get(card, (128, 128, 128))
        pygame.draw.rect(surface, color, rect, border_radius=8)
        if card == "locomotive":
            bands = [(230, 80, 80), (240, 200, 60), (80, 190, 100), (70, 130, 230)]
            band_h = max(2, rect.height // 14)
            for i, band in enumerate(bands):
                y = rect.y + rect.height // 3 + i * band_h
                pygame.draw.rect(surface, band, (rect.x + 6, y, rect.width - 12, band_h))
        elif card == "ferry":
            _waves(surface, rect, (240, 250, 255))
        else:
            # a simple wagon silhouette
            body = pygame.Rect(0, 0, rect.width * 0.7, rect.height * 0.22)
            body.center = (rect.centerx, rect.centery)
            shade = theme.readable_on(color)
            pygame.draw.rect(surface, shade, body, 2, border_radius=3)
            for dx in (-0.22, 0.22):
                pygame.draw.circle(surface, shade, (rect.centerx + dx * rect.width,
                                                    body.bottom + 3), max(3, rect.width // 14), 2)
        edge = (250, 250, 250) if card != "white" else (120, 120, 120)
        pygame.draw.rect(surface, edge, rect, 2, border_radius=8)
        if colorblind:
            letter = theme.CARD_LETTERS.get(card, "?")
            fg = theme.readable_on(color)
            theme.blit_text(surface, letter, (rect.x + 8, rect.y + 4),
                            max(18, rect.height // 4), fg, bold=True)
    if count is not None:
        badge = pygame.Rect(0, 0, 38, 30)
        badge.bottomright = (rect.right - 4, rect.bottom - 4)
        pygame.draw.rect(surface, (20, 20, 26), badge, border_radius=8)
        theme.blit_text(surface, str(count), badge.center, 30, theme.TEXT, True, "center")
    if dim:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, rect)


def _draw_faint_card(surface: pygame.Surface, rect: pygame.Rect, card: str,
                     colorblind: bool, count: int | None) -> None:
    color = theme.CARD_COLORS.get(card, (128, 128, 128))
    faint = tuple(round(c * 0.35 + b * 0.65) for c, b in zip(color, theme.BG, strict=True))
    if sum(color) < 200:  # a black card: a dark frame would vanish on the dark table
        color = (120, 120, 128)
    pygame.draw.rect(surface, faint, rect, border_radius=8)
    pygame.draw.rect(surface, color, rect, 3, border_radius=8)
    if colorblind:
        theme.blit_text(surface, theme.CARD_LETTERS.get(card, "?"), (rect.x + 8, rect.y + 4),
                        max(18, rect.height // 4), color, bold=True)
    if count is not None:
        theme.blit_text(surface, str(count), (rect.right - 10, rect.bottom - 6), 28, color,
                        True, "bottomright")


def _waves(surface: pygame.Surface, rect: pygame.Rect, color) -> None:
    for row in range(3):
        y = rect.y + rect.height * (0.35 + row * 0.15)
        points = []
        for i in range(9):
            x = rect.x + 6 + i * (rect.width - 12) / 8
            points.append((x, y + (3 if i % 2 else -3)))
        pygame.draw.lines(surface, color, False, points, 2)


@dataclass
class Button:
    """A labelled button. The label is the English text (marked with N_()
    where it is written) and is translated as it is drawn, so a new language
    shows at once; a label already in the player's language passes through."""

    label: str
    rect: pygame.Rect
    action: Callable[[], None]
    enabled: bool = True
    size: int = 40

    def draw(self, surface: pygame.Surface, focused: bool = False, hover: bool = False) -> None:
        color = (64, 78, 104) if self.enabled else (44, 50, 62)
        if hover and self.enabled:
            color = (80, 98, 130)
        with layout_record.owned_by(self):
            panel(surface, self.rect, color, theme.ACCENT if focused else theme.PANEL_EDGE,
                  kind="button")
            fg = theme.TEXT if self.enabled else theme.TEXT_DIM
            label = _(self.label)
            size = theme.fit_size(label, self.size, self.rect.width - 16, True, 20)
            theme.blit_text(surface, label, self.rect.center, size, fg, True, "center")
        if focused:
            focus_ring(surface, self.rect)


class Menu:
    """Buttons with a keyboard/controller focus; the mouse hovers and clicks."""

    def __init__(self, buttons: list[Button]):
        self.buttons = buttons
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)
        self.hover: int | None = None

    def move(self, step: int) -> None:
        n = len(self.buttons)
        for k in range(1, n + 1):
            i = (self.focus + step * k) % n
            if self.buttons[i].enabled:
                self.focus = i
                return

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("down", "next", "right"):
            self.move(1)
            return True
        if intent.kind in ("up", "prev", "left"):
            self.move(-1)
            return True
        if intent.kind == "select" and self.buttons:
            button = self.buttons[self.focus]
            if button.enabled:
                button.action()
            return True
        if intent.kind == "move" and intent.pos:
            self.hover = next((i for i, b in enumerate(self.buttons)
                               if b.rect.collidepoint(intent.pos)), None)
            if self.hover is not None and self.buttons[self.hover].enabled:
                self.focus = self.hover
            return False
        if intent.kind == "click" and intent.pos:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(intent.pos) and b.enabled:
                    self.focus = i
                    b.action()
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surface, focused=i == self.focus, hover=i == self.hover)
