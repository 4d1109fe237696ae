"""The round-the-world race on the shared table: targets, actions, choices, words.

Drawing lives in `drawing.py`, event animations in `motion.py` (mixins); the
shared table does the rest (sessions, hand-off, bots, focus, players panel,
log, results).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.base import Action, Event
from game.rules.race.data import load_race
from game.rules.race.days import payment_days
from game.rules.race.moves import PRINCESS, effects_of
from game.scenes.boards.race import layout as L
from game.scenes.boards.race import pieces
from game.scenes.boards.race.board_layer import RaceBoardLayer
from game.scenes.boards.race.choices import RaceChoices
from game.scenes.boards.race.drawing import RaceDrawing
from game.scenes.boards.race.flight import RaceTweenDrawing
from game.scenes.boards.race.motion import RaceMotion
from game.scenes.boards.race.world import load_world
from game.scenes.table import TableScene
from game.ui import theme
from game.ui.widgets import Button

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


def card_text(card: list) -> str:
    return f"{card[0]} {card[1]}"


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
        """After what can be acted on: the other track slots, the bonus chips and
        the detective, which only explain themselves (their tooltips)."""
        view = self.shown
        items: list[tuple[str, Any]] = [("slot", s) for s in range(len(view["track"]))
                                        if s not in takes]
        for city in view["route"]:
            chips = view["bonus"].get(city) or {}
            items += [("chip", (city, color)) for color in ("red", "blue") if chips.get(color)]
        items.append(("detective", None))
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
        if kind == "pawn":
            x, y = self._pawn_spots(self.board_model())[value]
            return pygame.Rect(round(x) - 16, round(y) - 16, 32, 32)
        if kind == "marker":
            x, y = self.marker_spots()[value]
            return pygame.Rect(x - 14, y - 14, 28, 28)
        if kind == "city":
            return self.plates.get(value)
        if kind == "leg":
            return self.badges.get(value)
        return self.focus_rect(item)

    def tooltip(self, item: tuple[str, Any]) -> str | None:
        """What a target or token is, and what it does now."""
        kind, value = item
        view = self.shown
        if kind == "slot":
            slot = view["track"][value]
            action, card = slot["action"], slot["card"]
            what = f"{L.ACTION_NAMES[action]}: {L.ACTION_HINTS[action]}."
            if card:
                now = f" Take {card_text(card)} ({card[1]} days) and this action is yours"
                now += " (not for the start player)." if (
                    action == "start_player") else "."
                if {"type": "take", "slot": value} not in self.legal:
                    now = f" Holds {card_text(card)}."
            elif slot["laid"]:
                now = " Its card is taken this round."
            else:
                now = " No card is laid here this round: too few travellers."
            return what + now
        if kind == "chip":
            city, color = value
            chip = (view["bonus"].get(city) or {}).get(color)
            if not chip:
                return None
            who = "first" if color == "red" else "last"
            return (f"{city}'s {color} chip: {pieces.CHIP_WORDS[chip]}. The {who} traveller "
                    f"to reach {city} may use it (or leave it); either way it is gone.")
        if kind == "pawn":
            p = view["players"][value]
            where = (f"back in London, {ordinal(p['arrived'])}" if p["arrived"]
                     else f"in {p['city']}")
            return (f"{self.seat_name(value)}: {where}, {p['days']} days, {p['coins']} "
                    f"coin{'s' if p['coins'] != 1 else ''}, {p['cards']} travel and "
                    f"{p['events']} event cards.")
        if kind == "marker":
            days = view["players"][value]["days"]
            limit = self.numbers["time_limit"]
            left = (f"{limit - days} days left of {limit}" if days <= limit
                    else f"{days - limit} days past {limit}")
            return f"{self.seat_name(value)}'s time marker: {days} days so far ({left})."
        if kind == "detective":
            city = view["detective"]
            here = [self.seat_name(p["seat"]) for p in view["players"]
                    if p["city"] == city and p["arrived"] is None]
            caught = f" Now in {city} with {', '.join(here)}." if here else f" Now in {city}."
            return (f"The detective: ending your own turn in his city costs "
                    f"{self.numbers['detective_days']} days (a Distraction card saves "
                    f"you).{caught}")
        if kind == "deck":
            if "take_deck" in self._legal_types():
                return "Take the deck's top card (the last of six travellers)"
            return f"Buy the top travel card for {self.numbers['buy_price']} coins"
        if kind == "events":
            return f"Buy the top event card for {self.numbers['buy_price']} coins"
        if kind == "city":
            chips = view["bonus"].get(value) or {}
            words = [f"{c} chip: {pieces.CHIP_WORDS[k]}" for c, k in chips.items() if k]
            here = [self.seat_name(p["seat"]) for p in view["players"] if p["city"] == value
                    and p["arrived"] is None]
            parts = [value] + words + ([", ".join(here) + " here"] if here else [])
            if view["detective"] == value:
                parts.append("the detective waits here")
            return " - ".join(parts)
        if kind == "leg":
            leg = view["legs"][value]
            ways = " or ".join(" + ".join(option) for option in leg["options"])
            if not leg["options"]:
                ways = (f"{leg['no_cards_days']} days without cards, or an Elephant: "
                        f"{self.elephant_base} + a die")
            return f"{leg['from']} - {leg['to']}: {ways}"
        if kind == "event":
            events = view["private"].get("events", [])
            return EVENT_TIPS.get(events[value], events[value]) if value < len(events) else None
        if kind == "hand":
            hand = view["private"].get("hand", [])
            if value < len(hand):
                return f"{card_text(hand[value])}: {hand[value][1]} days on a {hand[value][0]} leg"
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
                    self.app.toast("Travel cards pay for a leg: choose Travel", theme.ACCENT)
        elif kind == "event":
            events = self.shown["private"].get("events", [])
            if value < len(events):
                self.play_event(events[value])

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
            return [("Accept roll", {"type": "accept"}),
                    (f"Re-roll: {self.numbers['reroll_price']} coin", {"type": "reroll"})]
        if "bonus" in kinds:
            return [("Take chip", {"type": "bonus", "take": True}),
                    ("Leave chip", {"type": "bonus", "take": False})]
        out: list[tuple[str, Action]] = []
        if "move" in kinds:
            out.append((f"Travel to {self._next_city()}", {"type": "_move"}))
        simple = [("take_deck", "Deck's top card"), ("coin", "Take a coin"),
                  ("draw_event", "Draw an event"), ("start_player", "Start next round")]
        for kind, label in simple:
            if kind in kinds:
                out.append((label, next(a for a in legal if a["type"] == kind)))
        if "detective" in kinds:
            out.append(("Move detective", {"type": "_detective"}))
        if "exchange" in kinds:
            out.append(("Exchange cards", {"type": "_exchange"}))
        if "end_turn" in kinds:
            out.append(("End turn", {"type": "end_turn"}))
        price = self.numbers["buy_price"]
        for pile, label in (("travel", "Buy travel"), ("event", "Buy event")):
            if {"type": "buy", "pile": pile} in legal:
                out.append((f"{label}: {price}", {"type": "buy", "pile": pile}))
        return out[:6]  # the piles buy too, should a seventh button not fit

    def button_rect(self, index: int) -> pygame.Rect:
        return L.button_rect(index)

    def draw_buttons(self, surface: pygame.Surface,
                     focus_item: tuple[str, Any] | None) -> None:
        for i, (label, _) in enumerate(self.buttons()):
            rect = self.button_rect(i)
            Button(theme.fit_text(label, 30, rect.width - 16, True), rect, lambda: None,
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
            return f"{self.elephant_base} + die" if "Elephant" in effects else str(
                leg["no_cards_days"])
        cards = [tuple(c) for c in action["cards"]]
        balloon = tuple(action["balloon"]) if action["balloon"] else None
        days = payment_days(cards, balloon=balloon, roll=0,
                            propeller=n["propeller_days"] if "Propeller train" in effects
                            else None,
                            submarine=n["submarine_days"] if "Submarine" in effects else None,
                            opportunity="Opportunity" in effects)
        return f"{days} + die" if balloon else str(days)

    # --- words --------------------------------------------------------------------

    def status(self) -> str:
        view = self.shown
        if view["phase"] == "over":
            return "The race is over"
        name = self.seat_name(view["current"])
        # a question already answered (its answer is playing out) is not asked again
        awaiting = None if self.needs_snap or self.session.awaiting else view.get("awaiting")
        if awaiting and awaiting["kind"] == "reroll":
            return f"{name} rolled {awaiting['roll']}: re-roll or accept?"
        if awaiting and awaiting["kind"] == "bonus":
            return f"{name}: take the {awaiting['color']} chip in {awaiting['city']}?"
        player = view["players"][view["current"]]
        if player["cards"] + player["events"] > self.numbers["hand_limit"] and \
                view["turn_state"]["taken"]:
            return f"{name} discards down to {self.numbers['hand_limit']} cards"
        doing = "travels or ends the turn" if view["turn_state"]["taken"] else "takes a card"
        return f"Round {view['round']}: {name} {doing}"

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
        kind = event["type"]
        who = self.seat_name(event["seat"]) if "seat" in event else ""
        if kind == "moved":
            how = " + ".join(card_text(c) for c in event["cards"]) or "no cards"
            extra = []
            if event["balloon"]:
                extra.append(f"balloon rolled {event['balloon']['roll']}")
            if event["elephant"] is not None:
                extra.append(f"elephant rolled {event['elephant']}")
            if event["events"]:
                extra.append(", ".join(event["events"]))
            more = f" ({'; '.join(extra)})" if extra else ""
            return f"{who}: {event['from']} to {event['to']}, {how}{more}: {event['days']} days"
        if kind == "card_taken":
            if event["slot"] is None:
                return f"{who} took the deck's top card"
            return f"{who} took {card_text(event['card'])} ({L.ACTION_NAMES[event['action']]})"
        if kind == "die_rolled":
            again = " again" if event["number"] > 1 else ""
            return f"{who} rolled{again} for the {event['purpose']}: {event['roll']}"
        if kind == "days_lost":
            names = ", ".join(self.seat_name(s) for s in event["seats"])
            if event["why"] == "round":
                return f"New round: +{event['days']} day for {names}"
            if event["why"] == "detective":
                return f"The detective caught {names}: +{event['days']} days"
            return f"{event['why']}: +{event['days']} days for {names}"
        if kind == "detective_moved":
            return f"{who} sent the detective to {event['to']}"
        if kind == "event_drawn":
            if "event" in event:
                return f"{who} drew {event['event']}!"
            return f"{who} drew an event card"
        if kind == "chip":
            verb = "took" if event["taken"] else "left"
            return f"{who} {verb} the {event['color']} chip in {event['city']} " \
                   f"({pieces.CHIP_WORDS[event['chip']]})"
        if kind == "arrived":
            return f"{who} is back in London, {ordinal(event['order'])}: {event['days']} days"
        lines = {
            "round_started": lambda: f"Round {event['round']} begins",
            "coin_gained": lambda: f"{who} gained a coin",
            "start_player_taken": lambda: f"{who} will start the next round",
            "exchanged": lambda: f"{who} exchanged {len(event['cards'])} card(s)",
            "cards_swapped": lambda: f"{who} swapped two track cards",
            "event_played": lambda: f"{who} played {event['event']}",
            "card_drawn": lambda: f"{who} drew a travel card",
            "discarded": lambda: f"{who} discarded a card",
            "game_over": lambda: "The race is over",
        }
        if kind == "coins_paid" and event["why"] == "buy":
            return f"{who} paid {event['coins']} coins for a card"
        return lines[kind]() if kind in lines else None

    def player_columns(self) -> list[tuple[str, int]]:
        return [("days", 62), ("coins", 62), ("cards", 60), ("events", 66)]

    def player_values(self, seat: int, player: dict[str, Any]) -> list[str]:
        return [str(player["days"]), str(player["coins"]), str(player["cards"]),
                str(player["events"])]

    def player_note(self, seat: int) -> str | None:
        player = self.shown["players"][seat]
        if player["arrived"] is not None:
            return f"back in London, {ordinal(player['arrived'])}"
        note = f"in {player['city']}"
        if seat == self.shown["start_player"]:
            note += ", start player"
        return note

    # --- results hooks --------------------------------------------------------------

    def results_reveal(self, result: dict[str, Any]) -> tuple[int, str]:
        arrivals = self.shown.get("arrivals") or []
        if not arrivals:
            return 0, ""
        first = arrivals[0]
        days = result["scores"][first]
        return 120, f"First back in London: {self.seat_name(first)}, {days} days"

    def results_lines(self, entry: dict[str, Any]) -> list[str]:
        lines = [f"Place {entry['place']}"] if entry.get("place") else []
        if entry.get("arrived") is None:
            lines.append(f"Still on the way: {entry.get('city', '?')}")
        return lines

    def results_items(self, entry: dict[str, Any]) -> list[tuple[str, str, bool]]:
        """The journey leg by leg (when this screen saw all of it), then the summary."""
        limit = self.numbers["time_limit"]
        arrived = entry.get("arrived")
        seat = entry["seat"]
        legs = self.journeys.get(seat, [])
        delays = self.delays.get(seat, 0)
        journey: list[tuple[str, str, bool]] = []
        if legs and sum(d for _, _, d in legs) + delays == entry["days"]:
            journey = [(f"{a} - {b}", f"+{d}", True) for a, b, d in legs]
            if delays:
                journey.append(("Delays", f"+{delays}", False))
        return journey + [
            ("Back in London", ordinal(arrived) if arrived else "no", arrived is not None),
            (f"Within {limit} days", "yes" if entry["days"] <= limit else "no",
             entry["days"] <= limit),
            ("Coins", str(entry.get("coins", 0)), True)]


EVENT_TIPS = {
    "Distraction": "Distraction: the detective does not stop you this turn",
    "Offer": "Offer: travel a leg without cards in a fixed number of days",
    "Balloon": "Balloon: one card of your move becomes a die roll",
    "Connection": "Connection: travel a second leg this turn",
    "Detective": "Detective: move the detective to any city",
    "Elephant": "Elephant: ride across India (a die), or cash it for a coin",
    "Opportunity": "Opportunity: two cards of one kind count as the higher",
    "Princess": "Princess: copies the top card of the event discard",
    "Propeller train": "Propeller train: one train card counts 1 day",
    "Submarine": "Submarine: one ship card counts 3 days",
    "Swap": "Swap: change two cards on the action track round",
}
