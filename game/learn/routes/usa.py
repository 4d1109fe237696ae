"""The guided first game of Rail Routes: North America (`routes-usa`).

Three seats: the learner (seat 1) and two opponents, so the double-route
rule of a game of 2 or 3 players shows. The deal is prepared (picks.prepare:
the same cards and tickets, reordered) so that a short game reaches every
rule:
- each seat starts with 14 trains (the learner) or 20 (the opponents)
  instead of 45, so the learner's fifth route starts the last round;
- the learner holds 2 blue and 2 black cards and is offered Montréal -
  Atlanta, New York - Atlanta and Seattle - Los Angeles; the face-up row
  shows a blue card and one locomotive, and the deck's first cards bring a
  second face-up locomotive, then a third (the row is dealt again);
- the learner's later ticket draw offers Toronto - Miami, Boston - Miami and
  Vancouver - Montréal; the cards the learner draws after that are mostly
  yellow, red and locomotives, enough for the gray routes to Atlanta and
  Toronto.
The opponents play as the Normal bot, except Hana's claim of one Boston -
Montréal track (a double route closed to everyone else) and Otto's draw of
the face-up red that brings the third locomotive; neither claims the
learner's routes nor draws tickets.
"""

from __future__ import annotations

from typing import Any

from game.learn.lesson import Lesson, Step
from game.learn.routes import facts, picks
from game.rules import create
from game.rules.base import View
from game.rules.routes.board import LOCOMOTIVE
from game.words.i18n import N_, _

SEED = 42
NAMES = (N_("Sam"), N_("Hana"), N_("Otto"))      # Sam: the learner, called "you" by the coach
MONTREAL_ATLANTA, NEW_YORK_ATLANTA, SEATTLE_LA = 15, 17, 23
TORONTO_MIAMI, BOSTON_MIAMI, VANCOUVER_MONTREAL = 25, 0, 26
BLUE_ROUTE = "montreal--new-york"
DOUBLE = ("new-york--washington-2", "new-york--washington-1")
GRAY_ROUTE = ("raleigh--washington-1", "raleigh--washington-2")
LAST_LINK = ("atlanta--raleigh-1", "atlanta--raleigh-2")
TORONTO = "montreal--toronto"
CLOSED_BY_HANA = "boston--montreal-1"
LAST_TURN = ("pittsburgh--toronto", "atlanta--nashville")
OPPONENT_MOVES: picks.ScriptedMoves = {
    (1, 1, 0): {"type": "claim", "track": CLOSED_BY_HANA, "cards": {"green": 2}},
    (2, 2, 0): {"type": "draw_face_up", "slot": 1},
    (2, 2, 1): {"type": "draw_deck"},
    (4, 1, 0): {"type": "draw_deck"}, (4, 1, 1): {"type": "draw_deck"},
    (5, 2, 0): {"type": "draw_deck"}, (5, 2, 1): {"type": "draw_deck"},
}
KEEP_OFF = picks.parallel_ids("usa", (BLUE_ROUTE, *DOUBLE, *GRAY_ROUTE, *LAST_LINK, TORONTO,
                                      *LAST_TURN, "boston--montreal-2"))


def setup():
    """The prepared deal (see the module's docstring)."""
    state = create("routes-usa", players=3, seed=SEED)
    mostly = ["yellow", "red", "yellow", "red", LOCOMOTIVE, "yellow", "red", "pink"] * 3
    return picks.prepare(
        state,
        hands=[["blue", "blue", "black", "black"], ["green", "green", "pink", "white"],
               ["orange", "orange", "pink", "white"]],
        face_up=["blue", "red", "white", LOCOMOTIVE, "green"],
        # the refill of the blue, the learner's second card, the refill of
        # Otto's red (a third locomotive), the new row, Otto's second card
        deck_top=[LOCOMOTIVE, "pink", LOCOMOTIVE, LOCOMOTIVE, "orange", "pink", "white",
                  "black", "green", "orange", "white", "green", "black", *mostly],
        offers=[[MONTREAL_ATLANTA, NEW_YORK_ATLANTA, SEATTLE_LA], [1, 2, 10], [19, 27, 4]],
        next_tickets=[TORONTO_MIAMI, BOSTON_MIAMI, VANCOUVER_MONTREAL],
        trains=[14, 20, 20])


