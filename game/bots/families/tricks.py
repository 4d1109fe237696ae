"""A greedy player for the trick-taking railway game.

It values each company by its line: with a locomotive, what the line earns
now; without, the average of what the locomotives still to come would make of
it, and a line is expected to grow by the company's cards still in hands in
the share of the tricks left that lay cards. A company matters to the bot by
its weight: the shares it (and a partner) holds minus the opponents' average,
counting the cards in hand as half the shares they may become. Playing a card, it weighs the
chance of winning the trick (the unseen stronger cards of the led company,
and how many of them the seats still to play may hold) against what winning
and losing each bring: the lane's share or the played card as a share; the
city or locomotive to place where it helps most, and the played card laid at
its better end; winning also gives the lead, worth the next city or
locomotive when it holds a card nobody can beat. Laying, it picks the end and
the line that raise its weighted company values most (or lower those of
companies it holds least).

It assumes a seat that holds a stronger card of the led company plays it
(the odds are not tuned to random opponents). Tuning notes: against two
random players it wins about 87-89% of three-player games; keeping strong
cards for the late locomotive tricks, counting on the best locomotive for a
line, and forecasting lines with random playouts all did worse.
"""

from __future__ import annotations

import random
from typing import Any

from game.bots.search import SearchHooks
from game.rules.base import Action, GameState, View
from game.rules.tricks.data import load_tricks_data
from game.rules.tricks.scoring import best_stretch

# Points the bot gives up to keep one strength point of a card for later tricks.
KEEP_STRENGTH = 0.5
# How much the opponents' shares count against a company's weight (1: as much as ours).
OPPONENTS = 1.0
# How much the bot counts on the others following its lead in a trick that lays cards.
FOLLOWERS = 0.7
# How much the cards in hand count as the shares they may become.
FUTURE = 0.5
# How much the lead of the next trick counts when a sure card would win it.
LEAD = 1.0
# How much of a line's expected growth the bot counts on.
ADDITIONS = 1.0

Loco = tuple[int | None, int]  # (distance, cost)


def worth(values: list[int], loco: Loco | None, coming: list[Loco]) -> float:
    """A line's expected share value: its locomotive's, or the average of those to come."""
    if loco is not None:
        return max(0, best_stretch(values, loco[0])[0] - loco[1])
    if not coming:
        return 0.0
    return sum(max(0, best_stretch(values, d)[0] - cost) for d, cost in coming) / len(coming)


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
        against = {c: sum(counts[s][c] for s in others) / max(len(others), 1)
                   for c in self.companies}
        return {c: sum(counts[s][c] for s in partners) + later * mine[c]
                - OPPONENTS * (against[c] + later * unseen[c] / (self.players - 1))
                for c in self.companies}

    def company_worth(self, company: str, values: list[int] | None = None,
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
        best: tuple[float, str] | None = None
        for company in free:
            total = self.weighted(company, loco=loco)
            total += sum(self.weighted(c, coming=rest) for c in free if c != company)
            if best is None or total > best[0]:
                best = (total, company)
        assert best is not None
        return best

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
        view = self.view
        led = view["led"] or card["company"]
        if card["company"] != led:
            return 0.0
        if any(c["company"] == led and c["strength"] > card["strength"]
               for _, c in view["trick"]):
            return 0.0
        played = {s for s, _ in view["trick"]} | {self.seat}
        others = [p for p in view["players"] if p["seat"] != self.seat]
        hidden = sum(p["cards"] for p in others)
        yet = sum(p["cards"] for p in others if p["seat"] not in played and led not in p["void"])
        if hidden == 0 or yet == 0:
            return 1.0
        return (1 - yet / hidden) ** self.unseen_stronger(led, card["strength"])

    def placing_value(self, entry: dict[str, Any]) -> float:
        """What winning a city or locomotive brings over leaving it to chance."""
        if entry.get("kind") == "city":
            return max(self.best_city(entry["value"])[0], 0.0)
        free = [c for c in self.companies if self.locos[c] is None]
        if not free:
            return 0.0
        loco = (entry["distance"], entry["cost"])
        return max(self.best_locomotive(loco, free)[0]
                   - sum(self.weighted(c) for c in free), 0.0)

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
    """Plays for the lane entries it values and builds the lines of its companies."""

    name = "greedy"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: View, legal: list[Action]) -> Action:
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


class TricksSearch(SearchHooks):
    """The search bot's hooks: the greedy player plays the rollouts for a few
    tricks; the lead is counted in the game's points."""

    depth = 18
    scale = 60.0

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.greedy = GreedyTricksBot(rng)

    def policy(self, state: GameState, seat: int, legal: list[Action]) -> Action:
        return self.greedy.choose(state.view(seat), legal)

    def fallback(self, view: View, legal: list[Action]) -> Action:
        return self.greedy.choose(view, legal)

    def prior(self, view: View, legal: list[Action]) -> Action | None:
        return self.greedy.choose(view, legal)

BOTS = {"greedy": GreedyTricksBot}
SEARCH = TricksSearch
