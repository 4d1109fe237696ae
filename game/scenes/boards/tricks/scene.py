"""Railway Tricks on the shared table: targets, actions, animations, words.

Drawing lives in `drawing.py` (a mixin), positions in `layout.py`, the card
pictures in `cards.py`, and the board as the animations know it in
`display.py`. Decisions are made on the board (click a hand card, an end of
a line, a line's head); "Choose from a list" opens the shared choice overlay
for the same decision.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.anim.tween import Tween, ease_in_out_cubic, ease_out_back, linear, scaled
from game.narration.tricks import card_name, city_name, end_word, entry_name
from game.narration.tricks import describe as narrate
from game.rules.base import Event
from game.rules.tricks.scoring import standing_of_view
from game.scenes.boards.tricks import layout as L
from game.scenes.boards.tricks.cards import CardArt, Palette
from game.scenes.boards.tricks.display import Item, TableModel, same_card
from game.scenes.boards.tricks.drawing import TricksDrawing
from game.scenes.boards.tricks.words import (
    REVEAL_EACH,
    lane_tip,
    line_value,
    loco_words,
    worth_words,
)
from game.scenes.choice import ChoiceScene
from game.scenes.table import TableScene
from game.words.i18n import N_, _, listed, ngettext

SOUNDS = {"card_played": "card", "card_laid": "card", "city_laid": "claim",
          "locomotive_placed": "horn"}
CHOICE_BOX = pygame.Rect(1440, 66, 474, 840)
# Tokens that only explain themselves (a tooltip): never acted on.
INFO = ("lane", "head", "linecard", "shares")


class TricksBoardScene(TricksDrawing, TableScene):
    players_rect = L.PLAYERS_RECT
    log_rect = L.LOG_RECT
    player_row = L.PLAYER_ROW

    def setup_board(self) -> None:
        self.palette = Palette(self.shown["companies"], self.shown["colors"])
        self.art = CardArt(self.palette)
        self.model = TableModel(self.shown)
        self.layer: pygame.Surface | None = None
        self.layer_key: Any = None
        self.row_keys: dict[str, Any] = {}
        self.reveal: dict[str, Any] | None = None
        self.reveal_clock = 0
        self.lane_flight: Tween | None = None
        self._warm_sprites()
        self._board_layer(set())  # the lines are drawn now, not in the first frame

    def _warm_sprites(self) -> None:
        """Draw every card at every size now: a new picture mid-game is a frame hitch."""
        from game.rules.tricks.cards import card_view, city_view, locomotive_view
        from game.rules.tricks.data import load_tricks_data

        data = load_tricks_data()
        cb = self.app.settings.colorblind
        cards = [card_view(data, c) for c in range(data.card_count)]
        cities = [city_view(data, c) for c in range(len(data.cities))]
        locos = [dict(locomotive_view(data, i), kind="locomotive")
                 for i in range(len(data.locomotives))]
        art = self.art
        for card in cards:
            for size in (L.HAND_CARD, L.TRICK_CARD, L.LAST_CARD, L.LANE_CARD):
                art.sprite(card, size, colorblind=cb)
            art.sprite(card, L.HAND_CARD, dim=True, colorblind=cb)
            for dim in (False, True):
                art.sprite(card, L.LINE_CARD, style="line", dim=dim, colorblind=cb)
        for item in cities + [{"kind": "initial", "value": data.initial_value}]:
            for dim in (False, True):
                art.sprite(item, L.LINE_CARD, style="line", dim=dim, colorblind=cb)
        for item in cities + locos:
            art.sprite(item, L.TRICK_CARD, colorblind=cb)
        for item in locos:
            art.sprite(item, L.loco_rect(0).size, colorblind=cb)
        for entry in self.shown["lane"]:
            for size in (L.LANE_CARD, L.TRICK_CARD):
                art.sprite(entry, size, colorblind=cb)
        for company in self.palette.companies:
            art.sprite({"kind": "exchange", "company": company}, L.LANE_CARD, colorblind=cb)

    def update(self) -> None:
        super().update()
        if self.reveal is not None:
            self.reveal_clock += 1  # the results overlay is on top: the board still ticks

    def _refresh_view(self) -> None:
        super()._refresh_view()
        self.model.sync(self.shown)

    @property
    def pending(self) -> dict[str, Any] | None:
        return self.shown["private"].get("pending") if self.acting else None

    def row_of(self, company: str) -> int:
        return self.palette.companies.index(company)

    # --- targets ------------------------------------------------------------------

    def focus_targets(self) -> list[tuple[str, Any]]:
        if self.viewer is None:
            return []
        return self._action_targets() + self._info_targets()

    def _action_targets(self) -> list[tuple[str, Any]]:
        pending = self.pending
        if pending:
            return self._decision_targets(pending) + [("list", None)]
        hand = self.shown["private"].get("hand", [])
        if self.acting:
            playable = self.shown["private"].get("playable", [])
            return [("hand", i) for i, c in enumerate(hand)
                    if any(same_card(c, p) for p in playable)]
        return [("hand", i) for i in range(len(hand))]

    def _info_targets(self) -> list[tuple[str, Any]]:
        """After what can be played: the lane's entries, the lines' heads and the
        players' rows, which only explain themselves (keyboard and controller
        reach their tooltips)."""
        items: list[tuple[str, Any]] = [("lane", i) for i in range(len(self.shown["lane"]))]
        pending = self.pending
        if not (pending and pending["kind"] == "locomotive"):  # the heads are choices then
            items += [("head", c) for c in self.palette.companies]
        items += [("shares", seat) for seat in range(self.model.players)]
        return items

    def selectable(self, item: tuple[str, Any]) -> bool:
        return item[0] not in INFO

    def _decision_targets(self, pending: dict[str, Any]) -> list[tuple[str, Any]]:
        kind = pending["kind"]
        if kind == "lay":
            return [("end", (pending["company"], end)) for end in pending["options"]]
        if kind == "city":
            return [("end", (o["company"], o["end"])) for o in pending["options"]]
        if kind == "locomotive":
            return [("line", c) for c in pending["options"]]
        return []

    def focus_step(self, kind: str) -> int:
        """Up and down move a line for a city (two ends a line); otherwise one target."""
        pending = self.pending
        if kind in ("up", "down") and pending and pending["kind"] == "city":
            return 2
        return 1

    def item_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        found = self._action_at(pos) if self.viewer is not None else None
        return found or self._info_at(pos)

    def _action_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        pending = self.pending
        if pending:
            if L.LIST_BUTTON.collidepoint(pos):
                return ("list", None)
            for item in self._decision_targets(pending):
                if self.target_rect(item).collidepoint(pos):
                    return item
            if pending["kind"] == "locomotive":
                for c in pending["options"]:
                    if L.line_row_rect(self.row_of(c)).collidepoint(pos):
                        return ("line", c)
            return None
        hand = self.model.hand
        for i in reversed(range(len(hand))):
            if L.hand_rect(i, len(hand)).collidepoint(pos):
                return ("hand", i)
        return None

    def _info_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        """The lane entry, line head or line card under the mouse (tooltips only)."""
        for i in range(len(self.model.lane)):
            if L.lane_rect(i).collidepoint(pos):
                return ("lane", i)
        for seat in range(self.model.players):
            if L.player_rect(seat).collidepoint(pos):
                return ("shares", seat)
        for row, company in enumerate(self.palette.companies):
            if not L.line_row_rect(row).collidepoint(pos):
                continue
            if L.head_rect(row).collidepoint(pos):
                return ("head", company)
            line = self.model.lines.get(company, [])
            for i in reversed(range(len(line))):
                if L.line_card_rect(row, i, len(line)).collidepoint(pos):
                    return ("linecard", (company, i))
        return None

    def target_rect(self, item: tuple[str, Any]) -> pygame.Rect:
        kind, value = item
        if kind == "hand":
            return L.hand_rect(value, len(self.model.hand)).move(0, -18)
        if kind == "end":
            company, end = value
            row = self.row_of(company)
            return L.end_rect(row, end, len(self.model.lines.get(company, [])))
        if kind in ("line", "head"):
            return L.head_rect(self.row_of(value))
        if kind == "lane":
            return L.lane_rect(value)
        if kind == "shares":
            return L.player_rect(value)
        if kind == "linecard":
            company, index = value
            return L.line_card_rect(self.row_of(company), index,
                                    len(self.model.lines.get(company, [])))
        return L.LIST_BUTTON

    # --- tooltips -------------------------------------------------------------------

    def tooltip_anchor(self, item: tuple[str, Any]) -> pygame.Rect | None:
        return self.target_rect(item) if item[0] in INFO else None

    def _worth(self, company: str) -> str:
        model = self.model
        return worth_words(company, model.lines.get(company, []),
                           model.locomotives.get(company))

    def tooltip(self, item: tuple[str, Any]) -> str | None:
        kind, value = item
        model = self.model
        if kind == "lane":
            if value >= len(model.lane):
                return None
            free = [c for c in self.palette.companies if not model.locomotives.get(c)]
            trick = self.shown["tricks_played"] + value + 1
            return lane_tip(model.lane[value], value, trick, free,
                            {c: self._worth(c) for c in self.palette.companies})
        if kind == "shares":
            return self._shares_tip(value)
        if kind == "head":
            loco = model.locomotives.get(value)
            if not loco:
                return _("{company}: no locomotive yet. A locomotive won in a trick goes at "
                         "the head of a line without one.\n{worth}.").format(
                    company=value, worth=self._worth(value))
            return _("{company}: locomotive {name}, {words}.\n{worth}.").format(
                company=value, name=loco["name"], words=loco_words(loco),
                worth=self._worth(value))
        if kind == "linecard":
            company, index = value
            line = model.lines.get(company, [])
            if index >= len(line):
                return None
            card = line[index]
            if "strength" in card:
                name = card_name(card)
            elif card.get("kind") == "city":
                name = _("The city {name}").format(name=city_name(card))
            else:
                name = _("{company}'s first card").format(company=company)
            worth = line_value(line, model.locomotives.get(company))
            where = ""
            if worth is not None:
                _value, start, length = worth
                where = (_(" It is inside the locomotive's run.")
                         if start <= index < start + length
                         else _(" It is outside the locomotive's run: it earns nothing now."))
            ends = _(" At an end of the line.") if index in (0, len(line) - 1) else ""
            return _("{name} in {company}'s line: station value {value}.").format(
                name=name, company=company, value=card["value"]) + where + ends
        return None

    def _shares_tip(self, seat: int) -> str:
        """A seat's shares and what they would pay if the game ended now."""
        model = self.model
        shares = self.shares_shown(seat) if seat < len(model.shares) else []
        parts, total = [], 0
        for company in self.palette.companies:
            n = sum(1 for share in shares if share.get("company") == company)
            if not n:
                continue
            worth = line_value(model.lines.get(company, []), model.locomotives.get(company))
            value = worth[0] if worth else 0
            total += n * value
            parts.append(_("{count} {company} x {value}").format(
                count=n, company=company, value=value))
        name = self.seat_name(seat)
        if not parts:
            return _("{name} holds no shares yet.").format(name=name)
        return _("{name}'s shares: {shares}. Worth {total} if the game ended now "
                 "(each share pays its company's worth at the end).").format(
            name=name, shares=listed(parts), total=total)

    # --- acting -------------------------------------------------------------------

    def activate(self, item: tuple[str, Any]) -> None:
        kind, value = item
        if kind == "hand":
            hand = self.shown["private"].get("hand", [])
            if value >= len(hand):
                return
            card = hand[value]
            action = next((a for a in self.legal if a["type"] == "play"
                           and same_card(a["card"], card)), None)
            # the card as the hand shows it (value included), as legal_actions lists it
            self.try_action(action or {"type": "play", "card": dict(card)})
        elif kind == "end":
            company, end = value
            pending = self.pending or {}
            if pending.get("kind") == "city":
                self.try_action({"type": "city", "company": company, "end": end})
            else:
                self.try_action({"type": "lay", "end": end})
        elif kind == "line":
            self.try_action({"type": "locomotive", "company": value})
        elif kind == "list" and self.pending:
            self.app.push(self._choice(self.pending))

    def _choice(self, pending: dict[str, Any]) -> ChoiceScene:
        """The same decision as rows of a list (keyboard and controller friendly)."""
        kind = pending["kind"]
        if kind == "locomotive":
            loco = pending["locomotive"]
            options = [("line", c) for c in pending["options"]]
            title = _("Locomotive {name}").format(name=loco["name"])
            subtitle = _("Which line does it pull?")
        else:
            options = self._decision_targets(pending)
            if kind == "city":
                title, subtitle = city_name(pending["city"]), _("Which end of which line?")
            else:
                title = _("Lay {card}").format(card=card_name(pending["card"]))
                subtitle = _("At which end of its line?")
        return ChoiceScene(
            self.app, title, options, lambda chosen: self.activate(options[chosen[0]]),
            subtitle=subtitle, label=self._choice_label, on_cancel=lambda: None,
            preview=lambda surface, item: self.draw_focus(surface, self.target_rect(item)),
            box=CHOICE_BOX, row_height=56)

    def _choice_label(self, item: tuple[str, Any]) -> tuple[str, str]:
        kind, value = item
        pending = self.pending or {}
        if kind == "line":
            line = self.model.lines.get(value, [])
            worth = line_value(line, pending.get("locomotive"))
            return value, _("worth {value} now").format(value=worth[0]) if worth else ""
        company, end = value
        count = len(self.model.lines.get(company, []))
        return (_("{company}: {end} end").format(company=company, end=end_word(end)),
                ngettext("{count} card now", "{count} cards now", count).format(count=count))

    # --- words --------------------------------------------------------------------

    def status(self) -> str:
        view = self.shown
        if view["phase"] == "over":
            return _("Game over")
        name = self.seat_name(view["current"])
        phase = view["phase"]
        if phase == "play":
            if view["led"]:
                return _("{name} plays - follow {company}").format(name=name,
                                                                   company=view["led"])
            return _("{name} leads trick {number} of {count}").format(
                name=name, number=view["tricks_played"] + 1,
                count=view["tricks_played"] + view["tricks_left"])
        last = view.get("last_trick") or {}
        if phase == "city":
            return _("{name} lays {entry}").format(name=name,
                                                   entry=entry_name(last.get("lane", {})))
        if phase == "locomotive":
            return _("{name} places {entry}").format(name=name,
                                                     entry=entry_name(last.get("lane", {})))
        return _("{name} lays their card at an end of its line").format(name=name)

    def describe(self, event: Event) -> str | None:
        return narrate(event, self.seat_name, self.shown)

    def player_columns(self) -> list[tuple[str, int]]:
        columns = [(N_("cards"), 64), (N_("shares"), 76)]
        if self.shown.get("teams"):
            columns.insert(0, (N_("team"), 60))
        return columns

    def kiosk_column(self) -> int:
        return len(self.player_columns()) - 1  # the shares: what the scores come from

    def player_values(self, seat: int, player: dict[str, Any]) -> list[str]:
        model = self.model
        if seat >= len(model.counts):
            return ["", ""]
        dealing = sum(1 for t in self.animator.pending()
                      if t.data.get("deal_seat") == seat and not t.done)
        values = [str(model.counts[seat] - dealing), str(len(self.shares_shown(seat)))]
        teams = self.shown.get("teams")
        if teams:
            team = next((i for i, members in enumerate(teams) if seat in members), 0)
            values.insert(0, "AB"[team % 2])
        return values

    def shares_shown(self, seat: int) -> list[Item]:
        """A seat's shares, less those still flying to it."""
        hidden = self._hidden()
        return [s for s in self.model.shares[seat] if id(s) not in hidden]

    def player_note(self, seat: int) -> str | None:
        return " "  # the name goes up: the share chips are drawn under it

    # --- results hooks --------------------------------------------------------------

    def results_reveal(self, result: dict[str, Any]) -> tuple[int, str]:
        """Light each company's best stretch and value, one after another."""
        self.reveal = result.get("companies") or None
        self.reveal_clock = 0
        if not self.reveal:
            return 0, ""
        return REVEAL_EACH * len(self.reveal) + 80, _("What each company's share is worth")

    def race_sides(self, result: dict[str, Any]) -> list[tuple[str, float, Any]] | None:
        """Each company's share value as its line grew (0 until a locomotive pulls it)."""
        return [(c["company"], c["value"], self.palette.rgb.get(c["company"], (150, 150, 150)))
                for c in (result.get("companies") or {}).values()]

    def race_measure_view(self, view: dict[str, Any]) -> list[float] | None:
        """Each seat's shares times company values, as a LAN guest saw them."""
        standing = standing_of_view(view)
        return None if standing is None else list(standing[1])

    def race_sides_view(self, view: dict[str, Any]) -> list[tuple[str, float, Any]] | None:
        standing = standing_of_view(view)
        if standing is None:
            return None
        return [(name, value, self.palette.rgb.get(name, (150, 150, 150)))
                for name, value in standing[0].items()]

    def race_label(self) -> str:
        return N_("Shares times company values")

    def results_lines(self, entry: dict[str, Any]) -> list[str]:
        shares = sum(entry.get("shares", {}).values())
        lines = [ngettext("{count} share", "{count} shares", shares).format(count=shares)]
        if entry.get("team"):
            lines[0] = _("{shares}, own points {points}").format(shares=lines[0],
                                                                 points=entry.get("total", 0))
            mates = " + ".join(self.seat_name(s) for s in entry["team"])
            lines.append(_("Team {names}: {points}").format(names=mates,
                                                            points=entry.get("team_total", 0)))
        return lines

    def results_items(self, entry: dict[str, Any]) -> list[tuple[str, str, bool]]:
        values = entry.get("company_values", {})
        items = []
        for company, n in entry.get("shares", {}).items():
            if not n:
                continue
            points = entry.get("points", {}).get(company, 0)
            items.append((_("{company}: {count} x {value}").format(
                company=company, count=n, value=values.get(company, 0)), f"+{points}",
                points > 0))
        return items

    # --- events to animations -------------------------------------------------------

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
