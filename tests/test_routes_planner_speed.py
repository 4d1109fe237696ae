"""The route planner's shortcuts (game/bots/families/routes_planner.py and its
parts beside it) give what working everything out afresh gives.

A rollout replans a seat after each of its claims; a plan made before lends
the new one the paths its searches would find again (Lender), by three
rules about the path search, tested here on the planner's own search over
the boards' pairs; whole rollouts then check every lent plan against the
plan made afresh. Region gains, patched graphs, the owners' numbers and the
claim chosen from the tracks worth most are each checked against their
plain versions.
"""

from __future__ import annotations

import random

import pytest

from game.bots import dealer, make_bot
from game.bots.families import routes_lender, routes_owners, routes_planner
from game.bots.families.routes_graph import INF
from game.bots.families.routes_greedy import RoutesGreedy
from game.bots.families.routes_search import _SeatPlan
from game.rules import create
from game.rules.routes.board import load_board
from game.rules.routes.engine import RULES
from game.rules.routes.scoring import RegionScores, region_bonus


def _position(game_id: str, players: int, seed: int, steps: int):
    """A state `steps` moves into a game of Normal bots."""
    state = create(game_id, players, seed)
    bots = [make_bot("greedy", seed * 10 + s) for s in range(players)]
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game_id", ["routes-usa", "routes-italy"])
def test_the_three_rules_a_lent_path_rests_on_hold_for_the_planners_search(game_id):
    """On random costs over a board's pairs (free and blocked ones among
    them), the search finds its path again when (a) a pair off the path
    gets dearer or is cut, (b) a pair on the path gets cheaper, (c) a pair
    off the path gets cheaper with neither end a node the search reached no
    farther than the path's cost."""
    state = create(game_id, 2, 1)
    planner = routes_planner.RoutesPlanner.of_state(state, 0)
    nodes = planner._nodes
    planner._adjacency = planner._graph()
    cities = sorted(c for c in planner.board.cities if c not in nodes.dead_ends)
    rng = random.Random(7)
    tried = {"dearer": 0, "on path": 0, "out of reach": 0}
    for _ in range(1500):
        weights = [rng.choice([0, 0, 1, 1, 2, 3, 4, 6, INF]) for _ in nodes.pairs]
        a, b = rng.sample(cities, 2)
        cost, tracks, pairs, (dist, far) = planner._cheapest(a, b, weights)
        if cost >= INF:
            continue
        off = [p for p in range(len(weights)) if p not in pairs]
        changed = list(weights)
        p = rng.choice(off)
        changed[p] = INF if rng.random() < 0.5 else changed[p] + rng.randint(1, 3)
        assert planner._cheapest(a, b, changed)[2] == pairs
        tried["dearer"] += 1
        on = [p for p in pairs if weights[p] > 0]
        if on:
            changed = list(weights)
            p = rng.choice(on)
            changed[p] = rng.randint(0, weights[p] - 1)
            again = planner._cheapest(a, b, changed)
            assert again[2] == pairs and again[0] == cost - weights[p] + changed[p]
            tried["on path"] += 1
        away = [p for p in off if dist[nodes.pairs[p][0]] > far
                and dist[nodes.pairs[p][1]] > far and weights[p] > 0]
        if away:
            changed = list(weights)
            p = rng.choice(away)
            changed[p] = rng.randint(0, min(weights[p], 6) - 1)
            assert planner._cheapest(a, b, changed)[2] == pairs
            tried["out of reach"] += 1
    assert min(tried.values()) > 300, tried


@pytest.mark.parametrize("game_id,players,seed", [("routes-usa", 2, 3), ("routes-usa", 4, 5),
                                                  ("routes-italy", 2, 4),
                                                  ("routes-italy", 3, 6)])
def test_a_lent_plan_is_the_plan_worked_out_afresh(game_id, players, seed):
    """Every plan a prior plan lends paths to, all through a Hard search's
    rollouts, is the plan made from scratch: the same tracks in the same
    order, cost and points, and per ticket the same path and choice."""
    real = routes_planner.RoutesPlanner._plan
    lent = {"same": 0, "cheaper": 0, "all": 0}
    real_path = routes_lender.Lender.path

    def counting_path(self):
        found = real_path(self)
        if found is not None:
            record = self.record
            lent["all"] += 1
            lent["cheaper" if found[0] < record[2] else "same"] += 1
        return found

    def checked(self, tickets, budget, prior=None):
        plan = real(self, tickets, budget, prior)
        if prior is not None:
            paths, self._paths = self._paths, None
            fresh = real(self, tickets, budget, None)
            self._paths = paths
            assert plan[:3] == fresh[:3]
            assert [r[:5] for r in plan[3]] == [r[:5] for r in fresh[3]]
        return plan

    routes_planner.RoutesPlanner._plan = checked
    routes_lender.Lender.path = counting_path
    try:
        for step in (20, 45, 70):
            state = _position(game_id, players, seed, step)
            if state.is_over:
                continue
            seat = state.to_act[0]
            bot = make_bot("search", seed, iterations=12)
            bot.choose(state.view(seat), state.legal_actions(seat), dealer(state, seat))
    finally:
        routes_planner.RoutesPlanner._plan = real
        routes_lender.Lender.path = real_path
    assert lent["all"] > 100 and lent["cheaper"] > 10, lent


