"""Railway Tricks' guided first game: a real four-player game on the deal
prepared in deal.py (eleven tricks), in which the coach walks the learner
(seat 0) through every rule in the order a new player needs it: the trick
lane and what each entry gives, leading and following, shares, laying a
card or a city at a line's end, locomotives and their cost, and scoring.

The learner plays every trick but two in the middle, which the coach plays
for them (an autoplay step saying what happens there).
"""

from __future__ import annotations

from typing import Any

from game.learn.lesson import Lesson, Step
from game.learn.tricks.deal import LEARNER, opponent_script, prepared_game
from game.learn.tricks.picks import accept_lay, facts, pick
from game.rules.base import View
from game.words.i18n import N_


def _step(rule: str, said: str, why: str = "", wrong: str = "", *, acts: bool = True,
          may_differ: bool = False, autoplay: int = 0, point=None, accept=None) -> Step:
    return Step(rule, said, why, pick=pick if acts or autoplay else None, wrong=wrong,
                may_differ=may_differ, facts=facts, autoplay=autoplay, point=point,
                accept=accept)


def _hand(view: View) -> list[tuple[str, Any]]:
    return [("hand", i) for i in range(len(view["private"]["hand"]))]


def _lane(view: View) -> list[tuple[str, Any]]:
    return [("lane", i) for i in range(len(view["lane"]))]


def _heads(view: View) -> list[tuple[str, Any]]:
    return [("head", company) for company in view["companies"]]


def _placed_head(view: View) -> list[tuple[str, Any]]:
    company = facts(view)["placed_company"]
    return [("head", company)] if company != "-" else []


LAY_SAID = N_("Lay your {card} (station value {value}) at the {end} end of the {company} "
              "line.")
LAY_WRONG = N_("The {end} end is the better one here. {reason}")


def _lay(said: str = LAY_SAID) -> Step:
    """Laying the played card at an end of its line: another end may be played."""
    return _step("line_end", said, N_("The end matters. {reason}"), LAY_WRONG, may_differ=True,
                 accept=accept_lay)


