"""What a Railway Tricks player can point at and choose: the playable hand
cards, a line's ends for a card or a city, a line's head for a locomotive,
the "Choose from a list" button, and the tokens that only explain themselves
(the lane, the heads, the line cards, the players' shares); where each sits
on screen, what choosing one plays, and the same decision as a list in the
shared choice overlay. A mixin of the Railway Tricks scene.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.narration.tricks import card_name, city_name, end_word
from game.scenes.boards.tricks import layout as L
from game.scenes.boards.tricks.display import same_card
from game.scenes.boards.tricks.words import line_value
from game.scenes.choice import ChoiceScene
from game.words.i18n import _, ngettext

CHOICE_BOX = pygame.Rect(1440, 66, 474, 840)
# Tokens that only explain themselves (a tooltip): never acted on.
INFO = ("lane", "head", "linecard", "shares")


class TricksTargets:
    """Focus and mouse targets, their rectangles, and acting on a chosen one."""

    def focus_targets(self) -> list[tuple[str, Any]]:
        if self.viewer is None:
            return []
        return self._action_targets() + self._info_targets()

    def _action_targets(self) -> list[tuple[str, Any]]:
        pending = self.pending
        if pending:
            return self._decision_targets(pending) + [("list", None)]
        hand = self.shown["private"].get("hand", [])
        if self.acting:
            playable = self.shown["private"].get("playable", [])
            return [("hand", i) for i, c in enumerate(hand)
                    if any(same_card(c, p) for p in playable)]
        return [("hand", i) for i in range(len(hand))]

    def _info_targets(self) -> list[tuple[str, Any]]:
        """After what can be played: the lane's entries, the lines' heads and the
        players' rows, which only explain themselves (keyboard and controller
        reach their tooltips)."""
        items: list[tuple[str, Any]] = [("lane", i) for i in range(len(self.shown["lane"]))]
        pending = self.pending
        if not (pending and pending["kind"] == "locomotive"):  # the heads are choices then
            items += [("head", c) for c in self.palette.companies]
        items += [("shares", seat) for seat in range(self.model.players)]
        return items

    def selectable(self, item: tuple[str, Any]) -> bool:
        return item[0] not in INFO

    def _decision_targets(self, pending: dict[str, Any]) -> list[tuple[str, Any]]:
        kind = pending["kind"]
        if kind == "lay":
            return [("end", (pending["company"], end)) for end in pending["options"]]
        if kind == "city":
            return [("end", (o["company"], o["end"])) for o in pending["options"]]
        if kind == "locomotive":
            return [("line", c) for c in pending["options"]]
        return []

    def focus_step(self, kind: str) -> int:
        """Up and down move a line for a city (two ends a line); otherwise one target."""
        pending = self.pending
        if kind in ("up", "down") and pending and pending["kind"] == "city":
            return 2
        return 1

    def item_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        found = self._action_at(pos) if self.viewer is not None else None
        return found or self._info_at(pos)

    def _action_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        pending = self.pending
        if pending:
            if L.LIST_BUTTON.collidepoint(pos):
                return ("list", None)
            for item in self._decision_targets(pending):
                if self.target_rect(item).collidepoint(pos):
                    return item
            if pending["kind"] == "locomotive":
                for c in pending["options"]:
                    if L.line_row_rect(self.row_of(c)).collidepoint(pos):
                        return ("line", c)
            return None
        hand = self.model.hand
        for i in reversed(range(len(hand))):
            if L.hand_rect(i, len(hand)).collidepoint(pos):
                return ("hand", i)
        return None

    def _info_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        """The lane entry, line head or line card under the mouse (tooltips only)."""
        for i in range(len(self.model.lane)):
            if L.lane_rect(i).collidepoint(pos):
                return ("lane", i)
        for seat in range(self.model.players):
            if L.player_rect(seat).collidepoint(pos):
                return ("shares", seat)
        for row, company in enumerate(self.palette.companies):
            if not L.line_row_rect(row).collidepoint(pos):
                continue
            if L.head_rect(row).collidepoint(pos):
                return ("head", company)
            line = self.model.lines.get(company, [])
            for i in reversed(range(len(line))):
                if L.line_card_rect(row, i, len(line)).collidepoint(pos):
                    return ("linecard", (company, i))
        return None

    def target_rect(self, item: tuple[str, Any]) -> pygame.Rect:
        kind, value = item
        if kind == "hand":
            return L.hand_rect(value, len(self.model.hand)).move(0, -18)
        if kind == "end":
            company, end = value
            row = self.row_of(company)
            return L.end_rect(row, end, len(self.model.lines.get(company, [])))
        if kind in ("line", "head"):
            return L.head_rect(self.row_of(value))
        if kind == "lane":
            return L.lane_rect(value)
        if kind == "shares":
            return L.player_rect(value)
        if kind == "linecard":
            company, index = value
            return L.line_card_rect(self.row_of(company), index,
                                    len(self.model.lines.get(company, [])))
        return L.LIST_BUTTON

    # --- acting -------------------------------------------------------------------

    def activate(self, item: tuple[str, Any]) -> None:
        kind, value = item
        if kind == "hand":
            hand = self.shown["private"].get("hand", [])
            if value >= len(hand):
                return
            card = hand[value]
            action = next((a for a in self.legal if a["type"] == "play"
                           and same_card(a["card"], card)), None)
            # the card as the hand shows it (value included), as legal_actions lists it
            self.try_action(action or {"type": "play", "card": dict(card)})
        elif kind == "end":
            company, end = value
            pending = self.pending or {}
            if pending.get("kind") == "city":
                self.try_action({"type": "city", "company": company, "end": end})
            else:
                self.try_action({"type": "lay", "end": end})
        elif kind == "line":
            self.try_action({"type": "locomotive", "company": value})
        elif kind == "list" and self.pending:
            self.app.push(self._choice(self.pending))

    def action_items(self, action: dict[str, Any]) -> list[tuple[str, Any]]:
        """What a hint or the coach lights for `action`: the card in hand, the
        line end it is laid at, the line a locomotive pulls."""
        kind = action.get("type")
        if kind == "play":
            hand = self.shown["private"].get("hand", []) if self.viewer is not None else []
            return [("hand", i) for i, c in enumerate(hand)
                    if same_card(c, action.get("card") or {})][:1]
        if kind == "lay":
            company = (self.pending or {}).get("company")
            return [("end", (company, action.get("end")))] if company else []
        if kind == "city":
            return [("end", (action.get("company"), action.get("end")))]
        if kind == "locomotive":
            return [("line", action.get("company"))]
        return []

    def spotlight_rect(self, item: tuple[str, Any]) -> pygame.Rect | None:
        """A lit card, line end or line is where it is chosen (its tip has none)."""
        if item[0] == "button":
            return self.button_rect(item[1])
        return self.target_rect(item)

    def _choice(self, pending: dict[str, Any]) -> ChoiceScene:
        """The same decision as rows of a list (keyboard and controller friendly)."""
        kind = pending["kind"]
        if kind == "locomotive":
            loco = pending["locomotive"]
            options = [("line", c) for c in pending["options"]]
            title = _("Locomotive {name}").format(name=loco["name"])
            subtitle = _("Which line does it pull?")
        else:
            options = self._decision_targets(pending)
            if kind == "city":
                title, subtitle = city_name(pending["city"]), _("Which end of which line?")
            else:
                title = _("Lay {card}").format(card=card_name(pending["card"]))
                subtitle = _("At which end of its line?")
        return ChoiceScene(
            self.app, title, options, lambda chosen: self.activate(options[chosen[0]]),
            subtitle=subtitle, label=self._choice_label, on_cancel=lambda: None,
            preview=lambda surface, item: self.draw_focus(surface, self.target_rect(item)),
            box=CHOICE_BOX, row_height=56)

    def _choice_label(self, item: tuple[str, Any]) -> tuple[str, str]:
        kind, value = item
        pending = self.pending or {}
        if kind == "line":
            line = self.model.lines.get(value, [])
            worth = line_value(line, pending.get("locomotive"))
            return value, _("worth {value} now").format(value=worth[0]) if worth else ""
        company, end = value
        count = len(self.model.lines.get(company, []))
        return (_("{company}: {end} end").format(company=company, end=end_word(end)),
                ngettext("{count} card now", "{count} cards now", count).format(count=count))
