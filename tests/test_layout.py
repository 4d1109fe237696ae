"""Every screen of every game, checked for text that overlaps.

The tour is tools/screenshots.py's (menus, each game's hand-off, board,
choices, Esc menu, every rules page, leave question and results, the title
with Continue, the kiosk), walked with text recording on
(game/ui/layout_record.py): each frame's texts, buttons and panels go to
game/ui/layout_check.py, which finds two texts overlapping, a text on a
button it does not belong to, a text running out of its panel or off the
screen. New games and new pages are checked as soon as the registry or the
Esc menu offers them.

The window is a logical 1920x1080 surface that SDL scales to the window
(game/app.py), so at 1280x720 every rectangle is the same one scaled by 2/3:
the 720p check maps the recorded frames to the smaller window, where a gap
of a pixel or two closes.
"""

from __future__ import annotations

import re

import pygame
import pytest

from game.rules import GAMES
from game.ui import layout_check, layout_record
from game.ui.layout_record import Mark

WINDOWS = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}
KIOSK_LEGIBLE_PX = 24  # what a spectator must read from the sofa, at 1080p
SPECTATOR_PARTS = ("status", "players", "log")  # whose turn, the scores, what happened


class RecordingShooter:
    """tools/screenshot_driver.Shooter with `shot` recording the frame, not saving it."""

    def __init__(self) -> None:
        from tools import screenshots
        from tools.screenshot_driver import Shooter

        class Recorder(Shooter):
            def __init__(self) -> None:
                super().__init__(out=None)
                self.frames: dict[str, list[Mark]] = {}

            def shot(self, name: str, ticks: int = 1) -> None:
                with layout_record.recording() as recorder:
                    self.app.step(ticks)
                self.frames[name] = recorder.frame.marks

        self.module = screenshots
        self.shooter = Recorder()


LATIN_IN_JAPANESE: dict[str, list[str]] = {}  # per language: lines not drawn in its font
ENGLISH_IN_JAPANESE: dict[str, list[str]] = {}  # per language: lines with English words
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
HOST_KEY = re.compile(r"[A-Z0-9]{4}(?:-[A-Z0-9]{4}){3}|コード [A-Z0-9]{6}")  # keys, join codes
# Latin words a Japanese screen rightly shows: the tour's and the guided games'
# seat and table names (data, shown as typed), the companies' names, keys, and the rulebooks' own
# Latin (SL cards, the LAN, the title's logo)
NOT_ENGLISH = {
    "Alice", "Bob", "Carmen", "Dmitri", "Emeka", "Fatima", "Cleo", "Dan", "Ada", "Ben",
    "Cy", "Di", "Hana", "Otto", "Giulia", "Marco", "Sam", "Screenshot", "table", "Friday", "rails",
    "at", "the", "big", "Kitchen",
    "Old", "laptop", "Someone", "newer", "copy", "Living", "room", "Host",
    "NYC", "PRR", "Erie", "SL", "LAN", "ALL", "RAIL", "PARTY", "Rail", "Party", "RT",
    "Enter", "Esc", "Space", "PgUp", "PgDn", "F11", "openskill", "mu", "sigma", "JSON",
    "kB", "MB",
}


