"""The route games' Hard search hooks (RoutesSearch): rollouts played by the
Normal bot, with each seat's plan carried from move to move (_SeatPlan).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.bots.families.routes_graph import INF
from game.bots.families.routes_greedy import REGION_WEIGHT, RoutesGreedy
from game.bots.families.routes_owners import state_owners
from game.bots.families.routes_planner import RoutesPlanner
from game.bots.families.routes_worlds import world_from_view
from game.bots.search import GreedyLedHooks
from game.rules.base import Action, GameState, View
from game.rules.routes.board import GRAY, LOCOMOTIVE, Track
from game.rules.routes.engine import RoutesState
from game.rules.routes.payments import FERRY

# a rollout's claim of any track (near the end of the game) lists the
# claims of at least this many tracks at a time, those worth most first
BEST_LISTED = 8


class RoutesSearch(GreedyLedHooks):
    """The search bot's hooks: the planner plays the rollouts to the end of
    the game (it is what the other seats most likely do, and a cut-off
    evaluation flatters drawing: the claim still comes a turn later, and the
    track taken meanwhile is not seen); the root tries the planner's move,
    its planned claims, the longest other claims, each kind of draw, and the
    planner's best ways to keep an offer of tickets."""

    depth = None
    scale = 25.0
    widest = 8
    # ways to keep weighed when an offer has more than `widest` (Italy's)
    widest_keep = 4
    # think times a choice of tickets gets (game/bots/timing.py): where Hard
    # gains most, and it needs the rollouts (tools/probe_decisions.py --only
    # keep_tickets on Italy: -0.013 a decision at 40 rollouts, +0.070 at 160)
    keep_weight = 4.0
    greedy_bot = RoutesGreedy
    greedy: RoutesGreedy

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        # seat -> its plan in the rollout played last (see act)
        self._seat_plans: dict[int, _SeatPlan] = {}

    def policy(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        # the planner reads a few fields of the view: the engine builds just
        # those (a whole view was a sixth of a rollout's time)
        return self.greedy.choose(state.planning_view(seat), legal)

    def act(self, state: GameState, seat: int) -> Action:
        """The planner's move (`RoutesGreedy.choose` on the planning view and
        the legal actions), worked out from the engine state: the planner
        is read from the state and kept while the seat's plan cannot change
        (the same routes, tickets and trains), and the move is found without
        listing every legal action (only the claims it weighs). Working out
        every payment of every claim was a quarter of a North America
        rollout, building a view and a planner every move a fifth. A choice
        of tickets goes as `RoutesGreedy._keep` on a planner read from the
        state; the setup as any family's."""
        if not isinstance(state, RoutesState) or state.phase != "play" or seat != state.current:
            return super().act(state, seat)
        if state.pending[seat] is not None:
            return self._keep(state, seat)
        known = self._seat_plans.get(seat)
        tickets = state._ticket_dicts(seat)
        trains = state.trains[seat]
        if known is None or known.tickets is not tickets or known.trains != trains \
                or (known.version != state.claims_version and not known.carry(state)):
            known = self._seat_plans[seat] = _SeatPlan(state, seat, known)
        hand = known.planner.hand = state.hands[seat]
        targets = known.targets
        need = known.colour_need(hand)
        first = not state.cards_drawn
        if first:
            final = state.final_turns is not None
            if targets and known.may_claim(hand):
                planned = state.legal_claims(seat, targets)
                if planned:
                    return self.greedy.best_claim(known.planner, planned, need, True, known.worth)
            if final or trains <= 5:
                best = known.best_of_all(state, need, self.greedy)
                if best is not None:
                    return best
            elif not targets:
                if state.ticket_deck and trains >= 12:
                    return {"type": "draw_tickets"}
                best = known.best_of_all(state, need, self.greedy)
                if best is not None:
                    return best
        # the draws, as RoutesGreedy._draw weighs them
        get = hand.get
        deficit: dict[str, int] = {}
        short = 0
        for c, n in need.items():
            lack = n - get(c, 0)
            if lack > 0:
                deficit[c] = lack
                short += lack
        ferry_short = deficit.pop(FERRY, 0)
        ferry = first and state.may_draw_ferry(seat)
        if state.deck or state.discard:
            if deficit:
                most = slot = -1
                for at, card in enumerate(state.face_up):
                    # a locomotive or an empty slot is never short
                    lack = deficit.get(card, 0)
                    if lack and lack >= most:
                        most, slot = lack, at
                if slot >= 0:
                    return {"type": "draw_face_up", "slot": slot}
            if ferry and ferry_short:
                return {"type": "draw_ferry"}
            if first and short - ferry_short >= 5 and LOCOMOTIVE in state.face_up:
                return {"type": "draw_face_up", "slot": state.face_up.index(LOCOMOTIVE)}
            return {"type": "draw_deck"}
        if ferry and ferry_short:
            return {"type": "draw_ferry"}
        if first and not (final or trains <= 5 or not targets):
            best = known.best_of_all(state, need, self.greedy)
            if best is not None:
                return best
        if ferry:
            return {"type": "draw_ferry"}
        if first and state.ticket_deck and not final:
            return {"type": "draw_tickets"}
        return super().act(state, seat)

    def play(self, state: GameState, seat: int, action: Action) -> None:
        """`act`'s move is one the state allows as it stands (a claim it
        listed, a draw it permits, an action from its legal list): applied
        as such (`advance_legal`: no shape check, no events)."""
        if isinstance(state, RoutesState):
            state.advance_legal(seat, action)
        else:
            super().play(state, seat, action)

    def _keep(self, state: RoutesState, seat: int) -> Action:
        """`SearchHooks.act` for a choice of tickets: the only way to keep
        them, else the planner's (RoutesGreedy._keep) on a planner read from
        the state, with the offer as the view shows it."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        planner = RoutesPlanner.of_state(state, seat)
        planner.private["pending"] = state._pending_view(seat, state.pending[seat])
        return self.greedy.ranked_keeps(planner, legal)[0]

    def weight(self, view: View, legal: list[Action]) -> float:
        return self.keep_weight if legal and legal[0]["type"] == "keep_tickets" else 1.0

    def rebuild(self, view: View) -> RoutesState | None:
        return world_from_view(view)

    def candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """Every way to keep an offer of tickets (rolled out to the end, the
        tickets' cost and risk show; an early search cut off after a few moves
        kept too many and failed them), or the planner's best `widest_keep`
        of an offer with more than `widest` (Italy's fifteen or sixteen get
        too few rounds in a second to overrule the planner); one payment per
        track (the planner's), planned tracks first, then the longest; one
        draw per face-up colour."""
        keeping = any(a["type"] == "keep_tickets" for a in legal)
        if keeping and len(legal) <= self.widest:
            return legal
        planner = RoutesPlanner(view)
        if keeping:
            return self.greedy.ranked_keeps(planner, legal)[:self.widest_keep]
        planned = planner.plan(planner.private.get("tickets", []))[0]
        targets = {t.id for t in planned}
        need = self.greedy.colour_need(planner, planned)
        by_track: dict[str, list[Action]] = {}
        for action in legal:
            if action["type"] == "claim":
                by_track.setdefault(action["track"], []).append(action)
        board = planner.board
        ranked = sorted((self.greedy.best_claim(planner, payments, need, prefer_long=True)
                         for payments in by_track.values()),
                        key=lambda a: (a["track"] not in targets,
                                       -board.track_by_id[a["track"]].length))
        draws: list[Action] = []
        colours: set[str] = set()
        for action in legal:
            if action["type"] == "draw_face_up":
                colour = view["face_up"][action["slot"]]
                if colour in colours:
                    continue
                colours.add(colour)
            if action["type"] in ("draw_deck", "draw_face_up", "draw_ferry", "draw_tickets"):
                draws.append(action)
        return (ranked[:self.widest // 2] + draws)[:self.widest]


class _SeatPlan:
    """A seat's planner and plan in a rollout, kept while the claims (by the
    state's claims version), its tickets' status list (the engine's own,
    replaced when the seat claims or keeps tickets) and its trains stay the
    same: the plan depends on nothing else. With it what follows from the
    plan alone: the colours its coloured tracks need, its gray tracks, a
    track's worth as a claim, and a quick test of whether the hand might
    pay for a planned track at all."""

    __slots__ = ("version", "tickets", "trains", "planner", "targets", "need", "gray",
                 "ferry_need", "coloured", "gray_shortest", "worth", "pairs", "whole",
                 "colors", "base", "ranked")

    def __init__(self, state: RoutesState, seat: int, prior: _SeatPlan | None = None):
        planner = self.planner = RoutesPlanner.of_state(state, seat)
        self.version = state.claims_version
        self.pairs: set[int] | None = None
        self.tickets = planner.private["tickets"]
        trains = self.trains = planner.trains
        whole = self.whole = planner.whole_plan(
            self.tickets, None, None if prior is None else prior.whole)
        targets = self.targets = list(whole[0])
        # RoutesGreedy.colour_need's coloured part, and its gray tracks (as
        # the cards they take) in the order it weighs them
        need: dict[str, int] = {}
        gray: list[Track] = []
        coloured: list[tuple[str, int]] = []
        for t in targets:
            if t.color != GRAY:
                need[t.color] = need.get(t.color, 0) + t.length - t.ferries
                if t.length <= trains:
                    coloured.append((t.color, t.length))
            else:
                gray.append(t)
        self.need = need
        gray.sort(key=_longest_first)
        self.gray = [t.length - t.ferries for t in gray]
        self.ferry_need = sum([(t.ferries + 1) // 2 for t in gray])
        # the engine lists a claim only of a track no longer than the trains
        # left and than a colour's cards with the locomotives (for a gray
        # track with two spaces per ferry card too)
        self.coloured = coloured
        self.gray_shortest = min([t.length for t in gray if t.length <= trains], default=INF)
        self.worth, self.ranked = planner.claim_worths()
        self.colors = state.board.colors
        # the colours' needs, in colour order (for the gray tracks' spare)
        self.base = [need.get(c, 0) for c in self.colors] if gray else None

    def carry(self, state: RoutesState) -> bool:
        """Keep the plan over the claims made since it was made, when
        RoutesPlanner._carried would (claims by other seats only, none on a
        planned track's pair of nodes nor, at a small table, on its parallel
        set; the claims then all still stand), and say whether it was kept.
        The plan's memo would hand back the same plan; this is cheaper."""
        planner = self.planner
        then = planner.owner
        owners = state_owners(state)
        now = owners[1]
        if len(then) > len(now) or not then.items() <= now.items():
            return False
        nodes, seat = planner._nodes, planner.seat
        pair_of, parallel = nodes.pair_of, nodes.parallel
        few = planner.players < 4
        used = self.pairs
        if used is None:
            used = self.pairs = {pair_of[t.index] for t in self.targets}
        for index in now.keys() - then.keys():
            if now[index] == seat:
                return False
            if few:
                for touched in parallel[index]:
                    if pair_of[touched] in used:
                        return False
            elif pair_of[index] in used:
                return False
        self.version = owners[0]
        planner.owner = now
        planner._graph_key = (*planner._graph_key[:3], owners[2])
        planner._adjacency = None
        planner._dead_ends = {}
        return True

    def colour_need(self, hand: dict[str, int], colors: Any = None) -> dict[str, int]:
        """RoutesGreedy.colour_need of the plan for `hand` (the same counts,
        in a plain dict)."""
        base = self.base
        if base is None:
            return self.need
        need = self.need.copy()
        colours = self.colors
        get = hand.get
        spare = [get(c, 0) - n for c, n in zip(colours, base)]  # noqa: B905 (same length)
        for size in self.gray:
            # the first colour with the most to spare, as max() finds it
            at = spare.index(max(spare))
            colour = colours[at]
            need[colour] = need.get(colour, 0) + size
            spare[at] -= size
        need[FERRY] = need.get(FERRY, 0) + self.ferry_need
        return need

    def may_claim(self, hand: dict[str, int]) -> bool:
        """False only when the engine lists no claim of a planned track."""
        get = hand.get
        locos = get(LOCOMOTIVE, 0)
        for color, length in self.coloured:
            if get(color, 0) + locos >= length:
                return True
        gray = self.gray_shortest
        return gray < INF and max(hand.values(), default=0) + locos + 2 * get(FERRY, 0) >= gray

    def best_of_all(self, state: RoutesState, need: Counter, greedy: RoutesGreedy
                    ) -> Action | None:
        """RoutesGreedy.best_claim (preferring long tracks) over every claim
        the engine lists for the seat, or None when it lists none. With no
        region bonus, listing only the claims of the tracks worth most
        first: a track worth less than every track of a list with a claim
        in it cannot be best. Tracks longer than the trains left are never
        listed."""
        planner = self.planner
        if planner.board.regions and planner.region_table:
            # a region gain may lift any track: ranking them all costs more
            # than listing every claim
            claims = state.legal_claims(planner.seat)
            return greedy.best_claim(planner, claims, need, True, self.worth) if claims else None
        ranked = self.ranked.get(self.trains)
        if ranked is None:
            ranked = self.ranked[self.trains] = self._ranked()
        seat = planner.seat
        for tracks in ranked:
            claims = state.legal_claims(seat, tracks)
            if claims:
                return greedy.best_claim(planner, claims, need, True, self.worth)
        return None

    def _ranked(self) -> list[list[Track]]:
        """The tracks no longer than the trains left, in lists of at least
        BEST_LISTED tracks (ties kept together), worth most first."""
        planner = self.planner
        board = planner.board
        worth, route_points = self.worth, board.route_points
        gains = planner.region_gains() if board.regions and planner.region_table else None
        trains = self.trains
        sized: list[tuple[float, Track]] = []
        for track in board.tracks:
            if track.length > trains:
                continue
            size = worth.get(track.id)
            if size is None:
                gain = gains(track) if gains is not None else 0
                points = route_points[track.length] + gain
                size = worth[track.id] = track.length + REGION_WEIGHT * gain + points / 10
            sized.append((size, track))
        sized.sort(key=_first, reverse=True)
        out: list[list[Track]] = []
        part: list[Track] = []
        last = None
        for size, track in sized:
            if len(part) >= BEST_LISTED and size != last:
                out.append(part)
                part = []
            part.append(track)
            last = size
        if part:
            out.append(part)
        return out


def _longest_first(track: Track) -> int:
    return -track.length


def _first(entry: tuple[float, Track]) -> float:
    return entry[0]

