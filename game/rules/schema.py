"""What a game's engine may send over the LAN, as shapes a client can check.

A host sends views, events, results and legal actions that its engine made;
a client must not trust them (anyone on the LAN can run a "host"). Each game
family declares `SCHEMA` in `game/rules/<family>/schema.py`, next to the
engine whose output it describes, built from the pieces here (msgspec
structs: typed, fast, and with no room for nesting deeper than the schema's
own). `tests/test_schemas.py` plays random games of every registered game and
checks every view (each seat's and the spectator's), event, result and legal
action against its family's schema, so an engine and its schema cannot drift
apart.

`check(game_id, players, view=..., events=..., result=..., legal=...)` raises
`Unreadable` with a short reason for anything a screen or a bot could not
draw or read: a missing key, a wrong type, a seat outside the table, a name
the game's data does not know, a negative count, an oversized list or text,
text with a NUL. Names are checked against the game's own data (a board's
tracks and cities, a deck's companies), through `Name` types each family
lists in `names(game_id)`.
"""

import contextlib
import contextvars
import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

__all__ = ["Count", "Flag", "Int", "Many", "Map", "Name", "Points", "SeatNo", "Struct",
           "Text", "Unreadable", "WireSchema", "check", "field", "keys_named", "one_per_seat",
           "schema_for", "seats_of_table"]

MAX_ITEMS = 512            # any one list or map (the longest real one is a board's tracks)
MAX_TEXT = 200             # any one text (names, reasons)
MAX_COUNT = 10_000         # counts of cards, coins, days, turns
MAX_POINTS = 1_000_000     # scores and values, either sign
NO_NUL = r"^[^\x00]*$"

Text = Annotated[str, Meta(max_length=MAX_TEXT, pattern=NO_NUL)]
Count = Annotated[int, Meta(ge=0, le=MAX_COUNT)]
Int = Annotated[int, Meta(ge=-MAX_COUNT, le=MAX_COUNT)]
Points = Annotated[int, Meta(ge=-MAX_POINTS, le=MAX_POINTS)]
Flag = bool
field = msgspec.field


def Many(item: Any, most: int = MAX_ITEMS, least: int = 0) -> Any:  # noqa: N802 (a type)
    """A list of `least` to `most` items."""
    return Annotated[list[item], Meta(min_length=least, max_length=most)]


def Map(key: Any, value: Any, most: int = MAX_ITEMS) -> Any:  # noqa: N802
    """A map of at most `most` entries."""
    return Annotated[dict[key, value], Meta(max_length=most)]


class Unreadable(ValueError):
    """Something from a host that this version cannot read; `reason` says what."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class SeatNo(int):
    """A seat index: checked against the table's number of seats."""


class Name(str):
    """A name from the game's data (a track, a city, a company): subclasses are
    checked against the set the family's `names(game_id)` gives for them."""


@dataclass(frozen=True)
class Table:
    """What the names and seats of one message are checked against."""

    players: int
    names: Mapping[type, frozenset[str]]


_TABLE: contextvars.ContextVar[Table] = contextvars.ContextVar("railparty_schema_table")


def _decode_hook(kind: type, value: Any) -> Any:
    table = _TABLE.get()
    if kind is SeatNo:
        if type(value) is int and 0 <= value < table.players:
            return SeatNo(value)
        raise ValueError(f"{_shown(value)} is not a seat of this table")
    if isinstance(kind, type) and issubclass(kind, Name):
        known = table.names.get(kind)
        if type(value) is str and known is not None and value in known:
            return kind(value)
        raise ValueError(f"{_shown(value)} is not a known {kind.__name__}")
    raise NotImplementedError


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def keys_named(mapping: Iterable[str], kind: type) -> None:
    """Check a map's keys (or a list of texts) against a Name type (msgspec does
    not hook map keys); for a struct's __post_init__."""
    known = _TABLE.get().names.get(kind, frozenset())
    for key in mapping:
        if key not in known:
            raise ValueError(f"{_shown(key)} is not a known {kind.__name__}")


def one_per_seat(scores: list[Any], breakdown: list[Any]) -> None:
    """A result's scores and breakdown: one entry per seat, in seat order (the
    results screen draws a column per seat); for a Result's __post_init__."""
    players = _TABLE.get().players
    if len(scores) != players:
        raise ValueError(f"{len(scores)} scores at a table of {players}")
    if [entry.seat for entry in breakdown] != list(range(players)):
        raise ValueError("a breakdown that is not one entry per seat, in order")


def seats_of_table() -> int:
    """The number of seats of the table being checked (for __post_init__ checks)."""
    return _TABLE.get().players


@dataclass(frozen=True)
class WireSchema:
    """One family's shapes. `view` covers the public part and `private`;
    `event` is a union of tagged structs (by "type"), `action` likewise;
    `names(game_id)` maps each Name type to the names the game's data knows."""

    view: type[Struct]
    event: Any
    result: type[Struct]
    action: Any
    names: Callable[[str], Mapping[type, frozenset[str]]]


@cache
def schema_for(game_id: str) -> WireSchema:
    """The schema of a registered game's family; Unreadable for an unknown game."""
    from game.rules import GAMES

    info = GAMES.get(game_id) if isinstance(game_id, str) else None
    if info is None:
        raise Unreadable(f"the game {_shown(game_id)} is not one this version knows")
    return importlib.import_module(f"game.rules.{info.family}.schema").SCHEMA


@contextlib.contextmanager
def _table(game_id: str, players: int, schema: WireSchema) -> Iterator[None]:
    token = _TABLE.set(Table(players, schema.names(game_id)))
    try:
        yield
    finally:
        _TABLE.reset(token)


def _convert(value: Any, kind: Any, what: str) -> Any:
    try:
        return msgspec.convert(value, kind, dec_hook=_decode_hook)
    except msgspec.ValidationError as exc:
        raise Unreadable(f"{what}: {str(exc)[:160]}") from None


def check(game_id: str, players: int, *, view: Any = None, events: Iterable[Any] | None = None,
          result: Any = None, legal: Iterable[Any] | None = None) -> None:
    """Raise Unreadable unless everything given fits the game's schema."""
    schema = schema_for(game_id)
    if type(players) is not int or not 1 <= players <= 64:
        raise Unreadable(f"a table of {_shown(players)} seats")
    with _table(game_id, players, schema):
        if view is not None:
            shown = _convert(view, schema.view, "view")
            if shown.game != game_id:
                raise Unreadable(f"a view of {_shown(shown.game)} in a game of {game_id}")
            if [p.seat for p in shown.players] != list(range(players)):
                raise Unreadable(f"a view of {len(shown.players)} players at a table of "
                                 f"{players}")
        if events is not None:
            _convert(events, Many(schema.event), "events")
        if result is not None:
            _convert(result, schema.result, "result")
        if legal is not None:
            _convert(legal, Many(schema.action, 4096), "legal actions")
