"""The rules of routes-usa (seeds 000 and 001), one worked example per rule.

Positions are built by finishing the setup and then setting the state's
fields (see conftest.position); the 110 train cards stay conserved unless a
test says otherwise.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import IllegalAction, create, redact_events, replay

GAME = "routes-usa"
L = "locomotive"


def apply_all(state, seat, *actions):
    events = []
    for action in actions:
        events += state.apply(seat, action)
    return events


def kinds(events):
    return [e["type"] for e in events]


def rejected(kit, state, seat, action, match=None):
    """`action` raises IllegalAction with a message and changes nothing."""
    before = kit.snapshot(state)
    with pytest.raises(IllegalAction, match=match) as info:
        state.apply(seat, action)
    assert str(info.value).strip(), f"no message for {action!r}"
    assert kit.snapshot(state) == before, f"refused {action!r} changed the state"
    return str(info.value)


# --- setup -------------------------------------------------------------------


def test_game_uses_110_train_cards_8_colours_of_12_and_14_locomotives(kit):
    for players in range(2, 6):
        state = kit.new_game(players, seed=players)
        cards = Counter(kit.all_cards(state))
        assert sum(cards.values()) == 110
        assert cards == Counter({**{c: 12 for c in kit.COLORS}, L: 14})
        assert set(state.board.colors) == set(kit.COLORS)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_four_cards_each_and_five_face_up(kit, players):
    state = kit.new_game(players, seed=11)
    assert [sum(h.values()) for h in state.hands] == [4] * players
    assert len(state.face_up) == 5 and None not in state.face_up
    assert len(state.deck) + len(state.discard) == 110 - 4 * players - 5
    assert state.face_up.count(L) < 3
    view = state.view(None)
    assert [p["cards"] for p in view["players"]] == [4] * players
    assert [p["trains"] for p in view["players"]] == [45] * players
    assert [p["score"] for p in view["players"]] == [0] * players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_offers_three_tickets_to_every_seat_at_once(kit, players):
    state = kit.new_game(players, seed=3)
    assert state.phase == "setup"
    assert state.to_act == tuple(range(players))
    assert [len(p) for p in state.pending] == [3] * players
    assert len(state.ticket_deck) == 30 - 3 * players
    offered = [t for p in state.pending for t in p]
    assert len(set(offered)) == 3 * players
    for seat in range(players):
        private = state.view(seat)["private"]
        assert private["pending"]["min"] == 2
        assert len(private["pending"]["options"]) == 3
        legal = state.legal_actions(seat)
        # keep all three, or any two of them
        assert {tuple(a["keep"]) for a in legal} == {
            tuple(sorted(state.pending[seat])),
            *[tuple(sorted(pair)) for pair in _pairs(state.pending[seat])]}
        assert all(a["type"] == "keep_tickets" for a in legal)
    # nobody may draw or claim before every seat has chosen
    assert state.view(None)["current"] is None


def _pairs(items):
    items = list(items)
    return [(items[i], items[j]) for i in range(len(items)) for j in range(i + 1, len(items))]


def test_setup_keep_at_least_two_of_three(kit):
    state = kit.new_game(2, seed=5)
    offer = list(state.pending[0])
    rejected(kit, state, 0, {"type": "keep_tickets", "keep": [offer[0]]}, match="at least 2")
    rejected(kit, state, 0, {"type": "keep_tickets", "keep": []}, match="at least 2")


def test_setup_returned_ticket_goes_to_the_bottom_of_the_pile(kit):
    state = kit.new_game(2, seed=5)
    offer = list(state.pending[0])
    pile = list(state.ticket_deck)
    events = state.apply(0, {"type": "keep_tickets", "keep": offer[1:]})
    assert state.ticket_deck == pile + [offer[0]]
    assert sorted(state.tickets[0]) == sorted(offer[1:])
    assert state.pending[0] is None
    kept = kit.events_of(events, "tickets_kept")[0]
    assert (kept["seat"], kept["kept"], kept["returned"]) == (0, 2, 1)


def test_setup_seats_answer_in_any_order_then_seat_0_starts(kit):
    state = kit.new_game(3, seed=8)
    offers = [list(p) for p in state.pending]
    state.apply(2, {"type": "keep_tickets", "keep": offers[2]})
    assert state.to_act == (0, 1)
    assert state.phase == "setup"
    # a seat that has chosen waits for the others
    rejected(kit, state, 2, {"type": "draw_deck"}, match="waiting")
    state.apply(1, {"type": "keep_tickets", "keep": offers[1][:2]})
    events = state.apply(0, {"type": "keep_tickets", "keep": offers[0]})
    assert state.phase == "play"
    assert state.to_act == (0,)
    assert state.current == 0
    assert events[-1] == {"type": "turn_started", "seat": 0}
    assert [len(t) for t in state.tickets] == [3, 2, 3]
    assert len(state.ticket_deck) == 30 - 8


# --- drawing train cards -------------------------------------------------------

ROW = ["red", "blue", "green", "white", "black"]


def test_draw_two_cards_from_the_deck(kit):
    state = kit.position(2, hands=[{}, {}], face_up=ROW, deck_top=["pink", "yellow"])
    events = state.apply(0, {"type": "draw_deck"})
    assert state.hands[0] == {"pink": 1}
    assert (state.current, state.cards_drawn) == (0, 1)
    assert kit.events_of(events, "card_drawn")[0]["private"] == {"card": "pink"}
    events = state.apply(0, {"type": "draw_deck"})
    assert state.hands[0] == {"pink": 1, "yellow": 1}
    assert (state.current, state.cards_drawn) == (1, 0)
    assert events[-1] == {"type": "turn_started", "seat": 1}


def test_draw_face_up_card_is_replaced_from_the_deck_at_once(kit):
    state = kit.position(2, hands=[{}, {}], face_up=ROW, deck_top=["yellow", "pink"])
    events = state.apply(0, {"type": "draw_face_up", "slot": 0})
    assert state.hands[0] == {"red": 1}
    assert state.face_up == ["yellow", "blue", "green", "white", "black"]
    assert {"type": "face_up_refilled", "slot": 0, "card": "yellow"} in events
    drawn = kit.events_of(events, "card_drawn")[0]
    assert (drawn["source"], drawn["slot"], drawn["card"]) == ("face_up", 0, "red")
    # the second card may come from the row too, refilled again
    state.apply(0, {"type": "draw_face_up", "slot": 0})
    assert state.hands[0] == {"red": 1, "yellow": 1}
    assert state.face_up[0] == "pink"
    assert state.current == 1


def test_draw_one_face_up_one_from_the_deck(kit):
    state = kit.position(2, hands=[{}, {}], face_up=ROW, deck_top=["yellow", "pink"])
    apply_all(state, 0, {"type": "draw_face_up", "slot": 4}, {"type": "draw_deck"})
    assert state.hands[0] == {"black": 1, "pink": 1}
    assert state.current == 1


def test_face_up_locomotive_as_first_card_is_the_whole_turn(kit):
    state = kit.position(2, hands=[{}, {}], face_up=[L, "red", "blue", "green", "white"],
                         deck_top=["yellow"])
    events = state.apply(0, {"type": "draw_face_up", "slot": 0})
    assert state.hands[0] == {L: 1}
    assert state.current == 1 and state.cards_drawn == 0
    assert events[-1] == {"type": "turn_started", "seat": 1}
    assert state.face_up[0] == "yellow"


def test_face_up_locomotive_cannot_be_the_second_card(kit):
    state = kit.position(2, hands=[{}, {}], face_up=["red", L, "blue", "green", "white"],
                         deck_top=["yellow"])
    state.apply(0, {"type": "draw_face_up", "slot": 0})
    legal = state.legal_actions(0)
    assert {"type": "draw_face_up", "slot": 1} not in legal
    assert sorted(a.get("slot", -1) for a in legal) == [-1, 0, 2, 3, 4]  # -1: draw_deck
    rejected(kit, state, 0, {"type": "draw_face_up", "slot": 1}, match="locomotive")


def test_locomotive_refilled_into_the_row_cannot_be_taken_as_second_card(kit):
    state = kit.position(2, hands=[{}, {}], face_up=ROW, deck_top=[L])
    state.apply(0, {"type": "draw_face_up", "slot": 0})
    assert state.face_up[0] == L
    assert {"type": "draw_face_up", "slot": 0} not in state.legal_actions(0)
    rejected(kit, state, 0, {"type": "draw_face_up", "slot": 0}, match="first card")


def test_locomotive_drawn_blind_from_the_deck_does_not_end_the_draw(kit):
    state = kit.position(2, hands=[{}, {}], face_up=ROW, deck_top=[L, "red"])
    state.apply(0, {"type": "draw_deck"})
    assert state.hands[0] == {L: 1}
    assert (state.current, state.cards_drawn) == (0, 1)
    state.apply(0, {"type": "draw_deck"})
    assert state.hands[0] == {L: 1, "red": 1}
    assert state.current == 1


def test_only_card_draws_are_legal_after_the_first_card(kit):
    state = kit.position(2, hands=[{"blue": 3}, {}], face_up=ROW, deck_top=["red"])
    state.apply(0, {"type": "draw_deck"})
    assert {a["type"] for a in state.legal_actions(0)} == {"draw_deck", "draw_face_up"}
    rejected(kit, state, 0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}}, match="second card")
    rejected(kit, state, 0, {"type": "draw_tickets"}, match="second card")
    rejected(kit, state, 0, {"type": "pass"})


def test_three_face_up_locomotives_discard_the_row_and_deal_five_new(kit):
    face_up = [L, L, "red", "blue", "green"]
    new_row = ["white", "black", "yellow", "orange", "pink"]
    state = kit.position(2, hands=[{}, {}], face_up=face_up, discard=[],
                         deck_top=[L] + new_row)
    events = state.apply(0, {"type": "draw_face_up", "slot": 2})
    assert state.hands[0] == {"red": 1}
    resets = kit.events_of(events, "face_up_reset")
    assert len(resets) == 1
    assert sorted(resets[0]["discarded"]) == sorted([L, L, L, "blue", "green"])
    assert resets[0]["face_up"] == new_row
    assert state.face_up == new_row
    assert sorted(state.discard) == sorted([L, L, L, "blue", "green"])
    # the draw goes on: the reset does not end the turn
    assert (state.current, state.cards_drawn) == (0, 1)
    assert len(kit.all_cards(state)) == 110


def test_locomotive_reset_repeats_while_the_new_row_has_three(kit):
    face_up = [L, L, "red", "blue", "green"]
    first = [L, L, L, "red", "blue"]
    second = ["white", "black", "yellow", "orange", "pink"]
    state = kit.position(2, hands=[{}, {}], face_up=face_up, discard=[],
                         deck_top=[L] + first + second)
    events = state.apply(0, {"type": "draw_face_up", "slot": 2})
    resets = kit.events_of(events, "face_up_reset")
    assert [r["face_up"] for r in resets] == [first, second]
    assert state.face_up == second
    assert len(kit.all_cards(state)) == 110


def test_empty_face_up_slots_fill_again_after_a_claim(kit):
    # Deck and discard ran out, leaving three slots empty; the cards of a claim
    # go to the discard, which is reshuffled to fill those slots again.
    face_up = ["red", "blue", None, None, None]
    hand0 = {"blue": 3}
    rest = kit.rest_of_cards(face_up, hand0)
    state = kit.position(2, hands=[hand0, Counter(rest)], face_up=face_up, deck=[],
                         discard=[])
    events = state.apply(0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}})
    assert "deck_reshuffled" in kinds(events)
    assert [e["slot"] for e in kit.events_of(events, "face_up_refilled")] == [2, 3, 4]
    assert state.face_up == ["red", "blue", "blue", "blue", "blue"]
    assert state.deck == [] and state.discard == []
    assert len(kit.all_cards(state)) == 110


def test_reset_guard_when_the_cards_left_cannot_avoid_three_locomotives(kit):
    # Every coloured card but three is in the hands; the deck holds only
    # locomotives, so no reset could give a row with fewer than three.
    face_up = [L, L, "red", "blue", "green"]
    rest = kit.rest_of_cards(face_up)
    hand0 = Counter(c for c in rest if c != L)
    state = kit.position(2, hands=[dict(hand0), {}], face_up=face_up, discard=[],
                         deck=[L] * 12)
    assert len(kit.all_cards(state)) == 110
    events = state.apply(0, {"type": "draw_face_up", "slot": 2})
    assert kit.events_of(events, "face_up_reset") == []
    assert state.face_up == [L, L, L, "blue", "green"]
    assert len(kit.all_cards(state)) == 110
    # the draw goes on, and the second card cannot be a face-up locomotive
    assert (state.current, state.cards_drawn) == (0, 1)
    slots = sorted(a["slot"] for a in state.legal_actions(0) if a["type"] == "draw_face_up")
    assert slots == [3, 4]
    state.apply(0, {"type": "draw_deck"})
    assert state.current == 1


def _scarce_position(kit, bottom: list[str]):
    """Seat 0 about to take the red of the row [L, L, red, blue, green].

    Seat 0 holds every coloured card outside the row and `bottom`; the deck is
    `bottom` (its last cards) under every locomotive left, the discard empty.
    So the few other cards left decide whether a reset can help.
    """
    face_up = [L, L, "red", "blue", "green"]
    rest = kit.rest_of_cards(face_up, bottom)
    hand0 = Counter(c for c in rest if c != L)
    deck = list(bottom) + [L] * Counter(rest)[L]  # the top of the deck is the end
    state = kit.position(2, hands=[dict(hand0), {}], face_up=face_up, discard=[], deck=deck)
    assert len(kit.all_cards(state)) == 110
    return state


def test_no_reset_when_only_two_other_cards_could_reach_the_row(kit):
    # After the red is taken the row is [L, L, L, blue, green]: the blue and
    # the green are the only other cards left, so every new row would hold
    # three locomotives again. No reset, whatever the deck's order.
    state = _scarce_position(kit, [])
    events = state.apply(0, {"type": "draw_face_up", "slot": 2})
    assert kit.events_of(events, "face_up_reset") == []
    assert state.face_up == [L, L, L, "blue", "green"]
    assert (state.current, state.cards_drawn) == (0, 1)


def test_resets_go_on_while_three_other_cards_could_make_a_good_row(kit):
    # One more coloured card (white) at the bottom of the deck, under all the
    # locomotives: with the blue and the green, three other cards could make
    # a row of only two locomotives, so the resets go on (reshuffling the
    # discard again and again) until one does, however many it takes. Several
    # shuffles are tried, and at least one of them needs more than ten resets.
    most = 0
    for shuffle_seed in range(40):
        state = _scarce_position(kit, ["white"])
        state.rng = random.Random(shuffle_seed)
        events = state.apply(0, {"type": "draw_face_up", "slot": 2})
        resets = kit.events_of(events, "face_up_reset")
        assert resets, "three other cards are left: the row must be reset"
        assert state.face_up.count(L) < 3, f"shuffle {shuffle_seed}: stopped on a bad row"
        assert resets[-1]["face_up"] == state.face_up
        assert len(kit.all_cards(state)) == 110
        assert (state.current, state.cards_drawn) == (0, 1)
        most = max(most, len(resets))
    assert most > 10


def test_several_resets_in_a_row_from_a_crafted_deck(kit):
    # Three rows of three locomotives come up one after the other before a
    # good one: four resets, each showing the row it dealt.
    bad = [[L, L, L, "red", "blue"], [L, L, L, "white", "black"],
           [L, L, L, "yellow", "orange"]]
    good = ["white", "black", "yellow", "orange", "pink"]
    face_up = [L, L, "red", "blue", "green"]
    state = kit.position(2, hands=[{}, {}], face_up=face_up, discard=[],
                         deck_top=[L] + [c for row in bad for c in row] + good)
    events = state.apply(0, {"type": "draw_face_up", "slot": 2})
    resets = kit.events_of(events, "face_up_reset")
    assert [r["face_up"] for r in resets] == [*bad, good]
    assert state.face_up == good
    assert len(state.discard) == 20
    assert len(kit.all_cards(state)) == 110
    assert (state.current, state.cards_drawn) == (0, 1)


def test_discard_is_reshuffled_when_the_deck_runs_out(kit):
    discard = kit.rest_of_cards(ROW)
    state = kit.position(2, hands=[{}, {}], face_up=ROW, deck=[], discard=discard)
    events = state.apply(0, {"type": "draw_deck"})
    shuffled = kit.events_of(events, "deck_reshuffled")
    assert shuffled == [{"type": "deck_reshuffled", "cards": len(discard)}]
    assert state.discard == []
    assert len(state.deck) == len(discard) - 1
    assert Counter(state.deck) + Counter(state.hands[0]) == Counter(discard)
    # the reshuffle comes before the card, in the events
    assert kinds(events).index("deck_reshuffled") < kinds(events).index("card_drawn")


def test_face_up_refill_reshuffles_the_discard_too(kit):
    discard = ["pink", "pink", "yellow"]
    state = kit.position(2, hands=[{}, {}], face_up=ROW, deck=[], discard=discard,
                         conserve=False)
    events = state.apply(0, {"type": "draw_face_up", "slot": 1})
    assert "deck_reshuffled" in kinds(events)
    assert state.face_up[1] in ("pink", "yellow")
    assert len(state.deck) == 2 and state.discard == []


def test_no_train_card_at_all_when_deck_and_discard_are_empty(kit):
    # Seed 000: with the deck and the discard both empty nobody may draw a
    # train card, not even one of the face-up row.
    rest = kit.rest_of_cards(ROW)
    state = kit.position(2, hands=[Counter(rest), {}], face_up=ROW, deck=[], discard=[])
    legal = state.legal_actions(0)
    assert {"type": "draw_deck"} not in legal
    assert [a for a in legal if a["type"] == "draw_face_up"] == []
    rejected(kit, state, 0, {"type": "draw_deck"}, match="empty")
    for slot in range(5):
        rejected(kit, state, 0, {"type": "draw_face_up", "slot": slot}, match="empty")


def test_face_up_row_drawable_again_once_the_discard_holds_a_card(kit):
    rest = kit.rest_of_cards(ROW, ["pink"])
    state = kit.position(2, hands=[Counter(rest), {}], face_up=ROW, deck=[],
                         discard=["pink"])
    slots = [a["slot"] for a in state.legal_actions(0) if a["type"] == "draw_face_up"]
    assert slots == [0, 1, 2, 3, 4]


def test_second_card_impossible_ends_the_turn_with_one_card(kit):
    # The only card left outside the row and the hands is a pink in the
    # discard: it refills the slot, then deck and discard are both empty, so
    # no second card may be drawn (the row's own cards included).
    face_up = ["red", "blue", None, None, None]
    rest = kit.rest_of_cards(face_up, ["pink"])
    state = kit.position(2, hands=[{}, Counter(rest)], face_up=face_up, deck=[],
                         discard=["pink"])
    events = state.apply(0, {"type": "draw_face_up", "slot": 0})
    assert state.hands[0] == {"red": 1}
    assert {"type": "face_up_refilled", "slot": 0, "card": "pink"} in events
    assert state.face_up == ["pink", "blue", None, None, None]
    assert (state.current, state.cards_drawn) == (1, 0)
    assert events[-1] == {"type": "turn_started", "seat": 1}


def test_second_card_impossible_when_only_a_locomotive_is_left_in_the_row(kit):
    # Deck and discard hold one card between them; after it refills the
    # slot the row still holds cards but none may be drawn.
    face_up = ["red", L, None, None, None]
    rest = kit.rest_of_cards(face_up, [L])
    state = kit.position(2, hands=[{}, Counter(rest)], face_up=face_up, deck=[L], discard=[])
    state.apply(0, {"type": "draw_face_up", "slot": 0})
    assert state.face_up == [L, L, None, None, None]
    assert (state.current, state.cards_drawn) == (1, 0)


def test_last_card_of_the_deck_ends_the_turn_when_nothing_else_is_drawable(kit):
    face_up = [None] * 5
    rest = kit.rest_of_cards(["pink"])
    state = kit.position(2, hands=[{}, Counter(rest)], face_up=face_up, deck=["pink"],
                         discard=[])
    state.apply(0, {"type": "draw_deck"})
    assert state.hands[0] == {"pink": 1}
    assert state.current == 1


# --- claiming routes -----------------------------------------------------------


def test_claim_coloured_route_needs_cards_of_its_colour(kit):
    # Seed example 1: Montréal-New York (blue, 3) takes a set of 3 blue cards.
    state = kit.position(2, hands=[{"blue": 3, "red": 3}, {}])
    assert kit.claims_for(state, 0, "montreal--new-york") == [{"blue": 3}]
    rejected(kit, state, 0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"red": 3}}, match="blue")
    events = state.apply(0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}})
    claim = kit.events_of(events, "route_claimed")[0]
    assert claim == {"type": "route_claimed", "seat": 0, "track": "montreal--new-york",
                     "cards": {"blue": 3}, "points": 4, "trains_left": 42}
    assert state.hands[0] == {"red": 3}
    assert state.discard[-3:] == ["blue"] * 3
    assert state.scores[0] == 4 and state.trains[0] == 42
    assert state.view(None)["routes"] == {"montreal--new-york": 0}
    assert state.current == 1
    assert len(kit.all_cards(state)) == 110


def test_claim_needs_exactly_the_route_length(kit):
    state = kit.position(2, hands=[{"blue": 4, L: 2}, {}])
    for cards in ({"blue": 2}, {"blue": 4}, {"blue": 2, L: 2}, {L: 1}):
        rejected(kit, state, 0, {"type": "claim", "track": "montreal--new-york",
                                 "cards": cards})


def test_claim_gray_route_with_any_one_colour(kit):
    # Seed example 2: Montréal-Toronto (gray, 3) takes any set of 3 of one colour.
    hand = {"red": 3, "green": 3, "blue": 2}
    state = kit.position(2, hands=[hand, {}])
    assert kit.as_set(kit.claims_for(state, 0, "montreal--toronto")) == kit.as_set(
        [{"red": 3}, {"green": 3}])
    for cards in ({"red": 3}, {"green": 3}):
        trial = state.clone()
        events = trial.apply(0, {"type": "claim", "track": "montreal--toronto", "cards": cards})
        assert kit.events_of(events, "route_claimed")[0]["points"] == 4
    rejected(kit, state, 0, {"type": "claim", "track": "montreal--toronto",
                             "cards": {"blue": 2}})


def test_mixed_colours_are_rejected(kit):
    state = kit.position(2, hands=[{"red": 2, "blue": 2, "green": 1, L: 1}, {}])
    for cards in ({"red": 2, "blue": 1}, {"red": 1, "blue": 1, L: 1},
                  {"red": 1, "blue": 1, "green": 1}):
        rejected(kit, state, 0, {"type": "claim", "track": "montreal--toronto",
                                 "cards": cards}, match="one colour")


def test_locomotives_stand_in_for_any_colour(kit):
    state = kit.position(2, hands=[{"blue": 1, L: 3}, {}])
    offered = kit.as_set(kit.claims_for(state, 0, "montreal--new-york"))
    assert offered == kit.as_set([{"blue": 1, L: 2}, {L: 3}])
    trial = state.clone()
    trial.apply(0, {"type": "claim", "track": "montreal--new-york", "cards": {L: 3}})
    assert trial.hands[0] == {"blue": 1}
    state.apply(0, {"type": "claim", "track": "montreal--new-york", "cards": {"blue": 1, L: 2}})
    assert state.hands[0] == {L: 1}


def test_legal_actions_offer_every_payment_for_a_chosen_hand(kit):
    hand = {"red": 2, "blue": 1, "yellow": 4, L: 3}
    state = kit.position(2, hands=[hand, {}])
    gray = kit.as_set(kit.claims_for(state, 0, "montreal--toronto"))
    assert gray == kit.as_set([
        {"red": 2, L: 1}, {"red": 1, L: 2}, {L: 3}, {"blue": 1, L: 2},
        {"yellow": 3}, {"yellow": 2, L: 1}, {"yellow": 1, L: 2},
    ])
    blue = kit.as_set(kit.claims_for(state, 0, "montreal--new-york"))
    assert blue == kit.as_set([{"blue": 1, L: 2}, {L: 3}])
    # every offer is accepted
    for cards in kit.claims_for(state, 0, "montreal--toronto"):
        trial = state.clone()
        trial.apply(0, {"type": "claim", "track": "montreal--toronto", "cards": cards})
        assert trial.scores[0] == 4


def _reference_claims(state, seat):
    """Every claim the rules allow, worked out independently of the engine."""
    hand = state.hands[seat]
    out = set()
    for t in state.board.tracks:
        if t.index in state.claimed or state.trains[seat] < t.length:
            continue
        owners = [state.claimed[i] for i in state.board.parallel[t.id]
                  if i != t.index and i in state.claimed]
        if seat in owners or (owners and state.players < 4):
            continue
        colours = state.board.colors if t.color == "gray" else (t.color,)
        for colour in colours:
            for n in range(t.length + 1):
                locos = t.length - n
                if n > hand.get(colour, 0) or locos > hand.get(L, 0):
                    continue
                pay = {}
                if n:
                    pay[colour] = n
                if locos:
                    pay[L] = locos
                out.add((t.id, tuple(sorted(pay.items()))))
    return out


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (4, 5), (2, 6)])
def test_legal_claims_are_exactly_what_the_rules_allow(kit, players, seed):
    rng = random.Random(seed)
    rest = kit.rest_of_cards(ROW)
    rng.shuffle(rest)
    hand = Counter(rest[:16])
    board = kit.new_game(players).board
    tracks = list(board.tracks)
    rng.shuffle(tracks)
    claimed: dict[str, int] = {}
    for t in tracks[:30]:
        seat = rng.randrange(players)
        owners = [claimed[board.tracks[i].id] for i in board.parallel[t.id]
                  if i != t.index and board.tracks[i].id in claimed]
        if seat in owners or (owners and players < 4):
            continue  # a position the rules cannot reach
        claimed[t.id] = seat
    state = kit.position(players, hands=[hand] + [{}] * (players - 1), face_up=ROW,
                         claimed=claimed, deck=rest[16:],
                         trains=[rng.randint(3, 6)] + [45] * (players - 1))
    listed = [(a["track"], tuple(sorted(a["cards"].items())))
              for a in state.legal_actions(0) if a["type"] == "claim"]
    assert len(listed) == len(set(listed)), "a claim is listed twice"
    assert set(listed) == _reference_claims(state, 0)
    assert listed, "the example should offer some claims"


@pytest.mark.parametrize("players", [4, 5])
def test_double_route_never_both_tracks_to_one_seat(kit, players):
    hands = [{"red": 2, "yellow": 2}] + [{}] * (players - 1)
    state = kit.position(players, hands=hands, claimed={"boston--new-york-1": 0})
    assert kit.claims_for(state, 0, "boston--new-york-2") == []
    rejected(kit, state, 0, {"type": "claim", "track": "boston--new-york-2",
                             "cards": {"red": 2}}, match="already hold")


@pytest.mark.parametrize("players", [4, 5])
def test_double_route_other_seat_may_take_the_second_track_with_4_or_5(kit, players):
    hands = [{}, {"red": 2}] + [{}] * (players - 2)
    state = kit.position(players, hands=hands, claimed={"boston--new-york-1": 0}, current=1)
    assert kit.claims_for(state, 1, "boston--new-york-2") == [{"red": 2}]
    state.apply(1, {"type": "claim", "track": "boston--new-york-2", "cards": {"red": 2}})
    assert state.view(None)["routes"] == {"boston--new-york-1": 0, "boston--new-york-2": 1}


@pytest.mark.parametrize("players", [2, 3])
def test_double_route_only_one_track_usable_with_2_or_3_players(kit, players):
    hands = [{}, {"red": 2, "yellow": 2}] + [{}] * (players - 2)
    state = kit.position(players, hands=hands, claimed={"boston--new-york-1": 0}, current=1)
    assert kit.claims_for(state, 1, "boston--new-york-2") == []
    rejected(kit, state, 1, {"type": "claim", "track": "boston--new-york-2",
                             "cards": {"red": 2}}, match="only one track")
    # a gray double: either track is fine while both are free
    state = kit.position(players, hands=hands, current=1)
    assert kit.claims_for(state, 1, "boston--montreal-1")
    assert kit.claims_for(state, 1, "boston--montreal-2")


def test_claimed_route_cannot_be_claimed_again(kit):
    state = kit.position(2, hands=[{}, {"blue": 3}], claimed={"montreal--new-york": 0},
                         current=1)
    assert kit.claims_for(state, 1, "montreal--new-york") == []
    rejected(kit, state, 1, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}}, match="already claimed")


def test_claim_needs_enough_trains(kit):
    state = kit.position(2, hands=[{"blue": 3}, {}], trains=[2, 45])
    assert kit.claims_for(state, 0, "montreal--new-york") == []
    rejected(kit, state, 0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}}, match="trains")
    state = kit.position(2, hands=[{"blue": 3}, {}], trains=[3, 45])
    assert kit.claims_for(state, 0, "montreal--new-york") == [{"blue": 3}]
    state.apply(0, {"type": "claim", "track": "montreal--new-york", "cards": {"blue": 3}})
    assert state.trains[0] == 0


def test_claim_with_cards_the_seat_does_not_hold(kit):
    state = kit.position(2, hands=[{"blue": 2, L: 1}, {"blue": 5}])
    rejected(kit, state, 0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}}, match="hold")
    rejected(kit, state, 0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 1, L: 2}}, match="hold")


@pytest.mark.parametrize("track_id, length, points", [
    ("atlanta--nashville", 1, 1),
    ("atlanta--charleston", 2, 2),
    ("montreal--toronto", 3, 4),
    ("calgary--helena", 4, 7),
    ("montreal--sault-st-marie", 5, 10),
    ("sault-st-marie--winnipeg", 6, 15),
])
def test_route_points_table_scored_at_once(kit, track_id, length, points):
    state = kit.position(2, hands=[{"black": 6}, {}], scores=[3, 0])
    assert kit.track(state, track_id).length == length
    events = state.apply(0, {"type": "claim", "track": track_id, "cards": {"black": length}})
    assert kit.events_of(events, "route_claimed")[0]["points"] == points
    assert state.scores[0] == 3 + points
    assert state.trains[0] == 45 - length
    view = state.view(None)["players"][0]
    assert (view["score"], view["trains"]) == (3 + points, 45 - length)


# --- destination tickets ---------------------------------------------------------


def test_draw_tickets_offers_the_top_three(kit):
    pile = list(range(10, 30))
    state = kit.position(2, ticket_deck=pile)
    events = state.apply(0, {"type": "draw_tickets"})
    assert state.pending[0] == [10, 11, 12]
    assert state.ticket_deck == pile[3:]
    offered = kit.events_of(events, "tickets_offered")[0]
    assert offered["count"] == 3 and offered["private_to"] == 0
    assert [t["id"] for t in offered["private"]["tickets"]] == [10, 11, 12]
    # the same seat answers before anything else
    assert state.to_act == (0,)
    assert state.view(0)["private"]["pending"]["min"] == 1
    legal = state.legal_actions(0)
    assert len(legal) == 7 and all(a["type"] == "keep_tickets" for a in legal)
    rejected(kit, state, 0, {"type": "draw_deck"}, match="choose")
    rejected(kit, state, 1, {"type": "keep_tickets", "keep": [10]})


def test_keep_at_least_one_ticket_the_rest_go_to_the_bottom(kit):
    pile = list(range(10, 30))
    state = kit.position(2, ticket_deck=pile)
    before = list(state.tickets[0])
    state.apply(0, {"type": "draw_tickets"})
    rejected(kit, state, 0, {"type": "keep_tickets", "keep": []}, match="at least 1")
    events = state.apply(0, {"type": "keep_tickets", "keep": [11]})
    assert state.tickets[0] == before + [11]
    assert state.ticket_deck == pile[3:] + [10, 12]
    assert state.pending[0] is None
    assert state.current == 1
    kept = kit.events_of(events, "tickets_kept")[0]
    assert (kept["kept"], kept["returned"]) == (1, 2)


def test_keep_all_three_drawn_tickets(kit):
    state = kit.position(2, ticket_deck=list(range(10, 30)))
    before = list(state.tickets[0])
    apply_all(state, 0, {"type": "draw_tickets"}, {"type": "keep_tickets", "keep": [12, 10, 11]})
    assert state.tickets[0] == before + [10, 11, 12]
    assert state.ticket_deck == list(range(13, 30))


def test_draw_fewer_tickets_when_the_pile_is_short(kit):
    state = kit.position(2, ticket_deck=[20, 21])
    events = state.apply(0, {"type": "draw_tickets"})
    assert state.pending[0] == [20, 21]
    assert state.ticket_deck == []
    assert kit.events_of(events, "tickets_offered")[0]["count"] == 2
    assert len(state.legal_actions(0)) == 3
    state.apply(0, {"type": "keep_tickets", "keep": [21]})
    assert state.ticket_deck == [20]


def test_kept_tickets_stay_and_cannot_be_returned_later(kit):
    state = kit.position(2, ticket_deck=list(range(10, 30)))
    old = list(state.tickets[0])
    state.apply(0, {"type": "draw_tickets"})
    rejected(kit, state, 0, {"type": "keep_tickets", "keep": [old[0]]}, match="not among")
    rejected(kit, state, 0, {"type": "keep_tickets", "keep": [old[0], 10]}, match="not among")
    state.apply(0, {"type": "keep_tickets", "keep": [10]})
    assert state.tickets[0][:len(old)] == old
    assert len(state.view(0)["private"]["tickets"]) == len(old) + 1
    assert state.view(1)["players"][0]["tickets"] == len(old) + 1


def test_draw_tickets_not_legal_when_the_pile_is_empty(kit):
    state = kit.position(2, ticket_deck=[])
    assert {"type": "draw_tickets"} not in state.legal_actions(0)
    rejected(kit, state, 0, {"type": "draw_tickets"}, match="no destination tickets")


# --- passing ------------------------------------------------------------------------


def _blocked_position(kit, players, hands, free=(), **fields):
    """A position where nobody can draw or claim (the train cards are out of play).

    Deck, discard and face-up row are empty and the ticket pile too; the seats
    hold at most one card each, and every one-space route (all gray) but those
    in `free` is taken, so one card pays for nothing. The other train cards
    are left out of the game: few tracks keep the final scoring quick.
    """
    assert all(sum(h.values()) <= 1 for h in hands)
    board = kit.new_game(players).board
    claimed = {}
    pairs = set()
    for i, t in enumerate(board.tracks):
        if t.length != 1 or t.id in free or (players < 4 and (t.a, t.b) in pairs):
            continue
        pairs.add((t.a, t.b))
        claimed[t.id] = i % players  # the two tracks of a double go to two seats
    defaults = dict(face_up=[None] * 5, deck=[], discard=[], ticket_deck=[],
                    claimed=claimed, hands=hands)
    defaults.update(fields)
    return kit.position(players, conserve=False, **defaults)


def test_pass_is_the_only_action_when_nothing_else_can_be_done(kit):
    state = _blocked_position(kit, 2, hands=[{}, {"red": 1}])
    assert state.legal_actions(0) == [{"type": "pass"}]
    events = state.apply(0, {"type": "pass"})
    assert events[0] == {"type": "passed", "seat": 0}
    assert state.current == 1 and not state.is_over
    assert state.history[-1] == (0, {"type": "pass"})


def test_pass_is_illegal_when_something_else_can_be_done(kit):
    state = kit.position(2)
    assert {"type": "pass"} not in state.legal_actions(0)
    rejected(kit, state, 0, {"type": "pass"}, match="cannot pass")
    # also when the only thing left is drawing tickets
    state = _blocked_position(kit, 2, hands=[{}, {}], ticket_deck=[5])
    assert state.legal_actions(0) == [{"type": "draw_tickets"}]
    rejected(kit, state, 0, {"type": "pass"}, match="cannot pass")


def test_every_seat_passing_in_a_row_ends_the_game(kit):
    state = _blocked_position(kit, 3, hands=[{"red": 1}, {}, {L: 1}])
    assert state.apply(0, {"type": "pass"})[-1] == {"type": "turn_started", "seat": 1}
    state.apply(1, {"type": "pass"})
    assert not state.is_over
    events = state.apply(2, {"type": "pass"})
    assert state.is_over and state.to_act == ()
    assert events[-1]["type"] == "game_over"
    assert events[-1]["result"] == state.result()


def test_passes_broken_by_an_action_do_not_end_the_game(kit):
    # Seat 2 can still claim Atlanta-Nashville; its card fills the empty row
    # again but cannot be drawn (deck and discard are empty), and only three
    # passes in a row after the claim end the game.
    state = _blocked_position(kit, 3, free=("atlanta--nashville",), hands=[{}, {}, {"red": 1}])
    state.apply(0, {"type": "pass"})
    state.apply(1, {"type": "pass"})
    assert state.legal_actions(2) != [{"type": "pass"}]
    state.apply(2, {"type": "claim", "track": "atlanta--nashville", "cards": {"red": 1}})
    # the discarded red fills the empty face-up row again
    assert state.face_up == ["red", None, None, None, None]
    assert state.deck == [] and state.discard == []
    assert state.legal_actions(0) == [{"type": "pass"}]
    state.apply(0, {"type": "pass"})
    state.apply(1, {"type": "pass"})
    assert not state.is_over
    state.apply(2, {"type": "pass"})
    assert state.is_over


# --- the end of the game ---------------------------------------------------------


def test_final_round_every_seat_plays_exactly_one_more_turn(kit):
    state = kit.position(3, hands=[{"blue": 3, "red": 4}, {}, {}], trains=[5, 45, 45],
                         face_up=ROW)
    events = state.apply(0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}})
    assert {"type": "final_round", "seat": 0, "trains": 2} in events
    assert state.view(None)["final_round"] is True
    assert state.view(None)["final_turns"] == 3
    for seat in (1, 2):
        assert state.to_act == (seat,)
        apply_all(state, seat, {"type": "draw_deck"}, {"type": "draw_deck"})
        assert not state.is_over
    # the seat that ended with two trains plays its last turn too
    assert state.to_act == (0,)
    events = apply_all(state, 0, {"type": "draw_deck"}, {"type": "draw_deck"})
    assert state.is_over
    assert kinds(events)[-1] == "game_over"
    assert "final_round" not in kinds(events)
    assert state.to_act == ()
    assert state.legal_actions(0) == []
    assert state.view(None)["result"] == state.result()


def test_final_round_starts_at_the_end_of_the_turn_that_leaves_two_or_fewer(kit):
    # three trains left: no final round yet
    state = kit.position(2, hands=[{"blue": 3}, {}], trains=[6, 45])
    events = state.apply(0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}})
    assert "final_round" not in kinds(events)
    assert state.final_turns is None
    # one train left: final round
    state = kit.position(2, hands=[{"blue": 3}, {}], trains=[4, 45])
    events = state.apply(0, {"type": "claim", "track": "montreal--new-york",
                             "cards": {"blue": 3}})
    assert {"type": "final_round", "seat": 0, "trains": 1} in events


def test_final_round_turn_may_draw_tickets(kit):
    state = kit.position(2, hands=[{"blue": 3}, {}], trains=[5, 45],
                         ticket_deck=list(range(20, 30)))
    state.apply(0, {"type": "claim", "track": "montreal--new-york", "cards": {"blue": 3}})
    apply_all(state, 1, {"type": "draw_tickets"}, {"type": "keep_tickets", "keep": [21]})
    assert not state.is_over
    apply_all(state, 0, {"type": "draw_tickets"})
    assert not state.is_over  # the turn ends with the keep
    assert state.pending[0] == [23, 24, 25]
    state.apply(0, {"type": "keep_tickets", "keep": [23, 25]})
    assert state.is_over


def test_no_action_after_the_game_is_over(kit):
    state = _blocked_position(kit, 2, hands=[{"red": 1}, {"blue": 1}])
    apply_all(state, 0, {"type": "pass"})
    state.apply(1, {"type": "pass"})
    assert state.is_over
    for seat in (0, 1):
        rejected(kit, state, seat, {"type": "pass"}, match="over")
        rejected(kit, state, seat, {"type": "draw_deck"}, match="over")


# --- final scoring ---------------------------------------------------------------


def _ticket(kit, state, a, b):
    return kit.ticket_id(state, a, b)


def test_final_scoring_completed_tickets_add_others_subtract(kit):
    state = kit.new_game(2)
    denver_el_paso = _ticket(kit, state, "Denver", "El Paso")        # 4
    kc_houston = _ticket(kit, state, "Kansas City", "Houston")        # 5
    montreal_atlanta = _ticket(kit, state, "Montréal", "Atlanta")     # 9
    state = kit.position(2, claimed={
        "denver--santa-fe": 0, "el-paso--santa-fe": 0,
        "montreal--new-york": 1, "new-york--washington-1": 1, "raleigh--washington-1": 1,
        "atlanta--raleigh-1": 1,
    }, tickets=[[denver_el_paso, kc_houston], [montreal_atlanta]])
    result = state.result()
    b0, b1 = result["breakdown"]
    assert b0["route_points"] == 4 and b1["route_points"] == 10
    assert [(t["id"], t["done"]) for t in b0["tickets"]] == [(denver_el_paso, True),
                                                             (kc_houston, False)]
    assert b0["ticket_points"] == 4 - 5
    assert b1["ticket_points"] == 9 and b1["tickets_done"] == 1
    assert (b0["longest"], b1["longest"]) == (4, 9)
    assert (b0["longest_bonus"], b1["longest_bonus"]) == (0, 10)
    assert b0["total"] == 4 + 4 - 5
    assert b1["total"] == 10 + 9 + 10
    assert result["scores"] == [3, 29]
    assert result["winners"] == [1]
    assert result["over"] is False


def test_final_scoring_ticket_done_through_a_long_chain_and_in_view(kit):
    state = kit.new_game(2)
    la_ny = _ticket(kit, state, "Los Angeles", "New York")
    chain = ["los-angeles--phoenix", "phoenix--santa-fe", "oklahoma-city--santa-fe",
             "kansas-city--oklahoma-city-1", "kansas-city--saint-louis-1",
             "pittsburgh--saint-louis", "new-york--pittsburgh-1"]
    state = kit.position(2, claimed={t: 0 for t in chain[:-1]}, tickets=[[la_ny], []])
    assert state.view(0)["private"]["tickets"] == [
        {"id": la_ny, "a": "Los Angeles", "b": "New York", "points": 21, "done": False}]
    assert state.result()["breakdown"][0]["ticket_points"] == -21
    state = kit.position(2, claimed={t: 0 for t in chain}, tickets=[[la_ny], []])
    assert state.view(0)["private"]["tickets"][0]["done"] is True
    assert state.result()["breakdown"][0]["ticket_points"] == 21


def test_ticket_needs_the_seats_own_tracks(kit):
    state = kit.new_game(2)
    denver_el_paso = _ticket(kit, state, "Denver", "El Paso")
    state = kit.position(2, claimed={"denver--santa-fe": 0, "el-paso--santa-fe": 1},
                         tickets=[[denver_el_paso], [denver_el_paso + 1]])
    assert state.result()["breakdown"][0]["tickets"][0]["done"] is False


def test_longest_route_bonus_goes_to_every_tied_seat(kit):
    state = kit.position(3, claimed={
        "calgary--winnipeg": 0,                                  # 6
        "atlanta--nashville": 1, "atlanta--charleston": 1,       # 1 + 2 = 3
        "los-angeles--phoenix": 2, "el-paso--phoenix": 2,        # 3 + 3 = 6
    }, tickets=[[], [], []])
    result = state.result()
    assert [b["longest"] for b in result["breakdown"]] == [6, 3, 6]
    assert [b["longest_bonus"] for b in result["breakdown"]] == [10, 0, 10]
    assert result["scores"] == [15 + 10, 3, 8 + 10]
    assert result["winners"] == [0]


def test_longest_route_counts_a_loop_whole(kit):
    loop = {"atlanta--nashville": 0, "nashville--raleigh": 0, "atlanta--raleigh-1": 0}
    state = kit.position(2, claimed=loop, tickets=[[], []])
    assert state.result()["breakdown"][0]["longest"] == 1 + 3 + 2


def test_tie_broken_by_most_completed_tickets(kit):
    state = kit.new_game(2)
    denver_el_paso = _ticket(kit, state, "Denver", "El Paso")  # 4 points
    # seat 0: 2 + 2 + 10 + 7 route points and a 4-point ticket, longest 5: 25
    # seat 1: 15 route points and the longest-route bonus (6): 25
    state = kit.position(2, claimed={
        "denver--santa-fe": 0, "el-paso--santa-fe": 0, "montreal--sault-st-marie": 0,
        "calgary--helena": 0,
        "calgary--winnipeg": 1,
    }, tickets=[[denver_el_paso], []])
    result = state.result()
    assert result["scores"] == [25, 25]
    assert [b["tickets_done"] for b in result["breakdown"]] == [1, 0]
    assert [b["longest_bonus"] for b in result["breakdown"]] == [0, 10]
    # more completed tickets wins, before the longest-route bonus is looked at
    assert result["winners"] == [0]


def test_tie_then_broken_by_the_longest_route_bonus(kit):
    # seat 0: 2 + 2 route points and the bonus (longest 4): 14
    # seat 1: 4 + 4 + 4 + 2 route points in four pieces, longest 3: 14
    state = kit.position(2, claimed={
        "denver--santa-fe": 0, "el-paso--santa-fe": 0,
        "montreal--toronto": 1, "los-angeles--phoenix": 1, "duluth--sault-st-marie": 1,
        "atlanta--charleston": 1,
    }, tickets=[[], []])
    result = state.result()
    assert result["scores"] == [14, 14]
    assert [b["tickets_done"] for b in result["breakdown"]] == [0, 0]
    assert [b["longest_bonus"] for b in result["breakdown"]] == [10, 0]
    assert result["winners"] == [0]


def test_full_tie_shares_the_win(kit):
    state = kit.position(2, claimed={"atlanta--charleston": 0, "denver--santa-fe": 1},
                         tickets=[[], []])
    result = state.result()
    assert result["scores"] == [12, 12]
    assert result["winners"] == [0, 1]


def test_result_breakdown_shape(kit):
    state = kit.position(3, claimed={"montreal--new-york": 1})
    result = state.result()
    assert set(result) == {"scores", "winners", "breakdown", "over"}
    assert len(result["breakdown"]) == 3
    for seat, b in enumerate(result["breakdown"]):
        assert {"seat", "route_points", "tickets", "tickets_done", "ticket_points",
                "longest", "longest_bonus", "total"} <= set(b)
        assert b["seat"] == seat
        assert len(b["tickets"]) == 3
        for t in b["tickets"]:
            assert set(t) == {"id", "a", "b", "points", "done"}
            assert isinstance(t["done"], bool)
        assert b["total"] == (b["route_points"] + b["ticket_points"] + b["longest_bonus"])
        assert result["scores"][seat] == b["total"]
    assert result["breakdown"][1]["route_points"] == 4
    assert result["breakdown"][1]["longest"] == 3


# --- bad input ------------------------------------------------------------------------

PLAY_HAND = {"blue": 3, "red": 2, L: 1}

BAD_ACTIONS = [
    ("not a dict (str)", "draw_deck"),
    ("not a dict (None)", None),
    ("not a dict (list)", [{"type": "draw_deck"}]),
    ("not a dict (int)", 3),
    ("no type", {}),
    ("type not a string", {"type": 1}),
    ("type unhashable", {"type": ["draw_deck"]}),
    ("unknown type", {"type": "teleport"}),
    ("extra key", {"type": "draw_deck", "slot": 0}),
    ("extra non-str key", {"type": "draw_deck", 7: 0}),
    ("missing slot", {"type": "draw_face_up"}),
    ("slot as str", {"type": "draw_face_up", "slot": "0"}),
    ("slot as float", {"type": "draw_face_up", "slot": 0.0}),
    ("slot as bool", {"type": "draw_face_up", "slot": True}),
    ("slot as None", {"type": "draw_face_up", "slot": None}),
    ("slot too big", {"type": "draw_face_up", "slot": 5}),
    ("slot huge", {"type": "draw_face_up", "slot": 10**30}),
    ("slot negative", {"type": "draw_face_up", "slot": -1}),
    ("missing cards", {"type": "claim", "track": "montreal--new-york"}),
    ("missing track", {"type": "claim", "cards": {"blue": 3}}),
    ("track not a str", {"type": "claim", "track": 71, "cards": {"blue": 3}}),
    ("cards not a dict", {"type": "claim", "track": "montreal--new-york",
                          "cards": [["blue", 3]]}),
    ("unknown route", {"type": "claim", "track": "montreal--atlantis", "cards": {"blue": 3}}),
    ("unknown card", {"type": "claim", "track": "montreal--new-york", "cards": {"purple": 3}}),
    ("card name not a str", {"type": "claim", "track": "montreal--new-york",
                             "cards": {3: 3}}),
    ("count as str", {"type": "claim", "track": "montreal--new-york", "cards": {"blue": "3"}}),
    ("count as float", {"type": "claim", "track": "montreal--new-york",
                        "cards": {"blue": 3.0}}),
    ("count as bool", {"type": "claim", "track": "montreal--new-york", "cards": {"blue": True}}),
    ("count zero", {"type": "claim", "track": "montreal--new-york",
                    "cards": {"blue": 3, "red": 0}}),
    ("count negative", {"type": "claim", "track": "montreal--new-york",
                        "cards": {"blue": 4, L: -1}}),
    ("no cards", {"type": "claim", "track": "montreal--new-york", "cards": {}}),
    ("cards not held", {"type": "claim", "track": "montreal--new-york", "cards": {"blue": 4}}),
    ("locomotives not held", {"type": "claim", "track": "montreal--new-york",
                              "cards": {L: 3}}),
    ("wrong colour", {"type": "claim", "track": "new-york--washington-1",
                      "cards": {"red": 2}}),
    ("ferry card on a plain route", {"type": "claim", "track": "montreal--new-york",
                                     "cards": {"ferry": 1, "blue": 2}}),
    ("keep without an offer", {"type": "keep_tickets", "keep": [0]}),
    ("keep not a list", {"type": "keep_tickets", "keep": 0}),
    ("pass while able to act", {"type": "pass"}),
    ("pass with extra", {"type": "pass", "reason": "tired"}),
    ("draw_tickets with a count", {"type": "draw_tickets", "count": 3}),
    ("ferry card on a board without", {"type": "draw_ferry"}),
]


@pytest.mark.parametrize("action", [a for _, a in BAD_ACTIONS],
                         ids=[name for name, _ in BAD_ACTIONS])
def test_bad_action_raises_illegal_action_and_changes_nothing(kit, action):
    state = kit.position(2, hands=[PLAY_HAND, {"blue": 3}], face_up=ROW)
    rejected(kit, state, 0, action)


@pytest.mark.parametrize("seat", [1, 2, -1, 99, True, False, None, "0", 0.5],
                         ids=lambda s: repr(s))
def test_bad_seat_raises_illegal_action_and_changes_nothing(kit, seat):
    # seat 1 is out of turn; False is not seat 0 either, though False == 0
    state = kit.position(2, hands=[PLAY_HAND, {"blue": 3}], face_up=ROW)
    rejected(kit, state, seat, {"type": "draw_deck"})
    rejected(kit, state, seat, {"type": "claim", "track": "montreal--new-york",
                                "cards": {"blue": 3}})


@pytest.mark.parametrize("seat", [True, 1.0, "1", None, -1, 2, 99], ids=lambda s: repr(s))
def test_legal_actions_of_a_value_that_is_no_seat_is_empty(kit, seat):
    # Seat 1 is to act. apply() refuses these values as seats ("there is no
    # seat True in this game"), so legal_actions must not list actions for
    # them either: every listed action has to apply.
    state = kit.position(2, hands=[{}, {"blue": 3}], face_up=ROW, current=1)
    assert state.legal_actions(1)
    assert state.legal_actions(seat) == []


@pytest.mark.parametrize("seat", [True, False, 1.0, "0", -1, 2], ids=lambda s: repr(s))
def test_view_of_a_value_that_is_no_seat_is_refused(kit, seat):
    state = kit.position(2)
    with pytest.raises(ValueError):
        state.view(seat)


def test_out_of_turn_message_names_the_seat_to_play(kit):
    state = kit.position(3, hands=[PLAY_HAND, {"blue": 3}, {}], face_up=ROW, current=2)
    message = rejected(kit, state, 1, {"type": "draw_deck"})
    assert "not your turn" in message and "seat 3" in message  # seats count from 1, as on screen
    assert state.legal_actions(1) == []


BAD_KEEPS = ["fewer than the minimum", "none", "not offered", "listed twice", "ids as str",
             "ids as bool", "nested list", "not a list", "a tuple", "None"]


def _bad_keep(name, offer, phase):
    outsider = next(t for t in range(30) if t not in offer)
    return {
        "fewer than the minimum": offer[:1] if phase == "setup" else [],
        "none": [],
        "not offered": [offer[0], outsider],
        "listed twice": [offer[0], offer[0], offer[1]],
        "ids as str": [str(t) for t in offer],
        "ids as bool": [True, False],
        "nested list": [offer],
        "not a list": ",".join(map(str, offer)),
        "a tuple": tuple(offer),
        "None": None,
    }[name]


@pytest.mark.parametrize("phase", ["setup", "play"])
@pytest.mark.parametrize("name", BAD_KEEPS)
def test_bad_ticket_choice_raises_illegal_action_and_changes_nothing(kit, phase, name):
    if phase == "setup":
        state = kit.new_game(2, seed=4)
    else:
        state = kit.position(2, ticket_deck=list(range(10, 30)))
        state.apply(0, {"type": "draw_tickets"})
    keep = _bad_keep(name, sorted(state.pending[0]), phase)
    rejected(kit, state, 0, {"type": "keep_tickets", "keep": keep})


def test_bad_input_in_setup_for_other_action_types(kit):
    state = kit.new_game(3, seed=2)
    for action in ({"type": "draw_deck"}, {"type": "draw_tickets"}, {"type": "pass"},
                   {"type": "claim", "track": "montreal--new-york", "cards": {"blue": 3}}):
        rejected(kit, state, 1, action, match="tickets")


def test_wrong_seat_during_a_ticket_choice(kit):
    state = kit.position(3, ticket_deck=list(range(10, 30)))
    state.apply(0, {"type": "draw_tickets"})
    rejected(kit, state, 1, {"type": "keep_tickets", "keep": [10]}, match="not your turn")


def test_second_card_face_up_locomotive_is_refused_without_change(kit):
    state = kit.position(2, hands=[{}, {}], face_up=["red", L, L, "blue", "green"])
    state.apply(0, {"type": "draw_face_up", "slot": 0})
    rejected(kit, state, 0, {"type": "draw_face_up", "slot": 1})
    rejected(kit, state, 0, {"type": "draw_face_up", "slot": 2})


def test_empty_face_up_slot_is_refused(kit):
    face_up = ["red", None, "blue", "green", "white"]
    state = kit.position(2, hands=[{}, {}], face_up=face_up)
    assert {"type": "draw_face_up", "slot": 1} not in state.legal_actions(0)
    rejected(kit, state, 0, {"type": "draw_face_up", "slot": 1}, match="no face-up card")


def test_refused_actions_leave_the_history_alone(kit):
    state = kit.position(2, hands=[PLAY_HAND, {}], face_up=ROW)
    length = len(state.history)
    for _, action in BAD_ACTIONS:
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    assert len(state.history) == length
    state.apply(0, {"type": "claim", "track": "montreal--new-york", "cards": {"blue": 3}})
    assert len(state.history) == length + 1
    assert state.history[-1] == (0, {"type": "claim", "track": "montreal--new-york",
                                     "cards": {"blue": 3}})


def test_history_keeps_a_copy_of_the_action(kit):
    state = kit.position(2, hands=[PLAY_HAND, {}], face_up=ROW)
    action = {"type": "claim", "track": "montreal--new-york", "cards": {"blue": 3}}
    state.apply(0, action)
    action["cards"]["blue"] = 99
    action["track"] = "x"
    assert state.history[-1][1] == {"type": "claim", "track": "montreal--new-york",
                                    "cards": {"blue": 3}}


# --- redaction, views, determinize, replay ------------------------------------------


def test_redact_events_strips_private_for_other_seats_and_spectators(kit):
    state = kit.position(3, hands=[{}, {}, {}], face_up=ROW, deck_top=["pink", "yellow"])
    events = state.apply(0, {"type": "draw_deck"})
    drawn = kit.events_of(events, "card_drawn")[0]
    assert drawn["private"] == {"card": "pink"}
    own = kit.events_of(redact_events(events, 0), "card_drawn")[0]
    assert own == drawn
    for viewer in (1, 2, None):
        other = kit.events_of(redact_events(events, viewer), "card_drawn")[0]
        assert "private" not in other
        assert other == {k: v for k, v in drawn.items() if k != "private"}
        assert "card" not in other, "the card drawn blind shows outside 'private'"
    # the original events are not changed
    assert drawn["private"] == {"card": "pink"}


def test_redact_events_hides_ticket_offers_and_choices(kit):
    state = kit.position(2, ticket_deck=list(range(10, 30)))
    events = state.apply(0, {"type": "draw_tickets"})
    events += state.apply(0, {"type": "keep_tickets", "keep": [10, 12]})
    for viewer in (1, None):
        seen = redact_events(events, viewer)
        assert all("private" not in e for e in seen)
        offered = kit.events_of(seen, "tickets_offered")[0]
        assert offered == {"type": "tickets_offered", "seat": 0, "count": 3, "private_to": 0}
        kept = kit.events_of(seen, "tickets_kept")[0]
        assert kept == {"type": "tickets_kept", "seat": 0, "kept": 2, "returned": 1,
                        "private_to": 0}
    mine = redact_events(events, 0)
    assert mine == events
    assert [t["id"] for t in kit.events_of(mine, "tickets_kept")[0]["private"]["tickets"]] == [
        10, 12]
    # events without secrets are the same for everyone
    for viewer in (0, 1, None):
        assert [e for e in redact_events(events, viewer) if "private_to" not in e] == [
            e for e in events if "private_to" not in e]


def _keys(data):
    """Every dict key anywhere in nested data."""
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()


def test_view_of_a_spectator_has_no_secrets(kit):
    state = kit.position(2, hands=[PLAY_HAND, {"red": 1}], face_up=ROW)
    view = state.view(None)
    assert view["you"] is None and view["private"] == {}
    assert not {"hand", "pending"} & _keys(view)
    for entry in view["players"]:
        assert set(entry) == {"seat", "cards", "tickets", "trains", "score", "offered"}
    assert [p["cards"] for p in view["players"]] == [6, 1]


def test_view_private_holds_the_seats_own_secrets(kit):
    state = kit.position(2, hands=[PLAY_HAND, {"red": 1}], face_up=ROW)
    mine = state.view(0)["private"]
    assert mine["hand"] == PLAY_HAND
    assert [t["id"] for t in mine["tickets"]] == state.tickets[0]
    assert mine["pending"] is None
    assert state.view(1)["private"]["hand"] == {"red": 1}


@pytest.mark.parametrize("phase", ["setup", "play", "over"])
def test_public_part_of_every_view_is_the_same(kit, phase):
    if phase == "setup":
        state = kit.new_game(4, seed=9)
    else:
        state = kit.position(4, hands=[PLAY_HAND, {"red": 1}, {}, {}], face_up=ROW)
        if phase == "over":
            state.phase = "over"
            state._legal_cache = {}
    spectator = kit.public(state.view(None))
    for seat in range(4):
        view = state.view(seat)
        assert view["you"] == seat
        assert kit.public(view) == spectator


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest(kit):
    state = kit.position(3, hands=[PLAY_HAND, {"red": 4}, {"green": 2, L: 1}], face_up=ROW,
                         claimed={"montreal--new-york": 1})
    rng = random.Random(1)
    changed = False
    for _ in range(10):
        other = state.determinize(0, rng)
        assert other.view(0) == state.view(0)
        assert other.hands[0] == state.hands[0]
        assert [sum(h.values()) for h in other.hands] == [6, 4, 3]
        assert Counter(kit.all_cards(other)) == Counter(kit.all_cards(state))
        assert other.discard == state.discard and other.face_up == state.face_up
        assert sorted(other.ticket_deck + [t for ts in other.tickets for t in ts]) == list(
            range(30))
        changed |= other.hands[1:] != state.hands[1:] or other.tickets[1:] != state.tickets[1:]
    assert changed, "determinize never re-dealt a hidden card or ticket"
    # the original state is untouched and both go on independently
    copy = state.determinize(0, random.Random(2))
    copy.apply(0, {"type": "draw_deck"})
    # (a determinized state starts an empty record: the real one holds secrets)
    assert state.cards_drawn == 0 and state.history and len(copy.history) == 1


def test_determinize_after_the_game_keeps_the_revealed_tickets(kit):
    state = _blocked_position(kit, 2, hands=[{"red": 1}, {"blue": 1}])
    state.apply(0, {"type": "pass"})
    state.apply(1, {"type": "pass"})
    assert state.is_over
    for seat in (0, 1):
        other = state.determinize(seat, random.Random(seat))
        assert other.view(seat) == state.view(seat)
        assert other.result() == state.result()


def test_replay_of_the_history_gives_the_same_game(kit):
    rng = random.Random(3)
    state = create(GAME, 3, 42)
    for _ in range(60):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    again = replay(GAME, 3, 42, list(state.history))
    for seat in (0, 1, 2, None):
        assert again.view(seat) == state.view(seat)
    assert again.deck == state.deck and again.ticket_deck == state.ticket_deck


def test_same_seed_same_deal_other_seed_other_deal(kit):
    a, b, c = create(GAME, 4, 7), create(GAME, 4, 7), create(GAME, 4, 8)
    assert a.deck == b.deck and a.hands == b.hands and a.pending == b.pending
    assert (a.deck, a.pending) != (c.deck, c.pending)


def test_create_rejects_bad_player_counts_and_options():
    for players in (1, 6, 0, "2", 2.0):
        with pytest.raises(ValueError):
            create(GAME, players, 0)
    with pytest.raises(ValueError):
        create(GAME, 2, 0, ferries=True)
    with pytest.raises(ValueError):
        create("routes-atlantis", 2, 0)


@pytest.mark.parametrize("game_id", ["routes-usa", "routes-italy"])
def test_ticket_status_kept_claim_by_claim_is_the_status_worked_out_afresh(game_id):
    """A seat's networks are joined claim by claim in a union-find kept with
    the state (and not shared with its copies, which claim on their own):
    after every action of random games, each seat's tickets must be done
    exactly as a state reading every claim afresh finds them."""
    checked = 0
    for seed in range(3):
        state = create(game_id, 2 + seed, seed)
        rng = random.Random(seed)
        copies = []
        while not state.is_over:
            seat = rng.choice(list(state.to_act))
            legal = state.legal_actions(seat)
            claims = [a for a in legal if a["type"] == "claim"]
            state.apply(seat, rng.choice(claims) if claims and rng.random() < 0.7
                        else rng.choice(legal))
            if len(state.history) % 7 == 0:
                copies.append(state.clone())   # they play on below, apart from it
            for copy in copies:
                actor = copy.to_act[0] if copy.to_act else None
                if actor is not None:
                    copy.apply(actor, rng.choice(copy.legal_actions(actor)))
            for one in [state, *copies]:
                fresh = one.clone()
                fresh._legal_cache = {}
                for s in range(one.players):
                    assert one._ticket_status(s) == fresh._ticket_status(s)
                    checked += any(t["done"] for t in fresh._ticket_status(s))
    assert checked > 100
