"""Railway Tricks rules: worked examples for every lane card, scoring and bad input."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources

import pytest

from game.rules import IllegalAction, create
from game.rules.tricks.cards import EXCHANGE_BASE, INITIAL, SHARE
from game.rules.tricks.data import (
    CITY,
    EXCHANGE,
    LOCOMOTIVE,
    RESERVATION,
    TricksDataError,
    load_tricks_data,
    tricks_data_from_dict,
)
from game.rules.tricks.scoring import best_stretch, line_value

GAME = "railway-tricks"
DATA = load_tricks_data()
L3, L4, L5, L6, LALL = range(5)
BO, CO, ERIE, NYC, PRR = range(5)


def num(text: str) -> int:
    """'B&O 7' -> the engine's card number."""
    name, strength = text.rsplit(" ", 1)
    return DATA.card_number(DATA.companies.index(name), int(strength))


def card(text: str) -> dict:
    name, strength = text.rsplit(" ", 1)
    return {"company": name, "strength": int(strength)}


def full(text: str) -> dict:
    c = num(text)
    return {**card(text), "value": DATA.card_values[c]}


def position(players: int = 3, hands=None, lane=None, leader: int = 0, **options):
    state = create(GAME, players, seed=3, **options)
    if hands is not None:
        state.hands = [sorted(num(c) for c in hand) for hand in hands]
    if lane is not None:
        state.lane = list(lane)
    state.leader = state.current = leader
    return state


def play(state, seat: int, text: str) -> list[dict]:
    return state.apply(seat, {"type": "play", "card": card(text)})


def play_trick(state, *cards: str) -> list[dict]:
    events = []
    for text in cards:
        events += play(state, state.to_act[0], text)
    return events


def kinds(events) -> list[str]:
    return [e["type"] for e in events]


def snapshot(state):
    views = [state.view(s) for s in range(state.players)] + [state.view(None)]
    return copy.deepcopy(vars(state)), views


# --- setup -----------------------------------------------------------------------

@pytest.mark.parametrize("players,dealt", [(3, 15), (4, 11), (5, 9)])
def test_deal_sizes_and_the_rest_laid_into_lines_after_the_initial_card(players, dealt):
    state = create(GAME, players, seed=11)
    assert [len(h) for h in state.hands] == [dealt] * players
    for company, line in enumerate(state.lines):
        assert line[0] == INITIAL
        assert all(DATA.company_of(c) == company for c in line[1:])
    in_lines = sum(len(line) - 1 for line in state.lines)
    assert in_lines + players * dealt == 50
    view = state.view(None)
    assert len(view["lane"]) == dealt
    assert [e["kind"] for e in view["lane"]].count("exchange") == 5
    assert sorted(e["company"] for e in view["lane"] if e["kind"] == "exchange") == sorted(
        DATA.companies)


def test_lane_for_three_players_is_the_printed_one():
    view = create(GAME, 3, seed=1).view(None)
    shape = []
    for e in view["lane"]:
        if e["kind"] == "locomotive":
            shape.append("L" + "+".join([e["name"]] + [w["name"] for w in e["with"]]))
        else:
            shape.append(e["kind"][0].upper())
    assert " ".join(shape) == "E C E C E C E L3 E L4 R L5 R L6+ALL R"
    cities = sorted(e["name"] for e in view["lane"] if e["kind"] == "city")
    assert cities == ["Baltimore", "New York", "Pittsburgh"]


def test_setup_events_show_counts_publicly_and_each_hand_privately():
    state = create(GAME, 4, seed=2)
    events = state.setup_events()
    assert events[0]["type"] == "deal" and events[0]["counts"] == [11] * 4
    dealt = [e for e in events if e["type"] == "hand_dealt"]
    assert [e["private_to"] for e in dealt] == [0, 1, 2, 3]
    assert dealt[1]["private"]["hand"] == state.view(1)["private"]["hand"]


# --- playing a trick -------------------------------------------------------------

