"""Default bot seat names and the deck's back are drawn in the player's language;
the names stay English in saves (they are data)."""

from __future__ import annotations

import pytest

from game.tables.seat_names import shown_name
from game.words import i18n


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_a_default_bot_name_is_shown_in_japanese(japanese):
    assert shown_name("Normal bot 3") == "ふつうボット 3"
    assert shown_name("Hard bot 12") == "むずかしいボット 12"
    for own in ("Ada", "Normal bot", "My Normal bot 3", "Normal bot 3b", ""):
        assert shown_name(own) == own                 # a player's own name is never touched


def test_english_keeps_the_default_bot_name():
    assert shown_name("Easy bot 1") == "Easy bot 1"


def test_the_table_shows_bot_names_in_japanese_and_the_save_keeps_english(japanese):
    from game.app import App
    from game.scenes import nav
    from game.system.settings import Settings
    from game.tables.match import Match, default_seats
    from game.tables.session import LocalSession
    from game.ui import layout_record

    app = App(settings=Settings(), headless=True)
    i18n.set_language("ja")                           # the App set the saved language
    try:
        match = Match("routes-usa", default_seats("routes-usa", 0, 2), 5)
        assert match.seats[0].name.endswith(" bot 1")
        scene = nav.board_scene(app, LocalSession(match), on_exit=lambda: None, kiosk=True)
        app.push(scene)
        with layout_record.recording() as recorder:
            app.step(1)
        shown = {m.content for m in recorder.frame.texts}
        assert scene.seat_name(0).endswith("ボット 1"), scene.seat_name(0)
        assert any("ボット 1" in text for text in shown), shown
        assert "鉄道" in shown                       # the deck's back
        assert not any(text.endswith(" bot 1") for text in shown)
        assert match.seats[0].name.endswith(" bot 1")  # the data is as it was
    finally:
        app.close()


def test_a_default_bot_name_is_not_followed_by_its_level_again(japanese):
    from types import SimpleNamespace

    from game.scenes.table_panels import TablePanels

    panel = SimpleNamespace(seat_info=[{"name": "Normal bot 1", "kind": "bot", "bot": "greedy"},
                                       {"name": "Ada", "kind": "bot", "bot": "greedy"}])
    assert TablePanels.seat_label(panel, 0) == "ふつうボット 1"
    assert TablePanels.seat_label(panel, 1).startswith("Ada") and "ふつう" in \
        TablePanels.seat_label(panel, 1)
