"""Replays stay identical: seeded random games hashed, views and events included.

The engine may be rewritten for speed, but a saved game (seed + actions) must
replay to the same states, views and events: the same shuffles, the same RNG
calls, the same data. Each game below plays random legal actions (picked in
a canonical order, so the order `legal_actions` lists them in does not
matter; odd seeds pick an action type first) and hashes, after every action,
the events, every seat's view, the spectator's view and the legal actions;
then the result. The expected digests
were recorded from the engine before its speed work. Regenerate them only for
a deliberate rule change, with `python tests/test_routes_replay_digest.py`.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from game.rules import create, replay

GAMES_PER_BOARD = 20


def _canonical(data) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def game_digest(game: str, seed: int) -> str:
    """Play one seeded random game and hash everything it showed."""
    players = 2 + seed % 4
    rng = random.Random(seed * 7919 + 1)
    state = create(game, players, seed)
    digest = hashlib.sha256()
    digest.update(_canonical([state.view(s) for s in [*range(players), None]]))
    while not state.is_over:
        seat = rng.choice(state.to_act)
        legal = sorted(state.legal_actions(seat), key=_canonical)
        digest.update(_canonical(legal))
        if seed % 2:
            # an action type first: many more draws (reshuffles, resets, an
            # empty deck, passes) than the claims a uniform pick favours
            kind = rng.choice(sorted({a["type"] for a in legal}))
            legal = [a for a in legal if a["type"] == kind]
        events = state.apply(seat, rng.choice(legal))
        digest.update(_canonical(events))
        digest.update(_canonical([state.view(s) for s in [*range(players), None]]))
    digest.update(_canonical(state.result()))
    again = replay(game, players, seed, list(state.history))
    assert again.view(None) == state.view(None)
    return digest.hexdigest()[:16]


EXPECTED = {
    "routes-usa": [
        "ae7b82162328af02", "09924aa24abd7621", "28800c01886daf00", "9979af29f10bb8b2",
        "9d289a5be0c33785", "3d061afbf4d5aff6", "361a879b7978150d", "09687095e81e11af",
        "bf563b530f942f6b", "ac2ae784f7e07205", "82a602dc4b4503ae", "4dabea878eacf518",
        "e4831e84bb4edcf3", "983b099a6aec3c2e", "44716c347690ba93", "a2eba77db00c41db",
        "1b7a5f0d228a969c", "ac176a71c944a888", "2236616068eb6fc0", "5b80467c95cfe445",
    ],
    "routes-italy": [
        "71e9348ff6ea8ed8", "1713980d8579d619", "c347e827cd9f8d82", "f6eb3ba064e78cf0",
        "1a0c3823369920b2", "45719378a1d717a8", "e07d557241ce93a8", "e6b2f68d49a2c836",
        "0f6f6c28190c2fc6", "70b3a3177c2021fa", "aa55b26a333e4c1e", "79e4b70f49d816d8",
        "1b3edf7c0288dd16", "0230cf1b95911127", "b61b965a63231fe7", "102de45a40d3e5db",
        "c7517272cd6a1f84", "de5958f0da65786e", "a4ead52311b1792a", "e40a5c7a1d1b9036",
    ],
}


@pytest.mark.parametrize("game", ["routes-usa", "routes-italy"])
def test_seeded_random_games_replay_to_the_recorded_digests(game):
    got = [game_digest(game, seed) for seed in range(GAMES_PER_BOARD)]
    assert got == EXPECTED[game]


if __name__ == "__main__":
    for name in ("routes-usa", "routes-italy"):
        print(f'    "{name}": [')
        digests = [game_digest(name, seed) for seed in range(GAMES_PER_BOARD)]
        for i in range(0, len(digests), 4):
            print("        " + " ".join(f'"{d}",' for d in digests[i:i + 4]))
        print("    ],")
