"""The round-the-world race on the shared table: targets, actions, choices, words.

Drawing lives in `drawing.py`, event animations in `motion.py` (mixins); the
shared table does the rest (sessions, hand-off, bots, focus, players panel,
log, results).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.narration.race import ACTION_NAMES, CHIP_WORDS, card_text, kind_word, ordinal
from game.narration.race import describe as narrate
from game.rules.base import Action, Event
from game.rules.race.data import load_race
from game.rules.race.days import payment_days
from game.rules.race.moves import PRINCESS, effects_of
from game.scenes.boards.race import layout as L
from game.scenes.boards.race.board_layer import RaceBoardLayer
from game.scenes.boards.race.choices import RaceChoices
from game.scenes.boards.race.drawing import RaceDrawing
from game.scenes.boards.race.flight import RaceTweenDrawing
from game.scenes.boards.race.motion import RaceMotion
from game.scenes.boards.race.world import load_world
from game.scenes.table import TableScene
from game.ui import theme
from game.ui.widgets import Button
from game.words.i18n import N_, _, joined, ngettext
from game.words.places import pair, place


class RaceBoardScene(RaceChoices, RaceMotion, RaceDrawing, RaceTweenDrawing, RaceBoardLayer,
                     TableScene):
    players_rect = L.PLAYERS_RECT
    log_rect = L.LOG_RECT
    player_row = L.PLAYER_ROW

    def setup_board(self) -> None:
        data = load_race()
        self.numbers = dict(data.numbers)
        self.elephant_base = next((leg.elephant_base for leg in data.legs if not leg.options), 0)
        self.world = load_world(tuple(L.MAP_RECT))
        self.static: pygame.Surface | None = None
        self.plates: dict[str, pygame.Rect] = {}
        self.badges: dict[int, pygame.Rect] = {}
        self.model = None
        self.sent_move: Action | None = None
        # Each seat's journey as this screen saw it (legs and delays), for the results.
        self.journeys: dict[int, list[tuple[str, str, int]]] = {}
        self.delays: dict[int, int] = {}
        self._static_layer()  # draw the map now, not in the first frame

    # --- targets ------------------------------------------------------------------

    def _legal_types(self) -> set[str]:
        return {a["type"] for a in self.legal}

    def focus_targets(self) -> list[tuple[str, Any]]:
        items: list[tuple[str, Any]] = []
        takes = {a["slot"] for a in self.legal if a["type"] == "take"}
        items += [("slot", s) for s in sorted(takes)]
        kinds = self._legal_types()
        if "take_deck" in kinds or {"type": "buy", "pile": "travel"} in self.legal:
            items.append(("deck", None))
        if {"type": "buy", "pile": "event"} in self.legal:
            items.append(("events", None))
        if self.viewer is not None:
            private = self.shown["private"]
            items += [("event", i) for i in range(len(private.get("events", [])))]
            items += [("hand", i) for i in range(len(private.get("hand", [])))]
            items += self._info_targets(takes)
        return items

    def _info_targets(self, takes: set[int]) -> list[tuple[str, Any]]:
        """After what can be acted on: the other track slots, the bonus chips, the
        detective, the pawns and time markers, then the cities and legs along the
        way, which only explain themselves (their tooltips)."""
        view = self.shown
        items: list[tuple[str, Any]] = [("slot", s) for s in range(len(view["track"]))
                                        if s not in takes]
        for city in view["route"]:
            chips = view["bonus"].get(city) or {}
            items += [("chip", (city, color)) for color in ("red", "blue") if chips.get(color)]
        items.append(("detective", None))
        markers = self.marker_spots()
        for seat in sorted(self._pawn_spots(self.board_model())):
            items.append(("pawn", seat))
            if seat in markers:
                items.append(("marker", seat))
        for index, leg in enumerate(view["legs"]):
            for item in (("city", leg["from"]), ("leg", index), ("city", leg["to"])):
                if item not in items and (item[0] == "leg" or item[1] in self.plates):
                    items.append(item)
        return items

    def usable_targets(self) -> set[tuple[str, Any]]:
        """Targets that do something now: takeable track cards, playable event
        cards, travel cards to discard (lit on the board)."""
        usable: set[tuple[str, Any]] = set()
        if self.viewer is None or self.animator.busy:
            return usable
        private = self.shown["private"]
        events, hand = private.get("events", []), private.get("hand", [])
        for a in self.legal:
            if a["type"] == "take":
                usable.add(("slot", a["slot"]))
            elif a["type"] in ("play_event", "discard_event") and a["event"] in events:
                usable.add(("event", events.index(a["event"])))
            elif a["type"] == "discard" and a["card"] in hand:
                usable.add(("hand", hand.index(a["card"])))
        return usable

    def item_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        for city, chips in self.shown["bonus"].items():
            for k, color in enumerate(("red", "blue")):
                if chips.get(color) and city in self.plates:
                    x, y = self.chip_spot(city, k)
                    if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (L.CHIP_R + 2) ** 2:
                        return ("chip", (city, color))
        if self.detective_rect().collidepoint(pos):
            return ("detective", None)
        for seat, (x, y) in self._pawn_spots(self.board_model()).items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= 16 ** 2:
                return ("pawn", seat)
        for seat, (x, y) in self.marker_spots().items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= 14 ** 2:
                return ("marker", seat)
        for slot in range(len(self.shown["track"])):
            if L.slot_card_rect(slot).collidepoint(pos):
                return ("slot", slot)
        if L.DECK_RECT.collidepoint(pos):
            return ("deck", None)
        if L.EVENT_DECK_RECT.collidepoint(pos):
            return ("events", None)
        if self.viewer is not None:
            private = self.shown["private"]
            hand = private.get("hand", [])
            for i in reversed(range(len(hand))):
                if L.hand_card_rect(i, len(hand)).collidepoint(pos):
                    return ("hand", i)
            for i in range(len(private.get("events", []))):
                if L.event_card_rect(i).collidepoint(pos):
                    return ("event", i)
        for index, box in self.badges.items():
            if box.collidepoint(pos):
                return ("leg", index)
        for name, (x, y) in self.world.cities.items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= 22 ** 2 or self.plates[name].collidepoint(
                    pos):
                return ("city", name)
        return None

    def selectable(self, item: tuple[str, Any]) -> bool:
        if item[0] == "slot":  # a slot whose card cannot be taken only explains itself
            return {"type": "take", "slot": item[1]} in self.legal
        return item[0] not in ("city", "leg", "chip", "detective", "pawn", "marker")

    def focus_step(self, kind: str) -> int:
        return 1

    def tooltip_anchor(self, item: tuple[str, Any]) -> pygame.Rect | None:
        kind, value = item
        if kind == "chip":
            city, color = value
            x, y = self.chip_spot(city, 0 if color == "red" else 1)
            return pygame.Rect(x - L.CHIP_R, y - L.CHIP_R, 2 * L.CHIP_R, 2 * L.CHIP_R)
        if kind == "detective":
            return self.detective_rect()
        return self.focus_rect(item)

    def tooltip(self, item: tuple[str, Any]) -> str | None:
        """What a target or token is, and what it does now."""
        kind, value = item
        view = self.shown
        if kind == "slot":
            slot = view["track"][value]
            action, card = slot["action"], slot["card"]
            what = _("{action}: {hint}.").format(action=_(ACTION_NAMES[action]),
                                                 hint=_(L.ACTION_HINTS[action]))
            if card:
                if action == "start_player":
                    now = _(" Take {card} ({days} days) and this action is yours (not for the "
                            "start player).").format(card=card_text(card), days=card[1])
                else:
                    now = _(" Take {card} ({days} days) and this action is yours.").format(
                        card=card_text(card), days=card[1])
                if {"type": "take", "slot": value} not in self.legal:
                    now = _(" Holds {card}.").format(card=card_text(card))
            elif slot["laid"]:
                now = _(" Its card is taken this round.")
            else:
                now = _(" No card is laid here this round: too few travellers.")
            return what + now
        if kind == "chip":
            city, color = value
            chip = (view["bonus"].get(city) or {}).get(color)
            if not chip:
                return None
            if color == "red":
                return _("{city}'s red chip: {chip}. The first traveller to reach {city} may "
                         "use it (or leave it); either way it is gone.").format(
                    city=place(city), chip=_(CHIP_WORDS[chip]))
            return _("{city}'s blue chip: {chip}. The last traveller to reach {city} may use "
                     "it (or leave it); either way it is gone.").format(
                city=place(city), chip=_(CHIP_WORDS[chip]))
        if kind == "pawn":
            p = view["players"][value]
            where = (_("back in London, {place}").format(place=ordinal(p["arrived"]))
                     if p["arrived"] else _("in {city}").format(city=place(p["city"])))
            return ngettext("{name}: {where}, {days} days, {coins} coin, {cards} travel and "
                            "{events} event cards.",
                            "{name}: {where}, {days} days, {coins} coins, {cards} travel and "
                            "{events} event cards.", p["coins"]).format(
                name=self.seat_name(value), where=where, days=p["days"], coins=p["coins"],
                cards=p["cards"], events=p["events"])
        if kind == "marker":
            days = view["players"][value]["days"]
            limit = self.numbers["time_limit"]
            left = (_("{count} days left of {limit}").format(count=limit - days, limit=limit)
                    if days <= limit
                    else _("{count} days past {limit}").format(count=days - limit, limit=limit))
            return _("{name}'s time marker: {days} days so far ({left}).").format(
                name=self.seat_name(value), days=days, left=left)
        if kind == "detective":
            city = view["detective"]
            here = [self.seat_name(p["seat"]) for p in view["players"]
                    if p["city"] == city and p["arrived"] is None]
            caught = (_(" Now in {city} with {names}.").format(city=place(city),
                                                               names=joined(here))
                      if here else _(" Now in {city}.").format(city=place(city)))
            return _("The detective: ending your own turn in his city costs "
                     "{days} days (a Distraction card saves you).").format(
                days=self.numbers["detective_days"]) + caught
        if kind == "deck":
            if "take_deck" in self._legal_types():
                return _("Take the deck's top card (the last of six travellers)")
            return _("Buy the top travel card for {count} coins").format(
                count=self.numbers["buy_price"])
        if kind == "events":
            return _("Buy the top event card for {count} coins").format(
                count=self.numbers["buy_price"])
        if kind == "city":
            chips = view["bonus"].get(value) or {}
            words = [_("{color} chip: {chip}").format(color=_(c), chip=_(CHIP_WORDS[k]))
                     for c, k in chips.items() if k]
            here = [self.seat_name(p["seat"]) for p in view["players"] if p["city"] == value
                    and p["arrived"] is None]
            parts = [place(value)] + words + (
                [_("{names} here").format(names=joined(here))] if here else [])
            if view["detective"] == value:
                parts.append(_("the detective waits here"))
            return " - ".join(parts)
        if kind == "leg":
            leg = view["legs"][value]
            ways = _(" or ").join(" + ".join(kind_word(k) for k in option)
                                  for option in leg["options"])
            if not leg["options"]:
                ways = _("{days} days without cards, or an Elephant: {base} + a die").format(
                    days=leg["no_cards_days"], base=self.elephant_base)
            return _("{a} - {b}: {ways}").format(a=place(leg["from"]), b=place(leg["to"]),
                                                 ways=ways)
        if kind == "event":
            events = view["private"].get("events", [])
            if value >= len(events):
                return None
            return _(EVENT_TIPS[events[value]]) if events[value] in EVENT_TIPS else events[value]
        if kind == "hand":
            hand = view["private"].get("hand", [])
            if value < len(hand):
                return _("{card}: {days} days on a {kind} leg").format(
                    card=card_text(hand[value]), days=hand[value][1],
                    kind=kind_word(hand[value][0]))
        return None

    # --- acting -------------------------------------------------------------------

    def activate(self, item: tuple[str, Any]) -> None:
        kind, value = item
        if kind == "slot":
            self.try_action({"type": "take", "slot": value})
        elif kind == "deck":
            take = {"type": "take_deck"}
            self.try_action(take if take in self.legal else {"type": "buy", "pile": "travel"})
        elif kind == "events":
            self.try_action({"type": "buy", "pile": "event"})
        elif kind == "hand":
            hand = self.shown["private"].get("hand", [])
            if value < len(hand):
                discard = {"type": "discard", "card": list(hand[value])}
                if discard in self.legal:
                    self.act(discard)
                else:
                    self.app.toast(_("Travel cards pay for a leg: choose Travel"), theme.ACCENT)
        elif kind == "event":
            events = self.shown["private"].get("events", [])
            if value < len(events):
                self.play_event(events[value])

    def action_items(self, action: Action) -> list[tuple[str, Any]]:
        """What a hint or the coach lights for `action`: the track slot, the deck,
        the event pile, the card in hand or the event (buttons: the table's)."""
        kind = action.get("type")
        private = self.shown["private"] if self.viewer is not None else {}
        if kind == "take":
            return [("slot", action.get("slot"))]
        if kind == "take_deck" or action == {"type": "buy", "pile": "travel"}:
            return [("deck", None)]
        if action == {"type": "buy", "pile": "event"}:
            return [("events", None)]
        if kind == "discard":
            hand = [list(c) for c in private.get("hand", [])]
            card = list(action.get("card") or [])
            return [("hand", hand.index(card))] if card in hand else []
        if kind in ("play_event", "discard_event"):
            events = private.get("events", [])
            return [("event", i) for i, e in enumerate(events) if e == action.get("event")][:1]
        if kind == "move":
            return [("pawn", self.viewer)] if self.viewer is not None else []
        return []

    def try_action(self, action: Action) -> None:
        if action.get("type") in ("_move", "end_turn") and self.before_leaving_the_action(
                action):
            return
        self.proceed(action)

    def proceed(self, action: Action) -> None:
        """Act, or open the choice an action needs (the unused track action settled)."""
        chooser = {"_move": self.choose_move, "_detective": self.choose_detective,
                   "_exchange": self.choose_exchange}.get(action.get("type"))
        if chooser is not None:
            chooser()
            return
        super().try_action(action)

    def buttons(self) -> list[tuple[str, Action]]:
        if self.viewer is None or not self.legal or self.session.awaiting:
            return []  # (a LAN answer on its way: the buttons it answered are gone)
        kinds = self._legal_types()
        legal = self.legal
        if "accept" in kinds:
            return [(N_("Accept roll"), {"type": "accept"}),
                    (_("Re-roll: {count} coin").format(count=self.numbers["reroll_price"]),
                     {"type": "reroll"})]
        if "bonus" in kinds:
            return [(N_("Take chip"), {"type": "bonus", "take": True}),
                    (N_("Leave chip"), {"type": "bonus", "take": False})]
        out: list[tuple[str, Action]] = []
        if "move" in kinds:
            out.append((_("Travel to {city}").format(city=place(self._next_city())),
                        {"type": "_move"}))
        simple = [("take_deck", N_("Deck's top card")), ("coin", N_("Take a coin")),
                  ("draw_event", N_("Draw an event")), ("start_player", N_("Start next round"))]
        for kind, label in simple:
            if kind in kinds:
                out.append((label, next(a for a in legal if a["type"] == kind)))
        if "detective" in kinds:
            out.append((N_("Move detective"), {"type": "_detective"}))
        if "exchange" in kinds:
            out.append((N_("Exchange cards"), {"type": "_exchange"}))
        if "end_turn" in kinds:
            out.append((N_("End turn"), {"type": "end_turn"}))
        price = self.numbers["buy_price"]
        for pile, label in (("travel", N_("Buy travel")), ("event", N_("Buy event"))):
            if {"type": "buy", "pile": pile} in legal:
                out.append((_("{label}: {price}").format(label=_(label), price=price),
                            {"type": "buy", "pile": pile}))
        return out[:6]  # the piles buy too, should a seventh button not fit

    def button_rect(self, index: int) -> pygame.Rect:
        return L.button_rect(index)

    def draw_buttons(self, surface: pygame.Surface,
                     focus_item: tuple[str, Any] | None) -> None:
        for i, (label, _action) in enumerate(self.buttons()):
            rect = self.button_rect(i)
            Button(theme.fit_text(_(label), 30, rect.width - 16, True), rect, lambda: None,
                   size=30).draw(surface, focused=focus_item == ("button", i),
                                 hover=self.hover == ("button", i))

    def _next_city(self) -> str:
        if self.viewer is None:
            return ""
        at = self.shown["players"][self.viewer]["at"]
        route = self.shown["route"]
        return route[min(at + 1, len(route) - 1)]

    def move_days(self, action: Action) -> str:
        """The days a move costs, as words ("7", "3 + die", "6 + die")."""
        at = self.shown["players"][self.viewer]["at"] if self.viewer is not None else 0
        leg = self.shown["legs"][at]
        discard = self.shown["event_discard"]
        princess_as = discard[-1] if discard and discard[-1] != PRINCESS else None
        effects = effects_of(action["events"], princess_as)
        n = self.numbers
        if "Offer" in effects:
            return str(n["offer_days"])
        if not leg["options"]:
            if "Elephant" in effects:
                return _("{days} + die").format(days=self.elephant_base)
            return str(leg["no_cards_days"])
        cards = [tuple(c) for c in action["cards"]]
        balloon = tuple(action["balloon"]) if action["balloon"] else None
        days = payment_days(cards, balloon=balloon, roll=0,
                            propeller=n["propeller_days"] if "Propeller train" in effects
                            else None,
                            submarine=n["submarine_days"] if "Submarine" in effects else None,
                            opportunity="Opportunity" in effects)
        return _("{days} + die").format(days=days) if balloon else str(days)

    # --- words --------------------------------------------------------------------

    def status(self) -> str:
        view = self.shown
        if view["phase"] == "over":
            return _("The race is over")
        name = self.seat_name(view["current"])
        # a question already answered (its answer is playing out) is not asked again
        awaiting = None if self.needs_snap or self.session.awaiting else view.get("awaiting")
        # the question is put to the seat that answers it; everyone else (the
        # kiosk, other players) reads what that seat is deciding
        asked = self.viewer == view["current"]
        if awaiting and awaiting["kind"] == "reroll":
            if asked:
                return _("{name} rolled {roll}: re-roll or accept?").format(
                    name=name, roll=awaiting["roll"])
            return _("{name} rolled {roll} and decides whether to re-roll").format(
                name=name, roll=awaiting["roll"])
        if awaiting and awaiting["kind"] == "bonus":
            words = {"name": name, "color": _(awaiting["color"]),
                     "city": place(awaiting["city"])}
            if asked:
                return _("{name}: take the {color} chip in {city}?").format(**words)
            return _("{name} decides whether to take the {color} chip in {city}").format(
                **words)
        player = view["players"][view["current"]]
        if player["cards"] + player["events"] > self.numbers["hand_limit"] and \
                view["turn_state"]["taken"]:
            return _("{name} discards down to {count} cards").format(
                name=name, count=self.numbers["hand_limit"])
        if view["turn_state"]["taken"]:
            return _("Round {round}: {name} travels or ends the turn").format(
                round=view["round"], name=name)
        return _("Round {round}: {name} takes a card").format(round=view["round"], name=name)

    def act(self, action: Action) -> bool:
        if action.get("type") == "move":
            self.sent_move = action  # the re-roll choice can then say the leg's total
        if not super().act(action):
            return False
        # the buttons answered the shown view: they go now, not when the board
        # has played the answer out (a re-roll's Accept stayed ~2 s)
        self.legal = []
        self._build_focus()
        return True

    def _log(self, events: list[Event]) -> None:
        """Each update passes here once (describe also words a hand-off's recap,
        so the journeys for the results are kept here, not there)."""
        super()._log(events)
        for event in events:
            if event["type"] == "moved":
                self.journeys.setdefault(event["seat"], []).append(
                    (event["from"], event["to"], event["days"]))
            elif event["type"] == "days_lost":
                for seat in event["seats"]:
                    self.delays[seat] = self.delays.get(seat, 0) + event["days"]

    def describe(self, event: Event) -> str | None:
        return narrate(event, self.seat_name, self.shown)

    def player_columns(self) -> list[tuple[str, int]]:
        return [(N_("days"), 62), (N_("coins"), 62), (N_("cards"), 60), (N_("events"), 66)]

    def player_values(self, seat: int, player: dict[str, Any]) -> list[str]:
        return [str(player["days"]), str(player["coins"]), str(player["cards"]),
                str(player["events"])]

    def player_note(self, seat: int) -> str | None:
        player = self.shown["players"][seat]
        if player["arrived"] is not None:
            return _("back in London, {place}").format(place=ordinal(player["arrived"]))
        if seat == self.shown["start_player"]:
            note = _("in {city}, start player").format(city=place(player["city"]))
            # a long city name leaves no room for both: the start player is what the
            # board shows nowhere else (the pawn shows the city)
            return note if self.note_fits(note) else _("start player")
        return _("in {city}").format(city=place(player["city"]))

    # --- results hooks --------------------------------------------------------------

    def results_reveal(self, result: dict[str, Any]) -> tuple[int, str]:
        arrivals = self.shown.get("arrivals") or []
        if not arrivals:
            return 0, ""
        first = arrivals[0]
        days = result["scores"][first]
        return 120, _("First back in London: {name}, {days} days").format(
            name=self.seat_name(first), days=days)

    def story_note(self, event: Event) -> tuple[int, str] | None:
        """Each leg of a traveller's way round the world, with its days."""
        if event.get("type") != "moved":
            return None
        return event["seat"], _("{a} to {b}: {days} days").format(
            a=place(event["from"]), b=place(event["to"]), days=event["days"])

    def race_measure_view(self, view: dict[str, Any]) -> list[float] | None:
        """Each traveller's days so far, as a LAN guest was shown them."""
        players = view.get("players")
        if not isinstance(players, list) or not players or not all(
                isinstance(p, dict) and isinstance(p.get("days"), (int, float))
                for p in players):
            return None
        return [p["days"] for p in players]

    def race_label(self) -> str:
        return N_("Days travelled; the lead is the race's own order")

    def results_lines(self, entry: dict[str, Any]) -> list[str]:
        lines = [_("Place {place}").format(place=entry["place"])] if entry.get("place") else []
        if entry.get("arrived") is None:
            lines.append(_("Still on the way: {city}").format(
                city=place(entry.get("city", "?"))))
        return lines

    def results_items(self, entry: dict[str, Any]) -> list[tuple[str, str, bool]]:
        """The journey leg by leg (when this screen saw all of it), then the summary."""
        limit = self.numbers["time_limit"]
        arrived = entry.get("arrived")
        seat = entry["seat"]
        legs = self.journeys.get(seat, [])
        delays = self.delays.get(seat, 0)
        journey: list[tuple[str, str, bool]] = []
        if legs and sum(d for _a, _b, d in legs) + delays == entry["days"]:
            journey = [(pair(a, b), f"+{d}", True) for a, b, d in legs]
            if delays:
                journey.append((_("Delays"), f"+{delays}", False))
        return journey + [
            (_("Back in London"), ordinal(arrived) if arrived else _("no"), arrived is not None),
            (_("Within {count} days").format(count=limit),
             _("yes") if entry["days"] <= limit else _("no"), entry["days"] <= limit),
            (_("Coins"), str(entry.get("coins", 0)), True)]


EVENT_TIPS = {
    "Distraction": N_("Distraction: the detective does not stop you this turn"),
    "Offer": N_("Offer: travel a leg without cards in a fixed number of days"),
    "Balloon": N_("Balloon: one card of your move becomes a die roll"),
    "Connection": N_("Connection: travel a second leg this turn"),
    "Detective": N_("Detective: move the detective to any city"),
    "Elephant": N_("Elephant: ride across India (a die), or cash it for a coin"),
    "Opportunity": N_("Opportunity: two cards of one kind count as the higher"),
    "Princess": N_("Princess: copies the top card of the event discard"),
    "Propeller train": N_("Propeller train: one train card counts 1 day"),
    "Submarine": N_("Submarine: one ship card counts 3 days"),
    "Swap": N_("Swap: change two cards on the action track round"),
}