STEPS = (
    _step("lane", N_("Welcome to Railway Tricks! You and three others each hold {hand} "
                     "cards of five railway companies."),
          N_("Every trick either gives shares or lays track. At the end each company is "
             "worth what its locomotive earns on its line, and every share you hold pays "
             "that."), acts=False, point=_hand),
    _step("lane", N_("The row at the top is the trick lane: one entry for each of the {tricks} "
                     "tricks. Each trick wins the leftmost entry; this one wins {entry}."),
          N_("The lane holds shares, a city, locomotives and, at its end, a reserved share: "
             "you will meet each of them in this game."), acts=False, point=_lane),
    _step("follow", N_("You lead the first trick: play your {card}."),
          N_("The highest card of the company led wins the trick, and 10 is the highest "
             "strength: {entry} is sure to be yours."),
          N_("Another card could lose this trick: only the {card} is sure to win {entry}.")),
    _step("shares", N_("You won {won_entry}. The others kept the cards they played as shares "
                       "({kept})."),
          N_("In a share trick everyone gains a share except the winner's played card: yours "
             "took the place of the reserved share at the lane's end, and the last trick "
             "wins it."), acts=False,
          point=lambda view: [("shares", view["you"]), ("lane", len(view["lane"]) - 1)]),
    _step("lane", N_("Next in the lane: {entry}. Lead your {card}."),
          N_("Your 8 is the highest {card_company} card left in a hand (the 9 lies in the "
             "{card_company} line, the 10 waits in the lane), so it wins the city. A city "
             "trick gives no shares: its winner lays the city, then everyone lays the card "
             "they played."),
          N_("Only your {card} is sure to win the city: no higher {card_company} card is "
             "left in a hand.")),
    _step("line_end", N_("You won {city}. Lay it at the {end} end of the {company} line, next "
                         "to the {neighbour}."),
          N_("A city counts in a line like a card's station value. You hold {company} "
             "shares, and beside the line's highest end value it raises the best run a "
             "locomotive will earn."),
          N_("{city} is worth most to you in the line whose shares you hold, beside its "
             "highest end value: the {company} line, at the {end} end."), may_differ=True),
    _lay(N_("Now everyone lays the card they played at an end of its company's line, the "
            "winner first: lay your {card} (station value {value}) at the {end} end of the "
            "{company} line.")),
    _step("shares", N_("The next trick wins {entry}. Lead your {card}."),
          N_("A card that loses a share trick stays with you as a share; only the winner's "
             "card goes (out of the game now: no reserved share is left to fill). Your weak "
             "{card} should lose, and become another {main} share."),
          N_("Your {card} is the card to lose with: it becomes a {main} share, and your "
             "strong cards stay for the locomotives.")),
    _step("follow", N_("{won_by} won {won_entry} and led {led_card}. You hold {led}, so you "
                       "must follow with one of them: {follow}."),
          N_("{best_seat}'s {best} is already out, so none of yours can win: play the "
             "weakest, the {card}, and keep the others."),
          N_("None of your {led} cards beats the {best}: play the weakest, the {card}.")),
    _step("locomotives", N_("{winner} won locomotive {loco} and put it on the "
                            "{placed_company} line. It runs the best {distance} cards in a "
                            "row and costs {cost}."),
          N_("At the end it earns {run} = {earned} there, less {cost}: each {placed_company} "
             "share is worth {placed_worth} now. A line without a locomotive is worth 0."),
          acts=False, point=_placed_head),
    _lay(),
    _step("follow", N_("{leader} led {led_card} for {entry}, and you hold no {led}: you may "
                       "play any card. Play your {card}."),
          N_("Without {led} you cannot win this trick, and the card you play stays with you "
             "as a share: the {card} makes another {main} share, the company you hold most "
             "of."),
          N_("Any card is allowed, but the {card} becomes a {main} share, the company you "
             "hold most of.")),
    _step("locomotives", N_("Next: {entry}. {leader} led {led_card}, and the best so far is "
                            "{best_seat}'s {best}. Play your {card}."),
          N_("The {led} 10 went in the trick of locomotive 3, so your 9 is the highest {led} "
             "left: it wins locomotive 4."),
          N_("Only your {card} beats the {best}: it wins locomotive 4.")),
    _step("locomotives", N_("You won locomotive {loco}: put it on the {company} line."),
          N_("It runs the best {distance} cards in a row and costs {cost}: on the {company} "
             "line that is {run} = {earned}, less {cost}, so each {company} share is worth "
             "{worth}, and you hold {count}."),
          N_("Your shares are {company}: locomotive {loco} earns the most for you on its "
             "line."), may_differ=True),
    _lay(),
    _step("shares", N_("The coach plays your next two tricks: the PRR share's trick, where "
                       "your PRR 2 loses and stays with you as a share, and locomotive 5's "
                       "trick, where you hold no Erie and give up your C&O 7."),
          N_("A card you play in a locomotive's trick is laid in its line, not kept: your "
             "C&O 7 goes to the C&O line."), autoplay=3),
    _step("follow", N_("{leader} led {led_card} for {entry}. You must follow with your only "
                       "{led} card, the {card}, and it wins."),
          N_("Meanwhile {winner} put locomotive {loco} on the {placed_company} line: each "
             "{placed_company} share is worth {placed_worth} now."),
          N_("You hold {led}: you must play it.")),
    _step("locomotives", N_("You lead the trick of {entry}. Lead your {card}."),
          N_("The {card_company} 9 left the game in the {card_company} share's trick and the "
             "10 lies in the {card_company} line: your 8 is the highest {card_company} card "
             "in a hand, and it wins both locomotives."),
          N_("Only your {card} is sure to win both locomotives.")),
    _step("locomotives", N_("Put locomotive 6 on the {company} line; the ALL then goes by "
                            "itself to the {other} line, the last one without a locomotive."),
          N_("The 6 runs the best 6 cards in a row for 70, the ALL the whole line for 80. "
             "{company} earns {run} = {earned}, less {cost}: {worth} a share; {other} gets "
             "{other_worth} a share (never below 0). This way round you gain the most over the "
             "others."),
          N_("The other way round you gain less over the others: put the 6 on the {company} "
             "line."),
          may_differ=True),
    _lay(),
    _step("shares", N_("The last trick wins {entry}: your own card from the first trick, "
                       "waiting in the lane. Lead your {card} to win it back as a share."),
          N_("The {card} is the highest {card_company} card: nobody can beat it."),
          N_("Only your {card} is sure to win the last trick.")),
    _step("scoring", N_("The game is over. Each company is worth its locomotive's best run "
                        "less its cost: {values}."),
          N_("Every share pays its company's worth. You hold {shares}: {score} points. "
             "Scores: {scores}. The winner: {winner}."), acts=False,
          point=lambda view: _heads(view) + [("shares", view["you"])]),
)

RULES = (
    ("lane", N_("The trick lane and what each entry gives")),
    ("follow", N_("Leading and following")),
    ("shares", N_("Shares")),
    ("line_end", N_("Laying a card at a line's end")),
    ("locomotives", N_("Locomotives and their cost")),
    ("scoring", N_("Scoring")),
)

LEARNED = (
    N_("Each trick wins the lane's leftmost entry: a share, a city, a locomotive or the "
       "reserved share."),
    N_("Follow the company led when you can; its highest card wins."),
    N_("In a share trick everyone gains a share except the winner's card."),
    N_("Lay high station values together in the lines whose shares you hold."),
    N_("A locomotive earns its best run of cards in a row, less its cost; each share pays "
       "that."),
)


def build_lesson() -> Lesson:
    """Railway Tricks' guided first game."""
    return Lesson("railway-tricks", N_("Railway Tricks: a guided first game"), prepared_game,
                  STEPS, RULES, learner=LEARNER, opponent_script=opponent_script,
                  learned=LEARNED)
