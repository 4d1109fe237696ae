"""Eighty Days' guided first game: a real three-traveller race on the deal
prepared in deal.py, in which the coach walks the learner (seat 0) through
every rule in the order a new player needs it: travel cards and days, the
action track, bonus chips, the detective, buying cards and event cards, the
dice and the balloon, and the end.

The learner plays the first five rounds and the balloon at Hong Kong turn by
turn; the coach plays the quieter turns between (autoplay steps, saying what
they do) and the last legs home.
"""

from __future__ import annotations

from typing import Any

from game.learn.lesson import Lesson, Step
from game.learn.race import picks as P
from game.learn.race.deal import LEARNER, opponent_script, prepared_game
from game.narration.race import CHIP_WORDS, card_text, event_name, ordinal
from game.rules.base import View
from game.tables.seats import default_name
from game.words.i18n import N_, _, listed
from game.words.places import place

KEEP = (("train", 4), ("ship", 7))
T = P.turn
ROUND = {
    1: T("coin", [["ship", 7], ["train", 3]]),
    2: T("detective", [["train", 2]], detective="Suez"),
    3: T("event", [["ship", 4]], then_play="Distraction"),
    4: T("coin", [["ship", 8], ["ship", 8]], buy="event"),
    5: T("coin", [], None, ("Elephant",), keep=KEEP),
    6: T("coin", [["ship", 5]], keep=KEEP),
    7: T("balloon", [["ship", 7], ["train", 4]], ["ship", 7]),
}


def by_round(view: View, legal: list) -> Any:
    """The learner's plan for the round being played (the planning bot after)."""
    plan = ROUND.get(view["round"])
    return plan(view, legal) if plan is not None else P.planned(view, legal)


def facts(view: View) -> dict[str, Any]:
    """Every value a step of this lesson may name, worded."""
    mine = P.me(view)
    awaiting = P.pending(view)
    route = view["route"]
    at = mine["at"]
    rivals = [p for p in view["players"] if p["seat"] != view["you"]]
    caught = [default_name(p["seat"]) for p in rivals if p["city"] == view["detective"]]
    roll = awaiting.get("roll")
    first = view["arrivals"][0] if view["arrivals"] else None
    return {
        "city": place(route[at]), "next": place(route[min(at + 1, len(route) - 1)]),
        "home": place(route[-1]), "hand": P.hand_words(view), "coins": mine["coins"],
        "coins_after": mine["coins"] + 1, "days": mine["days"],
        "coin_card": P.slot_card(view, "coin"), "event_card": P.slot_card(view, "event"),
        "detective_card": P.slot_card(view, "detective"),
        "balloon_card": P.slot_card(view, "balloon"),
        "detective": place(view["detective"]), "caught": listed(caught) or "-",
        "chip": _(CHIP_WORDS[awaiting["chip"]]) if "chip" in awaiting else "-",
        "roll": "-" if roll is None else roll,
        "elephant_days": "-" if roll is None else 6 + roll,
        "balloon_days": "-" if roll is None else 4 + roll,
        "place": ordinal(mine["arrived"]) if mine["arrived"] else "-",
        "winner": listed([_("you") if s == view["you"] else default_name(s)
                          for s in (view.get("result") or {}).get("winners", [])]) or "-",
        "first": "-" if first is None else default_name(first),
        "first_days": "-" if first is None else view["players"][first]["days"],
        "elephant": event_name("Elephant"), "distraction": event_name("Distraction"),
        "pair": card_text(["ship", 8]),
    }


def _step(rule: str, said: str, why: str = "", wrong: str = "", *, pick: bool = True,
          autoplay: int = 0, point=None) -> Step:
    return Step(rule, said, why, pick=by_round if pick or autoplay else None, wrong=wrong,
                facts=facts, autoplay=autoplay, point=point)


def _lit(*items: tuple[str, Any]):
    return lambda view: list(items)


def _hand(view: View) -> list[tuple[str, Any]]:
    return [("hand", i) for i in range(len(view["private"]["hand"]))]


def _chip(color: str):
    return lambda view: [("chip", (view["route"][P.me(view)["at"]], color))]


