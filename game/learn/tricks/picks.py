"""What the coach of Railway Tricks' guided game chooses and says: the
learner's card from the trick plan, the end of a line for a card or a city,
the line for a locomotive, and the facts of the position the steps name
(cards, companies, ends, line values and scores), worded.

Lays follow lays.py. A locomotive goes where it puts the learner furthest
ahead of the others as the lines and shares stand, the ALL that follows it
counted too.
"""

from __future__ import annotations

from typing import Any

from game.learn.tricks.deal import LEARNER, planned_card
from game.learn.tricks.lays import LAY_SAME, end_value, lay_end, pending, shares_of
from game.narration.tricks import card_name, city_name, end_word, entry_name
from game.rules.base import Action, View
from game.rules.tricks.scoring import best_stretch, line_value
from game.tables.seats import default_name
from game.words.i18n import _, joined


def pick_lay(view: View, legal: list[Action]) -> Action | None:
    if not legal or legal[0]["type"] != "lay":
        return None
    return {"type": "lay", "end": lay_end(view, view["you"])[0]}


def accept_lay(view: View, action: Action) -> bool:
    """The suggested end, or either end where both do the same."""
    end, reason, _facts = lay_end(view, view["you"])
    return action.get("type") == "lay" and (action.get("end") == end or reason == LAY_SAME)


def pick_card(view: View, legal: list[Action]) -> Action | None:
    """The learner's card in the trick being played, from the plan."""
    action = planned_card(view, LEARNER)
    return action if action in legal else None


def best_company(view: View, seat: int) -> str:
    """The company `seat` holds most shares of (the first in the table's order on a tie)."""
    counts = shares_of(view, seat)
    return max(view["companies"], key=lambda c: (counts[c], -view["companies"].index(c)))


def pick_city(view: View, legal: list[Action]) -> Action | None:
    """The city at the higher end of the line of the learner's main company."""
    if not legal or legal[0]["type"] != "city":
        return None
    company = best_company(view, view["you"])
    line = view["lines"][company]
    end = "left" if end_value(line, "left") > end_value(line, "right") else "right"
    return {"type": "city", "company": company, "end": end}


def worth_with(view: View, placed: dict[str, dict[str, Any] | None]) -> dict[str, int]:
    """Each company's worth as its line stands, with the locomotives `placed`."""
    out = {}
    for company, line in view["lines"].items():
        loco = placed.get(company)
        out[company] = 0 if loco is None else line_value(
            [item["value"] for item in line], loco["distance"], loco["cost"])
    return out


def placing(view: View, company: str) -> dict[str, dict[str, Any] | None]:
    """The locomotives once the pending one is on `company` (the one that
    follows it going by itself to the last free line, as the engine does)."""
    waiting = pending(view)["locomotive"]
    placed = dict(view["locomotives"])
    placed[company] = {k: waiting[k] for k in ("name", "distance", "cost")}
    won = (view.get("last_trick") or {}).get("lane") or {}   # the entry being placed
    follows = won.get("with", []) if won.get("kind") == "locomotive" else []
    free = [c for c, loco in placed.items() if loco is None]
    if follows and len(free) == 1:
        placed[free[0]] = follows[0]
    return placed


def score_with(view: View, seat: int, placed: dict[str, dict[str, Any] | None]) -> int:
    worth = worth_with(view, placed)
    return sum(worth[c] * n for c, n in shares_of(view, seat).items())


def pick_locomotive(view: View, legal: list[Action]) -> Action | None:
    """The line that puts the learner furthest ahead of the best other seat
    as the lines and shares stand (then: the learner's own score highest)."""
    if not legal or legal[0]["type"] != "locomotive":
        return None
    return max(legal, key=lambda a: lead_with(view, placing(view, a["company"])))


def lead_with(view: View, placed: dict[str, dict[str, Any] | None]) -> tuple[int, int]:
    """(the learner's lead over the best other seat, the learner's score)."""
    scores = [score_with(view, seat, placed) for seat in range(len(view["players"]))]
    me = scores[view["you"]]
    return me - max(s for seat, s in enumerate(scores) if seat != view["you"]), me


def pick(view: View, legal: list[Action]) -> Action | None:
    """Whatever the position asks of the learner, as the coach would play it."""
    if not legal:
        return None
    return {"play": pick_card, "lay": pick_lay, "city": pick_city,
            "locomotive": pick_locomotive}[legal[0]["type"]](view, legal)


def _run_words(line: list[dict[str, Any]], loco: dict[str, Any]) -> tuple[str, int, int]:
    """("40 + 30 + 30 + 10", earned, worth) of `loco` on `line`."""
    values = [item["value"] for item in line]
    earned, start, length = best_stretch(values, loco["distance"])
    run = " + ".join(str(v) for v in values[start:start + length])
    return run, earned, max(0, earned - loco["cost"])


def shares_words(view: View, seat: int) -> str:
    counts = shares_of(view, seat)
    return joined(f"{c} ×{n}" for c, n in sorted(counts.items(),
                                               key=lambda kv: view["companies"].index(kv[0])))


