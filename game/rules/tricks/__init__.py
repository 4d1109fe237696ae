"""The trick-taking stock family: tricks win shares and build five railway lines."""

from __future__ import annotations

from typing import Any

from game.rules.base import GameInfo, GameState, OptionInfo
from game.rules.words import N_

__all__ = ["GAMES"]


def _factory(players: int, seed: int, **options: Any) -> GameState:
    from game.rules.tricks.engine import TricksState
    return TricksState.new("railway-tricks", players, seed, **options)


GAMES = (
    GameInfo("railway-tricks", N_("Railway Tricks"), 3, 5, "tricks", _factory,
             score_order="high", simultaneous=False,
             options={"expert": False, "teams": False},
             option_info={
                 "expert": OptionInfo(N_("Expert lane"),
                                     N_("the lane's cities and locomotives shuffled")),
                 "teams": OptionInfo(N_("Teams of two"), N_("seats 1 and 3 against 2 and 4"),
                                     players=(4,))},
             bots=("random", "greedy", "search"), demo_players=4, turn_seconds=60,
             blurb=N_("Win tricks for shares, lay the losing cards as track, value the lines.")),
)