def test_must_follow_the_led_company_when_able():
    state = position(hands=[["B&O 5", "C&O 1"], ["B&O 2", "PRR 9"], ["NYC 3", "Erie 4"]])
    play(state, 0, "B&O 5")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="follow B&O"):
        play(state, 1, "PRR 9")
    assert snapshot(state) == before
    assert state.legal_actions(1) == [{"type": "play", "card": full("B&O 2")}]
    assert state.view(1)["private"]["playable"] == [full("B&O 2")]
    play(state, 1, "B&O 2")
    # seat 2 holds no B&O: anything goes, and the void is public from now on
    assert len(state.legal_actions(2)) == 2
    play(state, 2, "Erie 4")
    assert state.view(None)["players"][2]["void"] == ["B&O"]


def test_highest_strength_of_the_led_company_wins_and_leads_next():
    state = position(hands=[["C&O 3", "B&O 1"], ["PRR 10", "B&O 2"], ["C&O 7", "B&O 3"]],
                     lane=[(EXCHANGE, PRR), (EXCHANGE, BO)])
    events = play_trick(state, "C&O 3", "PRR 10", "C&O 7")
    won = [e for e in events if e["type"] == "trick_won"][0]
    assert won["winner"] == 2 and won["led"] == "C&O"
    assert [s for s, _ in won["cards"]] == [0, 1, 2]
    assert state.to_act == (2,) and state.view(None)["leader"] == 2


# --- share tricks ----------------------------------------------------------------

def test_exchange_trick_winner_card_takes_the_leftmost_reservation():
    lane = [(EXCHANGE, NYC), (CITY, 0), (RESERVATION, None), (RESERVATION, None)]
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["PRR 4", "Erie 3"]],
                     lane=lane)
    events = play_trick(state, "B&O 5", "B&O 9", "PRR 4")
    assert kinds(events)[3:] == ["trick_won", "exchange_taken", "reservation_replaced",
                                 "share_taken", "share_taken"]
    view = state.view(None)
    assert view["players"][1]["shares"] == [{"company": "NYC", "kind": "exchange"}]
    assert view["players"][0]["shares"] == [full("B&O 5")]
    assert view["players"][2]["shares"] == [full("PRR 4")]
    assert view["lane"] == [{"kind": "city", "name": "Pittsburgh", "value": 20},
                            full("B&O 9"), {"kind": "reservation"}]
    assert [e for e in events if e["type"] == "reservation_replaced"][0]["slot"] == 1
    assert view["removed"] == 0 and view["trick"] == [] and state.to_act == (1,)


def test_exchange_trick_with_no_reservation_left_removes_the_winner_card():
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["PRR 4", "Erie 3"]],
                     lane=[(EXCHANGE, NYC), (SHARE, num("C&O 2"))])
    events = play_trick(state, "B&O 5", "B&O 9", "PRR 4")
    assert "card_removed" in kinds(events)
    view = state.view(None)
    assert view["removed"] == 1 and view["removed_cards"] == [full("B&O 9")]
    assert view["lane"] == [full("C&O 2")]


def test_a_card_that_took_a_reservation_is_a_share_for_the_next_winner():
    state = position(hands=[["B&O 5"], ["B&O 9"], ["B&O 4"]],
                     lane=[(SHARE, num("C&O 2"))])
    events = play_trick(state, "B&O 5", "B&O 9", "B&O 4")
    taken = [e for e in events if e["type"] == "share_taken" and e["source"] == "lane"]
    assert taken == [{"type": "share_taken", "seat": 1, "card": full("C&O 2"),
                      "source": "lane"}]
    assert num("C&O 2") in state.shares[1]
    assert num("B&O 9") in state.removed
    assert state.is_over and kinds(events)[-1] == "game_over"


# --- operating tricks ------------------------------------------------------------

