"""Drawing the race game: the cached world map inside its time track, the
pieces on it, the action track, the piles, the viewer's hand, the die and
everything in flight. Every method here only draws."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.anim.tween import Tween, hop, lerp2
from game.scenes.boards.race import dice, pieces
from game.scenes.boards.race import layout as L
from game.scenes.boards.race.world import middle, point_along
from game.ui import theme
from game.ui.widgets import focus_ring, panel

SEA = (40, 78, 118)
LAND = (206, 192, 150)
LAND_EDGE = (150, 128, 92)
RING_BG = (30, 36, 48)
PAWN_R = 15
MARKER_R = 13
SPECIAL_DAYS = {80: (200, 60, 50)}
WAITING_PIECES = ("pawn", "detective", "marker")


def _draw_lane(surface: pygame.Surface, points: list, kind: str) -> None:
    """A leg's lane: dashes for a sea lane, a railway for a train, dots overland."""
    if kind == "train":
        pygame.draw.lines(surface, (64, 40, 28), False, points, 7)
        _dashes(surface, points, (236, 224, 196), 2, 8, 6)
    elif kind == "ship":
        _dashes(surface, points, (236, 244, 255), 3, 14, 9)
    else:
        _dashes(surface, points, (120, 70, 30), 5, 5, 9)


def _dashes(surface: pygame.Surface, points: list, color, width: int, on: float,
            off: float) -> None:
    """A dashed polyline whose dashes run on across its corners."""
    period = on + off
    walked = 0.0
    for a, b in zip(points, points[1:], strict=False):
        length = math.dist(a, b)
        if length == 0:
            continue
        phase = walked % period
        d = -phase
        while d < length:
            s, e = max(0.0, d), min(length, d + on)
            if e > s:
                pygame.draw.line(surface, color, lerp2(a, b, s / length), lerp2(a, b, e / length),
                                 width)
            d += period
        walked += length


