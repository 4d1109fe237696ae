"""What a client accepts from a host: every message checked before anything reads it.

Anyone on the LAN can run something that speaks our framing, so a client
reads nothing it has not checked. `problem(message, known)` returns None for
a message this version can read, else a short reason; the client then closes
the connection with status cause "unreadable" (net/session.py) and keeps its
last good state. `net.protocol.check_host_message` has already checked each
field's type; this checks what is inside: texts drawable (bounded, no NUL),
seats inside the table, and a game's view, events, result and legal actions
against its family's schema (game/rules/schema.py).

`known` is the client's snapshot (Session.snapshot()): the game and the
seats it already holds, which an update or a seat change must agree with.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from game.rules.schema import Unreadable, check, schema_for
from net import protocol as P

CANNOT_READ = "the host sent something this version cannot read"
MAX_SEATS = 16
MAX_VERSION = 2 ** 53

Text = Annotated[str, Meta(max_length=P.MAX_REASON_CHARS * 2, pattern=r"^[^\x00]*$")]
ShortText = Annotated[str, Meta(max_length=64, pattern=r"^[^\x00]*$")]
Version = Annotated[int, Meta(ge=0, le=MAX_VERSION)]
Seat = Annotated[int, Meta(ge=0, lt=MAX_SEATS)]
Players = Annotated[int, Meta(ge=1, le=MAX_SEATS)]


class SeatEntry(Struct):
    seat: Seat
    name: ShortText | None = None
    color: ShortText | None = None
    kind: Literal["open", "human", "bot"] = "open"
    bot: ShortText | None = None
    connected: bool = False


SeatList = Annotated[list[SeatEntry], Meta(min_length=1, max_length=MAX_SEATS)]


class Welcome(Struct):
    role: Literal["player", "spectator"]
    seat: Seat | None
    game: ShortText
    players: Players
    host_name: Text = ""
    token: Annotated[str, Meta(max_length=P.MAX_TOKEN_CHARS, pattern=r"^[^\x00]*$")] | None = None


class Sync(Struct):
    phase: Literal["lobby", "playing", "over"]
    game: ShortText
    version: Version
    seats: SeatList
    you: Seat | None
    mark: Version = 0
    to_act: Annotated[list[Seat], Meta(max_length=MAX_SEATS)] = []
    game_number: Version = 0
    hints: bool = True          # the host's table offers hints (older hosts: not sent)


class Update(Struct):
    version: Version
    mark: Version = 0
    to_act: Annotated[list[Seat], Meta(max_length=MAX_SEATS)] = []


class SeatsMessage(Struct):
    phase: Literal["lobby", "playing", "over"]
    seats: SeatList
    free: Annotated[int, Meta(ge=0, le=MAX_SEATS)]


class Said(Struct):
    """reject, error, notice, bye: words a screen shows."""

    reason: Text | None = None
    code: ShortText | None = None


ENVELOPES: dict[str, type[Struct]] = {
    "welcome": Welcome, "sync": Sync, "update": Update, "seats": SeatsMessage,
    "reject": Said, "error": Said, "notice": Said, "bye": Said}


def problem(message: dict[str, Any], known: dict[str, Any]) -> str | None:
    """None if this version can read `message` (already type-checked by
    protocol.check_host_message, after protocol.unpack), else why not."""
    try:
        _check(message, known)
    except Unreadable as exc:
        return exc.reason
    return None


def _check(message: dict[str, Any], known: dict[str, Any]) -> None:
    kind = message.get("type")
    envelope = ENVELOPES.get(kind) if isinstance(kind, str) else None
    if envelope is None:
        return                       # ping, pong, hello: nothing a screen reads
    try:
        msgspec.convert({k: v for k, v in message.items() if k != "type"}, envelope)
    except msgspec.ValidationError as exc:
        raise Unreadable(f"a {kind} message: {str(exc)[:160]}") from None
    if kind == "welcome":
        schema_for(message["game"])  # a game this version does not know is unreadable
        seat = message["seat"]
        if seat is not None and seat >= message["players"]:
            raise Unreadable("a welcome to a seat outside the table")
    elif kind == "sync":
        _check_sync(message, known)
    elif kind == "update":
        _check_update(message, known)
    elif kind == "seats":
        _check_seats(message, known)


def _seat_numbers(seats: list[dict[str, Any]]) -> None:
    if [s["seat"] for s in seats] != list(range(len(seats))):
        raise Unreadable("a seat list out of order")


def _in_table(seats: Any, players: int, what: str) -> None:
    if any(s >= players for s in seats):
        raise Unreadable(f"{what} names a seat outside the table")


def _check_sync(message: dict[str, Any], known: dict[str, Any]) -> None:
    game, seats = message["game"], message["seats"]
    if known.get("game") not in (None, game):
        raise Unreadable(f"a sync of another game than the one joined ({known.get('game')})")
    players = len(seats)
    _seat_numbers(seats)
    _in_table(message.get("to_act", []), players, "to_act")
    you = message["you"]
    if you is not None and you >= players:
        raise Unreadable("a sync for a seat outside the table")
    view = message["view"]
    if view is None:
        if message["phase"] != "lobby":
            raise Unreadable("a game under way without a view")
        return
    check(game, players, view=view, result=message.get("result"), legal=message["legal"])
    _result_if_over(message)
    if view.get("you") != you:
        raise Unreadable("a view for another seat than the sync's")


def _check_update(message: dict[str, Any], known: dict[str, Any]) -> None:
    game, players = known.get("game"), len(known.get("seats") or ())
    if not game or not players or known.get("view") is None:
        raise Unreadable("an update before the game's sync")
    _in_table(message.get("to_act", []), players, "to_act")
    view = message["view"]
    check(game, players, view=view, events=message["events"], result=message.get("result"),
          legal=message["legal"])
    _result_if_over(message)
    if view.get("you") != known["view"].get("you"):
        raise Unreadable("an update for another seat")


def _result_if_over(message: dict[str, Any]) -> None:
    if message.get("over") and message.get("result") is None \
            and message["view"].get("result") is None:
        raise Unreadable("a game over without its result")


def _check_seats(message: dict[str, Any], known: dict[str, Any]) -> None:
    seats = message["seats"]
    _seat_numbers(seats)
    held = known.get("seats") or ()
    if known.get("view") is not None and len(seats) != len(held):
        raise Unreadable("a seat list of another size than the game's")
    if message["free"] > len(seats):
        raise Unreadable("more free seats than seats")
