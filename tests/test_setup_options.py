"""The setup screen's game options: words a player reads, and only choices the
table can play (Railway Tricks' teams need exactly four seats)."""

from __future__ import annotations

import os

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402


def key(app: App, k: int) -> None:
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def tricks_setup(app: App, players: int):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app)
    app.push(setup)
    setup.game = setup.games.index("railway-tricks")
    setup.count = players
    setup._clamp_count()
    app.step(1)
    return setup


def test_options_read_as_words(app):
    setup = tricks_setup(app, 4)
    labels = [setup._row_text(row)[0] for row in setup.rows() if row.startswith("option:")]
    assert labels == ["Expert lane", "Teams of two"]
    assert not any(raw in " ".join(labels) for raw in ("expert", "teams", "Option:"))


def test_teams_are_offered_only_with_four_players(app):
    setup = tricks_setup(app, 3)
    setup.row = setup.rows().index("option:teams")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    assert setup.game_options()["teams"] is False, "no teams at a table of three"
    label, value, _ = setup._row_text("option:teams")
    assert value == "4 players only"
    setup.count = 4
    setup._clamp_count()
    setup.row = setup.rows().index("option:teams")  # a fourth seat row moved it down
    key(app, pygame.K_RETURN)
    assert setup.game_options()["teams"] is True
    setup.row = setup.rows().index("players")
    key(app, pygame.K_LEFT)  # down to three players: the teams go
    assert setup.count == 3 and setup.game_options()["teams"] is False


def test_an_impossible_table_is_refused_before_the_save_question(app):
    from game.scenes.confirm import ConfirmScene
    from game.system.paths import autosave_path

    Match("routes-usa", [Seat("A", "red"), Seat("B", "blue")], 1,
          save_path=autosave_path()).save(autosave_path())
    setup = tricks_setup(app, 3)
    setup.options["railway-tricks"]["teams"] = True  # as an old screen might have left it
    setup.start()
    assert not isinstance(app.top, ConfirmScene), "refused first, not after the question"
    assert app.top is setup
    assert any("4" in message for message, _, _ in app.toasts)


def test_a_seat_added_never_shares_a_colour_already_chosen(app):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app)
    app.push(setup)
    setup.count = 3
    setup._clamp_count()
    setup.row, setup.col = setup.rows().index("seat0"), 2
    key(app, pygame.K_RETURN)  # red -> (blue, green taken) yellow: the colour seat 4 would get
    assert setup.seats()[0].color == "yellow"
    setup.row = setup.rows().index("players")
    key(app, pygame.K_RIGHT)  # a fourth seat joins
    colors = [seat.color for seat in setup.seats()]
    assert len(colors) == 4 and len(set(colors)) == 4, colors
    setup.start()
    assert not any("same colour" in message for message, _, _ in app.toasts)


def test_left_and_right_change_a_seat_as_the_footer_says(app):
    """On a seat's row Left/Right change what is focused (who plays it, its
    colour), as the footer says; Tab walks from box to box."""
    from game.scenes.setup import SetupScene

    setup = SetupScene(app)
    app.push(setup)
    app.step(1)
    while setup.rows()[setup.row] != "seat1":
        key(app, pygame.K_DOWN)
    before = setup.kind_label(1)
    key(app, pygame.K_RIGHT)
    assert setup.kind_label(1) != before
    key(app, pygame.K_LEFT)
    assert setup.kind_label(1) == before
    key(app, pygame.K_TAB)            # to the name
    key(app, pygame.K_TAB)            # to the colour
    colour = setup.seats()[1].color
    key(app, pygame.K_RIGHT)
    assert setup.seats()[1].color != colour and setup.rows()[setup.row] == "seat1"
    key(app, pygame.K_TAB)            # past the last box: the next row
    assert setup.rows()[setup.row] == "seat2"