def _name(seat: int) -> str:
    return _(NAMES[seat])


def _cities() -> dict[str, str]:
    return {"atlanta": picks.city("Atlanta"), "new_york": picks.city("New York"),
            "montreal": picks.city("Montréal"), "toronto": picks.city("Toronto")}


def _first_tickets_facts(view: View) -> dict[str, Any]:
    return facts.offer((MONTREAL_ATLANTA, NEW_YORK_ATLANTA, SEATTLE_LA))(view) | _cities()


def _claim_facts(*track_ids: str) -> facts.Facts:
    claimed = facts.claim(*track_ids)
    return lambda view: claimed(view) | _cities()


def _reset_facts(view: View) -> dict[str, Any]:
    return {"name": _name(2), "card": picks.card_word("red"),
            "locomotives": view["face_up"].count(LOCOMOTIVE),
            "discarded": view["discard_cards"].get(LOCOMOTIVE, 0)}


def _double_facts(view: View) -> dict[str, Any]:
    return _claim_facts(*DOUBLE)(view) | {
        "other": picks.card_word("orange"),
        "name": _(picks.owner_name(view, CLOSED_BY_HANA, NAMES)),
        "closed": picks.route(view, CLOSED_BY_HANA)}


_points = facts.lit
_end_facts = facts.end(NAMES)


