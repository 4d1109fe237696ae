"""The route games' Normal bot (RoutesGreedy): it plans its tickets over
shortest paths (its own tracks cost nothing, tracks it may not use are cut),
collects the colours those paths need, claims the planned tracks it can pay
for (longest first: they are the hardest to get), takes more tickets while it
has trains to spare, and spends the last trains on the best points it can
find. On a board with regions (Italy) a claim outside the plan also counts
what it adds to the region bonus. The Hard bot's rollouts play it too.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.bots.families.routes_planner import RoutesPlanner
from game.rules.base import Action, View
from game.rules.routes.board import GRAY, LOCOMOTIVE, Track
from game.rules.routes.payments import FERRY

# When choosing tickets, plan them within this share of the trains left: the
# rest goes to detours round tracks others take. (Planning with every train
# kept too many tickets, and failed more of them, on both boards.)
KEEP_BUDGET = 0.75
# Weight, in train spaces, of one region-bonus point when choosing a claim.
REGION_WEIGHT = 0.5


class RoutesGreedy:
    """The route game part of the greedy bot."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: View, legal: list[Action],
               planner: RoutesPlanner | None = None) -> Action:
        """The move from `legal`; `planner` (of this view) if one is made already."""
        planner = planner or RoutesPlanner(view)
        kinds = {a["type"] for a in legal}
        if "keep_tickets" in kinds:
            return self._keep(planner, legal)
        claims = [a for a in legal if a["type"] == "claim"]
        mine = planner.private.get("tickets", [])
        targets, _, _ = planner.plan(mine)
        target_ids = {t.id for t in targets}
        final = view.get("final_round", False)
        need = self.colour_need(planner, targets)
        first = not view.get("cards_drawn")
        if first and claims:
            planned = [a for a in claims if a["track"] in target_ids]
            if planned:
                return self.best_claim(planner, planned, need, prefer_long=True)
            if final or planner.trains <= 5:
                return self.best_claim(planner, claims, need, prefer_long=True)
        if first and not targets:
            if "draw_tickets" in kinds and planner.trains >= 12 and not final:
                return {"type": "draw_tickets"}
            if claims:
                return self.best_claim(planner, claims, need, prefer_long=True)
        draw = self._draw(view, legal, need, planner)
        if draw is not None:
            return draw
        if claims:
            return self.best_claim(planner, claims, need, prefer_long=True)
        if "draw_ferry" in kinds:
            return {"type": "draw_ferry"}
        if "draw_tickets" in kinds and not final:
            return {"type": "draw_tickets"}
        return self.rng.choice(legal)

    # --- tickets ------------------------------------------------------------

    def _keep(self, planner: RoutesPlanner, legal: list[Action]) -> Action:
        return self.ranked_keeps(planner, legal)[0]

    def ranked_keeps(self, planner: RoutesPlanner, legal: list[Action]) -> list[Action]:
        """The legal ways to keep an offer of tickets, best first (ties in
        offer order): points the plan reaches, less twice what it would likely
        fail, less a small charge for the trains it spends."""
        offer = planner.private["pending"]["options"]
        held = [t for t in planner.private.get("tickets", []) if not t.get("done")]
        budget = int(planner.trains * KEEP_BUDGET)
        planner.remember_paths()
        held_points = planner.plan(held, budget)[2]
        scores: list[float] = []
        for action in legal:
            chosen = [t for t in offer if t["id"] in action["keep"]]
            _, cost, points = planner.plan(held + chosen, budget)
            unreachable = sum(t["points"] for t in chosen) - (points - held_points)
            scores.append(points - 2 * max(0, unreachable) - 0.3 * cost)
        order = sorted(range(len(legal)), key=lambda k: -scores[k])
        return [legal[k] for k in order]

    # --- colours ------------------------------------------------------------

    def colour_need(self, planner: RoutesPlanner, targets: list[Track]) -> Counter:
        need: Counter = Counter()
        for t in targets:
            if t.color != GRAY:
                need[t.color] += t.length - t.ferries
        gray = [t for t in targets if t.color == GRAY]
        if gray:
            spare = {c: planner.hand.get(c, 0) - need.get(c, 0) for c in planner.board.colors}
            for t in sorted(gray, key=lambda t: -t.length):
                color = max(spare, key=lambda c: spare[c])
                need[color] += t.length - t.ferries
                spare[color] -= t.length - t.ferries
            need[FERRY] += sum((t.ferries + 1) // 2 for t in gray)
        return need

    def _deficit(self, planner: RoutesPlanner, need: Counter) -> dict[str, int]:
        return {c: need[c] - planner.hand.get(c, 0) for c in need
                if need[c] > planner.hand.get(c, 0)}

    def _draw(self, view: View, legal: list[Action], need: Counter,
              planner: RoutesPlanner) -> Action | None:
        deficit = self._deficit(planner, need)
        ferry_short = deficit.pop(FERRY, 0)
        face_up = view["face_up"]
        options = {a["slot"]: face_up[a["slot"]] for a in legal if a["type"] == "draw_face_up"}
        wanted = [(deficit[c], slot) for slot, c in options.items() if c in deficit]
        if wanted:
            return {"type": "draw_face_up", "slot": max(wanted)[1]}
        first = not view.get("cards_drawn")
        if first and ferry_short and any(a["type"] == "draw_ferry" for a in legal):
            return {"type": "draw_ferry"}
        locos = [slot for slot, c in options.items() if c == LOCOMOTIVE]
        if first and locos and sum(deficit.values()) >= 5:
            return {"type": "draw_face_up", "slot": locos[0]}
        if any(a["type"] == "draw_deck" for a in legal):
            return {"type": "draw_deck"}
        plain = [slot for slot, c in options.items() if c != LOCOMOTIVE]
        if plain:
            return {"type": "draw_face_up", "slot": plain[0]}
        if locos:
            return {"type": "draw_face_up", "slot": locos[0]}
        return None

    # --- claims -------------------------------------------------------------

    def best_claim(self, planner: RoutesPlanner, claims: list[Action], need: Counter,
                   prefer_long: bool, worth: dict[str, float] | None = None) -> Action:
        """The claim with the best (size, region gain and points; least waste):
        the first such in `claims`. A rollout weighs every payment of every
        claim near the end of the game, so the track's part of the value is
        worked out once per track, not per payment, and kept in `worth`
        when given (for the same planner and `prefer_long`)."""
        board = planner.board
        gains: Any = None
        by_id, route_points = board.track_by_id, board.route_points
        if worth is None:
            worth = {}
        best: Action | None = None
        best_size = best_waste = 0.0
        get = need.get
        for action in claims:
            tid = action["track"]
            size = worth.get(tid)
            if size is None:
                if gains is None:
                    gains = planner.region_gains() if board.regions and planner.region_table \
                        else _no_gain
                track = by_id[tid]
                gain = gains(track)
                points = route_points[track.length] + gain
                length = track.length if prefer_long else 0
                size = worth[tid] = length + REGION_WEIGHT * gain + points / 10
            if best is not None and size < best_size:
                continue  # whatever it wastes, it comes after the best
            # spend colours the plan does not need; keep locomotives and ferries
            waste = 0
            for c, n in action["cards"].items():
                if c == LOCOMOTIVE:
                    waste += 4 * n
                elif c == FERRY:
                    waste += 3 * n
                else:
                    waste += n * (1 + get(c, 0))
            if best is None or size > best_size or waste < best_waste:
                best, best_size, best_waste = action, size, waste
        if best is None:
            raise ValueError("no claim to choose from")
        return best

    def _region_gain(self, planner: RoutesPlanner, claims: list[Action]) -> dict[str, int]:
        """Track id -> what claiming it would add to this seat's region bonus."""
        board = planner.board
        if not planner.region_table:
            return {}
        gains = planner.region_gains()
        by_id = board.track_by_id
        return {tid: gains(by_id[tid]) for tid in {action["track"]: None for action in claims}}


def _no_gain(track: Track) -> int:
    """The region gain of any track on a board with no region bonus."""
    return 0
