"""What a Railway Tricks move does for the seat, read from its view: the
reasons a hint gives (game/bots/hint.py), each with its numbers.

A line's worth "now" is what a share of its company pays as the table
stands (its locomotive's best run less the cost: game/rules/tricks/scoring.py;
none without a locomotive); its "expected" worth is the planner's
(tricks_worths.worth: with its locomotive, or the average of the
locomotives still to come). A card's chance to win the trick is the
planner's (TricksPosition.win_chance); the stronger cards it counts are
those of its company the seat has not seen anywhere.
"""

from __future__ import annotations

from typing import Any

from game.bots.families.tricks_position import TricksPosition
from game.bots.families.tricks_worths import worth
from game.bots.hint import Reason
from game.rules.base import Action, View
from game.rules.tricks.scoring import best_stretch, line_value


def explain(view: View, action: Action) -> list[Reason]:
    """The reasons to make `action`, as the seat's view shows them."""
    position = TricksPosition(view)
    kind = action.get("type")
    if kind == "play":
        return _play(view, position, action["card"])
    if kind == "city":
        city = view["private"]["pending"]["city"]
        return _with_holding_back(_placed(view, position, action["company"], city["value"],
                                          action["end"], "city",
                                          {"name": city["name"], "value": city["value"]}))
    if kind == "locomotive":
        return _locomotive(view, position, action["company"])
    if kind == "lay":
        pending = view["private"]["pending"]
        card = pending["card"]
        return _with_holding_back(_placed(view, position, card["company"], card["value"],
                                          action["end"], "lay", {"card": card}))
    return []


# --- what a line and its shares are worth ------------------------------------

def _values(view: View, company: str) -> list[int]:
    return [item["value"] for item in view["lines"][company]]


def _loco(view: View, company: str) -> tuple[int | None, int] | None:
    shown = view["locomotives"][company]
    return None if shown is None else (shown["distance"], shown["cost"])


def line_worths(view: View, position: TricksPosition, company: str,
                values: list[int] | None = None) -> dict[str, Any]:
    """A line's worth now (None without a locomotive) and expected, with its
    station `values` (the line's own if None)."""
    if values is None:
        values = _values(view, company)
    loco = _loco(view, company)
    now = None if loco is None else line_value(values, loco[0], loco[1])
    return {"now": now, "expected": round(worth(values, loco, position.coming))}


def shares(view: View, company: str) -> dict[str, Any]:
    """How many shares of `company` the seat holds, and the most a rival holds."""
    seat = view["you"]
    counts = [sum(1 for s in p["shares"] if s["company"] == company) for p in view["players"]]
    partner = (seat + 2) % 4 if view.get("teams") else None
    rivals = [n for s, n in enumerate(counts) if s not in (seat, partner)]
    return {"company": company, "yours": counts[seat],
            "partner": None if partner is None else counts[partner],
            "rival_most": max(rivals) if rivals else 0}


# --- playing a card ----------------------------------------------------------

def _play(view: View, position: TricksPosition, card: dict[str, Any]) -> list[Reason]:
    company, led = card["company"], view["led"]
    entry = view["lane"][0]
    kind = entry.get("kind")
    share_trick = kind not in ("city", "locomotive")
    reasons = []
    if led is not None and company != led:       # it cannot win: the reason says why
        reasons.append(Reason("void", {"led": led, "card": card}))
    else:
        reasons.append(_chance(view, position, card))
        if led is not None:
            held = sum(1 for c in view["private"]["hand"] if c["company"] == led)
            reasons.append(Reason("follow", {"led": led, "held": held}))
    if share_trick:
        taken = entry["company"]
        reasons.append(Reason("stakes_share", {
            "entry": entry, **shares(view, taken), **line_worths(view, position, taken)}))
        reasons.append(Reason("if_lost", {"card": card, **shares(view, company),
                                          **line_worths(view, position, company)}))
    else:
        reasons.append(Reason("stakes_place", {"entry": entry}))
        if reasons[0].code == "win_chance" and reasons[0].data["chance"] > 0:
            reasons.append(_if_won_place(view, position, entry))
        best = _best_end(view, position, company, card["value"])
        reasons.append(Reason("laid", {"card": card, **best}))
    return [r for r in reasons if r is not None]