def test_city_trick_winner_lays_the_city_then_each_seat_from_the_winner_lays():
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["PRR 4", "Erie 3"]],
                     lane=[(CITY, 2), (EXCHANGE, BO)])
    play_trick(state, "B&O 5", "B&O 9", "PRR 4")
    assert state.to_act == (1,) and state.phase == "city"
    pending = state.view(1)["private"]["pending"]
    assert pending["kind"] == "city" and pending["city"]["name"] == "New York"
    assert len(pending["options"]) == 10 and pending["min"] == pending["max"] == 1
    assert state.view(0)["private"]["pending"] is None
    events = state.apply(1, {"type": "city", "company": "Erie", "end": "left"})
    assert events == [{"type": "city_laid", "seat": 1, "company": "Erie", "end": "left",
                       "city": {"kind": "city", "name": "New York", "value": 40}}]
    assert state.view(None)["lines"]["Erie"][0]["name"] == "New York"
    order = []
    while state.phase == "lay":
        seat = state.to_act[0]
        order.append(seat)
        pending = state.view(seat)["private"]["pending"]
        assert pending["kind"] == "lay" and pending["options"] == ["left", "right"]
        state.apply(seat, {"type": "lay", "end": "right"})
    assert order == [1, 2, 0]
    lines = state.view(None)["lines"]
    assert lines["B&O"][-2:] == [full("B&O 9"), full("B&O 5")]
    assert lines["PRR"][-1] == full("PRR 4")
    assert state.phase == "play" and state.to_act == (1,)
    assert state.shares == [[], [], []]


def test_both_ends_of_a_line():
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["B&O 4", "Erie 3"]],
                     lane=[(CITY, 0), (EXCHANGE, BO)])
    state.lines[BO] = [INITIAL]
    play_trick(state, "B&O 5", "B&O 9", "B&O 4")
    state.apply(1, {"type": "city", "company": "C&O", "end": "right"})
    events = state.apply(1, {"type": "lay", "end": "left"})
    assert events[0] == {"type": "card_laid", "seat": 1, "company": "B&O", "end": "left",
                         "card": full("B&O 9")}
    state.apply(2, {"type": "lay", "end": "right"})
    state.apply(0, {"type": "lay", "end": "left"})
    assert state.lines[BO] == [num("B&O 5"), num("B&O 9"), INITIAL, num("B&O 4")]


def test_locomotive_trick_one_per_line():
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["PRR 4", "Erie 3"]],
                     lane=[(LOCOMOTIVE, (L4,)), (EXCHANGE, BO)])
    state.locos[NYC] = L3
    play_trick(state, "B&O 5", "B&O 9", "PRR 4")
    assert state.phase == "locomotive" and state.to_act == (1,)
    pending = state.view(1)["private"]["pending"]
    assert pending["options"] == ["B&O", "C&O", "Erie", "PRR"]
    assert pending["locomotive"] == {"name": "4", "distance": 4, "cost": 50}
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="already has a locomotive"):
        state.apply(1, {"type": "locomotive", "company": "NYC"})
    assert snapshot(state) == before
    events = state.apply(1, {"type": "locomotive", "company": "PRR"})
    assert events[0]["type"] == "locomotive_placed" and events[0]["auto"] is False
    assert state.view(None)["locomotives"]["PRR"]["name"] == "4"
    assert state.phase == "lay" and state.to_act == (1,)
    for seat in (1, 2, 0):
        state.apply(seat, {"type": "lay", "end": "right"})
    assert state.phase == "play"


def test_the_all_locomotive_goes_to_the_last_line_without_one():
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["PRR 4", "Erie 3"]],
                     lane=[(LOCOMOTIVE, (L6, LALL)), (EXCHANGE, BO)])
    state.locos[BO], state.locos[CO], state.locos[ERIE] = L3, L4, L5
    play_trick(state, "B&O 5", "B&O 9", "PRR 4")
    assert state.view(1)["private"]["pending"]["options"] == ["NYC", "PRR"]
    events = state.apply(1, {"type": "locomotive", "company": "PRR"})
    assert [(e["company"], e["locomotive"]["name"], e["auto"]) for e in events] == [
        ("PRR", "6", False), ("NYC", "ALL", True)]
    assert state.view(None)["locomotives"]["NYC"] == {"name": "ALL", "distance": None,
                                                      "cost": 80}
    assert state.phase == "lay"


def test_the_all_locomotive_is_chosen_when_several_lines_are_free():
    # the expert lane may bring the 6 early: then the winner places the ALL too
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["PRR 4", "Erie 3"]],
                     lane=[(LOCOMOTIVE, (L6, LALL)), (EXCHANGE, BO)])
    play_trick(state, "B&O 5", "B&O 9", "PRR 4")
    state.apply(1, {"type": "locomotive", "company": "PRR"})
    assert state.phase == "locomotive"
    assert state.view(1)["private"]["pending"]["locomotive"]["name"] == "ALL"
    state.apply(1, {"type": "locomotive", "company": "B&O"})
    assert state.locos[BO] == LALL and state.phase == "lay"


