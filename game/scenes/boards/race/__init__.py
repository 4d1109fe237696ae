"""The board scene of the round-the-world race (Eighty Days)."""

from game.scenes.boards.race.scene import RaceBoardScene

SCENE = RaceBoardScene

__all__ = ["SCENE", "RaceBoardScene"]
