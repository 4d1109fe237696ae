"""A guided game in the window: a game's own board with the coach panel.

`learn_scene` builds the table of a guided game from the game family's
board scene (found through its family, as every table is) with `CoachTable`
in front of it, so the board, its animations, its choices and its words are
the real game's, played through the coach's session
(game/learn/coach_session.py). `CoachTable` adds the coach panel
(game/scenes/coach_panel.py): what to do now and why, Next for a step to
read, Repeat, Leave (progress is kept), and after another move than the
coach's, its words with Try again and, where the step allows, Do it anyway.
The panel's buttons join the board's focus targets, so the keys and a
controller reach them as they reach the board's; the mouse clicks them.
What the coach points at (the step's items and the move it suggests) is lit
with the table's spotlight, the rest dimmed, and the panel keeps clear of
it. When the lesson is over, the end screen (game/scenes/learn_end.py)
says what was learned.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pygame

from game.rules import game_info
from game.rules.base import Action
from game.scenes import nav
from game.scenes.coach_panel import CoachPanel, CoachWords
from game.ui.input import Intent
from game.words import i18n
from game.words.i18n import _

_CLASSES: dict[type, type] = {}


def learn_scene(app: Any, session: Any, on_exit: Callable[[], None] | None = None) -> Any:
    """The guided game's table: its family's board scene with the coach panel."""
    family = game_info(session.game_id).family
    board = importlib.import_module(f"game.scenes.boards.{family}").SCENE
    cls = _CLASSES.get(board)
    if cls is None:
        cls = _CLASSES[board] = type(f"Learn{board.__name__}", (CoachTable, board), {})
    return cls(app, session, on_exit=on_exit)


class CoachTable:
    """The coach panel on a board scene (a base placed before the board's class)."""

    session: Any

    def __init__(self, app: Any, session: Any, **kwargs: Any):
        self.coach_panel = CoachPanel()
        self.end_shown = False
        self.shown_step = -1
        self._coach_key: tuple | None = None
        self.moved_this_frame = False
        self._coach_shown: tuple = ()
        super().__init__(app, session, **kwargs)

    # --- what the panel says -------------------------------------------------------

    @property
    def coach(self) -> Any:
        """The coach that runs this guided game (game/learn/coach.py)."""
        return self.session.coach

    def wrong_words(self) -> str | None:
        """The coach's answer to a move it did not play (None: no such answer)."""
        return self.session.wrong_words()

    def corner_words(self) -> str:
        """The guided game's title where a table says whose cards show (the
        learner is the only player: "You are You" said nothing)."""
        return _(self.coach.lesson.title)

    def coach_buttons(self) -> list[tuple[str, str]]:
        """The panel's buttons now, (label msgid, name) (CoachSession.buttons)."""
        return self.session.buttons()

    def coach_words(self) -> CoachWords:
        """What the panel says now: the step and its rule, what to do, and why
        (or the coach's answer to another move)."""
        coach = self.coach
        lesson = coach.lesson
        step = coach.step
        titles = dict(lesson.rules)
        if step is None:
            header = _(lesson.title)
        else:
            header = _("Step {number} of {count}: {rule}").format(
                number=coach.step_index + 1, count=len(lesson.steps),
                rule=_(titles.get(step.rule, step.rule)))
        wrong = self.wrong_words()
        why = wrong if wrong is not None else coach.why()
        return CoachWords(header, coach.said(), why, wrong is not None, self.coach_buttons())

    def coach_points(self) -> list[tuple[str, Any]]:
        """The board's items the coach points at now: the step's own, and the
        targets of the move it suggests (after another move: the one it
        suggested instead)."""
        items = list(self.coach.points_at())
        outcome = self.session.outcome
        suggested = outcome.suggested if self.wrong_words() is not None else (
            self.coach.suggested())
        if suggested is not None:
            items += [item for item in self.spotlight_items(suggested) if item not in items]
        return items

    def coach_avoid(self, points: list[tuple[str, Any]]) -> list[pygame.Rect]:
        """What the panel must not cover: what it points at, a choice open
        over the board (its box), and the card saying how a phone joins."""
        rects = [self.spotlight_rect(item) for item in points]
        found = [pygame.Rect(r).inflate(20, 20) for r in rects if r is not None]
        top = self.app.top
        if top is not self and isinstance(getattr(top, "box", None), pygame.Rect):
            found.append(top.box)
        if self._phone_awaited():      # the join card at the log's foot (its QR code)
            log = self.log_rect
            height = min(log.height, 196)
            found.append(pygame.Rect(log.x, log.bottom - height, log.width, height))
        return found

    def _phone_awaited(self) -> bool:
        waiting = getattr(self.session, "waiting_phones", None)
        return bool(waiting is not None and waiting())

    # --- focus, keys, mouse ------------------------------------------------------

    def _build_focus(self) -> None:
        old = self.focus_items[self.focus] if self.focus_items else None
        items = self.focus_targets()
        items += [("button", i) for i in range(len(self.buttons()))]
        coach = [("coach", name) for _label, name in self.coach_buttons()]
        self.focus_items = items + coach
        if old in self.focus_items:
            self.focus = self.focus_items.index(old)
        else:
            # the panel's first button when nothing on the board is to be done
            first = coach[0][1] if coach else None
            self.focus = len(items) if first in ("next", "again") else 0

    def _focus_coach(self, name: str) -> None:
        if ("coach", name) in self.focus_items:
            self.focus = self.focus_items.index(("coach", name))

    def _target_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        name = self.coach_panel.button_at(pos)
        if name is not None:
            return ("coach", name)
        if self.coach_panel.covers(pos):
            return ("coach", None)       # the panel's words: nothing under them acts
        return super()._target_at(pos)

    def selectable(self, item: tuple[str, Any]) -> bool:
        if item[0] == "coach":
            return item[1] is not None
        return super().selectable(item)

    def _activate(self, item: tuple[str, Any]) -> None:
        if item[0] == "coach":
            self.coach_press(item[1])
            return
        super()._activate(item)

    def handle(self, intent: Intent) -> bool:
        key = intent.key if intent.kind == "key" else None
        if (intent.kind == "pad_y" or key == pygame.K_n) and any(
                n == "next" for _l, n in self.coach_buttons()):
            self.coach_press("next")          # Y or N: on to the next step
            return True
        if intent.kind == "pad_x" or key == pygame.K_r:
            self.coach_press("repeat")        # X or R: this step again
            return True
        return super().handle(intent)

    def coach_press(self, name: str) -> None:
        """A button of the coach panel (by its name)."""
        session = self.session
        self.moved_this_frame = True
        if name == "leave":
            self.leave()
            return
        self.fast_forward()
        if name == "next":
            session.next()
        elif name == "repeat":
            session.repeat()
            self.retell(session.told())
        elif name == "again":
            session.clear_outcome()
            session.retell()             # nothing was played: nothing else tells a phone
        elif name == "anyway":
            outcome = session.go_on()
            if outcome.kind != "done":
                self.app.toast(outcome.words)
        self.needs_snap = True
        self._refresh_view()

    # --- acting through the coach ------------------------------------------------

    def act(self, action: Action) -> bool:
        """The coach answers every move: its own is played, another is answered."""
        self.session.clear_outcome()
        self.moved_this_frame = True
        super().act(action)
        outcome = self.session.outcome
        if outcome is None or outcome.played:
            self.session.clear_outcome()
            return outcome is not None
        if outcome.kind == "illegal":
            self.session.clear_outcome()
            self.app.toast(outcome.words)
        self.needs_snap = False
        self._refresh_view()
        if self.wrong_words() is not None:
            self._focus_coach("again")
        return False

    def offer_undo(self, seconds: float = 3.0) -> None:
        """No Undo in a guided game: Repeat starts the step again."""

    def _open_choices(self) -> None:
        """A decision opens its choice once the coach asks for it (not over a
        step still to read, nor over the coach's answer to a wrong move)."""
        step = self.coach.step
        if self.wrong_words() is not None or (step is not None and not step.waits_for_action):
            return
        if getattr(self.session, "on_phone", False):
            return          # the learner plays on a phone: the choice opens there
        super()._open_choices()

    # --- the end, and leaving ----------------------------------------------------

    def _show_results(self) -> None:
        """The lesson is over: what was learned, and Play a real game."""
        if self.end_shown:
            return
        self.end_shown = self.results_shown = True
        from game.scenes.learn_end import LearnEndScene
        self.app.push(LearnEndScene(self.app, self.coach.lesson))

    def leave(self) -> None:
        """Leave the guided game; where it was is kept for Learn to pick up."""
        self.session.keep()
        self.session.stop()        # a phone's host stops with the guided game
        super().leave()

    def request_quit(self, to_desktop: bool = False) -> bool:
        self.session.keep()
        if to_desktop:
            return False           # progress is kept: the window just closes
        return super().request_quit(to_desktop)

    # --- drawing ------------------------------------------------------------------

    def update(self) -> None:
        for name in self.session.take_presses():    # a phone's Next, Repeat, Try again
            if name != "leave" and any(n == name for _label, n in self.coach_buttons()):
                self.coach_press(name)
            else:                    # not offered now (the TV moved first): the phone
                self.session.retell()        # gets the line as it stands, buttons again
        super().update()
        if self.coach.step_index != self.shown_step:
            self.shown_step = self.coach.step_index
            self.focus_items = []       # a new step: the focus starts where it asks
            self._build_focus()

    def coach_shown(self) -> tuple[CoachWords, list[tuple[str, Any]], list[pygame.Rect]]:
        """The panel's words, what it points at and what it keeps clear of,
        worked out again only when the lesson moves (never every frame: the
        coach's suggestion asks the rules for every legal move)."""
        top = self.app.top
        key = (len(self.coach.moves), self.coach.step_index, id(self.session.outcome),
               top is self, id(top), i18n.language(), self.animator.busy or bool(self.queue),
               self._phone_awaited())
        if key != self._coach_key and self._coach_shown and self.moved_this_frame:
            # the frame in which the learner moved has the move's own work (the
            # coach, the opponents' answers, the board's new position): the
            # panel follows in the next one
            self.moved_this_frame = False
            return self._coach_shown
        self.moved_this_frame = False
        if key != self._coach_key:
            self._coach_key = key
            points = [] if self.animator.busy or self.queue else self.coach_points()
            self._coach_shown = (self.coach_words(), points, self.coach_avoid(points))
            # the spotlight lights them and dims the rest (not while the board moves)
            self.set_spotlight(points or None)
        return self._coach_shown

    def draw(self, surface: pygame.Surface) -> None:
        words, _points, avoid = self.coach_shown()     # sets the spotlight the table draws
        super().draw(surface)
        focus = self.focus_items[self.focus] if self.focus_items else None
        focused = focus[1] if focus and focus[0] == "coach" else None
        hover = self.hover[1] if self.hover and self.hover[0] == "coach" else None
        self.coach_panel.place(words, avoid)
        self.coach_panel.draw(surface, focused, hover)


def open_learn_table(app: Any, session: Any) -> Any:
    """The guided game's table alone on the stack; leaving it goes to the title."""
    table = learn_scene(app, session, on_exit=lambda: nav.to_title(app))
    told = session.told()
    if told:
        table.retell(told)
    app.reset(table)
    return table
