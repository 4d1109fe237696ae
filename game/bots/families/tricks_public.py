"""What every seat reads alike of a Railway Tricks game: the card tables and
the public cards.

The card tables (`CardTables`) are what the bot looks up in one set of cards,
worked out once. The public cards (`PublicCards`: lines, locomotives, shares,
the lane, removed cards) change only when a trick is won, a line grows or a
locomotive is placed, so a rollout reads them once for the many moves in
between and catches them up as they grow; every seat's position
(tricks_reading.py) reads from them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from game.bots.families.tricks_worths import Loco, line_id, remember
from game.rules.tricks.cards import (
    CITY_BASE,
    EXCHANGE_BASE,
    INITIAL,
    SHARE,
    lane_entry_view,
    line_item_value,
    share_company,
)
from game.rules.tricks.data import CITY, EXCHANGE, LOCOMOTIVE, RESERVATION, TricksData
from game.rules.tricks.engine import TricksState

TEAMS = ((0, 2), (1, 3))     # the seats of each team (the engine's, and the view's "teams")
# a seat's opponents, the shares it (and a partner) holds by company, and by
# company the shares each opponent holds (PositionReading._sides_of)
Sides = tuple[tuple[int, ...], list[int], list[tuple[int, ...]]]


@functools.cache
def table_sides(players: int, teams: bool, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat's side (itself and a partner, with teams) and its opponents, in
    seat order (worked out once per table: positions ask at every move)."""
    partners = tuple(s for team in TEAMS for s in team if seat in team) if teams else (seat,)
    return partners, tuple(s for s in range(players) if s not in partners)


# a lane entry's kind as the view shows it (a company card in the lane shows none)
_LANE_KINDS = {EXCHANGE: EXCHANGE, CITY: CITY, LOCOMOTIVE: LOCOMOTIVE,
               RESERVATION: RESERVATION, SHARE: None}


class CardTables:
    """What the planner looks up in one set of card tables, worked out once."""

    def __init__(self, data: TricksData):
        self.data = data
        strengths = data.strengths
        # each company's station values of all its cards, summed
        self.value_totals = [sum(data.card_values[c * strengths:(c + 1) * strengths])
                             for c in range(len(data.companies))]
        # each company's cards: how many and their station values summed
        self.company_cards = [(strengths, total) for total in self.value_totals]
        # the station value of every line item (cards, the initial card, cities)
        items = [*range(data.card_count), INITIAL,
                 *(CITY_BASE - k for k in range(len(data.cities)))]
        self.item_values = {x: line_item_value(data, x) for x in items}
        # the company of every share a player may hold (company cards, exchange shares)
        self.share_company = {x: share_company(data, x) for x in
                              [*range(data.card_count),
                               *(EXCHANGE_BASE + c for c in range(len(data.companies)))]}
        # lane entries as the view shows them (the planner only reads them)
        self.entry_views: dict[tuple, dict[str, Any]] = {}
        self.lanes: dict[tuple, tuple[list[str | None], list[dict[str, Any]], float,
                                      tuple[bool, bool]]] = {}
        self.index = {name: i for i, name in enumerate(data.companies)}
        self.names = list(data.companies)      # shared by every position: read only
        self.strengths, self.card_values = data.strengths, data.card_values

    def lane_reading(self, lane: list) -> tuple[list[str | None], list[dict[str, Any]], float,
                                                 tuple[bool, bool]]:
        """The kinds of the lane's entries as the view shows them, its first two
        entries as the view shows them, the share of its entries that lay cards
        and whether its first two do (remembered by lane: a game's lanes come
        back in every rollout; the lists are shared, read only)."""
        key = tuple(lane)
        known = self.lanes.get(key)
        if known is None:
            kinds = [_LANE_KINDS[kind] for kind, _ in lane]
            known = remember(self.lanes, key, (kinds, [self.entry_view(e) for e in lane[:2]],
                                               operating_share_of(kinds),
                                               operating_now_next(kinds)))
        return known

    def entry_view(self, entry: tuple) -> dict[str, Any]:
        shown = self.entry_views.get(entry)
        if shown is None:
            shown = self.entry_views[entry] = lane_entry_view(self.data, entry)
        return shown


