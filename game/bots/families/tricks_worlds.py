"""Whole Railway Tricks states a seat cannot tell from its view (for search bots).

A bot sees only its view; to look ahead it rebuilds an engine state from the
public part of the view and its own hand, and deals the cards it cannot see
to the other seats, honouring the companies each showed it lacks. Every
phase is rebuilt: after a trick that lays cards, the city or locomotive
being placed comes from the view's last trick and pending entry, and the
seats still to lay are those whose card is still in the trick.
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.base import View
from game.rules.tricks.cards import CITY_BASE, EXCHANGE_BASE, INITIAL, SHARE
from game.rules.tricks.data import (
    CITY,
    EXCHANGE,
    LOCOMOTIVE,
    RESERVATION,
    load_tricks_data,
)
from game.rules.tricks.deal import deal_respecting_voids
from game.rules.tricks.engine import TricksState


class WorldBuilder:
    """Turns one play-phase view into engine states with the hidden hands dealt."""

    def __init__(self, view: View):
        self.data = data = load_tricks_data()
        self.view = view
        self.company = {name: i for i, name in enumerate(data.companies)}
        self.city = {name: i for i, (name, _) in enumerate(data.cities)}
        self.loco = {name: i for i, (name, _, _) in enumerate(data.locomotives)}
        self.base = self._public_state()
        seat = view["you"]
        self.others = {p["seat"]: p["cards"] for p in view["players"] if p["seat"] != seat}
        self.voids = {p["seat"]: sum(1 << self.company[c] for c in p["void"])
                      for p in view["players"] if p["seat"] != seat}
        self.unseen = sorted(set(range(data.card_count)) - self._seen())

    def card(self, shown: dict[str, Any]) -> int:
        return self.data.card_number(self.company[shown["company"]], shown["strength"])

    def sample(self, rng: random.Random) -> TricksState:
        """An engine state with the unseen cards dealt to the other seats."""
        state = self.base.clone()
        hands = deal_respecting_voids(self.unseen, self.others, self.voids,
                                      self.data.company_of, rng)
        for seat, hand in hands.items():
            state.hands[seat] = hand
        return state

    def _seen(self) -> set[int]:
        state = self.base
        seen = {x for line in state.lines for x in line if x >= 0}
        seen |= {x for shares in state.shares for x in shares if x < EXCHANGE_BASE}
        seen |= {payload for kind, payload in state.lane if kind == SHARE}
        seen |= {card for _, card in state.trick}
        seen |= set(state.removed) | set(state.hands[self.view["you"]])
        return seen

    def _line_item(self, item: dict[str, Any]) -> int:
        if "strength" in item:
            return self.card(item)
        if item.get("kind") == "initial":
            return INITIAL
        return CITY_BASE - self.city[item["name"]]

    def _lane_entry(self, entry: dict[str, Any]) -> tuple[str, Any]:
        kind = entry.get("kind")
        if kind == EXCHANGE:
            return EXCHANGE, self.company[entry["company"]]
        if kind == CITY:
            return CITY, self.city[entry["name"]]
        if kind == LOCOMOTIVE:
            return LOCOMOTIVE, tuple(self.loco[x["name"]] for x in [entry, *entry["with"]])
        if kind == RESERVATION:
            return RESERVATION, None
        return SHARE, self.card(entry)

    def _share(self, share: dict[str, Any]) -> int:
        if share.get("kind") == "exchange":
            return EXCHANGE_BASE + self.company[share["company"]]
        return self.card(share)

    def _public_state(self) -> TricksState:
        view, data = self.view, self.data
        state = TricksState.__new__(TricksState)
        state._setup(view["game"], len(view["players"]), 0, data,
                     view["options"]["expert"], view["options"]["teams"])
        state.hands = [[] for _ in view["players"]]
        state.hands[view["you"]] = sorted(self.card(c) for c in view["private"]["hand"])
        state.lines = [[self._line_item(x) for x in view["lines"][name]]
                       for name in data.companies]
        state.lane = [self._lane_entry(e) for e in view["lane"]]
        state.locos = [None if view["locomotives"][name] is None
                       else self.loco[view["locomotives"][name]["name"]]
                       for name in data.companies]
        state.shares = [[self._share(x) for x in p["shares"]] for p in view["players"]]
        state.removed = [self.card(c) for c in view["removed_cards"]]
        state.voids = [sum(1 << self.company[c] for c in p["void"]) for p in view["players"]]
        state.trick = [(s, self.card(c)) for s, c in view["trick"]]
        state.led = None if view["led"] is None else self.company[view["led"]]
        state.leader = view["leader"]
        state.current = view["current"]
        state.tricks_played = view["tricks_played"]
        state.phase = view["phase"]
        last = view["last_trick"]
        if last is not None:
            state.last_trick = (last["winner"], self.company[last["led"]],
                                tuple((s, self.card(c)) for s, c in last["cards"]),
                                self._lane_entry(last["lane"]))
        if state.phase != "play":
            self._operating(state)
        return state

    def _operating(self, state: TricksState) -> None:
        """The trick being resolved: its lane entry, locomotives left, seats to lay."""
        view = self.view
        last = view["last_trick"]
        winner = last["winner"]
        state.leader = winner
        state.current = winner
        state.operating = self._lane_entry(last["lane"])
        holding = {s for s, _ in state.trick}
        state.lay_queue = [s for s in ((winner + i) % state.players
                                       for i in range(state.players)) if s in holding]
        pending = view["private"].get("pending") or {}
        if state.phase == "locomotive":
            locos = list(state.operating[1])
            state.loco_queue = locos[locos.index(self.loco[pending["locomotive"]["name"]]):]

