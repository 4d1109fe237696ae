"""A kept game played back through the real table (`railparty replay`).

`ReplaySession` is a Session (game/tables/session.py) whose moves come from a
record, not from players: `step()` applies the next recorded action and hands
its events to the table, which animates them as in live play; `seek(n)`
jumps to the state after `n` actions and hands the table an empty update (a
snap, as an undo does). Seeking starts from the nearest kept snapshot (a
clone of the state every `SNAPSHOT_EVERY` actions, taken once when the record
is loaded), so any point of a long game is a clone and a few applies away.

Who may be watched: everyone may watch the public view (a spectator's).
A seat's own view (its hand, its tickets) is offered only for a hot-seat game
of this machine that is over: a game hosted here had players on other
machines whose cards this machine's owner never saw.
"""

from __future__ import annotations

from typing import Any

from game.rules import redact_events
from game.rules.base import Action, Event, GameState, View
from game.rules.words import N_
from game.story.history import Record
from game.story.replay_inert import InertSession

SNAPSHOT_EVERY = 16


class ReplaySession(InertSession):
    remote = False
    replay = True          # the table opens no choices and paces no bots for it
    awaiting = False
    status = "connected"
    close_reason = ""
    can_rematch = False
    game_number = 0

    def __init__(self, record: Record, snapshot_every: int = SNAPSHOT_EVERY):
        self.record = record
        match = record.match
        self.actions: list[tuple[int, Action]] = list(match.state.history)
        self.final_over = match.state.is_over
        self._seats = [dict(s.public(), kind="bot" if s.bot else "human")
                       for s in match.seats]
        self.every = max(1, snapshot_every)
        self.snapshots: list[GameState] = []
        self.turns: list[int] = []        # per action: the turn number it was played in
        self.events: list[list[Event]] = []   # per action: what it did (the log after a jump)
        state = _fresh(record)
        self.snapshots.append(state.clone())
        for i, (seat, action) in enumerate(self.actions):
            self.events.append(state.apply(seat, action))
            if (i + 1) % self.every == 0:
                self.snapshots.append(state.clone())
        self.state = _fresh(record)
        self.cursor = 0
        self.updates: list[list[Event]] = []
        self.watching: int | None = None   # the seat whose view shows; None: the public

    # --- who may look -------------------------------------------------------------

    def viewable_seats(self) -> list[int]:
        """The seats whose own view this replay may show (see the module docstring)."""
        if self.record.origin == "hot-seat" and self.final_over:
            return list(range(len(self._seats)))
        return []

    def watch(self, seat: int | None) -> bool:
        """Show `seat`'s view from now on (None: the public one); False if not allowed."""
        if seat is not None and seat not in self.viewable_seats():
            return False
        self.watching = seat
        self.updates.append([])
        return True

    # --- moving through the game -------------------------------------------------

    @property
    def length(self) -> int:
        return len(self.actions)

    def step(self) -> bool:
        """Play the next recorded action (its events animate); False at the end."""
        if self.cursor >= self.length:
            return False
        seat, action = self.actions[self.cursor]
        events = self.state.apply(seat, action)
        self.cursor += 1
        self.updates.append(events)
        return True

    def seek(self, n: int) -> None:
        """Jump to the state after `n` actions (clamped), from the nearest snapshot."""
        n = max(0, min(self.length, n))
        base = n // self.every
        state = self.snapshots[base].clone()
        for seat, action in self.actions[base * self.every:n]:
            state.apply(seat, action)
        self.state, self.cursor = state, n
        self.updates.append([])              # a snap to the new state

    def back(self) -> None:
        self.seek(self.cursor - 1)

    def told(self) -> list[list[Event]]:
        """The updates of every move before the cursor, as the watched view
        heard them: the log of a board jumped to."""
        return [redact_events(events, self.watching) for events in self.events[:self.cursor]]

    # --- the Session interface (game/tables/session.py) --------------------------------

    @property
    def game_id(self) -> str:
        return self.record.match.game_id

    @property
    def players(self) -> int:
        return len(self._seats)

    def seats(self) -> list[dict[str, Any]]:
        return [dict(s) for s in self._seats]

    humans: list[int] = []    # nobody plays: the viewer is chosen by the controls

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self.state.to_act)

    @property
    def is_over(self) -> bool:
        """At the end of a finished game: the table then shows its results, as
        live play does (an unfinished game's end is only the last move)."""
        return self.final_over and self.cursor >= self.length

    def view(self, seat: int | None) -> View:
        return self.state.view(self._allowed(seat))

    def observe(self, seat: int | None) -> tuple[View, tuple[int, ...], list[Action]]:
        return self.state.view(self._allowed(seat)), tuple(self.state.to_act), []

    def _allowed(self, seat: int | None) -> int | None:
        return seat if seat in self.viewable_seats() else None

    def poll(self) -> list[list[Event]]:
        """The updates since the last poll, redacted for the watched view: the
        log and the animations never hear what that view may not see."""
        out, self.updates = self.updates, []
        return [redact_events(events, self.watching) for events in out]

    def result(self) -> dict[str, Any]:
        return self.state.result()


def _fresh(record: Record) -> GameState:
    from game.rules import create

    match = record.match
    return create(match.game_id, players=len(match.seats), seed=match.seed, **match.options)


def open_session(path: Any) -> Any:
    """The replay of a file: a guest's record (`*.json.z`, game/story/view_record.py)
    or a history record or save; SaveError says what is wrong."""
    from pathlib import Path

    from game.story.history import read_record
    from game.story.view_record import ViewReplaySession, read_view_record
    from game.tables.save_check import SaveError, os_reason

    path = Path(path)
    if path.name.endswith(".json.z"):
        try:
            return ViewReplaySession(read_view_record(path), path)
        except FileNotFoundError:
            raise SaveError(N_("there is no file {path}"), path=str(path)) from None
        except OSError as exc:
            raise SaveError(N_("{path} cannot be read: {reason}"), path=str(path),
                            reason=os_reason(exc)) from None
    return ReplaySession(read_record(path))
