"""The pure scoring functions: longest continuous route, networks, tickets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.routes.scoring import connected, longest_route, ticket_done

# --- longest_route -------------------------------------------------------


def test_longest_route_empty_is_zero():
    assert longest_route([]) == 0
    assert longest_route(iter(())) == 0


def test_longest_route_single_track_is_its_length():
    assert longest_route([("Montréal", "New York", 3)]) == 3


def test_longest_route_chain_adds_up():
    # Seattle-Portland 1, Portland-San Francisco 5, San Francisco-Los Angeles 3
    chain = [("Seattle", "Portland", 1), ("Portland", "San Francisco", 5),
             ("San Francisco", "Los Angeles", 3)]
    assert longest_route(chain) == 9
    # the order the tracks are given in does not matter
    assert longest_route(list(reversed(chain))) == 9


def test_longest_route_accepts_any_iterable_once():
    chain = (t for t in [("A", "B", 2), ("B", "C", 4)])
    assert longest_route(chain) == 6


def test_longest_route_fork_takes_the_longest_two_branches():
    # A star at Denver: branches of 4, 2 and 3; a route goes in on one branch
    # and out on another, so the best is 4 + 3; the short branch is left out.
    fork = [("Denver", "Helena", 4), ("Denver", "Santa Fe", 2),
            ("Denver", "Salt Lake City", 3)]
    assert longest_route(fork) == 7


def test_longest_route_fork_with_long_tail():
    # A-B-C chain of 1+1, then C forks to D (6) and E (2): A..D = 8
    fork = [("A", "B", 1), ("B", "C", 1), ("C", "D", 6), ("C", "E", 2)]
    assert longest_route(fork) == 8


def test_longest_route_loop_counts_whole():
    # Triangle: every track once, ending where it began.
    triangle = [("Atlanta", "Nashville", 1), ("Nashville", "Raleigh", 3),
                ("Raleigh", "Atlanta", 2)]
    assert longest_route(triangle) == 6


def test_longest_route_loop_with_tail_counts_whole():
    # A triangle with a tail: start at the tail end, go round the loop.
    lasso = [("T", "A", 5), ("A", "B", 2), ("B", "C", 2), ("C", "A", 2)]
    assert longest_route(lasso) == 11


def test_longest_route_figure_eight_counts_both_loops():
    # Two triangles sharing the city X: one trail through X twice uses every track.
    eight = [("X", "A", 1), ("A", "B", 2), ("B", "X", 3),
             ("X", "C", 4), ("C", "D", 5), ("D", "X", 6)]
    assert longest_route(eight) == 21


def test_longest_route_does_not_reuse_a_track():
    # A star of three 5s: any trail uses at most two of them.
    star = [("H", "A", 5), ("H", "B", 5), ("H", "C", 5)]
    assert longest_route(star) == 10


def test_longest_route_parallel_tracks_are_distinct():
    # Two tracks between the same two cities form a loop of both.
    assert longest_route([("A", "B", 2), ("A", "B", 2)]) == 4


def test_longest_route_two_components_take_the_best_one():
    tracks = [("Seattle", "Vancouver", 1), ("Vancouver", "Calgary", 3),
              ("Miami", "New Orleans", 6), ("New Orleans", "Houston", 2)]
    assert longest_route(tracks) == 8
    # and with the bigger component listed first
    assert longest_route(tracks[2:] + tracks[:2]) == 8


def test_longest_route_bridge_between_two_loops():
    # Two triangles joined by a bridge: a trail can do one loop, the bridge,
    # and the other loop in full.
    tracks = [("A", "B", 1), ("B", "C", 1), ("C", "A", 1),
              ("C", "D", 4),
              ("D", "E", 1), ("E", "F", 1), ("F", "D", 1)]
    assert longest_route(tracks) == 10


def test_longest_route_needs_choice_at_odd_cities():
    # K4-like: four cities all joined; the trail must skip one track.
    tracks = [("A", "B", 1), ("A", "C", 1), ("A", "D", 1),
              ("B", "C", 1), ("B", "D", 1), ("C", "D", 10)]
    # 4 odd-degree cities: at most 6 - 1 tracks, and the 10 is always usable
    assert longest_route(tracks) == 14


# --- connected / ticket_done -----------------------------------------------


def test_connected_groups_cities_into_networks():
    nets = connected([("A", "B"), ("B", "C"), ("X", "Y")])
    assert set(nets) == {"A", "B", "C", "X", "Y"}
    assert nets["A"] == nets["B"] == nets["C"]
    assert nets["X"] == nets["Y"]
    assert nets["A"] != nets["X"]


def test_connected_empty():
    assert connected([]) == {}


def test_ticket_done_through_a_chain():
    nets = connected([("Los Angeles", "Phoenix"), ("Phoenix", "Santa Fe"),
                      ("Santa Fe", "Denver")])
    assert ticket_done(nets, "Los Angeles", "Denver")
    assert ticket_done(nets, "Denver", "Los Angeles")


def test_ticket_not_done_across_separate_networks():
    nets = connected([("Seattle", "Portland"), ("Miami", "Atlanta")])
    assert not ticket_done(nets, "Seattle", "Miami")


def test_ticket_not_done_for_a_city_outside_every_network():
    nets = connected([("Seattle", "Portland")])
    assert not ticket_done(nets, "Seattle", "Boston")
    assert not ticket_done(nets, "Boston", "Chicago")
    assert not ticket_done({}, "Boston", "Miami")


def test_ticket_done_after_joining_two_networks():
    pairs = [("A", "B"), ("C", "D")]
    assert not ticket_done(connected(pairs), "A", "D")
    assert ticket_done(connected(pairs + [("B", "C")]), "A", "D")


# --- longest_route against a brute force ----------------------------------------


def brute_longest(tracks) -> int:
    """Every trail from every city, no shortcuts: the reference answer."""
    edges = list(tracks)
    best = 0

    def walk(city, used, length):
        nonlocal best
        best = max(best, length)
        for i, (a, b, step) in enumerate(edges):
            if i in used:
                continue
            if a == city:
                walk(b, used | {i}, length + step)
            if b == city and a != b:
                walk(a, used | {i}, length + step)

    for city in {c for a, b, _ in edges for c in (a, b)}:
        walk(city, frozenset(), 0)
    return best


CITY = st.sampled_from("ABCDEF")
TRACK = st.tuples(CITY, CITY, st.integers(1, 6)).filter(lambda t: t[0] != t[1])


@settings(max_examples=300, deadline=None)
@given(st.lists(TRACK, max_size=8))
def test_longest_route_matches_brute_force(tracks):
    assert longest_route(tracks) == brute_longest(tracks)


@pytest.mark.parametrize("tracks", [
    [("A", "B", 1), ("B", "C", 2), ("C", "A", 3), ("A", "D", 1)],
    [("A", "B", 2), ("B", "A", 3)],
    [("A", "B", 2), ("B", "A", 3), ("B", "C", 1), ("C", "D", 1), ("D", "B", 1)],
    [("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("D", "A", 1), ("A", "C", 5)],
    [("A", "B", 4), ("B", "C", 4), ("C", "A", 4), ("D", "E", 1), ("E", "F", 1), ("F", "D", 1)],
])
def test_longest_route_small_worked_cases_match_brute_force(tracks):
    assert longest_route(tracks) == brute_longest(tracks)
