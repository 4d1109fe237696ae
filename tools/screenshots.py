"""Save a picture of every screen, headless, for looking at what players see.

Usage: python tools/screenshots.py [DIR] [--lang ja]   (default: screenshots/, English)

The menus (title, setup with its message and at its fullest, settings, join
with and without games listed, host, lobby; a couch game with phones: its
setup, hand-off, board and Esc menu), then for every registered game:
the hand-off (and one with its recap), the board mid-game with as many seats
as the kiosk demo uses (and again with every seat the game takes), the Esc
menu, every page its Rules entry shows (rules-GAME-N), the leave question and
the results; the route games also get a ticket choice, a payment choice and a
twelve-ticket list, the race a detective choice. Then Learn and every guided
game's steps, its coach panel and its end (tools/screenshot_learn.py). Last,
the title with Continue and the kiosk's attract mode playing each game.

The shot lists sit beside this file: tools/screenshot_menus.py,
tools/screenshot_games.py (what every game shows) and
tools/screenshot_families.py (a family's own screens), all driven by
tools/screenshot_driver.py.

tests/test_layout.py walks the same tour with text recording on (a
`Shooter` whose `shot` records instead of saving), so every screen here is
also checked for overlapping text.
"""

from __future__ import annotations

import sys
from pathlib import Path

# the repository's root, so `tools.` and `game.` import when run as a script; the
# driver sets up headless SDL and a throwaway home before pygame loads (the
# rules engines load neither)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import GAMES  # noqa: E402
from tools.screenshot_driver import Shooter  # noqa: E402
from tools.screenshot_families import (  # noqa: E402
    race_detective,
    race_screens,
    tricks_extras,
)
from tools.screenshot_games import full_table, game  # noqa: E402
from tools.screenshot_learn import learn  # noqa: E402
from tools.screenshot_menus import kiosk, menus, title_with_continue  # noqa: E402


def main() -> int:
    """Read DIR and --lang, then save every screen of the tour into DIR."""
    import argparse

    from game.words import i18n

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("screenshots"))
    parser.add_argument("--lang", choices=sorted(i18n.LANGUAGES), default="en",
                        help="the language every screen is drawn in (default: en)")
    args = parser.parse_args()
    i18n.pin(args.lang)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    shooter = Shooter(out)
    tour(shooter)
    shooter.app.close()
    return 0


def tour(shooter: Shooter) -> None:
    """Every screen, each handed to `shooter.shot` once it shows."""
    menus(shooter)
    for game_id in GAMES:
        game(shooter, game_id)
        full_table(shooter, game_id)
    if any(info.family == "tricks" for info in GAMES.values()):
        tricks_extras(shooter)
    if any(info.family == "race" for info in GAMES.values()):
        race_screens(shooter.app, shooter.shot)
        race_detective(shooter.app, shooter.shot)
    learn(shooter)
    title_with_continue(shooter)
    kiosk(shooter)


if __name__ == "__main__":
    raise SystemExit(main())
