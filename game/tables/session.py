"""What a table plays through: one interface for a hot-seat game in this
process (`LocalSession`) and a seat or spectator of a LAN game
(`game.tables.remote_session.RemoteSession`).

A session hands out the events of each update as they happen; the table
asks for views and legal actions of the seat it shows, and submits actions.
Whose turn it is and whether the game is over come from the session (for a
LAN game: from the host's sync and update messages), never from a game's
view keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.bots.jobs import HintJob
from game.rules import IllegalAction
from game.rules.base import Action, Event, View
from game.rules.words import N_
from game.tables.match import Match, Seat, new_seed
from game.words.host_words import illegal_said


class Session(Protocol):
    """The interface every table reads."""

    remote: bool
    status: str          # "connected" (a local game always), "reconnecting", "closed"
    close_reason: str    # why a LAN connection closed, for the player

    @property
    def game_id(self) -> str: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def awaiting(self) -> bool: ...
    @property
    def can_rematch(self) -> bool: ...

    def seats(self) -> list[dict[str, Any]]: ...
    def view(self, seat: int | None) -> View: ...
    def observe(self, seat: int | None) -> tuple[View, tuple[int, ...], list[Action]]: ...
    def submit(self, seat: int, action: Action) -> list[Event]: ...
    def explain(self, seat: int, action: Action) -> str | None: ...
    def poll(self) -> list[list[Event]]: ...
    def notices(self) -> list[tuple[str, str]]: ...
    def result(self) -> dict[str, Any]: ...
    def bot_seat(self) -> int | None: ...
    def play_bot(self, seat: int) -> list[Event]: ...
    def bot_job(self, seat: int) -> Callable[[], Action]: ...
    def play_bot_action(self, seat: int, action: Action) -> list[Event]: ...
    def rematch(self) -> Match | None: ...
    def can_undo(self, seat: int) -> bool: ...
    def undo(self, seat: int) -> None: ...
    @property
    def game_number(self) -> int: ...
    @property
    def hints_allowed(self) -> bool: ...
    def hint_job(self, seat: int, seed: int, think_ms: int) -> HintJob: ...
    def note_hint(self, seat: int) -> None: ...
    def hints_used(self) -> list[int]: ...


class LocalSession:
    """A Match played in this process: hot-seat humans and bots."""

    remote = False
    awaiting = False  # a LAN session waits for the host's answer; this one never does
    status = "connected"
    close_reason = ""
    can_rematch = True

    def __init__(self, match: Match):
        self.match = match
        self.updates: list[list[Event]] = []

    @property
    def game_id(self) -> str:
        return self.match.game_id

    @property
    def players(self) -> int:
        return len(self.match.seats)

    def seats(self) -> list[dict[str, Any]]:
        return [dict(s.public(), kind="bot" if s.bot else "human") for s in self.match.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.match.seats) if s.is_human]

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.match.state.to_act

    @property
    def is_over(self) -> bool:
        return self.match.state.is_over

    def view(self, seat: int | None) -> View:
        return self.match.state.view(seat)

    def observe(self, seat: int | None) -> tuple[View, tuple[int, ...], list[Action]]:
        """The view, whose turn and the seat's legal actions, all of one state."""
        state = self.match.state
        to_act = tuple(state.to_act)
        legal = state.legal_actions(seat) if seat is not None and seat in to_act else []
        return state.view(seat), to_act, legal

    def submit(self, seat: int, action: Action) -> list[Event]:
        """Apply a human's action; IllegalAction carries the engine's reason."""
        if seat not in self.humans:
            raise IllegalAction(N_("that seat is played by a bot"), "bot_seat")
        events = self.match.apply(seat, action)
        self.updates.append(events)
        return events

    def bot_seat(self) -> int | None:
        return self.match.bot_to_act()

    def play_bot(self, seat: int) -> list[Event]:
        events = self.match.play_bot(seat)
        self.updates.append(events)
        return events

    def bot_job(self, seat: int) -> Callable[[], Action]:
        """A bot's thinking as a call that touches no state (it sees plain data
        only, a `BotJob`), so the bot workers think it in another process
        while frames go on."""
        return self.match.bot_job(seat)

    def play_bot_action(self, seat: int, action: Action) -> list[Event]:
        """Apply what a bot chose (on the main thread), if it is still its turn."""
        if seat not in self.match.state.to_act:
            return []
        events = self.match.apply(seat, action)
        self.updates.append(events)
        return events

    def poll(self) -> list[list[Event]]:
        """Event lists applied since the last poll, oldest first."""
        out, self.updates = self.updates, []
        return out

    def result(self) -> dict[str, Any]:
        return self.match.state.result()

    def notices(self) -> list[tuple[str, str]]:
        """Messages for the screen (a LAN session has some; a local one never)."""
        return []

    game_number = 0  # a local rematch builds a new table itself

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` made the last action (nobody has acted since)."""
        history = self.match.state.history
        return bool(history) and history[-1][0] == seat and seat in self.humans

    def undo(self, seat: int) -> None:
        if not self.can_undo(seat):
            raise IllegalAction(N_("only your own last move can be taken back"), "undo_own")
        self.match.undo_last()
        self.updates.append([])  # a snap to the state as it was

    def rematch(self) -> Match | None:
        """A new match with the same seats and options, saved where this one was."""
        match = self.match
        seats = [Seat(s.name, s.color, s.bot) for s in match.seats]
        new = Match(match.game_id, seats, new_seed(), dict(match.options),
                    save_path=match.save_path, hints=match.hints)
        if new.save_path is not None:
            new.save(new.save_path)
        return new

    @property
    def hints_allowed(self) -> bool:
        """Whether this table offers hints (its host may turn them off)."""
        return self.match.hints

    def hint_job(self, seat: int, seed: int, think_ms: int) -> HintJob:
        """A hint for `seat` as plain data: its view, its legal actions and the
        state re-dealt for it (nothing it may not know), thought elsewhere."""
        return HintJob.of(self.match.state, seat, seed, think_ms)

    def note_hint(self, seat: int) -> None:
        """A hint was shown to `seat`: counted for its results and history."""
        self.match.note_hint(seat)

    def hints_used(self) -> list[int]:
        return list(self.match.hints_used)

    def explain(self, seat: int, action: Action) -> str | None:
        """The engine's reason an action is illegal now, in the player's language
        (None if it is legal).

        Tried on a copy, so an action the engine takes in a form its legal list
        does not spell out never changes the game from here.
        """
        if action in self.match.state.legal_actions(seat):
            return None
        try:
            self.match.state.clone().apply(seat, action)
        except IllegalAction as exc:
            return illegal_said(exc)
        return None
