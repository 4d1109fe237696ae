"""Railway Tricks invariants over 300 random games (every player count and option)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import create, replay

GAME = "railway-tricks"
GAMES = 300
COMPANIES = ("B&O", "C&O", "Erie", "NYC", "PRR")
# The published tables, written out again here so the check does not trust the data file.
VALUES = {
    "B&O": [10, 10, 10, 20, 20, 20, 20, 30, 30, 40],
    "C&O": [40, 30, 30, 20, 20, 20, 20, 10, 10, 10],
    "Erie": [30, 20, 20, 10, 30, 10, 20, 20, 40, 10],
    "NYC": [20, 20, 30, 10, 20, 40, 10, 20, 30, 10],
    "PRR": [10, 20, 20, 30, 40, 30, 20, 20, 10, 10],
}


def setup(index: int) -> tuple[int, dict]:
    players = 3 + index % 3
    options = {"expert": index % 2 == 1, "teams": players == 4 and index % 4 == 1}
    return players, options


def public(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in ("you", "private")}


def company_cards(view: dict, hands: list[list[dict]]) -> list[tuple[str, int]]:
    """Every company card the views show, wherever it is."""
    def key(card):
        return (card["company"], card["strength"])
    found = [key(c) for hand in hands for c in hand]
    found += [key(c) for _, c in view["trick"]]
    found += [key(c) for line in view["lines"].values() for c in line if "strength" in c]
    found += [key(c) for p in view["players"] for c in p["shares"] if "strength" in c]
    found += [key(c) for c in view["lane"] if "strength" in c]
    found += [key(c) for c in view["removed_cards"]]
    return found


def exchange_cards(view: dict) -> list[str]:
    found = [e["company"] for e in view["lane"] if e.get("kind") == "exchange"]
    found += [c["company"] for p in view["players"] for c in p["shares"]
              if c.get("kind") == "exchange"]
    return found


def recomputed_scores(view: dict, teams: bool) -> list[int]:
    """Scores from the final public view alone, independently of the engine's scoring."""
    worth = {}
    for company in COMPANIES:
        loco = view["locomotives"][company]
        if loco is None:
            worth[company] = 0
            continue
        values = []
        for item in view["lines"][company]:
            assert item["value"] == (VALUES[company][item["strength"] - 1]
                                     if "strength" in item else item["value"])
            values.append(item["value"])
        d = loco["distance"]
        if d is None or d >= len(values):
            best = sum(values)
        else:
            best = max(sum(values[i:i + d]) for i in range(len(values) - d + 1))
        worth[company] = max(0, best - loco["cost"])
    own = [sum(worth[c["company"]] for c in p["shares"]) for p in view["players"]]
    if teams:
        return [own[s] + own[(s + 2) % 4] for s in range(4)]
    return own


def check_trick_won(event: dict) -> None:
    led = [(card["strength"], seat) for seat, card in event["cards"]
           if card["company"] == event["led"]]
    assert event["cards"][0][1]["company"] == event["led"]
    assert event["winner"] == max(led)[1]


def play_random_game(index: int):
    players, options = setup(index)
    state = create(GAME, players, seed=index * 7919 + 1, **options)
    rng = random.Random(index)
    while not state.is_over:
        views = [state.view(s) for s in range(players)]
        spectator = state.view(None)
        assert spectator["private"] == {}
        assert all(public(v) == public(spectator) for v in views)
        cards = company_cards(spectator, [v["private"]["hand"] for v in views])
        assert len(cards) == 50 and len(set(cards)) == 50
        assert sorted(exchange_cards(spectator)) == sorted(COMPANIES)
        assert [p["cards"] for p in spectator["players"]] == [
            len(v["private"]["hand"]) for v in views]
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert legal and all(state.legal_actions(s) == [] for s in range(players) if s != seat)
        events = state.apply(seat, rng.choice(legal))
        for event in events:
            assert "private" not in event
            if event["type"] == "trick_won":
                check_trick_won(event)
        if rng.random() < 0.05:
            other = state.determinize(seat, random.Random(index))
            assert other.view(seat) == state.view(seat)
    return state, players, options


@pytest.mark.parametrize("block", range(6))
def test_random_games_keep_every_invariant(block):
    for index in range(block, GAMES, 6):
        state, players, options = play_random_game(index)
        final = state.view(None)
        result = state.result()
        assert result["scores"] == recomputed_scores(final, options["teams"])
        top = max(result["scores"])
        assert result["winners"] == [s for s in range(players) if result["scores"][s] == top]
        assert final["lane"] == [] or all(e.get("kind") != "exchange" for e in final["lane"])
        again = replay(GAME, players, state.seed, state.history, **options)
        assert [again.view(s) for s in range(players)] == [state.view(s) for s in range(players)]
        assert again.result() == result
        counts = Counter(p["cards"] for p in final["players"])
        assert counts == Counter({0: players})
