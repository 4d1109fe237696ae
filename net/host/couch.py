"""A couch game with phones: the authoritative LAN host run in the window's
process, its seats set as the setup screen chose them before anyone connects.

Hot-seat seats are local seats (one in-process client each, holding a token
made here), bot seats are the host's bots at the levels chosen, and phone
seats stay open (`SeatSlot.phone`) until a phone page takes them; the game
waits on a phone seat's turns until then. Once a phone holds its seat it is
a web peer like any other: the same views, redacted events, budgets and seat
proofs, and a stand-in plays for it while it is gone (a phone that sleeps).
Why the host and not a hot-seat Match with a page bolted on: see
docs/phone.md, "Couch games with phones".
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from game.bots import bot_for_game
from game.tables.match import Match
from net.host.server import Host
from net.session import LocalClient

HOT_SEAT, PHONE = "hot-seat", "phone"


@dataclass(frozen=True)
class CouchSeat:
    """One seat as the setup screen chose it: `kind` is "hot-seat", "phone" or
    a bot's name."""

    name: str
    color: str
    kind: str


@dataclass
class CouchGame:
    """The running host, the window's client for each hot-seat seat, and the
    spectator client through which the TV sees the public board."""

    host: Host
    seats: dict[int, LocalClient]
    tv: LocalClient
    phones: frozenset[int]

    def stop(self) -> None:
        for client in (*self.seats.values(), self.tv):
            client.stop()
        self.host.stop()


def _host_options(host_options: dict[str, Any]) -> dict[str, Any]:
    """A couch game has no turn timer, as on one shared screen."""
    options = dict(turn_timeout=0, name="Rail Party", web_port=0)
    options.update(host_options)
    return options


def start_couch_game(game: str, seats: list[CouchSeat], **host_options: Any) -> CouchGame:
    """Start a host for these seats (OSError: it cannot listen) and the game
    at once. `host_options` go to Host (web_port, save_path, bot_delay ...)."""
    if not any(s.kind == PHONE for s in seats):
        raise ValueError("a couch game with phones needs a phone seat")
    options = _host_options(host_options)
    host = Host(game, len(seats), options.pop("name"), **options)
    tokens: dict[int, str] = {}
    for index, seat in enumerate(seats):
        slot = host.slots[index]
        slot.name, slot.color = seat.name, seat.color
        if seat.kind == HOT_SEAT:
            tokens[index] = secrets.token_urlsafe(18)
            slot.kind, slot.token, slot.local = "human", tokens[index], True
        elif seat.kind == PHONE:
            slot.phone = True                         # stays "open" for a phone
        else:
            slot.kind, slot.bot = "bot", bot_for_game(game, seat.kind)
            slot.connected = True
    host.start()
    try:
        clients = {index: host.join_local(seats[index].name, seats[index].color, token=token)
                   for index, token in tokens.items()}
        tv = host.join_local("TV", role="spectator")
        host.start_game()      # queued on the host's loop after the seats' hellos
    except Exception:
        host.stop()
        raise
    return CouchGame(host, clients, tv, frozenset(i for i, s in enumerate(seats)
                                                  if s.kind == PHONE))


def resume_couch_game(match: Match, **host_options: Any) -> CouchGame:
    """Bring a saved couch game with phones back as one (OSError: the host
    cannot listen). Its seats are as saved: a hot-seat seat is played on this
    screen again (its client reclaims it with the seat's token from the save),
    a phone takes its seat back with the key its page kept (the page's address
    is the same when the well-known port is free), and a phone seat no phone
    had taken is still open to one."""
    phones = frozenset(i for i, s in enumerate(match.seats) if s.phone)
    if not phones:
        raise ValueError("not a couch game with phones")
    hot_seat = {i: s for i, s in enumerate(match.seats) if not s.phone and s.token}
    options = _host_options(host_options)
    host = Host(match.game_id, len(match.seats), options.pop("name"), resume=match, **options)
    for index in hot_seat:
        host.slots[index].local = True
    host.start()
    try:
        clients = {index: host.join_local(seat.name, seat.color, token=seat.token)
                   for index, seat in hot_seat.items()}
        tv = host.join_local("TV", role="spectator")
    except Exception:
        host.stop()
        raise
    return CouchGame(host, clients, tv, phones)
