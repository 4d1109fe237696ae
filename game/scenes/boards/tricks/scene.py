"""Railway Tricks on the shared table: the board's setup, tooltips, words and
the results' hooks, with the mixins that hold the rest.

Drawing lives in `drawing.py`, what can be pointed at and chosen in
`targets.py`, the events' animations in `motion.py` (mixins each),
positions in `layout.py`, the card pictures in `cards.py`, and the board as
the animations know it in `display.py`. Decisions are made on the board
(click a hand card, an end of a line, a line's head); "Choose from a list"
opens the shared choice overlay for the same decision.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.anim.tween import Tween
from game.narration.tricks import card_name, city_name, entry_name
from game.narration.tricks import describe as narrate
from game.rules.base import Event
from game.rules.tricks.scoring import standing_of_view
from game.scenes.boards.tricks import layout as L
from game.scenes.boards.tricks.cards import CardArt, Palette
from game.scenes.boards.tricks.display import Item, TableModel
from game.scenes.boards.tricks.drawing import TricksDrawing
from game.scenes.boards.tricks.motion import TricksMotion
from game.scenes.boards.tricks.targets import INFO, TricksTargets
from game.scenes.boards.tricks.words import (
    REVEAL_EACH,
    lane_tip,
    line_value,
    loco_words,
    worth_words,
)
from game.scenes.table import TableScene
from game.words.i18n import N_, _, listed, ngettext


class TricksBoardScene(TricksTargets, TricksMotion, TricksDrawing, TableScene):
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

    max_buttons = 1       # the Hint, left of the hand (or beside "Choose from a list")

    def button_rect(self, index: int) -> pygame.Rect:
        return L.BUTTON_BESIDE_LIST if self.pending else L.BUTTON_RECT

    def row_of(self, company: str) -> int:
        return self.palette.companies.index(company)


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
