"""A running game: one engine state, its seats, its action log, its save.

The save is the replay: game id, player count, seed, options and the list of
applied `(seat, action)` pairs. Loading replays the actions through the
engine, so a save can never hold a position the rules would not reach. It is
written atomically after every action (temp file, fsync, rename), so a
crashed host resumes from the last applied action.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.bots import Bot, level_name, make_bot
from game.bots.jobs import BotJob
from game.rules import GAMES, IllegalAction, create, redact_events
from game.rules.base import Action, Event, GameState
from game.rules.words import N_, WordedError, Words
from game.system.atomic_file import write_atomic
from game.tables.save_check import SaveError, check_save, os_reason, parse_json, read_bounded
from game.tables.seats import clean_name, default_color, default_name

__all__ = ["Match", "SaveError", "Seat", "default_seats", "new_seed"]

SAVE_MAGIC = "railparty-save"
SAVE_FORMAT = 1
SEED_BITS = 128


def new_seed() -> int:
    """A seed for a new game: 128 bits from `secrets`, so no one can work out the
    hidden cards by trying every seed against the cards they have seen. Seeds are
    kept in saves only, never sent over the network (msgpack ints stop at 64 bits)."""
    return secrets.randbits(SEED_BITS)


@dataclass
class Seat:
    """Who sits in a seat. `bot` names the bot for computer seats; `phone`
    marks a couch game's seat played on a phone (net/host/couch.py), so
    Continue brings that game back with its phones."""

    name: str
    color: str
    bot: str | None = None
    token: str | None = None
    connected: bool = True
    phone: bool = False

    @property
    def is_human(self) -> bool:
        return self.bot is None

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "color": self.color, "bot": self.bot,
                "connected": self.connected}


@dataclass
class Match:
    """The authoritative game: used in-process for hot-seat and by the LAN host."""

    game_id: str
    seats: list[Seat]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    save_path: Path | None = None
    # the Hard (search) bot's think time per move; None: its default
    think_ms: int | None = None
    # whether the table offers hints (a host may turn them off: `--no-hints`)
    hints: bool = True
    state: GameState = field(init=False)
    bots: dict[int, Bot] = field(init=False, default_factory=dict)
    # keeps this game's record in the history folder (game/story/history.py); None: not kept
    history: Any = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        self.hints_used = [0] * len(self.seats)   # hints shown per seat: results, history
        self.state = create(self.game_id, players=len(self.seats), seed=self.seed,
                            **self.options)
        self._make_bots()

    def _make_bots(self) -> None:
        self.bots = {i: make_bot(s.bot, self.seed * 7919 + i, think_ms=self.think_ms)
                     for i, s in enumerate(self.seats) if s.bot}

    def set_think_ms(self, think_ms: int | None) -> None:
        """The search bots' time per move from now on (a setting, a flag)."""
        self.think_ms = think_ms
        self._make_bots()

    # --- play ---------------------------------------------------------------

    @property
    def version(self) -> int:
        """How many actions have been applied (the sync/desync counter)."""
        return len(self.state.history)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action and save; IllegalAction leaves everything as it was."""
        events = self.state.apply(seat, action)
        if self.save_path is not None:
            self.save(self.save_path)
        if self.history is not None:
            self.history.note(self)
        return events

    def undo_last(self) -> None:
        """Take back the last action: the state is rebuilt from the seed and the
        actions before it (hot-seat only; a LAN host never undoes)."""
        if not self.state.history:
            raise ValueError("there is nothing to undo")
        history = list(self.state.history[:-1])
        state = create(self.game_id, players=len(self.seats), seed=self.seed, **self.options)
        for seat, action in history:
            state.apply(seat, action)
        self.state = state
        if self.save_path is not None:
            self.save(self.save_path)
        if self.history is not None:
            self.history.note(self)

    def told(self) -> list[list[Event]]:
        """What every applied action did, replayed from the seed and as anyone
        at the table may hear it (the public view): a continued game's log."""
        state = create(self.game_id, players=len(self.seats), seed=self.seed, **self.options)
        return [redact_events(state.apply(seat, action), None)
                for seat, action in self.state.history]

    def bot_to_act(self) -> int | None:
        """A bot seat that may act now, if any."""
        for seat in self.state.to_act:
            if seat in self.bots:
                return seat
        return None

    def bot_action(self, seat: int) -> Action:
        return self.bot_job(seat)()

    def bot_job(self, seat: int) -> BotJob:
        """A bot's thinking as plain data that touches no state (the seat's
        view, its legal actions, the state re-dealt for it): called, it thinks
        here; the bot workers think it in another process while the state
        goes on being read."""
        return BotJob.of(self.bots[seat], self.state, seat)

    def play_bot(self, seat: int) -> list[Event]:
        return self.apply(seat, self.bot_action(seat))

    def set_bot(self, seat: int, bot: str | None) -> None:
        """Hand a seat to a bot (a dropped player) or back to its human."""
        self.seats[seat].bot = bot
        self._make_bots()

    def note_hint(self, seat: int) -> None:
        """A hint was shown to `seat` (its results and its history record say so)."""
        self.hints_used[seat] += 1
        if self.save_path is not None:
            self.save(self.save_path)
        if self.history is not None:
            self.history.note(self)

    # --- saves --------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        return {
            "magic": SAVE_MAGIC,
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "seed": self.seed,
            "options": self.options,
            "seats": [asdict(s) for s in self.seats],
            "history": [[seat, action] for seat, action in self.state.history],
            "saved_at": time.time(),
            "hints": self.hints,
            "hints_used": list(self.hints_used),
        }

    def save(self, path: str | Path) -> None:
        """Write the save atomically: a reader sees the old file or the new one."""
        data = json.dumps(self.to_save(), separators=(",", ":")).encode("utf-8")
        write_atomic(Path(path), data, durable=True)

    @classmethod
    def from_save(cls, data: Any, save_path: str | Path | None = None) -> Match:
        """Rebuild a match by replaying a save; SaveError says what is wrong."""
        check_save(data, SAVE_MAGIC, SAVE_FORMAT)       # the whole shape, first
        game, seed, options = data["game"], data["seed"], data.get("options", {})
        history = data["history"]
        seats = [Seat(**{k: s[k] for k in ("name", "color", "bot", "token", "phone") if k in s})
                 for s in data["seats"]]
        for i, seat in enumerate(seats):   # cleaned as names from the wire are
            seat.name = clean_name(seat.name, default_name(i))
        try:
            match = cls(game, seats, seed, dict(options),
                        Path(save_path) if save_path else None)
        except (ValueError, TypeError) as exc:
            raise SaveError(N_("the save cannot start its game: {reason}"),
                            reason=exc if isinstance(exc, WordedError) else str(exc)) from None
        match.hints = data.get("hints", True)         # older saves have neither
        match.hints_used = list(data.get("hints_used") or [0] * len(seats))
        for i, (seat, action) in enumerate(history):
            try:
                match.state.apply(seat, action)
            except IllegalAction as exc:
                raise SaveError(N_("the save is damaged at action {number}: {reason}"),
                                number=i + 1, reason=exc) from None
            except Exception:   # the rules choke on it: still a damaged save, not a crash
                raise SaveError(N_("the save is damaged at action {number}"),
                                number=i + 1) from None
        return match

    @classmethod
    def load(cls, path: str | Path, keep_saving: bool = True) -> Match:
        """Load a save file; a missing, unreadable or corrupt file is a SaveError."""
        path = Path(path)
        try:
            raw = read_bounded(path, Words(N_("the save {path}"), path=str(path)))
        except FileNotFoundError:
            raise SaveError(N_("there is no save at {path}"), path=str(path)) from None
        except OSError as exc:
            raise SaveError(N_("the save {path} cannot be read: {reason}"), path=str(path),
                            reason=os_reason(exc)) from None
        data = parse_json(raw, Words(N_("the save {path}"), path=str(path)))
        return cls.from_save(data, path if keep_saving else None)


def default_seats(game_id: str, humans: int, players: int, bot: str = "greedy") -> list[Seat]:
    """Seats for a quick game: the humans first, bots in the rest."""
    info = GAMES[game_id]
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"{info.name} takes {info.min_players}-{info.max_players} players")
    seats = []
    for i in range(players):
        color = default_color(i)
        if i < humans:
            seats.append(Seat(name=f"Player {i + 1}", color=color))
        else:
            bot_here = bot if bot in info.bots else info.bots[-1]
            seats.append(Seat(name=f"{level_name(bot_here)} bot {i + 1 - humans}", color=color,
                              bot=bot_here))
    return seats
