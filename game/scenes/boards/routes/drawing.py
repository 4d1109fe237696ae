"""Drawing the route games: the cached map with its cars, the side panel, the
hand, the flying cards and hopping cars, and the rows of their choices."""

from __future__ import annotations

from typing import Any

import pygame

from game.anim.tween import Tween, hop, lerp2
from game.rules.routes.board import LOCOMOTIVE
from game.scenes.boards.routes import layout as L
from game.scenes.boards.routes.words import payment_words
from game.ui import layout_record, theme
from game.ui import route_drawing as rd
from game.ui.widgets import draw_card, focus_ring, panel
from game.words import i18n
from game.words.i18n import _
from game.words.places import pair, place


class RoutesDrawing:
    """A mixin for the routes board scene: every method here only draws."""

    # --- the map ----------------------------------------------------------------------

    def _board_layer(self, hidden: set[str]) -> pygame.Surface:
        """The map with its claimed cars and city names, as one opaque cached
        surface.

        Rebuilt only when the claimed routes (or the colour-blind setting, or
        the language) change, so a frame costs one opaque blit of the board.
        """
        cb = self.app.settings.colorblind
        if self.static is None or self.static_key != (cb, i18n.language()):
            static = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
            static.fill(theme.BG)
            toasts = theme.toast_band(self.toast_y)  # no legend where toasts appear
            board = rd.draw_static_board(self.geo, colorblind=cb, keep_clear=[toasts])
            static.blit(board, (0, 0))
            self.static = static.convert()
            layout_record.keep(self.static, board)
            self.static_key = (cb, i18n.language())
            self.claims_layer = None             # its cars and names are the old map's
        routes = {t: s for t, s in self.shown["routes"].items() if t not in hidden}
        drawn = self.claims_key or {}
        fresh = self.claims_layer is None or any(routes.get(t) != s for t, s in drawn.items())
        if fresh:                                # new, or something vanished: start again
            self.claims_layer = self.static.copy()
            layout_record.keep(self.claims_layer, self.static)
            drawn = {}
        added = {t: s for t, s in routes.items() if t not in drawn}
        if added:
            colors = [self.seat_color(seat) for seat in range(len(self.seat_info))]
            rd.draw_claims(self.claims_layer, self.geo, added, colors, marks=cb)
        if added or fresh:                       # the names go over the cars, once
            rd.draw_labels(self.claims_layer, self.geo)
        self.claims_key = routes
        return self.claims_layer

    def draw_table(self, surface: pygame.Surface, active: list[Tween],
                   focus_item: tuple[str, Any] | None) -> None:
        if any(t.data.get("kind") == "car" for t in active):
            self.app.frame_tag = "claim"
        animating = {t.data["track"] for t in self.animator.pending()
                     if t.data.get("kind") == "car"}
        layout_record.blit_layer(surface, self._board_layer(animating))
        for item in (self.hover, focus_item):
            if item and item[0] in ("track", "claimed"):
                rd.outline_track(surface, self.geo, item[1], theme.FOCUS)
        ticket = next((i for i in (self.hover, focus_item) if i and i[0] == "ticket"), None)
        if ticket is not None:
            self._draw_ticket_highlight(surface, ticket[1])
        for tid in self.highlight_tracks:
            rd.outline_track(surface, self.geo, tid, (255, 255, 255), width=4)
        self._draw_ticket_arcs(surface)
        if self.recap_ticks and (self.recap_ticks // 20) % 2 == 0:  # a slow blink
            for tid in self.recap_tracks:
                rd.outline_track(surface, self.geo, tid, theme.FOCUS, width=5)
        self._draw_panel(surface, focus_item)
        self._draw_hand(surface)
        self._draw_animations(surface, active)

    def _draw_ticket_arcs(self, surface: pygame.Surface) -> None:
        """At the end, with the results stepped aside (M), every ticket on the map:
        a dashed line between its cities, green when done, red when failed, its
        ends in the holder's colour."""
        if not getattr(self.app.top, "compact", False):
            return      # only when the results step aside (M): the longest route first
        cities = self.geo.cities
        for a, b, done, seat in getattr(self, "ticket_arcs", ()):
            if a not in cities or b not in cities:
                continue
            (ax, ay), (bx, by) = cities[a], cities[b]
            color = theme.GOOD if done else theme.ERROR
            steps = max(1, int(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 // 18))
            for k in range(0, steps, 2):
                p = (ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps)
                q = (ax + (bx - ax) * (k + 1) / steps, ay + (by - ay) * (k + 1) / steps)
                pygame.draw.line(surface, (16, 18, 24), p, q, 7)
                pygame.draw.line(surface, color, p, q, 3)
            for x, y in ((ax, ay), (bx, by)):
                pygame.draw.circle(surface, self.seat_color(seat), (round(x), round(y)), 9, 3)

    def _outline(self, surface: pygame.Surface, track_id: str) -> None:
        rd.outline_track(surface, self.geo, track_id, theme.FOCUS, 4)

    def _draw_ticket_highlight(self, surface: pygame.Surface, index: int) -> None:
        tickets = self.shown["private"].get("tickets", [])
        if index >= len(tickets):
            return
        ticket = tickets[index]
        mine = {t for t, s in self.shown["routes"].items() if s == self.viewer}
        for tid in rd.network_tracks(self.board, mine, {ticket["a"], ticket["b"]}):
            rd.outline_track(surface, self.geo, tid, (255, 255, 255), width=3)
        for city in (ticket["a"], ticket["b"]):
            rd.ring_city(surface, self.geo, city)

    # --- the side panel -------------------------------------------------------------

    def _hidden_slots(self) -> set[int]:
        hidden: set[int] = set()
        for t in self.animator.pending():
            if t.data.get("hide_all"):
                hidden.update(range(len(self.shown["face_up"])))
            slot = t.data.get("hide_slot")
            if slot is not None:
                hidden.add(slot)
        return hidden

    def _draw_panel(self, surface: pygame.Surface, focus_item: tuple[str, Any] | None) -> None:
        cb = self.app.settings.colorblind
        view = self.shown
        theme.blit_text(surface, _("Face-up cards"), (L.PANEL_X, L.FACE_UP_Y - 30), 28,
                        theme.TEXT_DIM)
        hidden = self._hidden_slots()
        second = bool(view["cards_drawn"])
        for slot, card in enumerate(view["face_up"]):
            rect = L.face_up_rect(slot)
            shown_card = None if slot in hidden else card
            draw_card(surface, rect, shown_card, cb, dim=second and shown_card == LOCOMOTIVE)
            if self.hover == ("face_up", slot) and shown_card:
                pygame.draw.rect(surface, theme.TEXT, rect, 3, border_radius=8)
        piles = [("deck", L.DECK_RECT, _("Deck {count}").format(count=view["deck"])),
                 ("tickets", L.TICKET_PILE_RECT,
                  _("Tickets {count}").format(count=view["tickets_deck"]))]
        draw_card(surface, L.DECK_RECT, None, face_down=view["deck"] > 0)
        self._draw_ticket_back(surface, L.TICKET_PILE_RECT, view["tickets_deck"] > 0)
        if "ferry_pile" in view:
            draw_card(surface, L.FERRY_PILE_RECT, L.FERRY if view["ferry_pile"] else None, cb)
            piles.append(("ferry", L.FERRY_PILE_RECT,
                          _("Ferries {count}").format(count=view["ferry_pile"])))
        for item, rect, label in piles:
            theme.blit_text(surface, label, (rect.centerx, rect.bottom + 6), 24, theme.TEXT,
                            anchor="midtop")
            if self.hover == (item, None):
                pygame.draw.rect(surface, theme.TEXT, rect, 3, border_radius=8)
        theme.blit_text(surface, _("Discard {count}").format(count=view["discard"]),
                        L.DISCARD_POS, 26,
                        theme.TEXT_DIM)
        if focus_item:
            rects = {"face_up": lambda v: L.face_up_rect(v), "deck": lambda v: L.DECK_RECT,
                     "tickets": lambda v: L.TICKET_PILE_RECT,
                     "ferry": lambda v: L.FERRY_PILE_RECT}
            if focus_item[0] in rects:
                focus_ring(surface, rects[focus_item[0]](focus_item[1]), 8)
        self.draw_players(surface)
        self._draw_tickets(surface, focus_item)
        self.draw_log(surface)

    def _draw_ticket_back(self, surface: pygame.Surface, rect: pygame.Rect, full: bool) -> None:
        if not full:
            pygame.draw.rect(surface, (50, 58, 76), rect, 2, border_radius=8)
            return
        pygame.draw.rect(surface, (236, 222, 186), rect, border_radius=8)
        pygame.draw.rect(surface, (120, 90, 60), rect.inflate(-8, -8), 2, border_radius=6)
        theme.blit_text(surface, _("TICKET"), rect.center, 22, (110, 70, 40), True, "center")

    def _draw_tickets(self, surface: pygame.Surface, focus_item) -> None:
        if self.viewer is None:
            theme.blit_text(surface, _("Tickets are secret"), (L.PANEL_X, L.TICKETS_Y), 28,
                            theme.TEXT_DIM)
            return
        tickets = self.shown["private"].get("tickets", [])
        if focus_item and focus_item[0] == "ticket":
            self.show_ticket(focus_item[1])
        shown = self.visible_tickets()
        theme.blit_text(surface, _("Your tickets ({count})").format(count=len(tickets)),
                        (L.PANEL_X, L.TICKETS_Y), 28,
                        theme.TEXT_DIM)
        if len(tickets) > L.TICKET_ROWS:
            theme.blit_text(surface, _("{first}-{last} of {count} (scroll)").format(
                                first=shown.start + 1, last=shown.stop, count=len(tickets)),
                            (L.PANEL_X + L.PANEL_W, L.TICKETS_Y + 4), 22,
                            theme.ACCENT, anchor="topright")
        progress = self.ticket_progress()
        for slot, i in enumerate(shown):
            t, rect = tickets[i], L.ticket_rect(slot)
            if self.hover == ("ticket", i):
                pygame.draw.rect(surface, (60, 70, 96), rect, border_radius=4)
            done = t["done"]
            color = theme.GOOD if done else theme.TEXT
            status = progress[i] if i < len(progress) else ""
            status_w = 110
            name = theme.fit_text(pair(t['a'], t['b']), 24,
                                  rect.width - status_w - 60)
            theme.blit_text(surface, name, (rect.x + 6, rect.centery), 24, color,
                            anchor="midleft")
            theme.blit_text(surface, status, (rect.right - 50, rect.centery), 22,
                            theme.GOOD if done else theme.TEXT_DIM, anchor="midright")
            theme.blit_text(surface, f"{t['points']:>2}", (rect.right - 6, rect.centery), 26,
                            color, True, "midright")
            if focus_item == ("ticket", i):
                focus_ring(surface, rect, 8)

    # --- the hand ---------------------------------------------------------------------

    def _hand_slot_rect(self, card: str) -> pygame.Rect:
        cards = self._hand_cards()
        i = cards.index(card) if card in cards else len(cards) - 1
        if self.portrait:
            height = min(110, (L.PORTRAIT_BOARD_RECT[3]) // len(cards))
            return pygame.Rect(10, 62 + i * height, L.HAND_COLUMN_W, height - 10)
        width = min(130, (L.BOARD_RECT[2] - 20) // len(cards))
        return pygame.Rect(L.BOARD_RECT[0] + 10 + i * width, L.HAND_Y + 4, width - 12,
                           L.HAND_H - 8)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        if self.viewer is None:
            msg, short = (_("Spectating: every player's cards stay hidden"), _("Spectating"))
            if len(self.session.humans) > 1:
                msg = short = _("Cards hidden until the next player takes the screen")
            if self.portrait:
                lines = theme.wrap_text(short, 32, L.HAND_COLUMN_W - 20)
                for i, line in enumerate(lines):
                    theme.blit_text(surface, line, (20, 90 + i * 36), 32, theme.TEXT_DIM)
            else:
                theme.blit_text(surface, msg, (L.BOARD_RECT[0] + 20, L.HAND_Y + L.HAND_H // 2),
                                32, theme.TEXT_DIM, anchor="midleft")
            return
        hand = self.shown["private"].get("hand", {})
        cb = self.app.settings.colorblind
        for card in self._hand_cards():
            n = hand.get(card, 0)
            draw_card(surface, self._hand_slot_rect(card), card, cb, count=n, dim=n == 0)

    # --- moving things ----------------------------------------------------------------

    def _draw_animations(self, surface: pygame.Surface, active: list[Tween]) -> None:
        cb = self.app.settings.colorblind
        for t in active:
            kind = t.data.get("kind")
            if kind == "car" and t.started:
                shape = self.geo.tracks[t.data["track"]]
                rd.draw_car(surface, shape.spaces[t.data["space"]], self.seat_color(
                    t.data["seat"]), lift=hop(t.raw) * 16, grow=t.value)
                continue
            if not t.started:
                continue
            if kind == "fly":
                x, y = lerp2(t.data["from"], t.data["to"], t.value)
                rect = pygame.Rect(0, 0, L.CARD_W * 0.8, L.CARD_H * 0.8)
                rect.center = (round(x), round(y - hop(t.raw) * 30))
                card = t.data["card"]
                draw_card(surface, rect, card, cb, face_down=card is None)
            elif kind == "ticket":
                x, y = lerp2(t.data["from"], t.data["to"], t.value)
                rect = pygame.Rect(0, 0, L.CARD_W * 0.7, L.CARD_H * 0.7)
                rect.center = (round(x), round(y))
                self._draw_ticket_back(surface, rect, True)
            elif kind == "points":
                x, y = t.data["at"]
                theme.blit_text(surface, t.data["text"], (x, y - 20 - 40 * t.value), 44,
                                self.seat_color(t.data["seat"]), True, "center", shadow=True)
            elif kind == "banner":
                box = pygame.Rect(0, 0, 1100, 110)
                box.center = (self.board_rect[0] + self.board_rect[2] // 2, 420)
                panel(surface, box, (30, 20, 20), theme.ACCENT, 16, 4)
                theme.blit_text(surface, t.data["text"], box.center, 48, theme.ACCENT, True,
                                "center")

    # --- rows of the choice overlays -------------------------------------------------

    def _draw_ticket_row(self, surface: pygame.Surface, row: pygame.Rect,
                         ticket: dict[str, Any], keep: bool) -> None:
        panel(surface, row, (236, 222, 186) if keep else (90, 86, 78),
              theme.GOOD if keep else (60, 60, 60), 10, 3)
        ink = (60, 40, 20) if keep else (40, 40, 40)
        theme.blit_text(surface, place(ticket["a"]), (row.x + 12, row.y + 6), 30, ink, True)
        theme.blit_text(surface, "- " + place(ticket["b"]), (row.x + 12, row.y + 34), 30, ink,
                        True)
        theme.blit_text(surface, f"{ticket['points']}", (row.right - 110, row.centery), 40, ink,
                        True, "midright")
        theme.blit_text(surface, _("KEEP") if keep else _("back"),
                        (row.right - 12, row.centery), 28,
                        theme.GOOD if keep else (30, 30, 30), True, "midright")

    def _preview_ticket(self, surface: pygame.Surface, ticket: dict[str, Any]) -> None:
        a, b = self.geo.cities[ticket["a"]], self.geo.cities[ticket["b"]]
        pygame.draw.line(surface, theme.FOCUS, a, b, 5)
        for city in (ticket["a"], ticket["b"]):
            rd.ring_city(surface, self.geo, city)

    def _draw_payment_row(self, surface: pygame.Surface, row: pygame.Rect,
                          option: dict[str, Any], chosen: bool) -> None:
        panel(surface, row, (50, 60, 80), theme.PANEL_EDGE, 8)
        cb = self.app.settings.colorblind
        x = row.x + 16
        for card, n in option["cards"].items():
            for _i in range(n):
                draw_card(surface, pygame.Rect(x, row.y + 8, 26, 40), card, cb)
                x += 29
            x += 10
        label = payment_words(option["cards"])
        theme.blit_text(surface, label, (row.right - 12, row.centery), 24, theme.TEXT,
                        anchor="midright")
