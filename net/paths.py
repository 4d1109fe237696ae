"""Where the network side keeps its files: seat tokens, host saves, the host's
identity key and the hosts a client has played with."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

ENV_DATA_DIR = "RAILPARTY_DATA_DIR"


def data_dir() -> Path:
    """RAILPARTY_DATA_DIR when set, else the program's data folder (game.paths:
    RAILPARTY_HOME or the platform's)."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env)
    from game.paths import data_dir as program_data_dir
    return program_data_dir()


def write_private(path: Path, text: str) -> None:
    """Write `text` to `path` atomically, readable by its owner only (0600)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:   # mkstemp makes it 0600
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
