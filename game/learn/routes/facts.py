"""The route lessons' facts: the values a step's words name, read from the
learner's view (the learner is seat 0 in every route lesson) and worded in
the player's language: the route and the cards a claim uses, the tickets
on offer or done, the last turn's move and the end's scores.

Facts see only the view, so the claims they name are worked out from the
hand (`claims_in_view`) with the same choice as the step's pick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.learn.routes import picks
from game.narration.hints import action_words
from game.rules.base import Action, View
from game.rules.routes.board import load_board
from game.rules.routes.payments import payments
from game.words.i18n import _, joined, listed

Facts = Callable[[View], dict[str, Any]]


def seat_name(names: tuple[str, ...], seat: int) -> str:
    return _(names[seat]) if seat < len(names) else "?"


def hand(view: View) -> dict[str, Any]:
    """The learner's trains and cards."""
    cards = {c: n for c, n in view["private"]["hand"].items()}
    return {"trains": view["players"][0]["trains"],
            "hand": picks.cards_words(cards) if cards else _("no cards")}


def claims_in_view(view: View) -> list[Action]:
    """Every claim the learner's hand pays for, of every free track (trains
    and closed parallel tracks aside: the facts name only the lesson's own)."""
    board = load_board(view["board"])
    cards = view["private"]["hand"]
    out = []
    for t in board.tracks:
        if t.id not in view["routes"]:
            out += [{"type": "claim", "track": t.id, "cards": pay}
                    for pay in payments(t, cards, board.colors)]
    return out


def claim(*track_ids: str, prefer: tuple[str, ...] = ()) -> Facts:
    """The route the step's `picks.claim(*track_ids)` claims: its name,
    length, colour, points, the cards it takes and the trains left after."""
    pick = picks.claim(*track_ids, prefer=prefer)

    def facts(view: View) -> dict[str, Any]:
        action = pick(view, claims_in_view(view))
        t = picks.track(view, action["track"] if action else track_ids[0])
        return {"route": picks.route(view, t.id), "length": t.length,
                "points": load_board(view["board"]).route_points[t.length],
                "cards": picks.cards_words(action["cards"]) if action else "",
                "left": view["players"][0]["trains"] - t.length,
                "colour": picks.card_word(t.color), "waves": t.ferries}
    return facts


def offer(ids: tuple[int, ...]) -> Facts:
    """Tickets on offer as t0, t1, ... with their points p0, p1, ..."""
    def facts(view: View) -> dict[str, Any]:
        tickets = [picks.offered(view, i) for i in ids]
        return {f"t{n}": picks.ticket_words(t) for n, t in enumerate(tickets)} | {
            f"p{n}": t["points"] for n, t in enumerate(tickets)}
    return facts


def done(view: View) -> dict[str, Any]:
    """The learner's completed tickets and their points."""
    tickets = [t for t in view["private"]["tickets"] if t["done"]]
    return {"done": joined(picks.ticket_words(t) for t in tickets) or "-",
            "points": sum(t["points"] for t in tickets), "count": len(tickets)}


def last_turn_pick(short: tuple[str, ...]) -> Callable[[View, list[Action]], Action | None]:
    """A short route the last trains and cards pay for (the lesson's `short`
    ones first), else a card from the deck."""
    def pick(view: View, legal: list[Action]) -> Action | None:
        claims = [a for a in legal if a["type"] == "claim"]
        cards = view["private"]["hand"]
        chosen = picks.claim(*short)(view, legal)
        if chosen is None and claims:
            chosen = min(claims, key=lambda a: (-sum(a["cards"].values()), picks.payment_cost(
                a["cards"], cards), a["track"]))
        return chosen or picks.of_type("draw_deck")(view, legal)
    return pick


def last_turn(game: str, short: tuple[str, ...], names: tuple[str, ...]) -> Facts:
    """The learner's last turn: trains left, the move suggested, the others."""
    pick = last_turn_pick(short)

    def facts(view: View) -> dict[str, Any]:
        trains = view["players"][0]["trains"]
        board = load_board(view["board"])
        legal = [a for a in claims_in_view(view)
                 if board.track_by_id[a["track"]].length <= trains]
        action = pick(view, legal)
        move = _("Draw train cards") if action is None else action_words(game, action, view)
        return {"trains": trains, "move": move,
                "others": listed([seat_name(names, s) for s in range(1, len(names))])}
    return facts


def end(names: tuple[str, ...]) -> Facts:
    """The end: the learner's points, tickets not completed, the longest
    route, the region bonus, the winner (empty values before the end)."""
    def facts(view: View) -> dict[str, Any]:
        rows = picks.breakdown(view)
        if not rows:
            return {"longest": "", "failed": "", "lost": 0, "total": 0, "winner": "",
                    "longest_bonus": 0,
                    "route_points": 0, "ticket_points": 0, "regions": 0, "bonus": 0,
                    "networks": 0}
        mine = rows[0]
        failed = [t for t in mine["tickets"] if not t["done"]]
        best = max(r["longest"] for r in rows)
        holder = next(r["seat"] for r in rows if r["longest"] == best)
        longest = (_("The longest unbroken line is yours, {longest} trains: +{bonus} points.")
                   if holder == 0 else _("The longest unbroken line is {name}'s, {longest} "
                                          "trains: +{bonus} points. Yours is {mine}.")).format(
            longest=best, bonus=rows[holder]["longest_bonus"],
            name=seat_name(names, holder), mine=mine["longest"])
        top = max(r["total"] for r in rows)
        winner = next(r["seat"] for r in rows if r["total"] == top)
        regions = mine.get("regions", [])
        return {"longest": longest,
                "failed": joined(picks.ticket_words(t) for t in failed) or "-",
                "lost": sum(t["points"] for t in failed), "total": mine["total"],
                "winner": _("You win.") if winner == 0 else _("{name} wins.").format(
                    name=seat_name(names, winner)),
                "route_points": mine["route_points"], "ticket_points": mine["ticket_points"],
                "longest_bonus": mine.get("longest_bonus", 0),
                "regions": regions[0] if regions else 0, "networks": len(regions),
                "bonus": mine.get("region_bonus", 0)}
    return facts


def lit(*track_ids: str) -> Callable[[View], list[tuple[str, Any]]]:
    """The board items of `track_ids`: free ones as routes to claim, claimed
    ones as claimed routes (the routes board's focus kinds)."""
    return lambda view: [("claimed" if t in view["routes"] else "track", t)
                         for t in track_ids]
