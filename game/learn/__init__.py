"""Guided first games: each game teaches itself by being played.

A lesson (`game/learn/lesson.py`) is a real game of one game on a prepared
deal, with scripted opponents and an ordered list of steps; each step names
the rule it teaches, what the coach says, the action the coach suggests and
why another one is worse here. `game/learn/coach.py` runs a lesson for the
window, the phone and the command line alike; `progress.py` keeps where a
player left it.

Lessons are family code: `game/learn/<family>/` exposes `LESSONS`, game id
-> a function that builds the `Lesson`, so this package never names a game.
"""

from __future__ import annotations

import importlib

from game.learn.lesson import Lesson
from game.rules import GAMES


def lesson_for(game_id: str) -> Lesson:
    """The guided game of `game_id`; KeyError when it has none."""
    info = GAMES.get(game_id)
    if info is None:
        raise KeyError(game_id)
    try:
        module = importlib.import_module(f"game.learn.{info.family}")
    except ModuleNotFoundError as exc:
        raise KeyError(game_id) from exc
    build = getattr(module, "LESSONS", {}).get(game_id)
    if build is None:
        raise KeyError(game_id)
    return build()


def games_with_lessons() -> tuple[str, ...]:
    """Every registered game that has a guided game, in the registry's order."""
    found = []
    for game_id, info in GAMES.items():
        try:
            module = importlib.import_module(f"game.learn.{info.family}")
        except ModuleNotFoundError:
            continue
        if game_id in getattr(module, "LESSONS", {}):
            found.append(game_id)
    return tuple(found)
