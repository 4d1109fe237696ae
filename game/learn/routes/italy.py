"""The guided first game of Rail Routes: Italia (`routes-italy`).

Three seats: the learner (seat 1) and two opponents, so the double- and
triple-route rule of a game of 2 or 3 players shows. The deal is prepared
(picks.prepare: the same cards and tickets, reordered) so that a short game
reaches every rule:
- the learner starts with 18 trains, the opponents with 24, instead of 45,
  so the learner's fifth route starts the last round;
- the learner holds 2 pink and 2 orange cards and is offered Venezia - Roma,
  Ravenna - Roma, Perugia - Napoli, Torino - Bari and Sassari - Palermo:
  one line Venezia - Ravenna (a ferry) - Firenze - Perugia - Roma - Napoli
  completes the first three and joins six regions;
- the face-up row shows a pink card and a locomotive; the learner's later
  ticket draw offers Salerno - Bari, Napoli - Lecce, Roma - Bari and
  Trieste - Reggio Calabria; the cards drawn after that are mostly green,
  black, orange and locomotives.
The opponents play as the Normal bot, except Giulia's claim of a Bologna -
Firenze track (a triple route) and Marco's of a Pisa - Firenze track (a
double route), and two turns of drawing from the deck; neither claims the
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

SEED = 7
NAMES = (N_("Sam"), N_("Giulia"), N_("Marco"))   # Sam: the learner, called "you" by the coach
VENEZIA_ROMA, RAVENNA_ROMA, PERUGIA_NAPOLI, TORINO_BARI, SASSARI_PALERMO = 34, 41, 45, 17, 54
SALERNO_BARI, NAPOLI_LECCE, ROMA_BARI, TRIESTE_REGGIO = 51, 49, 46, 37
FERRY = "ravenna--venezia"
PINK_ROUTE = "ravenna--firenze"
ORANGE_ROUTE = "firenze--perugia"
GREEN_ROUTE = "perugia--roma"
TRIPLE = ("roma--napoli-1", "roma--napoli-2", "roma--napoli-3")
LAST_TURN = ("napoli--salerno-1", "napoli--salerno-2")
TRIPLE_BY_GIULIA = "bologna--firenze-1"
DOUBLE_BY_MARCO = "pisa--firenze-1"
OPPONENT_MOVES: picks.ScriptedMoves = {
    (1, 1, 0): {"type": "claim", "track": TRIPLE_BY_GIULIA, "cards": {"red": 2}},
    (2, 2, 0): {"type": "claim", "track": DOUBLE_BY_MARCO, "cards": {"yellow": 2}},
    (4, 1, 0): {"type": "draw_deck"}, (4, 1, 1): {"type": "draw_deck"},
    (5, 2, 0): {"type": "draw_deck"}, (5, 2, 1): {"type": "draw_deck"},
}
KEEP_OFF = picks.parallel_ids("italy", (FERRY, PINK_ROUTE, ORANGE_ROUTE, GREEN_ROUTE, *TRIPLE,
                                        *LAST_TURN))


def setup():
    """The prepared deal (see the module's docstring)."""
    state = create("routes-italy", players=3, seed=SEED)
    mostly = ["green", "black", "orange", "green", LOCOMOTIVE, "black", "green", "black",
              "red"] * 3
    return picks.prepare(
        state,
        hands=[["pink", "pink", "orange", "orange"], ["red", "red", "blue", "white"],
               ["yellow", "yellow", "blue", "white"]],
        face_up=["pink", "white", "blue", LOCOMOTIVE, "black"],
        # the refill of the pink, the learner's second card, the refill of the
        # locomotive, then the opponents' draws and the learner's
        deck_top=["green", "white", "orange", "blue", "yellow", "red", "white", *mostly],
        offers=[[VENEZIA_ROMA, RAVENNA_ROMA, PERUGIA_NAPOLI, TORINO_BARI, SASSARI_PALERMO],
                [11, 8, 21, 15, 29], [24, 43, 53, 13, 52]],
        next_tickets=[SALERNO_BARI, NAPOLI_LECCE, ROMA_BARI, TRIESTE_REGGIO],
        trains=[18, 24, 24])


def _name(seat: int) -> str:
    return facts.seat_name(NAMES, seat)


def _cities() -> dict[str, str]:
    return {key: picks.city(name) for key, name in (
        ("venezia", "Venezia"), ("ravenna", "Ravenna"), ("firenze", "Firenze"),
        ("perugia", "Perugia"), ("roma", "Roma"), ("napoli", "Napoli"))}


def _claim_facts(*track_ids: str, prefer: tuple[str, ...] = ()) -> facts.Facts:
    claimed = facts.claim(*track_ids, prefer=prefer)
    return lambda view: claimed(view) | _cities()


def _rival_facts(track_id: str, count: int) -> facts.Facts:
    def rival(view: View) -> dict[str, Any]:
        return {"name": _(picks.owner_name(view, track_id, NAMES)),
                "route": picks.route(view, track_id), "closed": count - 1}
    return rival


def _triple_facts(view: View) -> dict[str, Any]:
    ticket = picks.my_ticket(view, "Perugia", "Napoli")
    return _claim_facts(*TRIPLE)(view) | {
        "ticket": picks.ticket_words(ticket) if ticket else "-"}


_end_facts = facts.end(NAMES)

STEPS = (
    Step("goal",
         N_("Welcome to Italy! You have {trains} trains (a short game) and {hand} in your "
            "hand. Claim routes, join your tickets' cities, and reach many regions."),
         N_("This map has no longest-route bonus: at the end each of your networks scores "
            "for the regions its cities are in, from 5 regions up."), facts=facts.hand),
    Step("tickets_choose",
         N_("You are dealt 5 tickets and keep at least 3. Keep {t0} ({p0}), {t1} ({p1}) and "
            "{t2} ({p2}); give back {t3} and {t4}."),
         N_("One line from {venezia} through {firenze} and {roma} to {napoli} completes all "
            "three."),
         pick=picks.keep(VENEZIA_ROMA, RAVENNA_ROMA, PERUGIA_NAPOLI), may_differ=True,
         wrong=N_("{t3} ({p3}) and {t4} ({p4}) are far from that line; a ticket you do not "
                  "complete costs its points at the end."),
         facts=lambda view: facts.offer((VENEZIA_ROMA, RAVENNA_ROMA, PERUGIA_NAPOLI,
                                         TORINO_BARI, SASSARI_PALERMO))(view) | _cities()),
    Step("draw_cards",
         N_("Your turn. Draw train cards: two a turn, face up or from the deck. Take the "
            "face-up {colour} card."),
         N_("{route} is a {colour} route of 3 spaces: with the 2 {colour} cards you hold, "
            "this one makes 3."),
         pick=picks.face_up_slot("pink"),
         wrong=N_("That card does not help your first route; the {colour} one completes it."),
         facts=lambda view: {"colour": picks.card_word("pink"),
                             "route": picks.route(view, PINK_ROUTE)},
         point=lambda view: [("face_up", view["face_up"].index("pink"))]
         if "pink" in view["face_up"] else []),
    Step("draw_cards",
         N_("Now your second card: draw from the deck."),
         N_("A locomotive is any colour. Taken face up as your first card it is your whole "
            "draw; it can never be your second."),
         pick=picks.of_type("draw_deck"),
         wrong=N_("A face-up colour is allowed too, but the deck keeps the colours you "
                  "collect secret from the others."),
         point=lambda view: [("deck", None)]),
    Step("triple_routes",
         N_("{name} claimed a track of {route}, a triple route: three tracks side by side."),
         N_("With 2 or 3 players only one track of a double or triple route may be used: "
            "the other {closed} are closed to everyone now."),
         facts=_rival_facts(TRIPLE_BY_GIULIA, 3), point=facts.lit(TRIPLE_BY_GIULIA)),
    Step("double_routes",
         N_("{name} claimed a track of {route}, a double route: its other track is closed "
            "too."),
         N_("With 4 or 5 players every track of a double or triple route may be used, but "
            "never two by the same player."),
         facts=_rival_facts(DOUBLE_BY_MARCO, 2), point=facts.lit(DOUBLE_BY_MARCO)),
    Step("face_up_locomotive",
         N_("Take the face-up locomotive: it is your whole draw this turn."),
         N_("A face-up locomotive taken as your first card is the whole draw, but it pays for "
            "any space, the wave spaces of a ferry too."),
         pick=picks.face_up_slot(LOCOMOTIVE),
         wrong=N_("Two cards are allowed, but this step shows the locomotive rule: one "
                  "face-up locomotive is the whole draw."),
         point=lambda view: [("face_up", view["face_up"].index(LOCOMOTIVE))]
         if LOCOMOTIVE in view["face_up"] else []),
    Step("ferries",
         N_("Draw a ferry card: that is your whole turn."),
         N_("{route} is a ferry: {waves} of its spaces have waves. One ferry card pays for up "
            "to two wave spaces; you may hold at most 2 ferry cards."),
         pick=picks.of_type("draw_ferry"),
         wrong=N_("Without a ferry card, each wave space of {route} takes a locomotive."),
         facts=_claim_facts(FERRY), point=lambda view: [("ferry", None)]),
    Step("ferries",
         N_("Claim {route}, a ferry of {length} spaces, {waves} with waves: pay with {cards}."),
         N_("Each wave space takes a locomotive, or one ferry card pays for two; a space "
            "without waves is like a gray route: any one colour."),
         pick=picks.claim(FERRY, prefer=("white",)),
         accept=lambda view, action: picks.same_claim(view, action, (FERRY,)),
         wrong=N_("{route} joins {venezia} to your line, and you hold its cards now."),
         facts=_claim_facts(FERRY, prefer=("white",)), point=facts.lit(FERRY)),
    Step("claim_colour",
         N_("Claim {route}, a route of {length} {colour} spaces: pay with {cards}. It "
            "scores {points} points now."),
         N_("A coloured route takes cards of its colour, one per space (a locomotive can "
            "stand in). It carries your line from {ravenna} to {firenze}."),
         pick=picks.claim(PINK_ROUTE),
         accept=lambda view, action: picks.same_claim(view, action, (PINK_ROUTE,)),
         wrong=N_("{route} is the next part of your line to {roma}."),
         facts=_claim_facts(PINK_ROUTE), point=facts.lit(PINK_ROUTE)),
    Step("tickets_draw",
         N_("Draw tickets: you see 4 and keep at least one."),
         N_("A new ticket can score more, but one you do not complete is taken off your "
            "score. Drawing tickets is your whole turn."),
         pick=picks.of_type("draw_tickets"),
         wrong=N_("This step shows the ticket draw: take it from the ticket pile."),
         point=lambda view: [("tickets", None)]),
    Step("tickets_draw",
         N_("Keep {t0} ({p0}), the cheapest: give back {t1} ({p1}), {t2} ({p2}) and {t3} "
            "({p3})."),
         N_("You must keep one, and only {trains} trains are left: if it is not completed, "
            "the fewest points are lost."),
         pick=picks.keep(SALERNO_BARI), may_differ=True,
         wrong=N_("Each ticket kept and not completed costs its points; {t0} costs the "
                  "least."),
         facts=lambda view: facts.offer(
             (SALERNO_BARI, NAPOLI_LECCE, ROMA_BARI, TRIESTE_REGGIO))(view) | facts.hand(view)),
    Step("draw_cards",
         N_("The coach draws train cards for you for three turns, taking the face-up colours "
            "your next routes need or drawing from the deck."),
         N_("Your next routes are {orange} and {green}, then one of the three tracks to "
            "{napoli}."),
         pick=picks.drawing({"green": 3, "orange": 3, "black": 4}), autoplay=6,
         facts=lambda view: _cities() | {"orange": picks.card_word("orange"),
                                         "green": picks.card_word("green")}),
    Step("claim_colour",
         N_("Claim {route}, a route of {length} {colour} spaces: pay with {cards}. It "
            "scores {points} points now."),
         N_("Your line goes on from {firenze} to {perugia}, on the way to {roma}."),
         pick=picks.claim(ORANGE_ROUTE),
         accept=lambda view, action: picks.same_claim(view, action, (ORANGE_ROUTE,)),
         wrong=N_("{route} is the next part of your line to {roma}."),
         facts=_claim_facts(ORANGE_ROUTE), point=facts.lit(ORANGE_ROUTE)),
    Step("tickets_complete",
         N_("Claim {route} with {cards}: your line reaches {roma}."),
         N_("A ticket is completed when your own routes join its two cities, in one unbroken "
            "line."),
         pick=picks.claim(GREEN_ROUTE),
         accept=lambda view, action: picks.same_claim(view, action, (GREEN_ROUTE,)),
         wrong=N_("{route} completes two tickets at once."),
         facts=_claim_facts(GREEN_ROUTE), point=facts.lit(GREEN_ROUTE)),
    Step("tickets_complete",
         N_("Completed: {done}. They add {points} points at the end."),
         N_("Your tickets stay secret until the end; the ticket list shows which are done."),
         facts=facts.done,
         point=lambda view: [("ticket", i) for i in range(len(view["private"]["tickets"]))]),
    Step("draw_cards",
         N_("One more turn of drawing: the coach takes {colour} cards for you, face up where "
            "it can."),
         N_("Each track of the triple route to {napoli} has 4 spaces: {colour}, {green} or "
            "{pink}, and a locomotive can stand in."),
         pick=picks.drawing({"black": 4}), autoplay=2,
         facts=lambda view: _cities() | {"colour": picks.card_word("black"),
                                         "green": picks.card_word("green"),
                                         "pink": picks.card_word("pink")}),
    Step("last_round",
         N_("Claim {route} ({colour}, {length} spaces) with {cards}. You will have {left} "
            "trains left."),
         N_("It completes {ticket}. Of a triple route you may use one track; with 2 trains "
            "or fewer left, every player, you too, plays one more turn."),
         pick=picks.claim(*TRIPLE),
         accept=lambda view, action: picks.same_claim(view, action, TRIPLE),
         wrong=N_("{route} completes {ticket} and starts the last round while you are "
                  "ahead."),
         facts=_triple_facts, point=facts.lit(*TRIPLE)),
    Step("last_round",
         N_("The last round: {others} played their last turns. This is your last turn, with "
            "{trains} trains left. {move}."),
         N_("A route claimed now still scores, and may bring your network into another "
            "region; cards left in your hand score nothing."),
         pick=facts.last_turn_pick(LAST_TURN),
         accept=lambda view, action: action.get("type") == "claim",
         wrong=N_("A route scores now; cards drawn on your last turn score nothing."),
         facts=facts.last_turn("routes-italy", LAST_TURN, NAMES),
         point=lambda view: [("track", t) for t in LAST_TURN if t not in view["routes"]]),
    Step("regions",
         N_("The game is over. Your network joins {regions} regions: +{bonus} points."),
         N_("Each separate network scores on its own: 5 regions 1 point, 6 regions 2, 9 "
            "regions 11, 15 or more 56. Two networks of 5 regions score 1 each; joined into "
            "one of 9 they score 11. {sardegna}, {sicilia} and {puglia} count twice when all "
            "their cities are in one network."),
         facts=lambda view: _end_facts(view) | {
             key: picks.city(name) for key, name in (
                 ("sardegna", "Sardegna"), ("sicilia", "Sicilia"), ("puglia", "Puglia"))}),
    Step("tickets_fail",
         N_("Not completed: {failed}. Its points, {lost}, are taken off your score."),
         N_("That is the risk of drawing tickets late: keep the ones your trains can still "
            "reach."),
         facts=_end_facts),
    Step("scoring",
         N_("Your score: {route_points} for routes, {ticket_points} for tickets, {bonus} for "
            "regions, {total} in all. {winner}"),
         N_("Routes score as you claim them; tickets and regions are counted at the end."),
         facts=_end_facts),
)

RULES = (
    ("goal", N_("Your goal")),
    ("tickets_choose", N_("Choosing tickets")),
    ("draw_cards", N_("Drawing train cards")),
    ("triple_routes", N_("Triple routes")),
    ("double_routes", N_("Double routes")),
    ("face_up_locomotive", N_("A face-up locomotive")),
    ("ferries", N_("Ferries")),
    ("claim_colour", N_("Claiming a route")),
    ("tickets_draw", N_("Drawing more tickets")),
    ("tickets_complete", N_("Completing a ticket")),
    ("last_round", N_("The last round")),
    ("regions", N_("Regions")),
    ("tickets_fail", N_("A ticket not completed")),
    ("scoring", N_("The final score")),
)

LEARNED = (
    N_("Draw two train cards a turn; a face-up locomotive is the whole draw."),
    N_("A ferry's wave spaces take locomotives, or a ferry card for every two."),
    N_("With 2 or 3 players only one track of a double or triple route is used."),
    N_("Complete your tickets; a ticket not completed costs its points."),
    N_("Each network scores for the regions it joins, from 5 up; there is no longest-route "
       "bonus."),
)


def build() -> Lesson:
    """The Italy guided game."""
    return Lesson("routes-italy", N_("Learn Rail Routes: Italia"), setup, STEPS, RULES,
                  learner=0, names=NAMES, opponent_bot="greedy", opponent_seed=SEED,
                  opponent_script=picks.guarded_opponents(OPPONENT_MOVES, KEEP_OFF, seed=SEED),
                  learned=LEARNED)
