"""What a LAN guest saw of a game, kept for its replay.

A guest never has the seed, so it cannot replay the rules; and it must never
learn more later than it was shown. So it keeps exactly what it was shown:
per update from the host, the events (already redacted for it by the host)
and the view after them (its own seat's, or the public one for a spectator).
Played back by `ViewReplaySession`, the table shows those views and animates
those events: nothing else exists in the file to show.

The file is JSON compressed with zlib (a view per move is repetitive: a
whole 250-move game is about 15 kB), read bounded on both sides: at most
`MAX_SAVE_BYTES` of file and `MAX_PLAIN_BYTES` once inflated, so a crafted
file is a SaveError, never a memory blow-up.
"""

from __future__ import annotations

import hashlib
import json
import time
import zlib
from pathlib import Path
from typing import Any

from game.rules import GAMES
from game.rules.base import Action, Event, View
from game.rules.schema import Unreadable, check
from game.rules.words import N_, Words
from game.story.replay_inert import InertSession
from game.system.atomic_file import write_atomic
from game.tables.save_check import SaveError, read_bounded
from game.tables.seats import clean_name

VIEW_MAGIC = "railparty-view-record"
VIEW_FORMAT = 1
MAX_PLAIN_BYTES = 64 * 1024 * 1024
MAX_FRAMES = 20_000


class ViewRecorder:
    """Collects a guest's updates; writes them to the history folder now and then
    (with `keep` False, never: the frames still draw its results chart)."""

    def __init__(self, interval: float = 2.0, folder: Path | None = None, keep: bool = True):
        self.interval = interval
        self.folder = folder
        self.keep = keep
        self.frames: list[list[Any]] = []
        self.game: str | None = None
        self.seats: list[dict[str, Any]] = []
        self.viewer: int | None = None
        self.started = time.time()
        self.error: str | None = None
        self._last = 0.0
        self._game_number: int | None = None

    def add(self, snap: dict[str, Any], events: list[Event], view: View,
            to_act: list[int], over: bool) -> None:
        number = snap.get("game_number", 0)
        if self._game_number is not None and number != self._game_number:
            self.flush()                       # a rematch: a new record
            self.frames, self.started = [], time.time()
        self._game_number = number
        self.game = snap.get("game")
        self.seats = [{"name": s.get("name") or f"Seat {i + 1}", "color": s.get("color"),
                       "bot": s.get("bot")} for i, s in enumerate(snap.get("seats") or [])]
        self.viewer = snap.get("seat")
        if len(self.frames) < MAX_FRAMES:
            self.frames.append([list(events), view, list(to_act)])
        now = time.monotonic()
        if over or now - self._last >= self.interval:
            self._last = now
            self.flush()

    def path(self) -> Path:
        from game.story.history import history_dir

        key = f"{self.game}:{self.started}:{self.viewer}".encode()
        name = f"{self.game}-lan-{hashlib.sha256(key).hexdigest()[:16]}.json.z"
        return (self.folder or history_dir()) / name

    def to_record(self) -> dict[str, Any]:
        return {"magic": VIEW_MAGIC, "format": VIEW_FORMAT, "game": self.game,
                "seats": self.seats, "viewer": self.viewer, "frames": self.frames,
                "saved_at": time.time()}

    def flush(self) -> None:
        if not self.keep or not self.frames or self.game not in GAMES:
            return
        try:
            path = self.path()
            new = not path.exists()
            raw = zlib.compress(json.dumps(self.to_record(), separators=(",", ":"))
                                .encode("utf-8"), 6)
            write_atomic(path, raw)
            if new:
                from game.story.history import HISTORY_LIMIT_BYTES, prune
                prune(path.parent, HISTORY_LIMIT_BYTES, keep=path)
        except OSError as exc:     # the history is a courtesy: never stop a game
            self.error = str(exc)


def read_view_record(path: Path, raw: bytes | None = None) -> dict[str, Any]:
    """A guest's record, checked; SaveError says what is wrong."""
    if raw is None:
        raw = read_bounded(path, Words(N_("the file {path}"), path=str(path)))
    inflate = zlib.decompressobj()
    try:
        plain = inflate.decompress(raw, MAX_PLAIN_BYTES)
    except zlib.error:
        raise SaveError(N_("{path} is corrupt (not a compressed game record)"),
                        path=str(path)) from None
    if inflate.unconsumed_tail:
        raise SaveError(N_("{path} is too big once unpacked"), path=str(path))
    try:
        data = json.loads(plain.decode("utf-8"))
    except RecursionError:
        raise SaveError(N_("{path} is corrupt (nested too deeply)"), path=str(path)) from None
    except (UnicodeDecodeError, ValueError):
        raise SaveError(N_("{path} is corrupt (not valid JSON)"), path=str(path)) from None
    if not isinstance(data, dict) or data.get("magic") != VIEW_MAGIC:
        raise SaveError(N_("{path} is not a Rail Party game record"), path=str(path))
    if data.get("format") != VIEW_FORMAT:
        raise SaveError(N_("{path} is a game record of another version of Rail Party"),
                        path=str(path))
    if data.get("game") not in GAMES:
        raise SaveError(N_("{path} is of an unknown game"), path=str(path))
    seats, frames, viewer = data.get("seats"), data.get("frames"), data.get("viewer")
    if not (isinstance(seats, list) and all(isinstance(s, dict) for s in seats)
            and isinstance(frames, list) and frames):
        raise SaveError(N_("{path} is damaged (no seats or no moves)"), path=str(path))
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < len(seats)):
        raise SaveError(N_("{path} is damaged (its viewer is not a seat)"), path=str(path))
    for i, frame in enumerate(frames):
        if not (isinstance(frame, list) and len(frame) == 3 and isinstance(frame[0], list)
                and all(isinstance(e, dict) for e in frame[0]) and isinstance(frame[1], dict)
                and isinstance(frame[2], list)):
            raise SaveError(N_("{path} is damaged at update {number}"), path=str(path),
                            number=i + 1)
        if _unreadable(data["game"], len(seats), viewer, frame):
            raise SaveError(N_("{path} is damaged at update {number}"), path=str(path),
                            number=i + 1)
    for i, seat in enumerate(seats):
        color, bot = seat.get("color"), seat.get("bot")
        seats[i] = {"name": clean_name(seat.get("name"), "?"),
                    "color": color if isinstance(color, str) else None,
                    "bot": bot if isinstance(bot, str) else None}
    return data


