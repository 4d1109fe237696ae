"""What the Railway Tricks screen shows while animations play: a copy of the
last view that each event advances, so a card is drawn where the event put it
even before the table snaps to the next authoritative view.

Pure data (no pygame): the scene resyncs it from every snapped view.
"""

from __future__ import annotations

import copy
from typing import Any

Item = dict[str, Any]


def same_card(a: Item, b: Item) -> bool:
    return a.get("company") == b.get("company") and a.get("strength") == b.get("strength")


class TableModel:
    """The board as the animations know it: trick, lane, lines, shares, hand."""

    def __init__(self, view: dict[str, Any]):
        self.version = 0
        self.sync(view)

    def sync(self, view: dict[str, Any]) -> None:
        self.version += 1
        self.companies: list[str] = list(view.get("companies", []))
        self.lines: dict[str, list[Item]] = copy.deepcopy(view.get("lines", {}))
        self.locomotives: dict[str, Item | None] = copy.deepcopy(view.get("locomotives", {}))
        self.lane: list[Item] = copy.deepcopy(view.get("lane", []))
        self.trick: dict[int, Item] = {s: dict(c) for s, c in view.get("trick", [])}
        self.leader: int = view.get("leader", 0) or 0
        self.led: str | None = view.get("led")
        players = view.get("players", [])
        self.shares: list[list[Item]] = [copy.deepcopy(p.get("shares", [])) for p in players]
        self.counts: list[int] = [p.get("cards", 0) for p in players]
        self.removed: int = view.get("removed", 0)
        self.hand: list[Item] = copy.deepcopy(view.get("private", {}).get("hand", []))
        self.resolving: Item | None = None
        last = view.get("last_trick")
        if view.get("phase") in ("city", "locomotive") and last:
            self.resolving = copy.deepcopy(last["lane"])
        self.winner: int | None = last["winner"] if last and not self.trick else None

    @property
    def players(self) -> int:
        return len(self.counts)

    def trick_slot(self, seat: int) -> int:
        """Cards lie on the table in playing order from the trick's leader."""
        return (seat - self.leader) % max(1, self.players)

    def hand_index(self, card: Item) -> int | None:
        return next((i for i, c in enumerate(self.hand) if same_card(c, card)), None)

    def apply(self, event: dict[str, Any]) -> Item | None:
        """Advance by one event; returns the item it placed (a line, lane or share
        entry) so the animation can hide it until its flight lands."""
        self.version += 1
        kind = event["type"]
        seat = event.get("seat")
        placed: Item | None = None
        if kind == "card_played":
            if not self.trick:
                self.leader = seat
                self.winner = None
            self.led = event["led"]
            placed = dict(event["card"])
            self.trick[seat] = placed
            index = self.hand_index(event["card"])
            if index is not None:
                self.hand.pop(index)
            if seat < len(self.counts):
                self.counts[seat] = max(0, self.counts[seat] - 1)
        elif kind == "trick_won":
            self.winner = event["winner"]
            if self.lane:
                self.lane.pop(0)
            if event["lane"].get("kind") in ("city", "locomotive"):
                self.resolving = dict(event["lane"])
        elif kind == "exchange_taken":
            placed = {"company": event["company"], "kind": "exchange"}
            self.shares[seat].append(placed)
        elif kind == "share_taken":
            placed = dict(event["card"])
            self.shares[seat].append(placed)
            if event.get("source") == "trick":
                self.trick.pop(seat, None)
        elif kind == "reservation_replaced":
            placed = dict(event["card"])
            if 0 <= event["slot"] < len(self.lane):
                self.lane[event["slot"]] = placed
            self.trick.pop(seat, None)
        elif kind == "card_removed":
            self.trick.pop(seat, None)
            self.removed += 1
        elif kind == "city_laid":
            placed = dict(event["city"])
            self._lay(event["company"], event["end"], placed)
            self.resolving = None
        elif kind == "locomotive_placed":
            placed = dict(event["locomotive"])
            self.locomotives[event["company"]] = placed
            self._drop_resolved_locomotive(placed["name"])
        elif kind == "card_laid":
            placed = self.trick.pop(seat, None) or dict(event["card"])
            self._lay(event["company"], event["end"], placed)
            if not self.trick:
                self.led = None
        if kind in ("share_taken", "card_removed", "exchange_taken") and not self.trick:
            self.led = None
        return placed

    def _lay(self, company: str, end: str, item: Item) -> None:
        line = self.lines.setdefault(company, [])
        if end == "left":
            line.insert(0, item)
        else:
            line.append(item)

    def _drop_resolved_locomotive(self, name: str) -> None:
        entry = self.resolving
        if not entry or entry.get("kind") != "locomotive":
            return
        rest = [entry] + list(entry.get("with", []))
        rest = [m for m in rest if m.get("name") != name]
        if not rest:
            self.resolving = None
        else:
            first = dict(rest[0])
            self.resolving = {**first, "kind": "locomotive", "with": rest[1:]}
