#!/usr/bin/env python3
"""A hint on the table of every game, as PNG pictures (docs/screenshots/hint-*.png).

    python tools/hint_screenshots.py [DIR] [--lang en|ja]

Each game's table, a human against Normal bots, a few turns in (each played
with the hint, as a player who follows it would), then H: the move lit with
its reasons (game/scenes/table_hint.py).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tools.bench_hint_frames import human_turn  # noqa: E402

TURNS = 3


def settle(app, table) -> None:
    """Until the human is to act again with nothing moving (or a choice is open)."""
    for _ in range(600):
        app.step(1)
        if app.top is not table or (table.acting and table.legal and not table.animator.busy
                                    and not table.queue):
            return


def shoot(game_id: str, out: Path) -> None:
    import pygame

    from game.app import App
    from game.system.settings import Settings

    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    press = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")]
    enter = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")]
    try:
        table = human_turn(app, game_id)
        for _ in range(TURNS):
            app.step(1, press)
            app.step(1)
            app.step(1, enter)
            settle(app, table)
        app.step(1, press)
        app.step(2)
        pygame.image.save(app.surface, str(out))
    finally:
        app.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--lang", default="en", choices=("en", "ja"))
    args = parser.parse_args()
    os.environ["RAILPARTY_HOME"] = tempfile.mkdtemp(prefix="railparty-shots-")
    from game.rules import GAMES
    from game.words import i18n

    i18n.pin(args.lang)          # wins over the settings a new window reads
    suffix = "" if args.lang == "en" else f"-{args.lang}"
    for game_id in GAMES:
        out = Path(args.dir) / f"hint-{game_id}{suffix}.png"
        shoot(game_id, out)
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
