"""One bot move (or one hint) to think about, as plain data.

A `BotJob` holds the bot, the seat's view and legal actions and the world the
bot may deal its guesses from (the state already re-dealt for the seat:
nothing hidden is left in it), so the thinking touches no live state. Called,
it thinks here; a worker pool (game/bots/pool.py) sends the same data to
another process instead, so the window's and the host's interpreters stay
free while a bot thinks. A `HintJob` is the same for a hint: Hard's move for
a human's seat and its reasons (game/bots/hint.py), thought in a worker while
the table goes on drawing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.bots.search import SearchPlayer, redealer
from game.rules.base import Action, GameState, View


@dataclass
class BotJob:
    """`bot` chooses for `seat` from `view` and `legal`; `world` is the state
    re-dealt for the seat (None: the bot rebuilds one from the view, as a LAN
    client's bot does). `rollouts` is filled in once a search has run."""

    bot: object
    view: View
    legal: list[Action]
    world: GameState | None
    seat: int | None
    rollouts: int = 0

    @classmethod
    def of(cls, bot: object, state: GameState, seat: int) -> BotJob:
        """The job for `seat` of `state` (made on the thread owning the state)."""
        return cls(bot, state.view(seat), state.legal_actions(seat),
                   state.determinize(seat, random.Random(0)), seat)

    def __call__(self) -> Action:
        """Think in this process (tests, the simulator, a fallback)."""
        deal = redealer(self.world, self.seat) if self.world is not None else None
        action = self.bot.choose(self.view, self.legal, deal)  # type: ignore[attr-defined]
        players = getattr(self.bot, "_players", {})
        self.rollouts = sum(p.last_iterations for p in players.values()
                            if isinstance(p, SearchPlayer))
        return action


@dataclass
class HintJob:
    """A hint for `seat` from its `view` and `legal` actions: `world` is the
    state re-dealt for the seat (None: the bot rebuilds one from the view, as
    on a LAN client); `seed` and `think_ms` are the search's."""

    view: View
    legal: list[Action]
    world: GameState | None
    seat: int | None
    seed: int
    think_ms: int

    @classmethod
    def of(cls, state: GameState, seat: int, seed: int, think_ms: int) -> HintJob:
        """The hint job for `seat` of `state` (made on the thread owning the state)."""
        return cls(state.view(seat), state.legal_actions(seat),
                   state.determinize(seat, random.Random(0)), seat, seed, think_ms)

    def __call__(self) -> Any:
        """Think the hint in this process: a `game.bots.hint.Hint`."""
        from game.bots.hint import find_hint

        deal = redealer(self.world, self.seat) if self.world is not None else None
        return find_hint(self.view, self.legal, self.seed, deal, think_ms=self.think_ms)
