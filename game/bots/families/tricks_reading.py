"""What a seat of Railway Tricks reads of its position, and how much each
company matters to it.

A position (`PositionReading`) holds, by company, what one seat sees (from
its view, or in rollouts straight from the engine state), what each line is
expected to get from the company's cards still in hands and what it is then
worth, and the company's weight for the seat: the shares it (and a partner)
holds less the opponents', leaning to the opponent ahead (RIVAL_SPREAD), the
cards in hand counting as shares to come. What moves are worth from there is
tricks_position.py's `TricksPosition`, built on it.
"""

from __future__ import annotations

import math
from operator import mul
from typing import Any, TypeVar

from game.bots.families.tricks_public import (
    PublicCards,
    Sides,
    card_tables,
    operating_now_next,
    operating_share_of,
    table_sides,
    tally,
    unseen_cards,
)
from game.bots.families.tricks_worths import LINE_WORTHS, Loco, line_id, remember, worth
from game.rules.base import View
from game.rules.tricks.data import load_tricks_data
from game.rules.tricks.engine import TricksState

# How much the opponents' shares count against a company's weight (1: as much as ours).
OPPONENTS = 1.0
# Points of projected lead over another opponent that make an opponent count e times
# more (0: all opponents count alike; with teams they always do).
RIVAL_SPREAD = 40
# How much the cards in hand count as the shares they may become.
FUTURE = 0.5
# How much of a line's expected growth the bot counts on.
ADDITIONS = 1.0

# by (line_id, the company's cards seen and their station values summed, the
# share of the tricks left that lay cards): the line's expected additions (before,
# after), its key in LINE_WORTHS and its worth
_AHEAD: dict[tuple[int, int, int, float], tuple[tuple[list[int], list[int]],
                                                tuple[int, int, int], float]] = {}


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


_Position = TypeVar("_Position", bound="PositionReading")


class PositionReading:
    """What the bot reads from one view (or, in rollouts, from the engine state
    itself: `of_state` reads the same things without building a view). What it
    reads of each company is kept in lists by company index (the engine's
    numbering); names come in only where an action or a view needs them.

    A position lives for one move of a rollout, so it keeps few attributes
    (TricksPosition's memos included): up to 29, an instance's attributes
    stay in a compact array shared in layout by every position (CPython's
    key-sharing dicts), which makes a position quicker to make, read and drop
    than one with a dict of its own."""

    def __init__(self, view: View):
        self.tables = tables = card_tables(load_tricks_data())
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
        self.operating = operating_now_next(kinds)
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
        self.unseen: list[list[int]] = unseen_cards(tables.data, seen)
        self.operating_share = operating_share_of(kinds)
        line_ids = [line_id(values, loco, self.coming, cards)
                    for values, loco, cards in zip(self.values, self.locos,
                                                   tables.company_cards, strict=True)]
        self._sides: dict[int, Sides] = {}
        self._derive(line_ids, *tally(tables.data, [*seen, *(c for _, c in self.trick)]))

    @classmethod
    def of_state(cls: type[_Position], state: TricksState, seat: int,
                 public: PublicCards | None = None) -> _Position:
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
        """What follows from the cards read: the lines' outlook; weights when asked."""
        # per company: the cards out of hands (counted, and their station values summed)
        self.seen_count, self.seen_sum = seen_count, seen_sum
        # with the lines' worths as they are (_worths, by company) and what the
        # lines are expected to get (_lines: _line_ahead's, by company)
        self._expected_additions(line_ids, public)
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
        LINE_WORTHS and its worth, with `seen_count` of its cards out of hands,
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
            known = LINE_WORTHS.get(key)
            if known is None:
                known = remember(LINE_WORTHS, key, worth(before + self.values[index] + after,
                                                      self.locos[index], self.coming))
            line = remember(_AHEAD, seen, ((before, after), key, known))
        return line

    def weights(self) -> list[float]:
        """Each company's weight (see _weights), worked out when first asked: a
        share trick's stakes need none (see TricksPosition.play_value). A
        method, not a __getattr__ hook: a class with one has every attribute
        read go the slow way (CPython cannot specialise them)."""
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

    def outlook(self) -> float:
        """The weighted worth of all companies: how the seat stands against its rivals."""
        return sum(self.weighted(c) for c in range(len(self._worths)))

    def card(self, shown: dict[str, Any]) -> int:
        """The engine's number of a card shown as a dict (a legal action's)."""
        tables = self.tables
        return tables.index[shown["company"]] * tables.strengths + shown["strength"] - 1
