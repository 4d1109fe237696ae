"""Writing a file so a reader (or a crash) sees the old one or the new one,
never half of either: saves, history records, seat tokens, host keys.

The new bytes go to a temporary file in the same folder, which then replaces
the old one; mkstemp makes it readable by its owner only (0600), which keys
and tokens need and saves do not mind.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes, durable: bool = False) -> None:
    """Replace `path` with `data`. `durable`: flushed to the disk before it
    replaces the old file (a save worth a flush; a history record is not)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
