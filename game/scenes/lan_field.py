"""A one-line text box for the LAN screens, and the network's state words
marked for the catalogs."""

from __future__ import annotations

import pygame

from game.ui.input import Intent
from game.words.i18n import N_

MAX_FIELD = 40


# A game's phase and a connection's state as the network names them, marked for
# the catalogs (the screens translate them as they draw them).
STATE_WORDS = (N_("lobby"), N_("playing"), N_("over"), N_("connecting"), N_("connected"),
               N_("reconnecting"), N_("closed"))

class TextField:
    """A one-line text box edited with the keyboard."""

    def __init__(self, label: str, value: str = "", limit: int = MAX_FIELD):
        self.label, self.value, self.limit = label, value, limit

    def key(self, intent: Intent) -> bool:
        if intent.kind == "key" and intent.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        if intent.kind == "back" and intent.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        if intent.kind == "key" and intent.text and intent.text.isprintable():
            if len(self.value) < self.limit:
                self.value += intent.text
            return True
        if intent.kind == "select" and intent.key == pygame.K_SPACE:
            if len(self.value) < self.limit:
                self.value += " "
            return True
        return False
