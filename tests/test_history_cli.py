"""The history from the command line, end to end: a headless host's game goes
into the hosting machine's history (unless --no-history), `history --json`
lists it with the file `replay` takes, and `replay` plays it (public view)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, env=env, timeout=timeout)


def _host(*extra: str) -> subprocess.CompletedProcess:
    return _cli("host", "--headless", "--game", "eighty-days", "--seats", "2", "--port", "0",
                "--bind", "127.0.0.1", "--start-after", "0.05", "--no-advertise", "--no-web",
                "--bot-workers", "1", *extra)


def test_a_headless_hosts_game_is_listed_by_history_json_and_replays():
    from game.story.history import history_dir

    done = _host("--no-history")
    assert done.returncode == 0, done.stderr
    assert not list(history_dir().glob("*.json"))
    done = _host()
    assert done.returncode == 0, done.stderr
    listed = _cli("history", "--json")
    assert listed.returncode == 0 and "Traceback" not in listed.stderr
    (game,) = [g for g in map(json.loads, listed.stdout.splitlines()) if "game" in g]
    assert game["game"] == "eighty-days" and game["origin"] == "host" and game["over"]
    assert len(game["players"]) == 2 and game["winners"]
    assert Path(game["file"]).parent == history_dir()
    played = _cli("replay", game["file"], "--headless", "--frames", "20", "--at", "10")
    assert played.returncode == 0 and "Traceback" not in played.stderr
    refused = _cli("replay", game["file"], "--headless", "--frames", "2", "--view", "1")
    assert "only a finished hot-seat game" in refused.stderr      # hosted: public view only
