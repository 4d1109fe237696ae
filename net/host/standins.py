"""Bots at the host's table: bot seats and stand-ins for dropped players (the turn
timer's stand-in is in turn_timer.py); a bot thinks in the bot worker processes,
never on the loop.

A part of Host (net/host/server.py), which holds the state these methods use.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Future

from game.bots import bot_for_game
from game.bots.jobs import BotJob
from game.rules.base import Action
from game.tables.match import Match

log = logging.getLogger("railparty.net.host")


class StandIns:
    """Who plays a seat when no person does (a part of Host)."""

    def _schedule_bots(self) -> None:
        if (self._bot_handle is not None or self._bot_thinking or self.phase != "playing"
                or self.match is None
                or self._loop is None or self.match.bot_to_act() is None):
            return
        if self.bot_delay > 0:
            self._bot_handle = self._loop.call_later(self.bot_delay, self._bot_step)
        else:
            self._bot_handle = self._loop.call_soon(self._bot_step)

    def _bot_step(self) -> None:
        self._bot_handle = None
        if self.phase != "playing" or self.match is None:
            return
        seat = self.match.bot_to_act()
        if seat is None:
            return
        # the seat's mark moves when its own legal actions or secrets change: a
        # move chosen before that is stale (another seat's move is not)
        match, mark = self.match, self._marks[seat]
        self._bot_thinking = True
        self._think(match.bot_job(seat),
                    lambda action: self._bot_done(match, mark, seat, action))

    def _think(self, job: BotJob, done: Callable[[Action | BaseException], None]) -> None:
        """Think `job` in the bot workers (other processes); `done` gets its
        action (or the error) back on the loop, which goes on answering pings."""
        loop = self._loop
        assert loop is not None
        try:
            future = self._bot_thinker.submit(job)
        except RuntimeError:            # the workers are closed: the program is ending
            return

        def deliver(f: Future) -> None:
            error = f.exception()
            done(error if error is not None else f.result())

        def finished(f: Future) -> None:
            with contextlib.suppress(RuntimeError):   # the host stopped: its loop is closed
                loop.call_soon_threadsafe(deliver, f)

        future.add_done_callback(finished)

    def _bot_done(self, match: Match, mark: int, seat: int,
                  action: Action | BaseException) -> None:
        self._bot_thinking = False
        if (self.phase != "playing" or self.match is not match or self._marks[seat] != mark
                or seat not in match.state.to_act or seat not in match.bots):
            self._schedule_bots()       # the game moved on while the bot thought
            return
        try:
            if isinstance(action, BaseException):
                raise action
            events = self._apply(seat, action)
        except Exception:
            # never wait on a bot that cannot play: the random bot plays every game
            log.exception("the bot in seat %s failed; a random bot plays the seat", seat)
            self.match.set_bot(seat, "random")
            try:
                events = self._apply(seat, self.match.bot_action(seat))
            except Exception:
                log.exception("the random bot in seat %s failed too; the seat waits", seat)
                return
        if self.slots[seat].kind == "human":         # a person's seat: a stand-in's move
            self._recent.played_by_standin(match.version, seat)
        self._after_action(events)

    # --- a couch game's phone seats nobody took ---------------------------------

    def _bots_for_open_phone_seats(self) -> None:
        """A bot plays each phone seat no phone has taken yet (the game waited on
        them); a phone may still take such a seat, and the bot gives way. A
        phone seat whose phone is away (a resumed game) gets its stand-in now."""
        if self.phase != "playing" or self.match is None:
            return
        for index, slot in enumerate(self.slots):
            if slot.phone and slot.kind == "human" and not slot.connected:
                self._stand_in(index)
        bot = bot_for_game(self.game, self.standin_bot)
        seats = [i for i, s in enumerate(self.slots)
                 if s.phone and s.kind == "open" and s.bot is None]
        for index in seats:
            self.slots[index].bot = bot
            self.match.set_bot(index, bot)
        if seats:
            log.info("a %s bot plays the phone seats %s until phones take them", bot, seats)
            self._seats_changed()
            self._schedule_bots()

    # --- dropped players ----------------------------------------------------------

    def _start_drop_timer(self, seat: int) -> None:
        slot = self.slots[seat]
        if slot.drop_handle is not None:
            slot.drop_handle.cancel()
            slot.drop_handle = None
        if self.on_drop == "bot" and self._loop is not None:
            slot.drop_handle = self._loop.call_later(self.drop_timeout, self._stand_in, seat)

    def _stand_in(self, seat: int) -> None:
        if not (isinstance(seat, int) and 0 <= seat < len(self.slots)):
            return
        slot = self.slots[seat]
        slot.drop_handle = None
        if (self.phase != "playing" or self.match is None or slot.kind != "human"
                or slot.connected or slot.bot is not None):
            return
        bot = bot_for_game(self.game, self.standin_bot)
        log.info("a %s bot plays seat %s until %s returns", bot, seat, slot.name)
        slot.bot = bot
        self.match.set_bot(seat, bot)
        self._seats_changed()
        self._schedule_bots()
