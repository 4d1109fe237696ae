"""Hints at the host's table, for a phone: the page asks (a `hint` message),
the host thinks Hard's move for that seat alone in its bot workers (never on
the loop), and answers that page only, worded in its language.

One hint is in flight per seat; a table whose host turned hints off (or a
seat not to act) is refused with an error the page words. The hint counts
for the seat in the game's save and history record, as in the window. A
LAN window thinks its own hints (game/tables/remote_session.py) and says
`hint_shown` for each one it shows its own seat: the host counts it the same
way (refused for another seat, or when the table's hints are off). A part of
Host (net/host/server.py).
"""

from __future__ import annotations

import contextlib
import logging
from concurrent.futures import Future
from typing import Any

from game.bots.hint import HINT_THINK_MS
from game.bots.jobs import HintJob
from game.words import i18n
from net import protocol as P
from net.host.peers import Peer

log = logging.getLogger("railparty.net.host")

HINT_SEED = 1            # as the window's and `railparty hint`'s: the same view, the same hint
E_HINTS_OFF = "hints_off"
E_HINT_BUSY = "hint_busy"
E_HINT_STALE = "hint_stale"


class HostHints:
    """Hints for phone seats (a part of Host)."""

    def _on_hint(self, peer: Peer, message: dict[str, Any]) -> None:
        match = self.match
        version = match.version if match is not None else 0
        if peer.role != "player" or peer.seat is None:
            peer.send(P.error(P.E_SPECTATOR, "spectators watch the game; they cannot play",
                              version))
            return
        if not self.hints:
            peer.send(P.error(E_HINTS_OFF, "the host has turned hints off", version))
            return
        seat = peer.seat
        if self.phase != "playing" or match is None or seat not in match.state.to_act:
            peer.send(P.error(P.E_NOT_YOUR_TURN, "a hint is for the seat to act", version))
            return
        thinking = self._hints_thinking
        if seat in thinking:
            peer.send(P.error(E_HINT_BUSY, "a hint for this seat is on its way", version))
            return
        try:
            future = self._bot_thinker.submit_hint(
                HintJob.of(match.state, seat, HINT_SEED, HINT_THINK_MS))
        except RuntimeError:             # the workers are closed: the program is ending
            return
        thinking.add(seat)
        mark, loop = self._marks[seat], self._loop

        def finished(f: Future) -> None:
            with contextlib.suppress(RuntimeError):   # the host stopped: its loop is closed
                loop.call_soon_threadsafe(self._hint_done, peer, match, seat, mark, f)

        future.add_done_callback(finished)

    def _on_hint_shown(self, peer: Peer, message: dict[str, Any]) -> None:
        """A guest's window showed its own seat a hint it thought itself: count it."""
        match = self.match
        version = match.version if match is not None else 0
        if peer.role != "player" or peer.seat is None:
            peer.send(P.error(P.E_SPECTATOR, "spectators watch the game; they have no hints",
                              version))
            return
        if self.phase != "playing" or match is None:
            peer.send(P.error(P.E_NOT_PLAYING, "no game is being played", version))
            return
        seat = peer.seat
        if message["seat"] != seat:
            peer.send(P.error(P.E_NOT_YOUR_SEAT, f"you play seat {seat}; seat "
                                                 f"{message['seat']} is not yours", version))
            return
        if not self.hints:
            peer.send(P.error(E_HINTS_OFF, "the host has turned hints off", version))
            return
        if not 0 <= message["version"] <= version:
            peer.send(P.error(P.E_STALE, f"no view of version {message['version']} was "
                                         f"shown (now {version})", version))
            return
        self._count_hint(match, seat)

    def _count_hint(self, match: Any, seat: int) -> None:
        """One more hint for `seat`: into the save (with the next full save, not the
        journal, which holds actions only) and the history record."""
        match.note_hint(seat)
        if self._history is not None:
            self._history.note(match)
        self._seats_saved()

    def note_hint(self, seat: int) -> None:
        """A window of this host's own (the TV of a couch game, a host who plays)
        showed `seat` a hint it thought itself: counted in the save and history
        (from any thread)."""
        self._call(self._note_hint, seat)

    def _note_hint(self, seat: int) -> None:
        if self.match is not None and 0 <= seat < len(self.match.hints_used):
            self._count_hint(self.match, seat)

    def _hint_done(self, peer: Peer, match: Any, seat: int, mark: int, future: Future) -> None:
        self._hints_thinking.discard(seat)
        if (future.exception() is not None or self.match is not match
                or self._marks[seat] != mark or peer.closed):
            if future.exception() is not None:
                log.warning("a hint for seat %s failed: %s", seat, future.exception())
            if not peer.closed:           # the page waits for an answer to ask again
                peer.send(P.error(E_HINT_STALE, "the game moved on before the hint came; "
                                                "ask again", self.match.version
                                  if self.match is not None else 0))
            return                        # the seat's choices changed: the hint is stale
        from game.narration.hints import hint_lines
        from game.tables.seat_names import shown_name

        hint = future.result()
        view = match.state.view(seat)
        with i18n.speaking(getattr(peer, "lang", "en")):
            words, lines = hint_lines(match.game_id, hint, view,
                                      lambda s: shown_name(match.seats[s].name))
        self._count_hint(match, seat)
        peer.send({"type": "hint", "seat": seat, "version": match.version,
                   "action": hint.action, "words": words, "lines": lines[:2]})
