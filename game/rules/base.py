"""The rules contract shared by every game (docs/rules-contract.md has the whole of it).

A state is a pure, deterministic, seeded object: `create(...)` plus the list of
applied `(seat, action)` pairs replays a game exactly. Actions, events and
views are plain msgpack-safe data (dicts with str keys, lists, ints, strs,
bools, None).

Pending decisions: a seat that must choose among options the engine offers
(tickets to keep, an end of a line, a re-roll) finds them in
`view["private"]["pending"]` as `{"kind": str, "options": [...], "min": int,
"max": int, ...}`: pick between `min` and `max` of `options`. The shared choice
overlay reads that; the game's scene turns the picked options into an action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from game.rules.words import N_, WordedError

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]
T = TypeVar("T")


class IllegalAction(WordedError):
    """An action the rules do not allow now: a sentence and its values (see
    WordedError), worded by each screen in its own language. `code` names the
    kind of refusal (a screen's fallback sentence)."""

    def __init__(self, template: str | tuple[str, str], code: str = "illegal", **data: Any):
        super().__init__(template, **data)
        self.code = code


class GameState(Protocol):
    """What every game's state offers; see the module docstring of each game."""

    game_id: str
    players: int
    seed: int
    history: list[tuple[int, Action]]

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def apply(self, seat: int, action: Action) -> list[Event]: ...

    def view(self, seat: int | None) -> View: ...

    def result(self) -> dict[str, Any]: ...

    def determinize(self, seat: int, rng: random.Random) -> GameState: ...

    def clone(self) -> GameState: ...


@dataclass(frozen=True)
class OptionInfo:
    """How the setup screen offers a game option: its name in words, a short
    line saying what it changes, and the player counts it allows (empty: any)."""

    label: str
    about: str = ""
    players: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameInfo:
    """A registry entry, declared by the game's rules package.

    Everything generic (setup, simulate, demo, host, kiosk, results) reads it;
    no generic module names a game. `family` is the rules package's name: the
    board scene and the bots of a family live in modules of the same name
    under `game/scenes/boards/` and `game/bots/families/`.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    family: str
    factory: Callable[..., GameState]
    # "high": the most points wins; "low": the fewest (days, in the race game).
    score_order: Literal["high", "low"] = "high"
    # Several seats may act at once (an opening choice every seat makes).
    simultaneous: bool = False
    # Option name -> default; create() fills the defaults and refuses others.
    options: Mapping[str, Any] = field(default_factory=dict)
    # Bot names the game offers, weakest first; "random" is always there.
    bots: tuple[str, ...] = ("random",)
    # One line for the setup screen.
    blurb: str = ""
    # A player count the kiosk's attract mode uses for this game.
    demo_players: int = 0
    # Option name -> how setup shows it (words, and the player counts it allows).
    option_info: Mapping[str, OptionInfo] = field(default_factory=dict)
    # On a LAN, a connected player's turn left this long is played by a stand-in
    # (the host can change it or turn it off): enough to think, not to stall.
    turn_seconds: int = 90
    # The fixed, public picture of the board a phone page draws (a map's cities,
    # tracks and their spaces), as JSON-ready data; None: the page needs none.
    page_board: Callable[[], dict[str, Any]] | None = None

    def option_label(self, name: str) -> str:
        """An option's name in words (the registry's, else its key made readable)."""
        info = self.option_info.get(name)
        return info.label if info else name.replace("_", " ").capitalize()

    def option_allowed(self, name: str, players: int) -> bool:
        """Whether an option can be switched on at a table of `players`."""
        info = self.option_info.get(name)
        return not info or not info.players or players in info.players

    def option_problem(self, players: int, options: Mapping[str, Any]) -> WordedError | None:
        """Why these options cannot be played by `players` (None: they can)."""
        for name, value in options.items():
            if value and not self.option_allowed(name, players):
                return WordedError(N_("{option} is for {counts} players, not {players}"),
                                   option=self.option_label(name), players=players,
                                   counts=list(self.option_info[name].players))
        return None

    def better(self, a: float, b: float) -> bool:
        """Whether score `a` beats score `b` in this game."""
        return a < b if self.score_order == "low" else a > b

    def rank_key(self, score: float) -> float:
        """A key that sorts the best score first."""
        return score if self.score_order == "low" else -score


def redact_events(events: list[Event], viewer: int | None) -> list[Event]:
    """Copies of `events` as `viewer` may see them (None: a spectator).

    An event that carries a secret holds it under "private", with the one
    seat allowed to see it in "private_to"; everyone else gets the event
    without the "private" part.
    """
    out = []
    for event in events:
        if "private" in event and event.get("private_to") != viewer:
            event = {k: v for k, v in event.items() if k != "private"}
        out.append(event)
    return out


def shallow_copy(state: T) -> T:
    """A new instance of `state`'s class holding the same attribute values
    (not copies of them), less a finished game's remembered result
    (`_final_result`): where an engine's `clone` starts.

    The values are set one by one, never through the copy's `__dict__`: an
    instance of a class with up to 30 attributes keeps them in CPython's
    (3.11) compact shared layout, but once its `__dict__` was asked for they
    sit in a separate dict that every read then reaches the slow,
    unspecialised way (Railway Tricks' state, 25 attributes: reads 3-4 times
    slower). A rollout reads its copy thousands of times; the state copied
    (which `vars` gives a dict), a search's root, is seldom read. A class
    with more attributes (the route and race states) gets a plain dict either
    way, as fast to read as before.
    """
    other = type(state).__new__(type(state))
    for name, value in vars(state).items():
        if name != "_final_result":
            setattr(other, name, value)
    return other


class LazyRandom:
    """A state's random source, copied lazily: `share_rng` hands a copy the
    same saved (immutable) generator state, and each side rebuilds a Random
    from it only when it next draws. Copying a Mersenne Twister eagerly (its
    624 words out and back in) was most of the cost of a route state's copy,
    and a sixth of a deal's in Eighty Days, whose copy is replaced at once.
    """

    _rng: random.Random | None
    _rng_saved: tuple[Any, ...] | int | None

    @property
    def rng(self) -> random.Random:
        rng = self._rng
        if rng is None:
            saved = self._rng_saved
            if isinstance(saved, int):  # a seed
                rng = self._rng = random.Random(saved)
            else:
                # a generator in the saved state (not seeded first: that
                # reads the OS's entropy)
                rng = self._rng = random.Random.__new__(random.Random)
                rng.setstate(saved)
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_saved = None

    def seed_rng(self, seed: int) -> None:
        """Draw from now on from a generator seeded with `seed` (made at the first draw)."""
        self._rng = None
        self._rng_saved = seed

    def share_rng(self, other: LazyRandom) -> None:
        """Give `other` (a copy) this state's random source, to draw the same numbers."""
        if self._rng is not None:
            self._rng_saved = self._rng.getstate()
            self._rng = None   # rebuilt from the saved state on the next draw
        other._rng = None
        other._rng_saved = self._rng_saved


def shuffle(items: list[Any], rng: random.Random) -> None:
    """`rng.shuffle(items)`: the same order from the same draws, without
    Python's call a card to `_randbelow`. A search deals the hidden cards
    afresh for every round, so the deal's shuffle is in its hot path
    (tests/test_rules_base.py holds it to `random.shuffle`)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def forget_the_record(state: Any, rng: random.Random) -> None:
    """Strip a determinized state of what would tell the real deal.

    The seed recreates the real cards and the action record holds choices
    other seats made in secret (the tickets they kept). A determinized state
    gets a seed drawn from `rng` and an empty record: it is a guess, never a
    replay of the real game.
    """
    state.seed = rng.getrandbits(128)
    state.history = []
