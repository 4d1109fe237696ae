"""The test suite never touches the user's real config or data folders."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

from game.system import paths


def test_each_test_has_its_own_home_outside_the_users_folders():
    home = Path(os.environ["RAILPARTY_HOME"]).resolve()
    assert home.is_relative_to(Path(tempfile.gettempdir()).resolve())
    real = [Path(platformdirs.user_config_dir("railparty", appauthor=False)),
            Path(platformdirs.user_data_dir("railparty", appauthor=False))]
    for folder in (paths.config_dir(), paths.data_dir(), paths.autosave_path().parent):
        assert folder.resolve().is_relative_to(home)
        assert all(folder.resolve() != r.resolve() for r in real)