# --- scoring ---------------------------------------------------------------------

def test_best_stretch_and_line_value():
    values = [10, 40, 10, 10, 30, 30, 20]
    assert best_stretch(values, 3) == (80, 4, 3)       # longer than the distance
    assert best_stretch(values, 10) == (150, 0, 7)     # not longer: the whole line
    assert best_stretch(values, None) == (150, 0, 7)   # ALL
    assert line_value(values, 3, 40) == 40
    assert line_value([10, 10], 3, 40) == 0            # never below 0


def finished(players=3, **options):
    state = position(players, hands=[[] for _ in range(players)], lane=[], **options)
    state.phase = "over"
    return state


def test_final_scores_from_lines_locomotives_and_shares():
    state = finished()
    state.lines = [[INITIAL, num("B&O 1"), num("B&O 10"), num("B&O 9"), num("B&O 8")],
                   [INITIAL, num("C&O 1")],
                   [INITIAL, num("Erie 9"), num("Erie 1")],
                   [INITIAL] + [num(f"NYC {s}") for s in (6, 3, 9)],
                   [INITIAL, num("PRR 5")]]
    # B&O: 10 10 40 30 30 with a 3: best 100 - 40 = 60
    # C&O: 10 40 with a 4: whole line 50 - 50 = 0
    # Erie: 10 40 30 with ALL: 80 - 80 = 0; NYC: 10 40 30 30 with a 5: 110 - 60 = 50
    # PRR: no locomotive: 0
    state.locos = [L3, L4, LALL, L5, None]
    state.shares = [[num("B&O 2"), EXCHANGE_BASE + BO, num("NYC 1")],
                    [num("PRR 3"), num("C&O 5")],
                    [num("NYC 2")]]
    result = state.result()
    companies = result["companies"]
    assert companies["B&O"]["stretch"] == [2, 3] and companies["B&O"]["value"] == 60
    assert companies["C&O"]["earnings"] == 50 and companies["C&O"]["value"] == 0
    assert companies["Erie"]["distance"] is None and companies["Erie"]["value"] == 0
    assert companies["NYC"]["value"] == 50
    assert companies["PRR"]["locomotive"] is None and companies["PRR"]["value"] == 0
    assert result["scores"] == [2 * 60 + 50, 0, 50]
    assert result["winners"] == [0]
    assert result["breakdown"][0]["shares"]["B&O"] == 2
    assert result["breakdown"][0]["points"] == {"B&O": 120, "C&O": 0, "Erie": 0, "NYC": 50,
                                                "PRR": 0}


def test_tied_players_share_the_win():
    state = finished()
    state.locos = [L3, None, None, None, None]
    state.lines[BO] = [INITIAL, num("B&O 10"), num("B&O 9")]  # 80 - 40 = 40
    state.shares = [[num("B&O 1")], [EXCHANGE_BASE + BO], []]
    assert state.result()["scores"] == [40, 40, 0]
    assert state.result()["winners"] == [0, 1]


def test_teams_add_partner_scores():
    state = finished(4, teams=True)
    state.locos = [L3, None, None, None, None]
    state.lines[BO] = [INITIAL, num("B&O 10"), num("B&O 9")]  # 40 a share
    state.shares = [[num("B&O 1")], [num("B&O 2"), num("B&O 3")], [num("B&O 4")], []]
    result = state.result()
    assert result["scores"] == [80, 80, 80, 80]
    assert result["winners"] == [0, 1, 2, 3]
    state.shares[3] = [num("B&O 5")]
    state.__dict__.pop("_final_result", None)
    result = state.result()
    assert result["scores"] == [80, 120, 80, 120] and result["winners"] == [1, 3]
    assert result["breakdown"][1]["total"] == 80 and result["breakdown"][1]["team"] == [1, 3]
    assert state.view(None)["teams"] == [[0, 2], [1, 3]]


