"""The table: checked actions, the game's start, rematch and end, and every peer's
own sync and update (its view, legal actions and mark).

A part of Host (net/host/server.py), which holds the state these methods use.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from typing import Any

import msgpack

from game.bots import bot_for_game, level_name
from game.rules import IllegalAction, redact_events
from game.rules.words import N_
from game.tables.match import Match, Seat, new_seed
from net import protocol as P
from net.host.peers import Peer
from net.host.recent import standin_marked

log = logging.getLogger("railparty.net.host")


def turn_fields(state: Any) -> dict[str, Any]:
    """What every receiver's update says alike: whose turn, whether it is over."""
    return {"to_act": list(state.to_act), "over": state.is_over,
            "result": state.result() if state.is_over else None}


def update_frame(version: int, mark: int, events: list[dict[str, Any]],
                 view: dict[str, Any], legal: list[dict[str, Any]],
                 turn: dict[str, Any]) -> bytes:
    """One receiver's update (its events and view already redacted for it) as a
    frame, packed when long (protocol.pack)."""
    return P.encode_state({"type": "update", "version": version, "mark": mark,
                           "events": events, "view": view, "legal": legal, **turn})


class Table:
    """Playing the game: actions in, updates out (a part of Host)."""

    def _on_action(self, peer: Peer, message: dict[str, Any]) -> None:
        started = time.perf_counter()
        version = self.match.version if self.match is not None else 0
        if peer.role != "player" or peer.seat is None:
            peer.send(P.error(P.E_SPECTATOR, "spectators watch the game; they cannot play",
                              version))
            return
        if self.phase != "playing" or self.match is None:
            reason = ("the game has not started yet" if self.phase == "lobby"
                      else "the game is over")
            peer.send(P.error(P.E_NOT_PLAYING, reason, version))
            return
        seat = peer.seat
        if message["seat"] != seat:
            peer.send(P.error(P.E_NOT_YOUR_SEAT, f"you play seat {seat}; seat "
                                                 f"{message['seat']} is not yours", version))
            return
        if not self._marks[seat] <= message["version"] <= version:
            peer.send(P.error(P.E_STALE, f"your choices changed at version "
                                         f"{self._marks[seat]} (now {version}; your action "
                                         f"answered {message['version']}); look again "
                                         "and choose", version))
            return
        state = self.match.state
        if seat not in state.to_act:
            peer.send(P.error(P.E_NOT_YOUR_TURN, "it is not your turn", version))
            return
        try:
            if self.coach_inbox is not None:   # a guided game: its coach answers (coached_seat)
                self._check_action(seat, message["action"])
                self.coach_inbox(seat, message["action"])
                return
            events = self._apply(seat, message["action"])
        except IllegalAction as exc:
            answer = P.error(P.E_ILLEGAL, str(exc)[:P.MAX_REASON_CHARS], version)
            why = P.refusal_why(exc)
            if why is not None:
                answer["why"] = why
            peer.send(answer)
            return
        self._back_from_away(seat)
        self._after_action(events, first=peer)
        self.action_seconds.append(time.perf_counter() - started)

    def _apply(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply a checked action to the Match (which saves). The real state is only
        touched by actions in the legal list or ones a copy of the state accepted."""
        assert self.match is not None
        self._check_action(seat, action)
        events = self.match.apply(seat, action)
        self._save()
        self._refresh_marks(acted=seat)
        return events

    def _check_action(self, seat: int, action: dict[str, Any]) -> None:
        """IllegalAction unless the rules take `action` from `seat` now: one of the
        legal list, or one a copy of the state accepted."""
        assert self.match is not None
        state = self.match.state
        if action not in state.legal_actions(seat):
            probe = state.clone()
            try:
                probe.apply(seat, action)
            except IllegalAction:
                raise
            except Exception:
                log.exception("the rules failed on an action from seat %s", seat)
                raise IllegalAction(N_("that is not an action the rules allow now")) from None

    def _start_game(self) -> None:
        if self.phase != "lobby":
            return
        n = 0
        for index, slot in enumerate(self.slots):
            if slot.kind == "open" and not slot.phone:   # a phone seat waits for its phone
                n += 1
                slot.kind, slot.bot = "bot", bot_for_game(self.game, self.fill_bot)
                slot.name = f"{level_name(slot.bot)} bot {n}"
                slot.color = self._pick_color(None, index)
        seats = [Seat(name=s.name or f"Player {i + 1}", color=s.color or "red",
                      bot=s.bot if s.kind == "bot" else None, token=s.token,
                      connected=s.connected or s.kind == "bot", phone=s.phone)
                 for i, s in enumerate(self.slots)]
        self._new_match(seats)
        self._save_begin()
        self.phase = "playing"
        log.info("game started")
        for index, slot in enumerate(self.slots):
            if slot.kind == "human" and not slot.connected:
                self._start_drop_timer(index)
        for peer in self._players_first():
            peer.send_frame(self._sync_frame(peer.seat))
        self._update_advert()
        self._refresh_status()
        self._schedule_bots()
        self._arm_turn_timers()

    def _new_match(self, seats: list[Seat]) -> None:
        self.match = Match(self.game, seats, self.seed, dict(self.options),
                           think_ms=self.think_ms, hints=self.hints)
        self.games_started += 1
        self._seat_cache, self._cache_version = {}, -1
        self._recent.clear()
        self._marks = [0] * len(seats)
        self._prints = [None] * len(seats)
        self._refresh_marks()
        self._away.clear()

    def _rematch(self, seed: int | None) -> None:
        if self.phase != "over" or self.match is None:
            log.info("a rematch starts only after a game is over")
            return
        self.seed = new_seed() if seed is None else seed
        seats = [Seat(name=s.name or f"Player {i + 1}", color=s.color or "red",
                      bot=s.bot, token=s.token, connected=s.connected or s.kind == "bot",
                      phone=s.phone)
                 for i, s in enumerate(self.slots)]
        self._new_match(seats)
        self.result = None
        self._save_begin()
        self.phase = "playing"
        log.info("rematch started")
        self._arm_turn_timers()
        for index, slot in enumerate(self.slots):
            if slot.kind == "human" and not slot.connected and slot.bot is None:
                self._start_drop_timer(index)
        for peer in self._players_first():
            peer.send_frame(self._sync_frame(peer.seat))
        self._update_advert()
        self._refresh_status()
        self._schedule_bots()

    def _players_first(self) -> list[Peer]:
        """Peers with a role, spectators last: a couch game's screen (a spectator
        beside its hot-seat players, game/tables/couch_session.py) then finds each
        seat's message of a version there when its own arrives."""
        return sorted((p for p in self.peers if p.role is not None),
                      key=lambda p: p.role == "spectator")

    def _after_action(self, events: list[dict[str, Any]], first: Peer | None = None) -> None:
        assert self.match is not None
        version = self.match.version
        events = standin_marked(events, self._recent.standin_at(version))
        self._recent.add(version, events)    # for a phone back from away
        self._broadcast_update(events, first)
        if self.match.state.is_over:
            self._game_over()
        else:
            self._schedule_bots()
        self._arm_turn_timers()
        self._refresh_status()

    def _broadcast_update(self, events: list[dict[str, Any]], first: Peer | None = None) -> None:
        """Every peer its own update: the player who acted first, spectators last.
        The spectators' update is built, packed and encoded once; each of them gets
        those same bytes."""
        assert self.match is not None
        state = self.match.state
        version = self.match.version
        turn = turn_fields(state)
        public_frame: bytes | None = None
        order = sorted(self.peers, key=lambda p: (p is not first, p.role == "spectator"))
        for peer in order:
            if peer.role == "spectator":
                if public_frame is None:
                    public_frame = update_frame(
                        version, 0, redact_events(events, None), self._seat_data(None)[0],
                        [], turn)
                peer.send_frame(public_frame)
            elif peer.role == "player" and peer.seat is not None:
                seat = peer.seat
                view, legal = self._seat_data(seat)
                peer.send_frame(update_frame(version, self._marks[seat],
                                             redact_events(events, seat), view, legal, turn))

    def _game_over(self) -> None:
        assert self.match is not None
        self.phase = "over"
        self.result = self.match.state.result()
        log.info("game over: scores %s", self.result.get("scores"))
        for slot in self.slots:
            if slot.drop_handle is not None:
                slot.drop_handle.cancel()
                slot.drop_handle = None
        if self._saver is not None:
            self._saver.finish(self.match)     # the whole game in one save file
        self._update_advert()
        if self.exit_when_over:
            self._spawn(self._finish())

    async def _finish(self) -> None:
        """Headless: say goodbye, give peers a moment to read it, then stop."""
        for peer in list(self.peers):
            peer.send(P.bye("the game is over", P.BYE_OVER))
        deadline = time.monotonic() + self.linger
        while self.peers and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        self._request_stop("the game is over")

    def _sync_frame(self, seat: int | None) -> bytes:
        """The seat's (None: a spectator's) whole state as a frame, packed when long."""
        return P.encode_state(self._sync_for(seat))

    def _sync_for(self, seat: int | None) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "sync", "phase": self.phase, "game": self.game,
                                   "version": 0, "mark": 0, "you": seat,
                                   "seats": self.seat_table(), "view": None, "legal": [],
                                   "to_act": [], "over": False, "result": self.result,
                                   "game_number": self.games_started}
        if not self.hints:
            message["hints"] = False   # said only when off: a guest assumes hints are on
        if self.match is not None:
            state = self.match.state
            view, legal = self._seat_data(seat)
            message.update(version=self.match.version, view=view, to_act=list(state.to_act),
                           over=state.is_over, legal=legal,
                           mark=self._marks[seat] if seat is not None else 0)
        return message

    def _seat_data(self, seat: int | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """A seat's view and legal actions at the current version (computed once)."""
        assert self.match is not None
        if self._cache_version != self.match.version:
            self._seat_cache = {}
            self._cache_version = self.match.version
        data = self._seat_cache.get(seat)
        if data is None:
            state = self.match.state
            legal = (state.legal_actions(seat) if seat is not None and seat in state.to_act
                     else [])
            data = self._seat_cache[seat] = (state.view(seat), legal)
        return data

    def _refresh_marks(self, acted: int | None = None) -> None:
        """Move the mark of every seat whose legal actions or private view changed."""
        assert self.match is not None
        version = self.match.version
        for seat in range(len(self.slots)):
            view, legal = self._seat_data(seat)
            mark = hashlib.blake2b(msgpack.packb([legal, view.get("private")],
                                                 use_bin_type=True), digest_size=16).digest()
            if mark != self._prints[seat] or seat == acted:
                self._prints[seat] = mark
                self._marks[seat] = version
