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

import math
import random
from typing import Any

from game.bots.families.tricks_worlds import WorldBuilder
from game.bots.search import Deal, SearchHooks
from game.rules.base import Action, GameState, View
from game.rules.tricks.data import load_tricks_data
from game.rules.tricks.engine import TricksState
from game.rules.tricks.scoring import best_stretch

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


def worth(values: list[int], loco: Loco | None, coming: list[Loco]) -> float:
    """A line's expected share value: its locomotive's, or the average of those to come."""
    if loco is not None:
        return max(0, best_stretch(values, loco[0])[0] - loco[1])
    if not coming:
        return 0.0
    # the average over the locomotives to come is the costly case, and the
    # same lines meet the same locomotives again and again in a search's
    # rollouts: remembered (the store starts afresh at WORTHS_KEPT entries)
    key = (tuple(values), tuple(coming))
    known = _WORTHS.get(key)
    if known is None:
        if len(_WORTHS) >= WORTHS_KEPT:
            _WORTHS.clear()
        known = _WORTHS[key] = sum(max(0, best_stretch(values, d)[0] - cost)
                                   for d, cost in coming) / len(coming)
    return known


_WORTHS: dict[tuple, float] = {}
WORTHS_KEPT = 16384


def _none_drawn(pool: int, marked: int, drawn: int) -> float:
    """The chance that `drawn` cards taken from `pool` include none of `marked`."""
    if marked <= 0:
        return 1.0
    if drawn > pool - marked:
        return 0.0
    return math.comb(pool - marked, drawn) / math.comb(pool, drawn)


