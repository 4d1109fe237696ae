"""A guided game seen through the table's session interface.

The window's table (game/scenes/table.py) plays every game through a
session (game/tables/session.py); this one plays through the Coach, so the
board, its animations, its log and its choices work in a guided game as in
a real one. The learner is the table's one human; the opponents are played
by the coach itself (scripted, or its seeded bots) as soon as the learner
has acted, so the table never paces a bot here. The coach's answer to the
learner's last action (done, wrong, illegal) is kept for the coach panel,
which says it; a wrong action is not played, so the table shows nothing
new. The session is over when the lesson is: its last step read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.learn.coach import Coach, Outcome
from game.learn.progress import save_progress
from game.rules import redact_events
from game.rules.base import Action, Event, View
from game.tables.seats import default_color, default_name
from game.words.i18n import N_, _


class CoachSession:
    """The table's session of one guided game (see the module docstring)."""

    remote = False
    awaiting = False
    status = "connected"
    close_reason = ""
    can_rematch = False
    game_number = 0

    def __init__(self, coach: Coach, keep_progress: bool = True):
        self.coach = coach
        self.keep_progress = keep_progress
        self.outcome: Outcome | None = None   # the coach's answer to the last action
        self.attempt: Action | None = None    # the action it answered
        self._updates: list[list[Event]] = []

    # --- what the table reads -----------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.coach.lesson.game_id

    @property
    def learner(self) -> int:
        return self.coach.learner

    @property
    def humans(self) -> list[int]:
        return [self.learner]

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self.coach.state.to_act)

    @property
    def is_over(self) -> bool:
        """The lesson is over (its game may go on: the table then shows the end)."""
        return self.coach.completed

    def seats(self) -> list[dict[str, Any]]:
        names = self.coach.lesson.names
        players = len(self.coach.state.view(None).get("players", ()))
        # a lesson's names are msgids ("You", "Hana"): said in the window's language
        return [{"name": _(names[i]) if i < len(names) else default_name(i),
                 "color": default_color(i),
                 "bot": None if i == self.learner else self.coach.lesson.opponent_bot,
                 "kind": "human" if i == self.learner else "bot", "connected": True}
                for i in range(players)]

    def view(self, seat: int | None) -> View:
        return self.coach.state.view(seat)

    def observe(self, seat: int | None) -> tuple[View, tuple[int, ...], list[Action]]:
        state = self.coach.state
        to_act = tuple(state.to_act)
        legal = self.coach.legal() if seat == self.learner else []
        return state.view(seat), to_act, legal

    def result(self) -> dict[str, Any]:
        return self.coach.state.result()

    # --- the learner's actions ----------------------------------------------------

    def submit(self, seat: int, action: Action) -> list[Event]:
        """The coach answers the action (kept in `outcome`); a played one's
        events, and the opponents' answers, come out of `poll`."""
        action = as_listed(action, self.coach.legal())
        self.attempt = action
        self.outcome = self.coach.act(action)
        self._collect()
        return list(self.outcome.events)

    def go_on(self) -> Outcome:
        """Play the last answered action anyway (where the step allows it)."""
        if self.attempt is None:
            return Outcome("wrong")
        self.outcome = self.coach.go_on(self.attempt)
        self._collect()
        return self.outcome

    def next(self) -> None:
        """On from a step to read (or one the coach plays for the learner)."""
        self.clear_outcome()
        self.coach.next()
        self._collect()

    def repeat(self, index: int | None = None) -> None:
        """The step shown (or `index`) again, from the position it began in."""
        self.clear_outcome()
        self.coach.repeat(index)
        self._updates.append([])     # a snap to the position as it was
        self._collect()

    def told(self) -> list[list[Event]]:
        """What every move so far did, as anyone at the table may hear it: the
        log written anew (a step started again, a lesson picked up again)."""
        state = self.coach.lesson.setup()
        return [redact_events(state.apply(seat, action), None)
                for seat, action in self.coach.moves]

    def clear_outcome(self) -> None:
        self.outcome = None
        self.attempt = None

    # --- the coach panel's buttons ------------------------------------------------

    def wrong_words(self) -> str | None:
        """The coach's answer to a move it did not play (None: no such answer)."""
        outcome = self.outcome
        if outcome is not None and outcome.kind == "wrong" and not outcome.played:
            return outcome.words
        return None

    def buttons(self) -> list[tuple[str, str]]:
        """The coach panel's buttons now, (label msgid, name): after another move
        Try again (and Do it anyway where the step allows it), else Next on a
        step to read, Repeat; Leave always. The TV's panel and a phone's line
        offer the same (a phone all but Leave)."""
        coach = self.coach
        step = coach.step
        if self.wrong_words() is not None:
            buttons = [(N_("Try again"), "again")]
            if step is not None and step.may_differ and self.attempt in coach.legal():
                buttons.append((N_("Do it anyway"), "anyway"))
            return buttons + [(N_("Leave"), "leave")]
        buttons = []
        if step is not None and (not step.waits_for_action or not coach.legal()):
            buttons.append((N_("Next"), "next"))
        return buttons + [(N_("Repeat"), "repeat"), (N_("Leave"), "leave")]

    def take_presses(self) -> list[str]:
        """Buttons pressed away from the window (a phone's), for the table to
        press in turn; none here."""
        return []

    def retell(self) -> None:
        """Say the coach's line again where it is shown away from the window
        (a phone's), after a change that played no move; nothing to do here."""

    def keep(self) -> None:
        """Save where the learner is (Leave; a finished lesson forgets it)."""
        if self.keep_progress:
            save_progress(self.coach)

    def _collect(self) -> None:
        self._updates.extend(events for _seat, events in self.coach.take_events())
        if self.keep_progress:
            save_progress(self.coach)

    # --- the rest of the interface: nothing to do in a guided game ----------------

    def poll(self) -> list[list[Event]]:
        out, self._updates = self._updates, []
        return out

    def notices(self) -> list[tuple[str, str]]:
        return []

    def explain(self, seat: int, action: Action) -> str | None:
        return None   # the coach answers every action itself (submit)

    def bot_seat(self) -> int | None:
        return None   # the coach plays the opponents as soon as the learner acts

    def play_bot(self, seat: int) -> list[Event]:
        return []

    def bot_job(self, seat: int) -> Callable[[], Action]:
        raise RuntimeError("a guided game's opponents are played by its coach")

    def play_bot_action(self, seat: int, action: Action) -> list[Event]:
        return []

    def can_undo(self, seat: int) -> bool:
        return False  # Repeat starts a step again instead

    def undo(self, seat: int) -> None:
        return None

    def rematch(self) -> None:
        return None

    def stop(self) -> None:
        return None   # nothing runs beside the coach (a phone's host does: net/host/coached.py)


def _unordered(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((key, _unordered(item)) for key, item in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(sorted((_unordered(item) for item in value), key=repr))
    return value


def as_listed(action: Action, legal: list[Action]) -> Action:
    """`action` as the rules list it: a screen may spell a move's choices in
    another order (the tickets kept, in the order they were offered), and the
    coach compares a move with the one it suggests as the rules spell it."""
    if action in legal:
        return action
    shape = _unordered(action)
    return next((listed for listed in legal if _unordered(listed) == shape), action)
