"""What a Japanese screen shows reads as Japanese: no English initials on the
race's bonus chips, Japanese default names, the seeds' place names, numbers
kept with their counters, and a seat's note that fits its row."""

from __future__ import annotations

import re

import pygame
import pytest

from game.words import i18n

pygame.font.init()


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_a_bonus_chip_carries_no_english_letter(monkeypatch):
    from game.scenes.boards.race import pieces
    from game.ui import theme

    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda s, text, *a, **k: (drawn.append(text),
                                                                      real(s, text, *a, **k)))
    pieces.chip.cache_clear()
    for kind in ("coin", "travel", "event", "delay_others"):
        pieces.chip("red", kind, 14)
    pieces.chip.cache_clear()
    assert drawn and not [t for t in drawn if re.search("[A-Za-z]", t)], drawn


def test_the_bonus_chip_rules_name_no_letters(japanese):
    from game.scenes.boards.race.rules_pages import pages

    chips = next(p for p in pages("eighty-days", {}) if p.title == "ボーナスチップ")
    assert not re.search("[A-Za-z]", " ".join(chips.text)), chips.text


def test_default_seat_names_are_japanese_under_japanese(japanese):
    from game.tables.seats import DEFAULT_NAMES, default_name

    names = [default_name(i) for i in range(len(DEFAULT_NAMES))]
    assert not [n for n in names if re.search("[A-Za-z]", n)], names
    assert len(set(names)) == len(names)
    with i18n.speaking("en"):
        assert [default_name(i) for i in range(len(DEFAULT_NAMES))] == list(DEFAULT_NAMES)


def test_setup_offers_japanese_defaults_and_a_chosen_name_stays_as_written(app, japanese):
    from game.scenes import nav
    from game.tables.seat_names import shown_name

    i18n.set_language("ja")                       # the App set the saved language
    setup = nav.screen("setup", app)
    seats = setup.seats()
    assert seats[0].name == "さくら", [s.name for s in seats]
    assert shown_name("Alice") == "Alice"         # saved data is never translated
    setup.names[1] = ""
    assert setup.seats()[1].name == "はると"       # a name left blank: the default


def test_places_are_named_as_the_seeds_name_them(japanese):
    from game.words.places import place

    assert place("Cagliari") == "カリアリ"


def test_a_race_seats_note_is_drawn_whole_in_japanese(app, japanese):
    from game.scenes import nav
    from game.tables.match import Match, default_seats
    from game.tables.session import LocalSession
    from game.ui import layout_record

    i18n.set_language("ja")                        # the App set the saved language
    match = Match("eighty-days", default_seats("eighty-days", 0, 3), 5)
    scene = nav.board_scene(app, LocalSession(match), on_exit=lambda: None)
    app.push(scene)
    with layout_record.recording() as recorder:
        app.step(1)
    shown = [m.content for m in recorder.frame.texts]
    start = match.state.view(0)["start_player"]
    note = scene.player_note(start)
    assert note in shown and "スタートプレイヤー" in note, (note, shown)
    cut = [text for text in shown if text.endswith("…") and "スタ" in text]
    assert not cut, cut
