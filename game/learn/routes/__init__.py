"""The route games' guided first games: game id -> the function that builds
its lesson (game/learn/__init__.py finds them here)."""

from __future__ import annotations

from game.learn.routes import italy, usa

LESSONS = {"routes-usa": usa.build, "routes-italy": italy.build}
