"""Drawing the race over a game (game/story/race_chart.py) on the results screen:
one line per seat in its colour, numbered rings where the lead changed, and
those moments named beside the chart. Read from the sofa: every word is
drawn at size 26 or more on the 1080p surface, the lines are thick,
and a lead change not named in the list (or too close to another to
number) is a small dot, not an empty ring."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.story.race_chart import Race
from game.ui import theme, wrap
from game.ui.widgets import panel
from game.words.i18n import _

MAX_NAMED = 8     # lead changes named in the list (the last ones: the race's end matters)
MOST_LINES = 3    # lines one lead change's words may take in the list
LINE_STEP = 30    # from one line of the list to the next
SIDES_ROOM = 220  # kept under the list for the chart of the other things that raced


def draw_race(surface: pygame.Surface, rect: pygame.Rect, race: Race, label: str,
              names: Sequence[str], colors: Sequence[tuple[int, int, int]],
              progress: float = 1.0) -> None:
    """The chart in `rect`: lines drawn up to `progress` (0..1) of the game."""
    panel(surface, rect, (34, 40, 54), theme.PANEL_EDGE, 14, 2)
    side = min(560, rect.width // 3)
    plot = pygame.Rect(rect.x + 100, rect.y + 64, rect.width - side - 140, rect.height - 170)
    theme.blit_text(surface, label, (rect.x + 24, rect.y + 14), 32, theme.TEXT, True)
    values = [v for line in race.series for v in line] or [0]
    low, high = min(0, min(values)), max(values)
    if high == low:
        high = low + 1
    moves = max(1, race.moves)

    def at(move: float, value: float) -> tuple[int, int]:
        x = plot.x + plot.width * move / moves
        y = plot.bottom - plot.height * (value - low) / (high - low)
        return round(x), round(y)

    # the axes and a few value lines
    for k in range(5):
        value = low + (high - low) * k / 4
        y = at(0, value)[1]
        pygame.draw.line(surface, (52, 60, 78), (plot.x, y), (plot.right, y), 1)
        theme.blit_text(surface, str(round(value)), (plot.x - 12, y), 28, theme.TEXT_DIM,
                        anchor="midright")
    pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, plot.bottom), (plot.right, plot.bottom), 2)
    pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, plot.y), (plot.x, plot.bottom), 2)
    moves_word = theme.blit_text(surface, _("moves"), (plot.right, plot.bottom + 8), 28,
                                 theme.TEXT_DIM, anchor="topright")
    theme.blit_text(surface, "0", (plot.x, plot.bottom + 8), 28, theme.TEXT_DIM,
                    anchor="midtop")
    theme.blit_text(surface, str(race.moves), (moves_word.x - 16, plot.bottom + 8), 28,
                    theme.TEXT_DIM, anchor="topright")
    shown = max(1, round(race.moves * progress))
    for seat, line in enumerate(race.series):
        points = [at(m, v) for m, v in enumerate(line[:shown + 1])]
        if len(points) > 1:
            pygame.draw.lines(surface, (16, 18, 24), False, points, 9)
            pygame.draw.lines(surface, colors[seat], False, points, 5)
        if points:
            pygame.draw.circle(surface, colors[seat], points[-1], 8)
    x, y = rect.right - side - 10, rect.y + 56
    # the lead changes named beside the chart: the last ones, as many as their
    # words leave room for (wrapped whole, never cut mid-sentence)
    room = rect.bottom - 60 - (SIDES_ROOM if race.sides else 0) - y
    told = _named(race, names, side - 120, room)
    named = race.changes[len(race.changes) - len(told):] if told else []
    first_number = len(race.changes) - len(named) + 1
    labelled: list[tuple[int, tuple[int, int], int]] = []
    dots: list[tuple[tuple[int, int], int]] = []
    for k, change in enumerate(race.changes):
        if change.move > shown:
            break
        spot = at(change.move, race.series[change.seat][change.move])
        # a numbered ring only where it stays readable (changes close together
        # share a spot); elsewhere, and for changes not in the list, a dot
        crowded = any(abs(spot[0] - x) < 36 and abs(spot[1] - y) < 28
                      for _n, (x, y), _s in labelled)
        if k + 1 < first_number or crowded:
            dots.append((spot, change.seat))
        else:
            labelled.append((k + 1, spot, change.seat))
    for spot, seat in dots:                 # under the numbered rings, never over one
        pygame.draw.circle(surface, (16, 18, 24), spot, 8)
        pygame.draw.circle(surface, colors[seat], spot, 6)
    for number, spot, seat in labelled:
        pygame.draw.circle(surface, (16, 18, 24), spot, 17)
        pygame.draw.circle(surface, colors[seat], spot, 17, 3)
        theme.blit_text(surface, str(number), spot, 22, theme.TEXT, True, "center")
    # the lead changes, named
    theme.blit_text(surface, _("The lead changed"), (x, rect.y + 14), 32, theme.ACCENT, True)
    if not race.changes:
        theme.blit_text(surface, _("Nobody else ever led"), (x, y), 28, theme.TEXT_DIM)
    for k, (change, (size, lines, gain)) in enumerate(zip(named, told, strict=True)):
        if change.move > shown:
            break
        pygame.draw.circle(surface, colors[change.seat], (x + 16, y + 19), 16)
        theme.blit_text(surface, str(first_number + k), (x + 16, y + 19), 22,
                        theme.readable_on(colors[change.seat]), True, "center")
        for i, part in enumerate(lines):
            theme.blit_text(surface, part, (x + 42, y + 4 + i * LINE_STEP), size, theme.TEXT)
        if gain:
            theme.blit_text(surface, gain, (rect.right - 24, y + 4), 28, colors[change.seat],
                            True, "topright")
        y += _entry_height(lines)
    if race.sides:
        _draw_sides(surface, pygame.Rect(x, max(y + 20, rect.centery - 40), side - 20,
                                         rect.bottom - 30 - max(y + 20, rect.centery - 40)),
                    race, shown)
    # who is who
    ly = rect.bottom - 46
    lx = rect.x + 100
    for seat, name in enumerate(names):
        pygame.draw.rect(surface, colors[seat], (lx, ly + 8, 32, 14), border_radius=5)
        shown_name = theme.fit_text(name, 30, 200)
        r = theme.blit_text(surface, shown_name, (lx + 40, ly), 30, theme.TEXT)
        lx = r.right + 36


def _entry_height(lines: list[str]) -> int:
    return 14 + LINE_STEP * max(1, len(lines))


def _named(race: Race, names: Sequence[str], width: int,
           room: int) -> list[tuple[int, list[str], str]]:
    """The last lead changes' words as drawn, (size, lines, gain) each, as many
    as fit `room` pixels of height (at least the last one): each wrapped
    whole at size 28, or 26 where that saves a line, and at most MOST_LINES,
    the last of them ending in an ellipsis if the words go on."""
    out: list[tuple[int, list[str], str]] = []
    used = 0
    for change in reversed(race.changes[-MAX_NAMED:]):
        text = change.text or _("{name} takes the lead").format(name=names[change.seat])
        if change.text and change.mover != change.seat:
            text = _("{name} takes the lead as {move}").format(name=names[change.seat],
                                                                move=change.text)
        if change.move == race.moves and race.final_count:  # the end's count made the gain
            text = _("{move}, then the final count").format(move=text)
        gain = f"{change.gain:+g}" if change.gain and change.mover == change.seat else ""
        if gain and gain in text:
            gain = ""
        size, lines = 28, theme.wrap_text(text, 28, width)
        smaller = theme.wrap_text(text, 26, width)
        if len(smaller) < len(lines):
            size, lines = 26, smaller
        if len(lines) > MOST_LINES:   # the rest is two lines or more: cut with an ellipsis
            rest = ("" if wrap.has_wide(text) else " ").join(lines[MOST_LINES - 1:])
            lines = lines[:MOST_LINES - 1] + [theme.fit_text(rest, size, width)]
        if out and used + _entry_height(lines) > room:
            break
        used += _entry_height(lines)
        out.append((size, lines, gain))
    return out[::-1]


def _draw_sides(surface: pygame.Surface, area: pygame.Rect, race: Race, shown: int) -> None:
    """A small chart of the other things that raced (each company's value)."""
    theme.blit_text(surface, _("Each company's value"), area.topleft, 28, theme.ACCENT, True)
    plot = pygame.Rect(area.x + 44, area.y + 40, area.width - 170, area.height - 54)
    values = [v for line in race.sides.values() for v in line] or [0]
    high = max(1, max(values))
    moves = max(1, race.moves)
    pygame.draw.line(surface, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 2)
    theme.blit_text(surface, str(round(high)), (plot.x - 8, plot.y), 26, theme.TEXT_DIM,
                    anchor="midright")
    theme.blit_text(surface, "0", (plot.x - 8, plot.bottom), 26, theme.TEXT_DIM,
                    anchor="midright")
    for k, (name, line) in enumerate(race.sides.items()):
        color = race.side_colors.get(name, theme.TEXT)
        points = [(round(plot.x + plot.width * m / moves),
                   round(plot.bottom - plot.height * v / high))
                  for m, v in enumerate(line[:shown + 1])]
        if len(points) > 1:
            pygame.draw.lines(surface, color, False, points, 4)
        ly = area.y + 40 + k * 32
        pygame.draw.rect(surface, color, (plot.right + 14, ly + 8, 18, 12), border_radius=3)
        theme.blit_text(surface, f"{name} {round(line[-1])}", (plot.right + 38, ly), 26,
                        theme.TEXT)
