"""The phone page's log of what others did is written from the events' types
and fields (net/host/page/app.js `describe`): each of those words is one of
the page's words, so a phone in another language reads it from the catalogs."""

from __future__ import annotations

import re

import pytest

from game.match import Match, default_seats
from game.rules import GAMES
from net.host.page_words import PAGE_WORDS, page_words

HIDDEN = {"type", "seat", "private_to"}   # fields the page does not write as words
WORD_FIELDS = {"source", "end", "pile", "chip"}   # fields whose values are words, not names


def human(name: str) -> str:
    """As the page's `human()`: 'route_claimed' -> 'Route claimed'."""
    spaced = re.sub(r"[_-]+", " ", name)
    return spaced[:1].upper() + spaced[1:]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_event_word_of_a_whole_game_is_a_page_word(game_id):
    info = GAMES[game_id]
    match = Match(game_id, default_seats(game_id, 0, max(3, info.min_players), "random"), 3)
    words: set[str] = set()
    for _ in range(5000):
        seat = match.bot_to_act()
        if seat is None:
            break
        for event in match.play_bot(seat):
            words.add(human(event["type"]))
            words.update(human(key) for key in event if key not in HIDDEN)
            words.update(human(value) for key, value in event.items()
                          if key in WORD_FIELDS and isinstance(value, str))
    assert words, "no events seen"
    missing = sorted(words - set(PAGE_WORDS))
    assert not missing, f"event words the page cannot translate: {missing}"
    japanese = page_words("ja")
    assert all(word in japanese for word in words), sorted(words - set(japanese))