def test_teams_need_four_players():
    with pytest.raises(ValueError, match="4 players"):
        create(GAME, 3, seed=1, teams=True)
    with pytest.raises(ValueError):
        create(GAME, 4, seed=1, expert="yes")


def test_expert_lane_shuffles_only_the_operating_slots():
    for players in (3, 4, 5):
        printed = DATA.lanes[players]
        seen = set()
        for seed in range(20):
            lane = create(GAME, players, seed=seed, expert=True).lane
            for token, entry in zip(printed, lane, strict=True):
                operating = token.kind in (CITY, LOCOMOTIVE)
                assert (entry[0] in (CITY, LOCOMOTIVE)) == operating
            locos = [e[1] for e in lane if e[0] == LOCOMOTIVE]
            assert sorted(locos) == sorted(t.locomotives for t in printed if t.kind == LOCOMOTIVE)
            seen.add(tuple(e[0] for e in lane))
        if players < 5:
            assert len(seen) > 1
        assert create(GAME, players, seed=1, expert=True).view(None)["options"]["expert"]


# --- bad input -------------------------------------------------------------------

BAD_ACTIONS = [
    None, [], "play", {}, {"type": 3}, {"type": "jump"},
    {"type": "play"}, {"type": "play", "card": "B&O 5"},
    {"type": "play", "card": {"company": "B&O"}},
    {"type": "play", "card": {"company": "B&O", "strength": 11}},
    {"type": "play", "card": {"company": "B&O", "strength": True}},
    {"type": "play", "card": {"company": "Reading", "strength": 1}},
    {"type": "play", "card": {"company": "B&O", "strength": 5, "value": 99}},
    {"type": "play", "card": {"company": "B&O", "strength": 5, "colour": "blue"}},
    {"type": "play", "card": {"company": "B&O", "strength": 7}},  # not in hand
    {"type": "play", "card": {"company": "B&O", "strength": 5}, "extra": 1},
    {"type": "lay", "end": "left"}, {"type": "city", "company": "B&O", "end": "left"},
    {"type": "locomotive", "company": "B&O"},
]


@pytest.mark.parametrize("action", BAD_ACTIONS)
def test_malformed_actions_leave_the_state_unchanged(action):
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["PRR 4", "Erie 3"]])
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(0, action)
    assert snapshot(state) == before


def test_out_of_turn_and_bad_decisions_leave_the_state_unchanged():
    state = position(hands=[["B&O 5", "Erie 1"], ["B&O 9", "Erie 2"], ["PRR 4", "Erie 3"]],
                     lane=[(CITY, 1), (EXCHANGE, BO)])
    for seat, action in [(1, {"type": "play", "card": card("B&O 9")}), (7, {"type": "play"}),
                         (True, {"type": "play", "card": card("B&O 5")})]:
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert snapshot(state) == before
    play_trick(state, "B&O 5", "B&O 9", "PRR 4")
    for seat, action in [(0, {"type": "city", "company": "B&O", "end": "left"}),
                         (1, {"type": "city", "company": "B&O", "end": "middle"}),
                         (1, {"type": "city", "company": "Reading", "end": "left"}),
                         (1, {"type": "lay", "end": "left"}),
                         (1, {"type": "play", "card": card("Erie 2")})]:
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert snapshot(state) == before
    assert state.legal_actions(0) == [] and len(state.legal_actions(1)) == 10


def test_no_action_once_the_game_is_over():
    state = position(hands=[["B&O 5"], ["B&O 9"], ["B&O 4"]], lane=[(EXCHANGE, BO)])
    play_trick(state, "B&O 5", "B&O 9", "B&O 4")
    assert state.is_over and state.to_act == ()
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, {"type": "lay", "end": "left"})


# --- determinize -----------------------------------------------------------------

def test_determinize_keeps_counts_and_honours_voids():
    state = create(GAME, 4, seed=5)
    rng = random.Random(0)
    while state.tricks_played < 8 or state.phase != "play":
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    # say seat 2 showed it lacks every company it does not hold now
    held = {DATA.company_of(c) for c in state.hands[2]}
    state.voids[2] = sum(1 << c for c in range(5) if c not in held)
    assert state.voids[2]
    for i in range(30):
        other = state.determinize(0, random.Random(i))
        assert other.view(0) == state.view(0)
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert {DATA.company_of(c) for c in other.hands[2]} <= held
        assert sorted(sum(other.hands[1:], [])) == sorted(sum(state.hands[1:], []))
    assert other.hands[0] == state.hands[0]


