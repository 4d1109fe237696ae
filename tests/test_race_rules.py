"""Eighty Days: one test per rule, mostly from the rulebook's worked examples.

Positions are built by setting fields (racekit keeps every card somewhere);
dice are loaded with racekit.Dice.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from importlib import resources

import pytest
from racekit import (
    ROUTE,
    Dice,
    event_count,
    move,
    new,
    of_type,
    place,
    set_event_discard,
    set_events,
    set_hand,
    snapshot,
    taken,
    travel_count,
)

from game.rules import GAMES, IllegalAction, create
from game.rules.race.data import RaceDataError, load_race, race_from_data
from game.rules.race.days import payment_days

SUEZ, BOMBAY, CALCUTTA, HONG_KONG, NEW_YORK = 3, 4, 5, 6, 9


def moves_of(state, seat=None):
    seat = state.current if seat is None else seat
    return [a for a in state.legal_actions(seat) if a["type"] == "move"]


def end_turns(state, count):
    """The next `count` seats take their first card and end their turn at once."""
    for _ in range(count):
        seat = state.current
        take = next(a for a in state.legal_actions(seat) if a["type"] in ("take", "take_deck"))
        state.apply(seat, take)
        while True:
            legal = state.legal_actions(seat)
            if {"type": "end_turn"} in legal:
                state.apply(seat, {"type": "end_turn"})
                break
            state.apply(seat, next(a for a in legal if a["type"].startswith("discard")))


# --- registry, data and setup ------------------------------------------------

def test_registry_entry():
    info = GAMES["eighty-days"]
    assert (info.min_players, info.max_players, info.family) == (2, 6, "race")
    assert info.score_order == "low" and info.bots == ("random", "greedy", "search")


def test_data_file_loads_with_reconstructed_legs_marked():
    data = load_race()
    assert list(data.route) == ROUTE
    assert [leg.status for leg in data.legs].count("reconstructed") == 4
    assert Counter(k for k, _ in data.travel_cards) == {"train": 30, "ship": 30}
    assert len(data.event_cards) == 15 and len(data.event_deck(2)) == 14


def test_broken_data_names_every_problem():
    text = resources.files("assets").joinpath("race", "eighty_days.json").read_text()
    data = json.loads(text)
    data["route"][-1] = "Paris"
    data["legs"][3]["options"] = [["ship", "plane"]]
    data["event_cards"].append({"name": "Teleporter", "count": 1})
    data["bonus_chips"]["red"]["coin"] = 9
    data["numbers"].pop("hand_limit")
    with pytest.raises(RaceDataError) as err:
        race_from_data(data, "broken.json")
    text = str(err.value)
    assert "broken.json" in text and len(err.value.problems) >= 5
    for piece in ("end where it starts", "plane", "Teleporter", "bonus_chips.red",
                  "numbers.hand_limit"):
        assert piece in text


def test_setup():
    state = new(4, seed=3)
    view = state.view(None)
    assert view["route"] == ROUTE
    assert all(p["city"] == "London" and p["days"] == 0 and p["coins"] == 1 and p["cards"] == 3
               and p["events"] == 0 for p in view["players"])
    assert view["bank"] == 20 and view["detective"] == "Brindisi"
    assert view["event_deck"] == 15 and create("eighty-days", 2, 0).view(None)["event_deck"] == 14
    assert "Connection" not in create("eighty-days", 2, 0).event_deck
    assert set(view["bonus"]) == set(ROUTE[1:-1])
    reds = Counter(b["red"] for b in view["bonus"].values())
    assert reds == Counter(b["blue"] for b in view["bonus"].values()) == {
        "coin": 3, "event": 2, "travel": 2, "delay_others": 2}
    assert travel_count(state) == 60
    assert view["start_player"] == 0 and view["current"] == 0 and view["round"] == 1


@pytest.mark.parametrize("players,laid", [(2, 3), (3, 4), (4, 5), (5, 6), (6, 6)])
def test_cards_laid_per_traveller_count(players, laid):
    view = new(players).view(None)
    assert [s["laid"] for s in view["track"]] == [i < laid for i in range(6)]
    assert [s["action"] for s in view["track"]] == [
        "coin", "balloon", "event", "detective", "start_player", "exchange"]
    assert sum(s["card"] is not None for s in view["track"]) == laid


def test_cards_laid_are_recounted_from_the_travellers():
    state = new(4)
    state.arrivals = [2]
    place(state, 2, 10)
    end_turns(state, 3)  # seats 0, 1, 3: the round is over
    assert state.round == 2 and state.laid == 4
    assert state.order == [1, 3, 0]


# --- rounds and the action track ----------------------------------------------

def test_start_player_may_not_take_the_start_player_card():
    state = new(4)
    slots = [a["slot"] for a in state.legal_actions(0) if a["type"] == "take"]
    assert slots == [0, 1, 2, 3]
    with pytest.raises(IllegalAction, match="start player"):
        state.apply(0, {"type": "take", "slot": 4})
    end_turns(state, 1)
    assert {"type": "take", "slot": 4} in state.legal_actions(1)


def test_start_player_action_sets_the_next_round():
    state = new(4)
    end_turns(state, 1)
    state.apply(1, {"type": "take", "slot": 4})
    assert {"type": "start_player"} in state.legal_actions(1)
    events = state.apply(1, {"type": "start_player"})
    assert of_type(events, "start_player_taken") == [{"type": "start_player_taken", "seat": 1}]
    state.apply(1, {"type": "end_turn"})
    end_turns(state, 2)
    assert state.round == 2 and state.start_player == 1 and state.current == 1


def test_three_players_marker_passes_left():
    state = new(3)
    assert state.laid == 4
    end_turns(state, 3)
    assert state.start_player == 1 and state.current == 1
    end_turns(state, 3)
    assert state.start_player == 2


def test_two_players_alternate_start():
    state = new(2)
    end_turns(state, 2)
    assert state.start_player == 1
    end_turns(state, 2)
    assert state.start_player == 0


def test_six_players_last_may_take_the_deck_top():
    state = new(6)
    for _ in range(5):
        assert {"type": "take_deck"} not in state.legal_actions(state.current)
        end_turns(state, 1)
    assert state.current == 5 and {"type": "take_deck"} in state.legal_actions(5)
    hand = len(state.hands[5])
    events = state.apply(5, {"type": "take_deck"})
    assert len(state.hands[5]) == hand + 1 and state.slot_action is None
    assert "card" in events[0]["private"]
    assert not any(a["type"] in ("coin", "draw_event") for a in state.legal_actions(5))


def test_leftover_track_cards_are_discarded_at_round_end():
    state = new(3)
    discard = len(state.discard)
    before = [c for c in state.track if c is not None]
    end_turns(state, 2)
    left = [c for c in state.track if c is not None]
    events = []
    seat = state.current
    state.apply(seat, {"type": "take", "slot": state.track.index(left[0])})
    events = state.apply(seat, {"type": "end_turn"})
    assert of_type(events, "round_ended")[0]["discarded"] == [list(left[1])]
    assert len(state.discard) == discard + 1 and len(before) == 4


def test_travel_discard_is_reshuffled_when_the_deck_runs_out():
    state = new(3)
    state.discard.extend(state.deck)
    state.deck = []
    taken(state, "exchange")
    card = state.hands[0][0]
    events = state.apply(0, {"type": "exchange", "cards": [list(card)]})
    assert of_type(events, "deck_reshuffled")
    assert len(state.hands[0]) == 3 and travel_count(state) == 60


def test_cards_taken_from_the_track_are_known_until_played():
    state = new(3)
    card = state.track[0]
    other_kind = "ship" if card[0] == "train" else "train"
    set_hand(state, 0, [(other_kind, 5)])
    state.apply(0, {"type": "take", "slot": 0})
    assert state.view(None)["players"][0]["known"] == [list(card)]
    for seed in range(5):
        assert card in state.determinize(1, random.Random(seed)).hands[0]
    state.apply(0, move(sorted([(other_kind, 5), card])))
    assert state.view(None)["players"][0]["known"] == []
    assert travel_count(state) == 60


def test_coin_action():
    state = new(3)
    state.apply(0, {"type": "take", "slot": 0})
    events = state.apply(0, {"type": "coin"})
    assert state.coins[0] == 2 and state.bank == 20
    assert of_type(events, "coin_gained")[0]["why"] == "track"
    assert {"type": "coin"} not in state.legal_actions(0)


def test_detective_action_goes_anywhere_but_london():
    state = new(3)
    state.apply(0, {"type": "take", "slot": 3})
    cities = {a["city"] for a in state.legal_actions(0) if a["type"] == "detective"}
    assert cities == set(ROUTE[1:-1]) - {"Brindisi"}
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "detective", "city": "London"})
    events = state.apply(0, {"type": "detective", "city": "Suez"})
    assert events[0] == {"type": "detective_moved", "seat": 0, "from": "Brindisi",
                         "to": "Suez", "why": "track"}


def test_exchange_up_to_three_cards():
    state = new(3)
    set_hand(state, 0, [("train", 2), ("train", 2), ("ship", 4), ("ship", 5)])
    taken(state, "exchange")
    exchanges = [a["cards"] for a in state.legal_actions(0) if a["type"] == "exchange"]
    assert max(len(c) for c in exchanges) == 3
    assert len(exchanges) == len({json.dumps(c) for c in exchanges})  # identical sets once
    assert [["train", 2], ["train", 2]] in exchanges
    state.apply(0, {"type": "exchange", "cards": [["train", 2], ["train", 2], ["ship", 4]]})
    assert len(state.hands[0]) == 4 and ("ship", 5) in state.hands[0]


def test_track_action_comes_before_moving():
    state = new(3)
    set_hand(state, 0, [("ship", 5), ("train", 3)])
    taken(state, "coin")
    state.apply(0, move([("ship", 5), ("train", 3)]))
    assert {"type": "coin"} not in state.legal_actions(0)


# --- moving and days ---------------------------------------------------------

def test_london_paris_days_are_the_sum_and_one_leg_per_turn():
    state = new(3)
    set_hand(state, 0, [("ship", 7), ("train", 3), ("ship", 5), ("train", 2)])
    taken(state)
    events = state.apply(0, move([("ship", 7), ("train", 3)]))
    moved = of_type(events, "moved")[0]
    assert moved["from"] == "London" and moved["to"] == "Paris" and moved["days"] == 10
    assert state.days[0] == 10 and state.at[0] == 1
    if state.pending:  # the red chip of Paris
        state.apply(0, {"type": "bonus", "take": False})
    assert moves_of(state) == []


@pytest.mark.parametrize("cards,days", [
    ([("ship", 8), ("ship", 8)], 8), ([("ship", 4), ("ship", 5)], 9)])
def test_suez_bombay_pairs_count_once(cards, days):
    state = new(3)
    place(state, 0, SUEZ)
    set_hand(state, 0, cards)
    taken(state)
    events = state.apply(0, move(cards))
    assert of_type(events, "moved")[0]["days"] == days


def test_pairs_only_of_one_kind():
    assert payment_days([("ship", 4), ("train", 4)]) == 8
    assert payment_days([("ship", 5), ("ship", 5), ("train", 5)]) == 10
    assert payment_days([("ship", 5), ("ship", 6), ("train", 5)]) == 16


def test_hong_kong_yokohama_offers_both_card_sets():
    state = new(3)
    place(state, 0, HONG_KONG)
    set_hand(state, 0, [("ship", 4), ("ship", 7), ("train", 4)])
    taken(state)
    sets = sorted(tuple(map(tuple, a["cards"])) for a in moves_of(state)
                  if not a["events"] and a["balloon"] is None)
    assert sets == [(("ship", 4), ("ship", 7)), (("ship", 4), ("train", 4)),
                    (("ship", 7), ("train", 4))]
    events = state.apply(0, move([("ship", 4), ("train", 4)]))
    assert of_type(events, "moved")[0]["days"] == 8


def test_card_sets_are_every_distinct_sub_hand_that_pays_an_option():
    """card_sets against a brute force over every subset of the hand's
    cards: each distinct sorted set whose kinds are one of the options, in
    order, once."""
    from itertools import combinations

    from game.rules.race.data import load_race
    from game.rules.race.days import card_sets

    data = load_race()
    rng = random.Random(7)
    options_tried = [leg.options for leg in data.legs if leg.options] + [
        (("train",), ("ship",), ("train", "train"), ("ship", "train"), ("ship", "ship"),
         ("ship", "ship", "train"), ("ship", "train", "train"), ("train", "train", "train"))]
    for _ in range(400):
        options = rng.choice(options_tried)
        hand = rng.sample(list(data.travel_cards), rng.randint(0, 8))
        expected = sorted({tuple(sorted(cards)) for option in options
                           for cards in combinations(hand, len(option))
                           if sorted(kind for kind, _ in cards) == sorted(option)})
        assert card_sets(options, hand) == [list(cards) for cards in expected]
        rng.shuffle(hand)
        assert card_sets([list(o) for o in options], hand) == [list(c) for c in expected]


def test_identical_card_sets_are_listed_once():
    state = new(3)
    place(state, 0, SUEZ)
    set_hand(state, 0, [("ship", 6), ("ship", 6), ("ship", 6)])
    taken(state)
    assert len(moves_of(state)) == 1


def test_wrong_cards_for_the_leg_are_refused():
    state = new(3)
    set_hand(state, 0, [("ship", 7), ("ship", 5)])
    taken(state)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="ship \\+ train"):
        state.apply(0, move([("ship", 7), ("ship", 5)]))
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply(0, move([("ship", 7), ("train", 5)]))
    assert snapshot(state) == before


def test_bombay_calcutta_takes_no_cards_twelve_days():
    state = new(3)
    place(state, 0, BOMBAY)
    set_hand(state, 0, [("ship", 4)])
    taken(state, "balloon")
    assert moves_of(state) == [move()]
    events = state.apply(0, move())
    assert of_type(events, "moved")[0]["days"] == 12 and state.hands[0] == [("ship", 4)]


def test_bombay_calcutta_with_an_elephant_is_six_plus_a_die():
    state = new(3)
    place(state, 0, BOMBAY)
    set_events(state, 0, ["Elephant"])
    state.coins[0] = 0
    state.rng = Dice(4)
    taken(state)
    events = state.apply(0, move(events=["Elephant"]))
    assert of_type(events, "die_rolled")[0]["roll"] == 4
    moved = of_type(events, "moved")[0]
    assert moved["days"] == 10 and moved["elephant"] == 4 and moved["events"] == ["Elephant"]


def test_balloon_example_with_rerolls():
    # Hong Kong-Yokohama: train 4 + ship 7, balloon for the 7; 5, 6, then 2: 6 days.
    state = new(3)
    place(state, 0, HONG_KONG)
    set_hand(state, 0, [("train", 4), ("ship", 7)])
    state.coins[0] = 3
    state.rng = Dice(5, 6, 2)
    taken(state, "balloon")
    events = state.apply(0, move([("train", 4), ("ship", 7)], balloon=("ship", 7)))
    assert [e["roll"] for e in of_type(events, "die_rolled")] == [5]
    pending = state.view(0)["private"]["pending"]
    assert pending["kind"] == "reroll" and pending["options"] == ["accept", "reroll"]
    assert pending["min"] == pending["max"] == 1
    assert set(a["type"] for a in state.legal_actions(0)) == {"accept", "reroll"}
    state.apply(0, {"type": "reroll"})
    state.apply(0, {"type": "reroll"})
    events = state.apply(0, {"type": "accept"})
    moved = of_type(events, "moved")[0]
    assert moved["days"] == 6 and moved["balloon"] == {"replaces": ["ship", 7], "roll": 2}
    assert state.coins[0] == 1 and state.days[0] == 6


def test_balloon_never_makes_a_pair():
    # Suez-Bombay: ship 5 + ship 8, balloon for the 8, roll 5: 10 days.
    state = new(3)
    place(state, 0, SUEZ)
    set_hand(state, 0, [("ship", 5), ("ship", 8)])
    state.coins[0] = 0
    state.rng = Dice(5)
    taken(state, "balloon")
    events = state.apply(0, move([("ship", 5), ("ship", 8)], balloon=("ship", 8)))
    assert of_type(events, "moved")[0]["days"] == 10


def test_balloon_event_card_and_one_balloon_per_turn():
    state = new(3)
    place(state, 0, SUEZ)
    set_hand(state, 0, [("ship", 5), ("ship", 8)])
    set_events(state, 0, ["Balloon", "Connection"])
    state.coins[0] = 0
    state.rng = Dice(1)
    taken(state)
    with pytest.raises(IllegalAction):  # no track balloon: the card must be played
        state.apply(0, move([("ship", 5), ("ship", 8)], balloon=("ship", 8)))
    events = state.apply(0, move([("ship", 5), ("ship", 8)], balloon=("ship", 8),
                                 events=["Balloon"]))
    assert of_type(events, "moved")[0]["days"] == 6
    assert not any(a["balloon"] for a in moves_of(state))


def test_no_balloon_on_bombay_calcutta():
    state = new(3)
    place(state, 0, BOMBAY)
    set_events(state, 0, ["Balloon"])
    taken(state, "balloon")
    assert all(a["balloon"] is None for a in moves_of(state))


# --- detective, hand limit, buying -------------------------------------------

def test_detective_costs_two_days_at_the_end_of_your_turn():
    state = new(3)
    place(state, 0, 2)  # Brindisi, where he starts
    taken(state)
    events = state.apply(0, {"type": "end_turn"})
    assert state.days[0] == 2
    assert of_type(events, "days_lost")[0] == {"type": "days_lost", "seats": [0], "days": 2,
                                               "why": "detective"}


def test_leaving_the_detectives_city_costs_nothing():
    state = new(3)
    place(state, 0, 2)
    set_hand(state, 0, [("ship", 6)])
    taken(state)
    state.apply(0, move([("ship", 6)]))
    if state.pending:
        state.apply(0, {"type": "bonus", "take": False})
    state.apply(0, {"type": "end_turn"})
    assert state.days[0] == 6


def test_detective_coming_to_you_in_another_turn_costs_nothing():
    state = new(3)
    place(state, 1, 1)
    state.apply(0, {"type": "take", "slot": 3})
    state.apply(0, {"type": "detective", "city": "Paris"})
    state.apply(0, {"type": "end_turn"})
    assert state.days[1] == 0


def test_distraction_avoids_the_detective():
    state = new(3)
    place(state, 0, 2)
    set_events(state, 0, ["Distraction"])
    taken(state)
    state.apply(0, {"type": "play_event", "event": "Distraction"})
    state.apply(0, {"type": "end_turn"})
    assert state.days[0] == 0 and state.event_discard == ["Distraction"]


def test_hand_limit_of_six_at_the_end_of_the_turn():
    state = new(3)
    set_hand(state, 0, [("train", v) for v in (2, 2, 3, 3, 4, 5)])
    set_events(state, 0, ["Swap"])
    taken(state)
    legal = state.legal_actions(0)
    assert {"type": "end_turn"} not in legal
    with pytest.raises(IllegalAction, match="discard down"):
        state.apply(0, {"type": "end_turn"})
    discards = [a for a in legal if a["type"] in ("discard", "discard_event")]
    assert len(discards) == 5  # four distinct travel cards and the event card
    state.apply(0, {"type": "discard", "card": ["train", 2]})
    assert {"type": "end_turn"} in state.legal_actions(0)


def test_buying_cards_for_two_coins():
    state = new(3)
    state.coins[0] = 4
    state.bank -= 3
    state._legal_cache = {}
    assert {"type": "buy", "pile": "travel"} in state.legal_actions(0)  # even before taking
    state.apply(0, {"type": "buy", "pile": "travel"})
    assert len(state.hands[0]) == 4 and state.coins[0] == 2 and state.bank == 20
    set_event_discard(state, [])
    state.event_deck.remove("Storm")
    state.event_deck.remove("Delay")
    state.event_deck[:0] = ["Storm", "Delay"]
    state.apply(0, {"type": "buy", "pile": "event"})
    assert len(state.held[0]) == 1 and state.coins[0] == 0
    assert {"type": "buy", "pile": "travel"} not in state.legal_actions(0)


# --- event cards -------------------------------------------------------------

def test_offer_moves_without_cards_for_ten_days():
    state = new(3)
    place(state, 0, SUEZ)
    set_hand(state, 0, [])
    set_events(state, 0, ["Offer"])
    taken(state)
    events = state.apply(0, move(events=["Offer"]))
    assert of_type(events, "moved")[0]["days"] == 10 and state.at[0] == BOMBAY


def test_connection_gives_a_second_move():
    state = new(3)
    set_hand(state, 0, [("ship", 5), ("train", 3), ("train", 6)])
    set_events(state, 0, ["Connection"])
    taken(state)
    state.apply(0, move([("ship", 5), ("train", 3)]))
    if state.pending:
        state.apply(0, {"type": "bonus", "take": False})
    assert moves_of(state) == [move([("train", 6)], events=["Connection"])]
    events = state.apply(0, move([("train", 6)], events=["Connection"]))
    assert of_type(events, "moved")[0]["to"] == "Brindisi" and state.days[0] == 14
    if state.pending:
        state.apply(0, {"type": "bonus", "take": False})
    assert moves_of(state) == []


def test_detective_event_card():
    state = new(3)
    set_events(state, 0, ["Detective"])
    events = state.apply(0, {"type": "play_event", "event": "Detective", "city": "Yokohama"})
    assert state.detective == 7 and of_type(events, "detective_moved")[0]["why"] == "Detective"
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "play_event", "event": "Detective", "city": "London"})


def test_unused_elephant_is_cashed_for_a_coin():
    state = new(3)
    set_events(state, 0, ["Elephant", "Elephant"])
    state.apply(0, {"type": "play_event", "event": "Elephant"})
    assert state.coins[0] == 2 and state.held[0] == ["Elephant"]


def test_opportunity_counts_the_higher_card():
    state = new(3)
    place(state, 0, SUEZ)
    set_hand(state, 0, [("ship", 4), ("ship", 7)])
    set_events(state, 0, ["Opportunity"])
    taken(state)
    events = state.apply(0, move([("ship", 4), ("ship", 7)], events=["Opportunity"]))
    assert of_type(events, "moved")[0]["days"] == 7


def test_propeller_train_and_submarine():
    state = new(3)
    place(state, 0, NEW_YORK)
    set_hand(state, 0, [("ship", 7), ("ship", 8), ("train", 6)])
    set_events(state, 0, ["Propeller train", "Submarine"])
    taken(state)
    events = state.apply(0, move([("ship", 7), ("ship", 8), ("train", 6)],
                                 events=["Propeller train", "Submarine"]))
    assert of_type(events, "moved")[0]["days"] == 1 + 3 + 7


def test_propeller_only_on_legs_of_several_cards():
    state = new(3)
    place(state, 0, 1)
    set_hand(state, 0, [("train", 6)])
    set_events(state, 0, ["Propeller train"])
    taken(state)
    assert moves_of(state) == [move([("train", 6)])]


def test_princess_copies_the_top_of_the_event_discard():
    state = new(3)
    place(state, 0, SUEZ)
    set_hand(state, 0, [("ship", 4), ("ship", 8)])
    set_events(state, 0, ["Princess"])
    taken(state)
    assert all(not a["events"] for a in moves_of(state))  # empty discard: no use
    set_event_discard(state, ["Submarine", "Opportunity"])
    events = state.apply(0, move([("ship", 4), ("ship", 8)], events=["Princess"]))
    moved = of_type(events, "moved")[0]
    assert moved["days"] == 8 and moved["princess_as"] == "Opportunity"
    assert state.event_discard[-1] == "Princess"


def test_swap_before_taking_a_card():
    state = new(3)
    set_events(state, 0, ["Swap"])
    a, b = state.track[0], state.track[1]
    if a == b:
        state.track[1], state.track[2] = state.track[2], state.track[1]
        b = state.track[1]
    state._legal_cache = {}
    events = state.apply(0, {"type": "play_event", "event": "Swap", "slots": [1, 0]})
    assert state.track[0] == b and state.track[1] == a
    assert of_type(events, "cards_swapped")[0]["slots"] == [0, 1]
    set_events(state, 0, ["Swap"])
    state.apply(0, {"type": "take", "slot": 0})
    assert not any(x["type"] == "play_event" for x in state.legal_actions(0))


@pytest.mark.parametrize("blue,days", [("Storm", 2), ("Delay", 1)])
def test_blue_cards_hit_every_traveller_and_gather_the_events(blue, days):
    state = new(4)
    state.arrivals = [3]
    place(state, 3, 10, 70)
    set_events(state, 1, ["Swap", "Offer"])
    set_event_discard(state, ["Elephant"])
    state.event_deck.remove(blue)
    state.event_deck.append(blue)
    state.apply(0, {"type": "take", "slot": 2})
    events = state.apply(0, {"type": "draw_event"})
    lost = of_type(events, "days_lost")[0]
    assert lost["seats"] == [0, 1, 2] and lost["days"] == days and lost["why"] == blue
    assert state.days == [days, days, days, 70]
    assert of_type(events, "event_drawn")[0]["event"] == blue
    assert state.held == [[], [], [], []] and state.event_discard == []
    assert len(state.event_deck) == 15


# --- bonus chips ---------------------------------------------------------------

@pytest.mark.parametrize("chip", ["coin", "travel", "event", "delay_others"])
def test_red_chip_for_the_first_to_reach_a_city(chip):
    state = new(3)
    state.chips[1] = [chip, "coin"]
    set_hand(state, 0, [("ship", 5), ("train", 3)])
    set_event_discard(state, [])
    state.event_deck.remove("Storm")
    state.event_deck.remove("Delay")
    state.event_deck[:0] = ["Storm", "Delay"]
    taken(state)
    state.apply(0, move([("ship", 5), ("train", 3)]))
    pending = state.view(0)["private"]["pending"]
    assert pending["kind"] == "bonus" and pending["color"] == "red" and pending["chip"] == chip
    events = state.apply(0, {"type": "bonus", "take": True})
    assert of_type(events, "chip")[0]["taken"] is True
    assert state.chips[1] == [None, "coin"]
    if chip == "coin":
        assert state.coins[0] == 2
    elif chip == "travel":
        assert len(state.hands[0]) == 1
    elif chip == "event":
        assert len(state.held[0]) == 1
    else:
        assert state.days == [8, 1, 1]


def test_blue_chip_for_the_last_to_reach_a_city():
    state = new(3)
    state.chips[1] = [None, "coin"]
    place(state, 1, 2)
    place(state, 2, 1)
    set_hand(state, 0, [("ship", 5), ("train", 3)])
    taken(state)
    state.apply(0, move([("ship", 5), ("train", 3)]))
    assert state.view(0)["private"]["pending"]["color"] == "blue"
    state.apply(0, {"type": "bonus", "take": False})
    assert state.chips[1] == [None, None] and state.coins[0] == 1


def test_no_blue_chip_while_someone_is_still_behind():
    state = new(3)
    state.chips[1] = [None, "coin"]
    place(state, 1, 2)
    set_hand(state, 0, [("ship", 5), ("train", 3)])
    taken(state)
    state.apply(0, move([("ship", 5), ("train", 3)]))
    assert state.pending is None


# --- London and the end ----------------------------------------------------------

def arrive(state, seat, days):
    """Put `seat` in New York with the cards for London and let it travel home."""
    assert state.current == seat
    place(state, seat, NEW_YORK, days)
    set_hand(state, seat, [("ship", 4), ("ship", 4), ("train", 2)])
    taken(state)
    return state.apply(seat, move([("ship", 4), ("ship", 4), ("train", 2)]))


def test_arrival_discards_the_hand_and_ends_the_turn():
    state = new(4)
    set_events(state, 0, ["Swap"])
    events = arrive(state, 0, 50)
    assert of_type(events, "arrived") == [{"type": "arrived", "seat": 0, "order": 1,
                                           "days": 56}]
    assert state.hands[0] == [] and state.held[0] == [] and state.current == 1
    assert state.view(None)["players"][0]["arrived"] == 1
    assert travel_count(state) == 60 and event_count(state) == 15


def test_arrived_days_are_final_and_travellers_lose_a_day_each_round():
    state = new(4)
    arrive(state, 0, 50)
    end_turns(state, 3)
    assert state.round == 2 and state.days[0] == 56 and state.days[1:] == [1, 1, 1]
    assert state.start_player == 1
    state.apply(1, {"type": "take", "slot": 0})
    state.chips[1] = [None, "delay_others"]
    assert state.days[0] == 56


def test_three_to_five_players_end_with_the_round_of_the_second_to_last():
    state = new(3)
    arrive(state, 0, 50)
    end_turns(state, 2)
    assert not state.is_over
    assert state.round == 2 and state.current == 1
    arrive(state, 1, 60)  # the second-to-last: seat 2 still plays this round
    assert not state.is_over and state.current == 2
    arrive(state, 2, 70)  # and may come home too
    assert state.is_over and state.arrivals == [0, 1, 2]
    assert state.result()["scores"] == [56, 66, 76]
    state = new(3)
    arrive(state, 0, 50)
    end_turns(state, 2)
    arrive(state, 1, 60)
    end_turns(state, 1)
    assert state.is_over and state.result()["winners"] == [0]


def test_game_ends_at_the_end_of_the_round_of_the_second_to_last():
    state = new(3)
    end_turns(state, 1)
    arrive(state, 1, 60)
    arrive(state, 2, 50)
    assert state.is_over
    result = state.result()
    assert result["winners"] == [2] and result["scores"] == [0, 66, 56]
    assert result["breakdown"][2] == {"seat": 2, "days": 56, "arrived": 2, "coins": 1,
                                      "city": "London", "place": 1}
    assert [b["place"] for b in result["breakdown"]] == [3, 2, 1]


def test_winner_ties_go_to_the_earlier_arrival():
    state = new(3)
    end_turns(state, 1)
    arrive(state, 1, 60)
    arrive(state, 2, 60)
    assert state.result()["winners"] == [1]


def test_nobody_within_eighty_the_first_back_wins():
    state = new(3)
    end_turns(state, 1)
    arrive(state, 1, 90)
    arrive(state, 2, 80)
    assert state.result()["winners"] == [1]
    assert [b["place"] for b in state.result()["breakdown"]] == [3, 1, 2]


def test_a_traveller_not_back_cannot_win():
    state = new(3)
    end_turns(state, 1)
    arrive(state, 1, 70)
    arrive(state, 2, 70)
    assert state.days[0] == 0 and state.result()["winners"] == [1]


def test_six_players_end_when_four_have_arrived():
    state = new(6)
    for seat in range(3):
        arrive(state, seat, 50 + seat)
    end_turns(state, 3)
    assert not state.is_over
    assert state.order == [3, 4, 5]
    arrive(state, 3, 70)
    end_turns(state, 1)
    assert not state.is_over
    end_turns(state, 1)
    assert state.is_over and len(state.arrivals) == 4


def test_two_players_end_with_the_round_of_the_first_arrival():
    state = new(2)
    events = arrive(state, 0, 50)
    assert not state.is_over and state.current == 1
    events = state.apply(1, {"type": "take", "slot": 0})
    events = state.apply(1, {"type": "end_turn"})
    assert state.is_over and of_type(events, "game_over")
    assert state.result()["winners"] == [0]


def test_two_players_over_eighty_the_other_wins():
    state = new(2)
    arrive(state, 0, 80)
    end_turns(state, 1)
    assert state.result()["winners"] == [1]


def test_two_players_both_back_in_one_round_fewer_days_then_more_coins():
    state = new(2)
    arrive(state, 0, 60)
    arrive(state, 1, 60)
    assert state.is_over and state.result()["winners"] == [0, 1]
    state = new(2)
    state.coins[1] = 3
    arrive(state, 0, 60)
    arrive(state, 1, 60)
    assert state.result()["winners"] == [1]
    state = new(2)
    arrive(state, 0, 61)
    arrive(state, 1, 60)
    assert state.result()["winners"] == [1]


# --- bad input ---------------------------------------------------------------------

BAD = [
    None, "take", 3, [], {}, {"type": "fly"}, {"type": None}, {"type": "take"},
    {"type": "take", "slot": "0"}, {"type": "take", "slot": True}, {"type": "take", "slot": 0.0},
    {"type": "take", "slot": 9}, {"type": "take", "slot": -1}, {"type": "take", "slot": 0, "x": 1},
    {"type": "move", "cards": [], "balloon": None}, {"type": "move", "cards": "ship",
                                                     "balloon": None, "events": []},
    {"type": "move", "cards": [["ship", "7"]], "balloon": None, "events": []},
    {"type": "move", "cards": [["ship", True]], "balloon": None, "events": []},
    {"type": "move", "cards": [["ship", 7, 1]], "balloon": None, "events": []},
    {"type": "move", "cards": [], "balloon": None, "events": [3]},
    {"type": "bonus", "take": 1}, {"type": "reroll"}, {"type": "accept"},
    {"type": "exchange", "cards": [["ship", 4]]}, {"type": "coin"}, {"type": "end_turn"},
    {"type": "play_event", "event": "Swap", "slots": [0]},
    {"type": "play_event", "event": "Swap", "slots": [0, "1"]},
    {"type": "play_event", "event": "Offer"}, {"type": "discard", "card": ["ship", 4]},
    {"type": "buy", "pile": "gold"}, {"type": "detective", "city": "Paris"},
]


@pytest.mark.parametrize("action", BAD, ids=range(len(BAD)))
def test_bad_actions_leave_the_state_unchanged(action):
    state = new(3, seed=5)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(0, action)
    assert snapshot(state) == before


def test_out_of_turn_and_unknown_seats_are_refused():
    state = new(3)
    before = snapshot(state)
    legal = state.legal_actions(0)
    for seat in (1, 2, 3, -1, "0", None, True):
        with pytest.raises(IllegalAction):
            state.apply(seat, legal[0])
    assert state.legal_actions(1) == []
    assert snapshot(state) == before


def test_pending_decision_must_be_answered_first():
    state = new(3)
    place(state, 0, HONG_KONG)
    set_hand(state, 0, [("train", 4), ("ship", 7)])
    state.coins[0] = 2
    state.rng = Dice(6, 1)
    taken(state, "balloon")
    state.apply(0, move([("train", 4), ("ship", 7)], balloon=("ship", 7)))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="die roll"):
        state.apply(0, {"type": "end_turn"})
    assert snapshot(state) == before
