"""The hooks a game's scene fills in on the shared table, with the defaults a
game that has nothing to add keeps (all optional but `draw_table`).

Kept apart from the table itself so a game's author reads in one place what
a board supplies:
    setup_board()                             load the board before any view
    start_animation()                         the opening animation (a deal)
    draw_table(surface, active, focus_item)   the board, panels, hand
    focus_targets() -> [(kind, value)]        what focus can land on, in order
    item_at(pos) -> (kind, value) | None      what the mouse points at
    activate(item)                            the player chose that target
    animate(events)                           tweens for one update's events
    describe(event) -> str | None             a log line
    status() -> str                           the top bar's words
    player_columns() -> [(header, width)]     and player_values(seat, p) -> [str]
    player_note(seat) -> str | None           a small second line in a seat's row
    kiosk_column() -> int                     the column a kiosk shows, in sofa-sized text
    choice_for(pending) -> Scene | None       the overlay for a pending decision
    show_recap(events)                        after a hand-off, what changed on the board
    rules_options() -> dict                   the options the rules pages name as played
    tooltip(item) -> str | None               what a hovered or focused token is and does now
    tooltip_anchor(item) -> Rect | None       where that token is (the tip sits beside it)
    action_items(action) -> [(kind, value)]   the focus items an action acts on (a spotlight)
    lights_itself(item) / draw_spotlight(surface, item)   an item a rectangle fits badly
    results_lines / results_items / results_reveal   see game.scenes.results
    race_measure / race_sides / race_label ...       see game.story.race_chart
The input hooks (buttons, on_wheel, focus_step, selectable) sit with the
input in game.scenes.table_input; `kiosk_column` with the panels.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.anim.tween import Tween
from game.rules.base import Event
from game.scenes.base import Scene
from game.words.i18n import N_


class TableHooks:
    """The defaults of every hook a board scene may override (a base of TableScene)."""

    def setup_board(self) -> None:
        """Load the board and cache what only depends on it (before any view)."""

    def start_animation(self) -> None:
        """The opening animation (a deal), from the first view."""

    def focus_targets(self) -> list[tuple[str, Any]]:
        return []

    def item_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        return None

    def activate(self, item: tuple[str, Any]) -> None:
        """The player chose a focus target that is not a shared button."""

    def animate(self, events: list[Event]) -> None:
        """Tweens for one update's events (already redacted for the viewer)."""

    def describe(self, event: Event) -> str | None:
        return None

    def status(self) -> str:
        return ""

    def player_columns(self) -> list[tuple[str, int]]:
        return [("score", 70)]

    def player_values(self, seat: int, player: dict[str, Any]) -> list[str]:
        return [str(player.get("score", ""))]

    def player_note(self, seat: int) -> str | None:
        return None

    def choice_for(self, pending: dict[str, Any]) -> Scene | None:
        return None

    def results_reveal(self, result: dict[str, Any]) -> tuple[int, str]:
        """Something to show on the board before the scores: (ticks, banner)."""
        return 0, ""

    def results_lines(self, entry: dict[str, Any]) -> list[str]:
        return []

    def results_items(self, entry: dict[str, Any]) -> list[tuple[str, str, bool]]:
        return []

    def race_measure(self, result: dict[str, Any], over: bool) -> list[float]:
        """What the results chart follows per seat after each move (game/story/race_chart.py):
        by default the game's own score as it stands."""
        return list(result["scores"])

    def race_measure_view(self, view: dict[str, Any]) -> list[float] | None:
        """What the results chart follows per seat, read off a view as a LAN
        guest was shown it (it has no record to replay): by default each
        player's public score; None where the view shows none."""
        players = view.get("players")
        if not isinstance(players, list) or not all(
                isinstance(p, dict) and isinstance(p.get("score"), (int, float))
                for p in players) or not players:
            return None
        return [p["score"] for p in players]

    def race_sides_view(self, view: dict[str, Any]) -> list[tuple[str, float, Any]] | None:
        """`race_sides`, read off a view as a LAN guest was shown it."""
        return None

    def story_note(self, event: Event) -> tuple[int, str] | None:
        """A highlight of a seat's game for its results column: (seat, words)."""
        return None

    def race_sides(self, result: dict[str, Any]) -> list[tuple[str, float, Any]] | None:
        """Things besides the seats whose race the chart also draws: (name, value,
        rgb) each (Railway Tricks: the companies' values)."""
        return None

    def race_label(self) -> str:
        """The chart's words for what it follows (English, marked with N_)."""
        return N_("Score as it stood")

    def rules_options(self) -> dict[str, Any]:
        """The options this game was started with, for its rules pages (a
        variant played now is named as such)."""
        return dict(self.shown.get("options") or {})

    def draw_table(self, surface: pygame.Surface, active: list[Tween],
                   focus_item: tuple[str, Any] | None) -> None:
        raise NotImplementedError

    def tooltip(self, item: tuple[str, Any]) -> str | None:
        """What a token under the mouse or the focus is and what it does now."""
        return None

    def tooltip_anchor(self, item: tuple[str, Any]) -> pygame.Rect | None:
        """The token's rectangle on screen (None: the tip follows the mouse)."""
        return None

    def action_items(self, action: dict[str, Any]) -> list[tuple[str, Any]]:
        """The focus items `action` acts on (what a hint or the coach lights):
        the inverse of `activate`. Shared buttons are found by the table."""
        return []

    def lights_itself(self, item: tuple[str, Any]) -> bool:
        """True: the board lights `item` itself (`draw_spotlight`) rather than
        the spotlight cutting a rectangle round its `tooltip_anchor`."""
        return False

    def draw_spotlight(self, surface: pygame.Surface, item: tuple[str, Any]) -> None:
        """Light `item` over the dimmed board (only for items `lights_itself`)."""

    def show_recap(self, events: list[Event]) -> None:
        """After a hand-off: light on the board what changed since this player's
        last turn (the hand-off screen has listed it in words)."""
