"""What the table draws for every game: the top bar, the players panel with
each seat's marks, the event log, the action buttons, a couch game's phone
join card and the tooltips (a mixin of TableScene)."""

from __future__ import annotations

import textwrap
from typing import Any

import pygame

from game.bots import level_name
from game.tables.seat_names import shown_name
from game.ui import layout_record, theme, wrap
from game.ui.widgets import Button, focus_ring, panel
from game.words.i18n import _

TOP_BAR_H = 56
# The players panel's smallest words (column headers, the note under a name):
# at 1280x720 the frame is drawn at two thirds, and 18-20 px read as 12-13 px.
HEADER_SIZE = 24
HEADER_SMALLEST = 21
HEADER_GAP = 8  # between two Japanese column headers: no spaces part Japanese words
NOTE_SIZE = 22
LOG_LINE_H = 26
LOG_FONT = 24
# The kiosk is read from the sofa: whose turn, the scores and the log in lines
# 24 px high at 1080p (theme.font(36)), the log wrapped to fit them.
KIOSK_TEXT = 36
KIOSK_LOG_LINE_H = 28
KIOSK_LOG_CHARS = 30


class EventLog:
    """The whole game's log, wrapped to a width, scrolled from the newest line."""

    def __init__(self, chars: int = 44):
        self.entries: list[str] = []
        self.chars = chars
        self.scroll = 0  # lines up from the newest
        self._wrapped: list[str] = []  # the entries wrapped so far (drawn every frame)
        self._wrapped_count = 0

    def add(self, line: str) -> None:
        self.entries.append(line)
        self.scroll = 0

    def keep_first(self, count: int) -> None:
        """Forget the entries after the first `count` (a move taken back)."""
        if count < len(self.entries):
            del self.entries[count:]
            self._wrapped, self._wrapped_count = [], 0
            self.scroll = 0

    def lines(self) -> list[str]:
        if self._wrapped_count > len(self.entries):  # entries were replaced: start again
            self._wrapped, self._wrapped_count = [], 0
        for entry in self.entries[self._wrapped_count:]:
            if wrap.has_wide(entry):  # Japanese: between characters, by width
                lines = wrap.wrap(entry, 2 * self.chars - 4, wrap.half_widths) or [""]
                self._wrapped += lines[:1] + ["  " + line for line in lines[1:]]
            else:
                self._wrapped += textwrap.wrap(entry, self.chars, subsequent_indent="  ") or [""]
        self._wrapped_count = len(self.entries)
        return self._wrapped

    def visible(self, rows: int) -> list[str]:
        lines = self.lines()
        self.scroll = max(0, min(self.scroll, len(lines) - rows))
        end = len(lines) - self.scroll
        return lines[max(0, end - rows):end]


