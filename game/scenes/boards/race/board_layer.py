"""The race board's still layer, drawn once: the time track round the frame,
the world map, each leg's lane and card badge, the cities with their plates
and the action track's headings. A mixin: it only draws."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.anim.tween import lerp2
from game.narration.race import ACTION_NAMES
from game.scenes.boards.race import layout as L
from game.scenes.boards.race import pieces
from game.scenes.boards.race.world import middle
from game.ui import layout_record, theme
from game.ui.widgets import panel
from game.words import i18n
from game.words.i18n import _, pgettext
from game.words.places import place

SEA = (40, 78, 118)
LAND = (206, 192, 150)
LAND_EDGE = (150, 128, 92)
RING_BG = (30, 36, 48)
SPECIAL_DAYS = {80: (200, 60, 50)}


def draw_slot_head(surface: pygame.Surface, head: pygame.Rect, action: str) -> None:
    """An action slot's heading: its name, shrunk to fit the slot before it is
    cut, or on two lines where it cannot shrink enough (Japanese, drawn at the
    24 px floor): the catalog says where a long name breaks."""
    name = _(ACTION_NAMES.get(action, action))
    room = head.width - 8
    size = theme.fit_size(name, 24, room, True, 18)
    lines = [name]
    if theme.font(size, True).size(name)[0] > room:
        lines = _two_lines(action) or theme.wrap_text(name, size, room, True)[:2]
    step = min(theme.font(size, True).get_height() - 4, head.height // 2 - 3)
    for i, line in enumerate(lines):
        theme.blit_text(surface, theme.fit_text(line, size, room, True),
                        (head.centerx, head.centery + round((i - (len(lines) - 1) / 2) * step)),
                        size, theme.TEXT, True, "center")


def _two_lines(action: str) -> list[str]:
    """A long action name as the catalog breaks it in two ([] for a short one)."""
    if action == "start_player":
        return [pgettext("the start player's slot, first line", "Start"),
                pgettext("the start player's slot, second line", "player")]
    return []


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



class RaceBoardLayer:
    """A mixin for the race board scene: the cached still layer."""

    # --- the static layer ---------------------------------------------------------------

    def _static_layer(self) -> pygame.Surface:
        """Frame, time track, map, lanes, cities and the track's headings, drawn once."""
        if self.static is not None and getattr(self, "static_lang", None) == i18n.language():
            return self.static
        self.static_lang = i18n.language()
        s = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
        layout_record.keep(s)  # its plates and labels count in the layout check
        s.fill(theme.BG)
        pygame.draw.rect(s, RING_BG, L.FRAME, border_radius=6)
        world = self.world
        pygame.draw.rect(s, SEA, L.MAP_RECT)
        for ring in world.land:
            pygame.draw.polygon(s, LAND, ring)
            pygame.draw.lines(s, LAND_EDGE, True, ring, 1)
        s.set_clip(L.MAP_RECT)
        self.badges = {}
        for _a, _b, kind, points in world.legs:
            _draw_lane(s, points, kind)
            if points[-1][0] > L.MAP_RECT.right:
                _draw_lane(s, [(x - world.width, y) for x, y in points], kind)
        # every lane and leader line first, a city's line to its name plate too:
        # none crosses a badge's words (Bombay's ran through "12 days")
        for i in range(len(world.legs)):
            self._draw_badge(s, i, leader=True)
        self.plates = self._plate_rects()
        for name, (x, y) in world.cities.items():
            pygame.draw.line(s, (24, 28, 38), (x, y), self.plates[name].center, 3)
        for i in range(len(world.legs)):
            self._draw_badge(s, i)
        s.set_clip(None)
        for name, (x, y) in world.cities.items():
            if name == self.shown["route"][0]:
                pygame.draw.circle(s, theme.ACCENT, (x, y), 15)
            pygame.draw.circle(s, theme.CITY_EDGE, (x, y), 11)
            pygame.draw.circle(s, theme.CITY, (x, y), 8)
            plate = self.plates[name]
            panel(s, plate, (24, 28, 38), (200, 200, 210), 10, 2)
            theme.blit_text(s, place(name), (plate.x + 10, plate.centery), 26, (255, 255, 255),
                            True, "midleft")
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
            draw_slot_head(s, head, action)
        theme.blit_text(s, _("Travel"), (L.DECK_RECT.centerx, L.DECK_RECT.bottom + 4), 22,
                        theme.TEXT_DIM, anchor="midtop")
        theme.blit_text(s, _("Events"), (L.EVENT_DECK_RECT.centerx, L.EVENT_DECK_RECT.bottom + 4),
                        22, theme.TEXT_DIM, anchor="midtop")
        self.static = s.convert()
        layout_record.keep(self.static, s)
        return self.static

    def shown_actions(self) -> list[str]:
        return [slot["action"] for slot in self.shown["track"]]

    def _draw_badge(self, surface: pygame.Surface, index: int, leader: bool = False) -> None:
        """The cards a leg takes, as little cards ("or" between the ways to pay);
        with `leader`, only the line from the lane to a badge set aside."""
        leg = self.shown["legs"][index]
        points = self.world.legs[index][3]
        mx, my = self.world.wrap(middle(points))
        dx, dy = L.BADGES.get(leg["from"], (0, 0))
        parts: list[Any] = []
        for k, option in enumerate(leg["options"]):
            if k:
                parts.append(_("or"))
            parts += [("card", kind) for kind in option]
        if not leg["options"]:
            parts = [_("{days} days").format(days=leg["no_cards_days"]), _("or"),
                     _("Elephant")]
        widths = [22 if isinstance(p, tuple) else theme.font(22, True).size(p)[0] for p in parts]
        box = pygame.Rect(0, 0, sum(widths) + 6 * (len(parts) - 1) + 16, 40)
        box.center = (round(mx + dx), round(my + dy))
        box.clamp_ip(L.MAP_RECT.inflate(-8, -8))
        self.badges[index] = box
        if leader:
            if dx or dy:
                pygame.draw.line(surface, (200, 200, 210), (mx, my), box.center, 2)
                pygame.draw.circle(surface, (200, 200, 210), (round(mx), round(my)), 4)
            return
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
                                theme.ACCENT if part != _("or") else theme.TEXT_DIM, True,
                                "midleft")
            x += width + 6

    def _plate_rects(self) -> dict[str, pygame.Rect]:
        plates = {}
        for name in self.world.cities:
            cx, cy, _ = L.PLATES.get(name, (0, 0, "below"))
            chips = 2 * (2 * L.CHIP_R + 4) if name in self.shown["bonus"] else 0
            width = theme.font(26, True).size(place(name))[0] + 20 + chips
            rect = pygame.Rect(0, 0, width, L.PLATE_H)
            rect.center = (cx, cy)
            plates[name] = rect
        return plates

    def chip_spot(self, city: str, k: int) -> tuple[int, int]:
        plate = self.plates[city]
        return (plate.right - 6 - L.CHIP_R - (1 - k) * (2 * L.CHIP_R + 4), plate.centery)

