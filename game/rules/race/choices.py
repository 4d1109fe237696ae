"""What the seat to act may do now, and why an action it tried is not allowed.

A mixin of the race state (engine.RaceState): it reads the state's fields
and changes nothing.
"""

from __future__ import annotations

from game.rules.base import Action, IllegalAction
from game.rules.race.days import Card, card_sets
from game.rules.race.moves import PRINCESS, effects_of, move_actions
from game.rules.words import N_

# action types by where _compute_legal lists them
_TAKES = frozenset(("take", "take_deck"))
_SLOT_KINDS = frozenset(("coin", "draw_event", "detective", "start_player", "exchange"))
_ENDS = frozenset(("discard", "discard_event", "end_turn"))


class Choices:
    """Legal actions of the race state (see engine.py for every action)."""

    # --- legal actions ------------------------------------------------------

    def _compute_legal(self, seat: int) -> list[Action]:
        pending = self.pending
        if pending is not None:
            if pending["kind"] == "reroll":
                return [{"type": "accept"}, {"type": "reroll"}]
            return [{"type": "bonus", "take": True}, {"type": "bonus", "take": False}]
        out: list[Action] = []
        if not self.taken:
            out += self._take_actions(seat)
        else:
            out += self._slot_actions(seat)
            if self._may_move():
                out += self._moves(seat)
        out += self._event_actions(seat)
        out += self._buy_actions(seat)
        if self.taken:
            if self._over_limit(seat):
                out += self._discard_actions(seat)
            else:
                out.append({"type": "end_turn"})
        return out

    def _legal_of(self, kind: str) -> list[Action]:
        """The seat to act's legal actions of type `kind`, in legal_actions'
        order, without listing the others (an action is checked, and a
        rollout's player chooses, among those of one type). Kept with the
        legal actions until the next apply. Read-only."""
        cache = self._legal_cache
        known = cache.get(kind)
        if known is None:
            every = cache.get(self.current)
            known = cache[kind] = (self._compute_legal_of(self.current, kind) if every is None
                                   else [a for a in every if a["type"] == kind])
        return known

    def _compute_legal_of(self, seat: int, kind: str) -> list[Action]:
        """`_compute_legal`'s actions of type `kind` (see `_legal_of`). The
        types listed together (the takes; the discards and the end of the
        turn) are kept together: a player asks for them in turn."""
        if self.pending is not None:
            return [a for a in self._compute_legal(seat) if a["type"] == kind]
        taken = self.taken
        if kind == "move":
            return self._moves(seat) if taken and self._may_move() else []
        if kind in _TAKES:
            takes = [] if taken else self._take_actions(seat)
            deck = [takes.pop()] if takes and takes[-1]["type"] == "take_deck" else []
            self._legal_cache.update(take=takes, take_deck=deck)
            return takes if kind == "take" else deck
        if kind in _ENDS:
            ends: list[Action] = []
            discards: list[Action] = []
            if taken:
                if self._over_limit(seat):
                    discards = self._discard_actions(seat)
                else:
                    ends.append({"type": "end_turn"})
            cut = next((i for i, a in enumerate(discards) if a["type"] == "discard_event"),
                       len(discards))
            self._legal_cache.update(end_turn=ends, discard=discards[:cut],
                                     discard_event=discards[cut:])
            return self._legal_cache[kind]
        if kind in _SLOT_KINDS:
            return [a for a in self._slot_actions(seat) if a["type"] == kind] if taken else []
        if kind == "play_event":
            return self._event_actions(seat)
        if kind == "buy":
            return self._buy_actions(seat)
        return []

    def _buy_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.coins[seat] >= self.n["buy_price"]:
            if self.deck or self.discard:
                out.append({"type": "buy", "pile": "travel"})
            if self.event_deck or self.event_discard:
                out.append({"type": "buy", "pile": "event"})
        return out

    def _discard_actions(self, seat: int) -> list[Action]:
        out: list[Action] = [{"type": "discard", "card": list(c)}
                             for c in sorted(set(self.hands[seat]))]
        out += [{"type": "discard_event", "event": e} for e in sorted(set(self.held[seat]))]
        return out

    def _take_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        for slot, card in enumerate(self.track):
            if card is None:
                continue
            if self.data.action_track[slot] == "start_player" and seat == self.start_player:
                continue
            out.append({"type": "take", "slot": slot})
        if self._may_take_deck():
            out.append({"type": "take_deck"})
        return out

    def _may_take(self, seat: int) -> bool:
        """Whether `_take_actions` lists any (without listing them)."""
        track = self.data.action_track
        for slot, card in enumerate(self.track):
            if card is not None and not (track[slot] == "start_player"
                                         and seat == self.start_player):
                return True
        return self._may_take_deck()

    def _may_take_deck(self) -> bool:
        # The sixth traveller of a round may take the deck's top card instead.
        return (len(self.order) == 6 and self.order_pos == len(self.order) - 1
                and bool(self.deck or self.discard))

    def _slot_actions(self, seat: int) -> list[Action]:
        action = self.slot_action
        if action is None or self.moves:
            return []
        if action == "coin":
            return [{"type": "coin"}] if self.bank > 0 else []
        if action == "event":
            return [{"type": "draw_event"}] if self.event_deck or self.event_discard else []
        if action == "detective":
            return [{"type": "detective", "city": c} for c in self._detective_cities()]
        if action == "start_player":
            return [{"type": "start_player"}]
        if action == "exchange":
            return [{"type": "exchange", "cards": [list(c) for c in cards]}
                    for cards in self._exchange_sets(seat)]
        return []  # the balloon: used by a move

    def _exchange_sets(self, seat: int) -> list[list[Card]]:
        hand = self.hands[seat]
        sets: list[list[Card]] = []
        for n in range(1, self.n["exchange_max"] + 1):
            sets += card_sets([("ship",) * k + ("train",) * (n - k) for k in range(n + 1)],
                              hand)
        return sets

    def _detective_cities(self) -> list[str]:
        route = self.data.route
        return [route[c] for c in range(1, len(route) - 1) if c != self.detective]

    def _may_move(self) -> bool:
        if self.moves == 0:
            return True
        return self.moves == 1  # a second move needs a Connection (moves.py)

    def _moves(self, seat: int) -> list[Action]:
        leg = self.data.legs[self.at[seat]]
        return move_actions(leg, self.hands[seat], self.held[seat], self._princess_as(),
                            second_move=self.moves == 1,
                            track_balloon=self.slot_action == "balloon",
                            balloon_used=self.balloon_used)

    def _princess_as(self) -> str | None:
        # the last card played face up: never one slid face down under the pile
        top = self.event_discard[-1] if len(self.event_discard) > self.events_buried else None
        return None if top == PRINCESS else top

    def _event_actions(self, seat: int) -> list[Action]:
        held = self.held[seat]
        out: list[Action] = []
        as_princess = self._princess_as()
        for name in sorted(set(held)):
            effect = as_princess if name == PRINCESS else name
            if ((effect == "Distraction" and not self.distraction)
                    or (effect == "Elephant" and self.bank > 0)):
                out.append({"type": "play_event", "event": name})
            elif effect == "Detective":
                out += [{"type": "play_event", "event": name, "city": c}
                        for c in self._detective_cities()]
            elif effect == "Swap" and not self.taken:
                full = [s for s, c in enumerate(self.track) if c is not None]
                out += [{"type": "play_event", "event": name, "slots": [a, b]}
                        for i, a in enumerate(full) for b in full[i + 1:]
                        if self.track[a] != self.track[b]]
        return out

    def _over_limit(self, seat: int) -> bool:
        return len(self.hands[seat]) + len(self.held[seat]) > self.n["hand_limit"]


    def _why_not(self, seat: int, kind: str, action: Action) -> IllegalAction:
        """A player-facing reason for an action that is not among the legal ones."""
        if self.pending is not None:
            if self.pending["kind"] == "reroll":
                return IllegalAction(N_("decide first: keep the die roll or roll again"))
            return IllegalAction(N_("decide first whether to use the bonus chip"))
        if kind in ("reroll", "accept", "bonus"):
            return IllegalAction(N_("there is no decision to make now"))
        if not self.taken and kind not in ("take", "take_deck", "play_event", "buy"):
            return IllegalAction(N_("take a card from the action track first"))
        if kind == "take":
            if self.taken:
                return IllegalAction(N_("you have already taken a card this turn"))
            slot = action["slot"]
            if not 0 <= slot < len(self.track) or self.track[slot] is None:
                return IllegalAction(N_("there is no card in slot {slot}"), slot=slot)
            return IllegalAction(N_("the start player may not take the next-start-player card"))
        if kind == "take_deck":
            return IllegalAction(N_("only the last of six travellers may take the deck's "
                                    "top card"))
        if kind in ("coin", "draw_event", "detective", "start_player", "exchange"):
            if self.moves:
                return IllegalAction(N_("the action under your card comes before you move"))
            if self.slot_action is None:
                return IllegalAction(N_("the card you took gives no such action (or you "
                                        "used it)"))
            return IllegalAction(N_("the action of the card you took is not possible now"))
        if kind == "move":
            return self._why_not_move(seat, action)
        if kind in ("play_event", "discard_event") and action["event"] not in self.held[seat]:
            return IllegalAction(N_("you do not hold a {event} card"), event=action["event"])
        if kind == "play_event":
            return IllegalAction(N_("{event} cannot be played like that now"),
                                 event=action["event"])
        if kind == "buy":
            if self.coins[seat] < self.n["buy_price"]:
                return IllegalAction(N_("buying a card costs {price} coins"),
                                     price=self.n["buy_price"])
            return IllegalAction(N_("there is no {kind} card to buy"), kind=action["pile"])
        if kind in ("discard", "discard_event"):
            if kind == "discard" and tuple(action["card"]) not in self.hands[seat]:
                return IllegalAction(N_("you do not hold that card"))
            return IllegalAction(N_("you discard only when you hold more than {limit} cards"),
                                 limit=self.n["hand_limit"])
        if kind == "end_turn" and self._over_limit(seat):
            return IllegalAction(N_("discard down to {limit} cards first"),
                                 limit=self.n["hand_limit"])
        return IllegalAction(N_("that is not possible now"))

    def _why_not_move(self, seat: int, action: Action) -> IllegalAction:
        if self.moves >= 2 or (self.moves == 1 and "Connection" not in effects_of(
                action["events"], self._princess_as())):
            return IllegalAction(N_("you have already moved this turn (a Connection gives a "
                                    "second move)"))
        hand = list(self.hands[seat])
        for card in action["cards"]:
            if tuple(card) not in hand:
                return IllegalAction(N_("you do not hold the card {kind} {value}"),
                                     kind=card[0], value=card[1])
            hand.remove(tuple(card))
        for name in action["events"]:
            if name not in self.held[seat]:
                return IllegalAction(N_("you do not hold a {event} card"), event=name)
        leg = self.data.legs[self.at[seat]]
        if leg.options and action["cards"] and [tuple(c) for c in action["cards"]] not in \
                [list(s) for s in card_sets(leg.options, self.hands[seat])]:
            return IllegalAction(N_("{a}-{b} takes one of: {ways}"), a=leg.start, b=leg.end,
                                 ways=[list(o) for o in leg.options])
        if action["balloon"] is not None and self.balloon_used:
            return IllegalAction(N_("only one balloon per turn"))
        if action["balloon"] is not None and not leg.options:
            return IllegalAction(N_("no balloon on {a}-{b}"), a=leg.start, b=leg.end)
        return IllegalAction(N_("those cards and event cards do not make a move here"))
