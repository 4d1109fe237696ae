"""Applying a seat's actions: taking a card, the track actions, event cards,
buying and discarding, moving (with the balloon and elephant dice) and the
bonus chips.

A mixin of the race state (engine.RaceState). Every handler runs after the
action was found among the legal ones, so it only carries it out.
"""

from __future__ import annotations

from typing import Any

from game.rules.base import Action, Event
from game.rules.race.days import payment_days, without
from game.rules.race.moves import PRINCESS, effects_of


class TurnActions:
    """The `_do_<type>` handlers of the race state's actions."""

    # --- taking a card and the track actions --------------------------------

    def _do_take(self, seat: int, action: Action, events: list[Event]) -> None:
        slot = action["slot"]
        card = self.track[slot]
        assert card is not None
        self.track[slot] = None
        self.hands[seat].append(card)
        self.known[seat].append(card)
        self.taken = True
        self.slot_action = self.data.action_track[slot]
        events.append({"type": "card_taken", "seat": seat, "slot": slot, "card": list(card),
                       "action": self.slot_action})

    def _do_take_deck(self, seat: int, action: Action, events: list[Event]) -> None:
        card = self._draw_travel(events)
        assert card is not None
        self.hands[seat].append(card)
        self.taken = True
        events.append({"type": "card_taken", "seat": seat, "slot": None, "card": None,
                       "action": None, "private_to": seat, "private": {"card": list(card)}})

    def _do_coin(self, seat: int, action: Action, events: list[Event]) -> None:
        self.slot_action = None
        self._gain_coin(seat, "track", events)

    def _do_draw_event(self, seat: int, action: Action, events: list[Event]) -> None:
        self.slot_action = None
        self._draw_event(seat, "track", events)

    def _do_detective(self, seat: int, action: Action, events: list[Event]) -> None:
        self.slot_action = None
        self._move_detective(seat, action["city"], "track", events)

    def _do_start_player(self, seat: int, action: Action, events: list[Event]) -> None:
        self.slot_action = None
        self.next_start = seat
        events.append({"type": "start_player_taken", "seat": seat})

    def _do_exchange(self, seat: int, action: Action, events: list[Event]) -> None:
        self.slot_action = None
        given = [tuple(c) for c in action["cards"]]
        for card in given:
            self._give_up(seat, card)
            self.discard.append(card)
        drawn = []
        for _ in given:
            card = self._draw_travel(events)
            if card is not None:
                self.hands[seat].append(card)
                drawn.append(list(card))
        events.append({"type": "exchanged", "seat": seat, "cards": [list(c) for c in given],
                       "private_to": seat, "private": {"drawn": drawn}})

    # --- event cards, buying, discarding ------------------------------------

    def _do_play_event(self, seat: int, action: Action, events: list[Event]) -> None:
        name = action["event"]
        effect = self._princess_as() if name == PRINCESS else name
        self.held[seat].remove(name)
        self.event_discard.append(name)
        events.append({"type": "event_played", "seat": seat, "event": name, "as": effect})
        if effect == "Distraction":
            self.distraction = True
        elif effect == "Elephant":
            self._gain_coin(seat, name, events)
        elif effect == "Detective":
            self._move_detective(seat, action["city"], name, events)
        elif effect == "Swap":
            a, b = action["slots"]
            self.track[a], self.track[b] = self.track[b], self.track[a]
            events.append({"type": "cards_swapped", "seat": seat, "slots": [a, b],
                           "cards": [list(self.track[a]), list(self.track[b])]})

    def _do_buy(self, seat: int, action: Action, events: list[Event]) -> None:
        price = self.n["buy_price"]
        self.coins[seat] -= price
        self.bank += price
        events.append({"type": "coins_paid", "seat": seat, "coins": price, "why": "buy"})
        if action["pile"] == "travel":
            card = self._draw_travel(events)
            assert card is not None
            self.hands[seat].append(card)
            events.append({"type": "card_drawn", "seat": seat, "pile": "travel", "why": "buy",
                           "private_to": seat, "private": {"card": list(card)}})
        else:
            self._draw_event(seat, "buy", events)

    def _do_discard(self, seat: int, action: Action, events: list[Event]) -> None:
        card = tuple(action["card"])
        self._give_up(seat, card)
        self.discard.append(card)
        events.append({"type": "discarded", "seat": seat, "card": list(card)})

    def _do_discard_event(self, seat: int, action: Action, events: list[Event]) -> None:
        name = action["event"]
        self.held[seat].remove(name)
        self.event_discard.append(name)
        events.append({"type": "discarded", "seat": seat, "event": name})

    # --- moving -------------------------------------------------------------

    def _do_move(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.moves == 0 and self.slot_action != "balloon":
            self.slot_action = None  # the track action comes before moving
        names = list(action["events"])
        effects = effects_of(names, self._princess_as())
        cards = [tuple(c) for c in action["cards"]]
        for card in cards:
            self._give_up(seat, card)
            self.discard.append(card)
        for name in names:
            self.held[seat].remove(name)
            self.event_discard.append(name)
        balloon = None if action["balloon"] is None else tuple(action["balloon"])
        if balloon is not None:
            self.balloon_used = True
            if "Balloon" not in effects:
                self.slot_action = None  # the track's balloon
        self.moves += 1
        record = {"seat": seat, "from": self.at[seat], "cards": cards, "balloon": balloon,
                  "events": names, "effects": effects,
                  "princess_as": effects[names.index(PRINCESS)] if PRINCESS in names else None}
        leg = self.data.legs[self.at[seat]]
        purpose = ("balloon" if balloon is not None
                   else "elephant" if not leg.options and "Elephant" in effects else None)
        if purpose is None:
            self._finish_move(record, None, events)
            return
        self.pending = {"kind": "reroll", "purpose": purpose, "roll": 0, "rolls": 0,
                        "move": record}
        self._roll(events)

    def _roll(self, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None
        pending["roll"] = self.rng.randint(1, self.n["die_sides"])
        pending["rolls"] += 1
        events.append({"type": "die_rolled", "seat": self.current, "roll": pending["roll"],
                       "purpose": pending["purpose"], "number": pending["rolls"]})
        if self.coins[self.current] < self.n["reroll_price"]:
            self._do_accept(self.current, {"type": "accept"}, events)

    def _do_reroll(self, seat: int, action: Action, events: list[Event]) -> None:
        price = self.n["reroll_price"]
        self.coins[seat] -= price
        self.bank += price
        events.append({"type": "coins_paid", "seat": seat, "coins": price, "why": "reroll"})
        self._roll(events)

    def _do_accept(self, seat: int, action: Action, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None and pending["kind"] == "reroll"
        self.pending = None
        self._finish_move(pending["move"], pending["roll"], events)

    def _finish_move(self, record: dict[str, Any], roll: int | None,
                     events: list[Event]) -> None:
        seat = record["seat"]
        start = record["from"]
        leg = self.data.legs[start]
        effects = record["effects"]
        elephant = None
        if "Offer" in effects:
            days = self.n["offer_days"]
        elif not leg.options:
            if "Elephant" in effects:
                elephant = roll
                days = leg.elephant_base + (roll or 0)
            else:
                days = leg.no_cards_days
        else:
            days = payment_days(
                record["cards"], balloon=record["balloon"], roll=roll,
                propeller=self.n["propeller_days"] if "Propeller train" in effects else None,
                submarine=self.n["submarine_days"] if "Submarine" in effects else None,
                opportunity="Opportunity" in effects)
        self.days[seat] += days
        self.at[seat] = start + 1
        route = self.data.route
        events.append({
            "type": "moved", "seat": seat, "from": route[start], "to": route[start + 1],
            "cards": [list(c) for c in record["cards"]],
            "balloon": None if record["balloon"] is None else {
                "replaces": list(record["balloon"]), "roll": roll},
            "elephant": elephant, "events": list(record["events"]),
            "princess_as": record["princess_as"], "days": days})
        city = start + 1
        if city == len(route) - 1:
            self._arrive(seat, events)
            return
        chips = self.chips[city]
        others = [s for s in range(self.players) if s != seat]
        if chips[0] is not None:
            self.pending = {"kind": "bonus", "color": "red", "chip": chips[0], "city": city}
        elif chips[1] is not None and all(self.at[s] >= city for s in others):
            self.pending = {"kind": "bonus", "color": "blue", "chip": chips[1], "city": city}

    def _do_bonus(self, seat: int, action: Action, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None and pending["kind"] == "bonus"
        self.pending = None
        city, color, chip = pending["city"], pending["color"], pending["chip"]
        self.chips[city][0 if color == "red" else 1] = None
        events.append({"type": "chip", "seat": seat, "city": self.data.route[city],
                       "color": color, "chip": chip, "taken": action["take"]})
        if not action["take"]:
            return
        if chip == "coin":
            self._gain_coin(seat, "chip", events)
        elif chip == "travel":
            card = self._draw_travel(events)
            if card is not None:
                self.hands[seat].append(card)
                events.append({"type": "card_drawn", "seat": seat, "pile": "travel",
                               "why": "chip", "private_to": seat,
                               "private": {"card": list(card)}})
        elif chip == "event":
            self._draw_event(seat, "chip", events)
        elif chip == "delay_others":
            self._lose_days([s for s in self._travellers() if s != seat], 1, "chip", events)

    def _arrive(self, seat: int, events: list[Event]) -> None:
        self.arrivals.append(seat)
        # The hand goes face down: its cards nobody saw the seat take are
        # buried in the discard, hidden from all; its event cards slide under
        # the event discard, so its top (the Princess's model) stays the last
        # card played face up.
        self.buried.extend(without(self.hands[seat], self.known[seat]))
        self.discard.extend(self.hands[seat])
        self.events_buried += len(self.held[seat])
        self.event_discard[:0] = self.held[seat]
        self.hands[seat] = []
        self.known[seat] = []
        self.held[seat] = []
        events.append({"type": "arrived", "seat": seat, "order": len(self.arrivals),
                       "days": self.days[seat]})
        self._end_turn(events)
