"""Where the network side keeps its files: seat tokens, host saves, the host's
identity key and the hosts a client has played with."""

from __future__ import annotations

import os
from pathlib import Path

from game.system.atomic_file import write_atomic

ENV_DATA_DIR = "RAILPARTY_DATA_DIR"


def data_dir() -> Path:
    """RAILPARTY_DATA_DIR when set, else the program's data folder (game.system.paths:
    RAILPARTY_HOME or the platform's)."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env)
    from game.system.paths import data_dir as program_data_dir
    return program_data_dir()


def write_private(path: Path, text: str) -> None:
    """Write `text` to `path` atomically, readable by its owner only (0600)."""
    write_atomic(path, text.encode("utf-8"))       # 0600, as mkstemp makes it
