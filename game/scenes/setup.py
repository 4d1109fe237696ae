"""New game: which game, how many seats, and who sits in each (human or bot,
name, colour)."""

from __future__ import annotations

import pygame

from game.match import SEAT_COLORS, Seat
from game.rules import GAMES
from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel

KINDS = ["Human", "Bot: greedy", "Bot: random"]
KIND_BOT = {"Human": None, "Bot: greedy": "greedy", "Bot: random": "random"}
DEFAULT_NAMES = ["Alice", "Bob", "Carmen", "Dmitri", "Emeka"]
MAX_NAME = 16


class SetupScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.games = list(GAMES)
        self.game = 0
        self.count = 3
        self.kinds = ["Human", "Bot: greedy", "Bot: greedy", "Bot: greedy", "Bot: greedy"]
        self.names = list(DEFAULT_NAMES)
        self.colors = list(range(len(SEAT_COLORS)))
        self.row = 0
        self.col = 0
        self.editing = False

    @property
    def info(self):
        return GAMES[self.games[self.game]]

    def rows(self) -> list[str]:
        return ["game", "players"] + [f"seat{i}" for i in range(self.count)] + ["start", "back"]

    def _rect(self, row: int) -> pygame.Rect:
        return pygame.Rect(260, 200 + row * 86, 1400, 74)

    def _cell(self, row: int, col: int) -> pygame.Rect:
        rect = self._rect(row)
        xs = [(rect.x + 200, 360), (rect.x + 600, 420), (rect.x + 1060, 320)]
        x, w = xs[col]
        return pygame.Rect(x, rect.y + 6, w, rect.height - 12)

    def _clamp_count(self) -> None:
        self.count = max(self.info.min_players, min(self.info.max_players, self.count))

    def _change(self, key: str, step: int) -> None:
        if key == "game":
            self.game = (self.game + step) % len(self.games)
            self._clamp_count()
        elif key == "players":
            self.count += step
            self._clamp_count()
        elif key.startswith("seat"):
            i = int(key[4:])
            if self.col == 0:
                self.kinds[i] = KINDS[(KINDS.index(self.kinds[i]) + step) % len(KINDS)]
            elif self.col == 1:
                self.editing = True
            else:
                used = {self.colors[k] for k in range(self.count) if k != i}
                c = self.colors[i]
                for _ in range(len(SEAT_COLORS)):
                    c = (c + step) % len(SEAT_COLORS)
                    if c not in used:
                        break
                self.colors[i] = c
        elif key == "start":
            self.start()
        elif key == "back":
            self.app.pop(self)

    def seats(self) -> list[Seat]:
        seats = []
        for i in range(self.count):
            name = self.names[i].strip() or DEFAULT_NAMES[i]
            seats.append(Seat(name, SEAT_COLORS[self.colors[i]], KIND_BOT[self.kinds[i]]))
        return seats

    def start(self) -> None:
        colors = [self.colors[i] for i in range(self.count)]
        if len(set(colors)) != len(colors):
            self.app.toast("Two seats have the same colour")
            return
        from game.scenes.flow import new_game
        new_game(self.app, self.games[self.game], self.seats())

    def handle(self, intent: Intent) -> bool:
        rows = self.rows()
        if self.editing:
            i = int(rows[self.row][4:])
            if intent.kind in ("select", "back"):
                self.editing = False
            elif intent.kind == "key" and intent.key == pygame.K_BACKSPACE:
                self.names[i] = self.names[i][:-1]
            elif intent.kind == "key" and intent.text and intent.text.isprintable():
                if len(self.names[i]) < MAX_NAME:
                    self.names[i] += intent.text
            elif intent.kind == "click":
                self.editing = False
            return True
        key = rows[self.row]
        if intent.kind == "back":
            self.app.pop(self)
        elif intent.kind in ("down", "next"):
            self.row = (self.row + 1) % len(rows)
        elif intent.kind in ("up", "prev"):
            self.row = (self.row - 1) % len(rows)
        elif intent.kind in ("left", "right"):
            step = 1 if intent.kind == "right" else -1
            if key.startswith("seat"):
                self.col = (self.col + step) % 3
            else:
                self._change(key, step)
        elif intent.kind == "select":
            self._change(key, 1)
        elif intent.kind == "click" and intent.pos:
            for r, name in enumerate(rows):
                if not self._rect(r).collidepoint(intent.pos):
                    continue
                self.row = r
                if name.startswith("seat"):
                    for c in range(3):
                        if self._cell(r, c).collidepoint(intent.pos):
                            self.col = c
                            self._change(name, 1)
                else:
                    left = intent.pos[0] < self._rect(r).centerx - 100
                    self._change(name, -1 if left and name in ("game", "players") else 1)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, "New game", (theme.SCREEN_W // 2, 110), 96, theme.ACCENT,
                        True, "center")
        for r, key in enumerate(self.rows()):
            rect = self._rect(r)
            panel(surface, rect)
            if key == "game":
                theme.blit_text(surface, "Game", (rect.x + 24, rect.centery), 40, theme.TEXT,
                                True, "midleft")
                theme.blit_text(surface, f"<  {self.info.name}  >", (rect.right - 24,
                                rect.centery), 40, theme.ACCENT, anchor="midright")
            elif key == "players":
                theme.blit_text(surface, "Players", (rect.x + 24, rect.centery), 40,
                                theme.TEXT, True, "midleft")
                theme.blit_text(surface, f"<  {self.count}  >  ({self.info.min_players}-"
                                f"{self.info.max_players})", (rect.right - 24, rect.centery),
                                40, theme.ACCENT, anchor="midright")
            elif key.startswith("seat"):
                i = int(key[4:])
                theme.blit_text(surface, f"Seat {i + 1}", (rect.x + 24, rect.centery), 38,
                                theme.TEXT, True, "midleft")
                color = theme.PLAYER_COLORS[SEAT_COLORS[self.colors[i]]]
                values = [self.kinds[i], self.names[i] + ("_" if self.editing and
                          self.row == r else ""), SEAT_COLORS[self.colors[i]]]
                for c, value in enumerate(values):
                    cell = self._cell(r, c)
                    fill = (56, 66, 90) if c != 2 else color
                    pygame.draw.rect(surface, fill, cell, border_radius=8)
                    fg = theme.readable_on(fill)
                    theme.blit_text(surface, value, cell.center, 36, fg, c != 1, "center")
                    if r == self.row and c == self.col:
                        focus_ring(surface, cell, 8)
            else:
                label = "Start" if key == "start" else "Back"
                theme.blit_text(surface, label, rect.center, 46, theme.ACCENT if key == "start"
                                else theme.TEXT, True, "center")
            if r == self.row and not key.startswith("seat"):
                focus_ring(surface, rect)
        hint = ("Type the name, Enter to finish" if self.editing else
                "Up/down: rows  Left/right: change  Enter: select  Esc: back")
        theme.blit_text(surface, hint, (theme.SCREEN_W // 2, theme.SCREEN_H - 40), 30,
                        theme.TEXT_DIM, anchor="center")
