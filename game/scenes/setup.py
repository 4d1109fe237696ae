"""New game: which game, how many seats, who sits in each (a human or a bot
of the levels the game offers, a name, a colour), and the game's options."""

from __future__ import annotations

from typing import Any

import pygame

from game.bots import DEFAULT_BOT, level_name
from game.rules import GAMES
from game.scenes import nav
from game.scenes.base import Scene
from game.tables.match import Seat
from game.tables.seats import SEAT_COLORS, default_name, seat_rgb
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel
from game.words.host_words import said, words_of
from game.words.i18n import N_, _
from game.words.os_words import os_reason

HUMAN = N_("Human")
PHONE = "@phone"   # a seat played on a phone (a couch game with phones on)
MAX_NAME = 16
TOP, BOTTOM = 180, 966  # the rows; toasts and the footer line go below


class SetupScene(Scene):
    def __init__(self, app: Any, game: str | None = None):
        super().__init__(app)
        self.games = list(GAMES)
        self.game = self.games.index(game) if game in self.games else 0
        self.count = 3
        seats = len(SEAT_COLORS)
        # None: human; "": the default bot (Normal; Hard thinks half a second a move,
        # so it is a choice, not the default)
        self.kinds: list[str | None] = [None] + [""] * (seats - 1)
        self.names = [default_name(i) for i in range(seats)]
        self.colors = list(range(seats))
        self.options: dict[str, dict[str, Any]] = {g: dict(GAMES[g].options) for g in GAMES}
        self.row = 0
        self.col = 0
        self.editing = False
        # phones on: seats may be played on phones, the TV showing the board
        # (net/host/couch.py); a human seat is then "hot-seat" or "phone"
        self.phones = False
        # the table offers hints (H, the Hint button); `--no-hints` starts it off
        self.hints = bool(getattr(app, "hints", True))
        self.rules_side = 0   # the rules row: 0 How to play, 1 Learn by playing
        from game.learn import games_with_lessons
        self.learnable = set(games_with_lessons())
        self._clamp_count()

    @property
    def info(self):
        return GAMES[self.games[self.game]]

    def rows(self) -> list[str]:
        options = [f"option:{name}" for name in self.info.options]
        return (["game", "players", "phones", "hints"] + [f"seat{i}" for i in range(self.count)]
                + options
                + ["rules", "start", "back"])

    def _step(self) -> int:
        return min(86, (BOTTOM - TOP) // len(self.rows()))

    def _rect(self, row: int) -> pygame.Rect:
        step = self._step()
        return pygame.Rect(260, TOP + row * step, 1400, step - 10)

    def _cell(self, row: int, col: int) -> pygame.Rect:
        rect = self._rect(row)
        xs = [(rect.x + 200, 360), (rect.x + 600, 420), (rect.x + 1060, 320)]
        x, w = xs[col]
        return pygame.Rect(x, rect.y + 4, w, rect.height - 8)

    def _clamp_count(self) -> None:
        self.count = max(self.info.min_players, min(self.info.max_players, self.count))
        # an option this many players cannot have is switched off, never offered
        options = self.options[self.info.id]
        for name in options:
            if not self.info.option_allowed(name, self.count) and isinstance(options[name], bool):
                options[name] = False
        # a seat that comes back to the table never shares a colour taken above it
        used: set[int] = set()
        for i in range(self.count):
            if self.colors[i] in used:
                self.colors[i] = next(c for c in range(len(SEAT_COLORS)) if c not in used)
            used.add(self.colors[i])

    def kind_choices(self) -> list[str | None]:
        """Human (hot-seat, and a phone when phones are on), then the bots this
        game offers, strongest first."""
        return [None, *([PHONE] if self.phones else []), *reversed(self.info.bots)]

    def kind_of(self, seat: int) -> str | None:
        kind = self.kinds[seat]
        if kind == PHONE:
            return PHONE if self.phones else None
        offered = self.info.bots
        if kind == "" and DEFAULT_BOT in offered:
            return DEFAULT_BOT
        if kind == "" or (kind is not None and kind not in offered):
            return offered[-1]
        return kind

    def kind_label(self, seat: int) -> str:
        kind = self.kind_of(seat)
        if kind == PHONE:
            return _("Phone")
        if kind is None:
            return _("Hot-seat") if self.phones else _(HUMAN)
        return _("Bot: {level}").format(level=_(level_name(kind)))

    def _change(self, key: str, step: int) -> None:
        if key == "game":
            self.game = (self.game + step) % len(self.games)
            self._clamp_count()
            self.row = min(self.row, len(self.rows()) - 1)
        elif key == "players":
            self.count += step
            self._clamp_count()
        elif key == "phones":
            self.phones = not self.phones
            if self.phones:   # everyone on a phone, until seats are set back to hot-seat
                for i in range(len(self.kinds)):
                    if self.kinds[i] is None:
                        self.kinds[i] = PHONE
        elif key == "hints":
            self.hints = not self.hints
        elif key.startswith("option:"):
            name = key.split(":", 1)[1]
            options = self.options[self.info.id]
            if not self.info.option_allowed(name, self.count):
                allowed = self.info.option_info[name].players
                self.app.toast(_("{option}: only with {counts} players").format(
                    option=_(self.info.option_label(name)),
                    counts=" / ".join(map(str, allowed))), theme.ACCENT)
            elif isinstance(options[name], bool):
                options[name] = not options[name]
        elif key.startswith("seat"):
            self._change_seat(int(key[4:]), step)
        elif key == "rules":
            if self.rules_side and self.info.id in self.learnable:
                self.learn()
            else:
                self.show_rules()
        elif key == "start":
            self.start()
        elif key == "back":
            self.app.pop(self)

    def _change_seat(self, i: int, step: int) -> None:
        if self.col == 0:
            choices = self.kind_choices()
            current = choices.index(self.kind_of(i))
            self.kinds[i] = choices[(current + step) % len(choices)]
        elif self.col == 1:
            self.editing = True
        else:
            used = {self.colors[k] for k in range(self.count) if k != i}
            c = self.colors[i]
            for _i in range(len(SEAT_COLORS)):
                c = (c + step) % len(SEAT_COLORS)
                if c not in used:
                    break
            self.colors[i] = c

    def rules_halves(self, row: int) -> tuple[pygame.Rect, pygame.Rect] | None:
        """How to play and Learn by playing side by side in the rules row (None:
        this game has no guided game, How to play takes the row)."""
        if self.info.id not in self.learnable:
            return None
        rect = self._rect(row)
        left = pygame.Rect(rect.x, rect.y, rect.width // 2 - 8, rect.height)
        return left, pygame.Rect(left.right + 16, rect.y, rect.right - left.right - 16,
                                 rect.height)

    def learn(self) -> None:
        """The chosen game's guided game (Learn by playing)."""
        from game.scenes.learn_pick import offer_lesson
        offer_lesson(self.app, self.info.id)

    def show_rules(self) -> None:
        """The chosen game's paged rules, with the options chosen so far."""
        self.app.push(nav.rules_screen(self.app, self.info.id, self.game_options()))

    def seats(self) -> list[Seat]:
        """The seats as chosen (a phone seat is a human's: see `phone_seats`)."""
        bots = [self.kind_of(i) for i in range(self.count)]
        return [Seat(self.names[i].strip() or default_name(i), SEAT_COLORS[self.colors[i]],
                     None if bots[i] == PHONE else bots[i]) for i in range(self.count)]

    def phone_seats(self) -> set[int]:
        return {i for i in range(self.count) if self.kind_of(i) == PHONE}

    def game_options(self) -> dict[str, Any]:
        return dict(self.options[self.info.id])

    def start(self) -> None:
        colors = [self.colors[i] for i in range(self.count)]
        if len(set(colors)) != len(colors):
            self.app.toast(_("Two seats have the same colour"))
            return
        problem = self.info.option_problem(self.count, self.game_options())
        if problem:  # said before any question about the saved game
            self.app.toast(said(problem))
            return
        from game.scenes.flow import new_game, unfinished_autosave

        def go() -> None:
            phones = self.phone_seats()
            try:
                if phones:
                    from game.scenes.flow import new_phone_game
                    new_phone_game(self.app, self.info.id, self.seats(), phones,
                                   options=self.game_options(), hints=self.hints)
                else:
                    new_game(self.app, self.info.id, self.seats(), options=self.game_options(),
                             hints=self.hints)
            except ValueError as exc:  # options the game refuses for this table
                self.app.toast(said(exc))
            except OSError as exc:     # the phone page's host cannot listen here
                self.app.toast(_("Cannot host: {reason}").format(
                    reason=words_of(os_reason(exc))))

        if unfinished_autosave():
            from game.scenes.confirm import ConfirmScene
            self.app.push(ConfirmScene(
                self.app, N_("Start a new game?"),
                N_("The unfinished saved game will be replaced."), go,
                yes=N_("Start"), no=N_("Keep it")))
        else:
            go()

    def _edit(self, intent: Intent, seat: int) -> None:
        """Typing a name: Backspace deletes and Space types, Enter or Esc finish."""
        name = self.names[seat]
        if intent.key == pygame.K_BACKSPACE:
            self.names[seat] = name[:-1]
        elif intent.key == pygame.K_SPACE:
            if len(name) < MAX_NAME:
                self.names[seat] = name + " "
        elif intent.kind in ("select", "back", "click"):
            self.editing = False
        elif (intent.kind == "key" and intent.text and intent.text.isprintable()
              and len(name) < MAX_NAME):
            self.names[seat] = name + intent.text

    def handle(self, intent: Intent) -> bool:
        rows = self.rows()
        if self.editing:
            self._edit(intent, int(rows[self.row][4:]))
            return True
        key = rows[self.row]
        if intent.kind in ("next", "prev") and key.startswith("seat"):
            self._tab(rows, 1 if intent.kind == "next" else -1)
        elif intent.kind == "back":
            self.app.pop(self)
        elif intent.kind in ("down", "next"):
            self.row = (self.row + 1) % len(rows)
            self.col = 0 if intent.kind == "next" else self.col
        elif intent.kind in ("up", "prev"):
            self.row = (self.row - 1) % len(rows)
            self.col = 2 if intent.kind == "prev" else self.col
        elif intent.kind in ("left", "right") and key == "rules" and (
                self.info.id in self.learnable):
            self.rules_side = 1 if intent.kind == "right" else 0
        elif intent.kind in ("left", "right"):
            step = 1 if intent.kind == "right" else -1
            if key.startswith("seat") and self.col == 1:
                self.col += step      # a name is typed (Enter), not stepped: the next box
            else:
                self._change(key, step)   # a seat's player or colour, a row's value
        elif intent.kind == "select":
            self._change(key, 1)
        elif intent.kind == "click" and intent.pos:
            self._click(rows, intent.pos)
        return True

    def _tab(self, rows: list[str], step: int) -> None:
        """Tab (a controller's shoulder) walks a seat's boxes, then on to the
        next row (Shift+Tab back)."""
        col = self.col + step
        if 0 <= col < 3:
            self.col = col
            return
        self.row = (self.row + step) % len(rows)
        self.col = 0 if step > 0 else 2

    def _click(self, rows: list[str], pos: tuple[int, int]) -> None:
        for r, name in enumerate(rows):
            if not self._rect(r).collidepoint(pos):
                continue
            self.row = r
            if name.startswith("seat"):
                for c in range(3):
                    if self._cell(r, c).collidepoint(pos):
                        self.col = c
                        self._change(name, 1)
            elif name == "rules" and self.rules_halves(r) is not None:
                self.rules_side = int(self.rules_halves(r)[1].collidepoint(pos))
                self._change(name, 1)
            else:
                left = pos[0] < self._rect(r).centerx - 100
                self._change(name, -1 if left and name in ("game", "players") else 1)
            return

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("New game"), (theme.SCREEN_W // 2, 90), 96, theme.ACCENT,
                        True, "center")
        if self.info.blurb:
            theme.blit_text(surface, _(self.info.blurb), (theme.SCREEN_W // 2, 150), 30,
                            theme.TEXT_DIM, anchor="center")
        size = 40 if self._step() >= 80 else 34
        for r, key in enumerate(self.rows()):
            rect = self._rect(r)
            if key == "rules" and self.rules_halves(r) is not None:
                self._draw_rules_row(surface, r, size)
                continue
            panel(surface, rect)
            if key.startswith("seat"):
                self._draw_seat(surface, r, int(key[4:]), size)
            else:
                label, value, color = self._row_text(key)
                if key in ("rules", "start", "back"):
                    theme.blit_text(surface, label, rect.center, size + 6, color, True, "center")
                else:
                    theme.blit_text(surface, label, (rect.x + 24, rect.centery), size, color,
                                    True, "midleft")
                if value:
                    theme.blit_text(surface, value, (rect.right - 24, rect.centery), size,
                                    theme.ACCENT if color != theme.TEXT_DIM else color,
                                    anchor="midright")
                if key.startswith("option:"):
                    self._draw_option_about(surface, rect, key.split(":", 1)[1], label,
                                            value, size)
                elif key == "phones":
                    self._draw_about(surface, rect, _(
                        "Players on phones see their own cards there; the TV shows the board"),
                        label, value, size)
                elif key == "hints":
                    self._draw_about(surface, rect, _(
                        "H asks the Hard bot for a move and why; results count hints"),
                        label, value, size)
            if r == self.row and not key.startswith("seat"):
                focus_ring(surface, rect)
        if self.editing:
            hint = _("Type the name; Enter or Esc to finish")
        elif self.rows()[self.row].startswith("seat"):
            hint = _("Up/down: rows  Tab: next box  Left/right: change  Enter: select  Esc: back")
        else:
            hint = _("Up/down: rows  Left/right: change  Enter: select  Esc: back")
        theme.blit_text(surface, hint, (theme.SCREEN_W // 2, theme.SCREEN_H - 36), 30,
                        theme.TEXT_DIM, anchor="center")

    def _draw_rules_row(self, surface: pygame.Surface, r: int, size: int) -> None:
        halves = self.rules_halves(r)
        labels = (_("How to play {game}").format(game=_(self.info.name)), _("Learn by playing"))
        for side, (rect, label) in enumerate(zip(halves, labels, strict=True)):
            panel(surface, rect)
            fitted = theme.fit_size(label, size + 6, rect.width - 32, True, 24)
            theme.blit_text(surface, label, rect.center, fitted, theme.TEXT, True, "center")
            if r == self.row and side == self.rules_side:
                focus_ring(surface, rect)

    def _row_text(self, key: str) -> tuple[str, str, tuple[int, int, int]]:
        info = self.info
        if key == "game":
            return _("Game"), f"<  {_(info.name)}  >", theme.TEXT
        if key == "players":
            return (_("Players"), f"<  {self.count}  >  ({info.min_players}-{info.max_players})",
                    theme.TEXT)
        if key == "phones":
            return _("Phones"), _("On") if self.phones else _("Off"), theme.TEXT
        if key == "hints":
            return _("Hints"), _("On") if self.hints else _("Off"), theme.TEXT
        if key.startswith("option:"):
            name = key.split(":", 1)[1]
            value = self.options[info.id][name]
            shown = (_("On") if value else _("Off")) if isinstance(value, bool) else str(value)
            if not info.option_allowed(name, self.count):
                allowed = _(" or ").join(map(str, info.option_info[name].players))
                return (_(info.option_label(name)),
                        _("{counts} players only").format(counts=allowed), theme.TEXT_DIM)
            return _(info.option_label(name)), shown, theme.TEXT
        if key == "rules":
            return _("How to play {game}").format(game=_(info.name)), "", theme.TEXT
        return (_("Start"), "", theme.ACCENT) if key == "start" else (_("Back"), "", theme.TEXT)

    def _draw_option_about(self, surface: pygame.Surface, rect: pygame.Rect, name: str,
                           label: str, value: str, size: int) -> None:
        """What the option changes, in a line between its name and its value."""
        info = self.info.option_info.get(name)
        if info and info.about:
            self._draw_about(surface, rect, _(info.about), label, value, size)

    def _draw_about(self, surface: pygame.Surface, rect: pygame.Rect, about: str, label: str,
                    value: str, size: int) -> None:
        left = rect.x + 24 + theme.text(label, size, theme.TEXT, True).get_width() + 30
        right = rect.right - 24 - theme.text(value, size).get_width() - 30
        text = theme.fit_text(about, 26, right - left)
        theme.blit_text(surface, text, (left, rect.centery), 26, theme.TEXT_DIM,
                        anchor="midleft")

    def _draw_seat(self, surface: pygame.Surface, r: int, i: int, size: int) -> None:
        rect = self._rect(r)
        theme.blit_text(surface, _("Seat {number}").format(number=i + 1),
                        (rect.x + 24, rect.centery), size - 2,
                        theme.TEXT, True, "midleft")
        color_name = SEAT_COLORS[self.colors[i]]
        editing = self.editing and self.row == r
        values = [self.kind_label(i), self.names[i] + ("_" if editing else ""), _(color_name)]
        for c, value in enumerate(values):
            cell = self._cell(r, c)
            fill = (56, 66, 90) if c != 2 else seat_rgb(color_name)
            pygame.draw.rect(surface, fill, cell, border_radius=8)
            theme.blit_text(surface, value, cell.center, size - 4, theme.readable_on(fill),
                            c != 1, "center")
            if r == self.row and c == self.col:
                focus_ring(surface, cell, 8)
