"""`railparty host` and `railparty join` with a window: the LAN commands of
game/cli/lan.py, given the program's window for the modes without --headless."""

from __future__ import annotations

import sys
from typing import Any

from game.words.i18n import _


def register(subparsers: Any) -> None:
    from game.cli import lan as headless_lan

    headless_lan.register(subparsers, host_window=host_window, join_window=join_window)


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def host_window(host: Any, player: str, resumed: Any) -> int:
    """The window on the lobby of this host; the host's own player plays in-process."""
    from game.cli.play import open_app
    from game.scenes import nav

    app = open_app()
    if app is None:
        return 2
    try:
        host.start()
    except OSError as exc:
        from game.words.host_words import words_of
        from game.words.os_words import os_reason

        _say(_("Cannot host: {reason}").format(reason=words_of(os_reason(exc))))
        app.close()
        return 2
    try:
        nav.to_title(app)
        token = None
        if resumed is not None:
            # the host's own seat is the human seat saved under this player's name
            token = next((s.token for s in resumed.seats if s.name == player and s.token),
                         None)
            _say((_("a resumed game: {name} takes back their seat") if token else
                  _("a resumed game: no seat of '{name}' in it, so the window watches")).format(
                      name=player))
        if resumed is not None and token is None:
            client = host.join_local(player, role="spectator")
        else:
            client = host.join_local(player, token=token)
        app.push(nav.screen("lobby", app, client, host))
        app.run()
    finally:
        host.stop()
        app.close()
    return 0


def join_window(client: Any) -> int:
    """Play the seat by hand: the window opens on the lobby of that host."""
    from game.cli.play import open_app
    from game.scenes import nav

    app = open_app()
    if app is None:
        return 2
    client.start()
    try:
        nav.to_title(app)
        app.push(nav.screen("lobby", app, client))
        app.run()
    finally:
        client.stop()
        app.close()
    return 0
