"""The hosts a client has played with (or watched): game name -> the host's key.

Kept in known-hosts.json in the user data folder (0600), written after a host
has proved its key and welcomed us. `--discover NAME` and the Join screen look
a name up here: a game under a remembered name with another key is flagged,
never joined silently; rejoining goes to the same key.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from net.identity import parse_fingerprint
from net.paths import data_dir, write_private

FILE = "known-hosts.json"
MAX_KNOWN = 256


@dataclass(frozen=True)
class KnownHost:
    name: str           # the host's game name as it said it
    key: str            # its public key (base64)
    fingerprint: str


def _name_key(name: str) -> str:
    return " ".join(name.split()).lower()


class KnownHosts:
    """The known-hosts file; safe to use from several threads of one program."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else data_dir() / FILE
        self._lock = threading.Lock()

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, name: str) -> KnownHost | None:
        """The key remembered for the game called `name`, if any."""
        with self._lock:
            entry = self._read().get(_name_key(name))
        if not isinstance(entry, dict):
            return None
        fingerprint = parse_fingerprint(str(entry.get("fp", "")))
        key = entry.get("key")
        if fingerprint is None or not isinstance(key, str):
            return None
        return KnownHost(str(entry.get("name", name)), key, fingerprint)

    def remember(self, name: str, key: str, fingerprint: str) -> KnownHost | None:
        """Remember `name` -> key; returns what was remembered before when it was
        another key (the caller says so), else None."""
        with self._lock:
            data = self._read()
            old = data.get(_name_key(name))
            data[_name_key(name)] = {"name": name, "key": key, "fp": fingerprint,
                                     "at": time.time()}
            if len(data) > MAX_KNOWN:
                newest = sorted(data.items(), key=lambda kv: -float(
                    kv[1].get("at", 0) if isinstance(kv[1], dict) else 0))
                data = dict(newest[:MAX_KNOWN])
            with contextlib.suppress(OSError):   # nowhere to keep it: still played
                write_private(self.path, json.dumps(data, indent=1))
        if isinstance(old, dict) and old.get("key") != key and isinstance(old.get("fp"), str):
            return KnownHost(str(old.get("name", name)), str(old.get("key")), old["fp"])
        return None
