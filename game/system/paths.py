"""Where Rail Party keeps settings, saves, seat tokens and its cache.

platformdirs gives each system its usual folders; RAILPARTY_HOME, when set,
puts everything under one folder instead (tests, kiosks, portable installs).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import platformdirs

APP = "railparty"


def _folder(under_home: str, platform_dir: Callable[..., str]) -> Path:
    """A folder of ours, made if missing: under RAILPARTY_HOME when set, else
    where platformdirs says the system keeps such things."""
    home = os.environ.get("RAILPARTY_HOME")
    path = Path(home) / under_home if home else Path(platform_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    return _folder("config", platformdirs.user_config_dir)


def data_dir() -> Path:
    return _folder("data", platformdirs.user_data_dir)


def cache_dir() -> Path:
    """Things the program made and can make again (the synthesised sounds):
    deleting the folder only costs the time to make them anew."""
    return _folder("cache", platformdirs.user_cache_dir)


def autosave_path() -> Path:
    """The hot-seat autosave that Continue resumes."""
    return data_dir() / "autosave.json"
