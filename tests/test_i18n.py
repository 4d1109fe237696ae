"""The language switch, counted sentences, numbers and Japanese line breaking."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme, wrap
from game.words import i18n
from game.words.i18n import _, ngettext


def test_switching_language_takes_effect_at_once():
    assert _("Settings") == "Settings"
    i18n.set_language("ja")
    assert _("Settings") == "設定"
    i18n.set_language("en")
    assert _("Settings") == "Settings"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("xx")
    assert i18n.language() == "en"


def test_a_string_missing_from_the_catalog_shows_in_english():
    i18n.set_language("ja")
    assert _("A sentence nobody translated") == "A sentence nobody translated"


def test_plurals_follow_the_catalog_rules():
    assert ngettext("{n} point", "{n} points", 1) == "{n} point"
    assert ngettext("{n} point", "{n} points", 3) == "{n} points"


def test_numbers_are_written_per_language():
    assert i18n.number(12345) == "12,345"
    assert i18n.number(1.5, 1) == "1.5"
    i18n.set_language("ja")
    assert i18n.number(12345) == "12,345"


@pytest.mark.parametrize(("env", "expected"), [("ja_JP.UTF-8", "ja"), ("en_US.UTF-8", "en"),
                                               ("C.UTF-8", "en")])
def test_the_default_language_follows_the_system_locale(monkeypatch, env, expected):
    monkeypatch.setenv("LC_ALL", env)
    assert i18n.system_language() == expected


def test_the_japanese_font_draws_japanese():
    pygame.font.init()
    i18n.set_language("en")
    latin = theme.font(40)
    i18n.set_language("ja")
    japanese = theme.font(40)
    assert japanese is not latin
    img = theme.text("東京とRoma", 40)
    assert theme.rendered_language(img) == "ja"
    # a kanji has ink (no empty box): its bounding box is nearly square
    ink = theme.text("駅", 40).get_bounding_rect()
    assert ink.width > 10 and ink.height > 10


def measure(line: str) -> int:
    """Every character 10 px wide."""
    return 10 * len(line)


def test_english_wraps_at_spaces():
    assert wrap.wrap("one two three four", 90, measure) == ["one two", "three", "four"]
    assert wrap.wrap("price 3.50 each", 100, measure) == ["price 3.50", "each"]


def test_japanese_wraps_between_characters():
    lines = wrap.wrap("あいうえおかきくけこさしすせそ", 50, measure)
    assert lines == ["あいうえお", "かきくけこ", "さしすせそ"]


@pytest.mark.parametrize("mark", list("、。」）ー・！？ッ"))
def test_no_line_begins_with_a_closing_mark(mark):
    text = "あいうえ" + mark + "かきくけこ"
    lines = wrap.wrap(text, 40, measure)  # the mark would fall at a line start
    assert all(line[0] not in wrap.NO_START for line in lines), lines
    assert "".join(lines) == text


@pytest.mark.parametrize("mark", list("「（『【"))
def test_no_line_ends_with_an_opening_bracket(mark):
    text = "あいう" + mark + "かきくけこ"
    lines = wrap.wrap(text, 40, measure)  # the bracket would end the first line
    assert all(line[-1] not in wrap.NO_END for line in lines), lines
    assert "".join(lines) == text


@pytest.mark.parametrize("text", ["遅延は1日の遅れ", "金貨12枚を払う", "あと+3日です"])
def test_a_number_stays_with_its_counter(text):
    # every width at which a line would end right after the number's last digit
    for width in range(30, 90, 10):
        lines = wrap.wrap(text, width, measure)
        assert "".join(lines) == text
        assert all(not (a[-1:].isdigit() and not b[:1].isdigit())
                   for a, b in zip(lines, lines[1:], strict=False)), (width, lines)


def test_a_latin_name_in_japanese_stays_whole():
    lines = wrap.wrap("次はNew Yorkへ向かいます", 80, measure)
    assert any("York" in line for line in lines)
    assert all("Yo" not in line or "York" in line for line in lines)
    assert "".join(lines).replace(" ", "") == "次はNewYorkへ向かいます"


def test_the_settings_screen_switches_language_at_once_and_keeps_it():
    from game.app import App
    from game.scenes.settings_scene import ROWS, SettingsScene
    from game.system.settings import Settings
    from game.ui import layout_record
    from game.ui.input import Intent

    app = App(settings=Settings(), headless=True)
    scene = SettingsScene(app)
    app.push(scene)
    scene.focus = ROWS.index("language")
    scene.handle(Intent("right"))
    assert i18n.language() == "ja"
    with layout_record.recording() as recorder:
        app.step(1)
    shown = {m.content for m in recorder.frame.texts}
    assert "設定" in shown and "<  日本語  >" in shown  # the very next frame
    assert Settings.load().language == "ja"
    app.close()


@pytest.mark.parametrize("command", [["play"], ["demo"], ["host"], ["kiosk"],
                                     ["join", "--address", "h:1"],
                                     ["spectate", "--address", "h:1"], []])
def test_every_window_command_takes_lang(command):
    from game.cli.main import build_parser

    args = build_parser().parse_args(["--lang", "ja"] + command if not command
                                     else command + ["--lang", "ja"])
    assert (getattr(args, "lang", None) or args.top_lang) == "ja"