def test_region_gains_are_the_rules_gains_worked_out_afresh():
    """What a track adds to a region bonus, against the networks of random
    sets of tracks held, built at once or a track at a time, is the region
    bonus with the track less the bonus without it (region_bonus, the rule
    itself)."""
    board = load_board(RULES["routes-italy"].board)
    table = RULES["routes-italy"].region_table
    scores = RegionScores(board, tuple(table))
    rng = random.Random(2)
    for _ in range(60):
        held = rng.sample(board.tracks, rng.randint(0, 30))
        pairs = [(t.a, t.b) for t in held]
        gains = scores.gains(pairs)
        stepwise = scores.gains([])
        for track in held:
            stepwise = stepwise.adding(track)
        now = region_bonus(board, pairs, table)[0]
        for track in board.tracks:
            expected = region_bonus(board, pairs + [(track.a, track.b)], table)[0] - now
            assert gains(track) == expected == stepwise(track), (track.id, len(held))


@pytest.mark.parametrize("game_id,players", [("routes-usa", 2), ("routes-usa", 4),
                                             ("routes-italy", 3)])
def test_a_patched_graph_is_the_graph_built_afresh(game_id, players):
    """A seat's graph patched from another one made for other owners of
    tracks (claims added, taken back or changed hands, up to PATCHED_MOST
    of them) is the graph built from scratch."""
    rng = random.Random(9)
    state = create(game_id, players, 2)
    board = state.board
    indices = [t.index for t in board.tracks]
    for _ in range(80):
        before = {i: rng.randrange(players) for i in rng.sample(indices, rng.randint(0, 40))}
        after = dict(before)
        for _ in range(rng.randint(0, routes_planner.PATCHED_MOST)):
            index = rng.choice(indices)
            if index in after and rng.random() < 0.4:
                del after[index]
            else:
                after[index] = rng.randrange(players)
        seat = rng.randrange(players)
        planners = []
        for owners in (before, after):
            state.claimed = dict(owners)
            state._legal_cache = {}
            planners.append(routes_planner.RoutesPlanner.of_state(state, seat))
        base = (planners[0]._graph_key[3], planners[0]._graph())
        patched = planners[1]._patched(base)
        assert patched is not None and patched == planners[1]._graph()


def test_the_owners_number_read_claim_by_claim_is_the_number_read_afresh():
    """A state's owners' number and each seat's tracks, worked out from
    the last state's with one more claim, are those read from scratch,
    through rollouts that interleave (each starting from the same
    position)."""
    start = _position("routes-usa", 3, 11, 30)
    rng = random.Random(4)
    checked = 0
    for _ in range(3):
        state = start.clone()
        while not state.is_over:
            owners = routes_owners.state_owners(state)
            assert owners[1] == state.claimed
            assert owners[2:4] == routes_owners.owners_number(state.claimed, state.players)
            checked += 1
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 100


@pytest.mark.parametrize("game_id,players", [("routes-usa", 2), ("routes-usa", 4),
                                             ("routes-italy", 2)])
def test_the_best_of_every_claim_is_found_from_the_tracks_worth_most(game_id, players):
    """A rollout's claim of any track lists the claims of the tracks worth
    most first; it must be the claim RoutesGreedy.best_claim picks from
    every claim the engine lists, at every move of whole games."""
    greedy = RoutesGreedy(random.Random(0))
    state = create(game_id, players, 14)
    bots = [make_bot("greedy", s) for s in range(players)]
    checked = 0
    while not state.is_over:
        seat = state.to_act[0]
        if state.phase == "play" and state.pending[seat] is None and not state.cards_drawn:
            known = _SeatPlan(state, seat)
            need = known.colour_need(state.hands[seat])
            claims = state.legal_claims(seat)
            best = known.best_of_all(state, need, greedy)
            if claims:
                planner = routes_planner.RoutesPlanner.of_state(state, seat)
                assert best == greedy.best_claim(planner, claims, need, True)
                checked += 1
            else:
                assert best is None
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert checked > 20


def test_a_ticket_to_a_dead_end_cut_off_before_is_planned_afresh_once_it_opens():
    """A ticket whose dead end had no track left open found no path and
    reached no node; once a track into it opens (another rollout), the
    dead end has a node to start from again: the prior lends nothing."""
    state = create("routes-italy", 2, 3)
    board = state.board
    into = [t for t in board.tracks if "Slovenia" in (t.a, t.b)]
    ticket = {"a": "Slovenia", "b": "Torino", "points": 13, "done": False}
    state.claimed = {t.index: 1 for t in into}
    state._legal_cache = {}
    cut = routes_planner.RoutesPlanner.of_state(state, 0)
    prior = cut._plan([ticket], 40)
    assert prior[3][0][2] >= INF
    state.claimed = {}
    state._legal_cache = {}
    opened = routes_planner.RoutesPlanner.of_state(state, 0)
    lent = opened._plan([ticket], 40, prior)
    assert lent[:3] == opened._plan([ticket], 40)[:3] and lent[1] < INF
