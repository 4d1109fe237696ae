"""The course of a race's rounds and turns: laying the track at a round's
start, the turn order, ending a turn (the detective's toll), a round and the
game; and the steps every action shares: drawing travel and event cards
(reshuffling a pile that runs out, resolving a blue event card), gaining
coins, moving the detective, losing days.

A mixin of the race state (engine.RaceState).
"""

from __future__ import annotations

from game.rules.base import Action, Event
from game.rules.race.days import Card

# A game still running after this many rounds stops there (only aimless
# players get so far; the seed is silent): the fewest days wins.
MAX_ROUNDS = 100


class Rounds:
    """Turns, rounds and the shared steps of the race state's actions."""

    # --- turns and rounds ---------------------------------------------------

    def _do_end_turn(self, seat: int, action: Action, events: list[Event]) -> None:
        city = self.at[seat]
        if city == self.detective and not self.distraction:
            self._lose_days([seat], self.n["detective_days"], "detective", events)
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        events.append({"type": "turn_ended", "seat": self.current})
        self.turn += 1
        self.order_pos += 1
        while self.order_pos < len(self.order) and self.order[self.order_pos] in self.arrivals:
            self.order_pos += 1
        if self.order_pos < len(self.order):
            self._start_turn(self.order[self.order_pos], events)
            return
        self._end_round(events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.current = seat
        self._reset_turn()
        events.append({"type": "turn_started", "seat": seat})
        if not self._may_take(seat):
            self.taken = True  # nothing left to take (an exhausted deck): play on

    def _end_round(self, events: list[Event]) -> None:
        leftover = [c for c in self.track if c is not None]
        self.discard.extend(leftover)
        self.track = [None] * len(self.track)
        self.laid = 0
        events.append({"type": "round_ended", "round": self.round,
                       "discarded": [list(c) for c in leftover]})
        if self._game_ends():
            self.over = True
            events.append({"type": "game_over", "result": self.result()})
            return
        travellers = self._travellers()
        chosen = self.next_start if self.next_start is not None else None
        start = chosen if chosen is not None else self.start_player + 1
        self.start_player = next(s % self.players for s in range(start, start + self.players)
                                 if s % self.players in travellers)
        self.next_start = None
        self._start_round(events)

    def _game_ends(self) -> bool:
        arrived = len(self.arrivals)
        if self.round >= MAX_ROUNDS or arrived >= self.players:
            return True
        if self.players == 2:
            return arrived >= 1
        if self.players == 6:
            return arrived >= 4
        return arrived >= self.players - 1

    def _travellers(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.arrivals]

    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        travellers = self._travellers()
        events.append({"type": "round_started", "round": self.round,
                       "start_player": self.start_player, "travellers": list(travellers)})
        if self.arrivals:
            self._lose_days(travellers, self.n["round_loss"], "round", events)
        self.laid = min(self.data.cards_laid[len(travellers)], len(self.track))
        for slot in range(self.laid):
            self.track[slot] = self._draw_travel(events)
        events.append({"type": "track_laid",
                       "cards": [None if c is None else list(c) for c in self.track],
                       "slots": list(self.data.action_track)})
        first = self.start_player
        self.order = [s % self.players for s in range(first, first + self.players)
                      if s % self.players in travellers]
        self.order_pos = 0
        self._start_turn(self.order[0], events)

    # --- steps the actions share -------------------------------------------

    def _give_up(self, seat: int, card: Card) -> None:
        """Take `card` out of the hand, face up: it is no longer a seen card held."""
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _draw_travel(self, events: list[Event]) -> Card | None:
        """The top travel card, the discard shuffled into a new deck when it runs out."""
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.buried = []
            self.rng.shuffle(self.deck)
            events.append({"type": "deck_reshuffled", "cards": len(self.deck)})
        return self.deck.pop() if self.deck else None

    def _draw_event(self, seat: int, why: str, events: list[Event]) -> None:
        if not self.event_deck:
            # The seed is silent on an empty event pile; the discard is
            # shuffled into a new one, as with the travel cards.
            if not self.event_discard:
                return
            self.event_deck = self.event_discard
            self.event_discard = []
            self.events_buried = 0
            self.rng.shuffle(self.event_deck)
            events.append({"type": "events_reshuffled", "cards": len(self.event_deck)})
        name = self.event_deck.pop()
        if name not in self.data.blue_days:
            self.held[seat].append(name)
            events.append({"type": "event_drawn", "seat": seat, "why": why,
                           "private_to": seat, "private": {"event": name}})
            return
        events.append({"type": "event_drawn", "seat": seat, "why": why, "event": name})
        self._lose_days(self._travellers(), self.data.blue_days[name], name, events)
        # Every event card comes back into one shuffled pile.
        gathered = [len(h) for h in self.held]
        pile = self.event_deck + self.event_discard + [name]
        for hand in self.held:
            pile.extend(hand)
            hand.clear()
        self.event_discard = []
        self.events_buried = 0
        self.rng.shuffle(pile)
        self.event_deck = pile
        events.append({"type": "events_gathered", "counts": gathered})
        events.append({"type": "events_reshuffled", "cards": len(pile)})

    def _gain_coin(self, seat: int, why: str, events: list[Event]) -> None:
        if self.bank <= 0:
            return  # an empty bank pays nothing
        self.bank -= 1
        self.coins[seat] += 1
        events.append({"type": "coin_gained", "seat": seat, "why": why, "coins": 1})

    def _move_detective(self, seat: int, city_name: str, why: str, events: list[Event]) -> None:
        old = self.detective
        self.detective = self.data.route.index(city_name)
        events.append({"type": "detective_moved", "seat": seat, "from": self.data.route[old],
                       "to": city_name, "why": why})

    def _lose_days(self, seats: list[int], days: int, why: str, events: list[Event]) -> None:
        if not seats or days <= 0:
            return
        for s in seats:
            self.days[s] += days
        events.append({"type": "days_lost", "seats": list(seats), "days": days, "why": why})