STEPS = (
    # round 1: the learner starts
    _step("travel", N_("Welcome to the race round the world! You are in {city} with {hand}."),
          N_("Each leg to the next city is paid with travel cards; each card's number is "
             "days. The fewest days back in {home} wins."), pick=False, point=_hand),
    _step("track", N_("Each round travel cards are laid on the action track: one under Coin, "
                      "Balloon, Event and Detective."),
          N_("In your turn you take one of them, and you may use the action of its slot."),
          pick=False, point=lambda view: [("slot", i) for i in range(4)]),
    _step("track", N_("Take the {coin_card} from the Coin slot."),
          N_("With your own {pair} it makes a pair for Suez to Bombay later, and the slot "
             "gives you a coin."),
          N_("That card can wait: the {coin_card} pairs with your {pair}.")),
    _step("track", N_("Take your coin from the bank: {coins} now, {coins_after} after."),
          N_("Coins buy cards (2) and new die rolls (1)."),
          N_("Take the coin first: the slot's action comes before you travel.")),
    _step("travel", N_("Travel from {city} to {next} with ship 7 + train 3."),
          N_("A ship and a train: 7 + 3 = 10 days, the cheapest your hand allows."),
          N_("Any other ship and train cost more days, and staying loses a turn.")),
    _step("chips", N_("You are the first traveller in {city}: its red bonus chip is yours "
                      "({chip}). Take it."),
          N_("The first to reach a city uses its red chip, the last its blue one."),
          N_("Leaving the chip gives you nothing.")),
    _step("travel", N_("End your turn. The two other travellers play now."),
          N_("One leg a turn: you are in {city} after {days} days."),
          N_("Keep your coins for later: end your turn.")),
    # round 2: the learner plays last
    _step("detective", N_("The detective stands in {detective}. {caught} ended their turn "
                          "there and lost 2 days each."),
          N_("Ending your own turn in his city costs 2 days."), pick=False,
          point=_lit(("detective", None))),
    _step("detective", N_("Take the {detective_card} from the Detective slot."),
          N_("You go to {next} now: send the detective away first."),
          N_("Only the Detective slot moves him out of your way.")),
    _step("detective", N_("Send the detective to Suez, where your rivals go next."),
          N_("Anywhere but London: there he may cost them 2 days."),
          N_("Suez is where both rivals must stop next.")),
    _step("travel", N_("Travel to {next} with your train 2."),
          N_("Paris to Brindisi takes one train: 2 days."),
          N_("The train 2 is your only train: travel with it.")),
    _step("chips", N_("You are the last traveller in {city}: its blue chip is yours ({chip}). "
                      "Take it."),
          N_("A free travel card, for the next leg."), N_("Leaving the chip gives you nothing."),
          point=_chip("blue")),
    _step("detective", N_("End your turn: the detective is gone, no days lost."),
          N_("You have {days} days; your rivals lost 2 each to him."),
          N_("You have what you need: end your turn.")),
    # round 3
    _step("buying", N_("Take the {event_card} from the Event slot."),
          N_("A ship 7 for Hong Kong later, and the slot gives you an event card."),
          N_("The Event slot gives you an event card as well.")),
    _step("buying", N_("Draw the top event card."),
          N_("Event cards help in your turn; you may keep them until you need them."),
          N_("Draw it first: the slot's action comes before you travel.")),
    _step("travel", N_("Travel to {next} with your ship 4."),
          N_("Brindisi to Suez takes one ship: the 4 is your cheapest."),
          N_("Keep your ship 8s for a pair: travel with the ship 4.")),
    _step("detective", N_("The detective is in {city} with you. Play {distraction}."),
          N_("With {distraction} he leaves you alone this turn: 2 days saved."),
          N_("Without {distraction} you lose 2 days at the end of your turn.")),
    _step("detective", N_("End your turn."), N_("You have {days} days."),
          N_("You have what you need: end your turn.")),
    # round 4: the learner starts again
    _step("track", N_("Take the {coin_card} from the Coin slot."),
          N_("The train 4 is for Hong Kong to Yokohama later, and a coin comes with it."),
          N_("The train 4 is worth keeping for Hong Kong.")),
    _step("track", N_("Take your coin: {coins} now, {coins_after} after."),
          N_("Coins buy cards and new die rolls."),
          N_("Take the coin first: the slot's action comes before you travel.")),
    _step("buying", N_("Buy the top event card for 2 coins."),
          N_("In your turn, 2 coins buy the top travel card or the top event card."),
          N_("An event card can save days in India: buy one from the event pile.")),
    _step("travel", N_("Travel to {next} with your two ship 8s."),
          N_("Two cards of the same kind and number count once: 8 days, not 16."),
          N_("The two ship 8s count once: no cheaper way.")),
    _step("chips", N_("The coach takes the red chip in {city} for you ({chip}) and ends your "
                      "turn."), autoplay=2, point=_chip("red")),
    # round 5: India
    _step("track", N_("The coach takes the {coin_card} from the Coin slot and its coin for "
                      "you."), autoplay=2),
    _step("dice", N_("Cross India to {next} with your {elephant} card."),
          N_("Without cards the leg takes 12 days; with an {elephant}, 6 + a die roll."),
          N_("Cross with the {elephant}: 12 days without it.")),
    _step("dice", N_("You rolled {roll}: 6 + {roll} = {elephant_days} days. Keep it."),
          N_("A new roll costs a coin and averages 3.5: keep 3 or less."),
          N_("A roll of 3 or less is worth keeping.")),
    _step("travel", N_("The coach takes the blue chip in {city} ({chip}) for you, then plays "
                       "your next turn: on to Hong Kong with your ship 5."), autoplay=6),
    # round 7: the balloon
    _step("dice", N_("Take the {balloon_card} from the Balloon slot."),
          N_("With it, one card of this move becomes a die roll."),
          N_("The Balloon slot is the one for this move.")),
    _step("dice", N_("Travel to {next} with train 4 + ship 7, the balloon on the ship 7."),
          N_("The die (1 to 6) replaces the 7: the rulebook's own example."),
          N_("Put the balloon on the 7: the die is at most 6.")),
    _step("dice", N_("You rolled {roll}. Pay 1 coin to roll again: you have {coins}."),
          N_("A new roll averages 3.5, less than {roll}; the old roll is lost."),
          N_("A roll of 4 or more is worth a coin to throw again.")),
    _step("dice", N_("You rolled {roll} this time. Pay 1 more coin and roll again: you have "
                     "{coins}."),
          N_("The earlier roll is lost: only the last one counts."),
          N_("A roll of 4 or more is worth a coin to throw again.")),
    _step("dice", N_("You rolled {roll}. Keep it: train 4 + {roll} = {balloon_days} days."),
          N_("The ship 7 would have cost 11 days in all."),
          N_("3 or less is a good roll: save your coins.")),
    # the end
    _step("end", N_("The race ends with the round in which the second traveller is back in "
                    "{home}."),
          N_("The fewest days within 80 wins; if nobody makes it in 80, the first back "
             "wins. The coach plays your last legs home."), autoplay=40),
    _step("end", N_("You are back in {home}, {place}, with {days} days. The winner: "
                    "{winner}."),
          N_("{first} was back first, with {first_days} days: the fewest days wins, not "
             "the first back."),
          pick=False, point=lambda view: [("pawn", view["you"])]),
)

RULES = (
    ("travel", N_("Travel cards and days")),
    ("track", N_("The action track")),
    ("chips", N_("Bonus chips")),
    ("detective", N_("The detective")),
    ("buying", N_("Buying cards and events")),
    ("dice", N_("The dice and the balloon")),
    ("end", N_("The end")),
)

LEARNED = (
    N_("A leg costs the days on its cards; a pair of one kind counts once."),
    N_("Each turn: take a track card, use its slot, travel one leg."),
    N_("Keep away from the detective, or send him on."),
    N_("Coins buy cards and new die rolls; the balloon and the elephant roll the die."),
    N_("The fewest days back in London within 80 wins."),
)


def build_lesson() -> Lesson:
    """Eighty Days' guided first game."""
    return Lesson("eighty-days", N_("Eighty Days: a guided first race"), prepared_game,
                  STEPS, RULES, learner=LEARNER, opponent_script=opponent_script,
                  learned=LEARNED)
