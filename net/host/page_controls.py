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
    # the race: its pieces, the track, the turn's controls, the die, the chips, the table
    N_("Action track"), N_("Your journey"), N_("The route"), N_("Piles"), N_("Your choice"),
    N_("Days: {days} of {limit}"), N_("{n} coins"), N_("Back in {city}: {place}"),
    N_("you are in {city}"), N_("the detective is in {city}"), N_("not in play"),
    N_("Take a card from the action track"), N_("Take {card}"), N_("Take the deck's top card"),
    N_("Your balloon: its die replaces one card as you travel"), N_("from {days} days"),
    N_("No cards in your hand pay for this leg"), N_("as you travel"),
    N_("Too many cards: tap one to discard, down to {n}"), N_("Discard down to {n} cards"),
    N_("Discard {card}"), N_("Play {card}"), N_("Play {card} as {as}"),
    N_("Cash {card} for a coin"), N_("Buy a travel card for {n} coins"),
    N_("Buy an event card for {n} coins"), N_("Send the detective to {city}"),
    N_("Exchange {n} cards"), N_("Tick 1 to {n} cards"), N_("The die shows {roll}"),
    # the race's words the window already has (game/narration/race.py,
    # game/scenes/boards/race): the track, the cards, the chips, the choices
    N_("Exchange"), N_("Distraction"),
    N_("Offer"), N_("Connection"), N_("Opportunity"), N_("Princess"), N_("Propeller train"),
    N_("Submarine"), N_("Swap"), N_("Storm"), N_("Delay"), N_("a coin"), N_("a travel card"),
    N_("an event card"), N_("every other traveller loses a day"), N_("{kind} {days}"),
    N_("{days} days"), N_("{days} + die"), N_("or"), N_("no cards"), N_("track balloon"),
    N_("1st"), N_("2nd"), N_("3rd"), N_("{number}th"), N_("The detective"),
    N_("Take a coin"), N_("Draw an event"), N_("Start next round"), N_("Move detective"),
    N_("Exchange cards"), N_("Travel to {city}"), N_("Which cards pay for this leg?"),
    N_("Send the detective"), N_("A traveller ending a turn there loses 2 days"),
    N_("Give up 1 to {count} cards for as many new ones"), N_("Swap two track cards"),
    N_("Your card's action is lost once you travel or end the turn"),
    N_("Balloon die: {roll}"), N_("Elephant die: {roll}"),
    N_("Keep this roll, or pay to roll again?"), N_("Re-roll"), N_("pay {count} coin"),
    N_("The {color} chip"), N_("In {city}: {chip}"), N_("Take it"), N_("Leave it"),
    N_("Your hand: {count} of 6 cards"), N_("Discard: {count}"), N_("Last event: {event}"),
    N_("Bank: {count}"), N_("Round {round}"),
)
