"""A greedy player for the trick-taking railway game.

It values each company by its line: with a locomotive, what the line earns
now; without, the average of what the locomotives still to come would make of
it, and a line is expected to grow by the company's cards still in hands in
the share of the tricks left that lay cards. A company matters to the bot by
its weight: the shares it (and a partner) holds minus the opponents' (see
RIVAL_SPREAD), counting the cards in hand as half the shares they may
become. Playing a card, it weighs the chance of winning the trick (the
unseen stronger cards of the led company, and how likely the seats still to
play are to hold one, hypergeometrically) against what winning
and losing each bring: the lane's share or the played card as a share; the
city or locomotive to place where it helps most, and the played card laid at
its better end; winning also gives the lead, worth the next city or
locomotive when it holds a card nobody can beat. Laying, it picks the end and
the line that raise its weighted company values most (or lower those of
companies it holds least).

Playing a card it looks ahead. Over deals of the cards it cannot see (never
the real hands: worlds are rebuilt from its view, see tricks_worlds.py), it
plays each candidate card, the others play any legal cards and it plays on
by the estimates above: to the end of the trick, then rates where it stands
(its weighted company worths); in the last SEARCH_TRICKS tricks to the end
of the game, rated by its margin over the best opponent plus WIN_BONUS for
a win. All cards are tried on the same deals with the same random moves.
The opponents' weight leans to the one whose shares are worth most now
(RIVAL_SPREAD): to win, the bot must beat the best of them, not the average.
The win-chance estimate assumes a seat that holds a stronger card of the
led company plays it; the lookahead's playouts do take the others as
random players.

Rollouts (the Hard bot's, and the lookahead's own playouts) read the same
position straight from the engine state (`TricksPosition.of_state`), not
from a view, and play the greedy move without listing every legal action:
the same moves with the same random draws, at a fraction of the cost.

Tuning notes (three players, against two random ones; tools/bench_bots.py):
without lookahead it won about 85-87%; leaning to the leading rival gave
about +2 points; looking to the end of a share trick about +3 (margin over
the best opponent from about +105 to +140); searching the last four tricks
about +3; looking to the end of a trick that lays cards about +1. Counting
the lead of the next trick in the lookahead, a bonus for concentrated
holdings, searching the cities, locomotives and lays of the last tricks
too, and expecting random rather than shrewd opponents in the win chance
made no measurable difference. Keeping strong cards for the late
locomotive tricks, counting on the best locomotive for a line, and
forecasting lines with random playouts did worse.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate
from operator import mul, sub
from typing import Any

from game.bots.families.tricks_worlds import WorldBuilder
from game.bots.search import Deal, GreedyLedHooks
from game.rules.base import Action, GameState, View
from game.rules.tricks.cards import (
    CITY_BASE,
    EXCHANGE_BASE,
    INITIAL,
    SHARE,
    card_view,
    lane_entry_view,
    line_item_value,
    share_company,
)
from game.rules.tricks.data import (
    CITY,
    EXCHANGE,
    LOCOMOTIVE,
    RESERVATION,
    TricksData,
    load_tricks_data,
)
from game.rules.tricks.engine import TricksState

# Points the bot gives up to keep one strength point of a card for later tricks.
KEEP_STRENGTH = 0.5
# How much the opponents' shares count against a company's weight (1: as much as ours).
OPPONENTS = 1.0
# How much the bot counts on the others following its lead in a trick that lays cards.
FOLLOWERS = 0.7
# Points of projected lead over another opponent that make an opponent count e times
# more (0: all opponents count alike; with teams they always do).
RIVAL_SPREAD = 40
# How much the cards in hand count as the shares they may become.
FUTURE = 0.5
# How much the lead of the next trick counts when a sure card would win it.
LEAD = 1.0
# How much of a line's expected growth the bot counts on.
ADDITIONS = 1.0

# Playing the last tricks: how many, deals sampled per card, and a win's worth in points.
SEARCH_TRICKS = 4
SAMPLES = 8
WIN_BONUS = 50
# Playing an earlier trick to its end: deals sampled per card in a trick that gives
# shares, and in one that lays cards.
SHARE_SAMPLES = 16
LAYING_SAMPLES = 12
# Cards tried at most in an earlier trick (those the estimates rate best): a time bound.
CANDIDATES = 8

Loco = tuple[int | None, int]  # (distance, cost)
# a seat's opponents, the shares it (and a partner) holds by company, and by
# company the shares each opponent holds (TricksPosition._sides_of)
Sides = tuple[tuple[int, ...], list[int], list[tuple[int, ...]]]


def worth(values: list[int], loco: Loco | None, coming: Sequence[Loco]) -> float:
    """A line's expected share value: its locomotive's, or the average of those to come."""
    # the same lines meet the same locomotives again and again in a search's
    # rollouts: remembered (each store starts afresh at WORTHS_KEPT entries)
    if loco is not None:
        key = (tuple(values), loco)
        known = _RUNS.get(key)
        if known is None:
            if len(_RUNS) >= WORTHS_KEPT:
                _RUNS.clear()
            known = _RUNS[key] = max(0, best_runs(values, [loco[0]])[0] - loco[1])
        return known
    if not coming:
        return 0.0
    # the average over the locomotives to come is the costly case
    key = (tuple(values), tuple(coming))
    known = _WORTHS.get(key)
    if known is None:
        # each run's earnings over its cost added up (whole numbers)
        earned = 0
        distances = []          # (a plain loop: a comprehension costs a function call)
        for d, _ in coming:
            distances.append(d)
        for run, (_, cost) in zip(best_runs(values, distances), coming, strict=True):
            if run > cost:
                earned += run - cost
        known = _keep(_WORTHS, key, earned / len(coming))
    return known


def best_runs(values: list[int], distances: list[int | None]) -> list[int]:
    """best_stretch's sum for each of `distances` (None: the whole line), the
    line's running totals worked out once for all of them."""
    total, length = sum(values), len(values)
    prefix: list[int] | None = None
    runs = []
    for d in distances:
        if d is None or length <= d:
            runs.append(total)
            continue
        if prefix is None:
            prefix = list(accumulate(values, initial=0))
        runs.append(max(map(sub, prefix[d:], prefix)))   # every run of d stations
    return runs