def _unreadable(game: str, players: int, viewer: int | None, frame: list[Any]) -> str | None:
    """Why the table could not draw this recorded update (None: it can): the
    view, events and result are checked against the game's wire schema, as a
    client checks them when they arrive (net/inbound.py); the view must be the
    record's viewer's and the seats to act seats of the table."""
    events, view, to_act = frame
    try:
        check(game, players, view=view, events=events, result=view.get("result"))
    except Unreadable as exc:
        return exc.reason
    if view.get("you") != viewer:
        return "a view for another seat"
    if not all(type(s) is int and 0 <= s < players for s in to_act):
        return "a seat to act outside the table"
    return None


class ViewReplaySession(InertSession):
    """A guest's record played back: the same Session as `ReplaySession`, but
    every view comes from the file (game/story/replay_session.py has the other)."""

    remote = False
    replay = True
    awaiting = False
    status = "connected"
    close_reason = ""
    can_rematch = False
    game_number = 0
    humans: list[int] = []

    def __init__(self, data: dict[str, Any], path: Path):
        self.data = data
        self.path = path
        self.frames = data["frames"]
        self.cursor = 0
        self.updates: list[list[Event]] = []
        self.viewer = data["viewer"]
        self.watching = self.viewer      # what that guest saw: its own seat's view
        self.actions = [(_mover(f[0]), {}) for f in self.frames[1:]]  # for round marks
        self.origin = "lan-guest"

    @property
    def length(self) -> int:
        return len(self.frames) - 1       # the first frame is the sync at the start

    def viewable_seats(self) -> list[int]:
        return []                         # nothing but what was recorded

    def watch(self, seat: int | None) -> bool:
        return seat == self.viewer

    def step(self) -> bool:
        if self.cursor >= self.length:
            return False
        self.cursor += 1
        self.updates.append(list(self.frames[self.cursor][0]))
        return True

    def seek(self, n: int) -> None:
        self.cursor = max(0, min(self.length, n))
        self.updates.append([])

    def back(self) -> None:
        self.seek(self.cursor - 1)

    def told(self) -> list[list[Event]]:
        """The recorded updates up to the cursor: the log of a board jumped to."""
        return [list(frame[0]) for frame in self.frames[1:self.cursor + 1]]

    @property
    def game_id(self) -> str:
        return self.data["game"]

    @property
    def players(self) -> int:
        return len(self.data["seats"])

    def seats(self) -> list[dict[str, Any]]:
        return [dict(s, kind="bot" if s.get("bot") else "human") for s in self.data["seats"]]

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(x for x in self.frames[self.cursor][2] if isinstance(x, int))

    @property
    def is_over(self) -> bool:
        """At the last update, if the guest was shown the game's result: the
        table then shows the results screen (what the guest saw at the end)."""
        return self.cursor >= self.length and bool(self.result())

    def view(self, seat: int | None) -> View:
        view = self.frames[self.cursor][1]
        if seat is None or seat != self.viewer:
            view = dict(view, you=None, private={})
        return view

    def observe(self, seat: int | None) -> tuple[View, tuple[int, ...], list[Action]]:
        return self.view(seat), self.to_act, []

    def poll(self) -> list[list[Event]]:
        out, self.updates = self.updates, []
        return out

    def result(self) -> dict[str, Any]:
        result = self.frames[self.cursor][1].get("result")
        return result if isinstance(result, dict) and _scored(result, self.players) else {}


def _scored(result: dict[str, Any], players: int) -> bool:
    """A result the results screen can show: a score per seat, winners among them."""
    scores, winners = result.get("scores"), result.get("winners")
    return (isinstance(scores, list) and len(scores) == players
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in scores)
            and isinstance(winners, list)
            and all(isinstance(w, int) and 0 <= w < players for w in winners))


def _mover(events: list[Event]) -> int:
    for event in events:
        if isinstance(event.get("seat"), int):
            return event["seat"]
    return -1


def summary_of(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """What `railparty history --json` prints for a guest's record (the result
    only if the guest was shown one)."""
    names = [s["name"] for s in data["seats"]]
    result = data["frames"][-1][1].get("result") or {}
    winners = [names[i] for i in result.get("winners") or []
               if isinstance(i, int) and 0 <= i < len(names)]
    return {"game": data["game"], "players": names,
            "bots": [s.get("bot") for s in data["seats"]], "winners": winners,
            "scores": result.get("scores"), "over": bool(result),
            "actions": len(data["frames"]) - 1, "origin": "lan-guest",
            "viewer": data["viewer"], "saved_at": data.get("saved_at"), "file": str(path)}


def list_view_records(folder: Path | None = None) -> tuple[list[dict[str, Any]],
                                                          list[tuple[Path, str]]]:
    """Summaries of the guests' records kept, and the files that could not be read."""
    from game.story.history import history_dir

    folder = folder or history_dir()
    out, problems = [], []
    for path in sorted(folder.glob("*.json.z")):
        try:
            out.append(summary_of(read_view_record(path), path))
        except (SaveError, OSError) as exc:
            problems.append((path, str(exc)))
    return out, problems
