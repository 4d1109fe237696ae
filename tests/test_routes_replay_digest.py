"""Replays stay identical: seeded random games hashed, views and events included.

The engine may be rewritten for speed, but a saved game (seed + actions) must
replay to the same states, views and events: the same shuffles, the same RNG
calls, the same data. Each game below plays random legal actions (picked in
a canonical order, so the order `legal_actions` lists them in does not
matter; odd seeds pick an action type first) and hashes, after every action,
the events, every seat's view, the spectator's view and the legal actions;
then the result. The expected digests
were recorded from the engine before its speed work, and recorded again when
the view gained the discard's cards and the passes in a row (with those two
keys left out the old digests still matched). Regenerate them only for a
deliberate change of the rules or the view, with
`python tests/test_routes_replay_digest.py`.
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
        "a57d1cd4f9d6c6c5", "88947e98bd54155e", "f3fb60dd48883ce9", "61c4bec58a3e998d",
        "1b5cd0f6a7a4478f", "d22051c57ef9d490", "8a3563a4a6609b0c", "236a316c97b3d190",
        "1d53e530fedc737b", "4d51109157b3c3cd", "6f80c08b14a4f2d3", "d0e84a8eaefb8686",
        "5ab0254516a24c12", "40c7102c44b0511d", "1a87842c21f10f2c", "3fc242f1a4bd80d1",
        "5a685080d81c0eba", "22830a7ca1f782fa", "cd4395128f3b3fde", "bfdc5770d7b4bf2c",
    ],
    "routes-italy": [
        "5bb2da05d713f2dc", "a117355829547c91", "b8309c43e77a9d87", "885be7319c1fd8ca",
        "9d2308da60d1fa20", "b76db96756ed52df", "a65c20d8e383e0e1", "f29c9fa5f602cc60",
        "6df1bd16d035f777", "d4263028c25149a3", "a2a0c54ef8566abb", "351cec37c646578e",
        "32376e6223f3812f", "f64d6e547481dd91", "a6f06df3e6a56a6a", "504bd83145984bc0",
        "c616c1874d2a7d31", "f068dc437b3206b7", "ba3c3525fabc3faa", "d8a3f59286c65dcd",
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
