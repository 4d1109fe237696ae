"""The race family's guided first games: game id -> the function building its lesson."""

from __future__ import annotations

from game.learn.race.eighty_days import build_lesson

LESSONS = {"eighty-days": build_lesson}
