"""Starting, resuming and leaving hot-seat games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.i18n import _
from game.match import Match, SaveError, Seat, new_seed
from game.paths import autosave_path
from game.scenes import nav
from game.session import LocalSession


def start_match(app: Any, match: Match) -> None:
    match.set_think_ms(app.settings.bot_think_ms)
    keep_history(app, match)
    session = LocalSession(match)
    app.reset(nav.board_scene(app, session, on_exit=lambda: nav.to_title(app)))


def keep_history(app: Any, match: Match) -> None:
    """Keep the game in the history folder after every move, if the setting allows."""
    from game.history import HistoryKeeper

    if getattr(app.settings, "keep_history", True):
        match.history = HistoryKeeper("hot-seat", interval=0.0)


def new_game(app: Any, game_id: str, seats: list[Seat], seed: int | None = None,
             save: Path | None = None, options: dict[str, Any] | None = None) -> None:
    seed = new_seed() if seed is None else seed
    match = Match(game_id, seats, seed, dict(options or {}),
                  save_path=save if save else autosave_path())
    match.save(match.save_path)
    start_match(app, match)


def continue_game(app: Any, path: Path | None = None) -> bool:
    """Resume a save; a missing or corrupt one shows a message and returns False."""
    path = path or autosave_path()
    try:
        match = Match.load(path)
    except SaveError as exc:
        app.toast(str(exc), seconds=5)
        return False
    if match.state.is_over:
        app.toast(_("That game is already over"), seconds=4)
        return False
    start_match(app, match)
    return True


def unfinished_autosave() -> bool:
    """Whether Continue has a game to offer (a damaged save is offered too:
    choosing it explains what is wrong)."""
    path = autosave_path()
    if not path.exists():
        return False
    try:
        return not Match.load(path, keep_saving=False).state.is_over
    except SaveError:
        return True