def _if_won_place(view: View, position: TricksPosition, entry: dict[str, Any]
                  ) -> Reason | None:
    """Where the seat would lay the trick's city, or place its locomotive, if
    it wins it (the planner's choice), and what that line would be worth."""
    if entry["kind"] == "city":
        _, end, company = position.best_city(entry["value"])
        values = _values(view, company)
        after = line_worths(view, position, company, [entry["value"], *values]
                            if end == "left" else [*values, entry["value"]])
        before = line_worths(view, position, company)
        return Reason("if_won_city", {"name": entry["name"], "value": entry["value"],
                                      "end": end, **shares(view, company),
                                      "now": before["now"], "expected": before["expected"],
                                      "now_after": after["now"],
                                      "expected_after": after["expected"]})
    free = [c for c, name in enumerate(view["companies"]) if view["locomotives"][name] is None]
    if not free:
        return None
    _, company = position.best_locomotive((entry["distance"], entry["cost"]), free)
    worth_now = line_value(_values(view, company), entry["distance"], entry["cost"])
    return Reason("if_won_locomotive", {"name": entry["name"], "distance": entry["distance"],
                                        "cost": entry["cost"], "worth": worth_now,
                                        **shares(view, company)})


def _chance(view: View, position: TricksPosition, card: dict[str, Any]) -> Reason:
    """The card's chance to win the trick, what it beats and what may beat it."""
    company, strength = card["company"], card["strength"]
    led = view["led"]
    top = None
    for _, played in view["trick"]:
        if played["company"] == (led or company) and (top is None
                                                      or played["strength"] > top["strength"]):
            top = played
    out = _seen(view)
    mine = {c["strength"] for c in view["private"]["hand"] if c["company"] == company}
    strengths = position.tables.strengths
    stronger = range(strength + 1, strengths + 1)
    unseen = [s for s in stronger if (company, s) not in out and s not in mine]
    return Reason("win_chance", {
        "card": card, "chance": round(position.win_chance(position.card(card)), 3),
        "top": top, "stronger_out": sum(1 for s in stronger if (company, s) in out),
        "stronger_mine": sum(1 for s in stronger if s in mine),
        "stronger_unseen": len(unseen), "to_play": len(view["players"]) - 1
        - len(view["trick"])})


def _seen(view: View) -> set[tuple[str, int]]:
    """The company cards out of every hand: on the lines, held as shares, in
    the lane, removed, or in the trick."""
    cards = [c for line in view["lines"].values() for c in line]
    cards += [s for p in view["players"] for s in p["shares"]]
    cards += list(view["lane"]) + list(view["removed_cards"]) + [c for _, c in view["trick"]]
    return {(c["company"], c["strength"]) for c in cards if "strength" in c}


def _best_end(view: View, position: TricksPosition, company: str, value: int
              ) -> dict[str, Any]:
    """The end that makes the company's line worth most with a station of
    `value`, and its worths before and after."""
    values = _values(view, company)
    left = line_worths(view, position, company, [value, *values])
    right = line_worths(view, position, company, [*values, value])
    end = "left" if (left["expected"], left["now"] or 0) > (right["expected"],
                                                           right["now"] or 0) else "right"
    after = left if end == "left" else right
    before = line_worths(view, position, company)
    return {**shares(view, company), "end": end, "now": before["now"],
            "expected": before["expected"], "now_after": after["now"],
            "expected_after": after["expected"]}


# --- placing a city, a locomotive, a card ------------------------------------

def _placed(view: View, position: TricksPosition, company: str, value: int, end: str,
            code: str, data: dict[str, Any]) -> Reason:
    values = _values(view, company)
    after = line_worths(view, position, company,
                        [value, *values] if end == "left" else [*values, value])
    before = line_worths(view, position, company)
    other = line_worths(view, position, company,
                        [*values, value] if end == "left" else [value, *values])
    return Reason(code, {**data, **shares(view, company), "end": end,
                         "now": before["now"], "expected": before["expected"],
                         "now_after": after["now"], "expected_after": after["expected"],
                         "other_end": other["expected"]})


def _with_holding_back(placed: Reason) -> list[Reason]:
    """A station laid where the line gains less than at the other end, by a
    seat that holds fewer of the company's shares than a rival: the line
    kept lower for the rival."""
    d = placed.data
    ours = d["yours"] + (d["partner"] or 0)
    if d["other_end"] > d["expected_after"] and ours < d["rival_most"]:
        return [placed, Reason("held_back", {"company": d["company"], "yours": ours,
                                             "rival_most": d["rival_most"],
                                             "other_end": d["other_end"],
                                             "after": d["expected_after"]})]
    return [placed]


def _locomotive(view: View, position: TricksPosition, company: str) -> list[Reason]:
    loco = view["private"]["pending"]["locomotive"]
    values = _values(view, company)
    run, start, length = best_stretch(values, loco["distance"])
    reasons = [Reason("locomotive", {
        "name": loco["name"], "distance": loco["distance"], "cost": loco["cost"],
        "run": run, "stations": length, "worth": max(0, run - loco["cost"]),
        **shares(view, company)})]
    others = []
    for name in view["private"]["pending"]["options"]:
        if name != company:
            value = line_value(_values(view, name), loco["distance"], loco["cost"])
            others.append((value, name))
    if others:
        value, name = max(others)
        reasons.append(Reason("locomotive_elsewhere", {"worth": value, **shares(view, name)}))
    return reasons
