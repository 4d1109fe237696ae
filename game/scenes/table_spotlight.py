"""Lighting what an action acts on: the table's side of the spotlight.

A hint and a guided game's coach say "this one" by lighting a route, a card,
a pile, a pawn or a lane end and dimming the rest, with a line or two of
words beside it. `set_spotlight` takes an action (the board's
`action_items` hook names the focus items it acts on, and a shared button
that plays it lights too) or the items themselves; the board's
`tooltip_anchor` says where each item is, and a board whose item a rectangle
draws too coarsely (a route's track) lights it itself (`draw_spotlight`).
A base of TableScene; game/ui/spotlight.py draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.rules.base import Action
from game.ui.spotlight import draw_spotlight

Item = tuple[str, Any]


@dataclass
class Spotlight:
    """What is lit: an action's targets or given items, and the words beside them."""

    action: Action | None = None
    items: list[Item] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    title: str = ""
    footer: str = ""
    dim: bool = True


class TableSpotlight:
    """`set_spotlight`, and drawing it over the table (a base of TableScene)."""

    spotlight: Spotlight | None = None

    def set_spotlight(self, target: Action | list[Item] | None, lines: list[str] | None = None,
                      dim: bool = True, title: str = "", footer: str = "") -> None:
        """Light `target` (an action, or a list of focus items) and dim the rest,
        with `title`, `lines` and `footer` in a panel clear of it; None puts the
        spotlight out. The items of an action are found again every frame, so a
        hand that moves or a button row that changes is followed."""
        if target is None:
            self.spotlight = None
            return
        if isinstance(target, dict):
            self.spotlight = Spotlight(action=dict(target), lines=list(lines or []),
                                       title=title, footer=footer, dim=dim)
        else:
            self.spotlight = Spotlight(items=list(target), lines=list(lines or []),
                                       title=title, footer=footer, dim=dim)

    def spotlight_items(self, action: Action) -> list[Item]:
        """The focus items `action` acts on: the board's (`action_items`) and any
        shared button that plays it (a race's "Take a coin", a Pass)."""
        items = list(self.action_items(action))  # type: ignore[attr-defined]
        kind = action.get("type")
        for i, (_label, played) in enumerate(self.buttons()):  # type: ignore[attr-defined]
            if played == action or played.get("type") in (kind, f"_{kind}"):
                items.append(("button", i))
        return items

    def lit_items(self) -> list[Item]:
        """The items the spotlight lights now."""
        light = self.spotlight
        if light is None:
            return []
        return light.items if light.action is None else self.spotlight_items(light.action)

    def spotlight_rect(self, item: Item) -> pygame.Rect | None:
        """Where a lit item is on screen (a shared button, or the board's token)."""
        if item[0] == "button":
            return self.button_rect(item[1])  # type: ignore[attr-defined]
        return self.tooltip_anchor(item)  # type: ignore[attr-defined]

    def draw_spotlight_layer(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Draw the spotlight over the table (nothing when it is out); returns the
        panel's box."""
        light = self.spotlight
        if light is None:
            return None
        holes: list[pygame.Rect] = []
        drawn_by_board: list[Item] = []
        avoid: list[pygame.Rect] = []
        for item in self.lit_items():
            rect = self.spotlight_rect(item)
            if rect is None:
                continue
            if item[0] != "button" and self.lights_itself(item):  # type: ignore[attr-defined]
                drawn_by_board.append(item)
                avoid.append(rect)
            else:
                holes.append(pygame.Rect(rect))
        box = draw_spotlight(surface, holes, light.title, light.lines, light.footer,
                             light.dim, avoid)
        for item in drawn_by_board:
            self.draw_spotlight(surface, item)  # type: ignore[attr-defined]
        return box
