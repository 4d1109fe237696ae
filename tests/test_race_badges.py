"""The race board's leg badges ("12 days or Elephant") are never crossed by a
line drawn after them (a city's line to its name plate ran through the "2")."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.boards.race import board_layer
from game.scenes.flow import start_match
from game.system.settings import Settings
from game.tables.match import Match, default_seats
from game.words import i18n


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_line_is_drawn_over_a_leg_badge(monkeypatch, lang):
    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    i18n.set_language(lang)
    try:
        start_match(app, Match("eighty-days", default_seats("eighty-days", 1, 2), 3))
        scene = app.stack[0]
        drawn: list[tuple] = []
        real_line = pygame.draw.line
        real_badge = board_layer.RaceBoardLayer._draw_badge

        def line(surface, color, start, end, width=1):
            drawn.append(("line", start, end))
            return real_line(surface, color, start, end, width)

        def badge(self, surface, index, leader=False):
            real_badge(self, surface, index, leader)
            if not leader:
                drawn.append(("badge", self.badges[index]))

        monkeypatch.setattr(pygame.draw, "line", line)
        monkeypatch.setattr(board_layer.RaceBoardLayer, "_draw_badge", badge)
        scene.static = None
        scene._static_layer()
        badges = [entry[1] for entry in drawn if entry[0] == "badge"]
        assert badges, "no badge was drawn"
        for k, entry in enumerate(drawn):
            if entry[0] != "line":
                continue
            before = [e[1] for e in drawn[:k] if e[0] == "badge"]
            crossed = [box for box in before if box.inflate(-8, -8).clipline(entry[1], entry[2])]
            assert not crossed, f"a line {entry[1]}->{entry[2]} crosses the badge {crossed}"
    finally:
        i18n.set_language("en")
        app.close()
