"""The Hint control at the table: H, a controller's Y or the Hint button asks
Hard for a move for the seat to act, from that seat's view only; the move is
lit on the board with its reasons (the spotlight), Enter plays it and any
other input puts it away.

The thinking never runs on the window's interpreter: the session makes a
`HintJob` (the seat's view and legal actions, the state re-dealt for it, or
on a LAN client nothing but its own view) and the bot workers think it
(game/bots/pool.py), while the frames go on with "Thinking..." on screen. A
table whose host turned hints off refuses politely. A base of TableScene.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from game.bots.hint import HINT_THINK_MS
from game.rules.base import Action
from game.ui import theme
from game.ui.input import Intent
from game.words.i18n import N_, _

HINT: Action = {"type": "hint"}  # the Hint button's marker; never sent to the rules
HINT_KEY = pygame.K_h
HINT_PAD = "pad_y"               # a controller's Y (game/ui/input.py PAD_BUTTONS)
HINT_LABEL = N_("Hint (H / Y)")
HINT_SEED = 1                    # `railparty hint`'s default: the same hint for the same view


class TableHint:
    """Asking for, showing and playing a hint (a base of TableScene)."""

    max_buttons = 2                     # a board's button row: room for the Hint button
    hint_future: Future | None = None
    hint_asked: tuple[int, list[Action]] | None = None   # (seat, legal) when asked
    hint_action: Action | None = None                    # the hint on screen
    # a hint put away while still thinking: asked again for the same turn, it is
    # taken up rather than thought twice (the workers are the bots' too)
    hint_left: tuple[tuple[int, list[Action]], Future] | None = None

    # --- offering -----------------------------------------------------------------

    def hint_offered(self) -> bool:
        """The seat on screen may ask for a hint now (the table offers them)."""
        session = self.session
        return (not self.kiosk and self.acting and bool(self.legal)
                and not getattr(session, "replay", False) and not session.awaiting
                and getattr(session, "hints_allowed", False))

    def shown_buttons(self) -> list[tuple[str, Action]]:
        """The board's buttons, and the Hint button where the row has room."""
        buttons = self.buttons()
        if self.hint_offered() and len(buttons) < self.max_buttons:
            buttons = [*buttons, (HINT_LABEL, HINT)]
        return buttons

    # --- asking -------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Ask for a hint for the seat on screen (or say why there is none)."""
        session, app = self.session, self.app
        if not getattr(session, "hints_allowed", False):
            app.toast(_("Hints are off at this table"), theme.ACCENT)
            return
        if not self.hint_offered():
            app.toast(_("A hint is for the player whose turn it is"), theme.ACCENT)
            return
        if self.hint_future is not None:
            return                                  # one hint in flight at a time
        seat = self.viewer
        asked = (seat, list(self.legal))
        left, self.hint_left = self.hint_left, None
        self.hint_asked, self.hint_action = asked, None
        self.set_spotlight([], title=_("Thinking..."), footer=_("Esc: never mind"), dim=False)
        if left is not None and left[0] == asked:
            self.hint_future = left[1]
            return
        job = session.hint_job(seat, HINT_SEED, HINT_THINK_MS)
        if app.realtime:
            from game.bots.pool import shared as bot_workers

            self.hint_future = bot_workers().submit_hint(job)
        else:                                       # stepped by a test: stay in step
            self.hint_future = Future()
            self.hint_future.set_result(job())

    def dismiss_hint(self) -> None:
        """Put the hint away (a thought still on its way is kept for this turn)."""
        if self.hint_future is not None and not self.hint_future.done() and self.hint_asked:
            self.hint_left = (self.hint_asked, self.hint_future)
        self.hint_future = None
        self.hint_asked = None
        self.hint_action = None
        self.set_spotlight(None)

    def play_hint(self) -> None:
        """Play the hinted move (it is a legal move of the seat on screen)."""
        action = self.hint_action
        self.dismiss_hint()
        if action is not None:
            self.act(action)

    # --- the update tick and input ----------------------------------------------------

    def tick_hint(self) -> None:
        """Show a hint once it is thought; put it away once the turn has moved on."""
        asked = self.hint_asked
        if asked is None:
            return
        seat, legal = asked
        if self.viewer != seat or self.legal != legal:
            self.dismiss_hint()                  # played, handed off, or the game moved
            return
        future = self.hint_future
        if future is None or not future.done():
            return
        self.hint_future = None
        if future.exception() is not None:
            self.dismiss_hint()
            self.app.toast(_("No hint this time: the bot could not think"),
                           theme.ERROR)
            return
        self.show_hint(seat, future.result())

    def show_hint(self, seat: int, hint: Any) -> None:
        """Light the hinted move with its reasons, and count it for the seat."""
        from game.narration.hints import hint_lines

        words, reasons = hint_lines(self.session.game_id, hint, self.shown,
                                    self.seat_name)
        self.hint_action = hint.action
        self.set_spotlight(hint.action, reasons[:2],
                           title=_("Hint: {move}").format(move=words),
                           footer=_("Enter or A: play it. Any other key: put it away."))
        self.session.note_hint(seat)

    def handle_hint(self, intent: Intent) -> bool:
        """H or Y asks; while a hint is up, Enter plays it and anything else but
        the mouse moving puts it away. True: the intent was the hint's."""
        if (intent.kind == "key" and intent.key == HINT_KEY) or intent.kind == HINT_PAD:
            if self.hint_asked is None:
                self.ask_hint()
            else:
                self.dismiss_hint()
            return True
        if self.hint_asked is None or intent.kind in ("move", "wheel"):
            return False
        if intent.kind == "select" and self.hint_action is not None:
            self.play_hint()
        else:
            self.dismiss_hint()
        return True
