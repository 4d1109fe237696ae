"""The board scene of the trick-taking railway stock game (Railway Tricks)."""

from game.scenes.boards.tricks.scene import TricksBoardScene

SCENE = TricksBoardScene

__all__ = ["SCENE", "TricksBoardScene"]
