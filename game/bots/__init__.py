"""Computer players. A bot sees only what the rules contract gives its seat:
`choose(view, legal)` gets the seat's own view and its legal actions, and
returns one of those actions. The same bot plays in-process (hot-seat, the
simulator) and from a LAN client.

"random" plays every game. Every other bot belongs to a game family: the
module `game.bots.families.<family>` lists it in its `BOTS`, and the game's
registry entry offers it. A bot made by name learns its game from the first
view it sees, so a LAN client can make one before it knows the game.

"search" (Hard, game/bots/search.py) plays every game too, with the family's
`SEARCH` hooks when it has them. Besides the view it takes a `deal`
(`dealer(state, seat)`): guesses at the hidden cards drawn from its own rng.
The real state never reaches a bot; without a deal (a LAN client) the search
bot rebuilds a state from its view (the family's `world` hook) and deals
from that.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from game.bots.search import (
    DEFAULT_THINK_MS,
    Budget,
    Deal,
    SearchHooks,
    SearchPlayer,
    check_think_ms,
    redealer,
)
from game.bots.timing import ThinkBank
from game.rules import GAMES
from game.rules.base import Action, GameState, View
from game.rules.words import N_

# What players see for each bot name, weakest first.
LEVELS: dict[str, str] = {"random": N_("Easy"), "greedy": N_("Normal"), "search": N_("Hard")}
# The bot a new seat gets unless someone picks another level.
DEFAULT_BOT = "greedy"


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal: list[Action], deal: Deal | None = None
               ) -> Action: ...


def dealer(state: GameState, seat: int) -> Deal:
    """What a bot may sample hidden cards from, without ever holding `state`.

    The bot gets a copy already re-dealt for `seat` (so nothing hidden is
    left in it), and each call re-deals that copy from the bot's rng.
    `determinize` depends only on the seat's view and the rng, so the guesses
    are the same whatever the real hidden cards are (tests/test_search.py).
    Made on the caller's thread: the bot may then think on another one.
    """
    return redealer(state.determinize(seat, random.Random(0)), seat)


def bot_names() -> tuple[str, ...]:
    """Every bot some registered game offers, weakest first."""
    names = {name for info in GAMES.values() for name in info.bots}
    return tuple(sorted(names, key=lambda n: (list(LEVELS).index(n) if n in LEVELS
                                              else len(LEVELS), n)))


def level_name(bot: str) -> str:
    """The name players see for a bot ("Easy", "Normal", "Hard")."""
    return LEVELS.get(bot, bot.capitalize())


def bot_for_game(game_id: str, wanted: str) -> str:
    """`wanted` if the game offers it, else the strongest bot it does offer
    (a stand-in for a dropped seat must never wait on a bot that cannot play)."""
    offered = GAMES[game_id].bots if game_id in GAMES else ("random",)
    return wanted if wanted in offered else offered[-1]


class RandomBot:
    """Uniform over the legal actions: a baseline and a fuzzer."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action], deal: Deal | None = None) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)


class FamilyBot:
    """A named bot that loads its game family's player from the first view."""

    def __init__(self, name: str, seed: int, budget: Budget | None = None):
        self.name = name
        self.rng = random.Random(seed)
        self.budget = budget
        # the think time owed for big decisions, kept across moves (and
        # across the worker processes that think them: game/bots/pool.py)
        self.bank = ThinkBank()
        self._players: dict[str, object] = {}

    def choose(self, view: View, legal: list[Action], deal: Deal | None = None) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        game = view.get("game", "")
        player = self._players.get(game)
        if player is None:
            player = self._players[game] = self._make(game)
        if isinstance(player, SearchPlayer):
            action = player.choose(view, legal, deal)
        else:
            action = player.choose(view, legal)
        # A planner slip must never stall a game: fall back to a legal move.
        return action if action in legal else self.rng.choice(legal)

    def searched(self, game: str) -> SearchPlayer | None:
        """The search player of `game` if this bot is Hard and has searched it
        (its last search's moves and their values: game/bots/hint.py)."""
        player = self._players.get(game)
        return player if isinstance(player, SearchPlayer) else None

    def _make(self, game: str):
        info = GAMES.get(game)
        if info is None:
            raise ValueError(f"the {self.name} bot does not know the game {game!r}")
        module = importlib.import_module(f"game.bots.families.{info.family}")
        if self.name == "search" and "search" in info.bots:
            return SearchPlayer(self.rng, getattr(module, "SEARCH", SearchHooks), self.budget,
                                self.bank)
        cls = getattr(module, "BOTS", {}).get(self.name)
        if cls is None:
            raise ValueError(f"{info.name} has no {self.name} bot")
        return cls(self.rng)


def preload(game_id: str) -> None:
    """Import a game's bots now, not in a bot's first turn (a frame hitch)."""
    info = GAMES.get(game_id)
    if info is not None and set(info.bots) - {"random"}:
        importlib.import_module(f"game.bots.families.{info.family}")


def make_bot(name: str, seed: int | None = None, think_ms: int | None = None,
             iterations: int | None = None, cpu: bool = False) -> Bot:
    """A new bot by name; ValueError names the known bots for a wrong one.

    `think_ms` (or a fixed number of `iterations`) is the search bot's budget
    per move, in its thread's CPU time with `cpu` (benchmarks on a shared
    machine); other bots ignore it.
    """
    if name not in bot_names():
        raise ValueError(f"unknown bot {name!r}; bots are {', '.join(bot_names())}")
    seed = random.randrange(2**32) if seed is None else seed
    if name == "random":
        return RandomBot(seed)
    budget = None
    if think_ms is not None or iterations is not None or cpu:
        budget = Budget(check_think_ms(think_ms) if think_ms is not None else DEFAULT_THINK_MS,
                        iterations, cpu)
    return FamilyBot(name, seed, budget)
