#!/usr/bin/env python3
"""Frame time while a hint thinks, beside the same table with none thinking.

    python tools/bench_hint_frames.py [--game routes-usa] [--seconds 20]

One window (headless), a human seat against Normal bots, stepped at 60
frames a second as the real loop steps it (`app.realtime`: the hint thinks
in the bot workers). Spells of three seconds alternate: in one, H asks for
a hint and it is put away once shown, then asked again (a hint always
thinking); in the other, nothing is asked (it starts once the last hint has
come back). Alternating, the machine's own stalls fall on both alike. Prints each side's
frame wall time (update and draw, ms): median, p99 and the longest, and how
many hints were shown. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


SPELL = 3.0          # seconds of one side before the other


def human_turn(app, game_id: str):
    """A table at the human's (seat 0's) turn, nothing open on top of it."""
    from game.rules import GAMES
    from game.scenes.flow import start_match
    from game.tables.match import Match, Seat

    seats = [Seat("Ann", "red"), Seat("Bo", "blue", "greedy"), Seat("Cy", "green", "greedy")]
    start_match(app, Match(game_id, seats[:max(2, GAMES[game_id].min_players)], 5))
    for _ in range(2000):
        app.step(1)
        table = app.stack[0]
        if app.top is not table:
            if table.legal:
                table.act(table.legal[0])
            if app.top is not table:
                app.pop()
            table.choice_closed()
            continue
        if table.acting and table.legal and not table.animator.busy and not table.queue:
            return table
        time.sleep(0.002)
    raise SystemExit("no human turn")


def figures(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"frames": len(times), "median_ms": round(statistics.median(times), 2),
            "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 2),
            "max_ms": round(ordered[-1], 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="routes-usa")
    parser.add_argument("--seconds", type=int, default=30)
    args = parser.parse_args()
    os.environ["RAILPARTY_HOME"] = tempfile.mkdtemp(prefix="railparty-bench-")
    import pygame

    from game.app import App
    from game.bots.pool import shared
    from game.system.settings import Settings

    workers = shared()
    while not workers.ready():
        time.sleep(0.05)
    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    table = human_turn(app, args.game)
    app.realtime = True
    hint_key = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")]
    times: dict[str, list[float]] = {"hint": [], "plain": []}
    shown = 0
    for spell in range(max(2, int(args.seconds // SPELL))):
        side = "hint" if spell % 2 == 0 else "plain"
        end = time.perf_counter() + SPELL
        while time.perf_counter() < end or (side == "hint" and table.hint_asked is not None):
            events = []
            if table.hint_action is not None:
                shown += 1
                table.dismiss_hint()
            elif side == "hint" and table.hint_asked is None and time.perf_counter() < end:
                events = hint_key
            start = time.perf_counter()
            app.step(1, events)
            took = time.perf_counter() - start
            times[side].append(took * 1000)
            time.sleep(max(0.0, 1 / 60 - took))
    app.close()
    out = {side: figures(t) for side, t in times.items()}
    out["hints_shown"] = shown
    out["load"] = os.getloadavg()[0]
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
