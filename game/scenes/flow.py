"""Moving between screens: starting, resuming and leaving games."""

from __future__ import annotations

import random
from pathlib import Path

from game.match import Match, SaveError
from game.paths import autosave_path
from game.session import LocalSession


def to_title(app) -> None:
    from game.scenes.title import TitleScene
    app.reset(TitleScene(app))


def board_scene_for(app, session, on_exit=None):
    """The board scene of the session's game."""
    game_id = session.game_id
    if game_id.startswith("routes-"):
        from game.scenes.routes_board import RoutesBoardScene
        return RoutesBoardScene(app, session, on_exit=on_exit or (lambda: to_title(app)))
    raise ValueError(f"no board scene for {game_id!r}")


def start_match(app, match: Match) -> None:
    app.reset(board_scene_for(app, LocalSession(match)))


def new_game(app, game_id: str, seats, seed: int | None = None,
             save: Path | None = None) -> None:
    seed = random.randrange(1, 2**31) if seed is None else seed
    match = Match(game_id, seats, seed, save_path=save if save else autosave_path())
    match.save(match.save_path)
    start_match(app, match)


def continue_game(app, path: Path | None = None) -> bool:
    """Resume a save; a missing or corrupt one shows a message and returns False."""
    path = path or autosave_path()
    try:
        match = Match.load(path)
    except SaveError as exc:
        app.toast(str(exc), seconds=5)
        return False
    if match.state.is_over:
        app.toast("That game is already over", seconds=4)
        return False
    start_match(app, match)
    return True


def rematch(app, session) -> None:
    match = session.match
    seats = [type(s)(s.name, s.color, s.bot) for s in match.seats]
    new_game(app, match.game_id, seats, save=match.save_path)


def has_autosave() -> bool:
    path = autosave_path()
    if not path.exists():
        return False
    try:
        return not Match.load(path, keep_saving=False).state.is_over
    except SaveError:
        return True  # offer it, and explain what is wrong when chosen
