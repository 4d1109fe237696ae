"""The layout checker's rules on frames drawn for the purpose."""

from __future__ import annotations

import pygame

from game.ui import layout_check, layout_record, theme
from game.ui.widgets import Button, panel, shade


def frame(draw) -> list[layout_record.Mark]:
    pygame.font.init()
    surface = pygame.Surface((1920, 1080))
    with layout_record.recording() as recorder:
        recorder.begin(surface)
        draw(surface)
    return recorder.frame.marks


def test_two_texts_on_each_other_are_found():
    def draw(s):
        theme.blit_text(s, "Open the lobby", (100, 100), 42)
        theme.blit_text(s, "Players join from Join", (200, 110), 32)

    found = layout_check.problems(frame(draw))
    assert len(found) == 1 and "overlap" in found[0]


def test_a_box_drawn_between_covers_what_is_beneath():
    def draw(s):
        theme.blit_text(s, "board text", (100, 100), 42)
        shade(s, 140)
        panel(s, pygame.Rect(50, 50, 600, 200))
        theme.blit_text(s, "dialog text", (110, 105), 42)

    assert layout_check.problems(frame(draw)) == []


def test_text_on_a_button_it_does_not_belong_to():
    button = Button("Quit", pygame.Rect(700, 950, 460, 80), lambda: None)

    def draw(s):
        button.draw(s)
        theme.blit_text(s, "Arrows / d-pad to choose", (960, 1035), 30, anchor="center")

    found = layout_check.problems(frame(draw))
    assert len(found) == 1 and "button it does not belong to" in found[0]


def test_a_button_label_belongs_to_its_button():
    def draw(s):
        Button("Resume", pygame.Rect(700, 400, 460, 80), lambda: None).draw(s)

    assert layout_check.problems(frame(draw)) == []


def test_text_running_out_of_its_panel_or_under_a_later_one():
    def out(s):
        panel(s, pygame.Rect(300, 900, 1300, 84))
        theme.blit_text(s, "Left/right change a setting", (960, 980), 32, anchor="center")

    def hidden(s):
        theme.blit_text(s, "the last log line", (1500, 1040), 24)
        panel(s, pygame.Rect(1400, 1030, 500, 40))

    assert "runs out of its panel" in layout_check.problems(frame(out))[0]
    assert "hidden under a panel" in layout_check.problems(frame(hidden))[0]


def test_text_off_the_screen_and_parts():
    def draw(s):
        with layout_record.part("log"):
            theme.blit_text(s, "far too far right", (1900, 500), 30)

    marks = frame(draw)
    assert marks[0].part == "log"
    assert "off the screen" in layout_check.problems(marks)[0]


def test_nothing_is_kept_when_recording_is_off():
    pygame.font.init()
    surface = pygame.Surface((400, 200))
    theme.blit_text(surface, "plain drawing", (10, 10), 30)  # no recorder: no error, no marks
    with layout_record.recording() as recorder:
        pass
    assert recorder.frame.marks == []


def test_a_cached_picture_brings_its_words_where_it_lands():
    pygame.font.init()
    layer = pygame.Surface((800, 400))
    layout_record.keep(layer)  # drawn before any recording, as a board's static layer is
    theme.blit_text(layer, "London", (100, 100), 26)
    theme.blit_text(layer, "London", (100, 100), 26)  # redrawn: still one mark
    theme.blit_text(layer, "row value", (100, 300), 26)
    layout_record.forget(layer, pygame.Rect(0, 280, 800, 60))  # that row painted over
    copy = layer.copy()
    layout_record.keep(copy, layer)

    def draw(s):
        layout_record.blit_layer(s, copy, (50, 20))
        theme.blit_text(s, "Balloon!", (160, 124), 40)

    marks = frame(draw)
    assert [m.content for m in marks] == ["London", "Balloon!"]
    assert marks[0].rect.x >= 150 and marks[0].rect.y >= 120
    assert "overlap" in layout_check.problems(marks)[0]


def test_a_picture_drawn_over_text_is_found_and_one_beside_it_is_not():
    def over(s):
        theme.blit_text(s, "Brindisi", (300, 300), 26)
        layout_record.box(s, pygame.Rect(290, 290, 40, 58), "picture")

    def beside(s):
        theme.blit_text(s, "Brindisi", (300, 300), 26)
        layout_record.box(s, pygame.Rect(200, 290, 40, 58), "picture")

    found = layout_check.problems(frame(over))
    assert len(found) == 1 and "covered by a picture" in found[0]
    assert layout_check.problems(frame(beside)) == []
