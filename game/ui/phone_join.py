"""The phone page's address as a QR code and text, with its join code: drawn
by the host's lobby, its Esc menu's phone screen and the kiosk, so a player
can open the page (net/host/web.py) before the game and after it started. The
QR code holds the link with the table's secret in its fragment; the text shows
the bare address and the code a page opened by hand asks for."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.qr import qr_surface
from game.words.i18n import _, joined


def shown_address(web: str) -> str:
    """The page's address as the TV writes it: no scheme, no trailing slash and
    never the table's secret (the fragment the QR code's link carries)."""
    return web.split("#", 1)[0].removeprefix("http://").rstrip("/")


def draw_phone_join(surface: pygame.Surface, web: str, code: str, midtop: tuple[int, int],
                    size: int = 340) -> pygame.Rect:
    """Draws the code and its three lines under it; returns the QR code's rect."""
    picture = qr_surface(web, size)
    rect = picture.get_rect(midtop=midtop)
    surface.blit(picture, rect)
    theme.blit_text(surface, _("Phones: scan or open"), (rect.centerx, rect.bottom + 30), 30,
                    theme.TEXT_DIM, anchor="center")
    theme.blit_text(surface, shown_address(web),
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
        line = _("{left}  |  {right}").format(left=line, right=_("code {code}").format(code=code))
    theme.blit_text(surface, line, (rect.x - 16, rect.centery - 18), 26, theme.TEXT_DIM,
                    anchor="midright")
    theme.blit_text(surface, shown_address(web),
                    (rect.x - 16, rect.centery + 18), 30, theme.TEXT, True, "midright")
    return rect


def draw_phone_card(surface: pygame.Surface, web: str, code: str, waiting: list[str],
                    area: pygame.Rect) -> pygame.Rect:
    """A card at the bottom of `area` (a couch table's log) while phone seats
    wait for their phones: a QR code on the right; how to join, the address,
    the code and who is awaited on its left. Returns the card's rect."""
    from game.ui.widgets import panel

    height = min(area.height, 196)
    card = pygame.Rect(area.x, area.bottom - height, area.width, height)
    panel(surface, card, theme.PANEL, theme.ACCENT, 12, 3)
    side = height - 24
    picture = qr_surface(web, side)
    rect = picture.get_rect(topright=(card.right - 12, card.y + 12))
    surface.blit(picture, rect)
    left, width = card.x + 16, rect.x - card.x - 28
    lines = [(_("Phones: scan to join"), 28, theme.ACCENT, True),
             (shown_address(web), 26, theme.TEXT, True),
             (_("code {code}").format(code=code) if code else "", 26, theme.TEXT, False),
             (_("Waiting for {names}").format(names=joined(waiting)), 24, theme.TEXT_DIM,
              False)]
    y = card.y + 14
    for text, size, color, bold in lines:
        if text:
            theme.blit_text(surface, theme.fit_text(text, size, width, bold), (left, y), size,
                            color, bold)
        y += (height - 28) // len(lines)
    return card
