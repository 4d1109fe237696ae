"""Player settings, kept in the user's config folder as JSON.

A missing or damaged file falls back to the defaults (and says so once on
stderr): settings are never a reason not to start.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.system.paths import config_dir
from game.words.i18n import LANGUAGES, N_

ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # duration factors: 0 is instant
SPEED_NAMES = {0.0: N_("Instant"), 0.5: N_("Fast"), 1.0: N_("Normal"), 2.0: N_("Relaxed")}
THINK_TIMES = (250, 500, 1000, 2000, 4000)  # the Hard bot's choices, in milliseconds


@dataclass
class Settings:
    # seconds-scale factor for animations: 0 instant, 0.5 fast, 1 normal, 2 relaxed
    animation: float = 1.0
    fullscreen: bool = False
    volume: float = 0.6
    colorblind: bool = False
    bot_pace: float = 0.6  # seconds a bot waits before acting, so people can follow
    # milliseconds the Hard (search) bot thinks per move, in its worker
    # processes (game.bots.search.DEFAULT_THINK_MS; a test keeps them equal)
    bot_think_ms: int = 500
    # True: a move that spends cards (a claim) asks for confirmation first;
    # False: one click plays it, with a few seconds to undo before the next player.
    confirm_moves: bool = True
    # "en" or "ja"; "" follows the system's locale (game/words/i18n.py)
    language: str = ""
    # keep every game in the history folder (replays, charts, the table's history)
    keep_history: bool = True

    @classmethod
    def path(cls) -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        path = cls.path()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls()
        except (OSError, ValueError) as exc:
            print(f"railparty: ignoring unreadable settings {path}: {exc}", file=sys.stderr)
            return cls()
        settings = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                value = data.get(f.name)
                if isinstance(value, bool) and f.type in ("bool",):
                    setattr(settings, f.name, value)
                elif isinstance(value, (int, float)) and not isinstance(value, bool) \
                        and f.type in ("float",):
                    setattr(settings, f.name, float(value))
                elif (isinstance(value, int) and not isinstance(value, bool)
                      and f.type == "int") or (isinstance(value, str) and f.type == "str"):
                    setattr(settings, f.name, value)
        settings.volume = min(1.0, max(0.0, settings.volume))
        if settings.animation not in ANIMATION_SPEEDS:
            settings.animation = 1.0
        if settings.bot_think_ms not in THINK_TIMES:
            settings.bot_think_ms = cls.bot_think_ms
        if settings.language not in ("", *LANGUAGES):
            settings.language = ""
        return settings

    def save(self) -> None:
        path = self.path()
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=1), encoding="utf-8")
        tmp.replace(path)
