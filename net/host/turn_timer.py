"""The turn timer: a connected player who leaves a turn too long has it played by a
stand-in, so a seat that never acts cannot freeze the table.

Every peer gets a `notice` {code "turn_clock", seat, seconds} when a seat's turn
enters its last CLOCK_SECONDS (tables show the countdown), and one with seconds 0
when that clock stops (the seat acted, or its turn ended). After a timeout the
seat is away: its turns get AWAY_TURN_SECONDS, until its player acts again.

A part of Host (net/host/server.py), which holds the state these methods use.
"""

from __future__ import annotations

import logging
import math
import secrets

from game.bots import bot_for_game, make_bot
from game.bots.jobs import BotJob
from game.rules.base import Action
from net import protocol as P

log = logging.getLogger("railparty.net.host")

CLOCK_SECONDS = 15       # the countdown everyone sees at the end of a turn
AWAY_TURN_SECONDS = 5.0  # a seat whose turn ran out: how long its next turns wait


class TurnTimer:
    """Turns that always come (a part of Host)."""

    def _turn_length(self, seat: int) -> float:
        assert self.turn_timeout
        return min(self.turn_timeout, AWAY_TURN_SECONDS) if seat in self._away \
            else self.turn_timeout

    def _arm_turn_timers(self) -> None:
        """One timer per human seat to act, from the moment its choice changed."""
        running = self.turn_timeout and self.phase == "playing" and self.match is not None
        to_act = set(self.match.state.to_act) if running and self.match is not None else set()
        for seat, (mark, handles) in list(self._turn_timers.items()):
            if (seat not in to_act or mark != self._marks[seat]
                    or self.slots[seat].bot is not None):
                for handle in handles:
                    handle.cancel()
                del self._turn_timers[seat]
                self._stop_clock(seat)
        if not running or self._loop is None:
            return
        for seat in sorted(to_act):
            slot = self.slots[seat]
            if slot.kind == "human" and slot.bot is None and seat not in self._turn_timers:
                mark, length = self._marks[seat], self._turn_length(seat)
                shown = min(float(CLOCK_SECONDS), length)
                self._turn_timers[seat] = (mark, (
                    self._loop.call_later(length, self._turn_timed_out, seat, mark),
                    self._loop.call_later(length - shown, self._show_clock, seat, mark,
                                          math.ceil(shown))))

    def _clock_notice(self, seat: int, seconds: int, reason: str) -> None:
        frame = P.encode({"type": "notice", "code": P.N_TURN_CLOCK, "reason": reason,
                          "seat": seat, "seconds": seconds})
        for peer in list(self.peers):
            if peer.role is not None:
                peer.send_frame(frame)

    def _show_clock(self, seat: int, mark: int, seconds: int) -> None:
        timer = self._turn_timers.get(seat)
        if timer is None or timer[0] != mark:
            return
        self._clocks_shown.add(seat)
        name = self.slots[seat].name or f"Seat {seat + 1}"
        self._clock_notice(seat, seconds, f"{name} has {seconds} s left to play")

    def _stop_clock(self, seat: int) -> None:
        if seat in self._clocks_shown:
            self._clocks_shown.discard(seat)
            self._clock_notice(seat, 0, "")

    def _turn_timed_out(self, seat: int, mark: int) -> None:
        timer = self._turn_timers.pop(seat, None)
        if timer is not None:
            timer[1][1].cancel()
        self._stop_clock(seat)
        if (self.phase != "playing" or self.match is None or self._marks[seat] != mark
                or seat not in self.match.state.to_act or self.slots[seat].bot is not None):
            return
        bot = self._timer_bots.get(seat)
        if bot is None:
            bot = self._timer_bots[seat] = make_bot(bot_for_game(self.game, self.standin_bot),
                                                    secrets.randbits(64), think_ms=self.think_ms)
        self._think(BotJob.of(bot, self.match.state, seat),
                    lambda action: self._timer_bot_done(seat, mark, action))

    def _timer_bot_done(self, seat: int, mark: int, action: Action | BaseException) -> None:
        if (self.phase != "playing" or self.match is None or self._marks[seat] != mark
                or seat not in self.match.state.to_act or self.slots[seat].bot is not None):
            return                      # the player acted meanwhile, or left
        state = self.match.state
        length = self._turn_length(seat)
        try:
            if isinstance(action, BaseException):
                raise action
            events = self._apply(seat, action)
        except Exception:
            log.exception("the stand-in could not play seat %s's turn", seat)
            try:
                events = self._apply(seat, make_bot("random", secrets.randbits(64)).choose(
                    state.view(seat), state.legal_actions(seat)))
            except Exception:
                return
        seconds = f"{length:g}"
        name = self.slots[seat].name or f"Seat {seat + 1}"
        first = seat not in self._away
        self._away.add(seat)
        log.info("seat %s took longer than %s s: the stand-in played its turn", seat, seconds)
        for peer in list(self.peers):
            if peer.role is None:
                continue
            if peer.seat == seat:
                reason = (f"Your turn was played by the stand-in after {seconds} s; it plays "
                          "for you until you act" if first else
                          "The stand-in played for you: act to take your seat back")
            else:
                reason = f"{name} took longer than {seconds} s: the stand-in played that turn"
            peer.send({"type": "notice", "code": P.N_TURN_TIMEOUT, "reason": reason,
                       "seat": seat})
        self._recent.played_by_standin(self.match.version, seat)
        self._after_action(events)

    def _back_from_away(self, seat: int) -> None:
        """The seat's player acted: their turns get the whole timer again."""
        self._away.discard(seat)

