"""Which cards may pay for a track: enumeration and checking.

A payment is a dict card -> count with only positive counts, where a card is
a colour, "locomotive", or "ferry" (a ferry card). The rules, one track at a
time:

- a coloured track takes cards of its colour, a gray track cards of any one
  colour; a locomotive stands in for any colour;
- a ferry track's wave spaces each take a locomotive, or one ferry card pays
  for up to two of them; ferry cards pay for nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.base import IllegalAction
from game.rules.routes.board import GRAY, LOCOMOTIVE, Track
from game.rules.words import N_, Nn_

FERRY = "ferry"


def payments(track: Track, hand: dict[str, int], colors: tuple[str, ...]) -> list[dict[str, int]]:
    """Every distinct payment for `track` that `hand` can make, fewest locomotives first."""
    locos = hand.get(LOCOMOTIVE, 0)
    ferry_cards = hand.get(FERRY, 0)
    waves = track.ferries
    plain = track.length - waves
    choices = (track.color,) if track.color != GRAY else colors
    out: list[dict[str, int]] = []
    seen: set[tuple[tuple[str, int], ...]] = set()
    for ferries_used in range(min(ferry_cards, (waves + 1) // 2) + 1):
        wave_locos = max(0, waves - 2 * ferries_used)
        if wave_locos > locos:
            continue
        spare_locos = locos - wave_locos
        for color in choices:
            have = hand.get(color, 0)
            # n cards of the colour and (plain - n) locomotives on the plain spaces
            for n in range(min(have, plain), -1, -1):
                extra = plain - n
                if extra > spare_locos:
                    break
                pay: dict[str, int] = {}
                if n:
                    pay[color] = n
                if wave_locos + extra:
                    pay[LOCOMOTIVE] = wave_locos + extra
                if ferries_used:
                    pay[FERRY] = ferries_used
                key = tuple(sorted(pay.items()))
                if key not in seen:
                    seen.add(key)
                    out.append(pay)
    return out


# Memos for `payment_options`. A hand's payments for a track depend on a few
# counts only, capped at what the track could use, and those repeat a lot.
# Their keys are small ints and names, so they stay small; they hold shared
# dicts that every caller must treat as read-only.
_COLOURED: dict[tuple, tuple[dict[str, int], ...]] = {}
_RUNS: dict[tuple, tuple[dict[str, int], ...]] = {}


def payment_options(track: Track, slot: int, counts: list[int], locos: int,
                    ferry_cards: int, colors: tuple[str, ...]) -> Sequence[dict[str, int]]:
    """`payments(track, hand, colors)`, for a hand given as `counts` (one per
    colour of `colors`), locomotives and ferry cards: the same payments in
    the same order, from memos. `slot` is the track colour's place in
    `colors`, -1 for gray.

    Capping a count changes nothing: no payment uses more than `plain` cards
    of a colour, `length` locomotives or one ferry card per two wave spaces.
    """
    waves = track.ferries
    length = track.length
    plain = length - waves
    if slot >= 0:
        have = counts[slot]
        key = (track.color, length, waves, have if have < plain else plain,
               locos if locos < length else length, min(ferry_cards, (waves + 1) // 2))
        options = _COLOURED.get(key)
        if options is None:
            hand = {track.color: key[3], LOCOMOTIVE: key[4], FERRY: key[5]}
            options = _COLOURED[key] = tuple(payments(track, hand, colors))
        return options
    # A gray track: payments() lists, for each number of ferry cards, each
    # colour's run of (colour, locomotive) mixes in turn; the payment with no
    # coloured card comes once, after the first colour's run.
    out: list[dict[str, int]] = []
    for ferries_used in range(min(ferry_cards, (waves + 1) // 2) + 1):
        wave_locos = waves - 2 * ferries_used if waves > 2 * ferries_used else 0
        if wave_locos > locos:
            continue
        spare = locos - wave_locos
        if spare > plain:
            spare = plain
        for s, have in enumerate(counts):
            if have:
                if have > plain:
                    have = plain
                run = _RUNS.get((colors[s], plain, wave_locos, ferries_used, have, spare))
                if run is None:
                    run = _run(colors[s], plain, wave_locos, ferries_used, have, spare)
                out += run
            if s == 0 and spare == plain:
                out.append(_no_colour(plain, wave_locos, ferries_used))
    return out


def _run(color: str, plain: int, wave_locos: int, ferries_used: int, have: int,
         spare: int) -> tuple[dict[str, int], ...]:
    """The payments with 1 or more `color` cards, most first (memoized)."""
    key = (color, plain, wave_locos, ferries_used, have, spare)
    run = _RUNS.get(key)
    if run is None:
        pays = []
        for n in range(have, 0, -1):
            extra = plain - n
            if extra > spare:
                break
            pay = {color: n}
            if wave_locos + extra:
                pay[LOCOMOTIVE] = wave_locos + extra
            if ferries_used:
                pay[FERRY] = ferries_used
            pays.append(pay)
        run = _RUNS[key] = tuple(pays)
    return run


def _no_colour(plain: int, wave_locos: int, ferries_used: int) -> dict[str, int]:
    key = ("", plain, wave_locos, ferries_used, 0, 0)
    run = _RUNS.get(key)
    if run is None:
        pay = {LOCOMOTIVE: plain + wave_locos} if plain + wave_locos else {}
        if ferries_used:
            pay[FERRY] = ferries_used
        run = _RUNS[key] = (pay,)
    return run[0]


def payment_problem(track: Track, cards: dict[str, int],
                    colors: tuple[str, ...]) -> IllegalAction | None:
    """Why `cards` cannot pay for `track` (None when they can), as a refusal.

    `cards` is already known to be well formed (known card names, positive
    counts); whether the seat holds them is checked by the caller.
    """
    ferry_cards = cards.get(FERRY, 0)
    locos = cards.get(LOCOMOTIVE, 0)
    colored = {c: n for c, n in cards.items() if c not in (LOCOMOTIVE, FERRY)}
    waves = track.ferries
    plain = track.length - waves
    if ferry_cards and not waves:
        return IllegalAction(N_("ferry cards pay only for the wave spaces of a ferry route"))
    if ferry_cards and 2 * (ferry_cards - 1) >= waves:
        return IllegalAction(Nn_("this ferry route has {count} wave space; {ferries} ferry cards "
                                 "are more than it needs",
                                 "this ferry route has {count} wave spaces; {ferries} ferry "
                                 "cards are more than it needs"),
                             count=waves, ferries=ferry_cards)
    if len(colored) > 1:
        return IllegalAction(N_("a route is paid with cards of one colour (plus locomotives)"))
    wave_locos = max(0, waves - 2 * ferry_cards)
    if locos < wave_locos:
        return IllegalAction(Nn_("the {count} wave space needs a locomotive, or a ferry card "
                                 "for every two",
                                 "the {count} wave spaces need a locomotive each, or a ferry "
                                 "card for every two"), count=waves)
    color, count = next(iter(colored.items())) if colored else (None, 0)
    if color is not None and track.color != GRAY and color != track.color:
        return IllegalAction(N_("this route is {color}: pay with {color} cards or "
                                "locomotives"), color=track.color)
    if count + locos - wave_locos != plain:
        if waves:
            return IllegalAction(Nn_("this route has {count} space ({waves} of them waves); "
                                     "the cards offered do not cover it exactly",
                                     "this route has {count} spaces ({waves} of them waves); "
                                     "the cards offered do not cover it exactly"),
                                 count=track.length, waves=waves)
        return IllegalAction(Nn_("this route has {count} space; the cards offered do not cover "
                                 "it exactly",
                                 "this route has {count} spaces; the cards offered do not "
                                 "cover it exactly"), count=track.length)
    return None
