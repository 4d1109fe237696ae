"""A guided game with the learner's seat on a phone.

The TV shows the board and the coach panel as in any guided game
(game/scenes/learn_table.py, through `PhoneCoachSession`); the learner's seat
is played on the phone page, which a host in this process serves as in a
couch game with phones (net/host/couch.py). The coach stays the one
authority: the host's copy of the game only follows the moves the coach
played (the learner's, and the lesson's scripted opponents'), its
opponent seats have no bots of their own, and an action from the phone goes
to the coach (net/host/coached_seat.py) which answers it on the window's
thread: its own move is played on the TV and the phone alike, another is
answered on both (the coach's words on the phone, the panel red on the TV)
and changes nothing. After every change the phone gets the coach's line:
what to do and why, or its answer to the move just tried, in its language.
"""

from __future__ import annotations

import copy
from queue import Empty, SimpleQueue
from typing import Any

from game.learn.coach import Coach
from game.learn.coach_session import CoachSession, as_listed
from game.rules.base import Action, Event
from game.tables.match import Match, Seat
from game.tables.seats import default_color
from game.words import i18n
from game.words.i18n import _
from net.host.coached_seat import PHONE_PRESSES, Lines
from net.host.server import Host


class CoachedMatch(Match):
    """The host's copy of a guided game: the coach plays its opponents, so the
    host has no bots to play them (nor a stand-in for the learner)."""

    def _make_bots(self) -> None:
        self.bots = {}


def coached_host(coach: Coach, **host_options: Any) -> Host:
    """A host (not started yet: `PhoneCoachSession` starts it, OSError when it
    cannot listen) of the coach's game as it stands, the learner's seat open to
    a phone. `host_options` go to Host."""
    lesson = coach.lesson
    players = len(coach.state.view(None).get("players", ()))
    names = lesson.names
    seats = [Seat(name=_(names[i]) if i < len(names) else f"Player {i + 1}",
                  color=default_color(i), bot=None if i == lesson.learner else lesson.opponent_bot,
                  phone=i == lesson.learner)
             for i in range(players)]
    match = CoachedMatch(lesson.game_id, seats, seed=0)
    match.state = coach.state.clone()
    options = dict(turn_timeout=0, web_port=0, save_path=None)
    options.update(host_options)
    return Host(lesson.game_id, players, "Rail Party", resume=match, **options)


class PhoneCoachSession(CoachSession):
    """A guided game whose learner plays on a phone (see the module docstring)."""

    on_phone = True       # the TV opens no choice of the learner's: the phone does

    def __init__(self, coach: Coach, host: Host, keep_progress: bool = True):
        super().__init__(coach, keep_progress)
        self.host = host
        self._inbox: SimpleQueue[tuple[int, Action]] = SimpleQueue()
        self._presses: SimpleQueue[tuple[int, str]] = SimpleQueue()
        self._followed = list(coach.moves)    # the moves the host's copy holds
        self._phone_there = False
        host.coach_inbox = lambda seat, action: self._inbox.put((seat, action))
        host.coach_presses = lambda seat, name: self._presses.put((seat, name))
        host.start()

    # --- the TV's join card, the game menu ----------------------------------------

    def _learner_seat(self) -> dict[str, Any]:
        seats = self.host.status().get("seats") or []
        return seats[self.learner] if self.learner < len(seats) else {}

    def waiting_phones(self) -> list[int]:
        """The learner's seat until a phone takes it (the TV shows how to join)."""
        return [self.learner] if self._learner_seat().get("kind") == "open" else []

    def bots_on_waiting_phones(self) -> bool:
        return True       # no bot plays the learner's seat: the lesson waits for the phone

    # --- the phone's moves, and the host following the coach ----------------------

    def poll(self) -> list[list[Event]]:
        """The phone's actions, answered by the coach here (on the window's
        thread), then what they played, as every session's poll."""
        while True:
            try:
                seat, action = self._inbox.get_nowait()
            except Empty:
                break
            if seat == self.learner:
                self.submit(seat, action)
        there = bool(self._learner_seat().get("connected"))
        if there and not self._phone_there:     # a phone took the seat (or came back)
            self.host.say_coach(self.learner, self.lines())
        self._phone_there = there
        return super().poll()

    def take_presses(self) -> list[str]:
        """The coach buttons the learner's phone pressed (the table presses
        those its panel offers)."""
        names = []
        while True:
            try:
                seat, name = self._presses.get_nowait()
            except Empty:
                return names
            if seat == self.learner:
                names.append(name)

    def retell(self) -> None:
        """The phone's line again (Try again plays nothing, and a press the panel
        did not offer changes nothing: the page waits for a line to press again)."""
        self.host.say_coach(self.learner, self.lines())

    def _collect(self) -> None:
        super()._collect()
        moves = list(self.coach.moves)
        known = self._followed
        if moves[:len(known)] == known:
            # copies: the host's thread keeps what it is given, the coach its own
            self.host.follow_coach(copy.deepcopy(moves[len(known):]), self.learner,
                                   self.lines())
        else:                                   # Repeat: back to where a step began
            self.host.restart_coached(self.coach.state.clone(), self.learner, self.lines())
        self._followed = moves

    def lines(self) -> Lines:
        """The coach's line in every language: the step, what to do and why, and
        its answer to the move just tried when the coach did not play it."""
        coach, outcome = self.coach, self.outcome
        out: Lines = {}
        for lang in i18n.LANGUAGES:
            with i18n.speaking(lang):
                steps = len(coach.lesson.steps)
                line: dict[str, Any] = {"step": min(coach.step_index + 1, steps), "steps": steps,
                                        "said": coach.said(), "why": coach.why(), "answer": "",
                                        "buttons": [{"name": name, "label": _(label)}
                                                    for label, name in self.buttons()
                                                    if name in PHONE_PRESSES]}
                if outcome is not None and not outcome.played and self.attempt is not None:
                    # another move: answered again in this language (it plays nothing)
                    line["answer"] = coach.act(as_listed(self.attempt, coach.legal())).words
            out[lang] = line
        return out

    def stop(self) -> None:
        """Stop the host (leaving the guided game)."""
        self.host.stop()
