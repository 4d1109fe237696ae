"""One choice overlay for every game: pick between `low` and `high` of n options.

Tickets to keep, a payment for a route, and the next games' decisions all
open it. Keyboard/controller move the focus and toggle (Enter on an option
of a pick-one choice answers with it); the mouse clicks a row; Confirm (or,
for a single pick, the row itself) answers. The game that
opened it says how a row looks (`label`, or `draw_row` for pictures) and
may draw a preview over its board for the focused option.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel
from game.words.i18n import N_, _

CANCEL_HINT = N_("Esc / B: cancel")
# Over the side panel by default, so the board stays in view.
DEFAULT_BOX = pygame.Rect(1384, 150, 526, 760)
ROW_GAP = 12
COUNTER_H = 30  # the "1-7 of 8 (scroll)" line under the rows of a long choice


class ChoiceScene(Scene):
    """Pick k of n. `on_done(indices)` gets the chosen option indices."""

    overlay = True

    def __init__(self, app: Any, title: str, options: Sequence[Any],
                 on_done: Callable[[list[int]], None], *, low: int = 1, high: int = 1,
                 subtitle: str = "", label: Callable[[Any], tuple[str, str]] | None = None,
                 draw_row: Callable[[pygame.Surface, pygame.Rect, Any, bool], None]
                 | None = None,
                 preview: Callable[[pygame.Surface, Any], None] | None = None,
                 on_cancel: Callable[[], None] | None = None, chosen: Sequence[int] = (),
                 box: pygame.Rect | None = None, row_height: int = 66,
                 confirm: bool = False):
        super().__init__(app)
        if not options or not 0 <= low <= high:
            raise ValueError("a choice needs options and 0 <= low <= high")
        self.title, self.subtitle = title, subtitle
        self.options = list(options)
        self.on_done, self.on_cancel = on_done, on_cancel
        self.low, self.high = low, min(high, len(self.options))
        self.label = label or (lambda option: (str(option), ""))
        self.draw_row, self.preview = draw_row, preview
        self.chosen: set[int] = set(chosen)
        self.box = box or DEFAULT_BOX
        self.row_height = row_height
        self.focus = 0
        self.scroll = 0
        self.confirm = confirm  # a single pick still waits for Confirm

    # --- what the player sees -------------------------------------------------------

    @property
    def single(self) -> bool:
        """One pick answers at once: no Confirm button (unless asked for one)."""
        return self.high == 1 and self.low == 1 and not self.confirm

    @property
    def ok(self) -> bool:
        return self.low <= len(self.chosen) <= self.high

    def _visible_rows(self) -> int:
        space = self.box.height - 140 - (0 if self.single else 110) - self._hint_height()
        rows = max(1, space // (self.row_height + ROW_GAP))
        if len(self.options) > rows:  # room for the line saying which rows show
            rows = max(1, (space - COUNTER_H) // (self.row_height + ROW_GAP))
        return rows

    def _row(self, i: int) -> pygame.Rect | None:
        slot = i - self.scroll
        if not 0 <= slot < self._visible_rows():
            return None
        return pygame.Rect(self.box.x + 16, self.box.y + 124 + slot * (self.row_height + ROW_GAP),
                           self.box.width - 32, self.row_height)

    def _hint_height(self) -> int:
        """Room kept at the bottom for the "Esc / B: cancel" line, so the
        Confirm button never sits on it."""
        return self.cancel_hint_rect().height if self.on_cancel is not None else 0

    def cancel_hint_rect(self) -> pygame.Rect:
        """Where the "Esc / B: cancel" line is drawn (when the choice can be
        cancelled)."""
        return theme.text(_(CANCEL_HINT), 24, theme.TEXT_DIM).get_rect(
            midbottom=(self.box.centerx, self.box.bottom - 8))

    def confirm_rect(self) -> pygame.Rect:
        return pygame.Rect(self.box.centerx - 200, self.box.bottom - 96 - self._hint_height(),
                           400, 74)

    def row_rect(self, i: int) -> pygame.Rect | None:
        """Where option i is drawn now (None when scrolled away): tests click it."""
        return self._row(i)

    # --- answering ------------------------------------------------------------------

    def _toggle(self, i: int) -> None:
        if self.single:
            self.chosen = {i}
            self._confirm()
            return
        if self.high == 1:
            self.chosen = {i}  # one to pick: a row picks it, Confirm answers
            return
        if i in self.chosen:
            self.chosen.discard(i)
        elif len(self.chosen) < self.high:
            self.chosen.add(i)
        else:
            self.app.toast(_("Choose at most {count}").format(count=self.high), theme.ACCENT)

    def _confirm(self) -> None:
        if not self.ok:
            need = (_("Choose at least {count}").format(count=self.low)
                    if len(self.chosen) < self.low
                    else _("Choose at most {count}").format(count=self.high))
            self.app.toast(need, theme.ACCENT)
            return
        self.app.pop(self)
        self.on_done(sorted(self.chosen))

    def _cancel(self) -> None:
        if self.on_cancel is None:
            return  # a decision the rules require: it cannot be put off
        self.app.pop(self)
        self.on_cancel()

    def _move_focus(self, step: int) -> None:
        count = len(self.options) + (0 if self.single else 1)
        self.focus = (self.focus + step) % count
        if self.focus < len(self.options):
            if self.focus < self.scroll:
                self.scroll = self.focus
            elif self.focus >= self.scroll + self._visible_rows():
                self.scroll = self.focus - self._visible_rows() + 1

    def _hint_below(self) -> bool:
        """H or a controller's Y over a table's choice: the choice steps aside and
        the table asks for a hint (game/scenes/table_hint.py); it comes back once
        the hint is put away. False: no table below offers one now."""
        table = next((s for s in self.app.stack if hasattr(s, "ask_hint")), None)
        if table is None or not table.hint_offered():
            return False
        self.app.pop(self)
        table.choice_closed()
        table.ask_hint()
        return True

    def handle(self, intent: Intent) -> bool:
        n = len(self.options)
        if ((intent.kind == "key" and intent.key == pygame.K_h) or intent.kind == "pad_y") \
                and self._hint_below():
            return True
        if intent.kind == "back":
            self._cancel()
        elif intent.kind in ("down", "next", "right"):
            self._move_focus(1)
        elif intent.kind in ("up", "prev", "left"):
            self._move_focus(-1)
        elif intent.kind == "wheel":
            most = max(0, n - self._visible_rows())
            self.scroll = max(0, min(most, self.scroll - intent.button))
        elif intent.kind == "select":
            if self.focus == n:
                self._confirm()
            elif self.high == 1:
                # one to pick: Enter (A) answers with the focused option, the one
                # its preview shows; a click picks it and Confirm answers
                self.chosen = {self.focus}
                self._confirm()
            else:
                self._toggle(self.focus)
        elif intent.kind == "click" and intent.pos:
            for i in range(n):
                row = self._row(i)
                if row is not None and row.collidepoint(intent.pos):
                    self.focus = i
                    self._toggle(i)
                    return True
            if not self.single and self.confirm_rect().collidepoint(intent.pos):
                self._confirm()
            elif not self.box.collidepoint(intent.pos):
                self._cancel()
        elif intent.kind == "move" and intent.pos:
            for i in range(n):
                row = self._row(i)
                if row is not None and row.collidepoint(intent.pos):
                    self.focus = i
        return True

    # --- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.preview is not None and self.focus < len(self.options):
            self.preview(surface, self.options[self.focus])
        box = self.box
        panel(surface, box, (30, 36, 50), theme.ACCENT, 18, 4)
        title_size = theme.fit_size(self.title, 44, box.width - 40, True, 26)
        theme.blit_text(surface, self.title, (box.centerx, box.y + 48), title_size, theme.TEXT,
                        True, "center")
        if self.subtitle:
            theme.blit_text(surface, self.subtitle, (box.centerx, box.y + 94), 26,
                            theme.TEXT_DIM, anchor="center")
        for i, option in enumerate(self.options):
            row = self._row(i)
            if row is None:
                continue
            chosen = i in self.chosen
            if self.draw_row is not None:
                self.draw_row(surface, row, option, chosen)
            else:
                self._draw_label_row(surface, row, option, chosen)
            if i == self.focus:
                focus_ring(surface, row, 10)
        visible = self._visible_rows()
        if len(self.options) > visible:  # under the rows, clear of the subtitle
            below = box.y + 124 + visible * (self.row_height + ROW_GAP) - ROW_GAP + 4
            theme.blit_text(surface, _("{first}-{last} of {count} (scroll)").format(
                                first=self.scroll + 1, last=self.scroll + visible,
                                count=len(self.options)), (box.centerx, below),
                            24, theme.TEXT_DIM, anchor="midtop")
        if not self.single:
            confirm = self.confirm_rect()
            panel(surface, confirm, (64, 110, 70) if self.ok else (60, 60, 60), theme.ACCENT, 12)
            theme.blit_text(surface, _("Confirm ({count})").format(count=len(self.chosen)),
                            confirm.center, 40,
                            theme.TEXT, True, "center")
            if self.focus == len(self.options):
                focus_ring(surface, confirm, 12)
        if self.on_cancel is not None:
            theme.blit_text(surface, _(CANCEL_HINT), self.cancel_hint_rect().topleft, 24,
                            theme.TEXT_DIM)

    def _draw_label_row(self, surface: pygame.Surface, row: pygame.Rect, option: Any,
                        chosen: bool) -> None:
        main, side = self.label(option)
        panel(surface, row, (70, 96, 80) if chosen else (50, 60, 80),
              theme.GOOD if chosen else theme.PANEL_EDGE, 10, 3 if chosen else 2)
        theme.blit_text(surface, main, (row.x + 14, row.centery), 30, theme.TEXT, True,
                        "midleft")
        if side:
            theme.blit_text(surface, side, (row.right - 14, row.centery), 28, theme.TEXT_DIM,
                            anchor="midright")
