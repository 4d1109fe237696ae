"""The words of the phone page's game controls (the map, the cards, the piles,
the sheet, the table view), in English, marked for the message catalogs; the
page's frame and the actions' words are in net/host/page_words.py, which sends
both to a phone in its language."""

from __future__ import annotations

from game.words.i18n import N_

CONTROL_WORDS: tuple[str, ...] = (
    # the frame around a game
    N_("Table"), N_("to play"), N_("winner"), N_("Close"), N_("Choose one"), N_("Player"),
    N_("The table"),
    # the route games: the map, the piles, the hand, the tickets, paying
    N_("The map"), N_("Zoom in"), N_("Zoom out"), N_("Whole map"), N_("Loco"),
    N_("Cards to draw"), N_("No cards yet."), N_("Your tickets"),
    N_("blocked"), N_("{n} train to go"), N_("{n} trains to go"), N_("done"),
    N_("Tickets to keep"), N_("Keep at least {n}."), N_("Keep {n} tickets"),
    N_("Pick how to pay"), N_("Pay with"), N_("Length {n} · {p} points"),
    N_("Claim {route}"), N_("Take a {card} card"), N_("Draw a card from the deck"),
    N_("Draw tickets"), N_("Draw a ferry card"),
)
