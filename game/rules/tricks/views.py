"""What each seat sees of a Railway Tricks game: the view (the public table,
and a seat's own hand, playable cards and pending decision under "private")
and the events that show the deal.

A mixin of the game state (engine.TricksState): it reads the state's fields
and changes nothing.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Event, View
from game.rules.tricks.actions import ENDS
from game.rules.tricks.cards import (
    card_view,
    city_view,
    lane_entry_view,
    line_item_view,
    locomotive_view,
    share_view,
)


class TricksViews:
    """The state's views (see engine.py for every field)."""

    def view(self, seat: int | None) -> View:
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        data = self.data
        names = data.companies
        players = [{
            "seat": s,
            "cards": len(self.hands[s]),
            "shares": [share_view(data, x) for x in self.shares[s]],
            "void": [names[c] for c in range(len(names)) if self.voids[s] >> c & 1],
        } for s in range(self.players)]
        view: View = {
            "game": self.game_id,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "current": self.to_act[0] if self.to_act else None,
            "leader": self.leader,
            "led": None if self.led is None else names[self.led],
            "trick": self._pairs_view(self.trick),
            "companies": list(names),
            "colors": dict(zip(names, data.colors, strict=True)),
            "lines": self._lines_view(),
            "locomotives": {names[c]: None if loco is None else locomotive_view(data, loco)
                            for c, loco in enumerate(self.locos)},
            "lane": [lane_entry_view(data, e) for e in self.lane],
            "players": players,
            "removed": len(self.removed),
            "removed_cards": [card_view(data, c) for c in self.removed],
            "tricks_played": self.tricks_played,
            "tricks_left": len(self.lane),
            "last_trick": self._last_trick_view(),
            "options": {"expert": self.expert, "teams": self.teams},
            "teams": [[0, 2], [1, 3]] if self.teams else None,
            "you": seat,
            "private": {},
        }
        if self.phase == "over":
            view["result"] = self.result()
        if seat is not None:
            view["private"] = self._private(seat)
        return view

    def setup_events(self) -> list[Event]:
        """Events that show the deal (a screen animates them before the first trick)."""
        data = self.data
        events: list[Event] = [{
            "type": "deal",
            "counts": [len(h) for h in self.hands],
            "lines": self._lines_view(),
            "lane": [lane_entry_view(data, e) for e in self.lane],
        }]
        for seat, hand in enumerate(self.hands):
            events.append({"type": "hand_dealt", "seat": seat, "count": len(hand),
                           "private": {"hand": [card_view(data, c) for c in hand]},
                           "private_to": seat})
        return events

    def _pairs_view(self, pairs) -> list[list[Any]]:
        return [[s, card_view(self.data, c)] for s, c in pairs]

    def _lines_view(self) -> dict[str, list[dict[str, Any]]]:
        data = self.data
        return {data.companies[c]: [line_item_view(data, x) for x in line]
                for c, line in enumerate(self.lines)}

    def _last_trick_view(self) -> dict[str, Any] | None:
        if self.last_trick is None:
            return None
        winner, led, pairs, entry = self.last_trick
        return {"winner": winner, "led": self.data.companies[led],
                "cards": self._pairs_view(pairs), "lane": lane_entry_view(self.data, entry)}

    def _private(self, seat: int) -> dict[str, Any]:
        data = self.data
        playable = self._playable(seat) if self.phase == "play" and seat == self.current else []
        return {"hand": [card_view(data, c) for c in self.hands[seat]],
                "playable": [card_view(data, c) for c in playable],
                "pending": self._pending(seat)}

    def _pending(self, seat: int) -> dict[str, Any] | None:
        if seat not in self.to_act or self.phase == "play":
            return None
        data = self.data
        if self.phase == "city":
            assert self.operating is not None
            return {"kind": "city", "min": 1, "max": 1,
                    "options": [{"company": name, "end": end}
                                for name in data.companies for end in ENDS],
                    "city": city_view(data, self.operating[1])}
        if self.phase == "locomotive":
            return {"kind": "locomotive", "min": 1, "max": 1,
                    "options": [data.companies[c] for c in self._free_lines()],
                    "locomotive": locomotive_view(data, self.loco_queue[0])}
        card = dict(self.trick)[seat]
        return {"kind": "lay", "options": list(ENDS), "min": 1, "max": 1,
                "card": card_view(data, card),
                "company": data.companies[data.company_of(card)]}

