"""Choices over the route board: which tickets to keep, which cards to pay with."""

from __future__ import annotations

import pygame

from game.rules.routes.board import Track
from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import draw_card, focus_ring, panel

# Over the side panel, so the map stays in view with the cities being chosen.
BOX = pygame.Rect(1384, 150, 526, 760)


class TicketChoiceScene(Scene):
    """Toggle tickets to keep (at least `min_keep`), then confirm."""

    overlay = True

    def __init__(self, app, board_scene, pending: dict):
        super().__init__(app)
        self.board_scene = board_scene
        self.pending = pending
        self.tickets = pending["options"]
        self.min_keep = pending["min"]
        self.keep = [True] * len(self.tickets)
        self.focus = 0

    def _row(self, i: int) -> pygame.Rect:
        return pygame.Rect(BOX.x + 16, BOX.y + 130 + i * 78, BOX.width - 32, 66)

    def _confirm_rect(self) -> pygame.Rect:
        return pygame.Rect(BOX.centerx - 200, BOX.bottom - 100, 400, 74)

    @property
    def ok(self) -> bool:
        return sum(self.keep) >= self.min_keep

    def _confirm(self) -> None:
        if not self.ok:
            self.app.toast(f"Keep at least {self.min_keep} ticket(s)")
            return
        keep = [t["id"] for t, k in zip(self.tickets, self.keep, strict=True) if k]
        self.app.pop(self)
        self.board_scene.overlay_open = False
        self.board_scene.answered(self.pending)
        self.board_scene.act({"type": "keep_tickets", "keep": keep})

    def handle(self, intent: Intent) -> bool:
        n = len(self.tickets)
        if intent.kind in ("down", "next", "right"):
            self.focus = (self.focus + 1) % (n + 1)
        elif intent.kind in ("up", "prev", "left"):
            self.focus = (self.focus - 1) % (n + 1)
        elif intent.kind == "select":
            if self.focus == n:
                self._confirm()
            else:
                self.keep[self.focus] = not self.keep[self.focus]
        elif intent.kind == "click" and intent.pos:
            for i in range(n):
                if self._row(i).collidepoint(intent.pos):
                    self.focus = i
                    self.keep[i] = not self.keep[i]
            if self._confirm_rect().collidepoint(intent.pos):
                self._confirm()
        elif intent.kind == "move" and intent.pos:
            for i in range(n):
                if self._row(i).collidepoint(intent.pos):
                    self.focus = i
        return True

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui import route_drawing as rd

        geo = self.board_scene.geo
        focused = self.tickets[self.focus] if self.focus < len(self.tickets) else None
        if focused:
            a, b = geo.cities[focused["a"]], geo.cities[focused["b"]]
            pygame.draw.line(surface, theme.FOCUS, a, b, 5)
            for city in (focused["a"], focused["b"]):
                rd.ring_city(surface, geo, city)
        box = BOX
        panel(surface, box, (30, 36, 50), theme.ACCENT, 18, 4)
        theme.blit_text(surface, "Destination tickets", (box.centerx, box.y + 50), 50,
                        theme.TEXT, True, "center")
        theme.blit_text(surface, f"Keep at least {self.min_keep}; the rest go under the pile",
                        (box.centerx, box.y + 96), 26, theme.TEXT_DIM, anchor="center")
        for i, t in enumerate(self.tickets):
            row = self._row(i)
            keep = self.keep[i]
            panel(surface, row, (236, 222, 186) if keep else (90, 86, 78),
                  theme.GOOD if keep else (60, 60, 60), 10, 3)
            ink = (60, 40, 20) if keep else (40, 40, 40)
            theme.blit_text(surface, t["a"], (row.x + 12, row.y + 6), 30, ink, True)
            theme.blit_text(surface, "- " + t["b"], (row.x + 12, row.y + 34), 30, ink, True)
            theme.blit_text(surface, f"{t['points']}", (row.right - 110, row.centery), 40,
                            ink, True, "midright")
            theme.blit_text(surface, "KEEP" if keep else "back", (row.right - 12,
                            row.centery), 28, theme.GOOD if keep else (30, 30, 30), True,
                            "midright")
            if i == self.focus:
                focus_ring(surface, row, 10)
        confirm = self._confirm_rect()
        panel(surface, confirm, (64, 110, 70) if self.ok else (60, 60, 60), theme.ACCENT, 12)
        theme.blit_text(surface, f"Keep {sum(self.keep)}", confirm.center, 42, theme.TEXT,
                        True, "center")
        if self.focus == len(self.tickets):
            focus_ring(surface, confirm, 12)


class PaymentChoiceScene(Scene):
    """Choose one of several card combinations that pay for a route."""

    overlay = True

    def __init__(self, app, board_scene, track: Track, options: list[dict]):
        super().__init__(app)
        self.board_scene = board_scene
        self.track = track
        self.options = options[:8]
        self.focus = 0

    def _row(self, i: int) -> pygame.Rect:
        return pygame.Rect(BOX.x + 16, BOX.y + 120 + i * 64, BOX.width - 32, 56)

    def _pick(self, i: int) -> None:
        self.app.pop(self)
        self.board_scene.act(self.options[i])

    def handle(self, intent: Intent) -> bool:
        n = len(self.options)
        if intent.kind == "back":
            self.app.pop(self)
        elif intent.kind in ("down", "next", "right"):
            self.focus = (self.focus + 1) % n
        elif intent.kind in ("up", "prev", "left"):
            self.focus = (self.focus - 1) % n
        elif intent.kind == "select":
            self._pick(self.focus)
        elif intent.kind == "click" and intent.pos:
            for i in range(n):
                if self._row(i).collidepoint(intent.pos):
                    self._pick(i)
                    return True
            if not BOX.collidepoint(intent.pos):
                self.app.pop(self)
        elif intent.kind == "move" and intent.pos:
            for i in range(n):
                if self._row(i).collidepoint(intent.pos):
                    self.focus = i
        return True

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui import route_drawing as rd

        rd.outline_track(surface, self.board_scene.geo, self.track.id, theme.FOCUS, 4)
        box = BOX
        panel(surface, box, (30, 36, 50), theme.ACCENT, 18, 4)
        theme.blit_text(surface, f"Pay for {self.track.a} - {self.track.b}",
                        (box.centerx, box.y + 50), 38, theme.TEXT, True, "center")
        cb = self.app.settings.colorblind
        for i, option in enumerate(self.options):
            row = self._row(i)
            panel(surface, row, (50, 60, 80), theme.PANEL_EDGE, 8)
            x = row.x + 16
            cards = option["cards"]
            for card, n in cards.items():
                for _ in range(n):
                    draw_card(surface, pygame.Rect(x, row.y + 8, 26, 40), card, cb)
                    x += 29
                x += 10
            label = ", ".join(f"{n} {c}" for c, n in cards.items())
            theme.blit_text(surface, label, (row.right - 12, row.centery), 24, theme.TEXT,
                            anchor="midright")
            if i == self.focus:
                focus_ring(surface, row, 8)
        theme.blit_text(surface, "Esc / B: cancel", (box.centerx, box.bottom - 40), 28,
                        theme.TEXT_DIM, anchor="center")
