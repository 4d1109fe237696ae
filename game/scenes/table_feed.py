"""The session's events played out on the shared table, one fixed tick at a
time: the update tick polls the session, queues each update's events, lets
the game animate them one update after another, logs them as they show,
snaps to the authoritative view when the animations end, paces the bots
(`BotPacer`), watches a LAN table's connection and opens the results when
the game is over.

A base of TableScene; a game's scene animates (`animate`) and words
(`describe`) the events, and may add `sounds`.
"""

from __future__ import annotations

from typing import Any

from game.anim.tween import scaled
from game.bots.pool import shared as bot_workers
from game.rules.base import Event
from game.scenes import nav
from game.scenes.confirm import ConfirmScene
from game.ui import theme
from game.words.i18n import N_, _


class BotPacer:
    """The bots of one table: each waits the settings' pace, then thinks in the
    bot workers (other processes, so frames keep flowing), or here at once
    when a test or a tool steps the app."""

    def __init__(self, app: Any, session: Any):
        self.app = app
        self.session = session
        self.wait = 0
        self.future: Any = None  # the workers' answer on its way

    def tick(self, speed: float) -> None:
        """One fixed tick: play the bot's move once it is thought, or count
        towards the next thought."""
        seat = self.session.bot_seat()
        if seat is None:
            return
        if self.future is not None:
            if self.future.done():
                future, self.future = self.future, None
                if future.exception() is None:
                    self.session.play_bot_action(seat, future.result())
                else:               # the workers could not think it: think it here
                    self.session.play_bot(seat)
            return
        self.wait += 1
        if self.wait >= scaled(60 * self.app.settings.bot_pace, max(speed, 0.25)):
            self.wait = 0
            if self.app.realtime:
                # think in the bot workers (other processes): frames keep flowing
                self.future = bot_workers().submit(self.session.bot_job(seat))
            else:
                self.session.play_bot(seat)  # stepped by a test or a tool: stay in step


class TableFeed:
    """The update tick and what it drives: animations, the log, bots, results."""

    def update(self) -> None:
        for text, kind in self.session.notices():
            self.app.toast(text, theme.ERROR if kind == "error" else theme.ACCENT)
        self._watch_connection()
        if self not in self.app.stack:
            return             # the connection's end took this table away
        self.tick_hint()
        if self.session.game_number != self.game_number:
            self._follow_new_game()
            return
        self.queue.extend(self.session.poll())
        self.animator.update(1)
        if self.animator.busy:
            return
        if self.queue:
            self._animate_next()
            if self.animator.busy or self.queue:
                return
        if self.undo_ticks:
            self.undo_ticks -= 1  # the next player waits while the move can be undone
            if self.undo_ticks and self.session.can_undo(self.undo_seat):
                if self.needs_snap:
                    self.needs_snap = False
                    self._refresh_view()
                return
            self.undo_ticks = 0
            self._build_focus()
        if self.needs_snap:
            self.needs_snap = False
            self._choose_viewer()
            self._refresh_view()
        if self.session.is_over:
            self._show_results()
            return
        if self.app.top is not self:
            return
        if self.hint_asked is None:   # a hint over a choice: the choice waits for it
            self._open_choices()
        self.bot_pacer.tick(self.speed)

    def _animate_next(self) -> None:
        from game.rules import redact_events
        from game.ui.sound import play

        events = self.queue.popleft()
        self._log(events)  # the log tells what the board is showing now, not ahead of it
        self.needs_snap = True
        for sound in self.sounds(events):
            play(sound, self.app.settings.volume)
        if self.speed > 0:
            self.animate(redact_events(events, self.viewer))

    def _log(self, events: list[Event]) -> None:
        # humans who are not looking now get these in their recap at the next hand-off
        if not self._lone_human():
            for seat in self.session.humans:
                if seat != self.viewer:
                    self.unseen.setdefault(seat, []).extend(events)
        for event in events:
            line = self.describe(event)
            if line:
                self.log.add(line)

    def sounds(self, events: list[Event]) -> list[str]:
        """Sound names for one update (a chime when a human's turn starts)."""
        if self.session.to_act and set(self.session.to_act) & set(self.session.humans):
            return ["chime"] if any(e.get("type") == "turn_started" for e in events) else []
        return []

    def _watch_connection(self) -> None:
        """A LAN table whose host has gone says so and offers a way out."""
        if not self.session.remote or self.kiosk:
            return
        status = self.session.status
        if self.session.unreadable:
            # nothing it sent was kept: back to the join list, saying why
            self.session.client.stop()
            nav.to_join_list(self.app, self.session.client.name, self.session.close_reason)
            return
        if status == "closed" and not self.session.is_over and not self.connection_asked:
            self.connection_asked = True
            reason = self.session.close_reason or _("The connection to the host closed.")
            if self.session.seat_taken:
                self.app.push(ConfirmScene(
                    self.app, N_("Your seat is played from another window"), reason,
                    self.session.reclaim_seat, yes=N_("Take my seat back"), no=N_("Just watch")))
                return
            self.app.push(ConfirmScene(
                self.app, N_("The host has stopped the game"), reason, self.leave,
                yes=N_("Back to the title"), no=N_("Stay and look")))
        elif status == "connected":
            self.connection_asked = False

    def fast_forward(self) -> None:
        """Finish every animation now (a human acts; input is never locked)."""
        self.animator.finish()
        self.queue.extend(self.session.poll())
        while self.queue:
            self._log(self.queue.popleft())
        self.needs_snap = False
        self._choose_viewer()
        self._refresh_view()

    def _show_results(self) -> None:
        if self.results_shown:
            return
        self.results_shown = True
        self.shown = self.session.view(self.viewer)
        self.app.push(nav.screen("results", self.app, self, self.session.result()))
