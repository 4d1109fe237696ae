"""A guided game's learner seat on a phone: the host asks the coach before it
plays that seat's action, and says the coach's line to that seat's page.

A part of Host (net/host/server.py). In a guided game with a phone seat
(net/host/coached.py) the coach in the window's process is the authority: it
decides which move completes a step and plays the lesson's scripted
opponents. The host still checks every action as on any table (a move the
rules refuse is refused here with the rules' reason), then hands a legal one
to `coach_inbox` instead of playing it; the window's coach answers it and
the host follows the moves the coach played (`follow_coach`), or, after
another move than the coach's, only tells the page the coach's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rules.base import Action, GameState
from net import protocol as P
from net.host.peers import Peer

# the coach panel's buttons a phone may press (Leave stays on the TV: it ends the
# guided game there)
PHONE_PRESSES = frozenset({"next", "repeat", "again", "anyway"})

Lines = dict[str, dict[str, Any]]   # language -> the coach's line for a page in it


class CoachedSeat:
    """The coach's hook on the host (a part of Host)."""

    # set before the host starts: a legal action of a seat, for the coach to answer
    coach_inbox: Callable[[int, Action], None] | None = None
    # ... and a coach button a seat's phone pressed (seat, name), for the TV's panel
    coach_presses: Callable[[int, str], None] | None = None

    def _on_coach_press(self, peer: Peer, message: dict[str, Any]) -> None:
        """A phone pressed a button of its coach line: the TV's panel presses it
        if it offers it now (it is the authority on what a step offers)."""
        version = self.match.version if self.match is not None else 0
        if self.coach_presses is None:
            peer.send(P.error(P.E_BAD_MESSAGE, "this table is not a guided game", version))
        elif peer.role != "player" or peer.seat is None:
            peer.send(P.error(P.E_SPECTATOR, "spectators watch the game; they cannot play",
                              version))
        elif message["name"] not in PHONE_PRESSES:
            peer.send(P.error(P.E_BAD_MESSAGE, "no such coach button", version))
        else:
            self.coach_presses(peer.seat, message["name"])

    def follow_coach(self, moves: list[tuple[int, Action]], seat: int, lines: Lines) -> None:
        """Play the moves the coach played, then say its line to `seat`'s page
        (from any thread)."""
        self._call(self._follow_coach, moves, seat, lines)

    def restart_coached(self, state: GameState, seat: int, lines: Lines) -> None:
        """The coach went back to the start of a step: every page gets the
        position it went back to as a fresh sync (from any thread)."""
        self._call(self._restart_coached, state, seat, lines)

    def say_coach(self, seat: int, lines: Lines) -> None:
        """Say the coach's line (or its answer to another move) to `seat`'s page."""
        self._call(self._say_coach, seat, lines)

    def _follow_coach(self, moves: list[tuple[int, Action]], seat: int, lines: Lines) -> None:
        for actor, action in moves:
            if self.match is None or self.phase != "playing":
                break
            self._after_action(self._apply(actor, action))
        self._say_coach(seat, lines)

    def _restart_coached(self, state: GameState, seat: int, lines: Lines) -> None:
        if self.match is None:
            return
        self.match.state = state
        self.games_started += 1            # the page starts its log anew
        self._seat_cache, self._cache_version = {}, -1
        self._recent.clear()
        self._marks = [0] * len(self.slots)
        self._prints = [None] * len(self.slots)
        self._refresh_marks()
        self.phase = "over" if state.is_over else "playing"
        for peer in self._players_first():
            peer.send_frame(self._sync_frame(peer.seat))
        self._refresh_status()
        self._say_coach(seat, lines)

    def _say_coach(self, seat: int, lines: Lines) -> None:
        for peer in list(self.peers):
            if peer.role == "player" and peer.seat == seat:
                line = lines.get(getattr(peer, "lang", "en")) or lines.get("en") or {}
                peer.send({"type": "coach", **line})
