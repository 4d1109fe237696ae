"""Drawing the race game each frame over its still layer: bonus chips, pawns,
the detective, time markers, the action track's cards, the piles, the
viewer's hand (or the cards everyone saw taken), tips and the waiting die.
Every method here only draws."""

from __future__ import annotations

from typing import Any

import pygame

from game.anim.tween import Tween, hop, lerp2
from game.narration.race import event_name
from game.scenes.boards.race import dice, pieces
from game.scenes.boards.race import layout as L
from game.scenes.table_panels import KIOSK_TEXT
from game.ui import layout_record, theme
from game.ui.widgets import focus_ring
from game.words.i18n import _, ngettext

PAWN_R = 15
MARKER_R = 13


class RaceDrawing:
    """A mixin for the race board scene."""

    # --- each frame ------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, active: list[Tween],
                   focus_item: tuple[str, Any] | None) -> None:
        if any(t.data.get("kind") == "die" for t in active):
            self.app.frame_tag = "die"
        layout_record.blit_layer(surface, self._static_layer())
        model = self.board_model()
        hidden = self.hidden()
        self._draw_chips(surface)
        self._draw_detective(surface, model, hidden)
        self._draw_pawns(surface, model, hidden)
        self._draw_markers(surface, model, hidden)
        self._draw_track(surface, model, hidden)
        self._draw_piles(surface)
        self._draw_hand(surface)
        self.draw_players(surface)
        self.draw_log(surface)
        self._draw_focus(surface, focus_item)
        self._draw_die_waiting(surface, active)
        self._draw_animations(surface, active)

    def _draw_chips(self, surface: pygame.Surface) -> None:
        for city, chips in self.shown["bonus"].items():
            if city not in self.plates:
                continue
            for k, color in enumerate(("red", "blue")):
                kind = chips.get(color)
                if kind is not None:
                    img = pieces.chip(color, kind, L.CHIP_R)
                    surface.blit(img, img.get_rect(center=self.chip_spot(city, k)))

    def _pawn_spots(self, model: Any) -> dict[int, tuple[float, float]]:
        """Each seat's pawn position: in rows beside its city's plate."""
        route = self.shown["route"]
        by_city: dict[str, list[int]] = {}
        for seat, at in enumerate(model.at):
            by_city.setdefault(route[at], []).append(seat)
        spots = {}
        for city, seats in by_city.items():
            side = L.PLATES.get(city, (0, 0, "below"))[2]
            for k, seat in enumerate(seats):
                spots[seat] = L.pawn_spot(self.plates[city], side, k, len(seats))
        return spots

    def _draw_pawns(self, surface: pygame.Surface, model: Any, hidden: set) -> None:
        for seat, (x, y) in sorted(self._pawn_spots(model).items()):
            if ("pawn", seat) in hidden:
                continue
            img = pieces.pawn(self.seat_color(seat), seat + 1, PAWN_R)
            spot = img.get_rect(center=(round(x), round(y)))
            surface.blit(img, spot)
            layout_record.box(surface, img.get_bounding_rect().move(spot.topleft), "picture")

    def _draw_detective(self, surface: pygame.Surface, model: Any, hidden: set) -> None:
        if ("detective",) in hidden:
            return
        img, spot = pieces.detective(58), self.detective_spot(model.detective)
        surface.blit(img, spot)
        layout_record.box(surface, img.get_bounding_rect().move(spot.topleft), "picture")

    def detective_rect(self) -> pygame.Rect:
        """Where the detective stands on the map (hover and focus find him there)."""
        return self.detective_spot(self.shown["detective"])

    def detective_spot(self, city: str) -> pygame.Rect:
        """The detective's box by a city: on the dot, else beside it, wherever he
        covers no city plate or leg badge (their words stay readable), and the
        fewest pawns."""
        x, y = (round(v) for v in self.world.cities[city])
        box = pieces.detective(58).get_rect()
        candidates = [box.copy() for _ in range(5)]
        candidates[0].midbottom = (x - 6, y + 6)
        candidates[1].midright = (x - 12, y - 4)
        candidates[2].midleft = (x + 12, y - 4)
        candidates[3].midbottom = (x, y - 12)
        candidates[4].midtop = (x, y + 12)
        words = list(self.plates.values()) + list(self.badges.values())
        pawns = [pygame.Rect(round(px) - PAWN_R, round(py) - PAWN_R, 2 * PAWN_R, 2 * PAWN_R)
                 for px, py in self._pawn_spots(self.board_model()).values()]

        def cost(rect: pygame.Rect) -> int:
            off_map = 0 if L.MAP_RECT.contains(rect) else 100
            return off_map + 10 * len(rect.collidelistall(words)) + len(
                rect.collidelistall(pawns))

        return min(candidates, key=cost)

    def _draw_markers(self, surface: pygame.Surface, model: Any, hidden: set) -> None:
        stacks: dict[int, int] = {}
        for seat, days in enumerate(model.days):
            if ("marker", seat) in hidden:
                continue
            self._draw_marker(surface, seat, days, stacks)

    def marker_spots(self) -> dict[int, tuple[int, int]]:
        """Where each seat's time marker stands now (stacked as `_draw_markers` stacks
        them), for the mouse to find."""
        stacks: dict[int, int] = {}
        spots = {}
        for seat, days in enumerate(self.board_model().days):
            day = min(L.TRACK_CELLS - 1, int(days))
            k = stacks.get(day, 0)
            stacks[day] = k + 1
            spots[seat] = L.marker_spot(day, k)
        return spots

    def _draw_marker(self, surface: pygame.Surface, seat: int, days: float,
                     stacks: dict[int, int] | None = None) -> None:
        day = min(L.TRACK_CELLS - 1, int(days))
        k = 0
        if stacks is not None:
            k = stacks.get(day, 0)
            stacks[day] = k + 1
        cell = L.day_cell(day)
        ix, iy = L.inward(day)
        center = L.marker_spot(day, k)
        if stacks is None and days != int(days):
            nxt = L.day_cell(min(L.TRACK_CELLS - 1, day + 1))
            f = days - int(days)
            center = lerp2(cell.center, nxt.center, f)
            center = (center[0] + ix * 6, center[1] + iy * 6 - hop(f) * 14)
        img = pieces.pawn(self.seat_color(seat), seat + 1, MARKER_R)
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_track(self, surface: pygame.Surface, model: Any, hidden: set) -> None:
        view = self.shown
        current_action = view["turn_state"]["action"] if view["turn_state"]["taken"] else None
        usable = self.usable_targets()
        for slot, card in enumerate(model.track):
            area = L.slot_card_rect(slot)
            laid = view["track"][slot]["laid"] or card is not None
            if current_action == view["track"][slot]["action"] and not self.animator.busy:
                head = pygame.Rect(L.slot_rect(slot).topleft, (L.SLOT_W, L.SLOT_HEAD_H))
                pygame.draw.rect(surface, theme.ACCENT, head, 4, border_radius=8)
            if card is None or ("slot", slot) in hidden:
                pygame.draw.rect(surface, (50, 58, 76), area, 2, border_radius=8)
                if not laid:
                    theme.blit_text(surface, _("not in"), (area.centerx, area.centery - 14), 22,
                                    theme.TEXT_DIM, anchor="center")
                    theme.blit_text(surface, _("play"), (area.centerx, area.centery + 12), 22,
                                    theme.TEXT_DIM, anchor="center")
                continue
            surface.blit(pieces.travel_card(card[0], card[1], L.CARD_W, L.CARD_H), area)
            if ("slot", slot) in usable:
                pygame.draw.rect(surface, theme.GOOD, area.inflate(6, 6), 3, border_radius=10)
            if self.hover == ("slot", slot):
                pygame.draw.rect(surface, theme.TEXT, area, 3, border_radius=8)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        view = self.shown
        for rect, pile, count in ((L.DECK_RECT, "travel", view["deck"]),
                                  (L.EVENT_DECK_RECT, "event", view["event_deck"])):
            if count:
                surface.blit(pieces.card_back(pile, rect.width, rect.height), rect)
                badge = pygame.Rect(0, 0, 44, 30)
                badge.bottomright = (rect.right - 4, rect.bottom - 4)
                pygame.draw.rect(surface, (20, 20, 26), badge, border_radius=8)
                theme.blit_text(surface, str(count), badge.center, 26, theme.TEXT, True,
                                "center")
            else:
                pygame.draw.rect(surface, (50, 58, 76), rect, 2, border_radius=8)
            if self.hover == (("deck", None) if pile == "travel" else ("events", None)):
                pygame.draw.rect(surface, theme.TEXT, rect, 3, border_radius=8)
        x, y = L.PILE_INFO_X, L.PILE_Y
        theme.blit_text(surface, _("Discard: {count}").format(count=view["discard"]), (x, y), 26,
                        theme.TEXT)
        top = self.board_model().last_event
        top = _("Last event: {event}").format(event=event_name(top) if top != "-" else top)
        if self.kiosk:  # read from the sofa: in large type, the panel's width under the piles
            with layout_record.part("status"):
                theme.blit_text(surface, theme.fit_text(top, KIOSK_TEXT,
                                                        L.PANEL_W), (L.PANEL_X, y + 176),
                                KIOSK_TEXT, theme.TEXT)
        else:
            theme.blit_text(surface, theme.fit_text(top, 26, L.PANEL_X
                                                    + L.PANEL_W - x), (x, y + 34), 26,
                            theme.TEXT_DIM)
        theme.blit_text(surface, _("Round {round}").format(round=view["round"]),
                        (x, y + (34 if self.kiosk else 68)),
                        26, theme.TEXT_DIM)
        img = pieces.coin(14)
        surface.blit(img, img.get_rect(center=L.BANK_POS))
        theme.blit_text(surface, _("Bank: {count}").format(count=view["bank"]),
                        (x + 40, L.BANK_POS[1]), 26,
                        theme.TEXT, anchor="midleft")

    def _draw_hand(self, surface: pygame.Surface) -> None:
        x, y = L.HAND_X, L.HAND_Y
        if self.viewer is None:
            msg = (_("Hands hidden until the next player takes the screen")
                   if len(self.session.humans) > 1 else _("Hands are secret; cards seen taken:"))
            theme.blit_text(surface, theme.fit_text(msg, 28, L.HAND_W), (x, y), 28,
                            theme.TEXT_DIM)
            self._draw_known(surface, x, y + 40)
            return
        private = self.shown["private"]
        hand, events = private.get("hand", []), private.get("events", [])
        total = len(hand) + len(events)
        over = total > 6
        title = _("Your hand: {count} of 6 cards").format(count=total)
        theme.blit_text(surface, title, (x, y), 28, theme.ERROR if over else theme.TEXT_DIM)
        if over:
            theme.blit_text(surface, _("click one to discard"), (x + L.HAND_W, y + 4), 24,
                            theme.ERROR, anchor="topright")
        usable = self.usable_targets()
        for i, card in enumerate(hand):
            rect = L.hand_card_rect(i, len(hand))
            surface.blit(pieces.travel_card(card[0], card[1], rect.width, rect.height), rect)
            if ("hand", i) in usable:
                pygame.draw.rect(surface, theme.ERROR, rect.inflate(6, 6), 3, border_radius=10)
            if self.hover == ("hand", i):
                pygame.draw.rect(surface, theme.TEXT, rect, 3, border_radius=8)
        if not hand:
            theme.blit_text(surface, _("no travel cards"), (x, y + 90), 26, theme.TEXT_DIM)
        for i, name in enumerate(events):
            rect = L.event_card_rect(i)
            surface.blit(pieces.event_card(name, rect.width, rect.height), rect)
            if ("event", i) in usable:
                pygame.draw.rect(surface, theme.GOOD, rect.inflate(6, 6), 3, border_radius=10)
            if self.hover == ("event", i):
                pygame.draw.rect(surface, theme.TEXT, rect, 3, border_radius=8)

    def _draw_known(self, surface: pygame.Surface, x: int, y: int) -> None:
        """Each traveller's cards everyone saw taken from the track (public)."""
        row_h = min(44, (1072 - y) // max(1, len(self.shown["players"])))
        for seat, player in enumerate(self.shown["players"]):
            top = y + seat * row_h
            img = pieces.pawn(self.seat_color(seat), seat + 1, 14)
            surface.blit(img, img.get_rect(center=(x + 16, top + row_h // 2)))
            cards = player.get("known", [])
            for i, card in enumerate(cards[:12]):
                surface.blit(pieces.travel_card(card[0], card[1], 30, row_h - 6),
                             (x + 40 + i * 34, top + 3))
            hidden = player["cards"] - len(cards)
            if hidden > 0 or not cards:
                text = (_("+{count} unseen") if cards else _("{count} unseen")).format(
                    count=hidden)
                theme.blit_text(surface, text, (x + 44 + len(cards[:12]) * 34, top + row_h // 2),
                                24, theme.TEXT_DIM, anchor="midleft")

    def focus_rect(self, item: tuple[str, Any]) -> pygame.Rect | None:
        kind, value = item
        if kind == "slot":
            return L.slot_card_rect(value)
        if kind == "deck":
            return L.DECK_RECT
        if kind == "events":
            return L.EVENT_DECK_RECT
        if kind == "hand":
            return L.hand_card_rect(value, len(self.shown["private"].get("hand", [])))
        if kind == "event":
            return L.event_card_rect(value)
        if kind == "chip":
            city, color = value
            x, y = self.chip_spot(city, 0 if color == "red" else 1)
            return pygame.Rect(x - L.CHIP_R - 2, y - L.CHIP_R - 2, 2 * L.CHIP_R + 4,
                               2 * L.CHIP_R + 4)
        if kind == "detective":
            return self.detective_rect()
        if kind == "pawn":
            spot = self._pawn_spots(self.board_model()).get(value)
            return None if spot is None else pygame.Rect(round(spot[0]) - 16,
                                                         round(spot[1]) - 16, 32, 32)
        if kind == "marker":
            spot = self.marker_spots().get(value)
            return None if spot is None else pygame.Rect(spot[0] - 14, spot[1] - 14, 28, 28)
        if kind == "city":
            return self.plates.get(value)
        if kind == "leg":
            return self.badges.get(value)
        return None

    def _draw_focus(self, surface: pygame.Surface, focus_item: tuple[str, Any] | None) -> None:
        if focus_item is not None and focus_item[0] != "button":
            rect = self.focus_rect(focus_item)
            if rect is not None:
                focus_ring(surface, rect, 8)

    # --- the die ------------------------------------------------------------------

    def _die_caption(self, purpose: str, roll: int, seat: int) -> str:
        if purpose == "elephant":
            return _("{name}'s elephant: {base} + {roll} days").format(
                name=self.seat_name(seat), base=self.elephant_base, roll=roll)
        return ngettext("{name}'s balloon: {roll} day", "{name}'s balloon: {roll} days",
                        roll).format(name=self.seat_name(seat), roll=roll)

    def _draw_die_waiting(self, surface: pygame.Surface, active: list[Tween]) -> None:
        """A roll waiting for its re-roll or accept stays big on the board."""
        awaiting = self.shown.get("awaiting")
        if (not awaiting or awaiting.get("kind") != "reroll" or self.animator.busy
                or self.queue):
            return
        caption = self._die_caption(awaiting["purpose"], awaiting["roll"], awaiting["seat"])
        dice.draw_still(surface, awaiting["roll"], L.DIE_CENTER, L.DIE_SIZE, caption, glow=1)
        ask = _("Re-roll for 1 coin, or accept?  (throw {number})").format(
            number=awaiting.get("rolls", 1))
        theme.blit_text(surface, ask, (L.DIE_CENTER[0], L.DIE_CENTER[1] + L.DIE_SIZE // 2 + 74),
                        28, theme.ACCENT, True, "center", shadow=True)
