"""Railway Tricks' events turned into animations: the deal, a card played into
the trick, the trick won (the lane's entry flying to the winner or to be
resolved), the trick's cards leaving for shares, the lane or out of the game,
cards laid at a line's end and a locomotive put at a line's head.

The board the animations move forward event by event is display.TableModel;
a flying card hides its landed copy (`hide`) until it lands. A mixin of the
Railway Tricks scene.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.anim.tween import Tween, ease_in_out_cubic, ease_out_back, linear, scaled
from game.narration.tricks import entry_name
from game.rules.base import Event
from game.scenes.boards.tricks import layout as L
from game.scenes.boards.tricks.display import Item
from game.words.i18n import _

SOUNDS = {"card_played": "card", "card_laid": "card", "city_laid": "claim",
          "locomotive_placed": "horn"}


class TricksMotion:
    """The deal and every event's flights, added to the table's animator."""

    def sounds(self, events: list[Event]) -> list[str]:
        found = [SOUNDS[e["type"]] for e in events if e["type"] in SOUNDS][:1]
        return found + super().sounds(events)

    def seat_spot(self, seat: int) -> tuple[int, int]:
        """Where a seat's cards come from and go to: its row in the players panel."""
        rect = L.player_rect(seat)
        return (rect.x + 60, rect.centery)

    def _fly(self, item: Item | None, start: pygame.Rect | tuple, end: pygame.Rect | tuple,
             size: tuple[int, int], ticks: int, delay: int = 0, style: str = "hand",
             hide: Item | None = None, depart: Item | None = None,
             easing=ease_in_out_cubic, end_size: tuple[int, int] | None = None) -> Tween:
        """A card flying from one place to another; `hide` stays off the board
        until it lands, `depart` waits at its place until the flight starts."""
        data = {"kind": "fly", "item": item, "from": _center(start), "to": _center(end),
                "size": size, "end_size": end_size or size, "style": style}
        if hide is not None:
            data["hide"] = id(hide)
        if depart is not None:
            data["depart"] = id(depart)
            data["depart_rect"] = pygame.Rect(start) if isinstance(start, pygame.Rect) else None
        return Tween(scaled(ticks, self.speed), delay=scaled(delay, self.speed), easing=easing,
                     data=data)

    def start_animation(self) -> None:
        """The deal: the hands go out card by card, the viewer's face up."""
        view = self.shown
        if view["tricks_played"] or view["trick"] or view["phase"] != "play" or self.speed <= 0:
            return
        model, n = self.model, self.model.players
        hand = model.hand
        per_seat = max(model.counts) if model.counts else 0
        tweens = []
        for r in range(per_seat):
            for seat in range(n):
                k = r * n + seat
                if seat == self.viewer and r < len(hand):
                    tween = self._fly(hand[r], L.DEAL_FROM, L.hand_rect(r, len(hand)),
                                      L.HAND_CARD, 16, delay=k * 2, hide=hand[r])
                else:
                    tween = self._fly(None, L.DEAL_FROM, self.seat_spot(seat), (60, 84), 16,
                                      delay=k * 2, end_size=(40, 56))
                tween.data["deal_seat"] = seat  # the seat's card count rises as it lands
                tweens.append(tween)
        self.animator.add_batch(tweens)

    def animate(self, events: list[Event]) -> None:
        for event in events:
            self._animate_event(event)

    def _animate_event(self, event: Event) -> None:
        model, anim, kind = self.model, self.animator, event["type"]
        seat = event.get("seat")
        n = model.players
        if kind == "card_played":
            index = model.hand_index(event["card"]) if seat == self.viewer else None
            start = (L.hand_rect(index, len(model.hand)) if index is not None
                     else self.seat_spot(seat))
            placed = model.apply(event)
            slot = L.trick_rect(model.trick_slot(seat), n)
            anim.add_batch([self._fly(placed, start, slot, L.TRICK_CARD, 22, hide=placed)])
            return
        if kind == "trick_won":
            entry = model.lane[0] if model.lane else None
            model.apply(event)
            winner = event["winner"]
            batch = [Tween(scaled(46, self.speed), easing=linear, data={
                "kind": "won", "seat": winner, "text":
                _("{name} wins {entry}").format(name=self.seat_name(winner),
                                                entry=entry_name(event["lane"]))}),
                Tween(scaled(30, self.speed), delay=scaled(16, self.speed), data={
                    "kind": "lane_shift"})]
            if entry is not None and event["lane"].get("kind") in ("city", "locomotive"):
                batch.append(self._fly(entry, L.lane_rect(0), L.RESOLVE_RECT, L.LANE_CARD, 30,
                                       delay=16, depart=entry, hide=model.resolving,
                                       end_size=L.TRICK_CARD))
            elif entry is not None:
                self.lane_flight = self._fly(entry, L.lane_rect(0), self.seat_spot(winner),
                                             L.LANE_CARD, 30, delay=16, depart=entry,
                                             end_size=(40, 56))
                batch.append(self.lane_flight)
            anim.add_batch(batch)
            return
        from_lane = kind == "exchange_taken" or event.get("source") == "lane"
        if kind in ("exchange_taken", "share_taken") and from_lane:
            placed = model.apply(event)  # the lane's share: it lands with the lane's flight
            if self.lane_flight is not None and placed is not None:
                self.lane_flight.data["hide"] = id(placed)
            self.lane_flight = None
            return
        if kind in ("share_taken", "card_removed", "reservation_replaced") and seat in model.trick:
            # a played card leaves the trick: a share, a lane slot or out of the game
            leaving = model.trick[seat]
            start = L.trick_rect(model.trick_slot(seat), n)
            placed = model.apply(event)
            if kind == "share_taken":
                end, end_size = self.seat_spot(seat), (40, 56)
            elif kind == "card_removed":
                end, end_size = L.REMOVED_SPOT, (50, 70)
            else:
                end, end_size = L.lane_rect(event["slot"]), L.LANE_CARD
            tween = self._fly(leaving, start, end, L.TRICK_CARD, 26, depart=leaving,
                              end_size=end_size, hide=placed)
            tween.data["from_trick"] = True
            self._join_departures(tween)
            return
        if kind == "card_laid":
            leaving = model.trick.get(seat)
            start = L.trick_rect(model.trick_slot(seat), n)
            placed = model.apply(event)
            self._slide_into_line(placed, start, event["company"], event["end"], L.TRICK_CARD,
                                  depart=leaving)
            return
        if kind == "city_laid":
            leaving = model.resolving
            placed = model.apply(event)
            self._slide_into_line(placed, L.RESOLVE_RECT, event["company"], event["end"],
                                  L.TRICK_CARD, depart=leaving)
            return
        if kind == "locomotive_placed":
            placed = model.apply(event)
            head = L.loco_rect(self.row_of(event["company"]))
            anim.add_batch([self._fly(dict(placed, kind="locomotive"), L.RESOLVE_RECT, head,
                                      L.TRICK_CARD, 30, hide=placed, easing=ease_out_back,
                                      end_size=head.size)])
            return
        model.apply(event)

    def _join_departures(self, tween: Tween) -> None:
        """The cards of one trick leave together, one after another."""
        batches = self.animator.batches
        last = batches[-1] if batches else None
        if last and all(t.data.get("from_trick") for t in last):
            tween.delay += scaled(6 * len(last), self.speed)
            last.append(tween)
        else:
            self.animator.add_batch([tween])

    def _slide_into_line(self, placed: Item, start: Any, company: str, end: str,
                         size: tuple[int, int], depart: Item | None = None) -> None:
        row = self.row_of(company)
        line = self.model.lines[company]
        index = 0 if end == "left" else len(line) - 1
        target = L.line_card_rect(row, index, len(line))
        self.animator.add_batch([self._fly(placed, start, target, size, 30, style="line",
                                           hide=placed, depart=depart,
                                           end_size=L.LINE_CARD)])


def _center(place: pygame.Rect | tuple) -> tuple:
    return place.center if isinstance(place, pygame.Rect) else place
