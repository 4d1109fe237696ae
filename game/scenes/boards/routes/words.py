"""The route games' card words in the player's language."""

from __future__ import annotations

from game.i18n import N_, _

# The train card colours as the Japanese rulebook names them (pink is 紫 there).
CARD_WORDS = {"pink": N_("pink"), "white": N_("white"), "blue": N_("blue"),
              "yellow": N_("yellow"), "orange": N_("orange"), "black": N_("black"),
              "red": N_("red"), "green": N_("green"), "gray": N_("gray"),
              "locomotive": N_("locomotive"), "ferry": N_("ferry")}


def card_word(card: str) -> str:
    """A card colour (or locomotive, ferry) in the player's language."""
    return _(CARD_WORDS.get(card, card))