STEPS = (
    Step("goal", N_("Welcome to North America! You have {trains} trains (a short game) and "
                    "{hand} in your hand. Claim routes between cities with train cards, and "
                    "join the cities on your tickets."),
         N_("Routes score as you claim them; each ticket you complete scores its points at "
            "the end, and each one you do not costs them."), facts=facts.hand),
    Step("tickets_choose",
         N_("Choose your tickets: keep {t0} ({p0}) and {t1} ({p1}), and give back {t2}."),
         N_("Both end in {atlanta}: one line from {montreal} through {new_york} does both. At "
            "the start you keep at least 2 of the 3."),
         pick=picks.keep(MONTREAL_ATLANTA, NEW_YORK_ATLANTA), may_differ=True,
         wrong=N_("{t2} ({p2}) is far from the other two; a ticket you do not complete "
                  "costs its points at the end."),
         facts=_first_tickets_facts),
    Step("draw_cards",
         N_("Your turn. Draw train cards: two a turn, face up or from the deck. Take the "
            "face-up {colour} card."),
         N_("{route} is a {colour} route of 3 spaces: with the 2 {colour} cards you hold, "
            "this one makes 3."),
         pick=picks.face_up_slot("blue"),
         wrong=N_("That card does not help your first route; the {colour} one completes it."),
         facts=lambda view: {"colour": picks.card_word("blue"),
                             "route": picks.route(view, BLUE_ROUTE)},
         point=lambda view: [("face_up", view["face_up"].index("blue"))]
         if "blue" in view["face_up"] else []),
    Step("face_up_locomotive",
         N_("Now your second card. A locomotive came up, but a face-up locomotive can only "
            "be your first card: draw from the deck."),
         N_("A locomotive is any colour. Taken face up as your first card it is your whole "
            "draw; it can never be your second."),
         pick=picks.of_type("draw_deck"),
         wrong=N_("A face-up colour is allowed too, but the deck keeps the colours you "
                  "collect secret from the others."),
         point=lambda view: [("deck", None)]),
    Step("locomotive_reset",
         N_("{name} took the face-up {card} card and a third locomotive came up: with three "
            "face-up locomotives, all five cards go to the discard and five new ones are "
            "dealt."),
         N_("Now {locomotives} locomotive shows. A face-up locomotive taken as your first "
            "card is the whole draw: one card, but it fits any route."),
         facts=_reset_facts,
         point=lambda view: [("face_up", s) for s in range(len(view["face_up"]))]),
    Step("face_up_locomotive",
         N_("Take the face-up locomotive: it is your whole draw this turn."),
         N_("One locomotive is worth it: it pays for a space of any colour, and you will need "
            "it for the gray routes."),
         pick=picks.face_up_slot(LOCOMOTIVE),
         wrong=N_("Two cards are allowed, but this step shows the locomotive rule: one "
                  "face-up locomotive is the whole draw."),
         point=lambda view: [("face_up", view["face_up"].index(LOCOMOTIVE))]
         if LOCOMOTIVE in view["face_up"] else []),
    Step("claim_colour",
         N_("Claim {route}, a route of {length} {colour} spaces: pay with {cards}. It "
            "scores {points} points now."),
         N_("A coloured route takes cards of its colour, one per space (a locomotive can "
            "stand in). It is the first part of both your tickets."),
         pick=picks.claim(BLUE_ROUTE),
         accept=lambda view, action: picks.same_claim(view, action, (BLUE_ROUTE,)),
         wrong=N_("{route} is on the way of both your tickets, and you hold its cards now."),
         facts=_claim_facts(BLUE_ROUTE), point=_points(BLUE_ROUTE)),
    Step("double_routes",
         N_("Claim {route} with {cards}. It is a double route: a {colour} track and an "
            "{other} one."),
         N_("With 2 or 3 players only one track of a double route may be used: once you "
            "claim this one, the other is closed to everyone. {name} claimed a track of "
            "{closed}, so its other track is closed to you."),
         pick=picks.claim(*DOUBLE),
         accept=lambda view, action: picks.same_claim(view, action, DOUBLE),
         wrong=N_("{route} goes on from {new_york} towards {atlanta}; claim it before "
                  "someone closes it."),
         facts=_double_facts,
         point=lambda view: [("track", DOUBLE[0]), ("claimed", CLOSED_BY_HANA)]),
    Step("tickets_draw",
         N_("Draw tickets: you see 3 and keep at least one."),
         N_("A new ticket can score more, but one you do not complete is taken off your "
            "score. Drawing tickets is your whole turn."),
         pick=picks.of_type("draw_tickets"),
         wrong=N_("This step shows the ticket draw: take it from the ticket pile."),
         point=lambda view: [("tickets", None)]),
    Step("tickets_draw",
         N_("Keep {t0} ({p0}), the cheapest: give back {t1} ({p1}) and {t2} ({p2})."),
         N_("You must keep one, and only {trains} trains are left: if it is not completed, "
            "the fewest points are lost."),
         pick=picks.keep(TORONTO_MIAMI), may_differ=True,
         wrong=N_("Each ticket kept and not completed costs its points; {t0} costs the "
                  "least."),
         facts=lambda view: facts.offer(
             (TORONTO_MIAMI, BOSTON_MIAMI, VANCOUVER_MONTREAL))(view) | facts.hand(view)),
    Step("draw_cards",
         N_("The coach draws train cards for you for three turns, taking a face-up colour "
            "you already hold or drawing from the deck."),
         N_("The last routes to {atlanta} and {toronto} are gray: any one colour pays for "
            "them."),
         facts=lambda view: _cities(),
         pick=picks.drawing_for, autoplay=6),
    Step("claim_gray",
         N_("Claim {route}, a gray route of {length} spaces: pay with {cards}."),
         N_("A gray route takes cards of any one colour, as many as its spaces. It is on "
            "the way to {atlanta}."),
         pick=picks.claim(*GRAY_ROUTE),
         accept=lambda view, action: picks.same_claim(view, action, GRAY_ROUTE),
         wrong=N_("{route} is the next part of the line to {atlanta}."),
         facts=_claim_facts(*GRAY_ROUTE), point=_points(GRAY_ROUTE[0])),
    Step("tickets_complete",
         N_("Claim {route} with {cards}: your line reaches {atlanta}."),
         N_("A ticket is completed when your own routes join its two cities, in one unbroken "
            "line."),
         pick=picks.claim(*LAST_LINK),
         accept=lambda view, action: picks.same_claim(view, action, LAST_LINK),
         wrong=N_("{route} completes two tickets at once."),
         facts=_claim_facts(*LAST_LINK), point=_points(LAST_LINK[0])),
    Step("tickets_complete",
         N_("Completed: {done}. They add {points} points at the end."),
         N_("Your tickets stay secret until the end; the ticket list shows which are done."),
         facts=facts.done,
         point=lambda view: [("ticket", i) for i in range(len(view["private"]["tickets"]))]),
    Step("last_round",
         N_("Claim {route} ({colour}, {length} spaces) with {cards}. You will have {left} "
            "trains left."),
         N_("When a player ends a turn with 2 trains or fewer, every player, that one too, "
            "plays one more turn, and the game ends."),
         pick=picks.claim(TORONTO),
         accept=lambda view, action: picks.same_claim(view, action, (TORONTO,)),
         wrong=N_("{route} makes your line longer and starts the last round while you are "
                  "ahead."),
         facts=_claim_facts(TORONTO), point=_points(TORONTO)),
    Step("last_round",
         N_("The last round: {others} played their last turns. This is your last turn, "
            "with {trains} trains left. {move}."),
         N_("A route claimed now still scores, and makes your longest line longer; cards "
            "left in your hand score nothing."),
         pick=facts.last_turn_pick(LAST_TURN),
         accept=lambda view, action: action.get("type") == "claim",
         wrong=N_("A route scores now; cards drawn on your last turn score nothing."),
         facts=facts.last_turn("routes-usa", LAST_TURN, NAMES),
         point=lambda view: [("track", t) for t in LAST_TURN if t not in view["routes"]]),
    Step("longest_route",
         N_("The game is over. {longest}"),
         N_("A line may pass a city more than once, but each train counts only once."),
         facts=_end_facts),
    Step("tickets_fail",
         N_("Not completed: {failed}. Its points, {lost}, are taken off your score."),
         N_("That is the risk of drawing tickets late: keep the ones your trains can still "
            "reach."),
         facts=_end_facts),
    Step("scoring",
         N_("Your score: {route_points} for routes, {ticket_points} for tickets, "
            "{longest_bonus} for the longest line, {total} in all. {winner}"),
         N_("Routes score as you claim them; tickets and the longest line are counted at "
            "the end."),
         facts=_end_facts),
)