class TricksPosition:
    """What the bot reads from one view."""

    def __init__(self, view: View):
        self.view = view
        self.data = load_tricks_data()
        self.seat: int = view["you"]
        self.companies: list[str] = view["companies"]
        self.players = len(view["players"])
        self.values = {c: [item["value"] for item in view["lines"][c]] for c in self.companies}
        self.locos: dict[str, Loco | None] = {
            c: None if loco is None else (loco["distance"], loco["cost"])
            for c, loco in view["locomotives"].items()}
        placed = [loco["name"] for loco in view["locomotives"].values() if loco is not None]
        pending = view["private"].get("pending") or {}
        if pending.get("kind") == "locomotive":
            placed.append(pending["locomotive"]["name"])
        self.coming: list[Loco] = [(d, cost) for name, d, cost in self.data.locomotives
                                   if name not in placed]
        self.seen = self._seen()
        self.extras = self._expected_additions()
        self._worths: dict[str, float] = {}  # company_worth of the lines as they are
        self._placing: dict[tuple[Any, Any], float] = {}  # placing_value by lane entry
        self.weights = self._weights()

    def _seen(self) -> set[tuple[str, int]]:
        """Company cards out of every hand but this seat's (they are public)."""
        view = self.view
        seen = {(c["company"], c["strength"]) for _, c in view["trick"]}
        seen |= {(c["company"], c["strength"]) for line in view["lines"].values()
                 for c in line if "strength" in c}
        seen |= {(c["company"], c["strength"]) for p in view["players"] for c in p["shares"]
                 if "strength" in c}
        seen |= {(c["company"], c["strength"]) for c in view["lane"] if "strength" in c}
        seen |= {(c["company"], c["strength"]) for c in view["removed_cards"]}
        return seen

    def _expected_additions(self) -> dict[str, tuple[list[int], list[int]]]:
        """Station values each line may still get (half at each end): the company's
        cards still in hands, in the share of the tricks left that lay cards."""
        lane = self.view["lane"]
        operating = sum(e.get("kind") in ("city", "locomotive") for e in lane)
        share = self.operating_share = operating / len(lane) if lane else 0.0
        out = {}
        strengths = self.data.strengths
        for index, company in enumerate(self.companies):
            left = [self.data.card_values[index * strengths + s - 1]
                    for s in range(1, strengths + 1) if (company, s) not in self.seen]
            count = round(len(left) * share * ADDITIONS)
            mean = round(sum(left) / len(left)) if left else 0
            out[company] = ([mean] * (count // 2), [mean] * (count - count // 2))
        return out

    def _weights(self) -> dict[str, float]:
        partners = {self.seat}
        if self.view.get("teams"):
            partners = {s for team in self.view["teams"] for s in team if self.seat in team}
        counts = [{c: 0 for c in self.companies} for _ in range(self.players)]
        for player in self.view["players"]:
            for share in player["shares"]:
                counts[player["seat"]][share["company"]] += 1
        others = [s for s in range(self.players) if s not in partners]
        # cards still in hands become shares in the share tricks left: ours for us,
        # the unseen ones spread over the other seats
        later = FUTURE * (1 - self.operating_share)
        mine = {c: 0 for c in self.companies}
        for card in self.view["private"]["hand"]:
            mine[card["company"]] += 1
        unseen = {c: sum((c, s) not in self.seen for s in range(1, self.data.strengths + 1))
                  - mine[c] for c in self.companies}
        rivalry = self._rivalry(counts, others)
        against = {c: sum(rivalry[s] * counts[s][c] for s in others) for c in self.companies}
        return {c: sum(counts[s][c] for s in partners) + later * mine[c]
                - OPPONENTS * (against[c] + later * unseen[c] / (self.players - 1))
                for c in self.companies}

    def _rivalry(self, counts: list[dict[str, int]], others: list[int]) -> dict[int, float]:
        """How much each opponent's shares count: to win the bot must beat the best, so
        the further one is ahead on its shares' present worth the more it counts."""
        if self.view.get("teams") or RIVAL_SPREAD <= 0:
            return {s: 1 / len(others) for s in others}
        worths = {c: self.company_worth(c) for c in self.companies}
        ahead = {s: sum(n * worths[c] for c, n in counts[s].items()) for s in others}
        top = max(ahead.values())
        odds = {s: math.exp((ahead[s] - top) / RIVAL_SPREAD) for s in others}
        total = sum(odds.values())
        return {s: x / total for s, x in odds.items()}

    def company_worth(self, company: str, values: list[int] | None = None,
                      loco: Loco | None = None, coming: list[Loco] | None = None) -> float:
        if values is None and loco is None and coming is None:
            known = self._worths.get(company)
            if known is None:
                known = self._worths[company] = self._company_worth(company)
            return known
        return self._company_worth(company, values, loco, coming)

    def _company_worth(self, company: str, values: list[int] | None = None,
                       loco: Loco | None = None, coming: list[Loco] | None = None) -> float:
        left, right = self.extras[company]
        line = self.values[company] if values is None else values
        return worth(left + line + right, self.locos[company] if loco is None else loco,
                     self.coming if coming is None else coming)

    def weighted(self, company: str, **change: Any) -> float:
        return self.weights[company] * self.company_worth(company, **change)

    # --- laying ---------------------------------------------------------------

    def lay_gain(self, company: str, value: int) -> tuple[float, str]:
        """The best weighted change from laying a station of `value`, and its end."""
        line = self.values[company]
        base = self.weighted(company)
        left = self.weighted(company, values=[value] + line) - base
        right = self.weighted(company, values=line + [value]) - base
        return (left, "left") if left > right else (right, "right")

    def best_city(self, value: int) -> tuple[float, str, str]:
        return max((*self.lay_gain(c, value), c) for c in self.companies)

    def best_locomotive(self, loco: Loco, free: list[str]) -> tuple[float, str]:
        """The free line whose placement gives the highest weighted total."""
        rest = list(self.coming)
        if loco in rest:
            rest.remove(loco)
        waiting = {c: self.weighted(c, coming=rest) for c in free}
        others = sum(waiting.values())
        return max((self.weighted(c, loco=loco) + others - waiting[c], c) for c in free)

    # --- playing --------------------------------------------------------------

    def mean_value(self, company: str) -> int:
        """The mean station value of the company's cards still in hands."""
        index = self.companies.index(company)
        values = [self.data.card_values[index * self.data.strengths + s - 1]
                  for s in range(1, self.data.strengths + 1) if (company, s) not in self.seen]
        return round(sum(values) / len(values)) if values else 0

    def unseen_stronger(self, company: str, strength: int) -> int:
        mine = {(c["company"], c["strength"]) for c in self.view["private"]["hand"]}
        return sum((company, s) not in self.seen and (company, s) not in mine
                   for s in range(strength + 1, self.data.strengths + 1))

    def win_chance(self, card: dict[str, Any]) -> float:
        """The chance no seat still to play beats `card`, taking it that a seat
        plays a stronger card of the led company whenever it holds one."""
        view = self.view
        led = view["led"] or card["company"]
        if card["company"] != led:
            return 0.0
        if any(c["company"] == led and c["strength"] > card["strength"]
               for _, c in view["trick"]):
            return 0.0
        stronger = self.unseen_stronger(led, card["strength"])
        if not stronger:
            return 1.0
        played = {s for s, _ in view["trick"]} | {self.seat}
        # the unseen cards of the led company lie in the hands of the seats not void in it
        able = [p for p in view["players"] if p["seat"] != self.seat and led not in p["void"]]
        hidden = sum(p["cards"] for p in able)
        chance = 1.0
        for p in able:
            if p["seat"] not in played:
                chance *= _none_drawn(hidden, stronger, p["cards"])
        return chance

    def placing_value(self, entry: dict[str, Any]) -> float:
        """What winning a city or locomotive brings over leaving it to chance."""
        key = (entry.get("kind"), entry.get("name"))
        known = self._placing.get(key)
        if known is None:
            known = self._placing[key] = self._placing_value(entry)
        return known

    def _placing_value(self, entry: dict[str, Any]) -> float:
        if entry.get("kind") == "city":
            return max(self.best_city(entry["value"])[0], 0.0)
        free = [c for c in self.companies if self.locos[c] is None]
        if not free:
            return 0.0
        loco = (entry["distance"], entry["cost"])
        return max(self.best_locomotive(loco, free)[0]
                   - sum(self.weighted(c) for c in free), 0.0)

    def outlook(self) -> float:
        """The weighted worth of all companies: how the seat stands against its rivals."""
        return sum(self.weighted(c) for c in self.companies)

    def holds_master(self, besides: dict[str, Any]) -> bool:
        """Whether a card other than `besides` is the strongest left of its company."""
        return any(c != besides and not self.unseen_stronger(c["company"], c["strength"])
                   for c in self.view["private"]["hand"])

    def play_value(self, card: dict[str, Any]) -> float:
        lane = self.view["lane"]
        p = self.win_chance(card)
        keep = KEEP_STRENGTH * card["strength"]
        kind = lane[0].get("kind")
        # the winner leads next: with a sure card that wins the next city or locomotive
        lead = 0.0
        if len(lane) > 1 and lane[1].get("kind") in ("city", "locomotive") \
                and self.holds_master(card):
            lead = LEAD * p * self.placing_value(lane[1])
        if kind == "city" or kind == "locomotive":
            laid = self.lay_gain(card["company"], card["value"])[0]
            if not self.view["trick"]:
                # leading: the others follow, laying cards of this company on its line
                laid += FOLLOWERS * (self.players - 1) * self.lay_gain(
                    card["company"], self.mean_value(card["company"]))[0]
            return p * self.placing_value(lane[0]) + laid + lead - keep
        # a share trick: the lane's share if won, the played card as a share if lost
        # (relative to the opponents: each of them takes a share too, the lane's for
        # a winner, mostly one of the led company for the others as they must follow)
        taken = lane[0].get("company") if kind in ("exchange", None) else None
        lane_worth = self.company_worth(taken) if taken else 0.0
        led_worth = self.company_worth(self.view["led"] or card["company"])
        others = max(self.players - 1, 1)
        won = lane_worth - OPPONENTS * led_worth
        lost = self.company_worth(card["company"]) - OPPONENTS * (
            lane_worth + (others - 1) * led_worth) / others
        return p * won + (1 - p) * lost + lead - keep


class GreedyTricksBot:
    """Plays for the lane entries it values and builds the lines of its companies,
    looking to the end of each trick it plays (to the end of the game at the last)."""

    name = "greedy"

    def __init__(self, rng: random.Random):
        self.rng = rng

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
        rated = sorted(range(len(legal)), key=lambda i: -position.play_value(legal[i]["card"]))
        return [legal[i] for i in sorted(rated[:CANDIDATES])]

    def greedy(self, view: View, legal: list[Action]) -> Action:
        """The action the position's estimates rate best, without looking ahead."""
        position = TricksPosition(view)
        kind = legal[0]["type"]
        if kind == "play":
            return max(legal, key=lambda a: (position.play_value(a["card"]), self.rng.random()))
        pending = view["private"]["pending"]
        if kind == "lay":
            card = pending["card"]
            return {"type": "lay", "end": position.lay_gain(card["company"], card["value"])[1]}
        if kind == "city":
            _, end, company = position.best_city(pending["city"]["value"])
            return {"type": "city", "company": company, "end": end}
        loco = (pending["locomotive"]["distance"], pending["locomotive"]["cost"])
        return {"type": "locomotive",
                "company": position.best_locomotive(loco, pending["options"])[1]}

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
        while not state.is_over:
            if stop is not None and state.tricks_played >= stop and state.phase == "play":
                return TricksPosition(state.view(seat)).outlook()
            actor = state.to_act[0]
            legal = state.legal_actions(actor)
            action = me.greedy(state.view(seat), legal) if actor == seat else rng.choice(legal)
            state.apply(actor, action)
        return final_margin(state, seat)


def share_trick(view: View) -> bool:
    """Whether the trick being played gives shares (not a city or locomotive)."""
    return view["lane"][0].get("kind") not in ("city", "locomotive")


def score_margin(state: TricksState, seat: int) -> float:
    """The seat's score over the best opposing score (a partner is no opponent)."""
    scores = state.result()["scores"]
    partner = (seat + 2) % state.players if state.teams else seat
    best_other = max(x for i, x in enumerate(scores) if i not in (seat, partner))
    return scores[seat] - best_other


def final_margin(state: TricksState, seat: int) -> float:
    """The seat's score over the best opposing score, plus WIN_BONUS for a win."""
    margin = score_margin(state, seat)
    return margin + WIN_BONUS * (margin >= 0)


class TricksSearch(SearchHooks):
    """The search bot's hooks: the greedy player (without its own lookahead,
    so rollouts stay cheap) plays the rollouts to the end of the game; a
    partner's points are not an opponent's."""

    depth = None
    scale = 60.0
    widest = 5

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.greedy = GreedyTricksBot(rng)

    def policy(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        return self.greedy.greedy(state.view(seat), legal)

    def fallback(self, view: View, legal: list[Action]) -> Action:
        return self.greedy.choose(view, legal)

    def prior(self, view: View, legal: list[Action]) -> Action | None:
        return self.greedy.choose(view, legal)

    def world(self, view: View) -> Deal | None:
        return WorldBuilder(view).sample

    def candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """The `widest` cards the estimates rate best (the prior is tried
        too); every choice of where to lay, place a city or a locomotive."""
        if legal[0]["type"] != "play" or len(legal) <= self.widest:
            return legal
        position = TricksPosition(view)
        return sorted(legal, key=lambda a: -position.play_value(a["card"]))[:self.widest]

    def evaluate(self, state: GameState, seat: int) -> float:
        if not state.is_over:
            return super().evaluate(state, seat)
        winners = state.result()["winners"]
        share = 1.0 if state.teams else 1.0 / len(winners)    # partners win together
        won = 0.5 * share if seat in winners else 0.0
        return won + 0.25 + 0.25 * math.tanh(score_margin(state, seat) / self.scale)

BOTS = {"greedy": GreedyTricksBot}
SEARCH = TricksSearch
