"""Starting, resuming and leaving hot-seat games and couch games with phones."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from game.scenes import nav
from game.system.paths import autosave_path
from game.tables.match import Match, SaveError, Seat, new_seed
from game.tables.session import LocalSession
from game.words.host_words import said, words_of
from game.words.i18n import _
from game.words.os_words import os_reason

START_WAIT_SECONDS = 10.0


def start_match(app: Any, match: Match) -> None:
    """The table of a hot-seat game; a continued one's log tells its moves so far."""
    match.set_think_ms(app.settings.bot_think_ms)
    keep_history(app, match)
    session = LocalSession(match)
    table = nav.board_scene(app, session, on_exit=lambda: nav.to_title(app))
    if match.version:
        table.retell(match.told())
    app.reset(table)


def keep_history(app: Any, match: Match) -> None:
    """Keep the game in the history folder after every move, if the setting allows."""
    from game.story.history import HistoryKeeper

    if getattr(app.settings, "keep_history", True):
        match.history = HistoryKeeper("hot-seat", interval=0.0)


def new_game(app: Any, game_id: str, seats: list[Seat], seed: int | None = None,
             save: Path | None = None, options: dict[str, Any] | None = None,
             hints: bool = True) -> None:
    seed = new_seed() if seed is None else seed
    match = Match(game_id, seats, seed, dict(options or {}),
                  save_path=save if save else autosave_path(), hints=hints)
    match.save(match.save_path)
    start_match(app, match)


def new_phone_game(app: Any, game_id: str, seats: list[Seat], phones: set[int],
                   options: dict[str, Any] | None = None, **host_options: Any) -> Any:
    """A couch game in which the seats in `phones` are played on phones: the
    LAN host runs in this process and serves the phone page (net/host/couch.py);
    the table follows it (game/tables/couch_session.py). Saved where a hot-seat game
    is, so Continue resumes it with its phones (`continue_game`). Returns the
    session; OSError when the host cannot listen."""
    from net.host.couch import HOT_SEAT, PHONE, CouchSeat, start_couch_game

    plan = [CouchSeat(s.name, s.color, PHONE if i in phones else s.bot or HOT_SEAT)
            for i, s in enumerate(seats)]
    host = couch_host_options(app, options=dict(options or {}), **host_options)
    return open_couch_table(app, start_couch_game(game_id, plan, **host))


def couch_host_options(app: Any, **host_options: Any) -> dict[str, Any]:
    """The couch host's options from the settings (think time, pace, history),
    saved where a hot-seat game is, on the phone page's well-known port when free."""
    from net.host.web import pick_web_port

    settings = app.settings
    options: dict[str, Any] = dict(
        save_path=autosave_path(), think_ms=settings.bot_think_ms,
        bot_delay=settings.bot_pace, keep_history=getattr(settings, "keep_history", True),
        colour_aid=bool(getattr(settings, "colorblind", False)))
    options.update(host_options)
    if "web_port" not in options:   # the well-known port when free (phones retry it)
        options["web_port"] = pick_web_port(options.get("bind", "0.0.0.0"))
    return options


def open_couch_table(app: Any, game: Any, told: list[list[Any]] | None = None) -> Any:
    """The table of a running couch game (net/host/couch.py), once every one of
    its clients has its first view; returns the session. `told`: the updates
    of a continued game's moves so far, for its log. OSError when the host
    does not answer in time."""
    from game.tables.couch_session import CouchSession

    # the host is in this process: its first sync to every client takes
    # milliseconds, and the table needs the TV's view from its first frame
    deadline = time.monotonic() + START_WAIT_SECONDS
    clients = [game.tv, *game.seats.values()]
    while not all(c.snapshot()["view"] is not None for c in clients):
        if time.monotonic() > deadline:
            game.stop()
            raise OSError("the game's host did not start in time")
        time.sleep(0.005)
    session = CouchSession(game)

    def leave() -> None:
        session.stop()
        nav.to_title(app)

    table = nav.board_scene(app, session, on_exit=leave)
    if told:
        table.retell(told)
    app.reset(table)
    return session


def continue_game(app: Any, path: Path | None = None, **host_options: Any) -> bool:
    """Resume a save; a missing or corrupt one shows a message and returns False.
    A couch game with phones comes back as one (its host's journal read too,
    which holds its last moves); `host_options` go to that host."""
    path = path or autosave_path()
    try:
        match = Match.load(path)
        if any(seat.phone for seat in match.seats):
            from net.host.saving import load_hosted

            match = load_hosted(path)
    except SaveError as exc:
        app.toast(said(exc), seconds=5)
        return False
    if match.state.is_over:
        app.toast(_("That game is already over"), seconds=4)
        return False
    if any(seat.phone for seat in match.seats):
        return _resume_phone_game(app, match, path, host_options)
    start_match(app, match)
    return True


def _resume_phone_game(app: Any, match: Match, path: Path,
                       host_options: dict[str, Any]) -> bool:
    from net.host.couch import resume_couch_game

    told = match.told()     # before its host plays on with the match
    try:
        options = couch_host_options(app, **dict(dict(save_path=path), **host_options))
        open_couch_table(app, resume_couch_game(match, **options), told)
    except OSError as exc:     # the phone page's host cannot listen here
        app.toast(_("Cannot host: {reason}").format(reason=words_of(os_reason(exc))),
                  seconds=6)
        return False
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
