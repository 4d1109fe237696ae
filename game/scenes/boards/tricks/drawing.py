"""Drawing Railway Tricks: the cached lines, the lane, the trick, the hand,
the players' shares, the last trick and the cards in flight."""

from __future__ import annotations

from typing import Any

import pygame

from game.anim.tween import Tween, hop, lerp, lerp2
from game.narration.tricks import entry_name
from game.scenes.boards.tricks import layout as L
from game.scenes.boards.tricks.cards import draw_shape, item_key
from game.scenes.boards.tricks.display import same_card
from game.scenes.boards.tricks.words import REVEAL_EACH, line_value
from game.ui import layout_record, theme
from game.ui.widgets import focus_ring, panel
from game.words import i18n
from game.words.i18n import _, pgettext

ROW_BG = (32, 40, 56)
ROW_LED = (52, 60, 84)
GLOW = (255, 214, 90)


class TricksDrawing:
    """A mixin for the Railway Tricks scene: every method here only draws."""

    # --- the cached layer: lines, headings, frames ------------------------------------

    def _hidden(self) -> set[int]:
        return {t.data["hide"] for t in self.animator.pending() if "hide" in t.data}

    def _revealed(self) -> int:
        if self.reveal is None:
            return 0
        return min(len(self.palette.companies), 1 + self.reveal_clock // self._reveal_each())

    def _reveal_each(self) -> int:
        return max(1, round(REVEAL_EACH * max(self.speed, 0.1)))

    def _board_layer(self, hidden: set[int]) -> pygame.Surface:
        cb = self.app.settings.colorblind
        look = (cb, i18n.language())  # a new look redraws the whole layer
        key = (self.model.version, frozenset(hidden), look, self._revealed(), self.model.led)
        if self.layer is None or key != self.layer_key:
            if self.layer is None or self.layer_key is None or self.layer_key[2] != look:
                self.layer = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H)).convert()
                layout_record.keep(self.layer)  # its words count in the layout check
                self._draw_frame(self.layer)
                self.row_keys = {}
            for row, company in enumerate(self.palette.companies):
                row_key = self._line_key(row, company, hidden, cb)
                if self.row_keys.get(company) != row_key:  # only the lines that changed
                    self.layer.fill(theme.BG, L.line_row_rect(row).inflate(0, 8))
                    layout_record.forget(self.layer, L.line_row_rect(row).inflate(0, 8))
                    self._draw_line(self.layer, row, company, hidden, cb)
                    self.row_keys[company] = row_key
            self.layer_key = key
        return self.layer

    def _line_key(self, row: int, company: str, hidden: set[int], cb: bool) -> tuple:
        """What a line's picture depends on, by content (ids change at every snap)."""
        model = self.model
        loco = model.locomotives.get(company)
        return (tuple((item_key(i), id(i) in hidden) for i in model.lines.get(company, [])),
                item_key(loco), loco is not None and id(loco) in hidden, cb,
                model.led == company, self.reveal is not None and row < self._revealed())

    def _draw_frame(self, layer: pygame.Surface) -> None:
        """What never changes: headings and the trick's table."""
        layer.fill(theme.BG)
        theme.blit_text(layer, _("Trick lane"), (L.LEFT_X, L.LANE_Y + 8), 30, theme.TEXT, True)
        theme.blit_text(layer, _("the next trick"), (L.LEFT_X, L.LANE_Y + 42), 24,
                        theme.TEXT_DIM)
        theme.blit_text(layer, _("wins the first"), (L.LEFT_X, L.LANE_Y + 66), 24,
                        theme.TEXT_DIM)
        trick = pygame.Rect(L.LEFT_X, L.TRICK_Y, L.LEFT_R - L.LEFT_X, L.TRICK_H)
        panel(layer, trick, (28, 52, 44), (60, 100, 80), 16, 2)
        theme.blit_text(layer, _("Last trick"), (L.PANEL_X, L.LAST_TRICK_Y), 28, theme.TEXT_DIM)

    def _draw_line(self, layer: pygame.Surface, row: int, company: str, hidden: set[int],
                   cb: bool) -> None:
        model = self.model
        rect = L.line_row_rect(row)
        led = model.led == company
        panel(layer, rect, ROW_LED if led else ROW_BG, theme.ACCENT if led else theme.PANEL_EDGE,
              10, 3 if led else 1)
        color = self.palette.rgb[company]
        block = pygame.Rect(rect.x, rect.y, 64, rect.height)
        pygame.draw.rect(layer, color, block, border_top_left_radius=10,
                         border_bottom_left_radius=10)
        ink = theme.readable_on(color)
        name = theme.fit_text(company, 26, 60, True)
        theme.blit_text(layer, name, (block.centerx, block.y + 8), 26, ink, True, "midtop")
        theme.blit_text(layer, self.palette.letter[company], (block.centerx, block.y + 60), 44,
                        ink, True, "center")
        if cb:
            draw_shape(layer, self.palette.shape[company], (block.centerx, block.bottom - 14),
                       7, ink)
        line = model.lines.get(company, [])
        loco = model.locomotives.get(company)
        slot = L.loco_rect(row)
        if loco and id(loco) not in hidden:
            sprite = self.art.sprite(dict(loco, kind="locomotive"), slot.size)
            layer.blit(sprite, slot)
            layout_record.keep(layer, sprite, slot.topleft)
        else:
            pygame.draw.rect(layer, (70, 78, 96), slot, 2, border_radius=8)
            theme.blit_text(layer, pgettext("a line without a locomotive, first line", "no"),
                            (slot.centerx, slot.centery - 14), 22, theme.TEXT_DIM,
                            anchor="center")
            theme.blit_text(layer, pgettext("a line without a locomotive, second line", "loco"),
                            (slot.centerx, slot.centery + 10), 22,
                            theme.TEXT_DIM, anchor="center")
        shown = [item for item in line if id(item) not in hidden]
        reveal = self.reveal.get(company) if self.reveal and row < self._revealed() else None
        if reveal is not None:
            value = reveal["value"]
            start, length = reveal["stretch"] or (0, 0)
            detail = f"{reveal['earnings']} - {reveal['cost']}"
        else:
            worth = line_value(shown, loco if loco and id(loco) not in hidden else None)
            value, start, length = worth if worth else (None, 0, 0)
            detail = ""
        vx = rect.x + 140
        theme.blit_text(layer, _("value"), (vx + 44, rect.y + 4), 24, theme.TEXT_DIM,
                        anchor="midtop")
        big = "-" if value is None else str(value)
        vcolor = GLOW if reveal is not None else (theme.TEXT if value is not None
                                                   else theme.TEXT_DIM)
        theme.blit_text(layer, big, (vx + 44, rect.y + 50), 52 if reveal else 46, vcolor, True,
                        "center")
        if detail:
            theme.blit_text(layer, theme.fit_text(detail, 24, 96), (vx + 44, rect.bottom - 4), 24,
                            theme.TEXT if reveal is not None else theme.TEXT_DIM,
                            anchor="midbottom")
        count = len(line)
        if length and value is not None:
            first = L.line_card_rect(row, start, count)
            last = L.line_card_rect(row, start + length - 1, count)
            glow = first.union(last).inflate(10, 10)
            pygame.draw.rect(layer, GLOW if reveal is not None else (200, 170, 80), glow,
                             border_radius=10)
        for i, item in enumerate(line):
            if id(item) in hidden:
                continue
            outside = bool(length) and value is not None and not start <= i < start + length
            sprite = self.art.sprite(item, L.LINE_CARD, style="line", dim=outside, colorblind=cb)
            spot = L.line_card_rect(row, i, count)
            layer.blit(sprite, spot)
            layout_record.keep(layer, sprite, spot.topleft)

    # --- every frame ----------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, active: list[Tween],
                   focus_item: tuple[str, Any] | None) -> None:
        hidden = self._hidden()
        layout_record.blit_layer(surface, self._board_layer(hidden))
        self._draw_lane(surface, hidden, active)
        self._draw_trick(surface, hidden, active)
        self._draw_targets(surface, focus_item)
        self._draw_hand(surface, hidden, focus_item)
        self.draw_players(surface)
        self._draw_share_chips(surface)
        self._draw_last_trick(surface)
        self.draw_log(surface)
        self._draw_waiting(surface, hidden)
        self._draw_flights(surface, active)
        for item in (focus_item, self.hover):
            if item and item[0] in ("lane", "head", "linecard", "shares"):  # explains itself
                focus_ring(surface, self.target_rect(item), 8)
        if active and any(t.data.get("kind") == "fly" for t in active):
            self.app.frame_tag = "fly"

    def _draw_lane(self, surface: pygame.Surface, hidden: set[int], active: list[Tween]) -> None:
        shift = 0.0
        now = {id(t) for t in active}
        for t in self.animator.pending():
            if t.data.get("kind") == "lane_shift":
                moving = id(t) in now and t.started
                shift = L.LANE_STEP * (1 - (t.value if moving else 0.0))
                break
        cb = self.app.settings.colorblind
        lane = self.model.lane
        for i, entry in enumerate(lane):
            if id(entry) in hidden:
                continue
            rect = L.lane_rect(i).move(round(shift), 0)
            layout_record.blit_layer(surface, self.art.sprite(entry, L.LANE_CARD, colorblind=cb),
                                     rect.topleft)
        if lane and not shift:
            first = L.lane_rect(0)
            pygame.draw.rect(surface, theme.ACCENT, first.inflate(8, 8), 3, border_radius=10)
        if not lane:
            theme.blit_text(surface, _("every trick is played"), (L.lane_rect(0).x, L.LANE_Y + 40),
                            28, theme.TEXT_DIM)

    def _draw_trick(self, surface: pygame.Surface, hidden: set[int],
                    active: list[Tween]) -> None:
        model, view = self.model, self.shown
        cb = self.app.settings.colorblind
        x, y = L.LEFT_X + 16, L.TRICK_Y + 12
        played = view.get("tricks_played", 0)
        total = played + view.get("tricks_left", 0)
        number = min(total, played + (0 if view.get("phase") in ("city", "locomotive", "lay")
                                      else 1))
        theme.blit_text(surface, _("Trick {number} of {count}").format(number=number, count=total),
                        (x, y), 30, theme.TEXT, True)
        if model.led:
            theme.blit_text(surface, _("Led:"), (x, y + 40), 28, theme.TEXT_DIM)
            chip = pygame.Rect(x + 56, y + 36, 110, 32)
            color = self.palette.rgb.get(model.led, (150, 150, 150))
            pygame.draw.rect(surface, color, chip, border_radius=8)
            theme.blit_text(surface, model.led, chip.center, 28, theme.readable_on(color), True,
                            "center")
        if model.removed:
            theme.blit_text(surface, _("Out of the game: {count}").format(count=model.removed),
                            (L.LEFT_R - 16, L.TRICK_Y + L.TRICK_H - 8), 24, theme.TEXT_DIM,
                            anchor="bottomright")
        self._draw_prompt(surface)
        n = model.players
        winner = next((t.data["seat"] for t in active if t.data.get("kind") == "won"), None)
        for seat in range(n):
            rect = L.trick_rect(model.trick_slot(seat), n)
            card = model.trick.get(seat)
            name = theme.fit_text(self.seat_name(seat), 24, L.TRICK_STEP - 8)
            theme.blit_text(surface, name, (rect.centerx, rect.y - 6), 24, self._seat_ink(seat)
                            if seat != winner else GLOW, True, "midbottom")
            if seat == winner:
                pygame.draw.rect(surface, GLOW, rect.inflate(14, 14), border_radius=12)
            if card is None or id(card) in hidden:
                pygame.draw.rect(surface, (44, 72, 60), rect, 2, border_radius=8)
                continue
            layout_record.blit_layer(surface, self.art.sprite(card, L.TRICK_CARD, colorblind=cb),
                                     rect.topleft)
            if seat == self.viewer and self._deciding("lay"):
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(12, 12), 4,
                                 border_radius=12)  # the card to lay
        entry = model.resolving
        if entry is not None and id(entry) not in hidden:
            rect = L.RESOLVE_RECT
            theme.blit_text(surface, _("won:"), (rect.centerx, rect.y - 6), 24, GLOW, True,
                            "midbottom")
            layout_record.blit_layer(surface, self.art.sprite(entry, L.TRICK_CARD,
                                                              colorblind=cb), rect.topleft)
            if self._deciding("city") or self._deciding("locomotive"):
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(12, 12), 4,
                                 border_radius=12)
        for t in active:
            if t.data.get("kind") == "won" and t.started:
                box = pygame.Rect(0, 0, 780, 40)
                box.center = (L.trick_rect(0, n).union(L.trick_rect(n - 1, n)).centerx,
                              L.BANNER_Y - round(3 * hop(t.raw)))
                panel(surface, box, (40, 34, 20), GLOW, 12, 3)
                theme.blit_text(surface, theme.fit_text(t.data["text"], 32, 760, True),
                                box.center, 32, GLOW, True, "center")

    def _deciding(self, kind: str) -> bool:
        """The viewer is asked for `kind` now (and the board has caught up)."""
        pending = self.pending
        return bool(pending and pending["kind"] == kind and not self.animator.busy
                    and not self.queue)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        if self.viewer is None or not self.acting or self.animator.busy or self.queue:
            return
        pending = self.pending
        x, y = L.LEFT_X + 16, L.TRICK_Y + 104
        if pending is None:
            playable = self.shown["private"].get("playable", [])
            led = self.model.led
            text = _("Your turn: play a card")
            if led and playable and all(c["company"] == led for c in playable):
                text = _("Your turn: follow {company}").format(company=led)
        elif pending["kind"] == "locomotive":
            text = _("Click a line's head")
        else:
            text = _("Click a lit end")
        theme.blit_text(surface, text, (x, y), 28, theme.ACCENT, True)
        if pending is not None:
            focused = self.focus_items and self.focus_items[self.focus] == ("list", None)
            hover = self.hover == ("list", None)
            rect = L.LIST_BUTTON
            panel(surface, rect, (80, 98, 130) if hover else (64, 78, 104),
                  theme.ACCENT if focused else theme.PANEL_EDGE, 10)
            theme.blit_text(surface, _("Choose from a list"), rect.center, 28, theme.TEXT, True,
                            "center")

    def _draw_targets(self, surface: pygame.Surface, focus_item: tuple[str, Any] | None) -> None:
        pending = self.pending
        if pending is None or self.animator.busy or self.queue:
            return  # the shown decision may be answered already: wait for the snap
        pulse = 120 + int(100 * hop((pygame.time.get_ticks() % 1200) / 1200))
        for item in self._decision_targets(pending):
            rect = self.target_rect(item)
            lit = item in (focus_item, self.hover)
            if item[0] == "end":
                fill = (90, 76, 30) if not lit else (150, 120, 40)
                pygame.draw.rect(surface, fill, rect, border_radius=8)
                pygame.draw.rect(surface, (255, 214, pulse // 2), rect, 3, border_radius=8)
                arrow = "<" if item[1][1] == "left" else ">"
                theme.blit_text(surface, arrow, rect.center, 56, GLOW, True, "center")
            else:
                pygame.draw.rect(surface, (255, 214, pulse // 2), rect, 4, border_radius=10)
            if lit:
                focus_ring(surface, rect, 8)
                self._draw_worth(surface, item, rect, pending)

    def _draw_worth(self, surface: pygame.Surface, item: tuple[str, Any], rect: pygame.Rect,
                    pending: dict[str, Any]) -> None:
        """What the line would be worth with this choice (a hint, not a promise)."""
        kind, value = item
        model = self.model
        if kind == "end":
            company, end = value
            placed = pending.get("card") or pending.get("city")
            line = list(model.lines.get(company, []))
            line = [placed] + line if end == "left" else line + [placed]
            worth = line_value(line, model.locomotives.get(company))
        else:
            worth = line_value(model.lines.get(value, []), pending.get("locomotive"))
        company = value[0] if kind == "end" else value
        head = L.head_rect(self.row_of(company))
        box = pygame.Rect(head.x + 138, head.y + 3, head.width - 140, head.height - 6)
        pygame.draw.rect(surface, (40, 34, 20), box, border_radius=8)
        pygame.draw.rect(surface, GLOW, box, 2, border_radius=8)
        layout_record.box(surface, box, "tip")  # covers the line's value while it shows
        theme.blit_text(surface, _("then"), (box.centerx, box.y + 4), 24, GLOW, anchor="midtop")
        theme.blit_text(surface, str(worth[0]) if worth else "-", (box.centerx, box.y + 48), 46,
                        GLOW, True, "center")

    def _draw_hand(self, surface: pygame.Surface, hidden: set[int],
                   focus_item: tuple[str, Any] | None) -> None:
        if self.viewer is None:
            msg = _("Spectating: every hand stays hidden")
            if len(self.session.humans) > 1 and not self.kiosk:
                msg = _("Hands hidden until the next player takes the screen")
            theme.blit_text(surface, msg, (L.LEFT_X + 20, L.HAND_Y + L.HAND_CARD[1] // 2), 32,
                            theme.TEXT_DIM, anchor="midleft")
            return
        theme.blit_text(surface, _("Your"), (L.LEFT_X + 10, L.HAND_Y + 30), 30, theme.TEXT_DIM)
        theme.blit_text(surface, _("hand"), (L.LEFT_X + 10, L.HAND_Y + 62), 30, theme.TEXT_DIM)
        hand = self.model.hand
        cb = self.app.settings.colorblind
        playing = self.acting and self.pending is None
        playable = self.shown["private"].get("playable", [])
        lifted = {item[1] for item in (focus_item, self.hover) if item and item[0] == "hand"}
        for i, card in enumerate(hand):
            if id(card) in hidden:
                continue
            rect = L.hand_rect(i, len(hand))
            legal = not playing or any(same_card(card, p) for p in playable)
            if i in lifted and legal:
                rect = rect.move(0, -18)
            layout_record.blit_layer(surface, self.art.sprite(card, L.HAND_CARD, dim=not legal,
                                                              colorblind=cb), rect.topleft)
            if focus_item == ("hand", i):
                focus_ring(surface, rect, 8)

    def _draw_share_chips(self, surface: pygame.Surface) -> None:
        model = self.model
        for seat in range(len(model.shares)):
            shares = self.shares_shown(seat)
            row = L.player_rect(seat)
            x = row.x + 44
            for company in self.palette.companies:
                n = sum(1 for s in shares if s.get("company") == company)
                if not n:
                    continue
                color = self.palette.rgb[company]
                chip = pygame.Rect(x, row.bottom - 32, 50, 26)
                pygame.draw.rect(surface, color, chip, border_radius=6)
                theme.blit_text(surface, f"{self.palette.letter[company]} {n}", chip.center, 26,
                                theme.readable_on(color), True, "center")
                x += 54

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        last = self.shown.get("last_trick")
        if not last:
            theme.blit_text(surface, _("none yet"), (L.PANEL_X, L.LAST_TRICK_Y + 36), 26,
                            theme.TEXT_DIM)
            return
        won = theme.fit_text(_("{name} won {entry}").format(name=self.seat_name(last["winner"]),
                                                           entry=entry_name(last["lane"])),
                             26, L.PANEL_W)
        theme.blit_text(surface, won, (L.PANEL_X, L.LAST_TRICK_Y + 34), 26, theme.TEXT)
        cb = self.app.settings.colorblind
        size = L.LAST_CARD
        for i, (seat, card) in enumerate(last["cards"]):
            rect = pygame.Rect(L.PANEL_X + i * 92, L.LAST_TRICK_Y + 70, *size)
            if seat == last["winner"]:
                pygame.draw.rect(surface, GLOW, rect.inflate(8, 8), border_radius=10)
            layout_record.blit_layer(surface, self.art.sprite(card, size, colorblind=cb),
                                     rect.topleft)
            bar = pygame.Rect(rect.x, rect.bottom + 6, rect.width, 8)
            pygame.draw.rect(surface, self.seat_color(seat), bar, border_radius=3)
            pygame.draw.rect(surface, theme.TEXT_DIM, bar, 1, border_radius=3)

    def _seat_ink(self, seat: int) -> tuple[int, int, int]:
        """A seat's colour for words on the dark table (a dark seat colour lightened)."""
        r, g, b = self.seat_color(seat)
        if 0.299 * r + 0.587 * g + 0.114 * b >= 90:
            return (r, g, b)
        return (r // 3 + 150, g // 3 + 150, b // 3 + 150)

    # --- moving things ----------------------------------------------------------------

    def _draw_waiting(self, surface: pygame.Surface, hidden: set[int]) -> None:
        """Cards about to leave stay where they are until their flight starts."""
        cb = self.app.settings.colorblind
        now = {id(t) for t in self.animator.active()}
        for t in self.animator.pending():
            data = t.data
            if (id(t) in now and t.started) or "depart" not in data or data["depart"] in hidden:
                continue
            rect = data.get("depart_rect")
            if rect is None or data["item"] is None:
                continue
            style = "hand"
            surface.blit(self.art.sprite(data["item"], rect.size, style=style, colorblind=cb),
                         rect)

    def _draw_flights(self, surface: pygame.Surface, active: list[Tween]) -> None:
        cb = self.app.settings.colorblind
        for t in active:
            data = t.data
            if data.get("kind") != "fly" or not t.started:
                continue
            v = t.value
            x, y = lerp2(data["from"], data["to"], v)
            w0, h0 = data["size"]
            w1, h1 = data["end_size"]
            w, h = round(lerp(w0, w1, min(1.0, max(0.0, v)))), round(lerp(h0, h1, min(1.0,
                                                                                max(0.0, v))))
            sprite = self.art.sprite(data["item"], data["size"], style=data["style"],
                                     colorblind=cb)
            if (w, h) != sprite.get_size() and w > 4 and h > 4:
                sprite = pygame.transform.scale(sprite, (w, h))
            rect = sprite.get_rect(center=(round(x), round(y - hop(t.raw) * 24)))
            surface.blit(sprite, rect)
