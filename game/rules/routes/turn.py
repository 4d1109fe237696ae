"""Applying a seat's actions: keeping tickets, drawing train, ferry and
ticket cards, claiming a track, passing, and the end of a turn (the last
round, the end of the game).

`TurnActions` is a mixin of the route state (engine.RoutesState). A handler
refuses its action (IllegalAction) before it changes anything.
"""

from __future__ import annotations

import itertools
from typing import Any

from game.rules.base import Action, Event, IllegalAction
from game.rules.routes.board import LOCOMOTIVE
from game.rules.routes.payments import FERRY, payment_problem
from game.rules.words import N_, Nn_

# A number for the claimed tracks as they stand, new with every claim
# (RoutesState.claims_version).
CLAIMS_VERSIONS = itertools.count()
# Payments found right kept per board (BoardTables.fits) before it starts afresh:
# a few per track and colour are all a game uses
FITS_KEPT = 8192


class TurnActions:
    """The `_do_<type>` handlers of the route state's actions, and the end of a turn."""

    # --- actions ------------------------------------------------------------

    def _do_keep_tickets(self, seat: int, action: Action, events: list[Event]) -> None:
        offer = self.pending[seat]
        if offer is None:
            raise IllegalAction(N_("you have no tickets to choose from"))
        keep = action["keep"]
        if not all(isinstance(t, int) and not isinstance(t, bool) for t in keep):
            raise IllegalAction(N_("'keep' lists ticket ids (whole numbers)"))
        if len(set(keep)) != len(keep):
            raise IllegalAction(N_("a ticket is listed twice"))
        strangers = [t for t in keep if t not in offer]
        if strangers:
            raise IllegalAction(Nn_("ticket {tickets} is not among those offered to you",
                                    "tickets {tickets} are not among those offered to you"),
                                tickets=strangers, count=len(strangers))
        low = self._min_keep(seat)
        if len(keep) < low:
            raise IllegalAction(N_("keep at least {low} of the {offered} tickets"),
                                low=low, offered=len(offer))
        returned = [t for t in offer if t not in keep]
        self.ticket_deck.extend(returned)  # to the bottom of the pile
        if self.phase == "setup" and self.rules.shuffle_initial_returns:
            # Every seat's returns are gathered and shuffled together under the
            # pile. Nobody draws during the setup, so the returns so far are
            # the tail past the undealt pile; shuffling that tail again at each
            # answer leaves all of them in one uniformly shuffled block.
            undealt = len(self.board.tickets) - self.players * self.rules.initial_tickets
            tail = self.ticket_deck[undealt:]
            self.rng.shuffle(tail)
            self.ticket_deck[undealt:] = tail
        self.tickets[seat].extend(sorted(keep))
        self._tickets_done.pop(seat, None)
        self.pending[seat] = None
        events.append({"type": "tickets_kept", "seat": seat, "kept": len(keep),
                       "returned": len(returned), "private_to": seat,
                       "private": {"tickets": [self._ticket(t) for t in sorted(keep)]}})
        if self.phase == "setup":
            if all(p is None for p in self.pending):
                self.phase = "play"
                self.current = 0
                events.append({"type": "turn_started", "seat": 0})
        else:
            self._end_turn(events)

    def _do_draw_deck(self, seat: int, action: Action, events: list[Event]) -> None:
        deck = self.deck
        if deck:
            card = deck.pop()
        elif self.discard:
            card = self._take_top(events)  # the discard reshuffled
            assert card is not None
        else:
            raise IllegalAction(N_("the deck and the discard are both empty: "
                                   "no train card can be drawn"))
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1
        events.append({"type": "card_drawn", "seat": seat, "source": "deck",
                       "private_to": seat, "private": {"card": card}})
        self._after_card(events, turn_over=False)

    def _do_draw_face_up(self, seat: int, action: Action, events: list[Event]) -> None:
        if not (self.deck or self.discard):
            raise IllegalAction(N_("the deck and the discard are both empty: "
                                   "no train card can be drawn, not even a face-up one"))
        slot = action["slot"]
        if not 0 <= slot < len(self.face_up) or self.face_up[slot] is None:
            raise IllegalAction(N_("there is no face-up card in slot {slot}"), slot=slot)
        card = self.face_up[slot]
        assert card is not None
        if card == LOCOMOTIVE and self.cards_drawn:
            raise IllegalAction(N_("a face-up locomotive can only be your first card"))
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1
        events.append({"type": "card_drawn", "seat": seat, "source": "face_up",
                       "slot": slot, "card": card})
        new = self.face_up[slot] = self._take_top(events)
        events.append({"type": "face_up_refilled", "slot": slot, "card": new})
        if self.face_up.count(LOCOMOTIVE) >= self.rules.locomotive_reset:
            self._check_locomotive_reset(events)
        self._after_card(events, turn_over=card == LOCOMOTIVE)

    def _after_card(self, events: list[Event], turn_over: bool) -> None:
        """A card drawn: the second ends the turn, as does the first when it
        ends the turn itself (a face-up locomotive) or no other is left to
        draw (seed 000: with the deck and the discard both empty nobody may
        draw a train card, the face-up row included)."""
        drawn = self.cards_drawn = self.cards_drawn + 1
        if turn_over or drawn >= 2 or not (self.deck or self.discard):
            self._end_turn(events)

    def _do_draw_tickets(self, seat: int, action: Action, events: list[Event]) -> None:
        if not self.ticket_deck:
            raise IllegalAction(N_("no destination tickets are left"))
        offer = self.ticket_deck[:self.rules.draw_tickets]
        del self.ticket_deck[:self.rules.draw_tickets]
        self.pending[seat] = offer
        events.append({"type": "tickets_offered", "seat": seat, "count": len(offer),
                       "private_to": seat,
                       "private": {"tickets": [self._ticket(t) for t in offer]}})

    def _do_draw_ferry(self, seat: int, action: Action, events: list[Event]) -> None:
        if not self.rules.ferry_cards:
            raise IllegalAction(N_("this board has no ferry cards"))
        if self.ferry_pile <= 0:
            raise IllegalAction(N_("no ferry cards are left"))
        if self.hands[seat].get(FERRY, 0) >= self.rules.ferry_hold_limit:
            raise IllegalAction(N_("you hold {limit} ferry cards, the most allowed"),
                                limit=self.rules.ferry_hold_limit)
        self.ferry_pile -= 1
        self._gain(seat, FERRY)
        events.append({"type": "ferry_drawn", "seat": seat})
        self._end_turn(events)

    def _do_claim(self, seat: int, action: Action, events: list[Event]) -> None:
        track = self.board.track_by_id.get(action["track"])
        if track is None:
            raise IllegalAction(N_("there is no route {track} on this board"),
                                track=repr(action["track"]))
        index = track.index
        tables = self.tables
        problem = self._claim_problem(seat, track)
        if problem:
            raise problem
        cards = action["cards"]
        hand = self.hands[seat]
        known = tables.card_names
        for card, n in cards.items():
            if type(n) is not int or n <= 0 or card not in known or hand.get(card, 0) < n:
                self._check_cards(hand, cards)  # refuses, as it finds the first problem
                break
        paid = (index, *cards.items())
        fits = tables.fits
        if paid not in fits:
            problem = payment_problem(track, cards, self.board.colors)
            if problem:
                raise problem
            if len(fits) >= FITS_KEPT:
                fits.clear()
            fits.add(paid)
        discard = self.discard
        for card, n in cards.items():
            left = hand[card] - n
            if left:
                hand[card] = left
            else:
                del hand[card]
            if card == FERRY:
                self.ferry_pile += n  # ferry cards go back to their own pile
            else:
                discard += [card] * n
        self.claimed[index] = seat
        self.claims_version = next(CLAIMS_VERSIONS)
        self._block(index, seat)
        self._routes_view = None
        self._join_claim(seat, index)
        trains = self.trains[seat] = self.trains[seat] - track.length
        points = tables.points[index]
        self.scores[seat] += points
        events.append({"type": "route_claimed", "seat": seat, "track": track.id,
                       "cards": dict(cards), "points": points, "trains_left": trains})
        if None in self.face_up:
            self._fill_empty_face_up(events)
        self._end_turn(events)

    def _check_cards(self, hand: dict[str, int], cards: dict[Any, Any]) -> None:
        """Refuse cards of no such name, a count that is no positive whole
        number, or more cards than the hand holds (the first found, in the
        order of these checks)."""
        known = self.tables.card_names
        for card, n in cards.items():
            if card not in known:
                raise IllegalAction(N_("there is no {card} card"), card=repr(card))
            if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
                raise IllegalAction(N_("the count of {card} cards must be a positive whole "
                                       "number"), card=card)
        for card, n in cards.items():
            if hand.get(card, 0) < n:
                raise IllegalAction(Nn_("you hold {count} {card} card, not {asked}",
                                        "you hold {count} {card} cards, not {asked}"),
                                    count=hand.get(card, 0), card=card, asked=n)


    def _do_pass(self, seat: int, action: Action, events: list[Event]) -> None:
        events.append({"type": "passed", "seat": seat})
        self.passes_in_row += 1
        self._end_turn(events, passed=True)

    # --- turns and the end --------------------------------------------------

    def _end_turn(self, events: list[Event], passed: bool = False) -> None:
        seat = self.current
        if not passed:
            self.passes_in_row = 0
        self.cards_drawn = 0
        self.turn += 1
        final = self.final_turns
        if final is None:
            if self.trains[seat] <= self.rules.end_trains:
                final = self.final_turns = self.players
                events.append({"type": "final_round", "seat": seat, "trains": self.trains[seat]})
        else:
            final = self.final_turns = final - 1
        # Nobody able to do anything for a whole round would stall forever; the
        # seed is silent, so the game ends there (it cannot change any more).
        if final == 0 or self.passes_in_row >= self.players:
            self.phase = "over"
            events.append({"type": "game_over", "result": self.result()})
            return
        seat += 1
        if seat == self.players:
            seat = 0
        self.current = seat
        events.append({"type": "turn_started", "seat": seat})
