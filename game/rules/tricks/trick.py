"""A trick of Railway Tricks from its first card to its last lay: playing
cards, resolving the lane entry the trick wins (a share, a city, a
locomotive), laying the played cards on their lines, and leading the next.

A mixin of the game state (engine.TricksState). Each `_do_<type>` handler
runs after the action's shape and turn were checked (actions.py); it checks
what is left (a card held, a line free) before it changes anything. `events`
is None for a bot's rollouts, which need no events made.
"""

from __future__ import annotations

from game.rules.base import Action, Event, IllegalAction
from game.rules.tricks.cards import (
    CITY_BASE,
    EXCHANGE_BASE,
    SHARE,
    LaneEntry,
    card_view,
    city_view,
    lane_entry_view,
    locomotive_view,
)
from game.rules.tricks.data import CITY, EXCHANGE, RESERVATION
from game.rules.words import N_


class TrickPlay:
    """The `_do_<type>` handlers of the state's actions and the trick's course."""

    # --- actions ------------------------------------------------------------

    def _do_play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        data = self.data
        card = self._card(action["card"])
        hand = self.hands[seat]
        if card not in hand:
            shown = card_view(data, card)
            raise IllegalAction(N_("you do not hold {company} {strength}"),
                                company=shown["company"], strength=shown["strength"])
        if self.led is not None and data.company_of(card) != self.led \
                and any(data.company_of(c) == self.led for c in hand):
            raise IllegalAction(N_("you must follow {company}: you hold a card of it"),
                                company=data.companies[self.led])
        self._play_card(seat, card, events)

    def _play_card(self, seat: int, card: int, events: list[Event] | None) -> None:
        """Play `card`, known to be legal for `seat`: not following the lead
        shows the seat lacks the led company."""
        data = self.data
        company = card // data.strengths      # data.company_of, inline
        if self.led is None:
            self.led = company
            self.leader = seat
        elif company != self.led:
            self.voids[seat] |= 1 << self.led
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if events is not None:
            events.append({"type": "card_played", "seat": seat, "card": card_view(data, card),
                           "led": data.companies[self.led]})
        if len(self.trick) < self.players:
            self.current = (seat + 1) % self.players
        else:
            self._finish_trick(events)

    def _do_city(self, seat: int, action: Action, events: list[Event] | None) -> None:
        company = self._company(action["company"])
        end = self._end(action["end"])
        assert self.operating is not None
        city = self.operating[1]
        self._lay_item(company, end, CITY_BASE - city)
        if events is not None:
            events.append({"type": "city_laid", "seat": seat,
                           "company": self.data.companies[company], "end": end,
                           "city": city_view(self.data, city)})
        self.phase = "lay"

    def _do_locomotive(self, seat: int, action: Action, events: list[Event] | None) -> None:
        company = self._company(action["company"])
        if self.locos[company] is not None:
            raise IllegalAction(N_("the {company} line already has a locomotive"),
                                company=action["company"])
        self._place_locomotive(seat, company, auto=False, events=events)
        self._place_forced_locomotives(events)

    def _do_lay(self, seat: int, action: Action, events: list[Event] | None) -> None:
        end = self._end(action["end"])
        card = dict(self.trick)[seat]
        self.trick.remove((seat, card))
        company = self.data.company_of(card)
        self._lay_item(company, end, card)
        self.lay_queue.pop(0)
        if events is not None:
            events.append({"type": "card_laid", "seat": seat,
                           "company": self.data.companies[company], "end": end,
                           "card": card_view(self.data, card)})
        if not self.lay_queue:
            self._next_trick(events)

    # --- resolving a trick --------------------------------------------------

    def _finish_trick(self, events: list[Event] | None) -> None:
        data = self.data
        led = self.led
        assert led is not None
        strengths = data.strengths
        # the strongest card of the led company wins (the higher number: one pass,
        # no key function, as every trick ends here)
        winner = best = -1
        for seat, card in self.trick:
            if card // strengths == led and card > best:
                winner, best = seat, card
        entry = self.lane.pop(0)
        self.tricks_played += 1
        self.public_version += 1
        self.leader = self.current = winner
        self.last_trick = (winner, led, tuple(self.trick), entry)
        if events is not None:
            events.append({"type": "trick_won", "winner": winner, "led": data.companies[led],
                           "cards": self._pairs_view(self.trick),
                           "lane": lane_entry_view(data, entry)})
        kind = entry[0]
        if kind in (EXCHANGE, SHARE, RESERVATION):
            self._share_trick(winner, entry, events)
            self._next_trick(events)
            return
        self.operating = entry
        self.lay_queue = [(winner + i) % self.players for i in range(self.players)]
        if kind == CITY:
            self.phase = "city"
        else:
            self.loco_queue = list(entry[1])
            self.phase = "locomotive"
            self._place_forced_locomotives(events)

    def _share_trick(self, winner: int, entry: LaneEntry, events: list[Event] | None) -> None:
        data = self.data
        kind, payload = entry
        if kind == EXCHANGE:
            self.shares[winner].append(EXCHANGE_BASE + payload)
            if events is not None:
                events.append({"type": "exchange_taken", "seat": winner,
                               "company": data.companies[payload]})
        elif kind == SHARE:
            self.shares[winner].append(payload)
            if events is not None:
                events.append({"type": "share_taken", "seat": winner,
                               "card": card_view(data, payload), "source": "lane"})
        # An unfilled reservation gives the winner nothing; the printed lanes
        # never reach one (the data validator checks it).
        played = dict(self.trick)
        won = played[winner]
        slot = None        # the first reservation's (a loop: a bot's rollouts come here often)
        for i, (kind, _) in enumerate(self.lane):
            if kind == RESERVATION:
                slot = i
                break
        if slot is not None:
            self.lane[slot] = (SHARE, won)
            if events is not None:
                events.append({"type": "reservation_replaced", "seat": winner,
                               "card": card_view(data, won), "slot": slot})
        else:
            self.removed.append(won)
            if events is not None:
                events.append({"type": "card_removed", "seat": winner,
                               "card": card_view(data, won)})
        for i in range(1, self.players):
            seat = (winner + i) % self.players
            self.shares[seat].append(played[seat])
            if events is not None:
                events.append({"type": "share_taken", "seat": seat,
                               "card": card_view(data, played[seat]), "source": "trick"})
        self.trick = []

    def _place_locomotive(self, seat: int, company: int, auto: bool,
                          events: list[Event] | None) -> None:
        loco = self.loco_queue.pop(0)
        self.locos[company] = loco
        self.public_version += 1
        if events is not None:
            events.append({"type": "locomotive_placed", "seat": seat,
                           "company": self.data.companies[company],
                           "locomotive": locomotive_view(self.data, loco), "auto": auto})

    def _place_forced_locomotives(self, events: list[Event] | None) -> None:
        """The ALL (any locomotive after the trick's first) goes by itself to the one
        line left without; the trick's first locomotive is always the winner's choice."""
        assert self.operating is not None
        first = self.operating[1][0]
        while self.loco_queue:
            free = self._free_lines()
            if not free:  # cannot happen: the validator allows a locomotive per line at most
                self.loco_queue.clear()
                break
            if len(free) > 1 or self.loco_queue[0] == first:
                return
            self._place_locomotive(self.current, free[0], auto=True, events=events)
        self.phase = "lay"

    def _lay_item(self, company: int, end: str, item: int) -> None:
        self.public_version += 1
        if end == "left":
            self.lines[company].insert(0, item)
        else:
            self.lines[company].append(item)

    def _next_trick(self, events: list[Event] | None) -> None:
        self.trick = []
        self.led = None
        self.operating = None
        self.lay_queue = []
        self.current = self.leader
        if not any(self.hands):
            self.phase = "over"
            if events is not None:
                events.append({"type": "game_over", "result": self.result()})
        else:
            self.phase = "play"
