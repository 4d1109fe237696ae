"""Shared helpers for the rules tests: headless setup, positions, snapshots.

The helpers are plain functions, reached through the session-scoped `kit`
fixture (a module-like namespace), so that hypothesis tests can use them too.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import types
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Zeroconf in any test (a Join screen's browser, a host's advert) stays on
# loopback: tests send no traffic to the machine's real networks.
os.environ["RAILPARTY_MDNS_INTERFACES"] = "127.0.0.1"
# No test writes into the user's real config or data folders: every test gets
# its own RAILPARTY_HOME (the autouse fixture below); this one covers code that
# runs at import time and subprocesses started outside a test.
os.environ["RAILPARTY_HOME"] = tempfile.mkdtemp(prefix="railparty-tests-")
atexit.register(shutil.rmtree, os.environ["RAILPARTY_HOME"], ignore_errors=True)

import pytest  # noqa: E402

from game.rules import create  # noqa: E402

GAME = "routes-usa"
LOCO = "locomotive"
COLORS = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green")
TOTAL_CARDS = 8 * 12 + 14
TOTAL_TICKETS = 30
TRAINS = 45
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}


def new_game(players: int = 2, seed: int = 0):
    """A fresh game, still in the simultaneous ticket choice of the setup."""
    return create(GAME, players, seed)


def finish_setup(state, keep_all: bool = True):
    """Answer every seat's first ticket offer (all three kept, or the first two)."""
    for seat in list(state.to_act):
        offer = sorted(state.pending[seat])
        keep = offer if keep_all else offer[:2]
        state.apply(seat, {"type": "keep_tickets", "keep": keep})
    assert state.phase == "play"
    return state


def counts(cards) -> dict[str, int]:
    """A hand {card: n} from a list of card names."""
    out: dict[str, int] = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


def all_cards(state) -> list[str]:
    """Every train card of the state: deck, discard, face-up row and hands."""
    cards = list(state.deck) + list(state.discard)
    cards += [c for c in state.face_up if c is not None]
    for hand in state.hands:
        for card, n in hand.items():
            cards += [card] * n
    return cards


def full_set() -> dict[str, int]:
    out = {c: 12 for c in COLORS}
    out[LOCO] = 14
    return out


def rest_of_cards(*used) -> list[str]:
    """The cards of the full set of 110 left after taking out every card in `used`.

    Each item of `used` is a hand (dict), a list of cards, or a single card name
    (None is skipped), so a position can put the remainder in the deck or the
    discard and keep the 110 cards conserved.
    """
    left = full_set()
    for item in used:
        if item is None:
            continue
        if isinstance(item, str):
            item = [item]
        if isinstance(item, dict):
            item = [c for c, n in item.items() for _ in range(n)]
        for card in item:
            if card is None:
                continue
            left[card] -= 1
            assert left[card] >= 0, f"more than the game holds of {card}"
    return [c for c in sorted(left) for _ in range(left[c])]


def position(players: int = 2, seed: int = 0, *, hands=None, face_up=None, deck=None,
             discard=None, claimed=None, trains=None, scores=None, tickets=None,
             ticket_deck=None, current: int = 0, cards_drawn: int = 0,
             final_turns=None, deck_top=(), conserve: bool = True):
    """A game in the play phase, moved to a chosen position by setting fields.

    Setup is finished first (every seat keeps its three tickets). Then every
    given field replaces the state's own. `claimed` maps track ids to seats
    and also removes the trains and adds the points of those tracks, unless
    `trains`/`scores` are given. When `hands`/`face_up`/`discard` are given and
    `deck` is not, the deck is filled with the rest of the 110 cards (sorted),
    so the cards stay conserved; `deck_top` then names the next cards the deck
    deals, first card first (they are taken out of that rest). A given
    `ticket_deck` without `tickets` gives every seat three tickets from outside
    that pile.
    """
    state = finish_setup(new_game(players, seed))
    if hands is not None:
        state.hands = [dict(h) for h in hands]
    if face_up is not None:
        state.face_up = list(face_up)
    if discard is not None:
        state.discard = list(discard)
    if deck is not None:
        state.deck = list(deck)
    elif conserve and (hands is not None or face_up is not None or discard is not None
                       or deck_top):
        rest = rest_of_cards(*state.hands, state.face_up, state.discard, list(deck_top))
        state.deck = rest + list(reversed(deck_top))
    if claimed is not None:
        state.claimed = {}
        state.trains = [TRAINS] * players
        state.scores = [0] * players
        for track_id, seat in claimed.items():
            track = state.board.track_by_id[track_id]
            state.claimed[track.index] = seat
            state.trains[seat] -= track.length
            state.scores[seat] += ROUTE_POINTS[track.length]
    if trains is not None:
        state.trains = list(trains)
    if scores is not None:
        state.scores = list(scores)
    if ticket_deck is not None:
        state.ticket_deck = list(ticket_deck)
        if tickets is None:
            # every seat gets three of the tickets outside the given pile
            spare = [t for t in range(TOTAL_TICKETS) if t not in state.ticket_deck]
            tickets = [spare[3 * s:3 * s + 3] for s in range(players)]
    if tickets is not None:
        state.tickets = [list(t) for t in tickets]
    state.pending = [None] * players
    state.phase = "play"
    state.current = current
    state.cards_drawn = cards_drawn
    state.final_turns = final_turns
    state.passes_in_row = 0
    state._legal_cache = {}
    if conserve and deck is None:
        assert len(all_cards(state)) == TOTAL_CARDS
    return state


