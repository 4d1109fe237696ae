"""A greedy player for the trick-taking railway game.

It values each company by its line: with a locomotive, what the line earns
now; without, the average of what the locomotives still to come would make of
it, and a line is expected to grow by the company's cards still in hands in
the share of the tricks left that lay cards. A company matters to the bot by
its weight: the shares it (and a partner) holds minus the opponents' (see
RIVAL_SPREAD in tricks_reading.py), counting the cards in hand as half the
shares they may become. Playing a card, it weighs the chance of winning the trick (the
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

Here are the greedy player with its lookahead and the search bot's hooks;
their parts sit beside this module: a line's worth (tricks_worths.py), the
card tables and public cards (tricks_public.py), a seat's reading of its
position and the companies' weights (tricks_reading.py), what each move is
worth (tricks_position.py) and the deals of the unseen cards
(tricks_worlds.py).

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

import math
import random

from game.bots.families.tricks_position import TricksPosition, quick_lay
from game.bots.families.tricks_public import PublicCards
from game.bots.families.tricks_worlds import WorldBuilder
from game.bots.search import Deal, GreedyLedHooks
from game.rules.base import Action, GameState, View
from game.rules.tricks.cards import card_view
from game.rules.tricks.engine import TricksState

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
