"""`railparty learn --game G` in the window: the guided game on the table
with its coach panel, picked up where it was left (or from its first step
with --restart); with --screenshot PNG --at N, headless: the coach's own
moves up to step N, that step drawn and saved, and nothing kept.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from game.learn.lesson import Lesson
from game.words.i18n import _


def open_lesson(args: argparse.Namespace, lesson: Lesson) -> int:
    """Open `lesson` in the window (see the module docstring); the exit status."""
    if args.screenshot:
        return save_step_picture(lesson, args.screenshot, args.at)
    from game.cli.play import open_app
    from game.learn.coach_session import CoachSession
    from game.learn.progress import forget_progress, load_coach
    from game.scenes.learn_table import open_learn_table

    app = open_app()
    if app is None:
        return 2
    if args.restart:
        forget_progress(lesson.game_id)
    coach = load_coach(lesson, fresh=args.restart)
    if getattr(args, "phone", False):
        session = phone_session(coach)
        if session is None:
            app.close()
            return 1
    else:
        session = CoachSession(coach)
    open_learn_table(app, session)
    try:
        app.run()
    finally:
        session.stop()
        app.close()
    return 0


def phone_session(coach: Any) -> Any:
    """The guided game's session with the learner's seat on a phone (its host
    serving the phone page); None, said on stderr, when it cannot host here."""
    from game.words.host_words import words_of
    from game.words.os_words import os_reason
    from net.host.coached import PhoneCoachSession, coached_host
    from net.host.web import pick_web_port

    try:
        host = coached_host(coach, web_port=pick_web_port("0.0.0.0"), advertise=False)
        return PhoneCoachSession(coach, host)
    except OSError as exc:
        print(_("railparty: cannot serve the phone page: {problem}").format(
            problem=words_of(os_reason(exc))), file=sys.stderr)
        return None


def play_to_step(coach: Any, number: int) -> None:
    """The coach's own moves (and Next) until step `number` (1 = the first) shows."""
    while not coach.completed and coach.step_index + 1 < number:
        step = coach.step
        suggested = coach.suggested() if step.waits_for_action else None
        if suggested is not None:
            outcome = coach.act(suggested)
            if outcome.kind != "done":
                raise ValueError(outcome.words)
        else:
            coach.next()


def save_step_picture(lesson: Lesson, path: Any, number: int) -> int:
    """Draw step `number` of the guided game headless and save it as a PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import App
    from game.learn.coach import Coach
    from game.learn.coach_session import CoachSession
    from game.scenes.learn_table import open_learn_table
    from game.system.settings import Settings

    steps = len(lesson.steps)
    if number > steps + 1:
        print(_("railparty learn: --at {at}: this guided game has {count} steps").format(
            at=number, count=steps), file=sys.stderr)
        return 2
    coach = Coach(lesson)
    try:
        play_to_step(coach, number)
    except ValueError as exc:
        print(_("railparty learn: the coach's own move was refused: {problem}").format(
            problem=exc), file=sys.stderr)
        return 1
    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    try:
        session = CoachSession(coach, keep_progress=False)
        open_learn_table(app, session)
        session.poll()          # the moves so far are in the log, not to be animated
        app.step(3)
        pygame.image.save(app.surface, str(path))
    finally:
        app.close()
    print(_("screenshot saved to {path}").format(path=path), file=sys.stderr, flush=True)
    return 0
