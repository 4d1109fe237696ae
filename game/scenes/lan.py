"""LAN screens, one module each: join (`lan_join`), host setup (`lan_host`) and
the lobby (`lan_lobby`). Names stay importable from here."""

from __future__ import annotations

from game.scenes.lan_field import MAX_FIELD, STATE_WORDS, TextField
from game.scenes.lan_host import HostSetupScene
from game.scenes.lan_join import JoinScene
from game.scenes.lan_lobby import LobbyScene

__all__ = ["MAX_FIELD", "STATE_WORDS", "HostSetupScene", "JoinScene", "LobbyScene", "TextField"]
