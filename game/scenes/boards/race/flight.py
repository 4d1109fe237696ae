"""Drawing what moves on the race board: cards, coins and chips in flight,
pawns along their lanes, the detective walking, markers stepping along the
time track, the die, popups and banners. A mixin: it only draws."""

from __future__ import annotations

import math

import pygame

from game.anim.tween import Tween, hop, lerp2
from game.scenes.boards.race import dice, pieces
from game.scenes.boards.race import layout as L
from game.scenes.boards.race.world import point_along
from game.ui import layout_record, theme
from game.ui.widgets import panel
from game.words.i18n import _

PAWN_R = 15
WAITING_PIECES = ("pawn", "detective", "marker")


class RaceTweenDrawing:
    """A mixin for the race board scene: the tweens of `motion.py` on screen."""

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
        # from his spot by the city he leaves to his spot by the city he reaches
        offsets = []
        for city in (t.data.get("leaves"), t.data.get("reaches")):
            if city is None:
                offsets.append((-6, 6))
                continue
            spot, home = self.detective_spot(city).midbottom, self.world.cities[city]
            offsets.append((spot[0] - home[0], spot[1] - home[1]))
        ox = offsets[0][0] + (offsets[1][0] - offsets[0][0]) * t.value
        oy = offsets[0][1] + (offsets[1][1] - offsets[0][1]) * t.value
        surface.blit(img, img.get_rect(midbottom=(round(x + ox), round(y + oy - step))))

    def _draw_marker_tween(self, surface: pygame.Surface, t: Tween) -> None:
        days = t.data["start"] + (t.data["end"] - t.data["start"]) * t.value
        self._draw_marker(surface, t.data["seat"], days)

    def _draw_die_tween(self, surface: pygame.Surface, t: Tween) -> None:
        dice.draw_tumble(surface, t.raw, t.data["roll"], t.data["number"], L.DIE_CENTER,
                         L.DIE_SIZE)
        label = _("Re-roll!") if t.data["number"] > 1 else (
            _("Balloon!") if t.data["purpose"] == "balloon" else _("Elephant!"))
        center = (L.DIE_CENTER[0], L.DIE_CENTER[1] - L.DIE_SIZE + 10)
        # on its own dark plate: the caption crosses the map's city plates
        plate = theme.text(label, 40, theme.ACCENT, True).get_rect(center=center).inflate(24, 8)
        pygame.draw.rect(surface, (16, 18, 26), plate, border_radius=10)
        layout_record.box(surface, plate, "tip")
        theme.blit_text(surface, label, center, 40, theme.ACCENT, True, "center")

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
