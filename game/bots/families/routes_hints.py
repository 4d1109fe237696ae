"""What a route-game move does for the seat, read from its view: the reasons a
hint gives (game/bots/hint.py), each with its numbers.

A ticket's distance is the fewest train spaces still to claim between its
cities over the seat's own routes (free) and routes nobody holds (their
length), never across another player's route or through a neighbouring
country (a dead end joins through one route only): the same reading the
phone page shows beside each ticket.
"""

from __future__ import annotations

import heapq
from typing import Any

from game.bots.hint import Reason
from game.rules.base import Action, View
from game.rules.routes.board import Board, Track, load_board
from game.rules.routes.scoring import longest_route

INF = float("inf")


def _usable(board: Board, track: Track, routes: dict[str, int], seat: int,
            players: int) -> int | None:
    """What using `track` costs the seat now: 0 if its own, its length if free,
    None if shut (another's, or a parallel the seat may not also take)."""
    owner = routes.get(track.id)
    if owner == seat:
        return 0
    if owner is not None:
        return None
    siblings = [board.tracks[i] for i in board.parallel[track.id] if i != track.index]
    taken = [routes.get(t.id) for t in siblings if routes.get(t.id) is not None]
    if taken and (seat in taken or players <= 3):
        return None
    return track.length


def distance(board: Board, routes: dict[str, int], seat: int, players: int,
             a: str, b: str) -> tuple[float, list[Track]]:
    """The fewest spaces still to claim between cities a and b, and the tracks of
    that way (Dijkstra over the board's nodes; a dead end is a node per track)."""
    starts = {board.node(a, t) for t in board.tracks if a in (t.a, t.b)}
    goals = {board.node(b, t) for t in board.tracks if b in (t.a, t.b)}
    edges: dict[str, list[tuple[str, Track]]] = {}
    for track in board.tracks:
        x, y = board.node(track.a, track), board.node(track.b, track)
        edges.setdefault(x, []).append((y, track))
        edges.setdefault(y, []).append((x, track))
    best: dict[str, float] = {s: 0 for s in starts}
    back: dict[str, tuple[str, Track]] = {}
    queue = [(0, s) for s in sorted(starts)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best.get(here, INF):
            continue
        if here in goals:
            way = []
            while here in back:
                here, track = back[here]
                way.append(track)
            return cost, way
        for there, track in edges.get(here, ()):
            step = _usable(board, track, routes, seat, players)
            if step is None:
                continue
            if cost + step < best.get(there, INF):
                best[there] = cost + step
                back[there] = (here, track)
                heapq.heappush(queue, (cost + step, there))
    return INF, []


def _ways(board: Board, view: View, routes: dict[str, int]) -> dict[int, tuple[float, list]]:
    seat, players = view["you"], len(view["players"])
    return {t["id"]: distance(board, routes, seat, players, t["a"], t["b"])
            for t in view["private"].get("tickets") or () if not t.get("done")}


def _longest(board: Board, routes: dict[str, int], seat: int) -> int:
    mine = [board.track_by_id[i] for i, owner in routes.items() if owner == seat]
    return longest_route((t.a, t.b, t.length) for t in mine)


def explain(view: View, action: Action) -> list[Reason]:
    """The reasons to make `action`, as the seat's view shows them."""
    board = load_board(view["board"])
    seat = view["you"]
    routes = dict(view.get("routes") or {})
    tickets = {t["id"]: t for t in view["private"].get("tickets") or ()}
    kind = action.get("type")
    if kind == "claim":
        return _claim(board, view, routes, tickets, action)
    if kind in ("draw_face_up", "draw_deck", "draw_ferry"):
        return _draw(board, view, routes, tickets, action)
    if kind == "keep_tickets":
        pending = view["private"].get("pending") or {}
        offered = {t["id"]: t for t in pending.get("options") or ()}
        reasons = []
        for ticket_id in action.get("keep", ()):
            t = offered.get(ticket_id)
            if t is None:
                continue
            left, _ = distance(board, routes, seat, len(view["players"]), t["a"], t["b"])
            reasons.append(Reason("keep_ticket", {"a": t["a"], "b": t["b"],
                                                  "points": t["points"],
                                                  "trains": None if left == INF else int(left)}))
        return reasons
    if kind == "draw_tickets":
        ways = _ways(board, view, routes)
        needed = sum(int(d) for d, _ in ways.values() if d != INF)
        trains = view["players"][seat].get("trains", 0)
        return [Reason("more_tickets", {"open": len(ways), "needed": needed, "trains": trains})]
    return []


def _claim(board: Board, view: View, routes: dict[str, int], tickets: dict[int, Any],
           action: Action) -> list[Reason]:
    seat = view["you"]
    track = board.track_by_id[action["track"]]
    reasons = [Reason("route_points", {"a": track.a, "b": track.b, "length": track.length,
                                       "points": board.route_points.get(track.length, 0)})]
    before = _ways(board, view, routes)
    after_routes = dict(routes, **{track.id: seat})
    after = _ways(board, view, after_routes)
    for ticket_id, (was, _) in before.items():
        now = after[ticket_id][0]
        t = tickets[ticket_id]
        if now == 0:
            reasons.append(Reason("ticket_done", {"a": t["a"], "b": t["b"],
                                                  "points": t["points"]}))
        elif was != INF and now < was:
            reasons.append(Reason("ticket_closer", {"a": t["a"], "b": t["b"],
                                                    "points": t["points"],
                                                    "before": int(was), "after": int(now)}))
    longest, longer = _longest(board, routes, seat), _longest(board, after_routes, seat)
    if longer > longest:
        reasons.append(Reason("longest", {"before": longest, "after": longer}))
    for city in (track.a, track.b):
        rivals = sorted({owner for tid, owner in routes.items() if owner != seat
                         and city in (board.track_by_id[tid].a, board.track_by_id[tid].b)})
        if rivals:
            reasons.append(Reason("contested", {"city": city, "seats": rivals}))
    return reasons


def _needs(board: Board, view: View, routes: dict[str, int]) -> list[Track]:
    """The free tracks on the best ways to the seat's open tickets, longest first."""
    tracks = {t.id: t for _, way in _ways(board, view, routes).values() for t in way
              if t.id not in routes}
    return sorted(tracks.values(), key=lambda t: (-t.length, t.id))


def _draw(board: Board, view: View, routes: dict[str, int], tickets: dict[int, Any],
          action: Action) -> list[Reason]:
    hand = view["private"].get("hand") or {}
    needs = _needs(board, view, routes)
    kind = action["type"]
    if kind == "draw_face_up":
        colour = view["face_up"][action["slot"]]
        if colour == "locomotive":
            return [Reason("locomotive", {"have": hand.get("locomotive", 0)})]
        for track in needs:
            if track.color == colour:
                return [Reason("colour_for_route", {
                    "colour": colour, "a": track.a, "b": track.b, "length": track.length,
                    "have": hand.get(colour, 0)})]
        return [Reason("colour_count", {"colour": colour, "have": hand.get(colour, 0)})]
    if kind == "draw_ferry":
        ferries = [t for t in needs if t.ferries]
        if ferries:
            t = ferries[0]
            return [Reason("ferry_for_route", {"a": t.a, "b": t.b, "ferries": t.ferries})]
        return []
    colours = sorted({t.color for t in needs if t.color != "gray"})
    shown = [c for c in view.get("face_up") or () if c]
    return [Reason("deck_over_face_up", {"needed": colours,
                                         "shown": [c for c in shown if c not in colours]})]
