"""The phone page's address as a QR code and text, with its join code: drawn
by the host's lobby, its Esc menu's phone screen and the kiosk, so a player
can open the page (net/host/web.py) before the game and after it started."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.qr import qr_surface


def draw_phone_join(surface: pygame.Surface, web: str, code: str, midtop: tuple[int, int],
                    size: int = 340) -> pygame.Rect:
    """Draws the code and its three lines under it; returns the QR code's rect."""
    picture = qr_surface(web, size)
    rect = picture.get_rect(midtop=midtop)
    surface.blit(picture, rect)
    theme.blit_text(surface, _("Phones: scan or open"), (rect.centerx, rect.bottom + 30), 30,
                    theme.TEXT_DIM, anchor="center")
    theme.blit_text(surface, web.removeprefix("http://").rstrip("/"),
                    (rect.centerx, rect.bottom + 70), 32, theme.TEXT, True, "center")
    if code:
        theme.blit_text(surface, _("code {code}").format(code=code),
                        (rect.centerx, rect.bottom + 110), 30, theme.ACCENT, anchor="center")
    return rect


def draw_phone_join_line(surface: pygame.Surface, web: str, code: str,
                         bottomright: tuple[int, int]) -> pygame.Rect:
    """A small QR code with the address and code on its left, for the strip
    under a board (the kiosk): it hides none of the board. Returns its rect."""
    picture = qr_surface(web, 110)
    rect = picture.get_rect(bottomright=bottomright)
    surface.blit(picture, rect)
    line = _("Phones: scan or open")
    if code:
        line += "  |  " + _("code {code}").format(code=code)
    theme.blit_text(surface, line, (rect.x - 16, rect.centery - 18), 26, theme.TEXT_DIM,
                    anchor="midright")
    theme.blit_text(surface, web.removeprefix("http://").rstrip("/"),
                    (rect.x - 16, rect.centery + 18), 30, theme.TEXT, True, "midright")
    return rect
