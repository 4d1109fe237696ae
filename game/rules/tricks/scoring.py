"""What the lines and shares are worth: a line earns its best run of stations
for its locomotive, less the locomotive's cost, and each share pays its
company's worth. Here for the state (the Scoring mixin of engine.TricksState:
the result, and the bare scores a bot's rollouts count) and for a LAN guest,
who reads the standing off a view.
"""

from __future__ import annotations

from typing import Any

from game.rules.tricks.cards import line_item_value, share_company


def best_stretch(values: list[int], distance: int | None) -> tuple[int, int, int]:
    """(sum, start, length) of the best run of `distance` consecutive station values.

    The whole line when it is not longer than `distance`, or when `distance`
    is None (a locomotive that runs the whole line). Among equal sums the
    leftmost run is reported.
    """
    if distance is None or len(values) <= distance:
        return sum(values), 0, len(values)
    run = sum(values[:distance])
    best, start = run, 0
    for i in range(distance, len(values)):
        run += values[i] - values[i - distance]
        if run > best:
            best, start = run, i - distance + 1
    return best, start, distance


def line_value(values: list[int], distance: int | None, cost: int) -> int:
    """A share's worth: best stretch minus the locomotive's cost, never below 0."""
    return max(0, best_stretch(values, distance)[0] - cost)


def standing_of_view(view: dict) -> tuple[dict[str, int], list[int]] | None:
    """Each company's share value and each seat's score as they stand, read off
    a view (public parts only: the lines, locomotives and shares on show), the
    way the engine's result counts them; for a LAN guest, who has no state to
    ask. None when the view lacks them."""
    try:
        values = {}
        for company, line in view["lines"].items():
            loco = view["locomotives"].get(company)
            values[company] = 0 if loco is None else line_value(
                [item["value"] for item in line], loco["distance"], loco["cost"])
        own = [sum(values[share["company"]] for share in player["shares"])
               for player in view["players"]]
    except (KeyError, TypeError, AttributeError):
        return None
    scores = list(own)
    if view.get("teams") and len(own) == 4:
        scores = [own[s] + own[(s + 2) % 4] for s in range(4)]
    return values, scores


class Scoring:
    """The state's scores and result (see engine.py for the result's fields).
    It reads the state's fields and changes nothing."""

    def company_values(self) -> list[dict[str, Any]]:
        """Each company's line and worth, in company order."""
        data = self.data
        out = []
        for c, line in enumerate(self.lines):
            loco = self.locos[c]
            entry: dict[str, Any] = {"company": data.companies[c], "line": len(line)}
            if loco is None:
                entry.update(locomotive=None, distance=None, cost=0, stretch=None,
                             earnings=0, value=0)
            else:
                name, distance, cost = data.locomotives[loco]
                values = [line_item_value(data, x) for x in line]
                earnings, start, length = best_stretch(values, distance)
                entry.update(locomotive=name, distance=distance, cost=cost,
                             stretch=[start, length], earnings=earnings,
                             value=max(0, earnings - cost))
            out.append(entry)
        return out

    def scores(self) -> list[int]:
        """The scores as `result()` counts them (team totals with teams), without
        its breakdown: for a bot's rollouts, which score many ends of games."""
        data = self.data
        values = []
        for c, line in enumerate(self.lines):
            loco = self.locos[c]
            if loco is None:
                values.append(0)
                continue
            _, distance, cost = data.locomotives[loco]
            earnings = best_stretch([line_item_value(data, x) for x in line], distance)[0]
            values.append(max(0, earnings - cost))
        own = [sum(values[share_company(data, share)] for share in shares)
               for shares in self.shares]
        if self.teams:
            return [own[s] + own[(s + 2) % 4] for s in range(self.players)]
        return own

    def _compute_result(self) -> dict[str, Any]:
        data = self.data
        names = data.companies
        companies = self.company_values()
        values = [c["value"] for c in companies]
        breakdown = []
        for s in range(self.players):
            counts = [0] * len(names)
            for share in self.shares[s]:
                counts[share_company(data, share)] += 1
            points = [n * v for n, v in zip(counts, values, strict=True)]
            breakdown.append({
                "seat": s,
                "shares": dict(zip(names, counts, strict=True)),
                "points": dict(zip(names, points, strict=True)),
                "company_values": dict(zip(names, values, strict=True)),
                "total": sum(points),
            })
        scores = [b["total"] for b in breakdown]
        if self.teams:
            # partners sit opposite each other, as in partnership trick games
            own = list(scores)
            for s, b in enumerate(breakdown):
                partner = (s + 2) % 4
                b["team"] = sorted((s, partner))
                b["team_total"] = scores[s] = own[s] + own[partner]
        top = max(scores)
        return {"scores": scores, "winners": [s for s in range(self.players) if scores[s] == top],
                "breakdown": breakdown, "companies": {c["company"]: c for c in companies},
                "over": self.is_over}
