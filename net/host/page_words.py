"""The phone page's words, in English, marked for the message catalogs, and
their translation for a phone's language from the program's own catalogs
(game/words/i18n.py). The page looks each English text up in what /info.json sends;
a text missing there stays English."""

from __future__ import annotations

import functools

from game.words import i18n
from game.words.i18n import N_
from net.host.page_controls import CONTROL_WORDS

PAGE_WORDS: tuple[str, ...] = (
    # the page's frame and status line
    N_("Take a seat"), N_("Your name"), N_("Join"), N_("Your hand"), N_("Choose"),
    N_("Confirm"), N_("Your moves"), N_("Since your last move"), N_("Result"),
    N_("Cannot reach the game. Is the host still running?"),
    N_("Pick a seat and type your name."),
    N_("The host sent something this page cannot read."),
    N_("Connection lost; trying again…"),
    N_("Your seat is still open on another device; trying again…"),
    N_("The host closed the connection."), N_("Connecting…"), N_("Free seat {n}"),
    N_("bot"), N_("away"), N_("you"), N_("Sent…"), N_("The game is over."),
    N_("Seated. Waiting for the host to start the game…"), N_("Your choice: {what}"),
    N_("Your turn."), N_("Waiting for {names}…"), N_("Waiting…"), N_("yes"), N_("no"),
    # the code a page opened by hand asks for (net/host/page/core/seal.js)
    N_("Table code"), N_("The code the TV shows"), N_("Connect"),
    N_("Type the code the TV shows beside the address."),
    N_("A code has 16 letters and digits, as the TV shows it."),
    N_("This code does not match the table. Type the code the TV shows, or scan its QR "
       "code again."),
    N_("Too many wrong codes from this phone. Wait a few minutes, then try again."),
    N_("The host is busy; try again in a moment."),      # its WebSocket closed with 1013
    # the Hint button (net/host/hints.py answers it)
    N_("Hint"), N_("Thinking…"), N_("Hint: {move}"),
    # a guided game's coach line (net/host/coached.py)
    N_("Step {number} of {count}"),
    # what a hand and a player hold (the views' keys, as the page writes them)
    N_("Hand"), N_("Tickets"), N_("Events"), N_("Playable"), N_("Cards"), N_("Trains"),
    N_("Score"), N_("Offered"), N_("Ferries"), N_("At"), N_("Days"), N_("Coins"),
    N_("City"), N_("Slot"), N_("Keep"), N_("Take"), N_("End"), N_("Balloon"),
    # moves and choices (the actions' and pending choices' types)
    N_("Accept"), N_("Bonus"), N_("Buy"), N_("Claim"), N_("Coin"), N_("Detective"),
    N_("Discard"), N_("Discard event"), N_("Draw deck"), N_("Draw event"),
    N_("Draw face up"), N_("Draw ferry"), N_("Draw tickets"), N_("End turn"),
    N_("Keep tickets"), N_("Lay"), N_("Locomotive"), N_("Move"), N_("Play"),
    N_("Play event"), N_("Reroll"),
    # cards
    N_("pink"), N_("white"), N_("blue"), N_("yellow"), N_("orange"), N_("black"),
    N_("red"), N_("green"), N_("gray"), N_("locomotive"), N_("ferry"), N_("ship"),
    N_("train"),
    # the events' types and fields (the page's log once wrote these; its lines now
    # come worded by the host, game/narration, but moves share many fields and values)
    N_("Arrived"), N_("Card drawn"), N_("Card laid"), N_("Card played"), N_("Card removed"),
    N_("Card taken"), N_("Chip"), N_("City laid"), N_("Coin gained"), N_("Coins paid"),
    N_("Days lost"), N_("Deck reshuffled"), N_("Detective moved"), N_("Die rolled"),
    N_("Discarded"),
    N_("Event drawn"), N_("Event played"), N_("Events gathered"), N_("Events reshuffled"),
    N_("Exchange taken"), N_("Face up refilled"), N_("Face up reset"), N_("Ferry drawn"),
    N_("Final round"), N_("Game over"), N_("Locomotive placed"), N_("Moved"),
    N_("Reservation replaced"), N_("Round ended"), N_("Round started"), N_("Route claimed"),
    N_("Share taken"), N_("Tickets kept"), N_("Tickets offered"), N_("Track laid"),
    N_("Trick won"), N_("Turn ended"), N_("Turn started"),
    N_("Action"), N_("As"), N_("Auto"), N_("Card"), N_("Color"), N_("Company"), N_("Count"),
    N_("Counts"), N_("Elephant"), N_("Event"), N_("Face up"), N_("From"), N_("Kept"),
    N_("Lane"), N_("Led"), N_("Number"), N_("Order"), N_("Pile"), N_("Points"),
    N_("Princess as"), N_("Private"), N_("Purpose"), N_("Returned"), N_("Roll"), N_("Round"),
    N_("Seats"), N_("Slots"), N_("Source"), N_("Start player"), N_("Taken"), N_("To"),
    N_("Track"), N_("Trains left"), N_("Travellers"), N_("Why"), N_("Winner"),
    # the word values of those fields (where a card came from, which end of a line)
    N_("Deck"), N_("Left"), N_("Right"), N_("Travel"), N_("Trick"), N_("Delay others"),
    # the race's event cards, action track spaces and bonus chips (game/narration/race.py)
    N_("Distraction"), N_("Offer"), N_("Connection"), N_("Opportunity"), N_("Princess"),
    N_("Propeller train"), N_("Submarine"), N_("Swap"), N_("Storm"), N_("Exchange"),
    N_("a coin"), N_("a travel card"), N_("an event card"),
    N_("every other traveller loses a day"), N_("Delay"),
    # moves, choices, cards and a seat's counts worded whole (net/host/page/words.js)
    N_("{kind} {days}"), N_("{card} ({action})"), N_("Take {card}"), N_("an empty space"),
    N_("Take the {color} chip: {gift}"), N_("Leave the {color} chip"),
    N_("The {color} chip in {city}"), N_("{days} days"), N_("×{count}"), N_("{count}× {card}"),
    N_("Cards: {n}"), N_("Tickets: {n}"), N_("Trains left: {n}"), N_("Score: {n}"),
    N_("Tickets to choose from: {n}"), N_("Ferry cards: {n}"), N_("Days: {n}"),
    N_("Coins: {n}"), N_("Event cards: {n}"), N_("Back in London, place {n}"),
    N_("In {city}"), N_("Legs travelled: {n} of {total}"),
)


@functools.lru_cache(maxsize=8)
def page_words(lang: str) -> dict[str, str]:
    """{English: translation} of the page's words for `lang` ('en': nothing)."""
    if lang not in i18n.LANGUAGES or lang == "en":
        return {}
    out = {}
    for text in PAGE_WORDS + CONTROL_WORDS:
        translated = i18n.translate(lang, text)
        if translated != text:
            out[text] = translated
    return out


def phone_language(asked: str | None) -> str:
    """The catalog language for a browser's language tag ('ja-JP' -> 'ja')."""
    tag = (asked or "").split(",")[0].split("-")[0].strip().lower()
    return tag if tag in i18n.LANGUAGES else "en"


@functools.lru_cache(maxsize=8)
def page_places(lang: str) -> dict[str, str]:
    """{place: its name in `lang`} for the page: keyed by the name the map data
    uses and by its slug (track ids are 'slug--slug'), so the page words a
    ticket, a route or a city as the window does (game/words/places.py)."""
    import re
    import unicodedata

    from game.words.places import table

    out: dict[str, str] = {}
    for name, shown in table(lang).items():
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        out[name] = shown
        out[re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")] = shown
    return out
