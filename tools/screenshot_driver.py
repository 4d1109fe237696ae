"""The shared driver of the screenshot tour (tools/screenshots.py): the
`Shooter` that steps a headless app and saves each screen, and the moves
every shot list makes: bots play a match to a position, the board settles,
a seat looks at its own secrets, the mouse hovers a token.

tests/test_layout.py subclasses `Shooter` so that `shot` records the
frame's text instead of saving a picture.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RAILPARTY_HOME", tempfile.mkdtemp(prefix="railparty-shots-"))
os.environ.setdefault("RAILPARTY_MDNS_INTERFACES", "127.0.0.1")

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.rules.base import GameState  # noqa: E402
from game.system.settings import Settings  # noqa: E402
from game.tables.match import Match  # noqa: E402


class Shooter:
    """A headless app at full speed (no animation, no bot pace) whose `shot`
    saves the screen on top into `out`."""

    def __init__(self, out: Path | None):
        self.out = out
        self.app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)

    def shot(self, name: str, ticks: int = 1) -> None:
        """Step `ticks` frames, then save the screen as `name`.png."""
        self.app.step(ticks)
        path = self.out / f"{name}.png"
        pygame.image.save(self.app.surface, str(path))
        print(path)

    def page_through(self, name: str, limit: int = 40) -> None:
        """Every page of the screen on top, turned as a player turns them (the
        "next" intent: Tab, right, a pad's d-pad), until a page repeats or the
        screen closes: each page is shot as `name`, `name-2`, ..."""
        from game.ui.input import Intent

        screen, seen = self.app.top, set()
        for page in range(1, limit + 1):
            self.app.step(1)
            picture = hashlib.sha1(pygame.image.tobytes(self.app.surface, "RGB")).digest()
            if picture in seen or self.app.top is not screen:
                return
            seen.add(picture)
            self.shot(f"{name}-{page}", 0)
            self.app.dispatch(Intent("next"))

    def key(self, key: int) -> None:
        """A key pressed for one frame."""
        self.app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def play_until(match: Match, steps: int,
               stop: Callable[[GameState, set[int]], bool] | None = None) -> None:
    """Normal bots play `steps` actions (or to the end, or until `stop(state,
    humans)` holds) for every seat, one after another on this thread: a picture needs a
    position, not a strong one, and nothing may move between two steps of
    the tool."""
    saved = [seat.bot for seat in match.seats]
    humans = {i for i, bot in enumerate(saved) if bot is None}
    for seat in match.seats:
        seat.bot = "greedy"
    match._make_bots()
    for _ in range(steps):
        if match.state.is_over or (stop is not None and stop(match.state, humans)):
            break
        match.play_bot(match.bot_to_act())
    for seat, bot in zip(match.seats, saved, strict=True):
        seat.bot = bot
    match._make_bots()


def humans_turn(state: GameState, humans: set[int]) -> bool:
    """Whether a human is to start a turn (not halfway through a two-card draw)."""
    seat = state.to_act[0] if state.to_act else None
    return seat in humans and not state.view(seat).get("cards_drawn")


def settle(s: Shooter, scene) -> None:
    """Step until the board is on top with nothing left to play out: hand-offs
    confirmed, other overlays closed, the bots' moves shown."""
    from game.scenes.handoff import HandoffScene

    for _ in range(200):
        top = s.app.top
        if isinstance(top, HandoffScene):
            top.ticks = 20
            s.key(pygame.K_RETURN)
        elif top is not scene:
            s.app.pop()
        else:
            s.app.step(1)
            if s.app.top is scene and not (scene.queue or scene.animator.busy
                                           or scene.needs_snap):
                return


def steps_to_mid_game(match: Match) -> int:
    """Half the actions a copy of the match, played by bots, takes to finish:
    the board shot then shows a game in full swing, never its end."""
    copy = Match.from_save(match.to_save())
    before = copy.version
    play_until(copy, 100_000)
    return max(1, (copy.version - before) // 2)


def bots_until(match: Match, stop) -> None:
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


def look_as(scene, seat: int) -> None:
    """Show `seat`'s secrets at once (the hand-off is for people, not screenshots)."""
    from game.scenes.handoff import HandoffScene

    scene.fast_forward()
    while isinstance(scene.app.top, HandoffScene):
        scene.app.pop()
    scene.handoff_for = None
    scene.viewer = seat
    scene._refresh_view()


def hover(app: App, pos) -> None:
    """The mouse moves to `pos` (a token's tooltip shows in the next frame)."""
    app.step(0, [pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(round, pos)), rel=(0, 0),
                                    buttons=(0, 0, 0))])
