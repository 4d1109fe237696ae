"""The trick family's guided first games: game id -> the function building its lesson."""

from __future__ import annotations

from game.learn.tricks.railway_tricks import build_lesson

LESSONS = {"railway-tricks": build_lesson}