_TABLES: dict[int, CardTables] = {}


def card_tables(data: TricksData) -> CardTables:
    """The planner's tables for `data` (by identity: tables differ in tests)."""
    tables = _TABLES.get(id(data))
    if tables is None or tables.data is not data:
        tables = _TABLES[id(data)] = CardTables(data)
    return tables


def operating_share_of(kinds: list[str | None]) -> float:
    """The share of the tricks left that lay cards (a city or a locomotive)."""
    operating = sum(k in ("city", "locomotive") for k in kinds)
    return operating / len(kinds) if kinds else 0.0


def operating_now_next(kinds: list[str | None]) -> tuple[bool, bool]:
    """Whether the trick being played lays cards, and whether the next one does."""
    return (bool(kinds) and kinds[0] in ("city", "locomotive"),
            len(kinds) > 1 and kinds[1] in ("city", "locomotive"))


def unseen_cards(data: TricksData, seen: set[int]) -> list[list[int]]:
    """By company, its cards not in `seen`, weakest first."""
    strengths = data.strengths
    return [[c for c in range(i * strengths, (i + 1) * strengths) if c not in seen]
            for i in range(len(data.companies))]


def tally(data: TricksData, cards: Iterable[int]) -> tuple[list[int], list[int]]:
    """Per company: how many of `cards` are its, and their station values summed."""
    strengths, card_values = data.strengths, data.card_values
    count, total = [0] * len(data.companies), [0] * len(data.companies)
    for card in cards:
        count[card // strengths] += 1
        total[card // strengths] += card_values[card]
    return count, total


class PublicCards:
    """What every seat's position reads from a state's public cards (lines,
    locomotives, shares, lane, removed cards): these change only when a trick
    is won, a line grows or a locomotive is placed (the engine's `public_version`), so
    rollouts read them once for the many moves in between."""

    def __init__(self, state: TricksState):
        data = state.data
        names = data.companies
        self.tables = tables = card_tables(data)
        items = tables.item_values
        # each line's station values, by company index (as every per-company list here)
        self.values = [[items[x] for x in line] for line in state.lines]
        self.lengths = [len(line) for line in state.lines]
        self._read_locomotives(state)
        lane = state.lane
        (self.lane_kinds, self.lane_head, self.operating_share,
         self.operating) = tables.lane_reading(lane)
        share_company = tables.share_company
        self.counts: list[list[int]] = []
        self.held = [len(shares) for shares in state.shares]
        self.removed = len(state.removed)
        self.tricks_played = state.tricks_played
        seen: set[int] = set()
        for shares in state.shares:
            count = [0] * len(names)
            for share in shares:
                count[share_company[share]] += 1
                if share < EXCHANGE_BASE:
                    seen.add(share)
            self.counts.append(count)
        for line in state.lines:
            seen.update([x for x in line if x >= 0])
        for kind, payload in lane:
            if kind == SHARE:
                seen.add(payload)
        seen.update(state.removed)
        self.seen = seen
        self.seen_count, self.seen_sum = tally(data, seen)
        # by company, its cards not seen (weakest first): what may still beat a card
        self.unseen = unseen_cards(data, seen)
        # each line's number (line_id) with the locomotives to come, and with
        # those less the one being placed
        cards = tables.company_cards
        self.line_ids = [line_id(values, loco, self.coming, company_cards)
                         for values, loco, company_cards in zip(self.values, self.locos, cards,
                                                               strict=True)]
        self.pending_ids: tuple[tuple[Loco, ...], list[int]] | None = None
        # what a position's _expected_additions reads of the lines as these
        # cards alone tell (no card in the trick): _line_ahead's and the worths
        # by company, and the companies whose entries are out of date (a line
        # grown, a card seen); None until asked, or when every entry is (the
        # lane or the locomotives moved)
        self.lines_ahead: tuple[list[tuple], list[float], set[int]] | None = None
        # by seat: its opponents and the shares it and a partner hold
        self.sides: dict[int, Sides] = {}

    def _read_locomotives(self, state: TricksState) -> None:
        """The locomotives placed (by company, and their names) and those to come."""
        locomotives = state.data.locomotives
        self.locos: list[Loco | None] = [None if loco is None else locomotives[loco][1:]
                                         for loco in state.locos]
        self.placed = [locomotives[loco][0] for loco in state.locos if loco is not None]
        # a tuple: the worths' memo keys take it as it is
        self.coming = tuple((d, cost) for name, d, cost in locomotives if name not in self.placed)

    def catch_up(self, state: TricksState) -> None:
        """Bring these public cards up to `state`, a later moment of the same game:
        lines, shares, removed cards and locomotives placed only grow, so only
        what was added is read (and the lane again). In place: a rollout's
        positions last one move, and none is left by then."""
        tables = self.tables
        added: list[int] = []          # company cards that may be new to `seen`
        if len(state.locos) - state.locos.count(None) != len(self.placed):
            before, pending = self.locos, self.pending_ids
            self._read_locomotives(state)
            # every line's number goes with the locomotives to come; those worked
            # out for the locomotive being placed (pending_ids, the lines unchanged
            # since) serve where they still are: the lines that got none
            # (a plain loop: a comprehension costs a function call)
            ids = None if pending is None or pending[0] != self.coming else pending[1]
            line_ids = []
            for c, (values, loco, cards) in enumerate(zip(self.values, self.locos,
                                                          tables.company_cards, strict=True)):
                line_ids.append(ids[c] if ids is not None and loco == before[c]
                                else line_id(values, loco, self.coming, cards))
            self.line_ids = line_ids
            self.pending_ids = None
            self.lines_ahead = None
        lengths = self.lengths
        if sum(map(len, state.lines)) != sum(lengths):
            items, line_ids = tables.item_values, self.line_ids
            stale = None if self.lines_ahead is None else self.lines_ahead[2]
            for c, line in enumerate(state.lines):
                # a line grows at its ends: what was added lies in the first or
                # the last `grown` items
                grown = len(line) - lengths[c]
                if grown:
                    values = self.values[c] = list(map(items.__getitem__, line))
                    lengths[c] = len(line)
                    for x in (*line[:grown], *line[-grown:]):
                        if x >= 0:
                            added.append(x)
                    line_ids[c] = line_id(values, self.locos[c], self.coming,
                                          tables.company_cards[c])
                    if stale is not None:
                        stale.add(c)
            self.pending_ids = None
        if state.tricks_played != self.tricks_played:
            self._read_trick(state, added)
        if added:
            self._see(added)

    def _read_trick(self, state: TricksState, added: list[int]) -> None:
        """After a trick won: the lane, and the shares and removed cards it gave
        (their cards added to `added`)."""
        self.tricks_played = state.tricks_played
        lane = state.lane
        (self.lane_kinds, self.lane_head, self.operating_share,
         self.operating) = self.tables.lane_reading(lane)
        self.lines_ahead = None
        added += [payload for kind, payload in lane if kind == SHARE]
        share_company = self.tables.share_company
        held = self.held
        for seat, shares in enumerate(state.shares):
            if len(shares) != held[seat]:
                self.sides = {}            # they go with the shares held
                count = self.counts[seat]
                for share in shares[held[seat]:]:
                    count[share_company[share]] += 1
                    if share < EXCHANGE_BASE:
                        added.append(share)
                held[seat] = len(shares)
        added += state.removed[self.removed:]
        self.removed = len(state.removed)

    def _see(self, cards: list[int]) -> None:
        """Count those of `cards` not seen before as seen."""
        seen, seen_count, seen_sum = self.seen, self.seen_count, self.seen_sum
        strengths, card_values = self.tables.strengths, self.tables.card_values
        for card in cards:
            if card not in seen:
                seen.add(card)
                company = card // strengths
                seen_count[company] += 1
                seen_sum[company] += card_values[card]
                # a fresh list: a position may still hold the old one
                unseen = self.unseen[company] = self.unseen[company][:]
                unseen.remove(card)
                if self.lines_ahead is not None:
                    self.lines_ahead[2].add(company)