class TablePanels:
    """Drawing shared by every table; reads the table's session, view and seats."""

    def retell(self, updates: list[list[dict[str, Any]]]) -> None:
        """Write the log anew from these updates, oldest first: after a replay's
        jump, or when a saved game is continued, it tells the moves that led to
        the board shown."""
        log = EventLog(self.log.chars)
        for events in updates:
            for event in events:
                line = self.describe(event)
                if line:
                    log.add(line)
        self.log = log

    @layout_record.drawn_as("status")
    def draw_top_bar(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (18, 22, 32), (0, 0, theme.SCREEN_W, TOP_BAR_H))
        theme.blit_text(surface, _(self.info.name), (20, 12), 40, theme.ACCENT, True)
        status = self.status()
        if self.session.remote and self.session.status == "reconnecting":
            status = _("Lost the host: reconnecting... (Esc: leave)")
        if self.kiosk:
            status = theme.fit_text(status, KIOSK_TEXT, theme.SCREEN_W - 580)
            theme.blit_text(surface, status, (560, TOP_BAR_H // 2), KIOSK_TEXT, theme.TEXT,
                            anchor="midleft")
        else:
            theme.blit_text(surface, status, (560, 16), 34, theme.TEXT)
        corner = self.corner_words()
        if corner and not self.turn_clocks():      # the countdown takes the corner
            theme.blit_text(surface, corner, (theme.SCREEN_W - 20, 16), 30, theme.TEXT_DIM,
                            anchor="topright")

    def corner_words(self) -> str:
        """The top bar's right corner: whose cards show (a guided game says its own)."""
        if self.viewer is None and len(self.session.humans) > 1:
            return _("Cards hidden")
        if self.viewer is not None:
            return _("You are {name}").format(name=self.seat_name(self.viewer))
        return ""

    def turn_clocks(self) -> dict[int, int]:
        """A LAN turn timer's last seconds: seat -> seconds left ({} elsewhere)."""
        clocks = getattr(self.session, "turn_clocks", None)
        return clocks() if clocks is not None else {}

    def draw_turn_clocks(self, surface: pygame.Surface) -> None:
        """The countdown, for everyone, in the top bar's corner (over no board)."""
        shown = self.turn_clocks()
        if not shown:
            return
        text = "   ".join(_("You: {seconds} s").format(seconds=left) if seat == self.viewer
                           else _("{name}: {seconds} s").format(name=self.seat_name(seat),
                                                                seconds=left)
                           for seat, left in shown.items())
        label = theme.font(KIOSK_TEXT if self.kiosk else 32, True).render(text, True,
                                                                          theme.TEXT)
        box = label.get_rect(topright=(theme.SCREEN_W - 26, 0)).inflate(32, 0)
        box.height, box.centery = TOP_BAR_H - 10, TOP_BAR_H // 2
        urgent = min(shown.values()) <= 5
        panel(surface, box, (120, 40, 40) if urgent else (40, 46, 64),
              theme.ERROR if urgent else theme.ACCENT)
        surface.blit(label, label.get_rect(center=box.center))

    def draw_buttons(self, surface: pygame.Surface,
                     focus_item: tuple[str, Any] | None) -> None:
        for i, (label, _action) in enumerate(self.shown_buttons()):
            button = Button(label, self.button_rect(i), lambda: None)
            button.draw(surface, focused=focus_item == ("button", i),
                        hover=self.hover == ("button", i))

    def seat_label(self, seat: int) -> str:
        """A seat's name with its marks: bot level, away, a bot standing in."""
        info = self.seat_info[seat]
        name = shown_name(info["name"])
        kind = info.get("kind") or ("bot" if info.get("bot") else "human")
        if kind == "bot" and info.get("bot"):
            level = level_name(info["bot"])
            if level.lower() not in info["name"].lower():  # "Normal bot 2" says it already
                name = _("{name} ({level})").format(name=name, level=_(level))
        if kind == "open":       # a couch game's phone seat no phone has taken yet
            name = _("{name} (phone)").format(name=name)
        elif not info.get("connected", True):
            name = _("{name} - away").format(name=name)
        elif kind == "human" and info.get("bot"):
            name = _("{name} (bot stands in)").format(name=name)
        return name

    def note_width(self, rect: pygame.Rect | None = None) -> int:
        """How wide a seat's note line may be: the name's width, left of the columns."""
        rect = rect or self.players_rect
        return rect.right - 10 - sum(width for _header, width in self.player_columns()) \
            - rect.x - 50

    def note_fits(self, note: str) -> bool:
        """Whether `note` fits a seat's note line whole (a game may then word it shorter)."""
        return theme.font(NOTE_SIZE).size(note)[0] <= self.note_width()

    def kiosk_column(self) -> int:
        """Which of `player_columns` the kiosk shows: the one that decides the game."""
        return 0

    @layout_record.drawn_as("players")
    def draw_players(self, surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
        """Each seat's row: swatch with seat number, name and marks, the game's columns
        under their headers, and an optional note line."""
        rect = rect or self.players_rect
        if self.kiosk:
            self._draw_players_large(surface, rect)
            return
        columns = self.player_columns()
        xs: list[int] = []
        right = rect.right - 10
        for _header, width in reversed(columns):
            xs.insert(0, right - width // 2)
            right -= width
        name_w = self.note_width(rect)
        theme.blit_text(surface, _("Players"), (rect.x, rect.y - 30), 28, theme.TEXT_DIM)
        _draw_headers(surface, rect, columns, xs)
        # the name and the note share a row; lines too tall for it together
        # (Japanese: 24 px each) spread to its edges, into their own empty margins
        spread = max(0, (theme.font(26).get_height() + theme.font(NOTE_SIZE).get_height()
                         - self.player_row + 8) // 2)
        to_act = set(self.shown_to_act)
        for seat, player in enumerate(self.shown.get("players", [])):
            row = pygame.Rect(rect.x, rect.y + seat * self.player_row, rect.width,
                              self.player_row - 6)
            current = seat in to_act
            panel(surface, row, (56, 66, 90) if current else theme.PANEL,
                  theme.ACCENT if current else theme.PANEL_EDGE, 8)
            color = self.seat_color(seat)
            swatch = pygame.Rect(row.x + 8, row.y + 6, 28, row.height - 12)
            pygame.draw.rect(surface, color, swatch, border_radius=4)
            theme.blit_text(surface, str(seat + 1), swatch.center, 22,
                            theme.readable_on(color), True, "center")
            note = self.player_note(seat)
            label = theme.fit_text(self.seat_label(seat), 26, name_w)
            theme.blit_text(surface, label,
                            (row.x + 44, row.y + 2 - spread if note else row.centery),
                            26, theme.TEXT, anchor="topleft" if note else "midleft")
            if note:
                theme.blit_text(surface, theme.fit_text(note, NOTE_SIZE, name_w),
                                (row.x + 44, row.bottom - 2 + spread), NOTE_SIZE,
                                theme.TEXT_DIM, anchor="bottomleft")
            for value, x in zip(self.player_values(seat, player), xs, strict=False):
                theme.blit_text(surface, value, (x, row.centery), 28, theme.TEXT,
                                anchor="center")

    def _draw_players_large(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The kiosk's rows: swatch, name and the one column that decides the game,
        in sofa-sized text (the board shows the rest)."""
        header = _(self.player_columns()[self.kiosk_column()][0])
        column_w = theme.font(KIOSK_TEXT).size(header)[0] + 16
        x = rect.right - 10 - column_w // 2
        theme.blit_text(surface, _("Players"), (rect.x, rect.y - 4), KIOSK_TEXT, theme.TEXT_DIM,
                        anchor="bottomleft")
        theme.blit_text(surface, header, (x, rect.y - 4), KIOSK_TEXT, theme.TEXT_DIM,
                        anchor="midbottom")
        to_act = set(self.shown_to_act)
        name_w = rect.width - column_w - 60
        for seat, player in enumerate(self.shown.get("players", [])):
            row = pygame.Rect(rect.x, rect.y + seat * self.player_row, rect.width,
                              self.player_row - 6)
            current = seat in to_act
            panel(surface, row, (56, 66, 90) if current else theme.PANEL,
                  theme.ACCENT if current else theme.PANEL_EDGE, 8)
            color = self.seat_color(seat)
            swatch = pygame.Rect(row.x + 8, row.y + 6, 28, row.height - 12)
            pygame.draw.rect(surface, color, swatch, border_radius=4)
            label = theme.fit_text(self.seat_label(seat), KIOSK_TEXT, name_w)
            # a tall row keeps its lower half for what the game draws there (share chips)
            name_y = row.centery if row.height < 70 else row.y + 22
            # the seat number keys the owner badges on the board, read from the sofa
            theme.blit_text(surface, str(seat + 1), (swatch.centerx, name_y), KIOSK_TEXT,
                            theme.readable_on(color), True, "center")
            theme.blit_text(surface, label, (row.x + 44, name_y), KIOSK_TEXT, theme.TEXT,
                            anchor="midleft")
            values = self.player_values(seat, player)
            theme.blit_text(surface, values[self.kiosk_column()], (x, row.centery), KIOSK_TEXT,
                            theme.TEXT, True, "center")

    @layout_record.drawn_as("log")
    def draw_log(self, surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
        rect = rect or self.log_rect
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x, rect.y - 4),
                         (rect.right, rect.y - 4), 1)
        waiting = getattr(self.session, "waiting_phones", None)
        if waiting is not None and not self.kiosk and waiting():
            return  # the card saying how phones join covers the log (a resumed game's too)
        size, step = (KIOSK_TEXT, KIOSK_LOG_LINE_H) if self.kiosk else (LOG_FONT, LOG_LINE_H)
        if self.kiosk:  # the kiosk's LIVE/DEMO badge keeps the bottom strip
            rect = pygame.Rect(rect.x, rect.y, rect.width,
                               min(rect.height, theme.SCREEN_H - theme.BADGE_BAND - rect.y))
        rows = max(1, rect.height // step)
        for i, line in enumerate(self.log.visible(rows)):
            theme.blit_text(surface, line, (rect.x, rect.y + i * step), size, theme.TEXT_DIM)
        if self.log.scroll:
            theme.blit_text(surface, _("(older - scroll down for the newest)"),
                            (rect.right, rect.y - 8), NOTE_SIZE, theme.ACCENT,
                            anchor="bottomright")

    def draw_focus(self, surface: pygame.Surface, rect: pygame.Rect | None) -> None:
        if rect is not None:
            focus_ring(surface, rect, 8)

    def draw_phone_card(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """A couch game with phones: until every phone seat is taken, how to
        join (QR code, address, code) and who is still awaited, over the log
        (nearly empty so early), so the board stays in view; the hand-off
        screen shows it in its corner (`area`)."""
        waiting = getattr(self.session, "waiting_phones", None)
        seats = waiting() if waiting is not None and not self.kiosk else []
        if not seats:
            return
        from game.scenes.game_menu import phone_page
        from game.ui.phone_join import draw_phone_card

        page = phone_page(self)
        if page is not None:
            draw_phone_card(surface, page[0], page[1], [self.seat_name(s) for s in seats],
                            area or self.log_rect)

    tip: tuple[str, pygame.Rect] | None = None  # the tooltip drawn last: (text, box)
    # The focus's tooltip shows once a key or the d-pad moved the focus (until the
    # next move is played): a focus nobody moved would cover the board for good.
    focus_moved = False

    def draw_tooltip(self, surface: pygame.Surface, focus_item: tuple[str, Any] | None) -> None:
        """The tooltip of the token under the mouse, else of the focused one."""
        from game.ui.tooltip import draw_tooltip

        self.tip = None
        item = self.hover or (focus_item if self.focus_moved else None)
        if item is None or item[0] == "button" or self.kiosk:
            return
        text = self.tooltip(item)
        if not text:
            return
        anchor = self.tooltip_anchor(item)
        if anchor is None:
            anchor = pygame.Rect(self.mouse[0] - 12, self.mouse[1] - 12, 24, 24)
        self.tip = (text, draw_tooltip(surface, text, anchor))


def _draw_headers(surface: pygame.Surface, rect: pygame.Rect, columns: list[tuple[str, int]],
                  xs: list[int]) -> None:
    """The column headers over the players panel, each over its column (`xs`:
    the middles). A narrow column's header steps down until it fits (not
    under 14 px at 720p); one still wider (Japanese, whose letters do not
    shrink under the 24 px floor) moves left of its column's middle, clear
    of its neighbour and of the panel's edge."""
    sizes = [next((n for n in range(HEADER_SIZE, HEADER_SMALLEST, -1)
                   if theme.font(n).size(_(header))[0] <= width - 2), HEADER_SMALLEST)
             for header, width in columns]
    limit = rect.right - 2
    spots: list[int] = []
    for (header, _width), size, x in reversed(list(zip(columns, sizes, xs, strict=True))):
        half = theme.font(size).size(_(header))[0] // 2
        spots.insert(0, min(x, limit - half))
        limit = spots[0] - half - (HEADER_GAP if wrap.has_wide(_(header)) else 2)
    for (header, _width), size, x in zip(columns, sizes, spots, strict=True):
        theme.blit_text(surface, _(header), (x, rect.y - 4), size, theme.TEXT_DIM,
                        anchor="midbottom")
