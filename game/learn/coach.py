"""The coach: runs a lesson (game/learn/lesson.py) the same way for the window,
the phone and the command line.

It holds the real game, plays the scripted opponents until the learner is
to act, and answers each of the learner's actions: the step's own action
completes the step; another legal one is not silently refused but answered
with why the suggested one is better here (and played anyway where the step
allows it). Any step can be started again, and the lesson left and picked up
again (`moves` replays it exactly: every opponent's move comes from a bot
seeded by the lesson and the move's number, never from a running rng).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.bots import dealer, make_bot
from game.learn.lesson import Lesson, Step
from game.narration.hints import action_words
from game.rules.base import Action, Event, GameState, IllegalAction, View
from game.words.host_words import said as worded_error
from game.words.i18n import _

Move = tuple[int, Action]


@dataclass
class Outcome:
    """What the coach made of an action: `kind` is "done" (the step is done),
    "played" (a free move where the step asks for nothing in particular),
    "wrong" (another action than the step's: `words` says why the step's is
    better, `suggested` is it; played only when `played` is True) or
    "illegal" (the rules refuse it: `words` says why)."""

    kind: str
    words: str = ""
    suggested: Action | None = None
    played: bool = False
    events: list[Event] = field(default_factory=list)


class Coach:
    """One guided game in progress."""

    def __init__(self, lesson: Lesson, moves: list[Move] | None = None,
                 step_starts: list[int] | None = None):
        self.lesson = lesson
        self.state: GameState = lesson.setup()
        self.moves: list[Move] = []
        self.step_starts: list[int] = []    # len(moves) when each step began
        self.step_index = 0
        self.recent: list[tuple[int, list[Event]]] = []
        for seat, action in moves or []:
            self._apply(seat, action)
        if step_starts:
            self.step_starts = list(step_starts)
            self.step_index = len(step_starts) - 1
        else:
            self._settle()
            self.step_starts = [len(self.moves)]
        self.recent.clear()

    # ---- what is shown -------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step shown now (None once the lesson is done)."""
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def completed(self) -> bool:
        return self.step_index >= len(self.lesson.steps)

    @property
    def learner(self) -> int:
        return self.lesson.learner

    def view(self) -> View:
        return self.state.view(self.learner)

    def legal(self) -> list[Action]:
        if self.learner not in self.state.to_act:
            return []
        return self.state.legal_actions(self.learner)

    def facts(self) -> dict[str, Any]:
        step = self.step
        if step is None or step.facts is None:
            return {}
        return dict(step.facts(self.view()))

    def said(self) -> str:
        """What the coach says now, in the current language."""
        step = self.step
        if step is None:
            return _("That is the whole game: you have played every rule once.")
        return _fill(step.said, self.facts())

    def why(self) -> str:
        step = self.step
        return _fill(step.why, self.facts()) if step is not None and step.why else ""

    def suggested(self) -> Action | None:
        """The action the coach suggests now (None: read and go on)."""
        step = self.step
        legal = self.legal()
        if step is None or step.pick is None or not legal:
            return None
        return step.pick(self.view(), legal)

    def points_at(self) -> list[tuple[str, Any]]:
        step = self.step
        return [] if step is None or step.point is None else list(step.point(self.view()))

    def take_events(self) -> list[tuple[int, list[Event]]]:
        """Every (seat, events) played since the last call, for the screen."""
        taken, self.recent = self.recent, []
        return taken

    # ---- what the learner does -----------------------------------------
    def act(self, action: Action) -> Outcome:
        """The learner plays `action` (see Outcome)."""
        step = self.step
        if self.learner not in self.state.to_act:
            return Outcome("illegal", _("It is not your turn yet."))
        try:
            self.state.clone().apply(self.learner, action)
        except IllegalAction as exc:
            return Outcome("illegal", worded_error(exc), self.suggested())
        if step is None:
            return Outcome("played", played=True, events=self._play(action))
        suggested = self.suggested()
        if step.pick is None or step.autoplay:
            return Outcome("wrong", _("Read this first, then go on with Next."), None)
        if self._accepts(step, action, suggested):
            events = self._play(action)
            self._advance()
            return Outcome("done", played=True, events=events)
        words = _fill(step.wrong, self.facts()) if step.wrong else _(
            "Not this time: this step is about something else.")
        if suggested is not None:
            words += "" if words.endswith(("。", "！", "？")) else " "   # no space after Japanese
            words += _("Try: {move}.").format(
                move=action_words(self.lesson.game_id, suggested, self.view()))
        return Outcome("wrong", words, suggested)

    def go_on(self, action: Action) -> Outcome:
        """Play another action than the step's where the step allows it."""
        step = self.step
        if step is None or not step.may_differ:
            return Outcome("wrong", _("This step needs its own move: try it again."),
                           self.suggested())
        if action not in self.legal():
            return Outcome("illegal", _("That move is not possible now."), self.suggested())
        events = self._play(action)
        self._advance()
        return Outcome("done", played=True, events=events)

    def next(self) -> None:
        """Go on from a step that asks for no action (or plays itself)."""
        step = self.step
        if step is None:
            return
        if step.autoplay:
            self._autoplay(step)
        elif step.pick is not None and self.legal():
            return                          # it waits for the learner's own move
        self._advance()

    def repeat(self, index: int | None = None) -> None:
        """Start step `index` (default: the one shown, or the last one done when
        the shown one has not moved yet) again from the position it began in."""
        if index is None:
            index = self.step_index
            if index > 0 and self.step_starts[index] == len(self.moves):
                index -= 1
        index = max(0, min(index, len(self.step_starts) - 1))
        keep = self.step_starts[index]
        moves = self.moves[:keep]
        self.state = self.lesson.setup()
        self.moves = []
        for seat, action in moves:
            self._apply(seat, action)
        self.step_starts = self.step_starts[:index + 1]
        self.step_index = index
        self.recent.clear()

    # ---- saving --------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        return {"game": self.lesson.game_id, "moves": [[s, a] for s, a in self.moves],
                "step_starts": list(self.step_starts)}

    # ---- inside --------------------------------------------------------
    def _accepts(self, step: Step, action: Action, suggested: Action | None) -> bool:
        if step.accept is not None:
            return step.accept(self.view(), action)
        return action == suggested

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self.state.apply(seat, action)
        self.moves.append((seat, action))
        self.recent.append((seat, events))
        return events

    def _play(self, action: Action) -> list[Event]:
        events = self._apply(self.learner, action)
        self._settle()
        return events

    def _advance(self) -> None:
        self.step_index += 1
        self.step_starts.append(len(self.moves))

    def _settle(self) -> None:
        """Opponents play until the learner is to act (or the game is over)."""
        while not self.state.is_over:
            others = [s for s in self.state.to_act if s != self.learner]
            if not others:
                return
            seat = others[0]
            self._apply(seat, self._opponent_move(seat))

    def _opponent_move(self, seat: int) -> Action:
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        script = self.lesson.opponent_script
        if script is not None:
            chosen = script(view, legal, seat)
            if chosen is not None:
                if chosen not in legal:
                    raise ValueError(f"the lesson's script chose an illegal move for seat "
                                     f"{seat}: {chosen!r}")
                return chosen
        return self._bot_move(self.lesson.opponent_bot, seat, view, legal)

    def _bot_move(self, name: str, seat: int, view: View, legal: list[Action]) -> Action:
        seed = self.lesson.opponent_seed * 1_000_003 + len(self.moves)
        bot = make_bot(name, seed=seed, iterations=40 if name == "search" else None)
        deal = dealer(self.state, seat) if name == "search" else None
        return bot.choose(view, legal, deal)

    def _autoplay(self, step: Step) -> None:
        """Play `step.autoplay` of the learner's actions for them."""
        for _action in range(step.autoplay):
            legal = self.legal()
            if self.state.is_over or not legal:
                return
            view = self.view()
            action = step.pick(view, legal) if step.pick is not None else None
            if action is None or action not in legal:
                action = self._bot_move(self.lesson.learner_bot, self.learner, view, legal)
            self._play(action)


def resume(lesson: Lesson, saved: dict[str, Any]) -> Coach:
    """A coach picked up where `saved` (Coach.to_save) left it; ValueError when
    the save does not fit the lesson (then the lesson starts again)."""
    try:
        moves = [(int(seat), action) for seat, action in saved["moves"]]
        starts = [int(n) for n in saved["step_starts"]]
        if saved.get("game") != lesson.game_id or not starts or starts != sorted(starts) \
                or starts[-1] > len(moves) or len(starts) > len(lesson.steps) + 1:
            raise ValueError("the saved lesson does not fit this lesson")
        return Coach(lesson, moves, starts)
    except (KeyError, TypeError, ValueError, IllegalAction) as exc:
        raise ValueError(f"the saved lesson cannot be picked up: {exc}") from exc


def _fill(msgid: str, facts: dict[str, Any]) -> str:
    text = _(msgid)
    try:
        return text.format(**facts)
    except (KeyError, IndexError, ValueError):
        return text