@pytest.fixture(scope="module", params=["en", "ja"])
def tour(request, tmp_path_factory) -> dict[str, list[Mark]]:
    """Every screen of the screenshot tour in each language, recorded (about
    ten seconds each), in folders of its own (the tour saves a game for the
    title's Continue). In Japanese every line drawn is also checked for the
    font that rendered it."""
    from game.ui import theme
    from game.words import i18n

    lang = request.param
    wrong: list[str] = []
    english_lines: set[str] = set()
    record_text = layout_record.text

    def checked(surface, rect, content, size, img=None, *args, **kwargs):
        if (lang == "ja" and img is not None and theme.rendered_language(img) != "ja"
                and not theme.is_numeral(content)):
            wrong.append(content)
        if lang == "ja" and isinstance(content, str):
            words = ENGLISH_WORD.findall(HOST_KEY.sub("", content))
            if any(w not in NOT_ENGLISH for w in words):
                english_lines.add(content)
        return record_text(surface, rect, content, size, img, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAILPARTY_HOME", str(tmp_path_factory.mktemp(f"tour-home-{lang}")))
        patch.setattr(layout_record, "text", checked)
        i18n.pin(lang)
        try:
            holder = RecordingShooter()
            holder.module.tour(holder.shooter)
            holder.shooter.app.close()
        finally:
            i18n.pin(None)
            i18n.set_language("en")
    LATIN_IN_JAPANESE[lang] = wrong
    ENGLISH_IN_JAPANESE[lang] = sorted(english_lines)
    return holder.shooter.frames


def test_japanese_screens_draw_every_line_in_the_japanese_font(tour, request):
    """In Japanese every line (Latin names too) is drawn with the Japanese
    font, so no line shows missing-glyph boxes (a bare number keeps the Latin
    font's digits in both languages); the English tour has nothing to check."""
    wrong = LATIN_IN_JAPANESE[request.node.callspec.params["tour"]]
    assert not wrong, f"{len(wrong)} lines not in the Japanese font: {sorted(set(wrong))[:20]}"


def test_japanese_screens_show_no_english_words(tour, request):
    """A Japanese screen shows no English a player reads: every line the tour
    draws is checked for Latin words outside the names and the rulebooks' own
    Latin (a word pasted in code, not through the catalog, shows up here)."""
    english = ENGLISH_IN_JAPANESE.get(request.node.callspec.params["tour"], [])
    assert not english, f"{len(english)} lines with English: {english[:30]}"


def scaled(marks: list[Mark], factor: float) -> list[Mark]:
    def rect(r: pygame.Rect) -> pygame.Rect:
        left, top = round(r.left * factor), round(r.top * factor)
        return pygame.Rect(left, top, round(r.right * factor) - left,
                           round(r.bottom * factor) - top)

    return [Mark(m.kind, rect(m.rect), m.order, m.layer, m.owner, m.content, m.size,
                 m.line_height, m.part) for m in marks]


def test_the_tour_sees_every_kind_of_screen(tour):
    """The tour reaches what the layout test promises to check."""
    names = set(tour)
    for screen in ("title", "title-continue", "setup", "setup-message", "setup-full",
                   "settings", "join", "join-games", "host", "lobby", "setup-phones",
                   "couch-handoff", "couch-table", "couch-menu"):
        assert screen in names, screen
    for game_id in GAMES:
        for part in ("handoff", "board", "menu", "rules", "leave", "results",
                     "results-board"):
            assert f"{game_id}-{part}" in names, (game_id, part)
        assert f"kiosk-{game_id}" in names, game_id
    assert any(name.endswith("-tickets") for name in names)  # a choice
    assert any(name.endswith("-handoff-recap") for name in names)  # a hand-off, filled
    assert "race-detective" in names  # a choice that scrolls, with a subtitle
    from game.learn import games_with_lessons
    assert "learn" in names
    for game_id in games_with_lessons():   # a guided game: its coach panel, its end
        for part in ("1", "wrong", "end"):
            assert f"learn-{game_id}-{part}" in names, (game_id, part)
        assert f"setup-learn-{game_id}" in names, game_id
    assert all(any(m.kind == "text" for m in marks) for marks in tour.values())


@pytest.mark.parametrize("window", list(WINDOWS))
def test_no_text_overlaps_on_any_screen(tour, window):
    factor = WINDOWS[window][1] / 1080
    screen = pygame.Rect(0, 0, *WINDOWS[window])
    found = []
    for name, marks in tour.items():
        for problem in layout_check.problems(scaled(marks, factor), screen,
                                             max(1, round(layout_check.CLEARANCE * factor))):
            found.append(f"{name}: {problem}")
    assert not found, f"{len(found)} layout problems at {window}:\n" + "\n".join(found)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_kiosk_is_readable_from_the_sofa(tour, game_id):
    """Whose turn, the scores and what just happened: at least 24 px high at 1080p."""
    texts = [m for m in tour[f"kiosk-{game_id}"] if m.kind == "text"]
    for part in SPECTATOR_PARTS:
        assert any(m.part == part for m in texts), f"the kiosk shows no {part}"
    small = [f"{m.part}: {m.content!r} ({m.line_height} px)" for m in texts
             if m.part in SPECTATOR_PARTS and m.line_height < KIOSK_LEGIBLE_PX]
    assert not small, "kiosk text under 24 px:\n" + "\n".join(small)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_kiosk_numbers_each_seat_as_the_board_badges_do(tour, game_id):
    """Owner badges on a board carry seat numbers; the kiosk's rows are their key."""
    texts = [m for m in tour[f"kiosk-{game_id}"] if m.kind == "text" and m.part == "players"]
    left = min(m.rect.left for m in texts)
    numbers = sorted(m.content for m in texts if m.rect.left < left + 30 and m.content.isdigit())
    seats = len(numbers)
    assert seats >= 2 and numbers == sorted(str(n + 1) for n in range(seats))
    assert all(m.line_height >= KIOSK_LEGIBLE_PX for m in texts if m.content in numbers)


PLAYER_LEGIBLE_SIZE = 21  # at 1080p; 14 px at 1280x720, where the frame is drawn at 2/3


def test_a_players_panel_log_and_status_stay_readable_at_720p(tour):
    """Player notes and column headers were 18-20 px: 12-13 px at 1280x720."""
    small = sorted({f"{name.split('-')[0]} {m.part}: {m.content!r} ({m.size} px)"
                    for name, marks in tour.items() if not name.startswith("kiosk")
                    for m in marks if m.kind == "text" and m.part in SPECTATOR_PARTS
                    and m.content.strip() and m.size < PLAYER_LEGIBLE_SIZE})
    assert not small, "text a player must read under 21 px:\n" + "\n".join(small)


def test_every_japanese_line_is_24_px_high_at_1080p(tour, request):
    """Kanji read smaller than Latin letters at the same size, so every line
    a Japanese screen draws (bare numbers keep the Latin font and its size)
    is held to the sofa's floor: its line at least 24 px high at 1080p. The
    English tour has nothing to check."""
    if request.node.callspec.params["tour"] != "ja":
        return
    from game.ui import theme

    small: dict[tuple[int, str], list[str]] = {}
    for name, marks in tour.items():
        for m in marks:
            if (m.kind == "text" and m.content.strip() and not theme.is_numeral(m.content)
                    and m.line_height < KIOSK_LEGIBLE_PX):
                small.setdefault((m.line_height, m.content), []).append(name)
    lines = [f"{px} px {text!r} on {screens[0]} and {len(screens) - 1} more"
             for (px, text), screens in sorted(small.items())]
    assert not small, (f"{len(small)} Japanese lines under {KIOSK_LEGIBLE_PX} px:\n"
                       + "\n".join(lines[:60]))
