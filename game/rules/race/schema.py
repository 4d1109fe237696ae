"""What the race engine (engine.py) sends: its view, events, result and actions,
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
    field,
    keys_named,
    one_per_seat,
)

Kind = Literal["train", "ship"]
TrackAction = Literal["coin", "balloon", "event", "detective", "start_player", "exchange"]
Color = Literal["red", "blue"]


class City(Name):
    """A city of the route."""


class EventName(Name):
    """An event card's name."""


class Chip(Name):
    """A bonus chip's name."""


class Card(Struct, array_like=True):
    """A travel card, sent as [kind, value]."""

    kind: Kind
    value: Count


Cards = Many(Card, 128)
EventNames = Many(EventName, 64)


class Leg(Struct):
    from_: City = field(name="from")
    to: City
    options: Many(Many(Kind, 8), 16)
    no_cards_days: Count
    status: Text


class Player(Struct):
    seat: SeatNo
    city: City
    at: Count
    days: Int
    coins: Count
    cards: Count
    known: Cards
    events: Count
    arrived: Count | None


class Slot(Struct):
    action: TrackAction
    card: Card | None
    laid: Flag


class BonusChips(Struct):
    red: Chip | None
    blue: Chip | None


class TurnState(Struct):
    taken: Flag
    action: TrackAction | None
    moves: Count
    balloon_used: Flag
    distraction: Flag


class PendingMove(Struct):
    cards: Cards
    balloon: Card | None
    events: EventNames
    princess_as: EventName | None = None


class Awaiting(Struct):
    """A die roll waiting for reroll/accept, or a bonus chip to take or leave."""

    kind: Literal["reroll", "bonus"]
    seat: SeatNo | None = None
    roll: Count = 0
    purpose: Literal["balloon", "elephant"] | None = None
    rolls: Count = 0
    move: PendingMove | None = None
    color: Color | None = None
    chip: Chip | None = None
    city: City | None = None
    options: Many(Text, 8) = []
    min: Count = 0
    max: Count = 0
    cost: Count = 0

    def __post_init__(self) -> None:
        if self.kind == "reroll" and (self.purpose is None or self.move is None):
            raise ValueError("a reroll without its die's purpose and move")
        if self.kind == "bonus" and (self.color is None or self.chip is None
                                     or self.city is None):
            raise ValueError("a bonus without its chip")


class Private(Struct):
    hand: Cards = []
    events: EventNames = []
    pending: Awaiting | None = None


class Breakdown(Struct):
    seat: SeatNo
    days: Int
    arrived: Count | None
    coins: Count
    city: City
    place: Count


class Result(Struct):
    scores: Many(Points, 16)
    winners: Many(SeatNo, 16)
    breakdown: Many(Breakdown, 16)
    over: Flag = False

    def __post_init__(self) -> None:
        one_per_seat(self.scores, self.breakdown)


class View(Struct):
    game: Text
    title: Text
    route: Many(City, 64)
    legs: Many(Leg, 64)
    phase: Literal["play", "over"]
    round: Count
    turn: Count
    current: SeatNo | None
    to_act: Many(SeatNo, 16)
    start_player: SeatNo
    next_start_player: SeatNo | None
    players: Many(Player, 16)
    track: Many(Slot, 16)
    detective: City
    deck: Count
    discard: Count
    discard_cards: Cards
    event_deck: Count
    event_discard: EventNames
    event_discard_down: Count
    bonus: Map(Text, BonusChips, 64)
    bank: Count
    arrivals: Many(SeatNo, 16)
    order: Many(SeatNo, 16)
    turn_state: TurnState
    awaiting: Awaiting | None
    you: SeatNo | None
    private: Private
    result: Result | None = None

    def __post_init__(self) -> None:
        keys_named(self.bonus, City)
        if self.phase != "over" and self.current is None:
            raise ValueError("a race under way with nobody's turn")
        if len(self.legs) != len(self.route) - 1:
            raise ValueError("the legs do not join the route's cities")
        for player in self.players:
            if player.at >= len(self.route):
                raise ValueError("a traveller beyond the end of the route")


# --- events ----------------------------------------------------------------------

class _Event(Struct, tag_field="type"):
    pass


class CardSecret(Struct):
    card: Card | None = None


class EventSecret(Struct):
    event: EventName | None = None


class DrawnSecret(Struct):
    drawn: Cards = []


class Balloon(Struct):
    replaces: Card
    roll: Count


class RoundStarted(_Event, tag="round_started"):
    round: Count
    start_player: SeatNo
    travellers: Many(SeatNo, 16)


class DaysLost(_Event, tag="days_lost"):
    seats: Many(SeatNo, 16)
    days: Int
    why: Text


class TrackLaid(_Event, tag="track_laid"):
    cards: Many(Card | None, 16)
    slots: Many(TrackAction, 16)


class DeckReshuffled(_Event, tag="deck_reshuffled"):
    cards: Count


class EventsReshuffled(_Event, tag="events_reshuffled"):
    cards: Count


class TurnStarted(_Event, tag="turn_started"):
    seat: SeatNo


