"""Railway Tricks' guided game, prepared: the four hands, the cards that start
the lines and the lane, stacked so that eleven tricks meet every rule, and
the opponents' script that plays them.

Every card of the box is in a hand or a line, once (the engine's deal, only
in another order); the lane keeps the four-player lane of the card tables,
its share entries and its city chosen. The trick plan (TRICKS) says which
card each seat plays in each trick: every seat follows the led company
whenever it holds one, as the rules ask. The learner (seat 0) wins the B&O
share, New York, locomotive 4, the C&O share, locomotives 6 and ALL, and the
reserved share at the end; Dmitri wins locomotive 3, Carmen locomotive 5.
"""

from __future__ import annotations

from game.learn.tricks.lays import lay_end
from game.rules import create
from game.rules.base import Action, GameState, View
from game.rules.tricks.cards import INITIAL, card_view
from game.rules.tricks.data import CITY, EXCHANGE, load_tricks_data

LEARNER = 0
PLAYERS = 4
SEED = 42
COMPANIES = {"B": "B&O", "C": "C&O", "E": "Erie", "N": "NYC", "P": "PRR"}
ORDER = tuple(COMPANIES)

# trick -> {seat: card}, a card written company letter + strength
TRICKS: tuple[dict[int, str], ...] = (
    {0: "B10", 1: "B2", 2: "E4", 3: "P1"},      # 1 the B&O share: the learner leads
    {0: "B8", 1: "B5", 2: "C3", 3: "P7"},       # 2 New York
    {0: "B4", 1: "B6", 2: "C5", 3: "E1"},       # 3 the Erie share: Bob wins
    {1: "N8", 2: "N5", 3: "N10", 0: "N3"},      # 4 locomotive 3: Dmitri wins
    {3: "E6", 0: "B7", 1: "E10", 2: "E8"},      # 5 the NYC share: the learner has no Erie
    {1: "N1", 2: "N7", 3: "N4", 0: "N9"},       # 6 locomotive 4: the learner wins
    {0: "P2", 1: "P9", 2: "P4", 3: "P3"},       # 7 the PRR share: Bob wins
    {1: "E5", 2: "E9", 3: "E7", 0: "C7"},       # 8 locomotive 5: Carmen wins
    {2: "N2", 3: "C8", 0: "N6", 1: "C6"},       # 9 the C&O share: the learner wins
    {0: "P8", 1: "P6", 2: "E3", 3: "C4"},       # 10 locomotives 6 and ALL
    {0: "C10", 1: "C1", 2: "C2", 3: "C9"},      # 11 the reserved share (the B&O 10)
)
# the cards that start the lines, after each company's first card, in this order
LINES = ("B1", "B3", "B9", "E2", "P5", "P10")
# the lane's share entries in order, and its city
EXCHANGES = ("B", "E", "N", "P", "C")
CITY_NAME = "New York"
# who places the locomotives the opponents win, and where
OPPONENT_LOCOMOTIVES = {"3": "PRR", "5": "Erie"}


def card_number(code: str) -> int:
    """The engine's number of a card written like "B10" (B&O 10)."""
    return ORDER.index(code[0]) * 10 + int(code[1:]) - 1


def card_action(code: str) -> Action:
    """The play of that card, as the engine lists it among the legal actions."""
    return {"type": "play", "card": card_view(load_tricks_data(), card_number(code))}


def prepared_game() -> GameState:
    """The guided game's first state: a four-player game with the hands, lines
    and lane stacked as the module says."""
    state = create("railway-tricks", players=PLAYERS, seed=SEED)
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    for trick in TRICKS:
        for seat, code in trick.items():
            hands[seat].append(card_number(code))
    state.hands = [sorted(hand) for hand in hands]
    state.lines = [[INITIAL] for _ in ORDER]
    for code in LINES:
        state.lines[ORDER.index(code[0])].append(card_number(code))
    exchanges = iter(EXCHANGES)
    city = [name for name, _value in state.data.cities].index(CITY_NAME)
    lane = []
    for kind, payload in state.lane:
        if kind == EXCHANGE:
            payload = ORDER.index(next(exchanges))
        elif kind == CITY:
            payload = city
        lane.append((kind, payload))
    state.lane = lane
    return state


def trick_number(view: View) -> int:
    """The trick being played, counted from 0."""
    return view["tricks_played"]


def planned_card(view: View, seat: int) -> Action | None:
    """The card the plan gives `seat` in the trick being played."""
    number = trick_number(view)
    if number >= len(TRICKS) or seat not in TRICKS[number]:
        return None
    return card_action(TRICKS[number][seat])


def opponent_script(view: View, legal: list[Action], seat: int) -> Action | None:
    """The opponents' moves: the plan's cards, the plan's locomotives (the first
    free line when the learner took the planned one), lays by `lay_end`."""
    kind = legal[0]["type"] if legal else None
    if kind == "play":
        action = planned_card(view, seat)
        return action if action in legal else None
    if kind == "locomotive":
        name = view["private"]["pending"]["locomotive"]["name"]
        wanted = {"type": "locomotive", "company": OPPONENT_LOCOMOTIVES.get(name, "")}
        return wanted if wanted in legal else legal[0]
    if kind == "lay":
        return {"type": "lay", "end": lay_end(view, seat)[0]}
    return None

