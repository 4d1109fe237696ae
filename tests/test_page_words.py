"""The phone page labels moves from the actions' own types and fields
(net/host/page/words.js `actionLabel`), and the hand from the private view's
keys: each of those words is one of the page's words, so a phone in another
language reads it from the catalogs. (The log's sentences come worded from the
host: tests/test_narration.py.)"""

from __future__ import annotations

import re

import pytest

from game.rules import GAMES
from game.tables.match import Match, default_seats
from net.host.page_words import PAGE_WORDS, page_words

UNLABELLED = {"type", "track", "card", "cards", "event", "city", "pile"}  # shown as values only


def human(name: str) -> str:
    """As the page's `human()`: 'draw_face_up' -> 'Draw face up'."""
    spaced = re.sub(r"[_-]+", " ", name)
    return spaced[:1].upper() + spaced[1:]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_move_and_hand_word_of_a_whole_game_is_a_page_word(game_id):
    info = GAMES[game_id]
    match = Match(game_id, default_seats(game_id, 0, max(3, info.min_players), "random"), 3)
    words: set[str] = set()
    for _ in range(5000):
        seat = match.bot_to_act()
        if seat is None:
            break
        for action in match.state.legal_actions(seat):
            words.add(human(action["type"]))
            words.update(human(key) for key, value in action.items()
                         if key not in UNLABELLED and value is not None
                         and not (isinstance(value, list) and not value))
        private = match.state.view(seat).get("private") or {}
        words.update(human(key) for key in private if key != "pending")
        if private.get("pending"):
            words.add(human(private["pending"]["kind"]))
        match.play_bot(seat)
    assert words, "no moves seen"
    missing = sorted(words - set(PAGE_WORDS))
    assert not missing, f"move words the page cannot translate: {missing}"
    japanese = page_words("ja")
    assert all(word in japanese for word in words), sorted(words - set(japanese))
