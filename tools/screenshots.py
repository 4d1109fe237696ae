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
    if "railway-tricks" in GAMES:
        tricks_shots(app, shot)
    app.close()
    return 0


def _bots_until(match: Match, stop) -> None:
    """Let bots play every seat until `stop(state)` holds (or the game ends); then
    every seat is a human's, so nothing moves while the screen is taken."""
    for seat in match.seats:
        seat.bot = "greedy"
    match._make_bots()
    while not match.state.is_over and not stop(match.state):
        match.play_bot(match.bot_to_act())
    for seat in match.seats:
        seat.bot = None
    match._make_bots()


def _look_as(scene, seat: int) -> None:
    """Show `seat`'s secrets at once (the hand-off is for people, not screenshots)."""
    from game.scenes.handoff import HandoffScene

    scene.fast_forward()
    while isinstance(scene.app.top, HandoffScene):
        scene.app.pop()
    scene.handoff_for = None
    scene.viewer = seat
    scene._refresh_view()


def tricks_shots(app: App, shot) -> None:
    """Railway Tricks: hand-off, a hand to play, a card in flight, the decisions
    on the board and as a list, the results reveal and the scores."""
    from game.scenes.flow import start_match
    from game.scenes.handoff import HandoffScene

    seats = [Seat("Alice", "red"), Seat("Bob", "blue"), Seat("Cleo", "green", "greedy"),
             Seat("Dan", "yellow", "greedy")]
    match = Match("railway-tricks", seats, 7)
    start_match(app, match)
    scene = app.stack[0]
    shot("tricks-handoff", 2)
    if isinstance(app.top, HandoffScene):
        app.top.ticks = 20
        app.top.handle(type("I", (), {"kind": "select"})())
    shot("tricks-hand", 2)
    for kind in ("city", "lay", "locomotive"):
        _bots_until(match, lambda st, k=kind: st.phase == k)
        if match.state.is_over:
            break
        _look_as(scene, match.state.to_act[0])
        shot(f"tricks-{kind}", 1)
        if kind == "city":
            scene.activate(("list", None))
            shot("tricks-city-list", 1)
            app.pop()
    _bots_until(match, lambda st: st.phase == "play" and len(st.trick) == 2)
    _look_as(scene, match.state.to_act[0])
    shot("tricks-follow", 1)
    app.settings.animation = 1.0
    scene.activate(scene.focus_targets()[0])
    shot("tricks-flight", 12)
    app.settings.animation = 0.0
    _bots_until(match, lambda st: False)
    _look_as(scene, 0)
    app.settings.animation = 1.0
    shot("tricks-reveal", 200)
    shot("tricks-results", 400)
    app.settings.animation = 0.0


if __name__ == "__main__":
    raise SystemExit(main())
