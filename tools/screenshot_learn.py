"""The screenshot tour's guided games (tools/screenshots.py): the Learn
screen, then for every game with a guided game its first step, the first
step that waits for a move (with its choice open, if it asks for one), one
halfway and the last, the coach's answer to another move, the end screen,
and the setup screen with Learn by playing beside How to play.

Run alone, it saves those pictures of every guided game (the docs keep a
few): python tools/screenshot_learn.py [DIR] [--lang ja]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.screenshot_driver import Shooter  # noqa: E402


def learn(s: Any) -> None:
    """The Learn screen and every guided game's screens (see the docstring)."""
    from game.learn import games_with_lessons, lesson_for
    from game.scenes import nav

    app = s.app
    nav.to_title(app)
    app.push(nav.screen("learn", app))
    s.shot("learn", 2)
    for game_id in games_with_lessons():
        guided_game(s, lesson_for(game_id))
        setup_with_learn(s, game_id)


def open_at(app: Any, lesson: Any, number: int) -> Any:
    """The guided game's table at step `number`, reached with the coach's moves."""
    from game.cli.learn_window import play_to_step
    from game.learn.coach import Coach
    from game.learn.coach_session import CoachSession
    from game.scenes.learn_table import open_learn_table

    coach = Coach(lesson)
    play_to_step(coach, number)
    session = CoachSession(coach, keep_progress=False)
    table = open_learn_table(app, session)
    session.poll()              # the moves so far are told in the log, not animated
    return table


def guided_game(s: Any, lesson: Any, name: str | None = None) -> None:
    """A guided game's steps, the coach's answer to another move, and its end."""
    name = name or f"learn-{lesson.game_id}"
    app = s.app
    count = len(lesson.steps)
    waiting = [i for i, step in enumerate(lesson.steps) if step.waits_for_action]
    for index in sorted({0, *waiting[:1], count // 2, count - 1}):
        open_at(app, lesson, index + 1)
        s.shot(f"{name}-{index + 1}", 3)
    for index in waiting:
        table = open_at(app, lesson, index + 1)
        other = another_move(table.coach)
        if other is not None:
            table.act(other)
            s.shot(f"{name}-wrong", 2)
            break
    open_at(app, lesson, count + 1)
    s.shot(f"{name}-end", 3)


def another_move(coach: Any) -> Any:
    """A legal move the coach does not take for its step (None: there is none)."""
    step = coach.step
    suggested = coach.suggested()
    view = coach.view()
    for action in coach.legal():
        if action == suggested:
            continue
        if step.accept is None or not step.accept(view, action):
            return action
    return None


def setup_with_learn(s: Any, game_id: str) -> None:
    """The setup screen with the game chosen: Learn by playing beside How to play."""
    from game.scenes import nav
    from game.scenes.setup import SetupScene

    app = s.app
    nav.to_title(app)
    setup = SetupScene(app, game=game_id)
    setup.row = setup.rows().index("rules")
    setup.rules_side = 1
    app.push(setup)
    s.shot(f"setup-learn-{game_id}", 2)


def main() -> int:
    import argparse

    from game.words import i18n

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("screenshots"))
    parser.add_argument("--lang", choices=sorted(i18n.LANGUAGES), default="en")
    args = parser.parse_args()
    i18n.pin(args.lang)
    args.out.mkdir(parents=True, exist_ok=True)
    shooter = Shooter(args.out)
    learn(shooter)
    shooter.app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