def facts(view: View) -> dict[str, Any]:
    """Every value a step of the lesson may name, worded ("-" where the
    position has none)."""
    me = view["you"]
    out: dict[str, Any] = {k: "-" for k in (
        "card", "led", "leader", "led_card", "best", "best_seat", "follow", "end",
        "company", "value", "neighbour", "reason", "city", "loco", "distance", "cost",
        "run", "earned", "worth", "count", "other", "other_loco", "other_worth",
        "placed_company", "placed_worth", "winner", "score", "scores", "values", "shares",
        "card_company", "kept", "won_by", "won_entry", "main")}
    lane = view["lane"]
    out.update(hand=len(view["private"].get("hand", [])), tricks=view["tricks_left"],
               entry=entry_name(lane[0]) if lane else "-",
               last_entry=entry_name(lane[-1]) if lane else "-",
               shares=shares_words(view, me) or "-")
    suggested = planned_card(view, me)
    if suggested is not None:
        out.update(card=card_name(suggested["card"]), card_company=suggested["card"]["company"])
    if any(shares_of(view, me).values()):
        out["main"] = best_company(view, me)
    _last_trick_facts(view, out)
    if view["trick"]:
        leader, first = view["trick"][0]
        out.update(leader=default_name(leader), led=view["led"], led_card=card_name(first))
        led = [(c["strength"], s, c) for s, c in view["trick"] if c["company"] == view["led"]]
        strength, seat, card = max(led, key=lambda t: t[0])
        out.update(best=card_name(card), best_seat=default_name(seat))
        hand = view["private"].get("playable", [])
        out["follow"] = joined(card_name(c) for c in hand)
    asked = pending(view)
    if asked.get("kind") == "lay":
        end, reason, said = lay_end(view, me)
        out.update(said, end=end_word(end), card=card_name(asked["card"]),
                   reason=_(reason).format(**said))
    elif asked.get("kind") == "city":
        choice = pick_city(view, [{"type": "city"}])
        line = view["lines"][choice["company"]]
        out.update(city=city_name(asked["city"]), value=asked["city"]["value"],
                   company=choice["company"], end=end_word(choice["end"]),
                   neighbour=end_value(line, choice["end"]))
    elif asked.get("kind") == "locomotive":
        out.update(_locomotive_facts(view))
    _placed_facts(view, out)
    if view["phase"] == "over":
        _result_facts(view, out)
    return out


def _locomotive_facts(view: View) -> dict[str, Any]:
    me = view["you"]
    loco = pending(view)["locomotive"]
    legal = [{"type": "locomotive", "company": c} for c in pending(view)["options"]]
    company = pick_locomotive(view, legal)["company"]
    placed = placing(view, company)
    run, earned, worth = _run_words(view["lines"][company], placed[company])
    out = {"loco": loco["name"], "distance": loco["distance"] or "-", "cost": loco["cost"],
           "company": company, "run": run, "earned": earned, "worth": worth,
           "count": shares_of(view, me)[company]}
    others = [c for c, lo in placed.items() if lo is not None and view["locomotives"][c] is None
              and c != company]
    if others:
        other = others[0]
        out.update(other=other, other_loco=placed[other]["name"],
                   other_worth=worth_with(view, placed)[other])
    return out


def _last_trick_facts(view: View, out: dict[str, Any]) -> None:
    """Who won the last trick and what, and the cards the others kept as shares."""
    last = view.get("last_trick")
    if not last:
        return
    out.update(won_by=_name(last["winner"], view), won_entry=entry_name(last["lane"]))
    if last["lane"].get("kind") in ("exchange", "share", "reservation") or \
            "strength" in last["lane"]:
        out["kept"] = joined(_("{name}: {card}").format(name=_name(s, view), card=card_name(c))
                             for s, c in last["cards"] if s != last["winner"])


def _placed_facts(view: View, out: dict[str, Any]) -> None:
    """The locomotive the last trick placed (when the learner did not)."""
    last = view.get("last_trick") or {}
    entry = last.get("lane") or {}
    if entry.get("kind") != "locomotive":
        return
    for company, loco in view["locomotives"].items():
        if loco is not None and loco["name"] == entry["name"]:
            run, earned, worth = _run_words(view["lines"][company], loco)
            out.update(winner=default_name(last["winner"]), placed_company=company,
                       loco=loco["name"], distance=loco["distance"], cost=loco["cost"],
                       run=run, earned=earned, placed_worth=worth)


def _result_facts(view: View, out: dict[str, Any]) -> None:
    result = view["result"]
    companies = result["companies"]
    out["values"] = joined(_("{company} {value}").format(company=c, value=companies[c]["value"])
                           for c in view["companies"])
    out["score"] = result["scores"][view["you"]]
    out["scores"] = joined(_("{name} {score}").format(name=_name(s, view), score=score)
                           for s, score in enumerate(result["scores"]))
    out["winner"] = joined(_name(s, view) for s in result["winners"])


def _name(seat: int, view: View) -> str:
    return _("you") if seat == view["you"] else default_name(seat)