_WORTHS: dict[tuple, float] = {}
_RUNS: dict[tuple, int] = {}
WORTHS_KEPT = 16384


def line_id(values: list[int], loco: Loco | None, coming: tuple[Loco, ...],
            cards: tuple[int, int]) -> int:
    """A number for a line's station values with its locomotive, or those to come,
    and its company's `cards` (how many, their station values summed: what its
    expected additions come from): the worths of the lines as they may grow are
    remembered under it (_LINE_WORTHS, _AHEAD), short keys that outlive a
    rollout (the lines of one deal come back in every rollout from it). A
    number is never given twice."""
    key = (tuple(values), loco, coming, cards)
    known = _LINE_IDS.get(key)
    if known is None:
        known = _keep(_LINE_IDS, key, next(_NUMBERS))
    return known


def laid_worths(number: int, mean: int, count: int, value: int, line: list[int],
                loco: Loco | None, coming: tuple[Loco, ...]) -> tuple[float, float]:
    """The worths of line `number` (station values `line`) expected to grow by
    `count` stations of value `mean`, half at each end, with a station of
    `value` laid at its left and at its right end."""
    key = (number, mean, count, value)
    known = _LINE_WORTHS.get(key)
    if known is None:
        before, after = [mean] * (count // 2), [mean] * (count - count // 2)
        known = _keep(_LINE_WORTHS, key, (worth(before + [value] + line + after, loco, coming),
                                          worth(before + line + [value] + after, loco, coming)))
    return known


def _keep(store: dict, key: Any, value: Any) -> Any:
    """Remember `value` under `key` in `store`, which starts afresh at WORTHS_KEPT
    entries; returns `value`."""
    if len(store) >= WORTHS_KEPT:
        store.clear()
    store[key] = value
    return value


_LINE_IDS: dict[tuple, int] = {}
_NUMBERS = itertools.count()
# by (line_id, expected additions' mean and count): the line's worth; with a
# station's value added, its worths with the station laid at the left and at the
# right; with a locomotive's distance and cost, its worths without a locomotive
# (the others to come) and with that one
_LINE_WORTHS: dict[tuple, Any] = {}
# by (line_id, the company's cards seen and their station values summed, the
# share of the tricks left that lay cards): the line's expected additions (before,
# after), its key in _LINE_WORTHS and its worth
_AHEAD: dict[tuple[int, int, int, float], tuple[tuple[list[int], list[int]],
                                                tuple[int, int, int], float]] = {}

TEAMS = ((0, 2), (1, 3))     # the seats of each team (the engine's, and the view's "teams")


@functools.cache
def table_sides(players: int, teams: bool, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat's side (itself and a partner, with teams) and its opponents, in
    seat order (worked out once per table: positions ask at every move)."""
    partners = tuple(s for team in TEAMS for s in team if seat in team) if teams else (seat,)
    return partners, tuple(s for s in range(players) if s not in partners)
# a lane entry's kind as the view shows it (a company card in the lane shows none)
_LANE_KINDS = {EXCHANGE: EXCHANGE, CITY: CITY, LOCOMOTIVE: LOCOMOTIVE,
               RESERVATION: RESERVATION, SHARE: None}


class _Tables:
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
            known = _keep(self.lanes, key, (kinds, [self.entry_view(e) for e in lane[:2]],
                                            _operating_share(kinds), _operating_now_next(kinds)))
        return known

    def entry_view(self, entry: tuple) -> dict[str, Any]:
        shown = self.entry_views.get(entry)
        if shown is None:
            shown = self.entry_views[entry] = lane_entry_view(self.data, entry)
        return shown


_TABLES: dict[int, _Tables] = {}


def _tables(data: TricksData) -> _Tables:
    """The planner's tables for `data` (by identity: tables differ in tests)."""
    tables = _TABLES.get(id(data))
    if tables is None or tables.data is not data:
        tables = _TABLES[id(data)] = _Tables(data)
    return tables


def _none_drawn(pool: int, marked: int, drawn: int) -> float:
    """The chance that `drawn` cards taken from `pool` include none of `marked`."""
    if marked <= 0:
        return 1.0
    if drawn > pool - marked:
        return 0.0
    key = (pool, marked, drawn)
    known = _NONE_DRAWN.get(key)
    if known is None:         # a few hundred cases in a game: remembered
        known = _NONE_DRAWN[key] = math.comb(pool - marked, drawn) / math.comb(pool, drawn)
    return known


_NONE_DRAWN: dict[tuple[int, int, int], float] = {}


def _unseen(data: TricksData, seen: set[int]) -> list[list[int]]:
    """By company, its cards not in `seen`, weakest first."""
    strengths = data.strengths
    return [[c for c in range(i * strengths, (i + 1) * strengths) if c not in seen]
            for i in range(len(data.companies))]


def _tally(data: TricksData, cards: Iterable[int]) -> tuple[list[int], list[int]]:
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
        self.tables = tables = _tables(data)
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
        self.seen_count, self.seen_sum = _tally(data, seen)
        # by company, its cards not seen (weakest first): what may still beat a card
        self.unseen = _unseen(data, seen)
        # each line's number (line_id) with the locomotives to come, and with
        # those less the one being placed
        cards = tables.company_cards
        self.line_ids = [line_id(values, loco, self.coming, company_cards)
                         for values, loco, company_cards in zip(self.values, self.locos, cards,
                                                               strict=True)]
        self.pending_ids: tuple[tuple[Loco, ...], list[int]] | None = None
        # what _expected_additions reads of the lines as these cards alone tell
        # (no card in the trick): _line_ahead's and the worths by company, and the
        # companies whose entries are out of date (a line grown, a card seen);
        # None until asked, or when every entry is (the lane or the locomotives moved)
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


def quick_lay(state: TricksState, seat: int, public: PublicCards) -> str | None:
    """The end where the greedy player lays its card in `state`, when it can be
    told without the whole position; None when it cannot.

    The position lays at the left if `w * A - w * C > w * B - w * C`, where A,
    B and C are the line's worths with the card at the left, at the right and
    without it, and w is the company's weight: so only the order of A and B and
    the sign of w count (w * A and w * B round apart, the worths being sums of
    station values over at most the five locomotives to come, far from equal in
    the last bits). Equal worths, or w nil, give the right end. The weight
    needs every opponent's rivalry, but these sum to one, so w lies between the
    values it takes with the fewest and the most shares an opponent holds: when
    both are clearly of one sign, that is w's sign."""
    data = state.data
    strengths = data.strengths
    card = dict(state.trick)[seat]
    index = card // strengths
    seen_count, seen_sum = public.seen_count[index], public.seen_sum[index]
    for _, other in state.trick:
        if other // strengths == index:
            seen_count += 1
            seen_sum += data.card_values[other]
    share = public.operating_share
    mean, count = _additions(strengths - seen_count, share,
                             public.tables.value_totals[index] - seen_sum)
    at_left, at_right = laid_worths(public.line_ids[index], mean, count, data.card_values[card],
                                    public.values[index], public.locos[index], public.coming)
    if at_left == at_right:
        return "right"
    partners, others = table_sides(state.players, state.teams, seat)
    # (plain loops here: a comprehension or generator costs a function call)
    counts = public.counts
    held = 0
    for s in partners:
        held += counts[s][index]
    rivals = []
    for s in others:
        rivals.append(counts[s][index])
    mine = 0
    for c in state.hands[seat]:
        if c // strengths == index:
            mine += 1
    later = FUTURE * (1 - share)
    unseen = strengths - seen_count - mine
    weight = held + later * mine - OPPONENTS * later * unseen / (state.players - 1)
    low, high = weight - OPPONENTS * max(rivals), weight - OPPONENTS * min(rivals)
    if low > SURE_SIGN:
        return "left" if at_left > at_right else "right"
    if high < -SURE_SIGN:
        return "left" if at_left < at_right else "right"
    return None


# A weight further from nought than this has the sign its bounds say, whatever the
# order its terms are added in.
SURE_SIGN = 1e-6


def _against(rivalry: list[float], columns: list[tuple[int, ...]]) -> list[float]:
    """By company, the opponents' shares (`columns`) weighed by their `rivalry`:
    sum(map(mul, rivalry, theirs)) for each, written out for the usual two or
    three opponents (the same sums: 0 + x is x, and the terms are added in order)."""
    against = []
    if len(rivalry) == 2:
        r0, r1 = rivalry
        for t0, t1 in columns:
            against.append(r0 * t0 + r1 * t1)
    elif len(rivalry) == 3:
        r0, r1, r2 = rivalry
        for t0, t1, t2 in columns:
            against.append(r0 * t0 + r1 * t1 + r2 * t2)
    else:
        for theirs in columns:
            against.append(sum(map(mul, rivalry, theirs)))
    return against


def _operating_share(kinds: list[str | None]) -> float:
    """The share of the tricks left that lay cards (a city or a locomotive)."""
    operating = sum(k in ("city", "locomotive") for k in kinds)
    return operating / len(kinds) if kinds else 0.0


def _operating_now_next(kinds: list[str | None]) -> tuple[bool, bool]:
    """Whether the trick being played lays cards, and whether the next one does."""
    return (bool(kinds) and kinds[0] in ("city", "locomotive"),
            len(kinds) > 1 and kinds[1] in ("city", "locomotive"))


def _additions(left: int, share: float, remaining: int) -> tuple[int, int]:
    """A line's expected additions, (mean station value, how many): `left`
    company cards still in hands, of station values `remaining` in all."""
    count = round(left * share * ADDITIONS)
    mean = round(remaining / left) if left else 0
    return mean, count


class TricksPosition:
    """What the bot reads from one view (or, in rollouts, from the engine state
    itself: `of_state` reads the same things without building a view). What it
    reads of each company is kept in lists by company index (the engine's
    numbering); names come in only where an action or a view needs them.

    A position lives for one move of a rollout, so it keeps few attributes:
    up to 29, an instance's attributes stay in a compact array shared in
    layout by every position (CPython's key-sharing dicts), which makes a
    position quicker to make, read and drop than one with a dict of its own."""

    def __init__(self, view: View):
        self.tables = tables = _tables(load_tricks_data())
        self.seat: int = view["you"]
        companies: list[str] = view["companies"]
        self.players = len(view["players"])
        self.teams = bool(view.get("teams"))
        index = {name: i for i, name in enumerate(companies)}
        strengths = tables.strengths

        def card(shown: dict[str, Any]) -> int:
            return index[shown["company"]] * strengths + shown["strength"] - 1

        self.values = [[item["value"] for item in view["lines"][c]] for c in companies]
        shown = view["locomotives"]
        self.locos: list[Loco | None] = [
            None if shown[c] is None else (shown[c]["distance"], shown[c]["cost"])
            for c in companies]
        placed = [loco["name"] for loco in shown.values() if loco is not None]
        pending = view["private"].get("pending") or {}
        if pending.get("kind") == "locomotive":
            placed.append(pending["locomotive"]["name"])
        self.coming: tuple[Loco, ...] = tuple(
            (d, cost) for name, d, cost in tables.data.locomotives if name not in placed)
        self.hand: list[int] = [card(c) for c in view["private"]["hand"]]
        self.trick: list[tuple[int, int]] = [(s, card(c)) for s, c in view["trick"]]
        self.led: int | None = None if view["led"] is None else index[view["led"]]
        lane = view["lane"]
        kinds = [e.get("kind") for e in lane]
        self.lane_head: list[dict[str, Any]] = lane[:2]
        self.operating = _operating_now_next(kinds)
        self.cards: list[int] = [p["cards"] for p in view["players"]]
        self.voids: list[int] = [sum(1 << index[c] for c in p["void"])
                                 for p in view["players"]]
        # each seat's shares by company (in company order)
        self.counts: list[list[int]] = [[0] * len(companies) for _ in range(self.players)]
        for player in view["players"]:
            for share in player["shares"]:
                self.counts[player["seat"]][index[share["company"]]] += 1
        # company cards out of every hand and the trick (they are public)
        seen = {card(c) for line in view["lines"].values() for c in line if "strength" in c}
        seen |= {card(c) for p in view["players"] for c in p["shares"] if "strength" in c}
        seen |= {card(c) for c in lane if "strength" in c}
        seen |= {card(c) for c in view["removed_cards"]}
        self.unseen: list[list[int]] = _unseen(tables.data, seen)
        self.operating_share = _operating_share(kinds)
        line_ids = [line_id(values, loco, self.coming, cards)
                    for values, loco, cards in zip(self.values, self.locos,
                                                   tables.company_cards, strict=True)]
        self._sides: dict[int, Sides] = {}
        self._derive(line_ids, *_tally(tables.data, [*seen, *(c for _, c in self.trick)]))

    @classmethod
    def of_state(cls, state: TricksState, seat: int,
                 public: PublicCards | None = None) -> TricksPosition:
        """The position `seat` sees in `state`, read straight from the engine's
        numbers: the same as from `state.view(seat)`, at a fraction of the cost
        (rollouts; tests/test_tricks_bots.py compares the two). `public` is the
        state's public cards read before, if they have not changed since."""
        self = cls.__new__(cls)
        self.seat = seat
        if public is None:
            public = PublicCards(state)
        self.tables = tables = public.tables
        self.players = state.players
        self.teams = state.teams
        self.values = public.values
        self.locos = public.locos
        self.coming = public.coming
        line_ids = public.line_ids
        if state.phase == "locomotive" and seat == state.current:
            locomotives = tables.data.locomotives
            pending = locomotives[state.loco_queue[0]][0]
            self.coming = tuple((d, cost) for name, d, cost in locomotives
                                if name not in public.placed and name != pending)
            known = public.pending_ids
            if known is None or known[0] != self.coming:
                known = public.pending_ids = (self.coming, [
                    line_id(values, loco, self.coming, cards)
                    for values, loco, cards in zip(public.values, public.locos,
                                                   tables.company_cards, strict=True)])
            line_ids = known[1]
        self.hand = state.hands[seat]       # read, never changed (nor kept)
        self.trick = state.trick
        self.led = state.led
        self.lane_head = public.lane_head
        self.operating = public.operating
        self.cards = list(map(len, state.hands))
        self.voids = state.voids
        self.counts = public.counts
        self._sides = public.sides
        self.operating_share = public.operating_share
        self.unseen = public.unseen
        # the public cards and those in the trick, by company (the public cards'
        # own lists when the trick is empty: a position only reads them)
        seen_count, seen_sum = public.seen_count, public.seen_sum
        if state.trick:
            seen_count, seen_sum = list(seen_count), list(seen_sum)
            strengths, card_values = tables.strengths, tables.card_values
            for _, card in state.trick:
                seen_count[card // strengths] += 1
                seen_sum[card // strengths] += card_values[card]
        # lines with no card in the trick read as the public cards alone tell
        # (unless the locomotives to come are not the public cards')
        self._derive(line_ids, seen_count, seen_sum,
                     public if self.coming is public.coming else None)
        return self

    @property
    def companies(self) -> list[str]:
        """The companies' names, by company index."""
        return self.tables.names

    def _derive(self, line_ids: list[int], seen_count: list[int], seen_sum: list[int],
                public: PublicCards | None = None) -> None:
        # per company: the cards out of hands (counted, and their station values summed)
        self.seen_count, self.seen_sum = seen_count, seen_sum
        # with the lines' worths as they are (_worths, by company) and what the
        # lines are expected to get (_lines: _line_ahead's, by company)
        self._expected_additions(line_ids, public)
        self._placing: dict[int, float] = {}  # placing_value by place in the lane
        self._gains: dict[tuple[int, int], tuple[float, str]] = {}  # lay_gain's
        self._masters: list[int] | None = None
        # per company, worked out when first asked: who may beat a card of it
        # (_rivals_of), a share trick's stakes
        self._rivals: dict[int, tuple[int, list[int], int, list[int]]] = {}
        self._terms: dict[int, tuple[float, float]] = {}
        self._weight_list: list[float] | None = None     # weights(), when first asked

    def _expected_additions(self, line_ids: list[int], public: PublicCards | None) -> None:
        """Station values each line may still get (half at each end): the company's
        cards still in hands, in the share of the tricks left that lay cards; the
        lines' worths with them (`_lines`, and their worths alone in `_worths`).
        `public`: the public cards, whose lines as they alone tell these are
        (`line_ids` the lines' numbers), or None."""
        if public is None:
            lines, worths = self._all_lines_ahead(line_ids, self.seen_count, self.seen_sum)
        else:
            # the lines as the public cards alone tell, then those of the companies
            # with cards in the trick
            known = public.lines_ahead
            if known is None:
                known = public.lines_ahead = (
                    *self._all_lines_ahead(line_ids, public.seen_count, public.seen_sum), set())
            elif known[2]:      # brought up to date where the public cards moved
                lines, worths, stale = known
                for index in stale:
                    lines[index] = self._line_ahead(index, line_ids[index],
                                                    public.seen_count[index],
                                                    public.seen_sum[index])
                    worths[index] = lines[index][2]
                stale.clear()
            lines, worths = known[0], known[1]      # read only, unless copied here
            if self.trick:
                lines, worths = lines[:], worths[:]
                strengths, done = self.tables.strengths, []
                for _, card in self.trick:
                    index = card // strengths
                    if index not in done:
                        done.append(index)
                        line = lines[index] = self._line_ahead(
                            index, line_ids[index], self.seen_count[index],
                            self.seen_sum[index])
                        worths[index] = line[2]
        self._lines, self._worths = lines, worths

    def _all_lines_ahead(self, line_ids: list[int], seen_count: list[int],
                         seen_sum: list[int]) -> tuple[list[tuple], list[float]]:
        """_line_ahead for every company, and the lines' worths alone."""
        # (a plain loop: comprehensions cost a function call each)
        lines, worths = [], []
        line_ahead = self._line_ahead
        for index, number in enumerate(line_ids):
            line = line_ahead(index, number, seen_count[index], seen_sum[index])
            lines.append(line)
            worths.append(line[2])
        return lines, worths

    def _line_ahead(self, index: int, number: int, seen_count: int, seen_sum: int) -> tuple:
        """The company's line's expected additions (before, after), its key in
        _LINE_WORTHS and its worth, with `seen_count` of its cards out of hands,
        of station values `seen_sum` (remembered in _AHEAD; `number` its line_id)."""
        share = self.operating_share
        seen = (number, seen_count, seen_sum, share)
        line = _AHEAD.get(seen)
        if line is None:
            left = self.tables.strengths - seen_count
            count = round(left * share * ADDITIONS)
            mean = round((self.tables.value_totals[index] - seen_sum) / left) if left else 0
            before, after = [mean] * (count // 2), [mean] * (count - count // 2)
            key = (number, mean, count)
            known = _LINE_WORTHS.get(key)
            if known is None:
                known = _keep(_LINE_WORTHS, key, worth(before + self.values[index] + after,
                                                      self.locos[index], self.coming))
            line = _keep(_AHEAD, seen, ((before, after), key, known))
        return line

    def weights(self) -> list[float]:
        """Each company's weight (see _weights), worked out when first asked: a
        share trick's stakes need none (see play_value). A method, not a
        __getattr__ hook: a class with one has every attribute read go the slow
        way (CPython cannot specialise them)."""
        weights = self._weight_list
        if weights is None:
            weights = self._weight_list = self._weights()
        return weights

    def _weights(self) -> list[float]:
        """Each company's weight for this seat: the shares it (and a partner) holds
        less the opponents' (see RIVAL_SPREAD), the cards in hand counting as
        shares to come."""
        seat, counts = self.seat, self.counts
        sides = self._sides.get(seat)
        if sides is None:
            sides = self._sides[seat] = self._sides_of(seat)
        others, held, columns = sides
        # cards still in hands become shares in the share tricks left: ours for us,
        # the unseen ones spread over the other seats
        later = FUTURE * (1 - self.operating_share)
        mine = [0] * len(held)
        strengths, seen_count = self.tables.strengths, self.seen_count
        for card in self.hand:
            mine[card // strengths] += 1
        rivalry = self._rivalry(counts, others)
        spread = self.players - 1
        # held + later * mine - OPPONENTS * (against + later * unseen / spread), with
        # `against` the opponents' shares weighed by their rivalry
        # (a plain loop: a comprehension costs a function call)
        weights = []
        for ours, in_hand, against, out in zip(held, mine, _against(rivalry, columns), seen_count,
                                               strict=True):
            weights.append(ours + later * in_hand
                           - OPPONENTS * (against + later * (strengths - out - in_hand) / spread))
        return weights

    def _sides_of(self, seat: int) -> Sides:
        """The seat's opponents, the shares it and a partner hold by company, and
        by company the shares each opponent holds."""
        counts = self.counts
        partners, others = table_sides(self.players, self.teams, seat)
        held = counts[seat] if len(partners) == 1 else [
            sum([counts[s][i] for s in partners]) for i in range(len(counts[seat]))]
        return others, held, list(zip(*map(counts.__getitem__, others), strict=True))

    def _rivalry(self, counts: list[list[int]], others: tuple[int, ...]) -> list[float]:
        """How much each opponent's shares count (in the order of `others`): to win
        the bot must beat the best, so the further one is ahead on its shares'
        present worth the more it counts."""
        if self.teams or RIVAL_SPREAD <= 0:
            return [1 / len(others) for _ in others]
        # (plain loops: a comprehension costs a function call, and there are
        # only a few opponents)
        worths = self._worths
        ahead = []
        for s in others:
            ahead.append(sum(map(mul, counts[s], worths)))
        top, exp = max(ahead), math.exp
        odds = []
        for x in ahead:
            odds.append(exp((x - top) / RIVAL_SPREAD))
        total = sum(odds)
        rivalry = []
        for x in odds:
            rivalry.append(x / total)
        return rivalry

    def weighted(self, company: int) -> float:
        return self.weights()[company] * self._worths[company]

    # --- laying ---------------------------------------------------------------

    def lay_gain(self, company: int, value: int) -> tuple[float, str]:
        """The best weighted change from laying a station of `value`, and its end."""
        gains, key = self._gains, (company, value)
        known = gains.get(key)
        if known is None:
            at_left, at_right = self.lay_worths(company, value)
            weight = self.weights()[company]
            base = weight * self._worths[company]
            left = weight * at_left - base
            right = weight * at_right - base
            known = gains[key] = (
                (left, "left") if left > right else (right, "right"))
        return known

    def lay_worths(self, company: int, value: int) -> tuple[float, float]:
        """The line's worth with a station of `value` laid at its left and at its
        right end (the same for every seat: remembered with the public cards)."""
        number, mean, count = self._lines[company][1]
        return laid_worths(number, mean, count, value, self.values[company],
                           self.locos[company], self.coming)

    def best_city(self, value: int) -> tuple[float, str, str]:
        """The best weighted gain from a city of `value`, its end and its company's
        name (equal gains go to the higher end, then name, as a tuple's max)."""
        best = None
        for c, name in enumerate(self.tables.names):    # max() of a generator, written out
            option = (*self.lay_gain(c, value), name)
            if best is None or option > best:
                best = option
        assert best is not None
        return best

    def best_locomotive(self, loco: Loco, free: list[int]) -> tuple[float, str]:
        """The free line whose placement gives the highest weighted total, and
        its company's name."""
        weights, names = self.weights(), self.tables.names
        # each line's worth with the other locomotives to come and with this one
        # (the same for every seat: remembered with the public cards)
        # (plain loops: comprehensions and generators cost a function call each)
        placing, waiting = [], []
        for c in free:
            without, placed = self._placed_worths(c, loco)
            placing.append(placed)
            waiting.append(weights[c] * without)
        others = sum(waiting)
        best = None
        for c, placed, wait in zip(free, placing, waiting, strict=True):
            option = (weights[c] * placed + others - wait, names[c])
            if best is None or option > best:
                best = option
        assert best is not None
        return best

    def _placed_worths(self, company: int, loco: Loco) -> tuple[float, float]:
        """The line's worth without a locomotive, the others than `loco` to come,
        and with `loco`."""
        (before, after), key, _ = self._lines[company]
        key = (*key, *loco)
        known = _LINE_WORTHS.get(key)
        if known is None:
            rest = list(self.coming)
            if loco in rest:
                rest.remove(loco)
            line = before + self.values[company] + after
            known = _keep(_LINE_WORTHS, key, (worth(line, None, rest), worth(line, loco, rest)))
        return known

    # --- playing --------------------------------------------------------------

    def mean_value(self, company: int) -> int:
        """The mean station value of the company's cards still in hands."""
        left = self.tables.strengths - self.seen_count[company]
        return round((self.tables.value_totals[company] - self.seen_sum[company]) / left) \
            if left else 0

    def _rivals_of(self, company: int) -> tuple[int, list[int], int, list[int]]:
        """Who may beat a card of `company`: the trick's strongest card of it (-1
        if none), its cards neither seen nor in the hand or the trick (weakest
        first), the cards in the hands that may hold them (every seat's but this
        one's, less those void in it) and the hand sizes of those seats still to
        play."""
        hand, strengths = self.hand, self.tables.strengths
        # (a few cards each: lists are quicker to make and search than sets, and
        # plain loops quicker than comprehensions, each a function call)
        played, in_trick = [], []
        top = -1
        for s, c in self.trick:
            played.append(s)
            in_trick.append(c)
            if c // strengths == company and c > top:
                top = c
        unseen = []
        for c in self.unseen[company]:
            if c not in hand and c not in in_trick:
                unseen.append(c)
        seat, voids, cards = self.seat, self.voids, self.cards
        # the unseen cards of the company lie in the hands of the seats not void in it
        bit = 1 << company
        hidden, hands = 0, []
        for s in range(self.players):
            if s != seat and not voids[s] & bit:
                hidden += cards[s]
                if s not in played:
                    hands.append(cards[s])
        return top, unseen, hidden, hands

    def win_chance(self, card: int) -> float:
        """The chance no seat still to play beats `card`, taking it that a seat
        plays a stronger card of the led company whenever it holds one."""
        company = card // self.tables.strengths
        if self.led is not None and self.led != company:
            return 0.0
        rivals = self._rivals.get(company)
        if rivals is None:
            rivals = self._rivals[company] = self._rivals_of(company)
        top, unseen, hidden, hands = rivals
        # a stronger card of the same company has a higher number
        if top > card:
            return 0.0
        stronger = len(unseen) - bisect_right(unseen, card)
        if not stronger:
            return 1.0
        chance, size, none = 1.0, -1, 1.0
        for cards in hands:
            # the seats still to play mostly hold as many cards: looked up once for them
            if cards != size:
                size = cards
                known = _NONE_DRAWN.get((hidden, stronger, cards))
                none = _none_drawn(hidden, stronger, cards) if known is None else known
            chance *= none
        return chance

    def placing_value(self, slot: int) -> float:
        """What winning the city or locomotive at `slot` of the lane (0: this
        trick's, 1: the next one's) brings over leaving it to chance."""
        known = self._placing.get(slot)
        if known is None:
            known = self._placing[slot] = self._placing_value(self.lane_head[slot])
        return known

    def _placing_value(self, entry: dict[str, Any]) -> float:
        if entry.get("kind") == "city":
            return max(self.best_city(entry["value"])[0], 0.0)
        free = [c for c, loco in enumerate(self.locos) if loco is None]
        if not free:
            return 0.0
        loco = (entry["distance"], entry["cost"])
        weights, worths = self.weights(), self._worths
        waiting = 0.0
        for c in free:      # sum(self.weighted(c) for c in free), written out
            waiting += weights[c] * worths[c]
        return max(self.best_locomotive(loco, free)[0] - waiting, 0.0)

    def outlook(self) -> float:
        """The weighted worth of all companies: how the seat stands against its rivals."""
        return sum(self.weighted(c) for c in range(len(self._worths)))

    def holds_master(self, besides: int) -> bool:
        """Whether a card other than `besides` is the strongest left of its company."""
        masters = self._masters
        if masters is None:      # the cards no unseen card of their company beats
            unseen, hand, strengths = self.unseen, self.hand, self.tables.strengths
            in_trick = [c for _, c in self.trick]
            masters = self._masters = []
            for card in hand:
                # a stronger card of its company neither seen nor in the hand or the trick
                for other in unseen[card // strengths]:
                    if other > card and other not in hand and other not in in_trick:
                        break
                else:
                    masters.append(card)
        # any(c != besides for c in masters) without a generator: the masters are
        # distinct cards, so two of them always include another
        return len(masters) > 1 or (bool(masters) and masters[0] != besides)

    def card(self, shown: dict[str, Any]) -> int:
        """The engine's number of a card shown as a dict (a legal action's)."""
        tables = self.tables
        return tables.index[shown["company"]] * tables.strengths + shown["strength"] - 1

    def play_value(self, card: int) -> float:
        """What playing `card` is worth (see play_values)."""
        return self.play_values([card])[0]

    def play_values(self, cards: list[int]) -> list[float]:
        """What playing each of `cards` is worth: the chance of winning the trick
        weighed against what winning and losing bring, the lead of the next trick,
        less the strength spent. All the cards at once: rollouts rate every
        playable card, and what goes with the trick is read once for them."""
        strengths, card_values = self.tables.strengths, self.tables.card_values
        operating_now, operating_next = self.operating
        leading, led = not self.trick, self.led
        win_chance = self.win_chance
        values = []
        for card in cards:
            company = card // strengths
            # (a card off the led company cannot win: win_chance's first test)
            p = 0.0 if led is not None and led != company else win_chance(card)
            keep = KEEP_STRENGTH * (card % strengths + 1)
            # the winner leads next: with a sure card that wins the next city or
            # locomotive; a card that cannot win gets nothing for placing (p * a
            # placing value, never negative, is 0.0): the placing values are not
            # worked out for it
            lead = 0.0
            if p and operating_next and self.holds_master(card):
                lead = LEAD * p * self.placing_value(1)
            if operating_now:
                laid = self.lay_gain(company, card_values[card])[0]
                if leading:
                    # the others follow, laying cards of this company on its line
                    laid += self._followed(company)
                placing = p * self.placing_value(0) if p else 0.0
                values.append(placing + laid + lead - keep)
            else:
                terms = self._terms.get(company)      # _share_terms' memo, without the call
                won, lost = self._share_terms(company) if terms is None else terms
                values.append(p * won + (1 - p) * lost + lead - keep)
        return values

    def _followed(self, company: int) -> float:
        """What the others following a lead of `company` would lay on its line
        (from lay_gain's memo after the first time)."""
        return FOLLOWERS * (self.players - 1) * self.lay_gain(
            company, self.mean_value(company))[0]

    def _share_terms(self, company: int) -> tuple[float, float]:
        """In a share trick, what playing a card of `company` brings if it wins and
        if it loses: the lane's share if won, the played card as a share if lost
        (relative to the opponents: each of them takes a share too, the lane's for
        a winner, mostly one of the led company for the others as they must follow)."""
        known = self._terms.get(company)
        if known is None:
            head = self.lane_head[0]
            taken = head.get("company") if head.get("kind") in ("exchange", None) else None
            worths = self._worths
            lane_worth = worths[self.tables.index[taken]] if taken else 0.0
            led_worth = worths[company if self.led is None else self.led]
            others = max(self.players - 1, 1)
            won = lane_worth - OPPONENTS * led_worth
            lost = worths[company] - OPPONENTS * (
                lane_worth + (others - 1) * led_worth) / others
            known = self._terms[company] = (won, lost)
        return known


class GreedyTricksBot:
    """Plays for the lane entries it values and builds the lines of its companies,
    looking to the end of each trick it plays (to the end of the game at the last)."""

    name = "greedy"

    def __init__(self, rng: random.Random):
        self.rng = rng
        # (state, its public cards' version, what they read) of the last rollout move
        self._public: tuple[TricksState, int, PublicCards] | None = None

    def public_cards(self, state: TricksState) -> PublicCards:
        """The state's public cards, read again only when they have changed: a
        rollout plays on one state object, and a game only goes forward (the
        state is kept, so no other object can take its identity meanwhile)."""
        # the engine's public_version changes whenever the public cards do (every
        # trick won, card or city laid, locomotive placed)
        version = state.public_version
        last = self._public
        if last is not None and last[0] is state:
            public = last[2]
            if last[1] != version:
                public.catch_up(state)
                self._public = (state, version, public)
            return public
        public = PublicCards(state)
        self._public = (state, version, public)
        return public

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) > 1 and legal[0]["type"] == "play":
            if view["tricks_left"] <= SEARCH_TRICKS:
                return self.searched(view, legal, SAMPLES)
            samples = SHARE_SAMPLES if share_trick(view) else LAYING_SAMPLES
            return self.searched(view, self.shortlist(view, legal), samples, horizon=1)
        return self.greedy(view, legal)

    def shortlist(self, view: View, legal: list[Action]) -> list[Action]:
        """The CANDIDATES cards the estimates rate best (in hand order)."""
        if len(legal) <= CANDIDATES:
            return legal
        position = TricksPosition(view)
        rated = sorted(range(len(legal)),
                       key=lambda i: -position.play_value(position.card(legal[i]["card"])))
        return [legal[i] for i in sorted(rated[:CANDIDATES])]

    def greedy(self, view: View, legal: list[Action]) -> Action:
        """The action the position's estimates rate best, without looking ahead."""
        position = TricksPosition(view)
        kind = legal[0]["type"]
        if kind == "play":
            return max(legal, key=lambda a: (position.play_value(position.card(a["card"])),
                                              self.rng.random()))
        pending = view["private"]["pending"]
        if kind == "lay":
            card = pending["card"]
            company = position.tables.index[card["company"]]
            return {"type": "lay", "end": position.lay_gain(company, card["value"])[1]}
        if kind == "city":
            _, end, company = position.best_city(pending["city"]["value"])
            return {"type": "city", "company": company, "end": end}
        loco = (pending["locomotive"]["distance"], pending["locomotive"]["cost"])
        free = [position.tables.index[name] for name in pending["options"]]
        return {"type": "locomotive", "company": position.best_locomotive(loco, free)[1]}

    def greedy_in(self, state: TricksState, seat: int, cards: list[int] | None = None) -> Action:
        """What `greedy(state.view(seat), state.legal_actions(seat))` plays, with
        the same random draws, read from the engine's numbers (rollouts); `cards`
        are the seat's playable cards if already listed."""
        public = self.public_cards(state)
        phase = state.phase
        if phase == "lay":
            end = quick_lay(state, seat, public)
            if end is not None:
                return {"type": "lay", "end": end}
        position = TricksPosition.of_state(state, seat, public)
        data = state.data
        if phase == "play":
            card = self._best_card(position, state.playable_cards(seat) if cards is None
                                   else cards)
            return {"type": "play", "card": card_view(data, card)}
        if phase == "lay":
            card = dict(state.trick)[seat]
            return {"type": "lay", "end": position.lay_gain(data.company_of(card),
                                                           data.card_values[card])[1]}
        if phase == "city":
            assert state.operating is not None
            _, end, company = position.best_city(data.cities[state.operating[1]][1])
            return {"type": "city", "company": company, "end": end}
        loco = data.locomotives[state.loco_queue[0]][1:]
        free = [c for c, placed in enumerate(state.locos) if placed is None]
        return {"type": "locomotive", "company": position.best_locomotive(loco, free)[1]}

    def card_in(self, state: TricksState, seat: int, cards: list[int]) -> int:
        """The number of the card `greedy_in` plays from `cards`, the seat's
        playable cards, with the same random draws."""
        return self._best_card(TricksPosition.of_state(state, seat, self.public_cards(state)),
                               cards)

    def _best_card(self, position: TricksPosition, cards: list[int]) -> int:
        # max(cards, key=lambda c: (position.play_value(c), rng.random())),
        # written out (the same draws, the first of equals kept)
        # (play_value draws nothing: the values may come first, then the draws)
        draw = self.rng.random
        best = card = -1
        for c, value in zip(cards, position.play_values(cards), strict=True):
            key = (value, draw())
            if card < 0 or key > best:
                best, card = key, c
        return card

    def searched(self, view: View, legal: list[Action], samples: int,
                 horizon: int | None = None) -> Action:
        """The action whose playouts end best on average over `samples` deals of
        the cards the seat cannot see (all actions tried on the same deals)."""
        worlds = WorldBuilder(view)
        seat = view["you"]
        stop = None if horizon is None else view["tricks_played"] + horizon
        totals = [0.0] * len(legal)
        for _ in range(samples):
            world = worlds.sample(self.rng)
            seed = self.rng.getrandbits(64)
            for i, action in enumerate(legal):
                state = world.clone()
                state.apply(seat, action)
                totals[i] += self.playout(state, seat, random.Random(seed), stop)
        return legal[totals.index(max(totals))]

    def playout(self, state: TricksState, seat: int, rng: random.Random,
                stop: int | None) -> float:
        """Plays on (this bot's estimates, no lookahead, for `seat`; any legal action
        for the others) to the end, or to the start of trick `stop`; rates the outcome."""
        me = GreedyTricksBot(rng)
        data = state.data
        while not state.is_over:
            if stop is not None and state.tricks_played >= stop and state.phase == "play":
                return TricksPosition.of_state(state, seat, me.public_cards(state)).outlook()
            actor = state.to_act[0]
            if state.phase != "play":
                state.advance_legal(actor, me.greedy_in(state, seat) if actor == seat
                                    else rng.choice(state.legal_actions(actor)))
                continue
            cards = state.playable_cards(actor)
            # greedy_in's card (one draw a card, even for one), or rng.choice of
            # state.legal_actions(actor): the same draw from the cards in their order
            card = me.card_in(state, seat, cards) if actor == seat else rng.choice(cards)
            state.advance_legal(actor, {"type": "play", "card": card_view(data, card)}, card)
        return final_margin(state, seat)


def share_trick(view: View) -> bool:
    """Whether the trick being played gives shares (not a city or locomotive)."""
    return view["lane"][0].get("kind") not in ("city", "locomotive")


def score_margin(state: TricksState, seat: int) -> float:
    """The seat's score over the best opposing score (a partner is no opponent)."""
    return _margin(state.result()["scores"], seat, state)


def _margin(scores: list[int], seat: int, state: TricksState) -> int:
    partner = (seat + 2) % state.players if state.teams else seat
    best_other = max(x for i, x in enumerate(scores) if i not in (seat, partner))
    return scores[seat] - best_other


def final_margin(state: TricksState, seat: int) -> float:
    """The seat's score over the best opposing score, plus WIN_BONUS for a win."""
    margin = _margin(state.scores(), seat, state)
    return margin + WIN_BONUS * (margin >= 0)


class TricksSearch(GreedyLedHooks):
    """The search bot's hooks: the greedy player (without its own lookahead,
    so rollouts stay cheap) plays the rollouts to the end of the game; a
    partner's points are not an opponent's."""

    depth = None
    scale = 60.0
    widest = 5
    greedy_bot = GreedyTricksBot
    greedy: GreedyTricksBot

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        # the last move `act` made and its card number (None unless a play): `play`
        # makes it without checking it again
        self._made: tuple[Action, int | None] | None = None

    def policy(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        assert isinstance(state, TricksState)
        return self.greedy.greedy_in(state, seat)

    def act(self, state: GameState, seat: int) -> Action:
        """The only legal move, else the greedy player's, without listing every
        legal action (the same move and random draws as `SearchHooks.act`)."""
        assert isinstance(state, TricksState)
        phase = state.phase
        action: Action
        if phase == "play":
            cards = state.playable_cards(seat)
            card = cards[0] if len(cards) == 1 else self.greedy.card_in(state, seat, cards)
            action = {"type": "play", "card": card_view(state.data, card)}
            self._made = (action, card)
            return action
        if phase == "locomotive" and state.locos.count(None) == 1:
            # one line left without a locomotive
            action = {"type": "locomotive",
                      "company": state.data.companies[state.locos.index(None)]}
            self._made = (action, None)
            return action
        action = self.greedy.greedy_in(state, seat)
        self._made = (action, None)
        return action

    def play(self, state: GameState, seat: int, action: Action) -> None:
        """The engine's `advance`: `apply` without the events nobody reads here
        (`act` makes a fresh action for every move, so the record may keep it).
        A move `act` made (read from the state as legal) is not checked again."""
        assert isinstance(state, TricksState)
        made = self._made
        if made is not None and made[0] is action:
            self._made = None
            state.advance_legal(seat, action, made[1])
        else:
            state.advance(seat, action)

    def world(self, view: View) -> Deal | None:
        """Deals straight from the view (WorldBuilder.sample deals the unseen
        cards, keeping each seat's known voids): no first world to re-deal."""
        return WorldBuilder(view).sample

    def candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """The `widest` cards the estimates rate best (the prior is tried
        too); every choice of where to lay, place a city or a locomotive."""
        if legal[0]["type"] != "play" or len(legal) <= self.widest:
            return legal
        position = TricksPosition(view)
        return sorted(legal, key=lambda a: -position.play_value(position.card(a["card"])))[
            :self.widest]

    def evaluate(self, state: GameState, seat: int) -> float:
        if not state.is_over:
            return super().evaluate(state, seat)
        assert isinstance(state, TricksState)
        # the result's scores and winners, without its breakdown
        scores = state.scores()
        top = max(scores)
        winners = [s for s, score in enumerate(scores) if score == top]
        share = 1.0 if state.teams else 1.0 / len(winners)    # partners win together
        won = 0.5 * share if seat in winners else 0.0
        return won + 0.25 + 0.25 * math.tanh(_margin(scores, seat, state) / self.scale)

BOTS = {"greedy": GreedyTricksBot}
SEARCH = TricksSearch
