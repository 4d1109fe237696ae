"""What each seat may see: the full view (a seat's secrets under
"private"), the planning bots' cheap view, and the result with each seat's
breakdown (see engine.py for every field).

`Views` is a mixin of the route state (engine.RoutesState): it reads the
state's fields and changes nothing but the data derived from them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules.base import View
from game.rules.routes.board import Track
from game.rules.routes.payments import FERRY
from game.rules.routes.scoring import longest_route, region_bonus, region_points


class Views:
    """The views and the result of the route state."""

    # --- the views ----------------------------------------------------------

    def view(self, seat: int | None) -> View:
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        players = []
        for s in range(self.players):
            entry = {
                "seat": s,
                "cards": sum(n for c, n in self.hands[s].items() if c != FERRY),
                "tickets": len(self.tickets[s]),
                "trains": self.trains[s],
                "score": self.scores[s],
                "offered": len(self.pending[s] or ()),
            }
            if self.rules.ferry_cards:
                entry["ferries"] = self.hands[s].get(FERRY, 0)
            players.append(entry)
        view: View = {
            "game": self.game_id,
            "board": self.board.name,
            "phase": self.phase,
            "current": self.current if self.phase == "play" else None,
            "to_act": list(self.to_act),
            "turn": self.turn,
            "cards_drawn": self.cards_drawn,
            "deck": len(self.deck),
            "discard": len(self.discard),
            "discard_cards": dict(sorted(Counter(self.discard).items())),
            "face_up": list(self.face_up),
            "tickets_deck": len(self.ticket_deck),
            "routes": dict(self._routes_view or self._claimed_routes()),
            "final_round": self.final_turns is not None,
            "final_turns": self.final_turns,
            "passes_in_row": self.passes_in_row,
            "players": players,
            "you": seat,
            "private": {},
        }
        if self.rules.ferry_cards:
            view["ferry_pile"] = self.ferry_pile
        if self.rules.region_table:
            view["region_table"] = [list(row) for row in self.rules.region_table]
        if self.phase == "over":
            view["result"] = self.result()
        if seat is not None:
            view["private"] = self._private(seat)
        return view

    def planning_view(self, seat: int) -> View:
        """The part of `view(seat)` a planning bot reads, built cheaply for
        the search's rollouts (one a move, on the bot's own guessed state):
        game, board, you, private, cards_drawn, face_up, routes, final_round,
        region_table as the view has them, and per seat only its trains;
        "planning" is True. Its lists and dicts may be the state's own:
        read-only, and stale after the next action (the routes dict is
        replaced by a claim, never changed, so the planner may know it
        again by identity)."""
        if self._routes_view is None:
            self._claimed_routes()
        offer = self.pending[seat]
        view: View = {
            "game": self.game_id,
            "board": self.board.name,
            "you": seat,
            "private": {
                "hand": self.hands[seat],
                "tickets": self._ticket_dicts(seat),
                "pending": None if offer is None else self._pending_view(seat, offer),
            },
            "cards_drawn": self.cards_drawn,
            "face_up": self.face_up,
            "routes": self._routes_view,
            "final_round": self.final_turns is not None,
            "players": [{"trains": trains} for trains in self.trains],
            "planning": True,
        }
        if self.rules.region_table:
            view["region_table"] = self.rules.region_table
        return view

    def _claimed_routes(self) -> dict[str, int]:
        """Track id -> owner, in board order, as every view shows it (kept until a claim)."""
        tracks = self.board.tracks
        routes = self._routes_view = {
            tracks[t].id: s for t, s in sorted(self.claimed.items())}
        return routes

    def _private(self, seat: int) -> dict[str, Any]:
        offer = self.pending[seat]
        return {
            "hand": dict(sorted(self.hands[seat].items())),
            "tickets": self._ticket_status(seat),
            "pending": None if offer is None else self._pending_view(seat, offer),
        }

    def _pending_view(self, seat: int, offer: list[int]) -> dict[str, Any]:
        return {
            "kind": "keep_tickets",
            "options": [self._ticket(t) for t in offer],
            "min": self._min_keep(seat),
            "max": len(offer),
        }

    def _ticket(self, index: int) -> dict[str, Any]:
        return dict(self.tables.tickets[index])

    # --- the result ---------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """Scores and their breakdown (provisional until the game is over).

        Once the game is over nothing can change it, so it is computed once
        and shared by every later call and view: treat it as read-only.
        """
        if self.phase == "over":
            final = self.__dict__.get("_final_result")
            if final is None:
                final = self._final_result = self._compute_result()
            return final
        return self._compute_result()

    def _compute_result(self) -> dict[str, Any]:
        breakdown = [self._score_seat(s) for s in range(self.players)]
        if self.rules.longest_bonus:
            best = max(b["longest"] for b in breakdown)
            for b in breakdown:
                tied = best and b["longest"] == best
                b["longest_bonus"] = self.rules.longest_bonus if tied else 0
                b["total"] += b["longest_bonus"]
        scores = [b["total"] for b in breakdown]

        def rank(s: int) -> tuple[int, int, int]:
            b = breakdown[s]
            return (b["total"], b["tickets_done"], b["longest_bonus"])

        top = max(rank(s) for s in range(self.players))
        winners = [s for s in range(self.players) if rank(s) == top]
        return {"scores": scores, "winners": winners, "breakdown": breakdown,
                "over": self.is_over}

    def _score_seat(self, seat: int) -> dict[str, Any]:
        tracks = self.seat_tracks(seat)
        route_points = sum(self.board.route_points[t.length] for t in tracks)
        tickets = self._ticket_status(seat)
        ticket_points = sum(t["points"] if t["done"] else -t["points"] for t in tickets)
        board = self.board
        ends = self.tables.ends
        longest = longest_route((*ends[t.index], t.length) for t in tracks)
        out = {
            "seat": seat,
            "route_points": route_points,
            "tickets": tickets,
            "tickets_done": sum(1 for t in tickets if t["done"]),
            "ticket_points": ticket_points,
            "longest": longest,
            "longest_bonus": 0,
            "total": route_points + ticket_points,
        }
        if self.rules.region_table:
            bonus, regions = region_bonus(
                board, [(t.a, t.b) for t in tracks], self.rules.region_table)
            out["region_bonus"] = bonus  # the whole bonus, every network summed
            out["regions"] = regions     # regions joined by each network, largest first
            out["region_points"] = [region_points(n, self.rules.region_table)
                                    for n in regions]
            out["total"] += bonus
        return out

    def seat_tracks(self, seat: int) -> list[Track]:
        """The tracks a seat has claimed, in board order."""
        return [self.board.tracks[t] for t in sorted(self.claimed) if self.claimed[t] == seat]
