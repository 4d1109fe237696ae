"""What the route engine (engine.py) sends: its view, events, result and actions,
as shapes a LAN client checks (game/rules/schema.py says how and why).
Keep it beside the engine: tests/test_schemas.py fails when the two differ."""

from collections.abc import Mapping
from functools import cache
from typing import Literal

from game.rules.schema import (
    Count,
    Flag,
    Int,
    Many,
    Map,
    Name,
    Points,
    SeatNo,
    Struct,
    Text,
    WireSchema,
    keys_named,
    one_per_seat,
)


class TrackId(Name):
    """A track of the game's board."""


class City(Name):
    """A city of the game's board."""


class BoardName(Name):
    """The game's board."""


class CardName(Name):
    """A train card: a colour of the board, "locomotive", "ferry" on ferry boards."""


Hand = Map(CardName, Count, 16)


class Ticket(Struct):
    id: Count
    a: City
    b: City
    points: Points


class HeldTicket(Ticket):
    """A kept ticket, and whether its cities are joined."""

    done: Flag


class Player(Struct):
    seat: SeatNo
    cards: Count
    tickets: Count
    trains: Count
    score: Points
    offered: Count
    ferries: Count = 0


class Pending(Struct):
    kind: Literal["keep_tickets"]
    options: Many(Ticket, 16)
    min: Count
    max: Count


class Private(Struct):
    hand: Hand = {}
    tickets: Many(HeldTicket, 64) = []
    pending: Pending | None = None

    def __post_init__(self) -> None:
        keys_named(self.hand, CardName)


class Breakdown(Struct):
    seat: SeatNo
    route_points: Points
    tickets: Many(HeldTicket, 64)
    tickets_done: Count
    ticket_points: Points
    longest: Count
    longest_bonus: Points
    total: Points
    region_bonus: Points = 0
    regions: Many(Count, 64) = []
    region_points: Many(Points, 64) = []


class Result(Struct):
    scores: Many(Points, 16)
    winners: Many(SeatNo, 16)
    breakdown: Many(Breakdown, 16)
    over: Flag = False

    def __post_init__(self) -> None:
        one_per_seat(self.scores, self.breakdown)


class View(Struct):
    game: Text
    board: BoardName
    phase: Literal["setup", "play", "over"]
    current: SeatNo | None
    to_act: Many(SeatNo, 16)
    turn: Count
    cards_drawn: Count
    deck: Count
    discard: Count
    discard_cards: Hand
    face_up: Many(CardName | None, 8)
    tickets_deck: Count
    routes: Map(Text, SeatNo)
    final_round: Flag
    final_turns: Count | None
    passes_in_row: Count
    players: Many(Player, 16)
    you: SeatNo | None
    private: Private
    ferry_pile: Count = 0
    region_table: Many(Many(Int, 2, least=2), 32) = []
    result: Result | None = None

    def __post_init__(self) -> None:
        keys_named(self.discard_cards, CardName)
        keys_named(self.routes, TrackId)
        if self.phase == "play" and self.current is None:
            raise ValueError("a game under way with nobody's turn")


# --- events ----------------------------------------------------------------------

class _Event(Struct, tag_field="type"):
    pass


class TicketsSecret(Struct):
    tickets: Many(Ticket, 16) = []


class CardSecret(Struct):
    card: CardName | None = None


class TicketsOffered(_Event, tag="tickets_offered"):
    seat: SeatNo
    count: Count
    private_to: SeatNo | None = None
    private: TicketsSecret | None = None


class TicketsKept(_Event, tag="tickets_kept"):
    seat: SeatNo
    kept: Count
    returned: Count
    private_to: SeatNo | None = None
    private: TicketsSecret | None = None


class CardDrawn(_Event, tag="card_drawn"):
    seat: SeatNo
    source: Literal["deck", "face_up"]
    slot: Count | None = None
    card: CardName | None = None
    private_to: SeatNo | None = None
    private: CardSecret | None = None

    def __post_init__(self) -> None:
        if self.source == "face_up" and (self.card is None or self.slot is None):
            raise ValueError("a face-up card drawn without its card and slot")


class FaceUpRefilled(_Event, tag="face_up_refilled"):
    slot: Count
    card: CardName | None


class FaceUpReset(_Event, tag="face_up_reset"):
    discarded: Many(CardName | None, 8)
    face_up: Many(CardName | None, 8)


class DeckReshuffled(_Event, tag="deck_reshuffled"):
    cards: Count


class RouteClaimed(_Event, tag="route_claimed"):
    seat: SeatNo
    track: TrackId
    cards: Hand
    points: Points
    trains_left: Count

    def __post_init__(self) -> None:
        keys_named(self.cards, CardName)


class FerryDrawn(_Event, tag="ferry_drawn"):
    seat: SeatNo


class Passed(_Event, tag="passed"):
    seat: SeatNo


class FinalRound(_Event, tag="final_round"):
    seat: SeatNo
    trains: Count


class TurnStarted(_Event, tag="turn_started"):
    seat: SeatNo


class GameOver(_Event, tag="game_over"):
    result: Result


Event = (TicketsOffered | TicketsKept | CardDrawn | FaceUpRefilled | FaceUpReset
         | DeckReshuffled | RouteClaimed | FerryDrawn | Passed | FinalRound | TurnStarted
         | GameOver)


# --- actions (the legal list a seat gets) ------------------------------------------------

class _Action(Struct, tag_field="type"):
    pass


class KeepTickets(_Action, tag="keep_tickets"):
    keep: Many(Count, 16)


class DrawDeck(_Action, tag="draw_deck"):
    pass


class DrawFaceUp(_Action, tag="draw_face_up"):
    slot: Count


class Claim(_Action, tag="claim"):
    track: TrackId
    cards: Hand

    def __post_init__(self) -> None:
        keys_named(self.cards, CardName)


class DrawTickets(_Action, tag="draw_tickets"):
    pass


class DrawFerry(_Action, tag="draw_ferry"):
    pass


class Pass(_Action, tag="pass"):
    pass


Action = KeepTickets | DrawDeck | DrawFaceUp | Claim | DrawTickets | DrawFerry | Pass


@cache
def names(game_id: str) -> Mapping[type, frozenset[str]]:
    """The board's name, tracks, cities and train cards."""
    from game.rules.routes.board import GRAY, LOCOMOTIVE, load_board
    from game.rules.routes.engine import RULES
    from game.rules.routes.payments import FERRY

    rules = RULES[game_id]
    board = load_board(rules.board)
    cards = {t.color for t in board.tracks if t.color != GRAY} | set(board.colors)
    cards -= {GRAY}
    cards |= {LOCOMOTIVE} | ({FERRY} if rules.ferry_cards else set())
    return {TrackId: frozenset(board.track_by_id), City: frozenset(board.cities),
            CardName: frozenset(cards), BoardName: frozenset({board.name})}


SCHEMA = WireSchema(view=View, event=Event, result=Result, action=Action, names=names)
