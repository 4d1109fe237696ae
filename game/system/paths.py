"""Where Rail Party keeps settings, saves, seat tokens and its cache.

platformdirs gives each system its usual folders; RAILPARTY_HOME, when set,
puts everything under one folder instead (tests, kiosks, portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "railparty"


def config_dir() -> Path:
    home = os.environ.get("RAILPARTY_HOME")
    path = (Path(home) / "config" if home
            else Path(platformdirs.user_config_dir(APP, appauthor=False)))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    home = os.environ.get("RAILPARTY_HOME")
    path = (Path(home) / "data" if home
            else Path(platformdirs.user_data_dir(APP, appauthor=False)))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """Things the program made and can make again (the synthesised sounds):
    deleting the folder only costs the time to make them anew."""
    home = os.environ.get("RAILPARTY_HOME")
    path = (Path(home) / "cache" if home
            else Path(platformdirs.user_cache_dir(APP, appauthor=False)))
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The hot-seat autosave that Continue resumes."""
    return data_dir() / "autosave.json"
