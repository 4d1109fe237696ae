"""Helpers every engine shares (game/rules/base.py) that must behave exactly
as the standard library does: the deals of a search, and so every rollout
a Hard bot plays, depend on them draw for draw."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.base import LazyRandom, shuffle


@settings(max_examples=200, deadline=None)
@given(items=st.lists(st.integers(), max_size=120), seed=st.integers(0, 2**64))
def test_shuffle_orders_and_draws_as_random_shuffle_does(items, seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, reference = list(items), list(items)
    shuffle(mine, ours)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.getstate() == theirs.getstate()


class Holder(LazyRandom):
    def __init__(self, rng: random.Random):
        self.rng = rng


def test_a_shared_generator_draws_the_same_numbers_on_each_side_independently():
    original = Holder(random.Random(9))
    original.rng.random()
    reference = random.Random(9)
    reference.random()
    copy = Holder.__new__(Holder)
    original.share_rng(copy)
    expected = [reference.random() for _ in range(5)]
    assert [copy.rng.random() for _ in range(5)] == expected
    assert [original.rng.random() for _ in range(5)] == expected   # unmoved by the copy
    seeded = Holder.__new__(Holder)
    seeded.seed_rng(123)
    assert seeded.rng.random() == random.Random(123).random()
