"""The host's persistence: a journal line per action, a full save in the background,
and `load_hosted` to resume a game from both after a crash."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
from pathlib import Path
from typing import Any

from game.rules import IllegalAction
from game.rules.words import N_, Nn_, Words
from game.tables.match import Match, SaveError
from game.tables.save_check import check_action, is_int, parse_json, read_bounded

log = logging.getLogger("railparty.net.host")

# saves and journals hold every seat token: only their owner may read them
PRIVATE_FILE_MODE = 0o600
SAVE_INTERVAL_SECONDS = 0.5     # the full save trails the journal by at most about this


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def load_hosted(path: str | Path, force: bool = False) -> Match:
    """A hosted game as it was last played: its save plus the journal beside it.

    SaveError (from Match.load) when the save cannot be used. Journal lines past
    the save are replayed. Only a torn last line (a host killed while writing
    it, so no player heard of that action) may be dropped; a damaged line
    anywhere else is a SaveError naming it and what a forced resume (`force`:
    stop before it) would lose, since players already saw those actions.
    """
    path = Path(path)
    match = Match.load(path, keep_saving=False)
    try:
        raw = read_bounded(journal_path(path), f"the journal of {path}")
    except OSError:
        return match
    lines = raw.split(b"\n")
    torn_tail = lines[-1] != b""          # a complete journal ends with a newline
    if not torn_tail:
        lines.pop()
    players = len(match.seats)
    for number, line in enumerate(lines, 1):
        problem: Words | SaveError | None = None   # words, so the host's --lang words them
        where = Words(N_("line {number}"), number=number)
        try:
            entry = parse_json(line, where)
            if not (isinstance(entry, list) and len(entry) == 3 and is_int(entry[0])):
                raise SaveError(N_("not a [version, seat, action] entry"))
            version = entry[0]
            seat, action = check_action(entry[1:], where, players)
        except SaveError as exc:
            problem = exc
        if problem is None and version <= match.version:
            continue
        if problem is None and version != match.version + 1:
            problem = Words(N_("it jumps from action {had} to {got}"), had=match.version,
                            got=version)
        if problem is None:
            try:
                match.state.apply(seat, action)
                continue
            except IllegalAction as exc:
                problem = Words(N_("the rules refuse it ({reason})"), reason=exc)
            except Exception:
                problem = Words(N_("the rules cannot read it"))
        if number == len(lines) and torn_tail:
            break                          # the torn last line: no one heard of it
        if force:
            log.warning("forced resume of %s: dropping the journal from line %s", path, number)
            break
        later = len(lines) - number + 1
        raise SaveError(
            Nn_("the journal of {path} is damaged at line {line} of {lines}: {problem}. "
                "Players have seen what it records; a forced resume (--force-resume) would "
                "go back to action {version} and lose the {count} journal line from line "
                "{line} on.",
                "the journal of {path} is damaged at line {line} of {lines}: {problem}. "
                "Players have seen what it records; a forced resume (--force-resume) would "
                "go back to action {version} and lose the {count} journal lines from line "
                "{line} on."),
            path=str(path), line=number, lines=len(lines), problem=problem,
            version=match.version, count=later)
    return match


class HostSave:
    """The host's save: a Match save (Match.load reads it) plus an append-only journal.

    Every applied action is appended to `FILE.journal` before any peer hears of
    it: one small write, so a killed host resumes (`load_hosted`) with every
    action a player saw, and no disk flush delays the update. A background thread
    rewrites the full save (temp file, fsync, rename) at most every
    SAVE_INTERVAL_SECONDS and flushes the journal, so a power cut loses at most
    that last moment; with `fsync=True` the journal is flushed before every
    update instead. At the end the full save is written and the journal removed.
    Methods other than the thread's own are called on the host's loop thread.
    """

    def __init__(self, path: Path, fsync: bool = False):
        self.path = path
        self.journal = journal_path(path)
        self.fsync = fsync
        self.error: str | None = None
        self._fd: int | None = None
        self._cond = threading.Condition()
        self._handoff: dict[str, Any] | None = None
        self._closed = False
        self._thread: threading.Thread | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._dirty = False

    def begin(self, match: Match) -> None:
        """Write the whole save now and start a fresh journal after it."""
        self._write_full(match.to_save())
        self._closed = False
        if self._fd is not None:
            os.close(self._fd)
        self._fd = os.open(self.journal, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND,
                           PRIVATE_FILE_MODE)
        os.fchmod(self._fd, PRIVATE_FILE_MODE)     # an older journal may have been 0644
        if self._thread is None:
            self._thread = threading.Thread(target=self._writer, daemon=True,
                                            name="railparty-save")
            self._thread.start()

    def record(self, match: Match, loop: asyncio.AbstractEventLoop) -> None:
        """Journal the action just applied (call before the update goes out)."""
        if self._fd is None:
            return
        seat, action = match.state.history[-1]
        line = json.dumps([match.version, seat, action], separators=(",", ":")) + "\n"
        os.write(self._fd, line.encode("utf-8"))
        if self.fsync:
            os.fdatasync(self._fd)
        self._dirty = True
        if self._timer is None:
            self._timer = loop.call_later(SAVE_INTERVAL_SECONDS, self._snapshot, match)

    def seats_changed(self, match: Match, loop: asyncio.AbstractEventLoop) -> None:
        """A seat changed hands (a latecomer took a bot's seat): its name and token
        reach the full save within SAVE_INTERVAL_SECONDS."""
        if self._fd is None:
            return
        self._dirty = True
        if self._timer is None:
            self._timer = loop.call_later(SAVE_INTERVAL_SECONDS, self._snapshot, match)

    def _snapshot(self, match: Match) -> None:
        self._timer = None
        if self._dirty:
            self._dirty = False
            data = match.to_save()
            with self._cond:
                self._handoff = data
                self._cond.notify()

    def finish(self, match: Match | None) -> None:
        """Stop the thread, write the whole save, drop the journal."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        with self._cond:
            self._closed = True
            self._cond.notify()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
        if match is not None and self._fd is not None:
            try:
                self._write_full(match.to_save())
            except OSError as exc:
                self.error = str(exc)
                log.error("could not save the game to %s: %s", self.path, exc)
                return           # keep the journal: it holds what the save lacks
            with contextlib.suppress(OSError):
                os.unlink(self.journal)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _write_full(self, data: dict[str, Any]) -> None:
        raw = json.dumps(data, separators=(",", ":")).encode("utf-8")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.host.tmp")
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE_MODE)
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        with contextlib.suppress(OSError):
            dfd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)

    def _writer(self) -> None:
        while True:
            with self._cond:
                while self._handoff is None and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                data, self._handoff = self._handoff, None
            try:
                if self._fd is not None:
                    os.fdatasync(self._fd)
                self._write_full(data)
            except OSError as exc:
                self.error = str(exc)
                log.error("could not save the game to %s: %s", self.path, exc)
