"""What each move is worth to a seat of Railway Tricks.

`TricksPosition` adds to a seat's reading of its position (tricks_reading.py)
what its moves bring: laying a card at either end of its company's line,
placing a city or a locomotive, and playing a card, the chance of winning the
trick (the unseen stronger cards of the led company, and how likely the seats
still to play are to hold one, hypergeometrically) weighed against what
winning and losing each bring. `quick_lay` tells a lay's end without the
whole position when the bounds of the company's weight tell it (rollouts).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from typing import Any

from game.bots.families.tricks_public import PublicCards, table_sides
from game.bots.families.tricks_reading import (
    ADDITIONS,
    FUTURE,
    OPPONENTS,
    PositionReading,
)
from game.bots.families.tricks_worths import LINE_WORTHS, Loco, laid_worths, remember, worth
from game.rules.tricks.engine import TricksState

# Points the bot gives up to keep one strength point of a card for later tricks.
KEEP_STRENGTH = 0.5
# How much the bot counts on the others following its lead in a trick that lays cards.
FOLLOWERS = 0.7
# How much the lead of the next trick counts when a sure card would win it.
LEAD = 1.0


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


def quick_lay(state: TricksState, seat: int, public: PublicCards) -> str | None:
    """The end where the greedy player lays its card in `state`, when it can be
    told without the whole position; None when it cannot.

    The position lays at the left if `w * A - w * C > w * B - w * C`, where A,
    B and C are the line's worths with the card at the left, at the right and
    without it, and w is the company's weight (PositionReading._weights): so
    only the order of A and B and the sign of w count (w * A and w * B round
    apart, the worths being sums of station values over at most the five
    locomotives to come, far from equal in the last bits). Equal worths, or w
    nil, give the right end. The weight needs every opponent's rivalry, but
    these sum to one, so w lies between the values it takes with the fewest
    and the most shares an opponent holds: when both are clearly of one sign,
    that is w's sign."""
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


def _additions(left: int, share: float, remaining: int) -> tuple[int, int]:
    """A line's expected additions, (mean station value, how many): `left`
    company cards still in hands, of station values `remaining` in all."""
    count = round(left * share * ADDITIONS)
    mean = round(remaining / left) if left else 0
    return mean, count


class TricksPosition(PositionReading):
    """A seat's position (see PositionReading) with what each of its moves is
    worth: where to lay a card, place a city or a locomotive, and which card
    to play."""

    def _derive(self, line_ids: list[int], seen_count: list[int], seen_sum: list[int],
                public: PublicCards | None = None) -> None:
        """The reading's figures, and this position's memos of its moves, empty."""
        super()._derive(line_ids, seen_count, seen_sum, public)
        self._placing: dict[int, float] = {}  # placing_value by place in the lane
        self._gains: dict[tuple[int, int], tuple[float, str]] = {}  # lay_gain's
        self._masters: list[int] | None = None
        # per company, worked out when first asked: who may beat a card of it
        # (_rivals_of), a share trick's stakes
        self._rivals: dict[int, tuple[int, list[int], int, list[int]]] = {}
        self._terms: dict[int, tuple[float, float]] = {}

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
        known = LINE_WORTHS.get(key)
        if known is None:
            rest = list(self.coming)
            if loco in rest:
                rest.remove(loco)
            line = before + self.values[company] + after
            known = remember(LINE_WORTHS, key, (worth(line, None, rest), worth(line, loco, rest)))
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
