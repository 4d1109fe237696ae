"""The board scene of the route-building games (North America, Italia)."""

from game.scenes.boards.routes.scene import RoutesBoardScene

SCENE = RoutesBoardScene

__all__ = ["SCENE", "RoutesBoardScene"]
