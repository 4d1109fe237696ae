"""The end of a route game: every seat's score, built up piece by piece.

Tickets flip one by one (done or failed), the longest route lights up on the
board, totals count up; then Rematch or Title.
"""

from __future__ import annotations

import pygame

from game.anim.tween import ease_out_cubic, scaled
from game.rules.routes.scoring import longest_trail
from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Menu, panel

BOX = pygame.Rect(120, 80, 1680, 920)


class RoutesResultsScene(Scene):
    overlay = True

    def __init__(self, app, board_scene, result: dict):
        super().__init__(app)
        self.board_scene = board_scene
        self.result = result
        self.seats = board_scene.seat_info
        self.ticks = 0
        speed = app.settings.animation
        self.flip_every = scaled(14, speed)
        self.count_ticks = scaled(90, speed)
        self._light_longest()
        self.menu = Menu([
            Button("Rematch", pygame.Rect(BOX.centerx - 420, BOX.bottom - 100, 380, 76),
                   self._rematch),
            Button("Title", pygame.Rect(BOX.centerx + 40, BOX.bottom - 100, 380, 76),
                   self._title),
        ])
        self.compact = False
        # First the board alone with the longest route lit, then the scores.
        self.reveal_ticks = scaled(150, speed) if board_scene.highlight_tracks else 0
        self.ticks = -self.reveal_ticks

    def _light_longest(self) -> None:
        board = self.board_scene.board
        routes = self.board_scene.shown["routes"]
        lit: set[str] = set()
        for b in self.result["breakdown"]:
            if not b.get("longest_bonus"):
                continue
            mine = [board.track_by_id[t] for t, s in routes.items() if s == b["seat"]]
            _, used = longest_trail([(board.node(t.a, t), board.node(t.b, t), t.length)
                                     for t in mine])
            lit.update(mine[i].id for i in used)
        self.board_scene.highlight_tracks = lit

    def _rematch(self) -> None:
        from game.scenes.flow import rematch
        rematch(self.app, self.board_scene.session)

    def _title(self) -> None:
        from game.scenes.flow import to_title
        to_title(self.app)

    def handle(self, intent: Intent) -> bool:
        if self.ticks < 0 and intent.kind in ("select", "click"):
            self.ticks = 0  # skip to the scores
            return True
        if intent.kind == "key" and intent.key == pygame.K_m:
            self.compact = not self.compact  # peek at the board behind
            return True
        if intent.kind in ("select", "click") and self.ticks < self._total_ticks():
            self.ticks = self._total_ticks()  # skip the count-up
            return True
        self.menu.handle(intent)
        return True

    def _total_ticks(self) -> int:
        most = max((len(b["tickets"]) for b in self.result["breakdown"]), default=0)
        return most * self.flip_every + self.count_ticks

    def update(self) -> None:
        self.ticks += 1

    def _longest_banner(self) -> str:
        holders = [b for b in self.result["breakdown"] if b.get("longest_bonus")]
        names = " and ".join(self.seats[b["seat"]]["name"] for b in holders)
        length = holders[0]["longest"] if holders else 0
        return f"Longest route: {names}, {length} cars (+{holders[0]['longest_bonus']})" \
            if holders else "Longest route"

    def draw(self, surface: pygame.Surface) -> None:
        if self.ticks < 0:
            box = pygame.Rect(0, 0, 1100, 96)
            box.midtop = (theme.SCREEN_W // 2 - 230, 80)
            panel(surface, box, (26, 30, 42), theme.ACCENT, 16, 4)
            theme.blit_text(surface, self._longest_banner(), box.center, 46, theme.ACCENT,
                            True, "center")
            return
        if self.compact:
            theme.blit_text(surface, "M: back to the scores", (20, 1040), 30, theme.ACCENT)
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        panel(surface, BOX, (26, 30, 42), theme.ACCENT, 20, 4)
        winners = self.result["winners"]
        names = " and ".join(self.seats[w]["name"] for w in winners)
        theme.blit_text(surface, f"{names} win{'s' if len(winners) == 1 else ''}!",
                        (BOX.centerx, BOX.y + 56), 72, theme.ACCENT, True, "center")
        theme.blit_text(surface, "M: look at the board (longest route lit)",
                        (BOX.right - 24, BOX.y + 24), 26, theme.TEXT_DIM, anchor="topright")
        n = len(self.result["breakdown"])
        col_w = (BOX.width - 60) // n
        counted = self.ticks - self._total_ticks() + self.count_ticks
        progress = ease_out_cubic(min(1.0, max(0.0, counted / max(1, self.count_ticks))))
        for i, b in enumerate(self.result["breakdown"]):
            x = BOX.x + 30 + i * col_w
            col = pygame.Rect(x, BOX.y + 120, col_w - 20, BOX.height - 250)
            color = theme.PLAYER_COLORS.get(self.seats[i]["color"], (200, 200, 200))
            panel(surface, col, (40, 46, 62), color if i in winners else theme.PANEL_EDGE, 14,
                  4 if i in winners else 2)
            pygame.draw.rect(surface, color, (col.x, col.y, col.width, 12), border_radius=6)
            theme.blit_text(surface, self.seats[i]["name"][:18], (col.centerx, col.y + 40), 40,
                            theme.TEXT, True, "center")
            total = round(b["total"] * progress) if self.count_ticks else b["total"]
            theme.blit_text(surface, str(total), (col.centerx, col.y + 100), 84, color, True,
                            "center")
            y = col.y + 160
            lines = [f"Routes: {b['route_points']}"]
            if b.get("longest_bonus") is not None and "longest" in b:
                bonus = f" +{b['longest_bonus']}" if b.get("longest_bonus") else ""
                lines.append(f"Longest route: {b['longest']}{bonus}")
            if "region_bonus" in b:
                regions = ", ".join(str(r) for r in b.get("regions", []))
                lines.append(f"Regions: {regions or '-'} +{b['region_bonus']}")
            for line in lines:
                theme.blit_text(surface, line, (col.x + 16, y), 30, theme.TEXT)
                y += 36
            y += 8
            for k, t in enumerate(b["tickets"]):
                if y > col.bottom - 30:
                    theme.blit_text(surface, "...", (col.x + 16, y), 28, theme.TEXT_DIM)
                    break
                turn = (self.ticks - k * self.flip_every) / max(1, self.flip_every)
                flipped = turn >= 1 or not self.flip_every
                if not flipped:
                    # the ticket turns over: its width shrinks to an edge, then grows back
                    squeeze = abs(1 - 2 * min(1.0, max(0.0, turn)))
                    width = max(2, round((col.width - 28) * squeeze))
                    face = pygame.Rect(0, y, width, 28)
                    face.centerx = col.centerx
                    front = (60, 120, 70) if t["done"] else (130, 50, 50)
                    pygame.draw.rect(surface, (236, 222, 186) if turn < 0.5 else front, face,
                                     border_radius=4)
                else:
                    good = t["done"]
                    sign = "+" if good else "-"
                    tc = theme.GOOD if good else theme.ERROR
                    theme.blit_text(surface, f"{t['a'][:11]}-{t['b'][:11]}", (col.x + 16, y),
                                    26, tc)
                    theme.blit_text(surface, f"{sign}{t['points']}", (col.right - 16, y), 26,
                                    tc, True, "topright")
                y += 32
        self.menu.draw(surface)
