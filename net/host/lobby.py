"""The lobby: hellos, seats and their proofs, names and colours, who left.

A part of Host (net/host/server.py), which holds the state these methods use.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import time
from typing import Any

from game.tables.seats import SEAT_COLORS
from net import protocol as P
from net.host.doors import make_room
from net.host.peers import LocalPeer, Peer, SeatSlot, clean_name
from net.protocol import encode
from net.session import LocalClient

log = logging.getLogger("railparty.net.host")

RETIRE_LINGER_SECONDS = 1.0   # a connection whose seat was taken is closed this much later


class Lobby:
    """Seats: taking, proving, changing and leaving them (a part of Host)."""

    def _on_hello(self, peer: Peer, message: dict[str, Any]) -> None:
        problem = P.hello_problem(message, "host")
        if problem is None and message.get("role", "player") not in P.ROLES:
            problem = (P.R_BAD_HELLO, "role must be player or spectator")
        if problem is not None:
            peer.send(P.reject(*problem))
            peer.close()
            return
        role = message.get("role", "player")
        self._handshaking.pop(peer.id, None)
        if role == "spectator":
            if not self._room_to_watch(peer):
                peer.send(P.reject(P.R_SPECTATORS, "this game has no room for another "
                                                   "spectator from your address"))
                peer.close()
                return
            peer.role = "spectator"
            self._welcome(peer)
            self._refresh_status()
            return
        proof = message.get("proof")
        index = self._seat_of_proof(proof, peer.nonce) if isinstance(proof, str) else None
        holder = self.slots[index].peer if index is not None else None
        if holder is not None and holder is not peer and not holder.closed and (
                isinstance(holder, LocalPeer) or time.monotonic() - holder.last_heard
                < P.TAKEOVER_HEARTBEATS * self.heartbeat):
            peer.send(P.reject(P.R_IN_USE, "this seat is played by a connection that is "
                                           "still answering; it can be taken back once "
                                           "that one goes silent"))
            peer.close()
            return
        fresh = index is None
        if index is None:
            index = self._give_seat(peer, message)
            if index is None:
                return
        slot = self.slots[index]
        old = slot.peer
        if old is not None and old is not peer:
            old.seat = None
            old.send(P.bye("your seat was taken over by a new connection", P.BYE_TAKEN))
            old.retired = True       # heard no more; closed a moment later, so that it
            if self._loop is not None:   # reads the bye before the connection goes
                self._loop.call_later(RETIRE_LINGER_SECONDS, old.close)
            else:
                old.close()
        peer.role, peer.seat = "player", index
        slot.peer, slot.connected, slot.ip = peer, True, peer.ip
        if slot.drop_handle is not None:
            slot.drop_handle.cancel()
            slot.drop_handle = None
        if self.match is not None:
            self.match.seats[index].connected = True
            if slot.bot is not None:        # a stand-in bot hands the seat back
                slot.bot = None
                self.match.set_bot(index, None)
                self._arm_turn_timers()
        log.info("seat %s taken by %s (%s)", index, slot.name, peer.addr)
        self._welcome(peer, fresh)
        self._seats_changed(skip=peer)
        if self.phase == "lobby" and self.auto_start and self._free_seats() == 0:
            self._start_game()

    def _room_to_watch(self, peer: Peer) -> bool:
        """A spectator's place, shared fairly between addresses (doors.make_room):
        one address holds at most SPECTATORS_PER_ADDRESS, and when all
        MAX_SPECTATORS are taken the oldest spectator of the address holding the
        most (by two or more) gives way, so idle spectators from a few addresses
        never keep out a TV, a kiosk or a guest. The host's own (in-process)
        spectators are never counted, refused or pushed out."""
        if isinstance(peer, LocalPeer):
            return True
        watching = [p for p in self.peers if p.role == "spectator" and not p.closed
                    and not isinstance(p, LocalPeer)]
        admit, victim = make_room(watching, lambda p: p.ip, lambda p: p.connected_at, peer.ip,
                                  P.SPECTATORS_PER_ADDRESS, P.MAX_SPECTATORS, None,
                                  time.monotonic())
        if victim is not None:
            victim.send(P.bye("your address watches with more connections than others; "
                              "this one made room for another spectator"))
            victim.close()
            self._gone(victim)
        return admit

    def _give_seat(self, peer: Peer, message: dict[str, Any]) -> int | None:
        """A new seat for a player without a proof: an open one in the lobby, or once
        the game is on, one a bot plays (a bot the host seated, never a stand-in
        keeping an absent player's seat). One address holds at most
        `seats_per_address` seats, kept ones of players gone without a goodbye
        included. None: refused (told why, and closed)."""
        limit = self.seats_per_address
        if limit and not isinstance(peer, LocalPeer):
            held = sum(1 for s in self.slots
                       if s.kind == "human" and not s.local and s.ip == peer.ip)
            if held >= limit:
                return self._turn_away(peer, P.R_ADDRESS, (
                    f"this address already plays {held} seat{'s' if held != 1 else ''} "
                    f"(the host allows {limit} per address); you can watch as a spectator"),
                    limit)
        name = message.get("name")
        # a seat picked on the phone page (hello's optional `seat`), if it is free
        wanted = message.get("seat")
        free_kind = self._takeable_kind()
        if not (isinstance(wanted, int) and 0 <= wanted < len(self.slots)
                and self.slots[wanted].kind == free_kind):
            wanted = None
        if self.phase == "lobby":
            index = wanted if wanted is not None else next(
                (i for i, s in enumerate(self.slots) if s.kind == "open"), None)
            if index is None:
                return self._turn_away(peer, P.R_FULL, f"all {len(self.slots)} seats are "
                                                       "taken; you can watch as a spectator")
            slot = self.slots[index]
            if not slot.phone:       # a couch game's phone seat keeps the colour set for it
                slot.color = self._pick_color(message.get("color"), index)
        else:
            index = wanted if wanted is not None else next(
                (i for i, s in enumerate(self.slots) if s.kind == free_kind), None)
            if index is None or self.match is None:
                return self._turn_away(peer, P.R_STARTED,
                                       _started_reason(message.get("proof")))
            slot = self.slots[index]
            slot.bot = None          # the bot's colour stays: the board already shows it
        slot.kind = "human"
        fallback = slot.name if slot.phone and slot.name else f"Player {index + 1}"
        slot.name = self._unique_name(clean_name(name, fallback), index)
        slot.token = secrets.token_urlsafe(18)
        slot.local = isinstance(peer, LocalPeer)
        if self.match is not None:
            # the latecomer plays from the next decision on; a move the bot is
            # thinking about is dropped (its seat is no longer a bot's)
            seat = self.match.seats[index]
            seat.name, seat.token = slot.name, slot.token
            self.match.set_bot(index, None)
            self._seats_saved()
            self._arm_turn_timers()
            log.info("seat %s's bot gives way to %s", index, slot.name)
        return index

    def _turn_away(self, peer: Peer, code: str, reason: str,
                   limit: int | None = None) -> None:
        peer.send(P.reject(code, reason, limit))
        peer.close()
        return None

    def _kick(self, seat: int) -> None:
        """The host frees a lobby seat: its player is told and disconnected."""
        if (self.phase != "lobby" or not isinstance(seat, int)
                or not 0 <= seat < len(self.slots)):
            log.info("only a lobby seat can be freed")
            return
        slot = self.slots[seat]
        if slot.kind != "human" or slot.local:
            return
        if slot.drop_handle is not None:
            slot.drop_handle.cancel()
        self.slots[seat] = SeatSlot()
        peer = slot.peer
        if peer is not None:
            peer.seat = None
            peer.send(P.bye("the host freed your seat", P.BYE_KICKED))
            peer.retired = True
            if self._loop is not None:
                self._loop.call_later(RETIRE_LINGER_SECONDS, peer.close)
            else:
                peer.close()
        log.info("seat %s (%s) freed by the host", seat, slot.name)
        self._seats_changed()

    def _welcome(self, peer: Peer, fresh: bool = False) -> None:
        """`fresh`: a newly given seat, whose welcome carries its token (the only
        time the token crosses the wire)."""
        slot = self.slots[peer.seat] if peer.seat is not None else None
        peer.send({"type": "welcome", "role": peer.role, "seat": peer.seat,
                   "token": slot.token if slot and fresh else None, "game": self.game,
                   "host_name": self.name, "players": len(self.slots),
                   "heartbeat": self.heartbeat, "timeout": self.peer_timeout})
        peer.send_frame(self._sync_frame(peer.seat))

    def _on_seat(self, peer: Peer, message: dict[str, Any]) -> None:
        if self.phase != "lobby":
            peer.send(P.error(P.E_NOT_PLAYING, "names and colours are fixed once the game "
                                               "has started"))
            return
        if peer.seat is None:
            peer.send(P.error(P.E_SPECTATOR, "spectators have no seat to change"))
            return
        slot = self.slots[peer.seat]
        color = message.get("color")
        if color is not None:
            if color not in SEAT_COLORS:
                peer.send(P.error(P.E_LOBBY, f"colours are {', '.join(SEAT_COLORS)}"))
                return
            if any(s.color == color for i, s in enumerate(self.slots) if i != peer.seat):
                peer.send(P.error(P.E_LOBBY, f"{color} is taken by another player"))
                return
            slot.color = color
        if message.get("name") is not None:
            slot.name = self._unique_name(clean_name(message["name"], slot.name or "Player"),
                                          peer.seat)
        self._seats_changed()

    def _gone(self, peer: Peer) -> None:
        """A connection ended (closed, dropped, or replaced)."""
        if peer not in self.peers:
            return
        self.peers.discard(peer)
        self._handshaking.pop(peer.id, None)
        seat = peer.seat
        if peer.role == "player" and seat is not None and self.slots[seat].peer is peer:
            slot = self.slots[seat]
            slot.peer = None
            if self.phase == "lobby" and peer.said_bye:
                self.slots[seat] = SeatSlot()
            elif self.phase == "lobby":
                # gone without a goodbye: kept for a reconnect, freed after the
                # heartbeat limit so a crashed guest does not hold a seat forever
                slot.connected = False
                if slot.drop_handle is not None:
                    slot.drop_handle.cancel()
                if self._loop is not None:
                    slot.drop_handle = self._loop.call_later(self.peer_timeout,
                                                             self._free_lobby_seat, seat, slot)
            else:
                slot.connected = False
                if self.match is not None:
                    self.match.seats[seat].connected = False
                if self.phase == "playing":
                    self._start_drop_timer(seat)
            log.info("seat %s (%s) disconnected", seat, slot.name)
            self._seats_changed()
        self._refresh_status()

    def _attach_local(self, client: LocalClient) -> None:
        peer = LocalPeer(client)
        client._peer = peer
        self.peers.add(peer)
        proof = P.seat_proof(client._token, peer.nonce) if client._token else None
        self._on_message(peer, P.hello_from_client(client.role, client.name, client.color,
                                                   proof))

    def _free_lobby_seat(self, seat: int, slot: SeatSlot) -> None:
        if self.phase == "lobby" and self.slots[seat] is slot and not slot.connected:
            log.info("seat %s (%s) freed: its player left the lobby", seat, slot.name)
            self.slots[seat] = SeatSlot()
            self._seats_changed()

    def _seat_of_proof(self, proof: str, nonce: str) -> int | None:
        """The seat whose token answers this connection's nonce with `proof`."""
        if len(proof) != P.PROOF_CHARS:
            return None
        for index, slot in enumerate(self.slots):
            if slot.token and hmac.compare_digest(P.seat_proof(slot.token, nonce), proof):
                return index
        return None

    def _pick_color(self, wanted: Any, index: int) -> str:
        taken = {s.color for i, s in enumerate(self.slots) if i != index and s.color}
        if isinstance(wanted, str) and wanted in SEAT_COLORS and wanted not in taken:
            return wanted
        return next(c for c in SEAT_COLORS if c not in taken)

    def _unique_name(self, name: str, index: int) -> str:
        taken = {s.name for i, s in enumerate(self.slots) if i != index and s.name}
        candidate, n = name, 2
        while candidate in taken:
            suffix = f" {n}"
            candidate = name[:P.MAX_NAME_CHARS - len(suffix)] + suffix
            n += 1
        return candidate

    def _free_seats(self) -> int:
        """Seats a newcomer can take: open ones in the lobby, and once the game is
        on, the ones a host-seated bot plays (a latecomer takes one over), so the
        join list and the announcement do not call a game with bots in it full."""
        wanted = self._takeable_kind()
        if wanted == "bot" and self.match is None:
            return 0
        return sum(1 for s in self.slots if s.kind == wanted)

    def _takeable_kind(self) -> str:
        """The kind of seat a newcomer without a proof takes: an open one in the
        lobby; once a game runs, one a host-seated bot plays, except in a couch
        game with phone seats, whose bots were chosen at the table: there only
        a phone seat still open."""
        if self.phase == "lobby" or any(s.phone for s in self.slots):
            return "open"
        return "bot"

    def seat_table(self) -> list[dict[str, Any]]:
        return [slot.public(i) for i, slot in enumerate(self.slots)]

    def _seats_changed(self, skip: Peer | None = None) -> None:
        frame = encode({"type": "seats", "phase": self.phase, "seats": self.seat_table(),
                        "free": self._free_seats()})
        for peer in list(self.peers):
            if peer.role is not None and peer is not skip:
                peer.send_frame(frame)
        self._update_advert()
        self._refresh_status()


def _started_reason(proof: Any) -> str:
    """Why a player gets no seat once the game runs: a seat key that fits no seat
    (most often one kept from an earlier game on this host) is named as such, so
    its player is not left thinking the game simply started without them."""
    if proof is None:
        return ("the game has already started and every seat is taken; you can watch it "
                "as a spectator")
    return ("the seat key this copy kept for this host fits no seat of this game (it is "
            "from an earlier game, or damaged), and the game has already started; you can "
            "watch it as a spectator")