def track(state, track_id: str):
    return state.board.track_by_id[track_id]


def ticket_id(state, a: str, b: str) -> int:
    """The id of the ticket between two cities (either way round)."""
    for t in state.board.tickets:
        if {t.a, t.b} == {a, b}:
            return t.index
    raise KeyError(f"no ticket {a}-{b}")


def views(state) -> list[dict[str, Any]]:
    """The view of every seat, then the spectator's."""
    return [state.view(s) for s in range(state.players)] + [state.view(None)]


def snapshot(state) -> tuple:
    """Everything a rejected action must leave alone: views, history and internals."""
    return (
        views(state),
        len(state.history),
        list(state.deck), list(state.discard), list(state.face_up),
        [dict(h) for h in state.hands],
        list(state.ticket_deck), [list(t) for t in state.tickets],
        [None if p is None else list(p) for p in state.pending],
        dict(state.claimed), list(state.trains), list(state.scores),
        state.phase, state.current, state.cards_drawn, state.final_turns, state.turn,
        state.passes_in_row, state.rng.getstate(),
    )


def public(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its seat-specific parts ("you" and "private")."""
    return {k: v for k, v in view.items() if k not in ("you", "private")}


def events_of(events, kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def claims_for(state, seat: int, track_id: str) -> list[dict[str, int]]:
    """The payments legal_actions offers `seat` for one track."""
    return [a["cards"] for a in state.legal_actions(seat)
            if a["type"] == "claim" and a["track"] == track_id]


def as_set(payments) -> set[tuple[tuple[str, int], ...]]:
    return {tuple(sorted(p.items())) for p in payments}


_KIT = types.SimpleNamespace(
    GAME=GAME, LOCO=LOCO, COLORS=COLORS, TOTAL_CARDS=TOTAL_CARDS, TOTAL_TICKETS=TOTAL_TICKETS,
    TRAINS=TRAINS, ROUTE_POINTS=ROUTE_POINTS,
    new_game=new_game, finish_setup=finish_setup, counts=counts, all_cards=all_cards,
    full_set=full_set, rest_of_cards=rest_of_cards, position=position, track=track,
    ticket_id=ticket_id, views=views, snapshot=snapshot, public=public, events_of=events_of,
    claims_for=claims_for, as_set=as_set,
)


@pytest.fixture(scope="session")
def kit() -> types.SimpleNamespace:
    """The helpers above as one namespace (session scope: safe inside @given)."""
    return _KIT


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch):
    """Each test has its own config and data folders (settings, saves, seat tokens)."""
    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch):
    """Tests read English unless they switch language themselves, whatever
    the machine's locale; a test's switch does not leak into the next."""
    from game.words import i18n

    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    i18n.pin(None)
    i18n.set_language("en")
    yield
    i18n.pin(None)
    i18n.set_language("en")


@pytest.fixture
def app():
    """A headless window with instant animations and bot moves, in the test's
    own home (`_own_home`); a test file with other needs defines its own."""
    from game.app import App
    from game.system.settings import Settings

    application = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    yield application
    application.close()


@pytest.fixture(scope="module")
def browser():
    """A headless chromium for the phone page's browser tests (tests/browserkit.py,
    imported only by them: without chromium they are skipped, except in CI)."""
    from browserkit import launch

    with launch() as opened:
        yield opened