# --- the data file ---------------------------------------------------------------

def raw_data() -> dict:
    text = resources.files("assets").joinpath("tricks", "railway_tricks.json").read_text()
    return json.loads(text)


def test_packaged_data_has_the_published_tables():
    assert len(DATA.card_values) == 50 and DATA.strengths == 10
    assert DATA.card_values[num("B&O 10")] == 40 and DATA.card_values[num("C&O 1")] == 40
    assert DATA.locomotives[LALL] == ("ALL", None, 80)
    assert DATA.dealt == {3: 15, 4: 11, 5: 9}


def test_validator_names_each_problem():
    data = raw_data()
    data["companies"][1]["values"] = [10] * 9
    data["companies"][2]["name"] = "B&O"
    data["locomotives"][0]["cost"] = -5
    data["lanes"]["4"] = data["lanes"]["4"][:-1] + ["locomotive:9"]
    data["lanes"]["5"][0] = "ferry"
    data["dealt"]["5"] = 12
    with pytest.raises(TricksDataError) as caught:
        tricks_data_from_dict(data, "broken.json")
    message = str(caught.value)
    assert message.startswith("broken.json:")
    for part in ("same number of strengths", "listed twice", "'cost'", "locomotive named 9",
                 "unknown lane token 'ferry'", "needs 60 cards"):
        assert part in message, part


def test_validator_refuses_a_reservation_reached_unfilled():
    data = raw_data()
    data["lanes"]["4"] = ["reservation"] + data["lanes"]["4"][:-1]
    with pytest.raises(TricksDataError, match="cannot be filled"):
        tricks_data_from_dict(data)
    assert isinstance(tricks_data_from_dict(raw_data()).lanes[3][0].kind, str)
    with pytest.raises(TricksDataError):
        tricks_data_from_dict([1, 2])


@pytest.mark.parametrize("players,options", [(3, {}), (4, {"teams": True}), (5, {"expert": True})])
def test_advance_changes_the_state_as_apply_does_and_refuses_the_same(players, options):
    """`advance` (rollouts: no events) must leave the state exactly as `apply`
    does, and refuse what apply refuses, changing nothing."""
    for seed in range(3):
        state = create(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            wrong = [{"type": "play", "card": {"company": "Nowhere", "strength": 1}},
                     {"type": "lay", "end": "middle"}, {"type": "city"},
                     {"type": state.phase if state.phase != "over" else "play"}]
            for bad in wrong:
                quiet = state.clone()
                with pytest.raises(IllegalAction) as refused:
                    state.clone().apply(seat, bad)
                with pytest.raises(IllegalAction) as also:
                    quiet.advance(seat, bad)
                assert str(also.value) == str(refused.value)
                assert vars(quiet) == vars(state)
            if state.phase == "play" and state.led is not None:
                # a card of another company while holding the led one
                hand = state.hands[seat]
                other = [c for c in hand if state.data.company_of(c) != state.led]
                if other and len(other) < len(hand):
                    bad = {"type": "play", "card": state.view(seat)["private"]["hand"][
                        hand.index(other[0])]}
                    quiet = state.clone()
                    with pytest.raises(IllegalAction):
                        quiet.advance(seat, bad)
                    assert vars(quiet) == vars(state)
            action = rng.choice(legal)
            quiet = state.clone()
            state.apply(seat, copy.deepcopy(action))
            quiet.advance(seat, action)
            state.__dict__.pop("_final_result", None)
            assert vars(quiet) == vars(state)
        assert state.result() == quiet.result()


@pytest.mark.parametrize("players,options", [(3, {}), (4, {"teams": True}), (4, {}),
                                             (5, {"expert": True})])
def test_scores_are_the_result_scores(players, options):
    """scores() (a bot's rollouts score their ends with it) must give the
    result's scores at every moment of a game, team totals with teams."""
    for seed in range(4):
        state = create(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            assert state.scores() == state.result()["scores"]
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert max(state.scores()) > 0
