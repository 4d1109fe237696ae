"""Save a headless screenshot of every screen, to look at what players see.

    python tools/screenshots.py [OUT_DIR]     (default: ./screenshots)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("RAILPARTY_HOME", tempfile.mkdtemp(prefix="railparty-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.match import Match, Seat  # noqa: E402
from game.settings import Settings  # noqa: E402


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)

    def shot(name: str, ticks: int = 1) -> None:
        app.step(ticks)
        pygame.image.save(app.surface, str(out / f"{name}.png"))
        print(out / f"{name}.png")

    from game.scenes.choice import ChoiceScene
    from game.scenes.flow import start_match
    from game.scenes.handoff import HandoffScene
    from game.scenes.nav import to_title
    from game.scenes.settings_scene import SettingsScene
    from game.scenes.setup import SetupScene

    to_title(app)
    shot("title")
    app.push(SetupScene(app))
    shot("setup")
    app.pop()
    app.push(SettingsScene(app))
    shot("settings")
    app.pop()

    for game_id in ("routes-usa", "routes-italy"):
        from game.rules import GAMES
        if game_id not in GAMES:
            continue
        short = game_id.split("-")[1]
        seats = [Seat("Alice", "red"), Seat("Bob", "blue"), Seat("Cleo", "green", "greedy")]
        match = Match(game_id, seats, 7)
        start_match(app, match)
        shot(f"{short}-tickets", 2)
        scene = app.stack[0]
        # play bots in every seat for a while to fill the board
        for seat in match.seats:
            seat.bot = "greedy"
        match._make_bots()
        app.top.overlay and app.pop()
        for step in range(400):
            state = match.state
            if state.is_over or (step >= 120 and state.to_act == (0,)
                                 and state.pending[0] is None and not state.cards_drawn):
                break
            match.play_bot(match.bot_to_act())
        scene.fast_forward()
        for seat in match.seats[:2]:
            seat.bot = None
        match._make_bots()
        scene.viewer = None
        scene.last_viewer = 1
        scene._choose_viewer()
        if isinstance(app.top, HandoffScene):
            shot(f"{short}-handoff")
            app.top.ticks = 20
            app.top.handle(type("I", (), {"kind": "select"})())
        scene._refresh_view()
        shot(f"{short}-board")
        state = match.state
        seat = scene.viewer
        if seat is not None and seat in state.to_act and not state.pending[seat]:
            track = next(t for t in state.board.tracks if state._claim_problem(seat, t) is None
                         and t.color == "gray" and t.length >= 2)
            state.hands[seat] = {c: 3 for c in state.board.colors[:4]} | {"locomotive": 2}
            state._legal_cache = {}
            scene._refresh_view()
            scene.claim(track.id)
            if isinstance(app.top, ChoiceScene):
                shot(f"{short}-payment")
                app.pop()
        for seat in match.seats:
            seat.bot = "greedy"
        match._make_bots()
        while not state.is_over:
            match.play_bot(match.bot_to_act())
        scene.fast_forward()
        shot(f"{short}-results", 400)
    from game.rules import GAMES
    if "eighty-days" in GAMES:
        race_screens(app, shot)
    app.close()
    return 0


def race_screens(app: App, shot) -> None:
    """The race game: the deal, a hand-off, a turn with its choices, the die
    mid-roll and its re-roll choice, the results."""
    from game.scenes.choice import ChoiceScene
    from game.scenes.flow import start_match
    from game.scenes.handoff import HandoffScene

    app.settings.animation = 1.0
    seats = [Seat("Alice", "red"), Seat("Bob", "blue"), Seat("Cleo", "green", "greedy"),
             Seat("Dan", "yellow", "greedy")]
    match = Match("eighty-days", seats, 3)
    start_match(app, match)
    shot("race-handoff", 2)
    scene = app.stack[0]
    if isinstance(app.top, HandoffScene):
        app.top.ticks = 20
        app.top.handle(type("I", (), {"kind": "select"})())
    scene.start_animation()
    shot("race-deal", 30)
    scene.fast_forward()
    state = match.state
    # Alice holds the track's balloon and the cards for her first leg
    state.hands[0] = [("ship", 7), ("train", 5), ("ship", 4)]
    state.held[0] = ["Offer", "Detective", "Swap"]
    state.coins[0] = 3
    state.track[state.data.action_track.index("balloon")] = ("train", 6)
    state._legal_cache = {}
    scene._refresh_view()
    shot("race-board")
    scene.act({"type": "take", "slot": state.data.action_track.index("balloon")})
    scene.fast_forward()
    scene.choose_move()
    if isinstance(app.top, ChoiceScene):
        shot("race-travel")
        move = next(a for a in app.top.options if a["balloon"] is not None)
        app.pop()
        scene.act(move)
        shot("race-die-rolling", 26)
        shot("race-reroll", 120)
        if isinstance(app.top, ChoiceScene):
            app.pop()
            scene.answer({"type": "accept"})
    app.settings.animation = 0.0
    for seat in match.seats:
        seat.bot = "greedy"
    match._make_bots()
    while app.top is not scene and app.top.overlay:
        app.pop()
    for _ in range(20000):  # stepped, so the screen sees every leg of every journey
        app.step(1)
        if scene.results_shown:
            break
    shot("race-results", 400)


if __name__ == "__main__":
    raise SystemExit(main())