class CardTaken(_Event, tag="card_taken"):
    seat: SeatNo
    slot: Count | None
    card: Card | None = None
    action: TrackAction | None = None


class CardDrawn(_Event, tag="card_drawn"):
    seat: SeatNo
    pile: Literal["travel"]
    why: Text
    private_to: SeatNo | None = None
    private: CardSecret | None = None


class EventDrawn(_Event, tag="event_drawn"):
    seat: SeatNo
    why: Text
    event: EventName | None = None
    private_to: SeatNo | None = None
    private: EventSecret | None = None


class CoinGained(_Event, tag="coin_gained"):
    seat: SeatNo
    why: Text
    coins: Count


class CoinsPaid(_Event, tag="coins_paid"):
    seat: SeatNo
    coins: Count
    why: Text


class DetectiveMoved(_Event, tag="detective_moved"):
    seat: SeatNo
    from_: City = field(name="from")
    to: City
    why: Text


class StartPlayerTaken(_Event, tag="start_player_taken"):
    seat: SeatNo


class Exchanged(_Event, tag="exchanged"):
    seat: SeatNo
    cards: Cards
    private_to: SeatNo | None = None
    private: DrawnSecret | None = None


class CardsSwapped(_Event, tag="cards_swapped"):
    seat: SeatNo
    slots: Many(Count, 16)
    cards: Many(Card | None, 16)


class EventPlayed(_Event, tag="event_played"):
    seat: SeatNo
    event: EventName
    as_: EventName | None = field(name="as", default=None)


class DieRolled(_Event, tag="die_rolled"):
    seat: SeatNo
    roll: Count
    purpose: Literal["balloon", "elephant"]
    number: Count


class Moved(_Event, tag="moved"):
    seat: SeatNo
    from_: City = field(name="from")
    to: City
    cards: Cards
    balloon: Balloon | None
    elephant: Count | None
    events: EventNames
    princess_as: EventName | None
    days: Int


class ChipEvent(_Event, tag="chip"):
    seat: SeatNo
    city: City
    color: Color
    chip: Chip
    taken: Flag


class Discarded(_Event, tag="discarded"):
    seat: SeatNo
    card: Card | None = None
    event: EventName | None = None


class Arrived(_Event, tag="arrived"):
    seat: SeatNo
    order: Count
    days: Int


class EventsGathered(_Event, tag="events_gathered"):
    counts: Many(Count, 16)


class TurnEnded(_Event, tag="turn_ended"):
    seat: SeatNo


class RoundEnded(_Event, tag="round_ended"):
    round: Count
    discarded: Cards


class GameOver(_Event, tag="game_over"):
    result: Result


Event = (RoundStarted | DaysLost | TrackLaid | DeckReshuffled | EventsReshuffled
         | TurnStarted | CardTaken | CardDrawn | EventDrawn | CoinGained | CoinsPaid
         | DetectiveMoved | StartPlayerTaken | Exchanged | CardsSwapped | EventPlayed
         | DieRolled | Moved | ChipEvent | Discarded | Arrived | EventsGathered | TurnEnded
         | RoundEnded | GameOver)


# --- actions ------------------------------------------------------------------------------

class _Action(Struct, tag_field="type"):
    pass


class Take(_Action, tag="take"):
    slot: Count


class TakeDeck(_Action, tag="take_deck"):
    pass


class Coin(_Action, tag="coin"):
    pass


class DrawEvent(_Action, tag="draw_event"):
    pass


class Detective(_Action, tag="detective"):
    city: City


class StartPlayer(_Action, tag="start_player"):
    pass


class Exchange(_Action, tag="exchange"):
    cards: Cards


class Move(_Action, tag="move"):
    cards: Cards
    balloon: Card | None = None
    events: EventNames = []


class PlayEvent(_Action, tag="play_event"):
    event: EventName
    city: City | None = None
    slots: Many(Count, 4) = []


class Buy(_Action, tag="buy"):
    pile: Literal["travel", "event"]


class Discard(_Action, tag="discard"):
    card: Card


class DiscardEvent(_Action, tag="discard_event"):
    event: EventName


class EndTurn(_Action, tag="end_turn"):
    pass


class Reroll(_Action, tag="reroll"):
    pass


class Accept(_Action, tag="accept"):
    pass


class Bonus(_Action, tag="bonus"):
    take: Flag


Action = (Take | TakeDeck | Coin | DrawEvent | Detective | StartPlayer | Exchange | Move
          | PlayEvent | Buy | Discard | DiscardEvent | EndTurn | Reroll | Accept | Bonus)


@cache
def names(game_id: str) -> Mapping[type, frozenset[str]]:
    """The route's cities, the event cards and the bonus chips of the race data."""
    from game.rules.race.data import CHIPS, EVENT_NAMES, load_race

    data = load_race()
    return {City: frozenset(data.route), EventName: frozenset(EVENT_NAMES),
            Chip: frozenset(CHIPS) | frozenset(data.red_chips) | frozenset(data.blue_chips)}


SCHEMA = WireSchema(view=View, event=Event, result=Result, action=Action, names=names)
