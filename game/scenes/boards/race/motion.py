"""The race game's events turned into animations.

While animations play, the table still shows the view from before them, so
this mixin keeps a small board model (track cards, each pawn's city, days,
the detective's city) that it moves forward event by event; a tween hides
the piece it is moving (`hide`) until it lands, and the board then shows
the model. The model is dropped when the table snaps to the fresh view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.anim.tween import Tween, ease_in_out_cubic, ease_out_back, linear, scaled
from game.narration.race import event_name, ordinal
from game.rules.base import Event
from game.scenes.boards.race import layout as L
from game.ui import theme
from game.words.i18n import N_, _

SOUNDS = {"card_taken": "card", "track_laid": "card", "card_drawn": "card",
          "moved": "claim", "arrived": "horn", "die_rolled": "card"}
DIE_TICKS = 58
DIE_HOLD = 34


@dataclass
class BoardModel:
    """What the board shows while animations run ahead of the view."""

    track: list[list | None]
    at: list[int]
    days: list[int]
    detective: str
    arrived: list[bool] = field(default_factory=list)
    last_event: str = "-"

    @classmethod
    def of(cls, view: dict[str, Any], blue: str | None = None) -> BoardModel:
        players = view["players"]
        return cls([slot["card"] for slot in view["track"]], [p["at"] for p in players],
                   [p["days"] for p in players], view["detective"],
                   [p["arrived"] is not None for p in players], last_event(view, blue))


def last_event(view: dict[str, Any], blue: str | None) -> str:
    """The event card last shown to everyone: the top of the event discard (what
    a Princess copies), or a blue card drawn since, which empties the discard
    into a new pile (`blue`: the last one this screen saw)."""
    discard = view["event_discard"]
    if discard:
        return discard[-1]
    return blue or "-"


class RaceMotion:
    """A mixin for the race scene: `animate(events)` and the model it keeps."""

    model: BoardModel | None = None

    blue_drawn: str | None = None  # the last blue event card this screen saw drawn
    blue_shown: str | None = None  # the same, as of the view on screen (the last snap)

    def board_model(self) -> BoardModel:
        """The model while animating, else the view's board as it is."""
        if self.model is not None and (self.animator.busy or self.queue):
            return self.model
        return BoardModel.of(self.shown, self.blue_shown)

    _animating_batch = False

    def _animate_next(self) -> None:
        self._animating_batch = True
        try:
            super()._animate_next()
        finally:
            self._animating_batch = False

    def _log(self, events: list[Event]) -> None:
        """Every update passes here as its animation starts (or at once, when
        animations are off or skipped). A die's roll waits for the die to land
        (its hold tween writes the line); a blue card drawn is remembered, as
        the view's event discard no longer shows it once it is shuffled away."""
        if self._animating_batch and self.speed > 0:
            super()._log([e for e in events if e["type"] != "die_rolled"])
        else:
            super()._log(events)
        for before, event in zip([None, *events], events, strict=False):
            if event["type"] == "event_drawn" and "event" in event:
                self.blue_drawn = event["event"]
            elif event["type"] == "events_reshuffled" and (
                    before is None or before["type"] != "events_gathered"):
                self.blue_drawn = None  # an empty pile took the discard: nothing on it

    def _refresh_view(self) -> None:
        super()._refresh_view()
        self.model = None  # the fresh view is the truth again
        self.blue_shown = self.blue_drawn

    def hidden(self) -> set[tuple]:
        """Pieces a tween still carries: not drawn in their place yet."""
        return {t.data["hide"] for t in self.animator.pending()
                if "hide" in t.data and not t.done}

    def sounds(self, events: list[Event]) -> list[str]:
        found = [SOUNDS[e["type"]] for e in events if e["type"] in SOUNDS]
        return found[:2] + super().sounds(events)

    # --- where things are on screen ----------------------------------------------

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where cards and coins fly for a seat: its hand (the viewer) or its row."""
        if seat == self.viewer:
            return (L.HAND_X + L.HAND_W / 2, L.HAND_Y + 90)
        return (L.PANEL_X + 22, L.PLAYERS_Y + seat * L.PLAYER_ROW + L.PLAYER_ROW / 2)

    def city_index(self, name: str) -> int:
        return self.shown["route"].index(name)

    # --- events to tweens ----------------------------------------------------------

    def start_animation(self) -> None:
        """The first round's track dealt face up, one card after another."""
        if self.speed <= 0 or self.shown["turn"] != 0:
            return
        self.model = BoardModel.of(self.shown, self.blue_shown)
        self._deal([slot["card"] for slot in self.shown["track"]])

    def animate(self, events: list[Event]) -> None:
        if self.model is None:
            self.model = BoardModel.of(self.shown, self.blue_shown)
        for event in events:
            handler = getattr(self, f"_anim_{event['type']}", None)
            if handler is not None:
                handler(event)

    def _tween(self, ticks: float, easing=ease_in_out_cubic, delay: float = 0,
               **data: Any) -> Tween:
        return Tween(scaled(ticks, self.speed), delay=scaled(delay, self.speed), easing=easing,
                     data=data)

    def _deal(self, cards: list) -> None:
        tweens = []
        for slot, card in enumerate(cards):
            if card is None:
                continue
            tweens.append(self._tween(18, ease_out_back, delay=len(tweens) * 9, kind="card",
                                      card=card, flip=True, start=L.DECK_RECT.center,
                                      end=L.slot_card_rect(slot).center, hide=("slot", slot),
                                      size=(L.CARD_W, L.CARD_H)))
        self.animator.add_batch(tweens)

    def _anim_round_started(self, event: Event) -> None:
        self.animator.add_batch([self._tween(50, linear, kind="banner",
                                             text=_("Round {round}").format(round=event["round"]))])

    def _anim_track_laid(self, event: Event) -> None:
        self.model.track = list(event["cards"])
        self._deal(event["cards"])

    def _anim_round_ended(self, event: Event) -> None:
        tweens = []
        for slot, card in enumerate(self.model.track):
            if card is not None:
                tweens.append(self._tween(16, delay=len(tweens) * 4, kind="card", card=card,
                                          start=L.slot_card_rect(slot).center,
                                          end=(L.PILE_INFO_X + 60, L.PILE_Y + 20),
                                          size=(L.CARD_W, L.CARD_H), shrink=True))
        self.model.track = [None] * len(self.model.track)
        self.animator.add_batch(tweens)

    def _anim_card_taken(self, event: Event) -> None:
        seat, slot = event["seat"], event["slot"]
        if slot is None:
            card, start = event.get("private", {}).get("card"), L.DECK_RECT.center
        else:
            card, start = event["card"], L.slot_card_rect(slot).center
            self.model.track[slot] = None
        self.animator.add_batch([self._tween(26, kind="card", card=card, start=start,
                                             end=self.seat_anchor(seat),
                                             size=(L.CARD_W, L.CARD_H))])

    def _anim_card_drawn(self, event: Event) -> None:
        card = event.get("private", {}).get("card")
        self.animator.add_batch([self._tween(22, kind="card", card=card,
                                             start=L.DECK_RECT.center,
                                             end=self.seat_anchor(event["seat"]),
                                             size=(L.CARD_W, L.CARD_H))])

    def _anim_exchanged(self, event: Event) -> None:
        seat = event["seat"]
        given = [self._tween(18, delay=i * 5, kind="card", card=c, start=self.seat_anchor(seat),
                             end=(L.PILE_INFO_X + 60, L.PILE_Y + 20), size=(L.CARD_W, L.CARD_H),
                             shrink=True) for i, c in enumerate(event["cards"])]
        drawn = event.get("private", {}).get("drawn") or [None] * len(event["cards"])
        got = [self._tween(18, delay=i * 5, kind="card", card=c, start=L.DECK_RECT.center,
                           end=self.seat_anchor(seat), size=(L.CARD_W, L.CARD_H))
               for i, c in enumerate(drawn)]
        self.animator.add_batch(given)
        self.animator.add_batch(got)

    def _anim_event_drawn(self, event: Event) -> None:
        name = event.get("event") or event.get("private", {}).get("event")
        public = "event" in event
        self.animator.add_batch([self._tween(24, kind="event", name=name,
                                             start=L.EVENT_DECK_RECT.center,
                                             end=(L.DIE_CENTER if public
                                                  else self.seat_anchor(event["seat"])))])
        if public:
            self.model.last_event = name
            self.animator.add_batch([self._tween(80, linear, kind="banner",
                                                 text=_("{event}! Every traveller loses days")
                                                 .format(event=event_name(name)))])

    def _anim_discarded(self, event: Event) -> None:
        if "event" in event:
            self.model.last_event = event["event"]

    def _anim_event_played(self, event: Event) -> None:
        name = event["event"]
        self.model.last_event = name
        text = (event_name(name) if event.get("as") in (None, name)
                else _("{event} as {other}").format(event=event_name(name),
                                                   other=event_name(event["as"])))
        self.animator.add_batch([self._tween(40, linear, kind="popup", text=text,
                                             at=self.seat_anchor(event["seat"]),
                                             seat=event["seat"])])

    def _anim_coin_gained(self, event: Event) -> None:
        self.animator.add_batch([self._tween(20, kind="coin", start=L.BANK_POS,
                                             end=self.seat_anchor(event["seat"]))])

    def _anim_coins_paid(self, event: Event) -> None:
        self.animator.add_batch([self._tween(18, delay=i * 4, kind="coin",
                                             start=self.seat_anchor(event["seat"]),
                                             end=L.BANK_POS) for i in range(event["coins"])])

    def _anim_cards_swapped(self, event: Event) -> None:
        a, b = event["slots"]
        track = self.model.track
        track[a], track[b] = track[b], track[a]
        self.animator.add_batch([
            self._tween(24, kind="card", card=track[b], start=L.slot_card_rect(a).center,
                        end=L.slot_card_rect(b).center, hide=("slot", b),
                        size=(L.CARD_W, L.CARD_H)),
            self._tween(24, kind="card", card=track[a], start=L.slot_card_rect(b).center,
                        end=L.slot_card_rect(a).center, hide=("slot", a),
                        size=(L.CARD_W, L.CARD_H))])

    def _anim_detective_moved(self, event: Event) -> None:
        start, end = self.city_index(event["from"]), self.city_index(event["to"])
        path = self.world.walk(start, end)
        length = sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))
        self.model.detective = event["to"]
        self.animator.add_batch([self._tween(min(110, 30 + length / 9), ease_in_out_cubic,
                                             kind="detective", path=path,
                                             leaves=event["from"], reaches=event["to"],
                                             hide=("detective",))])

    def _anim_die_rolled(self, event: Event) -> None:
        self.animator.add_batch([self._tween(DIE_TICKS, linear, kind="die",
                                             roll=event["roll"], purpose=event["purpose"],
                                             number=event["number"], seat=event["seat"])])
        self.animator.add_batch([self._tween(DIE_HOLD, linear, kind="die_hold",
                                             roll=event["roll"], purpose=event["purpose"],
                                             seat=event["seat"], log=self.describe(event))])

    def update(self) -> None:
        super().update()
        self._write_landed_lines()

    def _write_landed_lines(self, everything: bool = False) -> None:
        """Log lines carried by tweens (a die's roll): written when their tween
        starts, or all at once when the animations are skipped."""
        tweens = self.animator.pending() if everything else self.animator.active()
        for tween in tweens:
            line = tween.data.pop("log", None) if everything or tween.started else None
            if line:
                self.log.add(line)

    def fast_forward(self) -> None:
        self._write_landed_lines(everything=True)
        super().fast_forward()

    def _anim_moved(self, event: Event) -> None:
        seat = event["seat"]
        if event["events"]:
            self.model.last_event = event["events"][-1]
        start = self.city_index(event["from"])
        path = self.world.leg_points(start)
        length = sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))
        self.model.at[seat] = start + 1
        self.animator.add_batch([self._tween(min(90, 26 + length / 8), kind="pawn", seat=seat,
                                             path=path, hide=("pawn", seat))])
        self._walk_days([seat], event["days"], _("+{days} days").format(days=event["days"]),
                        self.world.cities[event["to"]])

    def _anim_days_lost(self, event: Event) -> None:
        why = event["why"]
        texts = {"round": N_("+1 day for everyone on the way"),
                 "detective": N_("Caught by the detective!"), "chip": N_("Held up by a bonus chip")}
        text = (_(texts[why]) if why in texts
                else _("{why}: +{days} days").format(why=event_name(why), days=event["days"]))
        at = L.DIE_CENTER
        if why == "detective" and event["seats"]:
            at = self.world.cities[self.model.detective]
        self._walk_days(event["seats"], event["days"], text, at)

    def _walk_days(self, seats: list[int], days: int, text: str,
                   at: tuple[float, float]) -> None:
        tweens = []
        for seat in seats:
            before = self.model.days[seat]
            self.model.days[seat] = before + days
            tweens.append(self._tween(min(60, 14 + 4 * days), linear, kind="marker", seat=seat,
                                      start=before, end=before + days, hide=("marker", seat)))
        color = self.seat_color(seats[0]) if len(seats) == 1 else theme.ACCENT
        tweens.append(self._tween(48, linear, kind="popup", text=text, at=at, color=color))
        self.animator.add_batch(tweens)

    def _anim_chip(self, event: Event) -> None:
        if event["taken"]:
            self.animator.add_batch([self._tween(30, kind="chip", color=event["color"],
                                                 chip=event["chip"],
                                                 start=self.world.cities[event["city"]],
                                                 end=self.seat_anchor(event["seat"]))])

    def _anim_arrived(self, event: Event) -> None:
        order = event["order"]
        name = self.seat_name(event["seat"])
        place = ordinal(order)
        self.animator.add_batch([self._tween(90, linear, kind="banner", text=_(
            "{name} is back in London, {place}, after {days} days").format(
                name=name, place=place, days=event["days"]))])

    def _anim_deck_reshuffled(self, event: Event) -> None:
        self.app.toast(_("The discard is shuffled into a new travel deck"), theme.ACCENT, 2)
