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
    # Railway Tricks: the cards, the trick, the hand, the shares
    N_("SHARE"), N_("reserved"), N_("START {value}"), N_("{card}, value {value}"),
    N_("A {company} share"), N_("An {company} share"), N_("a reserved share"),
    N_("the city {name} ({value})"), N_("the share {card}"),
    N_("Locomotive {name}: runs the whole line, costs {cost}"),
    N_("Locomotive {name}: runs the best {count} cards in a row, costs {cost}"),
    N_("The trick"), N_("Trick {number} of {count}"), N_("Led:"), N_("wins:"), N_("won:"),
    N_("You"), N_("{name}: {card}"), N_("{name} is to play"), N_("{name} has not played yet"),
    N_("Last trick: {name} won"), N_("every trick is played"),
    N_("The first trick: its leader plays any card; the others follow the company led if "
       "they can."),
    N_("{name} won the city and lays it at an end of a line."), N_("You won the city."),
    N_("{name} won the locomotive and puts it at the head of a line."),
    N_("You won the locomotive."),
    N_("Everyone lays the card they played at an end of its line."),
    N_("Play {card} (value {value})"), N_("No cards left."), N_("Tap a card to play it."),
    N_("Your turn: follow {company}"), N_("Your shares"), N_("{company} ×{n}"),
    N_("{value} each"), N_("No shares yet: win a trick, or lose one that wins a share."),
    N_("Your points now: {n}"), N_("Your team's points now: {n} (with {name})"),
    # Railway Tricks: a company's line and the choices a won trick brings
    N_("no loco"), N_("value {value}"), N_("then {value}"), N_("The {company} line, left to right"),
    N_("left"), N_("right"), N_("Lay your card"), N_("Lay the city"), N_("Place the locomotive"),
    N_("Lay your {card} at an end of the {company} line."),
    N_("The number by an end: what a share is worth then."),
    N_("You won {city}: lay it at an end of any line."),
    N_("You won locomotive {name}: put it at the head of a line without one. The number: "
       "what a share is worth then."),
    N_("Lay {card} at the {end} end"), N_("Lay {city} at the {end} end of {company}"),
    N_("Put locomotive {name} on {company}"), N_("Tap an end of the line"),
    N_("Tap an end of a line"), N_("Tap a line's head"),
    # Railway Tricks: the table
    N_("Trick lane"), N_("next"), N_("Company lines"), N_("Out of the game: {count}"),
    N_("Players"), N_("Shares"), N_("Points"), N_("Team points"), N_("Team {n}"),
)