RULES = (
    ("goal", N_("Your goal")),
    ("tickets_choose", N_("Choosing tickets")),
    ("draw_cards", N_("Drawing train cards")),
    ("face_up_locomotive", N_("A face-up locomotive")),
    ("locomotive_reset", N_("Three face-up locomotives")),
    ("claim_colour", N_("Claiming a route")),
    ("double_routes", N_("Double routes")),
    ("tickets_draw", N_("Drawing more tickets")),
    ("claim_gray", N_("Gray routes")),
    ("tickets_complete", N_("Completing a ticket")),
    ("last_round", N_("The last round")),
    ("longest_route", N_("The longest route")),
    ("tickets_fail", N_("A ticket not completed")),
    ("scoring", N_("The final score")),
)

LEARNED = (
    N_("Draw two train cards a turn; a face-up locomotive is the whole draw."),
    N_("Claim a route with cards of its colour; gray routes take any one colour."),
    N_("With 2 or 3 players only one track of a double route is used."),
    N_("Complete your tickets; a ticket not completed costs its points."),
    N_("At 2 trains or fewer everyone plays one last turn; the longest line scores 10."),
)


def build() -> Lesson:
    """The North America guided game."""
    return Lesson("routes-usa", N_("Learn Rail Routes: North America"), setup, STEPS, RULES,
                  learner=0, names=NAMES, opponent_bot="greedy", opponent_seed=SEED,
                  opponent_script=picks.guarded_opponents(OPPONENT_MOVES, KEEP_OFF, seed=SEED),
                  learned=LEARNED)
