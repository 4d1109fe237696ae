"""The prepared game of Eighty Days' guided first game, and its opponents' script.

A real three-traveller game (the seed rulebook's smallest table: four track
slots, Coin, Balloon, Event and Detective; the race ends with the round in
which the second traveller is back) from a fixed seed, stacked so that every
rule comes up in the learner's first turns and the rulebook's own worked
examples are played: London to Paris with ship 7 + train 3 (10 days), Suez
to Bombay with two ship 8s (no change: 8 days), Bombay to Calcutta on the
elephant (6 + the die), Hong Kong to Yokohama with train 4 + ship 7 and the
balloon on the ship 7 (rolled again twice, then 2: 6 days).

What is prepared after `create` (every card and chip stays in the game):
- the three starting hands (three cards each, as dealt) and the first
  round's four track cards;
- the order of the top of the travel deck: the next rounds' track cards and
  the cards the chips and a purchase draw, in the order they are drawn;
- the order of the top of the event pile (Distraction, then Elephant);
- which city holds which bonus chip (the same chips, placed by hand);
- the dice: the game's random source is seeded afresh (DICE_SEED), so the
  rolls come in a known order.
The rest of the deck keeps the seed's shuffle. tests/test_learn_race.py
holds the prepared game to the game's own cards and chips.
"""

from __future__ import annotations

from game.bots import make_bot
from game.rules import create
from game.rules.base import Action, View
from game.rules.race.days import Card

SEED = 80
DICE_SEED = 175
LEARNER = 0

HANDS: tuple[tuple[Card, ...], ...] = (
    (("ship", 7), ("train", 3), ("ship", 8)),
    (("ship", 5), ("train", 4), ("train", 5)),
    (("ship", 6), ("train", 5), ("ship", 4)),
)
# the first round's track, slot by slot: Coin, Balloon, Event, Detective
FIRST_TRACK: tuple[Card, ...] = (("ship", 8), ("train", 6), ("ship", 6), ("train", 4))
# the next travel cards drawn, in order: the next rounds' tracks and the
# cards the travel chips draw (tests/test_learn_race.py plays the line)
DECK_TOP: tuple[Card, ...] = (
    ("ship", 5), ("train", 5), ("ship", 6), ("train", 2),    # round 2's track
    ("ship", 4),                                             # the blue chip in Brindisi
    ("ship", 5), ("ship", 4), ("ship", 7), ("ship", 6),      # round 3's track
    ("train", 4), ("ship", 7), ("ship", 6), ("ship", 5),     # round 4's track
    ("ship", 5), ("train", 2), ("ship", 7), ("train", 3),    # round 5's track
    ("train", 6),                                            # the blue chip in Calcutta
    ("train", 6), ("ship", 7), ("ship", 7), ("train", 5),    # round 6's track
    ("ship", 6),                                             # a rival's chip in Hong Kong
    ("train", 2), ("train", 5), ("train", 4), ("ship", 5),   # round 7's track
    ("ship", 7), ("train", 3), ("ship", 4), ("train", 2),    # round 8's track
    ("ship", 7),                                             # a rival's chip in San Francisco
)
EVENTS_TOP: tuple[str, ...] = ("Distraction", "Elephant")
# the bonus chips, city by city from Paris: (red, blue)
CHIPS: tuple[tuple[str, str], ...] = (
    ("coin", "coin"), ("coin", "travel"), ("delay_others", "coin"),
    ("coin", "delay_others"), ("event", "travel"), ("travel", "event"),
    ("event", "coin"), ("travel", "event"), ("delay_others", "delay_others"),
)
# the rounds in which the opponents leave the event pile alone (the learner
# draws the Distraction and buys the Elephant)
QUIET_ROUNDS = 4
# round -> the track slot the learner takes that round, left for them
RESERVED = {2: 3, 3: 2, 5: 0, 6: 0, 7: 1, 8: 0}


def prepared_game():
    """The guided game's first state (see the module docstring)."""
    state = create("eighty-days", players=3, seed=SEED)
    pool = list(state.deck) + [c for hand in state.hands for c in hand] \
        + [c for c in state.track if c is not None]
    for card in (*[c for hand in HANDS for c in hand], *FIRST_TRACK, *DECK_TOP):
        if card not in pool:
            raise ValueError(f"the lesson stacks more {card} cards than the game has")
        pool.remove(card)
    state.hands = [list(hand) for hand in HANDS]
    state.track = list(FIRST_TRACK) + [None] * (len(state.track) - len(FIRST_TRACK))
    state.deck = pool + list(reversed(DECK_TOP))
    events = list(state.event_deck)
    for name in EVENTS_TOP:
        events.remove(name)
    state.event_deck = events + list(reversed(EVENTS_TOP))
    red, blue = [c[0] for c in CHIPS], [c[1] for c in CHIPS]
    if sorted(red) != sorted(state.data.red_chips) or \
            sorted(blue) != sorted(state.data.blue_chips):
        raise ValueError("the lesson's bonus chips are not the game's own")
    state.chips = {city: [red[city - 1], blue[city - 1]] for city in state.chips}
    state.seed_rng(DICE_SEED)
    state._legal_cache = {}
    return state


def opponent_script(view: View, legal: list[Action], seat: int) -> Action | None:
    """The opponents' moves the lesson relies on (None: their bot plays).

    They leave the detective to the learner and buy nothing; in the first
    rounds they draw no event card; they never take the card the learner is to
    take this round (RESERVED). Otherwise their greedy bot chooses, among
    the moves left."""
    allowed = [a for a in legal if a["type"] not in _NEVER]
    if view["round"] <= QUIET_ROUNDS:
        allowed = [a for a in allowed if a["type"] not in _QUIET]
    reserved = RESERVED.get(view["round"])
    allowed = [a for a in allowed if not (a["type"] == "take" and a["slot"] == reserved)]
    if not allowed or allowed == legal:
        return None
    return make_bot("greedy", seed=SEED + view["turn"]).choose(view, allowed, None)


_QUIET = frozenset(("draw_event", "play_event"))
# the opponents never buy and leave the detective to the learner
_NEVER = frozenset(("detective", "buy"))
