"""The environment a tool gives the program it starts: headless, and a scratch
home, so a benchmark's games, host keys and known hosts never land in the
user's real folders (RAILPARTY_HOME, game/system/paths.py). Imported by the scripts
beside it."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from functools import cache
from pathlib import Path


@cache
def scratch_home() -> Path:
    """One scratch home per tool run, removed when the tool ends."""
    path = Path(tempfile.mkdtemp(prefix="railparty-tool-"))
    atexit.register(shutil.rmtree, path, True)
    return path


def program_env(root: Path, **extra: str) -> dict[str, str]:
    """os.environ plus the repository on the path, dummy video and audio, and
    the scratch home; `extra` adds or overrides variables."""
    env = dict(os.environ, PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", RAILPARTY_HOME=str(scratch_home()))
    env.update(extra)
    return env