class RaceDrawing:
    """A mixin for the race board scene."""

    # --- the static layer ---------------------------------------------------------------

    def _static_layer(self) -> pygame.Surface:
        """Frame, time track, map, lanes, cities and the track's headings, drawn once."""
        if self.static is not None:
            return self.static
        s = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
        s.fill(theme.BG)
        pygame.draw.rect(s, RING_BG, L.FRAME, border_radius=6)
        world = self.world
        pygame.draw.rect(s, SEA, L.MAP_RECT)
        for ring in world.land:
            pygame.draw.polygon(s, LAND, ring)
            pygame.draw.lines(s, LAND_EDGE, True, ring, 1)
        s.set_clip(L.MAP_RECT)
        self.badges = {}
        for i, (_, _, kind, points) in enumerate(world.legs):
            _draw_lane(s, points, kind)
            if points[-1][0] > L.MAP_RECT.right:
                _draw_lane(s, [(x - world.width, y) for x, y in points], kind)
            self._draw_badge(s, i)
        s.set_clip(None)
        self.plates = self._plate_rects()
        for name, (x, y) in world.cities.items():
            plate = self.plates[name]
            pygame.draw.line(s, (24, 28, 38), (x, y), plate.center, 3)
        for name, (x, y) in world.cities.items():
            if name == self.shown["route"][0]:
                pygame.draw.circle(s, theme.ACCENT, (x, y), 15)
            pygame.draw.circle(s, theme.CITY_EDGE, (x, y), 11)
            pygame.draw.circle(s, theme.CITY, (x, y), 8)
            plate = self.plates[name]
            panel(s, plate, (24, 28, 38), (200, 200, 210), 10, 2)
            theme.blit_text(s, name, (plate.x + 10, plate.centery), 26, (255, 255, 255), True,
                            "midleft")
            for k in range(2 if name in self.shown["bonus"] else 0):
                spot = self.chip_spot(name, k)
                pygame.draw.circle(s, (52, 58, 72), spot, L.CHIP_R, 2)
        for day in range(L.TRACK_CELLS):
            cell = L.day_cell(day)
            color = SPECIAL_DAYS.get(day, (52, 62, 82) if day % 10 else (84, 96, 124))
            pygame.draw.rect(s, color, cell.inflate(-3, -3), border_radius=4)
            label = str(day) if day < L.TRACK_CELLS - 1 else "81+"
            theme.blit_text(s, label, cell.center, 22 if len(label) < 3 else 20, theme.TEXT,
                            day % 10 == 0, "center")
        for slot, action in enumerate(self.shown_actions()):
            head = pygame.Rect(L.slot_rect(slot).topleft, (L.SLOT_W, L.SLOT_HEAD_H))
            panel(s, head, (52, 60, 80), theme.PANEL_EDGE, 8)
            theme.blit_text(s, theme.fit_text(L.ACTION_NAMES.get(action, action), 24,
                                              L.SLOT_W - 8, True),
                            head.center, 24, theme.TEXT, True, "center")
        theme.blit_text(s, "Travel", (L.DECK_RECT.centerx, L.DECK_RECT.bottom + 4), 22,
                        theme.TEXT_DIM, anchor="midtop")
        theme.blit_text(s, "Events", (L.EVENT_DECK_RECT.centerx, L.EVENT_DECK_RECT.bottom + 4),
                        22, theme.TEXT_DIM, anchor="midtop")
        self.static = s.convert()
        return self.static

    def shown_actions(self) -> list[str]:
        return [slot["action"] for slot in self.shown["track"]]

    def _draw_badge(self, surface: pygame.Surface, index: int) -> None:
        """The cards a leg takes, as little cards ("or" between the ways to pay)."""
        leg = self.shown["legs"][index]
        points = self.world.legs[index][3]
        mx, my = self.world.wrap(middle(points))
        dx, dy = L.BADGES.get(leg["from"], (0, 0))
        parts: list[Any] = []
        for k, option in enumerate(leg["options"]):
            if k:
                parts.append("or")
            parts += [("card", kind) for kind in option]
        if not leg["options"]:
            parts = [f"{leg['no_cards_days']} days", "or", "Elephant"]
        widths = [22 if isinstance(p, tuple) else theme.font(22, True).size(p)[0] for p in parts]
        box = pygame.Rect(0, 0, sum(widths) + 6 * (len(parts) - 1) + 16, 40)
        box.center = (round(mx + dx), round(my + dy))
        box.clamp_ip(L.MAP_RECT.inflate(-8, -8))
        self.badges[index] = box
        if dx or dy:
            pygame.draw.line(surface, (200, 200, 210), (mx, my), box.center, 2)
            pygame.draw.circle(surface, (200, 200, 210), (round(mx), round(my)), 4)
        pygame.draw.rect(surface, (24, 28, 38), box, border_radius=8)
        pygame.draw.rect(surface, (200, 200, 210), box, 2, border_radius=8)
        x = box.x + 8
        for part, width in zip(parts, widths, strict=True):
            if isinstance(part, tuple):
                card = pygame.Rect(x, box.y + 6, 22, 28)
                pygame.draw.rect(surface, pieces.KIND_RGB[part[1]], card, border_radius=4)
                pieces.kind_icon(surface, card.inflate(-6, -12), part[1], (250, 246, 236))
            else:
                theme.blit_text(surface, part, (x, box.centery), 22,
                                theme.ACCENT if part != "or" else theme.TEXT_DIM, True,
                                "midleft")
            x += width + 6

    # --- each frame ------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, active: list[Tween],
                   focus_item: tuple[str, Any] | None) -> None:
        if any(t.data.get("kind") == "die" for t in active):
            self.app.frame_tag = "die"
        surface.blit(self._static_layer(), (0, 0))
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
        self._draw_tip(surface, focus_item)
        self._draw_die_waiting(surface, active)
        self._draw_animations(surface, active)

    def _plate_rects(self) -> dict[str, pygame.Rect]:
        plates = {}
        for name in self.world.cities:
            cx, cy, _ = L.PLATES.get(name, (0, 0, "below"))
            chips = 2 * (2 * L.CHIP_R + 4) if name in self.shown["bonus"] else 0
            width = theme.font(26, True).size(name)[0] + 20 + chips
            rect = pygame.Rect(0, 0, width, L.PLATE_H)
            rect.center = (cx, cy)
            plates[name] = rect
        return plates

    def chip_spot(self, city: str, k: int) -> tuple[int, int]:
        plate = self.plates[city]
        return (plate.right - 6 - L.CHIP_R - (1 - k) * (2 * L.CHIP_R + 4), plate.centery)

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
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_detective(self, surface: pygame.Surface, model: Any, hidden: set) -> None:
        if ("detective",) in hidden:
            return
        x, y = self.world.cities[model.detective]
        img = pieces.detective(58)
        surface.blit(img, img.get_rect(midbottom=(round(x - 6), round(y + 6))))

    def _draw_markers(self, surface: pygame.Surface, model: Any, hidden: set) -> None:
        stacks: dict[int, int] = {}
        for seat, days in enumerate(model.days):
            if ("marker", seat) in hidden:
                continue
            self._draw_marker(surface, seat, days, stacks)

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
                    theme.blit_text(surface, "not in", (area.centerx, area.centery - 14), 22,
                                    theme.TEXT_DIM, anchor="center")
                    theme.blit_text(surface, "play", (area.centerx, area.centery + 12), 22,
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
        theme.blit_text(surface, f"Discard: {view['discard']}", (x, y), 26, theme.TEXT)
        top = view["event_discard"][-1] if view["event_discard"] else "-"
        theme.blit_text(surface, theme.fit_text(f"Last event: {top}", 26, L.PANEL_X + L.PANEL_W
                                                - x), (x, y + 34), 26, theme.TEXT_DIM)
        theme.blit_text(surface, f"Round {view['round']}", (x, y + 68), 26, theme.TEXT_DIM)
        img = pieces.coin(14)
        surface.blit(img, img.get_rect(center=L.BANK_POS))
        theme.blit_text(surface, f"Bank: {view['bank']}", (x + 40, L.BANK_POS[1]), 26,
                        theme.TEXT, anchor="midleft")

    def _draw_hand(self, surface: pygame.Surface) -> None:
        x, y = L.HAND_X, L.HAND_Y
        if self.viewer is None:
            msg = ("Hands hidden until the next player takes the screen"
                   if len(self.session.humans) > 1 else "Hands are secret; cards seen taken:")
            theme.blit_text(surface, theme.fit_text(msg, 28, L.HAND_W), (x, y), 28,
                            theme.TEXT_DIM)
            self._draw_known(surface, x, y + 40)
            return
        private = self.shown["private"]
        hand, events = private.get("hand", []), private.get("events", [])
        total = len(hand) + len(events)
        over = total > 6
        title = f"Your hand: {total} of 6 cards"
        theme.blit_text(surface, title, (x, y), 28, theme.ERROR if over else theme.TEXT_DIM)
        if over:
            theme.blit_text(surface, "click one to discard", (x + L.HAND_W, y + 4), 24,
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
            theme.blit_text(surface, "no travel cards", (x, y + 90), 26, theme.TEXT_DIM)
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
                text = f"+{hidden} unseen" if cards else f"{hidden} unseen"
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
        return None

    def _draw_focus(self, surface: pygame.Surface, focus_item: tuple[str, Any] | None) -> None:
        if focus_item is not None and focus_item[0] != "button":
            rect = self.focus_rect(focus_item)
            if rect is not None:
                focus_ring(surface, rect, 8)

    def _draw_tip(self, surface: pygame.Surface, focus_item: tuple[str, Any] | None) -> None:
        item = self.hover or focus_item
        text = self.tip_for(item) if item else None
        if not text:
            return
        img = theme.text(text, 26, theme.TEXT)
        box = img.get_rect(midtop=(L.MAP_RECT.centerx, L.MAP_RECT.y + 14)).inflate(20, 12)
        pygame.draw.rect(surface, (16, 18, 26), box, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=8)
        surface.blit(img, img.get_rect(center=box.center))

    # --- the die ------------------------------------------------------------------

    def _die_caption(self, purpose: str, roll: int, seat: int) -> str:
        if purpose == "elephant":
            return f"{self.seat_name(seat)}'s elephant: {self.elephant_base} + {roll} days"
        return f"{self.seat_name(seat)}'s balloon: {roll} day{'s' if roll != 1 else ''}"

    def _draw_die_waiting(self, surface: pygame.Surface, active: list[Tween]) -> None:
        """A roll waiting for its re-roll or accept stays big on the board."""
        awaiting = self.shown.get("awaiting")
        if (not awaiting or awaiting.get("kind") != "reroll" or self.animator.busy
                or self.queue):
            return
        caption = self._die_caption(awaiting["purpose"], awaiting["roll"], awaiting["seat"])
        dice.draw_still(surface, awaiting["roll"], L.DIE_CENTER, L.DIE_SIZE, caption, glow=1)
        ask = f"Re-roll for 1 coin, or accept?  (throw {awaiting.get('rolls', 1)})"
        theme.blit_text(surface, ask, (L.DIE_CENTER[0], L.DIE_CENTER[1] + L.DIE_SIZE // 2 + 74),
                        28, theme.ACCENT, True, "center", shadow=True)

    # --- moving things ------------------------------------------------------------

    def _draw_animations(self, surface: pygame.Surface, active: list[Tween]) -> None:
        now = {id(t) for t in active}
        for t in self.animator.pending():
            kind = t.data.get("kind")
            if id(t) not in now or not t.started:
                if kind not in WAITING_PIECES:
                    continue
                # a piece whose move comes later stands where its move starts
                t = Tween(t.ticks, easing=t.easing, data=t.data)
            draw = getattr(self, f"_draw_{kind}_tween", None)
            if draw is not None:
                draw(surface, t)

    def _draw_card_tween(self, surface: pygame.Surface, t: Tween) -> None:
        x, y = lerp2(t.data["start"], t.data["end"], t.value)
        w, h = t.data["size"]
        scale = 1 - 0.5 * t.raw if t.data.get("shrink") else 1.0
        card = t.data["card"]
        if t.data.get("flip") and t.raw < 0.5:
            # dealt face down, turned over on the way: the width closes and opens
            squeeze = 1 - 2 * t.raw
            img = pieces.card_back("travel", w, h)
        else:
            squeeze = 2 * t.raw - 1 if t.data.get("flip") else 1.0
            img = (pieces.travel_card(card[0], card[1], w, h) if card is not None
                   else pieces.card_back("travel", w, h))
        size = (max(2, round(w * scale * max(0.05, squeeze))), max(2, round(h * scale)))
        if size != (w, h):
            img = pygame.transform.scale(img, size)
        surface.blit(img, img.get_rect(center=(round(x), round(y - hop(t.raw) * 30))))

    def _draw_event_tween(self, surface: pygame.Surface, t: Tween) -> None:
        x, y = lerp2(t.data["start"], t.data["end"], t.value)
        name = t.data.get("name")
        img = (pieces.event_card(name, L.EVENT_W, L.EVENT_H) if name
               else pieces.card_back("event", 70, 98))
        surface.blit(img, img.get_rect(center=(round(x), round(y - hop(t.raw) * 30))))

    def _draw_coin_tween(self, surface: pygame.Surface, t: Tween) -> None:
        x, y = lerp2(t.data["start"], t.data["end"], t.value)
        img = pieces.coin(16)
        surface.blit(img, img.get_rect(center=(round(x), round(y - hop(t.raw) * 40))))

    def _draw_chip_tween(self, surface: pygame.Surface, t: Tween) -> None:
        x, y = lerp2(t.data["start"], t.data["end"], t.value)
        img = pieces.chip(t.data["color"], t.data["chip"], 16)
        surface.blit(img, img.get_rect(center=(round(x), round(y - hop(t.raw) * 40))))

    def _draw_pawn_tween(self, surface: pygame.Surface, t: Tween) -> None:
        (x, y), _ = point_along(t.data["path"], t.value)
        x, y = self.world.wrap((x, y))
        seat = t.data["seat"]
        img = pieces.pawn(self.seat_color(seat), seat + 1, PAWN_R + 3)
        bob = abs(math.sin(t.raw * math.pi * 6)) * 5
        surface.blit(img, img.get_rect(center=(round(x), round(y - bob))))

    def _draw_detective_tween(self, surface: pygame.Surface, t: Tween) -> None:
        (x, y), _ = point_along(t.data["path"], t.value)
        step = abs(math.sin(t.raw * math.pi * 10)) * 8
        img = pieces.detective(58)
        surface.blit(img, img.get_rect(midbottom=(round(x - 6), round(y + 6 - step))))

    def _draw_marker_tween(self, surface: pygame.Surface, t: Tween) -> None:
        days = t.data["start"] + (t.data["end"] - t.data["start"]) * t.value
        self._draw_marker(surface, t.data["seat"], days)

    def _draw_die_tween(self, surface: pygame.Surface, t: Tween) -> None:
        dice.draw_tumble(surface, t.raw, t.data["roll"], t.data["number"], L.DIE_CENTER,
                         L.DIE_SIZE)
        label = "Re-roll!" if t.data["number"] > 1 else (
            "Balloon!" if t.data["purpose"] == "balloon" else "Elephant!")
        theme.blit_text(surface, label, (L.DIE_CENTER[0], L.DIE_CENTER[1] - L.DIE_SIZE + 10),
                        40, theme.ACCENT, True, "center", shadow=True)

    def _draw_die_hold_tween(self, surface: pygame.Surface, t: Tween) -> None:
        caption = self._die_caption(t.data["purpose"], t.data["roll"], t.data["seat"])
        dice.draw_still(surface, t.data["roll"], L.DIE_CENTER, L.DIE_SIZE, caption)

    def _draw_popup_tween(self, surface: pygame.Surface, t: Tween) -> None:
        x, y = t.data["at"]
        color = t.data.get("color") or self.seat_color(t.data.get("seat", 0))
        theme.blit_text(surface, t.data["text"], (x, y - 24 - 40 * t.value), 36, color, True,
                        "center", shadow=True)

    def _draw_banner_tween(self, surface: pygame.Surface, t: Tween) -> None:
        box = pygame.Rect(0, 0, 1100, 96)
        box.center = (L.MAP_RECT.centerx, L.MAP_RECT.y + 110)
        panel(surface, box, (30, 26, 22), theme.ACCENT, 16, 4)
        text = theme.fit_text(t.data["text"], 44, box.width - 30, True)
        theme.blit_text(surface, text, box.center, 44, theme.ACCENT, True, "center")
