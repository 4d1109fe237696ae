"""Seat tokens kept on disk, so a player whose program restarts gets their seat back.

A token is kept under its host's address and the player's name. Two players on
one machine under one name (two `railparty join` without --name) must not use
one key: the second would prove the first one's seat, which the host refuses
while the first still answers. So a running client claims its key: a key
claimed by another live process of this machine, or by another client of this
process, is passed over for the next one ("#2", "#3", ...), and the second
player asks for a seat of their own. A key whose claimer has ended (a crash, a
closed window) is free again, token and all: that is how a seat comes back.

Liveness of another process is checked on POSIX systems; elsewhere every
claim by another process counts as ended (tokens are shared as before).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

from game.system.atomic_file import write_atomic
from net.paths import data_dir

MAX_STORED_TOKENS = 64
MAX_CLAIMS = 8                      # keys tried for one name before giving up on keeping
_HELD_HERE: dict[str, int] = {}     # "file|key" -> clients of this process holding it
_HELD_LOCK = threading.Lock()


class TokenStore:
    """Seat tokens on disk: {key: {"token": str|None, "at": time, "pid": int}} in
    seats.json (pid: the process that last claimed the key)."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else data_dir() / "seats.json"
        self._lock = threading.Lock()

    @staticmethod
    def key(host: str, port: int, name: str | None) -> str:
        return f"{host}:{port}/{name or ''}"

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict[str, Any]) -> None:
        if len(data) > MAX_STORED_TOKENS:
            newest = sorted(data.items(), key=lambda kv: -float(
                kv[1].get("at", 0) if isinstance(kv[1], dict) else 0))
            data = dict(newest[:MAX_STORED_TOKENS])
        # no place to keep tokens: the seat is still played, just not kept
        with contextlib.suppress(OSError):
            write_atomic(self.path, json.dumps(data).encode("utf-8"))

    def get(self, key: str) -> str | None:
        with self._lock:
            entry = self._read().get(key)
        token = entry.get("token") if isinstance(entry, dict) else None
        return token if isinstance(token, str) else None

    def put(self, key: str, token: str | None) -> None:
        with self._lock:
            data = self._read()
            if token is None:
                if data.pop(key, None) is None:
                    return
            else:
                data[key] = {"token": token, "at": time.time(), "pid": os.getpid()}
            self._write(data)

    def claim(self, base: str) -> str:
        """The key a new client of this process keeps its token under: `base`,
        unless a live client holds it, then the first free of base#2, base#3..."""
        with self._lock, _HELD_LOCK:
            data = self._read()
            for n in range(1, MAX_CLAIMS + 1):
                key = base if n == 1 else f"{base}#{n}"
                entry = data.get(key)
                pid = entry.get("pid") if isinstance(entry, dict) else None
                if _HELD_HERE.get(self._held(key)) or _alive_elsewhere(pid):
                    continue
                _HELD_HERE[self._held(key)] = _HELD_HERE.get(self._held(key), 0) + 1
                kept = dict(entry) if isinstance(entry, dict) else {"token": None}
                data[key] = {**kept, "at": time.time(), "pid": os.getpid()}
                self._write(data)
                return key
        return f"{base}#{os.getpid()}-{time.monotonic_ns()}"   # kept by no one else

    def release(self, key: str) -> None:
        """This process's client no longer holds `key` (it stopped)."""
        with _HELD_LOCK:
            held = self._held(key)
            if _HELD_HERE.get(held, 0) > 1:
                _HELD_HERE[held] -= 1
            else:
                _HELD_HERE.pop(held, None)

    def _held(self, key: str) -> str:
        return f"{self.path.resolve()}|{key}"


def _alive_elsewhere(pid: Any) -> bool:
    """Whether `pid` is another process that is still running (POSIX only)."""
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0 or pid == os.getpid():
        return False
    if os.name != "posix":
        return False
    try:
        os.kill(pid, 0)          # signal 0: nothing is sent, only checked
    except ProcessLookupError:
        return False
    except PermissionError:
        return True              # it exists (another user's); better not to share
    except OSError:
        return False
    return True
