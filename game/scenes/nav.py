"""Screens reached by name, and board scenes found by game family.

Screens lead to each other in circles (title -> setup -> board -> results ->
title); importing each other would make import cycles. So a screen asks for
another by name here, and the module is imported only then. A game's board
scene lives in `game.scenes.boards.<family>` as `SCENE`; nothing here names a
game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from game.rules import game_info
from game.scenes.base import Scene

SCREENS: dict[str, str] = {
    "title": "game.scenes.title:TitleScene",
    "setup": "game.scenes.setup:SetupScene",
    "settings": "game.scenes.settings_scene:SettingsScene",
    "join": "game.scenes.lan_join:JoinScene",
    "host": "game.scenes.lan_host:HostSetupScene",
    "lobby": "game.scenes.lan_lobby:LobbyScene",
    "results": "game.scenes.results:ResultsScene",
    "kiosk": "game.scenes.kiosk:KioskScene",
    "replays": "game.scenes.replay:ReplaysScene",
    "learn": "game.scenes.learn_pick:LearnPickScene",
}


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def screen(name: str, app: Any, *args: Any, **kwargs: Any) -> Scene:
    """A new screen by name (see SCREENS)."""
    return _load(SCREENS[name])(app, *args, **kwargs)


def board_scene(app: Any, session: Any, on_exit: Callable[[], None] | None = None,
                **kwargs: Any) -> Scene:
    """The board scene of the session's game, found through its family."""
    family = game_info(session.game_id).family
    module = importlib.import_module(f"game.scenes.boards.{family}")
    return module.SCENE(app, session, on_exit=on_exit, **kwargs)


def rules_screen(app: Any, game_id: str, options: dict[str, Any] | None = None,
                 on_close: Callable[[], None] | None = None) -> Scene:
    """The paged rules of a game, from its family's `rules_pages.pages(game_id,
    options)`: a board's Esc menu and the setup screen open the same pages."""
    from game.scenes.rules_book import RulesScene

    info = game_info(game_id)
    module = importlib.import_module(f"game.scenes.boards.{info.family}.rules_pages")
    return RulesScene(app, info.name, module.pages(game_id, dict(options or {})),
                      on_close=on_close)


def to_title(app: Any) -> None:
    app.reset(screen("title", app))


def to_join_list(app: Any, name: str | None = None, notice: str | None = None) -> None:
    """Back to the LAN join list (above the title), saying why on it."""
    app.reset(screen("title", app))
    app.push(screen("join", app, name or "Player", notice=notice))
