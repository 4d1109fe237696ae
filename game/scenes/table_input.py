"""The player's side of the shared table: intents from the mouse, the keys or
a controller turned into focus moves and choices, a chosen target turned
into an action for the session (an illegal one says why), the shared action
buttons and the few seconds in which a one-click move can be undone.

A base of TableScene; a game's scene supplies the targets (`focus_targets`,
`item_at`, `activate`) and may override the input hooks at the end.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules import IllegalAction
from game.rules.base import Action
from game.scenes.table_hint import HINT
from game.ui import theme
from game.ui.input import Intent
from game.words.host_words import illegal_said
from game.words.i18n import N_, _

UNDO: Action = {"type": "undo"}  # the Undo button's marker; never sent to the rules


class TableInput:
    """Acting, Undo and the buttons, and `handle` for every intent at the table."""

    undo_ticks = 0   # while above 0, the move just played can be taken back
    undo_seat = -1
    mouse: tuple[int, int] = (0, 0)

    # --- the buttons and Undo -----------------------------------------------------------

    def buttons(self) -> list[tuple[str, Action]]:
        """Labelled actions shown as buttons (Pass when it is the only move; Undo
        while a one-click move can still be taken back)."""
        if self.undo_ticks:
            return [(N_("Undo"), UNDO)]
        if self.legal and all(a.get("type") == "pass" for a in self.legal):
            return [(N_("Pass"), self.legal[0])]
        return []

    def offer_undo(self, seconds: float = 3.0) -> None:
        """Played with one click: the player may take it back for a few seconds,
        until which the next player (a bot, or a hand-off) waits."""
        if self.viewer is not None and not self.session.remote:
            self.undo_seat = self.viewer
            self.undo_ticks = round(seconds * 60)
            self._build_focus()

    def undo(self) -> None:
        try:
            self.session.undo(self.undo_seat)
        except IllegalAction as exc:
            self.app.toast(illegal_said(exc))
        self.undo_ticks = 0
        self.animator.finish()
        self.queue.clear()
        self.session.poll()
        self.needs_snap = False
        self._refresh_view()

    def button_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.players_rect.x + index * 230, self.players_rect.y - 100, 220, 60)

    # --- acting -------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Submit a human action; an illegal one shows the engine's reason."""
        if self.viewer is None:
            return False
        try:
            self.session.submit(self.viewer, action)
        except IllegalAction as exc:
            self.app.toast(illegal_said(exc))
            return False
        self.needs_snap = True
        self.focus_moved = False
        return True

    def try_action(self, action: Action) -> None:
        """Act if legal (or let the host judge); otherwise say why not."""
        if action in self.legal or self.session.remote:
            self.act(action)
            return
        if self.viewer is None:
            self.app.toast(_("You cannot do that now"))
            return
        reason = self.session.explain(self.viewer, action)
        if reason is None:
            self.act(action)  # legal, in a form the legal list spells differently
        else:
            self.app.toast(reason)

    def _activate(self, item: tuple[str, Any]) -> None:
        if self.session.awaiting:
            return  # the host has not answered the last action yet
        if item == ("button", 0) and self.undo_ticks:
            self.undo()
            return
        if not self.acting:
            self.app.toast(_("Wait for your turn"), theme.ACCENT)
            return
        if item[0] == "button":
            buttons = self.shown_buttons()
            if item[1] < len(buttons):
                action = buttons[item[1]][1]
                if action is UNDO:
                    self.undo()
                elif action is HINT:
                    self.ask_hint()
                else:
                    self.try_action(action)
            return
        self.activate(item)

    def _target_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        for i in range(len(self.shown_buttons())):
            if self.button_rect(i).collidepoint(pos):
                return ("button", i)
        return self.item_at(pos)

    def handle(self, intent: Intent) -> bool:
        if self.kiosk:
            return True
        if self.handle_hint(intent):
            return True
        if intent.kind in ("back", "menu"):
            from game.scenes.game_menu import GameMenuScene
            self.app.push(GameMenuScene(self.app, self))
            return True
        if intent.kind == "move" and intent.pos:
            self.mouse = intent.pos
            self.hover = self._target_at(intent.pos)
            self.focus_moved = False  # the mouse is in use: tips follow it
            return True
        if intent.kind == "wheel":
            if not self.on_wheel(intent.button, self.mouse):
                self.log.scroll += intent.button
            return True
        if self.animator.busy or self.queue:
            if intent.kind in ("click", "select"):
                self.fast_forward()
            elif intent.kind not in ("next", "prev", "left", "right", "up", "down"):
                return True
        if intent.kind == "click" and intent.pos:
            item = self._target_at(intent.pos)
            if item is not None and self.selectable(item):
                self._activate(item)
            return True
        if intent.kind in ("next", "prev", "left", "right", "up", "down"):
            self.hover = None  # the focus moves: its tooltip shows, not the mouse's
            self.focus_moved = True
        if intent.kind in ("next", "right", "down") and self.focus_items:
            step = self.focus_step(intent.kind)
            self.focus = (self.focus + step) % len(self.focus_items)
            return True
        if intent.kind in ("prev", "left", "up") and self.focus_items:
            step = self.focus_step(intent.kind)
            self.focus = (self.focus - step) % len(self.focus_items)
            return True
        if intent.kind == "select" and self.focus_items:
            item = self.focus_items[self.focus % len(self.focus_items)]
            if self.selectable(item):
                self._activate(item)
            return True
        return False

    # --- input hooks a game's scene may override ---------------------------------------

    def on_wheel(self, step: int, pos: tuple[int, int]) -> bool:
        """A game's own scrolling list under the mouse; False: the log scrolls."""
        return False

    def focus_step(self, kind: str) -> int:
        """How far one press moves the focus (up/down jump a row of targets)."""
        return 5 if kind in ("up", "down") else 1

    def selectable(self, item: tuple[str, Any]) -> bool:
        """Targets that only show something when focused (a ticket) return False."""
        return True
