"""Esc in a game: Resume, Rules, Settings, and Save and leave; on the host's
own table of a game that serves the phone page, also "Phones: scan to join"
(its QR code, address and join code, so a late player can take a seat);
in a couch game whose phone seats are not all taken, "Bots play for missing
phones" (else the game would wait on them for ever; a phone may still come).

Rules opens the game's paged rules (game/scenes/rules_book.py), the same
pages the setup screen shows, with the table's `rules_options()`.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes import nav
from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu, panel, shade
from game.words.i18n import N_, _

BOX = pygame.Rect(0, 0, 620, 560)
BOX.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)


class GameMenuScene(Scene):
    overlay = True

    def __init__(self, app: Any, table: Any):
        super().__init__(app)
        self.table = table
        remote = table.session.remote and not hasattr(table.session, "phone_seats")
        leave = N_("Leave (your seat is kept)") if remote else N_("Save and leave")
        entries = [(N_("Resume"), self._resume), (N_("Rules"), self._rules),
                   (N_("Settings"), self._settings), (leave, self._leave)]
        if phone_page(table) is not None:
            entries.insert(3, (N_("Phones: scan to join"), self._phones))
        waiting = getattr(table.session, "waiting_phones", None)
        if waiting is not None and waiting() and not table.session.bots_on_waiting_phones():
            entries.insert(4, (N_("Bots play for missing phones"), self._bots_for_phones))
        self.box = BOX.inflate(0, (len(entries) - 4) * 100)
        box = self.box
        self.menu = Menu([Button(label, pygame.Rect(box.x + 60, box.y + 130 + i * 100,
                                                    box.width - 120, 80), fn, size=38)
                          for i, (label, fn) in enumerate(entries)])

    def _resume(self) -> None:
        self.app.pop(self)

    def _rules(self) -> None:
        table = self.table
        self.app.push(nav.rules_screen(self.app, table.info.id, table.rules_options()))

    def _settings(self) -> None:
        self.app.push(nav.screen("settings", self.app))

    def _phones(self) -> None:
        self.app.push(PhoneJoinScene(self.app, self.table))

    def _bots_for_phones(self) -> None:
        """A couch game whose phone seat nobody takes would wait for ever."""
        self.table.session.host.bots_for_waiting_phones()
        self.app.pop(self)

    def _leave(self) -> None:
        self.app.pop(self)
        self.table.leave()  # a local game is saved after every move already

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("back", "menu"):
            self._resume()
            return True
        self.menu.handle(intent)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 140)
        box = self.box
        panel(surface, box, theme.PANEL, theme.ACCENT, 20, 4)
        theme.blit_text(surface, _("Paused"), (box.centerx, box.y + 64), 64, theme.ACCENT, True,
                        "center")
        self.menu.draw(surface)


def phone_page(table: Any) -> tuple[str, str] | None:
    """The phone page's link (the table's secret in its fragment) and the code
    the TV shows for it when this window hosts the table's game and serves the
    page; None otherwise."""
    host = getattr(table.session, "host", None)
    if host is None:
        return None
    status = host.status()
    web = status.get("web_link")
    return (web, status.get("table_code", "")) if web else None


class PhoneJoinScene(Scene):
    """The QR code over the paused table; any key or click goes back."""

    overlay = True

    def __init__(self, app: Any, table: Any):
        super().__init__(app)
        self.table = table

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("back", "menu", "select", "click"):
            self.app.pop(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.phone_join import draw_phone_join

        shade(surface, 180)
        page = phone_page(self.table)
        box = pygame.Rect(0, 0, 620, 700)
        box.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)
        panel(surface, box, theme.PANEL, theme.ACCENT, 20, 4)
        theme.blit_text(surface, _("Phones: scan to join"), (box.centerx, box.y + 56), 48,
                        theme.ACCENT, True, "center")
        if page is None:
            theme.blit_text(surface, _("The phone page is off"), box.center, 36, theme.TEXT_DIM,
                            anchor="center")
            return
        draw_phone_join(surface, page[0], page[1], (box.centerx, box.y + 110), 400)
