"""The race game's choices, all in the shared choice overlay: keep or re-roll
the die, take a bonus chip, how to pay for a leg, where the detective goes,
which cards to exchange, which track cards an event swaps."""

from __future__ import annotations

from typing import Any

import pygame

from game.narration.race import ACTION_NAMES, CHIP_WORDS, event_name, kind_word
from game.scenes.boards.race import layout as L
from game.scenes.boards.race import pieces
from game.scenes.choice import ChoiceScene
from game.ui import theme
from game.ui.widgets import panel
from game.words.i18n import N_, _, joined, ngettext
from game.words.places import place

SMALL_BOX = pygame.Rect(1384, 300, 526, 430)
# A taken card's track action (as the view names it) -> its action type and button words.
TRACK_ACTIONS = {"coin": ("coin", N_("Take a coin")),
                 "event": ("draw_event", N_("Draw an event")),
                 "start_player": ("start_player", N_("Start next round")),
                 "detective": ("detective", N_("Move detective")),
                 "exchange": ("exchange", N_("Exchange cards"))}
SIMPLE = ("coin", "draw_event", "start_player")  # nothing to choose: one action does it


class RaceChoices:
    """A mixin for the race scene: every overlay it opens."""

    # --- decisions the engine asks for --------------------------------------------

    def choice_for(self, pending: dict[str, Any]) -> ChoiceScene | None:
        if pending.get("kind") == "reroll":
            roll = pending["roll"]
            balloon = pending["purpose"] == "balloon"
            days = roll if pending["purpose"] == "balloon" else self.elephant_base + roll
            # the leg the die is for, as the rules hold it (a move this board did
            # not send itself, a guided game's or a reloaded one, has it too)
            move = pending.get("move") or self.sent_move
            if pending["purpose"] == "balloon" and move and move.get("balloon"):
                days += _days_key(self.move_days(move))  # the cards the die did not replace
            cost = pending.get("cost", 1)
            labels = {"accept": (_("Accept"), ngettext("{count} day in all", "{count} days in all",
                                                       days).format(count=days)),
                      "reroll": (_("Re-roll"), _("pay {count} coin").format(count=cost))}
            options = list(pending["options"])
            title = (_("Balloon die: {roll}") if balloon else _("Elephant die: {roll}")).format(
                roll=roll)
            return ChoiceScene(
                self.app, title, options,
                lambda chosen: self.answer({"type": options[chosen[0]]}),
                subtitle=_("Keep this roll, or pay to roll again?"),
                label=lambda o: labels.get(o, (str(o), "")), box=SMALL_BOX, row_height=70)
        if pending.get("kind") == "bonus":
            chip = pending["chip"]
            options = list(pending["options"])
            chip_words = _(CHIP_WORDS.get(chip, chip))
            labels = {"take": (_("Take it"), chip_words), "skip": (_("Leave it"), "")}
            return ChoiceScene(
                self.app, _("The {color} chip").format(color=_(pending["color"])), options,
                lambda chosen: self.answer({"type": "bonus",
                                            "take": options[chosen[0]] == "take"}),
                subtitle=_("In {city}: {chip}").format(city=place(pending["city"]),
                                                       chip=chip_words),
                label=lambda o: labels.get(o, (str(o), "")), box=SMALL_BOX, row_height=70)
        return None

    # --- the track action before travelling or ending the turn ---------------------

    follow_up: dict[str, Any] | None = None

    def unused_track_action(self) -> str | None:
        """The action type of the track card taken this turn, while it can still
        be used: travelling or ending the turn gives it up."""
        if self.viewer is None:
            return None
        kind = TRACK_ACTIONS.get(self.shown["turn_state"].get("action") or "", (None,))[0]
        return kind if any(a["type"] == kind for a in self.legal) else None

    def before_leaving_the_action(self, intent: dict[str, Any]) -> bool:
        """Travel or End turn with the taken card's action unused. A coin has no
        downside and nothing to choose, so it is taken for the player and the
        travel follows; any other action (an event card may be a Storm, the
        detective and an exchange need choices) is the player's to use or give
        up, so they are asked. True: handled here (the intent waits or is asked)."""
        kind = self.unused_track_action()
        if kind is None:
            return False
        travel = intent["type"] == "_move"
        city = place(self._next_city()) if travel else ""
        if kind == "coin":
            self.app.toast(_("Your coin first: taken for you"), theme.ACCENT)
            self._use_then({"type": "coin"}, intent)
            return True
        words = _(next(w for k, w in TRACK_ACTIONS.values() if k == kind))
        options = ["use", "skip"]
        then = (_("then travel to {city}").format(city=city) if travel
                else _("then end the turn"))
        skip = (_("Travel to {city} without it").format(city=city) if travel
                else _("End turn without it"))
        labels = {"use": (_("{action} first").format(action=words),
                          then if kind in SIMPLE else _("then choose again")),
                  "skip": (skip, _("the action is lost"))}

        def done(chosen: list[int]) -> None:
            if options[chosen[0]] == "skip":
                self.proceed(intent)
            elif kind in SIMPLE:
                self._use_then(next(a for a in self.legal if a["type"] == kind), intent)
            else:
                self.try_action({"type": f"_{kind}"})  # its own choice, then the player's

        self.app.push(ChoiceScene(
            self.app, _("{action} first?").format(action=words), options, done,
            on_cancel=lambda: None,
            subtitle=_("Your card's action is lost once you travel or end the turn"),
            label=lambda o: labels[o], box=SMALL_BOX, row_height=70))
        return True

    def _use_then(self, action: dict[str, Any], intent: dict[str, Any]) -> None:
        """Use the track action; the intent follows once the board shows its result."""
        self.follow_up = intent if self.act(action) else None

    def _refresh_view(self) -> None:
        super()._refresh_view()
        intent = self.follow_up
        if intent is not None and self.acting and not self.session.awaiting:
            self.follow_up = None
            self.proceed(intent)

    # --- choices the player opens -------------------------------------------------

    def choose_move(self) -> None:
        moves = [a for a in self.legal if a["type"] == "move"]
        if not moves:
            self.app.toast(_("You cannot travel now"), theme.ACCENT)
            return
        if len(moves) == 1:
            self.act(moves[0])
            return
        moves.sort(key=lambda a: (len(a["events"]), a["balloon"] is not None,
                                  _days_key(self.move_days(a))))
        self.app.push(ChoiceScene(
            self.app, _("Travel to {city}").format(city=place(self._next_city())), moves,
            lambda chosen: self.act(moves[chosen[0]]), on_cancel=lambda: None,
            subtitle=_("Which cards pay for this leg?"), draw_row=self._draw_move_row,
            preview=lambda surface, _unused: self._outline_leg(surface), row_height=64))

    def choose_detective(self, event: str | None = None) -> None:
        if event is None:
            actions = [a for a in self.legal if a["type"] == "detective"]
        else:
            actions = [a for a in self.legal if a["type"] == "play_event"
                       and a["event"] == event and "city" in a]
        if not actions:
            return
        self.app.push(ChoiceScene(
            self.app, _("Send the detective"), actions,
            lambda chosen: self.act(actions[chosen[0]]), on_cancel=lambda: None,
            subtitle=_("A traveller ending a turn there loses 2 days"),
            label=lambda a: (place(a["city"]), self._city_people(a["city"])),
            preview=lambda surface, a: self._ring_city(surface, a["city"])))

    def choose_exchange(self) -> None:
        hand = list(self.shown["private"].get("hand", []))
        if not hand:
            return
        most = self.numbers["exchange_max"]

        def done(chosen: list[int]) -> None:
            cards = sorted(list(hand[i]) for i in chosen)
            self.try_action({"type": "exchange", "cards": cards})

        self.app.push(ChoiceScene(
            self.app, _("Exchange cards"), hand, done, low=1, high=most, on_cancel=lambda: None,
            subtitle=_("Give up 1 to {count} cards for as many new ones").format(count=most),
            draw_row=self._draw_card_row, row_height=56))

    def play_event(self, name: str) -> None:
        discard = {"type": "discard_event", "event": name}
        if discard in self.legal:
            self.act(discard)
            return
        plays = [a for a in self.legal if a["type"] == "play_event" and a["event"] == name]
        if not plays:
            uses = [a for a in self.legal if a["type"] == "move" and name in a["events"]]
            if uses:
                self.app.toast(_("{event} is used as you travel: choose Travel").format(
                    event=event_name(name)), theme.ACCENT)
            else:
                self.try_action({"type": "play_event", "event": name})  # says why not
            return
        if "city" in plays[0]:
            self.choose_detective(name)
        elif "slots" in plays[0]:
            self._choose_swap(plays)
        else:
            self.act(plays[0])

    def _choose_swap(self, plays: list[dict[str, Any]]) -> None:
        track = self.shown["track"]

        def label(a: dict[str, Any]) -> tuple[str, str]:
            x, y = a["slots"]
            return (f"{_(ACTION_NAMES[track[x]['action']])} <> "
                    f"{_(ACTION_NAMES[track[y]['action']])}",
                    f"{track[x]['card'][1]} / {track[y]['card'][1]}")

        self.app.push(ChoiceScene(self.app, _("Swap two track cards"), plays,
                                  lambda chosen: self.act(plays[chosen[0]]),
                                  on_cancel=lambda: None, label=label))

    # --- how the rows look -------------------------------------------------------

    def _city_people(self, city: str) -> str:
        here = [self.seat_name(p["seat"]) for p in self.shown["players"]
                if p["city"] == city and p["arrived"] is None]
        return joined(here)

    def _ring_city(self, surface: pygame.Surface, city: str) -> None:
        x, y = self.world.cities[city]
        pygame.draw.circle(surface, theme.FOCUS, (round(x), round(y)), 30, 5)
        img = pieces.detective(58).copy()
        img.set_alpha(170)
        surface.blit(img, self.detective_spot(city))

    def _outline_leg(self, surface: pygame.Surface) -> None:
        """The leg the viewer is about to travel, lit on the map."""
        if self.viewer is None:
            return
        at = self.shown["players"][self.viewer]["at"]
        if at >= len(self.world.legs):
            return
        points = self.world.leg_points(at)
        surface.set_clip(L.MAP_RECT)
        for shift in (0, -self.world.width):
            pygame.draw.lines(surface, theme.FOCUS, False,
                              [(x + shift, y) for x, y in points], 6)
        surface.set_clip(None)

    def _draw_move_row(self, surface: pygame.Surface, row: pygame.Rect,
                       action: dict[str, Any], chosen: bool) -> None:
        panel(surface, row, (50, 60, 80), theme.PANEL_EDGE, 8)
        x = row.x + 10
        for card in action["cards"]:
            img = pieces.travel_card(card[0], card[1], 36, 50)
            surface.blit(img, (x, row.y + 7))
            if action["balloon"] == card:
                pygame.draw.circle(surface, theme.ACCENT, (x + 30, row.y + 10), 9)
                theme.blit_text(surface, "?", (x + 30, row.y + 10), 20, (30, 30, 30), True,
                                "center")
            x += 42
        if not action["cards"]:
            theme.blit_text(surface, _("no cards"), (x, row.centery), 24, theme.TEXT_DIM,
                            anchor="midleft")
            x += 100
        names = [event_name(e) for e in action["events"]]
        if action["balloon"] is not None and "Balloon" not in action["events"]:
            names.append(_("track balloon"))
        if names:
            text = theme.fit_text(joined(names), 22, row.right - x - 110)
            theme.blit_text(surface, text, (x + 6, row.centery), 22, theme.ACCENT,
                            anchor="midleft")
        days = self.move_days(action)
        theme.blit_text(surface, days if "+" in days else _("{days} days").format(days=days),
                        (row.right - 12, row.centery),
                        30, theme.TEXT, True, "midright")

    def _draw_card_row(self, surface: pygame.Surface, row: pygame.Rect, card: list,
                       chosen: bool) -> None:
        panel(surface, row, (70, 96, 80) if chosen else (50, 60, 80),
              theme.GOOD if chosen else theme.PANEL_EDGE, 8, 3 if chosen else 2)
        surface.blit(pieces.travel_card(card[0], card[1], 32, 44), (row.x + 10, row.y + 6))
        theme.blit_text(surface, f"{kind_word(card[0])} {card[1]}", (row.x + 56, row.centery), 28,
                        theme.TEXT, True, "midleft")
        if chosen:
            theme.blit_text(surface, _("give up"), (row.right - 12, row.centery), 24, theme.GOOD,
                            True, "midright")


def _days_key(text: str) -> int:
    head = text.split()[0]
    return int(head) if head.isdigit() else 99
