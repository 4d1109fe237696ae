"""What an Eighty Days move does for the seat, read from its view: the reasons
a hint gives (game/bots/hint.py), each with its numbers.

The days are the engine's (`payment_days` of the cards, with the move's
event cards); a die's odds come from the rules' die (each face alike) and
the way Hard answers a roll (keep 3 or less, or 4 with under 2 coins; pay a
coin to roll again otherwise); the days of the legs ahead are the planner's
estimate (race_planner.py: a leg the hand cannot pay yet counts the average
card and a wait), said as "about".
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from game.bots.families.race_greedy import keeps_roll
from game.bots.families.race_planner import LOOKAHEAD, RacePlanner
from game.bots.hint import Reason
from game.rules.base import Action, View
from game.rules.race.data import load_race
from game.rules.race.days import Card, hand_sets, payment_days
from game.rules.race.moves import PRINCESS

# The event cards that change what a move's cards cost.
_DAY_EFFECTS = ("Opportunity", "Propeller train", "Submarine")


def expected_roll(coins: int) -> Fraction:
    """The die's expected days when each roll is kept or rolled again as Hard
    does, with `coins` to pay for new rolls (the rules' die and price)."""
    numbers = load_race().numbers
    sides, price = numbers["die_sides"], numbers["reroll_price"]
    expected = Fraction(sides + 1, 2)          # no coin to roll again: any face stands
    for held in range(price, coins + 1, price):
        expected = sum((Fraction(r) if keeps_roll(r, held) else expected
                        for r in range(1, sides + 1)), Fraction(0)) / sides
    return expected


def faces(beaten: int, base: int = 0) -> dict[str, int]:
    """How many of the die's faces give fewer days than `beaten`, as many, and
    more, when the die's roll is added to `base` days."""
    sides = load_race().numbers["die_sides"]
    better = sum(1 for r in range(1, sides + 1) if base + r < beaten)
    same = sum(1 for r in range(1, sides + 1) if base + r == beaten)
    return {"better": better, "same": same, "worse": sides - better - same, "sides": sides}


def _leg(view: View, index: int) -> dict[str, Any]:
    route = view["route"]
    return {"from": route[index], "to": route[index + 1]}


def _standing(view: View, plan: RacePlanner) -> Reason | None:
    """The seat against the rival best placed (the planner's reading), or the
    first rival home."""
    me = view["players"][plan.seat]
    arrived = [p for p in view["players"] if p["seat"] != plan.seat and p["arrived"] is not None]
    if arrived:
        first = min(arrived, key=lambda p: p["arrived"])
        return Reason("rival_home", {"seat": first["seat"], "days": first["days"],
                                     "yours": me["days"]})
    leading = plan.leading_rival()
    if leading is None or leading[1:] == (me["days"], me["at"]):
        return None         # nobody else on the way, or level: nobody leads
    leader = view["players"][leading[0]]
    return Reason("leader", {"seat": leader["seat"], "city": leader["city"],
                             "days": leader["days"], "city_yours": me["city"],
                             "yours": me["days"]})


def explain(view: View, action: Action) -> list[Reason]:
    """The reasons to make `action`, as the seat's view shows them."""
    plan = RacePlanner(view)
    kind = action.get("type")
    handler = _HANDLERS.get(kind)
    return [] if handler is None else [r for r in handler(view, plan, action) if r is not None]


# --- taking a card ------------------------------------------------------------

def _take(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    now = plan.hand_cost(plan.hand, plan.at)
    rated = []
    for slot, card in enumerate(plan.track):
        if card is not None:
            rated.append((plan.hand_cost(plan.hand + [card], plan.at), slot, card))
    if action["type"] == "take_deck":
        return [Reason("deck_card", {**_ahead(view, plan), "days": round(now)})]
    slot = action["slot"]
    card = plan.track[slot]
    assert card is not None
    with_it = plan.hand_cost(plan.hand + [card], plan.at)
    others = sorted((d, s, c) for d, s, c in rated if s != slot)
    data: dict[str, Any] = {"card": list(card), "action": plan.track_actions[slot],
                            **_ahead(view, plan), "with": round(with_it), "without": round(now)}
    if others:
        data.update(next_card=list(others[0][2]), next_days=round(others[0][0]))
    reasons: list[Reason | None] = [Reason("take_card", data)]
    if plan.options[plan.at]:
        before = _cheapest(plan.options[plan.at], plan.hand)
        after = _cheapest(plan.options[plan.at], plan.hand + [card])
        if after is not None and (before is None or after[0] < before[0]):
            reasons.append(Reason("pays_leg", {**_leg(view, plan.at), "cards": after[1],
                                               "days": after[0],
                                               "before": None if before is None
                                               else before[0]}))
    reasons.append(_slot_worth(view, plan, plan.track_actions[slot], plan.hand + [card]))
    return reasons


def _ahead(view: View, plan: RacePlanner) -> dict[str, Any]:
    """How many legs the planner looks ahead, and the city they reach."""
    legs = min(LOOKAHEAD, len(plan.options) - plan.at)
    return {"legs": legs, "to": view["route"][plan.at + legs]}


def _cheapest(options: tuple[tuple[str, ...], ...], hand: list[Card]
              ) -> tuple[int, list[list]] | None:
    """The fewest days a card set of `hand` pays the leg for, and that set."""
    best = None
    for cards in hand_sets(options, hand):
        days = payment_days(list(cards))
        if best is None or days < best[0]:
            best = (days, [list(c) for c in cards])
    return best


def _slot_worth(view: View, plan: RacePlanner, slot_action: str,
                hand: list[Card]) -> Reason | None:
    """What the action under a taken card brings the seat."""
    if slot_action == "balloon" and plan.options[plan.at]:
        return _balloon_plan(view, plan, hand)
    if slot_action == "coin" and plan.bank > 0:
        return Reason("coin", {"before": plan.coins, "after": plan.coins + 1})
    if slot_action == "detective":
        city = plan.detective_city()
        return None if city is None else _detective(view, plan, city)
    if slot_action == "start_player":
        return Reason("start_player", {})
    if slot_action == "exchange":
        return _exchange_plan(view, hand)
    if slot_action == "event":
        return _event_odds(view)
    return None


def _exchange_plan(view: View, hand: list[Card]) -> Reason | None:
    """The exchange the planner rates best with `hand` (the card taken in it),
    if one beats keeping every card."""
    plan = RacePlanner(view)
    plan.hand = list(hand)
    most = load_race().numbers["exchange_max"]
    keep = plan.hand_cost(plan.hand, plan.at)
    best = None
    for n in range(1, min(most, len(hand)) + 1):
        for cards in sorted(set(combinations(sorted(hand), n))):
            action = {"type": "exchange", "cards": [list(c) for c in cards]}
            score = plan.exchange_score(action)
            if score < keep and (best is None or score < best[0]):
                best = (score, action)
    return None if best is None else _exchanged(view, plan, best[1]["cards"])


def _exchanged(view: View, plan: RacePlanner, cards: list[list]) -> Reason:
    """Cards given up in an exchange, and the planner's days of the legs ahead
    with them and without them (before the new cards)."""
    rest = list(plan.hand)
    for card in cards:
        rest.remove(tuple(card))
    return Reason("exchange", {"cards": cards, **_ahead(view, plan),
                               "with": round(plan.hand_cost(plan.hand, plan.at)),
                               "without": round(plan.hand_cost(rest, plan.at))})


def _balloon_plan(view: View, plan: RacePlanner, hand: list[Card]) -> Reason | None:
    """The balloon on the leg ahead: the card it would replace and the odds."""
    best = None
    for cards in hand_sets(plan.options[plan.at], hand):
        for card in set(cards):
            plain = payment_days(list(cards))
            rest = payment_days(list(cards), balloon=card, roll=0)
            if best is None or plain - rest > best[0]:
                best = (plain - rest, card, rest, plain)
    if best is None:
        return None
    _, card, rest, plain = best
    return Reason("balloon", {**_leg(view, plan.at), "card": list(card), "rest": rest,
                              "plain": plain, "expected": _round(rest + expected_roll(
                                  plan.coins)), **faces(plain - rest)})


def _round(value: Fraction | float) -> float:
    return round(float(value), 1)


# --- moving -------------------------------------------------------------------

def _move(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    numbers = load_race().numbers
    at = plan.at
    me = view["players"][plan.seat]
    names = list(action["events"])
    effects = [plan.top_event if n == PRINCESS else n for n in names]
    cards = [tuple(c) for c in action["cards"]]
    leg = _leg(view, at)
    reasons: list[Reason | None] = []
    if "Offer" in effects:
        cheapest = _cheapest(plan.options[at], plan.hand) if plan.options[at] \
            else (plan.no_cards[at], [])
        days = numbers["offer_days"]
        reasons.append(Reason("offer", {**leg, "days": days,
                                        "cards_days": None if cheapest is None else cheapest[0],
                                        "cards": None if cheapest is None else cheapest[1]}))
    elif not plan.options[at]:
        leg_data = load_race().legs[at]
        if "Elephant" in effects:
            odds = faces(leg_data.no_cards_days, leg_data.elephant_base)
            reasons.append(Reason("elephant", {**leg, "base": leg_data.elephant_base,
                                               "without": leg_data.no_cards_days,
                                               "expected": _round(leg_data.elephant_base
                                                                  + expected_roll(plan.coins)),
                                               **odds}))
        else:
            reasons.append(Reason("no_cards_leg", {**leg, "days": leg_data.no_cards_days}))
        days: float = leg_data.no_cards_days
    else:
        balloon = None if action["balloon"] is None else tuple(action["balloon"])
        exact = payment_days(
            cards, balloon=balloon, roll=0,
            propeller=numbers["propeller_days"] if "Propeller train" in effects else None,
            submarine=numbers["submarine_days"] if "Submarine" in effects else None,
            opportunity="Opportunity" in effects)
        plain = payment_days(cards)
        expected = exact + expected_roll(plan.coins) if balloon is not None else exact
        days = float(expected)
        reasons.append(Reason("move_leg", {**leg, "cards": [list(c) for c in cards],
                                           "days": exact if balloon is None else None,
                                           "before": me["days"],
                                           "after": me["days"] + exact
                                           if balloon is None else None}))
        if balloon is not None:
            reasons.append(Reason("balloon", {**leg, "card": list(balloon), "rest": exact,
                                              "plain": plain,
                                              "expected": _round(expected),
                                              **faces(plain - exact)}))
        without = payment_days(cards, balloon=balloon, roll=0)
        for name, effect in zip(names, effects, strict=True):
            if effect in _DAY_EFFECTS:
                alone = _days_with(cards, balloon, effect)
                if alone != without:
                    reasons.append(Reason("event_days", {"event": name, "as": effect,
                                                         "with": alone, "without": without}))
        reasons.append(_next_best_way(view, plan, cards, days))
    rest = list(plan.hand)
    for card in cards:
        rest.remove(card)
    reasons.append(_kept(view, plan, rest))
    return reasons


def _days_with(cards: list[Card], balloon: Card | None, effect: str) -> int:
    """The days of `cards` (the balloon's die at 0) with one event card's effect."""
    numbers = load_race().numbers
    return payment_days(cards, balloon=balloon, roll=0,
                        propeller=numbers["propeller_days"] if effect == "Propeller train"
                        else None,
                        submarine=numbers["submarine_days"] if effect == "Submarine" else None,
                        opportunity=effect == "Opportunity")


def _next_best_way(view: View, plan: RacePlanner, cards: list[Card],
                   days: float) -> Reason | None:
    """The cheapest other card set that pays the same leg, and its days."""
    others = []
    for other in hand_sets(plan.options[plan.at], plan.hand):
        if sorted(other) != sorted(cards):
            others.append((payment_days(list(other)), [list(c) for c in other]))
    if not others:
        return Reason("only_way", _leg(view, plan.at))
    other_days, other_cards = min(others)
    return Reason("other_way", {**_leg(view, plan.at), "cards": other_cards,
                                "days": other_days, "saved": _round(other_days - days)})


def _kept(view: View, plan: RacePlanner, rest: list[Card]) -> Reason | None:
    """The cards the move leaves in hand, and the next leg they pay."""
    nxt = plan.at + 1
    if nxt >= len(plan.options) or not rest or not plan.options[nxt]:
        return None
    cheapest = _cheapest(plan.options[nxt], rest)
    if cheapest is None:
        return Reason("kept_short", {**_leg(view, nxt), "kept": [list(c) for c in rest]})
    return Reason("kept_for", {**_leg(view, nxt), "cards": cheapest[1], "days": cheapest[0]})


# --- the die ------------------------------------------------------------------

def _die(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    pending = view["private"]["pending"]
    roll = pending["roll"]
    price = load_race().numbers["reroll_price"]
    left = plan.coins - price
    data = {"roll": roll, "purpose": pending["purpose"], "coins": plan.coins,
            "cost": price, **faces(roll)}
    if action["type"] == "reroll":
        return [Reason("reroll", {**data, "expected": _round(expected_roll(left))})]
    return [Reason("accept", {**data, "expected": _round(expected_roll(left))})]


# --- the track's actions, events, buying --------------------------------------

def _detective(view: View, plan: RacePlanner, city: str) -> Reason:
    days = load_race().numbers["detective_days"]
    at_city = [p["seat"] for p in view["players"]
               if p["seat"] != plan.seat and p["arrived"] is None
               and p["at"] + 1 < len(view["route"]) and view["route"][p["at"] + 1] == city]
    standing = _standing(view, plan)
    leader = standing.data["seat"] if standing and standing.code == "leader" else None
    return Reason("detective", {"city": city, "next_for": at_city, "leader": leader,
                                "days": days})


def _slot_action(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    kind = action["type"]
    if kind == "coin":
        return [Reason("coin", {"before": plan.coins, "after": plan.coins + 1})]
    if kind == "detective":
        return [_detective(view, plan, action["city"])]
    if kind == "start_player":
        return [Reason("start_player", {})]
    if kind == "draw_event":
        return [_event_odds(view)]
    if kind == "exchange":
        return [_exchanged(view, plan, action["cards"])]
    return []


def _event_odds(view: View) -> Reason:
    """The event deck and the chance its top card is a blue one, which costs
    every traveller days (blue cards are never held: they lie in the deck)."""
    data = load_race()
    blue = [n for n in data.event_deck(len(view["players"])) if n in data.blue_days]
    for name in view["event_discard"]:
        if name in blue:
            blue.remove(name)
    return Reason("event_draw", {"deck": view["event_deck"], "blue": len(blue),
                                 "blue_days": {n: data.blue_days[n] for n in sorted(blue)},
                                 "held": len(view["private"]["events"])})


def _play_event(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    name = action["event"]
    effect = plan.top_event if name == PRINCESS else name
    if effect == "Distraction":
        return [Reason("distraction", {"event": name, "city": view["detective"],
                                       "beside": plan.beside_detective,
                                       "days": load_race().numbers["detective_days"]})]
    if effect == "Elephant":
        return [Reason("event_coin", {"event": name, "before": plan.coins,
                                      "after": plan.coins + 1})]
    if effect == "Detective":
        return [_detective(view, plan, action["city"])]
    if effect == "Swap":
        a, b = action["slots"]
        return [Reason("swap", {"event": name,
                                "cards": [view["track"][a]["card"], view["track"][b]["card"]],
                                "actions": [view["track"][a]["action"],
                                            view["track"][b]["action"]]})]
    return []


def _buy(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    price = load_race().numbers["buy_price"]
    reasons: list[Reason | None] = [Reason("buy", {"pile": action["pile"], "before": plan.coins,
                                                   "after": plan.coins - price})]
    if action["pile"] == "travel" and plan.options[plan.at] \
            and _cheapest(plan.options[plan.at], plan.hand) is None:
        kinds = sorted(min(plan.options[plan.at], key=len))
        reasons.append(Reason("cannot_pay", {**_leg(view, plan.at), "needs": kinds,
                                             "hand": [list(c) for c in plan.hand]}))
    elif action["pile"] == "event":
        reasons.append(_event_odds(view))
    return reasons


def _discard(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    limit = load_race().numbers["hand_limit"]
    held = len(plan.hand) + len(plan.events)
    if action["type"] == "discard_event":
        return [Reason("discard_event", {"event": action["event"], "held": held,
                                         "limit": limit})]
    rest = list(plan.hand)
    rest.remove(tuple(action["card"]))
    return [Reason("discard", {"card": action["card"], "held": held, "limit": limit,
                               **_ahead(view, plan),
                               "with": round(plan.hand_cost(plan.hand, plan.at)),
                               "without": round(plan.hand_cost(rest, plan.at))})]


def _end_turn(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    me = view["players"][plan.seat]
    reasons: list[Reason | None] = []
    if plan.beside_detective and not plan.distraction:
        reasons.append(Reason("caught", {"city": me["city"],
                                         "days": load_race().numbers["detective_days"]}))
    if plan.moved == 0 and plan.options[plan.at]:
        cheapest = _cheapest(plan.options[plan.at], plan.hand)
        if cheapest is None:
            reasons.append(Reason("cannot_pay", {**_leg(view, plan.at),
                                                 "needs": sorted(min(plan.options[plan.at],
                                                                     key=len)),
                                                 "hand": [list(c) for c in plan.hand]}))
        else:
            reasons.append(Reason("stay", {**_leg(view, plan.at), "cards": cheapest[1],
                                           "days": cheapest[0]}))
    reasons.append(_standing(view, plan))
    return reasons


def _bonus(view: View, plan: RacePlanner, action: Action) -> list[Reason | None]:
    pending = view["private"]["pending"]
    return [Reason("chip", {"take": action["take"], "chip": pending["chip"],
                            "color": pending["color"], "city": pending["city"],
                            "coins": plan.coins})]


_HANDLERS = {"take": _take, "take_deck": _take, "move": _move, "reroll": _die, "accept": _die,
             "coin": _slot_action, "detective": _slot_action, "start_player": _slot_action,
             "draw_event": _slot_action, "exchange": _slot_action,
             "play_event": _play_event, "buy": _buy, "discard": _discard,
             "discard_event": _discard, "end_turn": _end_turn, "bonus": _bonus}
