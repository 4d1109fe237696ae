"""The history folder: every game played on this machine, finished or not.

A history record is a save without the seat tokens (game id, seed, options,
seats, the action list) plus where it was played: `create(...)` and the
actions rebuild every moment of the game exactly, so the record is the
replay. One game keeps one file (its name comes from a hash of the game and
its seed, never the seed itself), rewritten as the game goes on, so a resumed
game does not leave two records. The folder is kept under a size limit by
dropping the oldest records; the `keep_history` setting turns it off.
Reading is bounded and checked like a save: a damaged or foreign file is a
`SaveError` with a message for a person.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.words import N_, Words
from game.system.atomic_file import write_atomic
from game.system.paths import data_dir
from game.tables.match import SAVE_FORMAT, SAVE_MAGIC, Match
from game.tables.save_check import SaveError, os_reason, parse_json, read_bounded

HISTORY_MAGIC = "railparty-history"
# a whole game is 5-15 kB: 20 MB keeps well over a thousand evenings
HISTORY_LIMIT_BYTES = 20 * 1024 * 1024
ORIGINS = ("hot-seat", "host")


def history_dir() -> Path:
    path = data_dir() / "history"
    path.mkdir(parents=True, exist_ok=True)
    return path


def record_path(match: Match, folder: Path | None = None) -> Path:
    """The one file of this game (a resumed game finds its record again)."""
    digest = hashlib.sha256(f"{match.game_id}:{match.seed}".encode()).hexdigest()[:16]
    return (folder or history_dir()) / f"{match.game_id}-{digest}.json"


def record_of(match: Match, origin: str) -> dict[str, Any]:
    data = match.to_save()
    data["magic"] = HISTORY_MAGIC
    data["origin"] = origin
    for seat in data["seats"]:
        seat.pop("token", None)          # a seat token never goes into the history
    return data


def write_record(match: Match, origin: str, path: Path | None = None,
                 limit: int = HISTORY_LIMIT_BYTES) -> Path:
    """Write (or rewrite) this game's record atomically; a new record then keeps
    the folder under `limit` (not every move: a move must not stat the folder).
    No fsync: a lost last move of a record is no loss worth a disk flush per move."""
    path = path or record_path(match)
    new = not path.exists()
    raw = json.dumps(record_of(match, origin), separators=(",", ":")).encode("utf-8")
    write_atomic(path, raw)
    if new:      # a new game's first write: the folder grew; later writes barely do
        prune(path.parent, limit, keep=path)
    return path


def prune(folder: Path, limit: int, keep: Path | None = None) -> list[Path]:
    """Drop the oldest records until the folder holds at most `limit` bytes."""
    files = []
    for entry in [*folder.glob("*.json"), *folder.glob("*.json.z")]:
        with contextlib.suppress(OSError):
            st = entry.stat()
            files.append((st.st_mtime, st.st_size, entry))
    total = sum(size for _, size, _ in files)
    dropped = []
    for _, size, entry in sorted(files):
        if total <= limit:
            break
        if keep is not None and entry == keep:
            continue
        with contextlib.suppress(OSError):
            entry.unlink()
            total -= size
            dropped.append(entry)
    return dropped


@dataclass
class Record:
    """A history record read back: the game replayed to its last action."""

    path: Path
    match: Match
    origin: str
    saved_at: float

    @property
    def actions(self) -> list[tuple[int, Any]]:
        return list(self.match.state.history)

    def summary(self) -> dict[str, Any]:
        """What `railparty history --json` prints for one kept game."""
        state = self.match.state
        over = state.is_over
        result = state.result() if over else {}
        names = [s.name for s in self.match.seats]
        return {
            "game": self.match.game_id,
            "players": names,
            "bots": [s.bot for s in self.match.seats],
            "winners": [names[i] for i in result.get("winners", [])],
            "scores": list(result.get("scores", [])) if over else None,
            "over": over,
            "actions": len(state.history),
            "origin": self.origin,
            "hints_used": list(self.match.hints_used),
            "saved_at": self.saved_at,
            "file": str(self.path),
        }


def read_record(path: str | Path) -> Record:
    """A history record (or a plain save) replayed; SaveError says what is wrong."""
    path = Path(path)
    try:
        raw = read_bounded(path, Words(N_("the file {path}"), path=str(path)))
    except FileNotFoundError:
        raise SaveError(N_("there is no file {path}"), path=str(path)) from None
    except IsADirectoryError:
        raise SaveError(N_("{path} is a folder, not a game record"), path=str(path)) from None
    except OSError as exc:
        raise SaveError(N_("{path} cannot be read: {reason}"), path=str(path),
                        reason=os_reason(exc)) from None
    data = parse_json(raw, Words(N_("the file {path}"), path=str(path)))
    if not isinstance(data, dict) or data.get("magic") not in (HISTORY_MAGIC, SAVE_MAGIC):
        raise SaveError(N_("{path} is not a Rail Party game record"), path=str(path))
    data = dict(data)
    origin = data.pop("origin", "hot-seat")
    if origin not in ORIGINS:
        raise SaveError(N_("{path} names an unknown place of play"), path=str(path))
    data["magic"] = SAVE_MAGIC
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(N_("{path} is a game record of another version of Rail Party"),
                        path=str(path))
    match = Match.from_save(data)
    saved_at = data.get("saved_at")
    if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool):
        saved_at = 0.0
    return Record(path, match, origin, float(saved_at))


def list_records(folder: Path | None = None) -> tuple[list[Record], list[tuple[Path, str]]]:
    """The kept games, oldest first, and the files that could not be read (with why)."""
    folder = folder or history_dir()
    records, problems = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            records.append(read_record(path))
        except SaveError as exc:
            problems.append((path, str(exc)))
    records.sort(key=lambda r: (r.saved_at, str(r.path)))
    return records, problems


class HistoryKeeper:
    """Writes one match's record after its moves, at most every `interval`
    seconds (and always when the game ends or `flush` is called)."""

    def __init__(self, origin: str, interval: float = 1.0):
        self.origin = origin
        self.interval = interval
        self.error: str | None = None
        self._last = 0.0
        self._pending = False

    def note(self, match: Match, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._pending = True
        if match.state.is_over or now - self._last >= self.interval:
            self.flush(match, now)

    def flush(self, match: Match | None, now: float | None = None) -> None:
        if match is None or not self._pending:
            return
        self._pending = False
        self._last = time.monotonic() if now is None else now
        if not match.state.history:
            return                      # a game nobody moved in is no story
        try:
            write_record(match, self.origin)
        except OSError as exc:          # the history is a courtesy: never stop a game
            self.error = str(exc)
