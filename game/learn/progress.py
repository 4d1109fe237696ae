"""Where a player left each guided game, so Learn picks it up again.

One small JSON file per game in the user data folder: the coach's moves and
where each step began (game/learn/coach.py replays them exactly). A file
that does not read or does not fit its lesson is set aside, never trusted:
the lesson then starts from its first step.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from game.learn.coach import Coach, resume
from game.learn.lesson import Lesson
from game.system.atomic_file import write_atomic
from game.system.paths import data_dir


def progress_path(game_id: str) -> Path:
    return data_dir() / "lessons" / f"{game_id}.json"


def save_progress(coach: Coach) -> None:
    """Keep where the learner is (a finished lesson forgets its progress)."""
    path = progress_path(coach.lesson.game_id)
    if coach.completed:
        forget_progress(coach.lesson.game_id)
        return
    write_atomic(path, json.dumps(coach.to_save()).encode())


def forget_progress(game_id: str) -> None:
    with contextlib.suppress(OSError):
        progress_path(game_id).unlink()


def has_progress(game_id: str) -> bool:
    return progress_path(game_id).is_file()


def load_coach(lesson: Lesson, fresh: bool = False) -> Coach:
    """The lesson where the learner left it (or from its start: `fresh`, no
    progress kept, or progress that no longer fits the lesson)."""
    if not fresh:
        path = progress_path(lesson.game_id)
        try:
            saved = json.loads(path.read_text(encoding="utf-8"))
            return resume(lesson, saved)
        except FileNotFoundError:
            pass
        except (OSError, ValueError, TypeError, AttributeError):
            forget_progress(lesson.game_id)
    return Coach(lesson)
