"""The race's and the trick game's hint reasons are true in the position: in
a few hundred random positions of each, every reason of every legal move
names the seat's own cards, the engine's days and worths (the move applied
to a copy of the game says so), odds that add up and the view's share
counts; and Hard's hint is worded in English and in Japanese."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from game.bots import dealer
from game.bots.families import race_hints, tricks_hints
from game.bots.hint import find_hint
from game.narration.hints import hint_lines
from game.rules import GAMES, create
from game.rules.race.data import load_race
from game.rules.race.days import card_sets, payment_days
from game.rules.tricks.scoring import line_value, standing_of_view
from game.words import i18n

POSITIONS = 300
HINTED = 40
ITERATIONS = 12


def positions(game_id: str, count: int, seed: int):
    """Positions of random games of `game_id` (random moves, options at random
    where the table allows them), each with its seat to act."""
    rng = random.Random(seed)
    info = GAMES[game_id]
    made = 0
    while made < count:
        players = rng.randint(info.min_players, info.max_players)
        options = {"teams": rng.random() < 0.5, "expert": rng.random() < 0.3} \
            if game_id == "railway-tricks" and players == 4 else {}
        state = create(game_id, players, rng.randrange(10_000), **options)
        for _ in range(rng.randrange(0, 400 if game_id == "eighty-days" else 160)):
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            continue
        made += 1
        yield state, state.to_act[0]


def _in(cards, hand) -> bool:
    """Whether every card of `cards` is in `hand` (as many times)."""
    have = Counter(map(tuple, hand))
    have.subtract(Counter(map(tuple, cards)))
    return all(n >= 0 for n in have.values())


def _faces_add_up(d) -> None:
    assert d["better"] + d["same"] + d["worse"] == d["sides"] == 6
    assert min(d["better"], d["same"], d["worse"]) >= 0


def _moved(state, seat, action):
    """The days the engine charges for `action` (a move) and the die's last roll,
    the roll accepted as soon as one is asked for."""
    events = state.apply(seat, action)
    while state.pending is not None and state.pending["kind"] == "reroll":
        events += state.apply(seat, {"type": "accept"})
    rolls = [e["roll"] for e in events if e["type"] == "die_rolled"]
    moved = next(e for e in events if e["type"] == "moved")
    return moved["days"], rolls[-1] if rolls else None


def check_race(state, seat, action, reasons) -> None:
    view = state.view(seat)
    me = view["players"][seat]
    hand, route = view["private"]["hand"], view["route"]
    numbers = load_race().numbers
    leg = (route[me["at"]], route[me["at"] + 1]) if me["at"] + 1 < len(route) else None
    for reason in reasons:
        d, code = reason.data, reason.code
        if "from" in d and code not in ("kept_for", "kept_short"):
            assert (d["from"], d["to"]) == leg, reason
        if code == "move_leg":
            assert d["cards"] == action["cards"] and _in(d["cards"], hand)
            days, roll = _moved(state.clone(), seat, action)
            assert d["before"] == me["days"]
            if d["days"] is not None:
                assert d["days"] == days and d["after"] == me["days"] + days
            else:
                assert roll is not None
        if code == "balloon" and action["type"] == "move":
            _faces_add_up(d)
            days, roll = _moved(state.clone(), seat, action)
            assert days == d["rest"] + roll and d["card"] in action["cards"]
            assert d["plain"] == payment_days([tuple(c) for c in action["cards"]])
            assert 1 <= d["expected"] - d["rest"] <= 6
        if code in ("no_cards_leg", "offer", "elephant"):
            days, roll = _moved(state.clone(), seat, action)
            if code == "elephant":
                _faces_add_up(d)
                assert days == d["base"] + roll
            else:
                assert d["days"] == days
            if code == "offer" and not d["cards"] and d["cards"] is not None:
                assert d["cards_days"] == view["legs"][me["at"]]["no_cards_days"]
            elif code == "offer" and d["cards"] is not None:
                assert _in(d["cards"], hand) and payment_days(
                    [tuple(c) for c in d["cards"]]) == d["cards_days"]
        if code == "event_days":
            assert d["event"] in action["events"] and d["with"] != d["without"]
            if action["balloon"] is None:
                assert _moved(state.clone(), seat, action)[0] == d["with"]
        if code == "other_way":
            assert _in(d["cards"], hand) and d["cards"] != action["cards"]
            assert payment_days([tuple(c) for c in d["cards"]]) == d["days"]
        if code in ("kept_for", "kept_short"):
            rest = Counter(map(tuple, hand))
            rest.subtract(Counter(map(tuple, action["cards"])))
            kept = d["cards"] if code == "kept_for" else d["kept"]
            assert _in(kept, list(rest.elements()))
            assert (d["from"], d["to"]) == (route[me["at"] + 1], route[me["at"] + 2])
            if code == "kept_for":
                assert payment_days([tuple(c) for c in kept]) == d["days"]
        if code == "take_card":
            assert view["track"][action["slot"]]["card"] == d["card"]
            assert view["track"][action["slot"]]["action"] == d["action"]
            assert route[me["at"] + d["legs"]] == d["to"]
        if code == "pays_leg":
            assert _in(d["cards"], hand + [view["track"][action["slot"]]["card"]])
            assert payment_days([tuple(c) for c in d["cards"]]) == d["days"]
        if code in ("coin", "event_coin", "buy"):
            assert d["before"] == me["coins"]
            assert d["after"] == me["coins"] + (-numbers["buy_price"] if code == "buy" else 1)
        if code == "event_draw":
            assert d["deck"] == view["event_deck"] and 0 <= d["blue"] <= d["deck"]
            assert d["blue"] == len(d["blue_days"]) and d["held"] == len(
                view["private"]["events"])
            assert all(load_race().blue_days[n] == days for n, days in d["blue_days"].items())
        if code == "detective":
            assert d["days"] == numbers["detective_days"]
            if action["type"] in ("detective", "play_event"):
                assert d["city"] == action["city"]
            for s in d["next_for"]:
                assert route[view["players"][s]["at"] + 1] == d["city"]
        if code == "stay":
            assert _in(d["cards"], hand) and view["turn_state"]["moves"] == 0
            assert payment_days([tuple(c) for c in d["cards"]]) == d["days"]
        if code == "exchange":
            pool = hand + ([view["track"][action["slot"]]["card"]]
                           if action["type"] == "take" else [])
            assert _in(d["cards"], pool) and 1 <= len(d["cards"]) <= numbers["exchange_max"]
            assert route[me["at"] + d["legs"]] == d["to"]
        if code == "cannot_pay":
            options = view["legs"][me["at"]]["options"]
            assert not card_sets([tuple(o) for o in options], [tuple(c) for c in hand])
            assert d["hand"] == hand
        if code in ("discard", "discard_event"):
            assert d["held"] > d["limit"] == numbers["hand_limit"]
            assert d["held"] == len(hand) + len(view["private"]["events"])
        if code in ("reroll", "accept"):
            _faces_add_up(d)
            assert d["roll"] == view["private"]["pending"]["roll"]
            assert d["better"] == d["roll"] - 1
        if code == "leader":
            assert view["players"][d["seat"]]["days"] == d["days"]
            assert view["players"][d["seat"]]["city"] == d["city"] and d["seat"] != seat
        if code == "caught":
            assert me["city"] == view["detective"] == d["city"]
        if code == "chip":
            assert d["chip"] == view["private"]["pending"]["chip"]


def _shares(view, company: str, seat: int) -> int:
    return sum(1 for s in view["players"][seat]["shares"] if s["company"] == company)


def check_tricks(state, seat, action, reasons) -> None:
    view = state.view(seat)
    hand = view["private"]["hand"]
    values, _ = standing_of_view(view)
    for reason in reasons:
        d, code = reason.data, reason.code
        if "yours" in d:
            assert d["yours"] == _shares(view, d["company"], seat)
            others = [_shares(view, d["company"], s) for s in range(len(view["players"]))
                      if s != seat and (not view["teams"] or s != (seat + 2) % 4)]
            assert d["rival_most"] == max(others)
        if "now" in d:
            loco = view["locomotives"][d["company"]]
            assert (d["now"] is None) == (loco is None)
            if loco is not None:
                assert d["now"] == values[d["company"]]
        if code == "win_chance":
            card = d["card"]
            assert card in hand and 0 <= d["chance"] <= 1
            stronger = state.data.strengths - card["strength"]
            assert d["stronger_out"] + d["stronger_mine"] + d["stronger_unseen"] == stronger
            # the unseen stronger cards are all in the other hands
            index = state.data.companies.index(card["company"])
            held = sum(1 for s in range(state.players) if s != seat for c in state.hands[s]
                       if state.data.company_of(c) == index
                       and state.data.strength_of(c) > card["strength"])
            assert held == d["stronger_unseen"]
            if d["top"] is not None:
                assert any(c == d["top"] for _, c in view["trick"])
            if d["chance"] == 1 and d["top"] is None or d["chance"] == 1 and \
                    d["top"]["strength"] < card["strength"]:
                # no seat still to play holds a stronger card of the company
                played = {s for s, _ in view["trick"]}
                assert not any(state.data.company_of(c) == index
                               and state.data.strength_of(c) > card["strength"]
                               for s in range(state.players) if s != seat and s not in played
                               for c in state.hands[s])
        if code == "follow":
            assert d["led"] == view["led"] == action["card"]["company"]
            assert d["held"] == sum(1 for c in hand if c["company"] == d["led"])
        if code == "void":
            assert not any(c["company"] == d["led"] for c in hand)
        if code in ("stakes_share", "stakes_place"):
            assert d["entry"] == view["lane"][0]
        if code in ("city", "lay", "locomotive"):
            other = state.clone()
            other.apply(seat, action)
            after = other.result()["companies"][d["company"]]
            if code == "locomotive":
                assert (d["run"], d["worth"]) == (after["earnings"], after["value"])
            elif d["now_after"] is not None:
                assert d["now_after"] == after["value"]
        if code == "if_won_city":
            assert (d["name"], d["value"]) == (view["lane"][0]["name"], view["lane"][0]["value"])
        if code == "if_won_locomotive":
            entry = view["lane"][0]
            assert d["name"] == entry["name"] and view["locomotives"][d["company"]] is None
            line = [item["value"] for item in view["lines"][d["company"]]]
            assert d["worth"] == line_value(line, entry["distance"], entry["cost"])
        if code == "held_back":
            assert d["yours"] < d["rival_most"] and d["after"] < d["other_end"]
        if code == "locomotive_elsewhere":
            assert d["company"] in view["private"]["pending"]["options"]


CHECKS = {"eighty-days": (race_hints, check_race), "railway-tricks": (tricks_hints, check_tricks)}


@pytest.mark.parametrize("game_id", sorted(CHECKS))
def test_every_reason_of_every_move_is_true_in_the_position(game_id):
    module, check = CHECKS[game_id]
    codes: Counter = Counter()
    for state, seat in positions(game_id, POSITIONS, seed=5):
        view = state.view(seat)
        for action in state.legal_actions(seat):
            reasons = module.explain(view, action)
            codes.update(r.code for r in reasons)
            check(state, seat, action, reasons)
    assert len(codes) >= (20 if game_id == "eighty-days" else 10), codes


@pytest.mark.parametrize("game_id", sorted(CHECKS))
def test_a_hint_says_why_in_english_and_in_japanese(game_id):
    for n, (state, seat) in enumerate(positions(game_id, HINTED, seed=9)):
        view, legal = state.view(seat), state.legal_actions(seat)
        hint = find_hint(view, legal, seed=n, deal=dealer(state, seat), iterations=ITERATIONS)
        CHECKS[game_id][1](state, seat, hint.action, [r for r in hint.reasons
                                                      if r.code != "search"])
        assert any(r.code != "search" for r in hint.reasons), hint
        for language in ("en", "ja"):
            with i18n.speaking(language):
                words, said = hint_lines(game_id, hint, view, lambda s: f"P{s + 1}")
            assert words and len(said) == len(hint.reasons), (hint.reasons, said)
            if language == "ja":      # no English word left (company names are 2-4 letters)
                assert not any(re.search("[a-z]{4,}", line) for line in [words, *said]), \
                    [words, *said]


def test_the_elephant_and_the_offer_say_their_odds_and_days():
    rng = random.Random(3)
    state = create("eighty-days", 3, 11)
    while not state.view(state.to_act[0])["turn_state"]["taken"]:
        seat = state.to_act[0]
        takes = [a for a in state.legal_actions(seat) if a["type"] == "take"]
        state.apply(seat, rng.choice(takes) if takes else {"type": "end_turn"})
    seat = state.to_act[0]
    state.at[seat] = 4                      # in Bombay: the leg to Calcutta takes no cards
    state.held[seat] = ["Elephant", "Offer"]
    state._legal_cache = {}
    moves = [a for a in state.legal_actions(seat) if a["type"] == "move"]
    said = {}
    for action in moves:
        reasons = race_hints.explain(state.view(seat), action)
        check_race(state, seat, action, reasons)
        said.update((r.code, r.data) for r in reasons)
    assert {"elephant", "offer", "no_cards_leg"} <= set(said)
    elephant = said["elephant"]
    leg = load_race().legs[4]
    assert (elephant["base"], elephant["without"]) == (leg.elephant_base, leg.no_cards_days)
    assert elephant["better"] == sum(1 for r in range(1, 7)
                                     if leg.elephant_base + r < leg.no_cards_days)


def test_hint_reads_a_couch_game_with_phones_with_its_journal(tmp_path, capsys):
    """`railparty hint --resume` of a couch game with phones reads the host's
    journal too, as Continue does: the hint is for the position its last
    moves left, not the last full save's."""
    import asyncio
    import json

    from game.cli.main import main
    from game.tables.match import Match, default_seats
    from net.host.saving import HostSave, load_hosted

    path = tmp_path / "couch.json"
    seats = default_seats("railway-tricks", 0, 3)
    seats[1].phone = True
    match = Match("railway-tricks", seats, 4)
    saver = HostSave(path)
    saver.begin(match)
    loop = asyncio.new_event_loop()          # never run: no full save happens meanwhile
    try:
        for _ in range(4):                   # three cards and the first lay
            match.play_bot(match.bot_to_act())
            saver.record(match, loop)
    finally:
        loop.close()
    saved, hosted = Match.load(path, keep_saving=False), load_hosted(path)
    assert saved.version == 0 and hosted.version == 4
    assert main(["hint", "--resume", str(path), "--json", "--think-ms", "50"]) == 0
    said = json.loads(capsys.readouterr().out)
    seat = hosted.state.to_act[0]
    assert said["seat"] == seat != saved.state.to_act[0]
    assert said["action"] in hosted.state.legal_actions(seat)


def test_a_hint_thinks_its_time_over_a_big_decision_too():
    """Hard at the table may think a big decision (a choice of tickets) over
    for several think times; a hint, which a player waits for, does not."""
    from game.bots.timing import ThinkBank

    assert ThinkBank().allowance(900, 4.0) > 900
    assert ThinkBank(extra=False).allowance(900, 4.0) == 900
    assert ThinkBank(extra=False).allowance(900) == 900
