"""What each seat sees of a race: the view (the table, and a seat's own
cards and pending decision under "private"), and the planning view, the part
of it a planning bot reads, built cheaply for a search's rollouts.

A mixin of the race state (engine.RaceState): it reads the state's fields
and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.base import View
from game.rules.race.data import RaceData
from game.rules.race.days import without


class RaceViews:
    """The race state's views (see engine.py for every field)."""

    def view(self, seat: int | None) -> View:
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        route = self.data.route
        view: View = {
            "game": self.game_id,
            "title": self.data.title,
            "route": list(route),
            "legs": [{"from": leg.start, "to": leg.end,
                      "options": [list(o) for o in leg.options],
                      "no_cards_days": leg.no_cards_days, "status": leg.status}
                     for leg in self.data.legs],
            "phase": "over" if self.over else "play",
            "round": self.round,
            "turn": self.turn,
            "current": None if self.over else self.current,
            "to_act": list(self.to_act),
            "start_player": self.start_player,
            "next_start_player": self.next_start,
            "players": [{**self._public_player(s, route),
                         "known": [list(c) for c in sorted(self.known[s])]}
                        for s in range(self.players)],
            "track": self._track_view(),
            "detective": route[self.detective],
            "deck": len(self.deck),
            "discard": len(self.discard),
            "discard_cards": [list(c) for c in sorted(without(self.discard, self.buried))],
            "event_deck": len(self.event_deck),
            "event_discard": self.event_discard[self.events_buried:],
            "event_discard_down": self.events_buried,
            "bonus": {route[c]: {"red": p[0], "blue": p[1]} for c, p in self.chips.items()},
            "bank": self.bank,
            "arrivals": list(self.arrivals),
            "order": list(self.order),
            "turn_state": self._turn_state(),
            "awaiting": self._awaiting(),
            "you": seat,
            "private": {},
        }
        if self.over:
            view["result"] = self.result()
        if seat is not None:
            view["private"] = self._private(seat)
        return view

    def planning_view(self, seat: int) -> View:
        """The part of `view(seat)` a planning bot reads, built cheaply for
        the search's rollouts (one a move, on the bot's own guessed state):
        game, you, private, route, legs, players (without the cards known
        to be in each hand), track, detective, event_discard, bank and
        turn_state as the view has them. The route and legs are shared
        between calls: read-only."""
        route, legs = _static_view(self.data)
        return {
            "game": self.game_id,
            "you": seat,
            "route": route,
            "legs": legs,
            "players": [self._public_player(s, route) for s in range(self.players)],
            "track": self._track_view(),
            "detective": route[self.detective],
            "event_discard": self.event_discard[self.events_buried:],
            "bank": self.bank,
            "turn_state": self._turn_state(),
            "private": self._private(seat),
        }

    # the parts the view and the planning view share

    def _public_player(self, s: int, route: Sequence[str]) -> dict[str, Any]:
        return {"seat": s, "city": route[self.at[s]], "at": self.at[s],
                "days": self.days[s], "coins": self.coins[s], "cards": len(self.hands[s]),
                "events": len(self.held[s]),
                "arrived": self.arrivals.index(s) + 1 if s in self.arrivals else None}

    def _track_view(self) -> list[dict[str, Any]]:
        return [{"action": action, "card": None if card is None else list(card),
                 "laid": slot < self.laid}
                for slot, (action, card) in enumerate(zip(self.data.action_track, self.track,
                                                          strict=True))]

    def _turn_state(self) -> dict[str, Any]:
        return {"taken": self.taken, "action": self.slot_action, "moves": self.moves,
                "balloon_used": self.balloon_used, "distraction": self.distraction}

    def _private(self, seat: int) -> dict[str, Any]:
        return {"hand": [list(c) for c in sorted(self.hands[seat])],
                "events": sorted(self.held[seat]), "pending": self._pending_for(seat)}

    def _awaiting(self) -> dict[str, Any] | None:
        pending = self.pending
        if pending is None or self.over:
            return None
        if pending["kind"] == "reroll":
            move = pending["move"]
            return {"seat": self.current, "kind": "reroll", "roll": pending["roll"],
                    "purpose": pending["purpose"], "rolls": pending["rolls"],
                    "move": {"cards": [list(c) for c in move["cards"]],
                             "balloon": None if move["balloon"] is None else list(move["balloon"]),
                             "events": list(move["events"]),
                             "princess_as": move["princess_as"]}}
        return {"seat": self.current, "kind": "bonus", "color": pending["color"],
                "chip": pending["chip"], "city": self.data.route[pending["city"]]}

    def _pending_for(self, seat: int) -> dict[str, Any] | None:
        awaiting = self._awaiting()
        if awaiting is None or awaiting["seat"] != seat:
            return None
        out = {k: v for k, v in awaiting.items() if k != "seat"}
        if awaiting["kind"] == "reroll":
            out.update(options=["accept", "reroll"], min=1, max=1,
                       cost=self.n["reroll_price"])
        else:
            out.update(options=["take", "skip"], min=1, max=1)
        return out


# id(race data) -> (the data, its route and legs as views show them): the
# same for every state of a race, built once for planning_view
_STATIC_VIEWS: dict[int, tuple[RaceData, list[str], list[dict[str, Any]]]] = {}


def _static_view(data: RaceData) -> tuple[list[str], list[dict[str, Any]]]:
    known = _STATIC_VIEWS.get(id(data))
    if known is None or known[0] is not data:
        known = _STATIC_VIEWS[id(data)] = (data, list(data.route), [
            {"from": leg.start, "to": leg.end, "options": [list(o) for o in leg.options],
             "no_cards_days": leg.no_cards_days, "status": leg.status}
            for leg in data.legs])
    return known[1], known[2]
