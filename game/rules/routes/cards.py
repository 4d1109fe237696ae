"""The train cards: drawing from the deck (reshuffling the discard into it),
the face-up row, its reset when it shows too many locomotives, and its
refill once cards come back.

`TrainCards` is a mixin of the route state (engine.RoutesState); the first
deal (engine.RoutesState._setup) and the draw and claim handlers (turn.py)
use it.
"""

from __future__ import annotations

from game.rules.base import Event
from game.rules.routes.board import LOCOMOTIVE


class TrainCards:
    """The route state's deck, discard and face-up row."""

    def _gain(self, seat: int, card: str) -> None:
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1

    def _take_top(self, events: list[Event]) -> str | None:
        """The top card of the deck, reshuffling the discard into it when empty."""
        deck = self.deck
        if deck:
            return deck.pop()
        if not self.discard:
            return None
        deck = self.deck = self.discard
        self.discard = []
        self.rng.shuffle(deck)
        events.append({"type": "deck_reshuffled", "cards": len(deck)})
        return deck.pop()

    def _check_locomotive_reset(self, events: list[Event]) -> None:
        """Three or more face-up locomotives: discard all five and deal five new.

        The seed resets again as long as the new row has three. A deck that
        cannot avoid it would reset forever, so a reset happens only while it
        can help: while the cards a new row is dealt from (the deck, and the
        discard that a reshuffle would bring back, which by then holds this
        row too) could still make a row of fewer locomotives.

        Why the loop ends. Say n cards are dealt from, k of them not
        locomotives: a new row holds min(5, n) cards, so at least
        min(5, n) - k locomotives, and a reset happens only while that bound
        is below three. If n <= 5 the new row is all n cards: n - k < 3
        locomotives, and the loop stops after that reset. If n > 5 (so k >= 3):
        - with no reshuffle, each reset takes five cards off a finite deck,
          so a reshuffle comes within n / 5 resets;
        - a reshuffle puts the pile in a uniformly random order, each order
          with a chance above zero; the row being dealt keeps the r < 5
          cards the old deck gave it. If those hold at most two locomotives,
          some order completes that row with three other cards. If not, at
          most one of them is another card, so the pile holds at least two,
          and some order puts them among the deck's last n mod 5 cards, which
          begin the row dealt at the next reshuffle: at most two locomotives
          there, and that row can be completed well;
        - so the resets are a finite Markov chain in which, from every
          position where a reset can help, a good row comes within two
          reshuffles (about 2n / 5 resets) with a chance above zero: they stop
          with probability one, and the count of resets has a geometric tail.
        With the scarcest cards (3 others, 14 locomotives) that is about 70
        resets on average; nothing about it depends on a fixed cap.
        """
        reset_at = self.rules.locomotive_reset
        while self.face_up.count(LOCOMOTIVE) >= reset_at:
            if not self._reset_can_help():
                return
            discarded = [c for c in self.face_up if c is not None]
            self.discard.extend(discarded)
            self.face_up = [None] * len(self.face_up)
            for slot in range(len(self.face_up)):
                self.face_up[slot] = self._take_top(events)
            events.append({"type": "face_up_reset", "discarded": discarded,
                           "face_up": list(self.face_up)})

    def _reset_can_help(self) -> bool:
        """Whether a new row dealt from every card not in a hand could hold
        fewer locomotives than the reset threshold."""
        row_cards = [c for c in self.face_up if c is not None]
        pool = len(self.deck) + len(self.discard) + len(row_cards)
        others = pool - (self.deck.count(LOCOMOTIVE) + self.discard.count(LOCOMOTIVE)
                         + row_cards.count(LOCOMOTIVE))
        fewest_locomotives = min(len(self.face_up), pool) - others
        return fewest_locomotives < self.rules.locomotive_reset

    def _fill_empty_face_up(self, events: list[Event]) -> None:
        """Slots left empty by an exhausted deck fill again once cards come back.

        The seed does not say; the published game refills as soon as it can.
        """
        if None not in self.face_up:
            return
        filled = False
        for slot, card in enumerate(self.face_up):
            if card is None and (self.deck or self.discard):
                self.face_up[slot] = self._take_top(events)
                events.append({"type": "face_up_refilled", "slot": slot,
                               "card": self.face_up[slot]})
                filled = True
        if filled:
            self._check_locomotive_reset(events)
