"""A route game's payment in the player's words (the choice of cards to pay with)."""

from __future__ import annotations

from game.narration.routes import card_word
from game.words.i18n import listed, ngettext


def payment_words(cards: dict[str, int]) -> str:
    """A payment ("2 pink and 1 locomotive") in the player's language: colours
    read as adjectives, a locomotive or a ferry as a counted card."""
    parts = []
    for card, n in cards.items():
        if card == "locomotive":
            parts.append(ngettext("{count} locomotive", "{count} locomotives", n).format(count=n))
        elif card == "ferry":
            parts.append(ngettext("{count} ferry card", "{count} ferry cards", n).format(count=n))
        else:
            parts.append(ngettext("{count} {color}", "{count} {color}", n).format(
                count=n, color=card_word(card)))
    return listed(parts)
