"""What the trick-taking engine (engine.py) sends: its view, events, result and
actions, as shapes a LAN client checks (game/rules/schema.py says how and why).
Keep it beside the engine: tests/test_schemas.py fails when the two differ."""

from collections.abc import Mapping
from functools import cache
from typing import Literal

from game.rules.schema import (
    Count,
    Flag,
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

End = Literal["left", "right"]


class Company(Name):
    """A company of the card tables."""


class CityName(Name):
    """A city of the card tables."""


class LocomotiveName(Name):
    """A locomotive of the card tables."""


class Card(Struct):
    company: Company
    strength: Count
    value: Points


class Locomotive(Struct):
    name: LocomotiveName
    distance: Count | None
    cost: Points


class City(Struct):
    kind: Literal["city"]
    name: CityName
    value: Points


class Item(Struct):
    """A line item, lane entry or share: a company card (no kind) or a kind's fields."""

    kind: Literal["initial", "city", "exchange", "locomotive", "reservation"] | None = None
    company: Company | None = None
    strength: Count | None = None
    value: Points | None = None
    name: Text | None = None
    distance: Count | None = None
    cost: Points | None = None
    with_: Many(Locomotive, 8) = field(name="with", default=[])

    def __post_init__(self) -> None:
        needs = {None: ("company", "strength", "value"), "initial": ("value",),
                 "city": ("name", "value"), "exchange": ("company",),
                 "locomotive": ("name", "cost"), "reservation": ()}[self.kind]
        missing = [f for f in needs if getattr(self, f) is None]
        if missing:
            raise ValueError(f"a {self.kind or 'company card'} without {', '.join(missing)}")
        if self.kind in ("city", "locomotive"):
            keys_named([self.name], CityName if self.kind == "city" else LocomotiveName)


class Played(Struct, array_like=True):
    """A card of the trick, sent as [seat, card]."""

    seat: SeatNo
    card: Card


class Trick(Struct):
    winner: SeatNo
    led: Company | None
    cards: Many(Played, 8)
    lane: Item


class Player(Struct):
    seat: SeatNo
    cards: Count
    shares: Many(Item, 64)
    void: Many(Company, 16)


class Options(Struct):
    expert: Flag = False
    teams: Flag = False


class CityChoice(Struct):
    company: Company
    end: End


class Pending(Struct):
    kind: Literal["city", "locomotive", "lay"]
    options: Many(CityChoice | Text, 16)
    min: Count
    max: Count
    city: City | None = None
    locomotive: Locomotive | None = None
    card: Card | None = None
    company: Company | None = None

    def __post_init__(self) -> None:
        wanted = {"city": ("city",), "locomotive": ("locomotive",),
                  "lay": ("card", "company")}[self.kind]
        if any(getattr(self, name) is None for name in wanted):
            raise ValueError(f"a {self.kind} choice without its {' and '.join(wanted)}")
        texts = [o for o in self.options if isinstance(o, str)]
        if self.kind == "city" and texts:
            raise ValueError("a city choice offering something else than a line's end")
        if self.kind != "city" and len(texts) != len(self.options):
            raise ValueError(f"a {self.kind} choice offering a line's end")
        if self.kind == "locomotive":
            keys_named(texts, Company)
        if self.kind == "lay" and not set(texts) <= {"left", "right"}:
            raise ValueError("a lay choice offering something else than an end")


class Private(Struct):
    hand: Many(Card, 64) = []
    playable: Many(Card, 64) = []
    pending: Pending | None = None


class CompanyResult(Struct):
    company: Company
    line: Count
    locomotive: LocomotiveName | None
    distance: Count | None
    cost: Points | None
    stretch: Many(Count, 2, least=2) | None
    earnings: Points
    value: Points


class Breakdown(Struct):
    seat: SeatNo
    shares: Map(Company, Count, 16)
    points: Map(Company, Points, 16)
    company_values: Map(Company, Points, 16)
    total: Points
    team: Many(SeatNo, 8) = []
    team_total: Points = 0

    def __post_init__(self) -> None:
        for table in (self.shares, self.points, self.company_values):
            keys_named(table, Company)


class Result(Struct):
    scores: Many(Points, 16)
    winners: Many(SeatNo, 16)
    breakdown: Many(Breakdown, 16)
    companies: Map(Company, CompanyResult, 16) = {}
    over: Flag = False

    def __post_init__(self) -> None:
        one_per_seat(self.scores, self.breakdown)
        keys_named(self.companies, Company)


class View(Struct):
    game: Text
    phase: Literal["play", "city", "locomotive", "lay", "over"]
    to_act: Many(SeatNo, 16)
    current: SeatNo | None
    leader: SeatNo | None
    led: Company | None
    trick: Many(Played, 8)
    companies: Many(Company, 16)
    colors: Map(Company, Text, 16)
    lines: Map(Company, Many(Item, 128), 16)
    locomotives: Map(Company, Locomotive | None, 16)
    lane: Many(Item, 64)
    players: Many(Player, 16)
    removed: Count
    removed_cards: Many(Card, 128)
    tricks_played: Count
    tricks_left: Count
    last_trick: Trick | None
    options: Options
    teams: Many(Many(SeatNo, 8), 8) | None
    you: SeatNo | None
    private: Private
    result: Result | None = None

    def __post_init__(self) -> None:
        for table in (self.colors, self.lines, self.locomotives):
            keys_named(table, Company)
        if self.phase != "over" and self.current is None:
            raise ValueError("a game under way with nobody's turn")
        if set(self.companies) != set(self.colors) or set(self.companies) != set(self.lines):
            raise ValueError("the companies, their colours and their lines do not match")


# --- events ----------------------------------------------------------------------

class _Event(Struct, tag_field="type"):
    pass


class HandSecret(Struct):
    hand: Many(Card, 64) = []


class Deal(_Event, tag="deal"):
    counts: Many(Count, 16)
    lines: Map(Company, Many(Item, 128), 16)
    lane: Many(Item, 64)

    def __post_init__(self) -> None:
        keys_named(self.lines, Company)


class HandDealt(_Event, tag="hand_dealt"):
    seat: SeatNo
    count: Count
    private_to: SeatNo | None = None
    private: HandSecret | None = None


class CardPlayed(_Event, tag="card_played"):
    seat: SeatNo
    card: Card
    led: Company | None


class TrickWon(_Event, tag="trick_won"):
    winner: SeatNo
    led: Company | None
    cards: Many(Played, 8)
    lane: Item


class ExchangeTaken(_Event, tag="exchange_taken"):
    seat: SeatNo
    company: Company


class ShareTaken(_Event, tag="share_taken"):
    seat: SeatNo
    card: Card
    source: Literal["lane", "trick"]


class ReservationReplaced(_Event, tag="reservation_replaced"):
    seat: SeatNo
    card: Card
    slot: Count


class CardRemoved(_Event, tag="card_removed"):
    seat: SeatNo
    card: Card


class CityLaid(_Event, tag="city_laid"):
    seat: SeatNo
    company: Company
    end: End
    city: City


class LocomotivePlaced(_Event, tag="locomotive_placed"):
    seat: SeatNo
    company: Company
    locomotive: Locomotive
    auto: Flag


class CardLaid(_Event, tag="card_laid"):
    seat: SeatNo
    company: Company
    end: End
    card: Card


class GameOver(_Event, tag="game_over"):
    result: Result


Event = (Deal | HandDealt | CardPlayed | TrickWon | ExchangeTaken | ShareTaken
         | ReservationReplaced | CardRemoved | CityLaid | LocomotivePlaced | CardLaid | GameOver)


# --- actions ------------------------------------------------------------------------------

class _Action(Struct, tag_field="type"):
    pass


class Play(_Action, tag="play"):
    card: Card


class LayCity(_Action, tag="city"):
    company: Company
    end: End


class PlaceLocomotive(_Action, tag="locomotive"):
    company: Company


class Lay(_Action, tag="lay"):
    end: End


Action = Play | LayCity | PlaceLocomotive | Lay


@cache
def names(game_id: str) -> Mapping[type, frozenset[str]]:
    """The companies, cities and locomotives of the card tables."""
    from game.rules.tricks.data import load_tricks_data

    data = load_tricks_data()
    return {Company: frozenset(data.companies),
            CityName: frozenset(name for name, _ in data.cities),
            LocomotiveName: frozenset(name for name, _, _ in data.locomotives)}


SCHEMA = WireSchema(view=View, event=Event, result=Result, action=Action, names=names)
