"""routes-italy (seed 002): the board data and each rule change, from worked examples."""

from __future__ import annotations

import copy
import heapq
import json
from importlib import resources

import pytest

from game.rules import GAMES, IllegalAction, create
from game.rules.routes.board import GRAY, load_board, validate_map
from game.rules.routes.scoring import (
    ITALY_REGION_TABLE,
    region_bonus,
    region_networks,
    region_points,
)

GAME = "routes-italy"
LOCO = "locomotive"
FERRY = "ferry"
COLORS = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green")
AREAS = ("Francia", "Svizzera", "Austria", "Slovenia", "Monaco")
REGIONS = ("Piemonte", "Liguria", "Lombardia", "Trentino-Alto Adige", "Veneto",
           "Friuli-Venezia Giulia", "Emilia-Romagna", "Toscana", "Umbria", "Marche", "Lazio",
           "Abruzzo", "Campania", "Puglia", "Calabria", "Sicilia", "Sardegna")
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}


def italy_data() -> dict:
    text = resources.files("assets").joinpath("maps", "italy.json").read_text(encoding="utf-8")
    return json.loads(text)


def setup_done(players: int = 2, seed: int = 0):
    """A new game with every seat keeping all five of its first tickets."""
    state = create(GAME, players, seed)
    for seat in list(state.to_act):
        state.apply(seat, {"type": "keep_tickets", "keep": sorted(state.pending[seat])})
    assert state.phase == "play"
    return state


def position(players: int = 2, seed: int = 0, *, hands=None, claimed=None, tickets=None,
             current: int = 0, cards_drawn: int = 0, ferry_pile=None):
    """A game in play moved to a chosen position, train and ferry cards conserved.

    `hands` replace the seats' hands (the deck takes the rest of the 110 train
    cards, the ferry pile the rest of the 10 ferry cards); `claimed` maps track
    ids to seats, taking their trains and adding their points.
    """
    state = setup_done(players, seed)
    if hands is not None:
        state.hands = [dict(h) for h in hands]
        left = {c: 12 for c in COLORS}
        left[LOCO] = 14
        used = [c for c in state.face_up if c is not None] + list(state.discard)
        for hand in state.hands:
            used += [c for c, n in hand.items() if c != FERRY for _ in range(n)]
        for card in used:
            left[card] -= 1
            assert left[card] >= 0
        state.deck = [c for c in sorted(left) for _ in range(left[c])]
        state.ferry_pile = 10 - sum(h.get(FERRY, 0) for h in state.hands)
    if ferry_pile is not None:
        state.ferry_pile = ferry_pile
    if claimed is not None:
        state.claimed = {}
        state.trains = [45] * players
        state.scores = [0] * players
        for track_id, seat in claimed.items():
            track = state.board.track_by_id[track_id]
            state.claimed[track.index] = seat
            state.trains[seat] -= track.length
            state.scores[seat] += ROUTE_POINTS[track.length]
    if tickets is not None:
        state.tickets = [list(t) for t in tickets]
    state.current = current
    state.cards_drawn = cards_drawn
    state._legal_cache = {}
    return state


def claims_for(state, seat: int, track_id: str) -> set:
    return {tuple(sorted(a["cards"].items())) for a in state.legal_actions(seat)
            if a["type"] == "claim" and a["track"] == track_id}


def pays(*payments: dict) -> set:
    return {tuple(sorted(p.items())) for p in payments}


def ticket_id(state, a: str, b: str) -> int:
    for t in state.board.tickets:
        if {t.a, t.b} == {a, b}:
            return t.index
    raise KeyError(f"no ticket {a}-{b}")


def track_between(board, a: str, b: str):
    found = [t for t in board.tracks if {t.a, t.b} == {a, b}]
    assert found, f"the board has no track {a}-{b}"
    return found[0]


def fewest_spaces(board, a: str, b: str) -> int:
    """Dijkstra over train spaces; a dead-end area is an end, never a way through."""
    dist = {a: 0}
    heap = [(0, a)]
    while heap:
        d, city = heapq.heappop(heap)
        if city == b:
            return d
        if d > dist[city] or (city != a and board.is_dead_end(city)):
            continue
        for t in board.tracks:
            if city in (t.a, t.b):
                nxt = t.b if t.a == city else t.a
                if d + t.length < dist.get(nxt, 10**9):
                    dist[nxt] = d + t.length
                    heapq.heappush(heap, (d + t.length, nxt))
    raise AssertionError(f"{a}-{b} cannot be joined")


# --- the board -----------------------------------------------------------------


def test_italy_board_loads_like_the_north_america_one():
    board = load_board("italy")
    assert board.name == "italy"
    assert validate_map(italy_data()) == []
    assert board.colors == COLORS
    assert board.route_points == ROUTE_POINTS
    assert 38 <= len(board.cities) - len(AREAS) <= 45
    total = sum(t.length for t in board.tracks)
    assert 280 <= total <= 320
    assert total > 5 * 45  # 45 trains per seat fit, even for five seats
    assert len(board.tickets) == 56
    width, height = board.size
    for city in board.cities.values():
        assert 0 <= city["x"] <= width and 0 <= city["y"] <= height
        assert "lat" in city and "lon" in city


def test_seventeen_regions_every_city_in_one_and_areas_are_dead_ends():
    board = load_board("italy")
    assert board.regions == REGIONS
    assert set(board.double_regions) == {"Sardegna", "Sicilia", "Puglia"}
    used = set()
    for name in board.cities:
        if name in AREAS:
            assert board.is_dead_end(name)
            assert board.region(name) == name
        else:
            assert not board.is_dead_end(name)
            assert board.region(name) in REGIONS
            used.add(board.region(name))
    assert used == set(REGIONS)
    assert {n for n in board.cities if board.is_dead_end(n)} == set(AREAS)
    # every area has at least two tracks into it, so its dead end matters
    for area in AREAS:
        assert sum(1 for t in board.tracks if area in (t.a, t.b)) >= 2


def test_every_gray_route_is_a_ferry_and_the_islands_are_reached_by_ferry():
    board = load_board("italy")
    for t in board.tracks:
        if t.color == GRAY:
            assert 1 <= t.ferries <= 4 and t.ferries <= t.length
        else:
            assert t.ferries == 0
    for island in ("Sardegna", "Sicilia"):
        crossings = [t for t in board.tracks
                     if (board.region(t.a) == island) != (board.region(t.b) == island)]
        assert crossings
        assert all(t.ferries for t in crossings), island


def test_double_and_triple_routes_share_length_and_differ_in_colour():
    board = load_board("italy")
    sets = {board.parallel[t.id] for t in board.tracks}
    sizes = sorted(len(s) for s in sets if len(s) > 1)
    assert sizes.count(3) >= 2 and sizes.count(2) >= 5 and max(sizes) == 3
    for members in sets:
        tracks = [board.tracks[i] for i in members]
        assert len({t.length for t in tracks}) == 1
        colors = [t.color for t in tracks if t.color != GRAY]
        assert len(colors) == len(set(colors))


def test_ticket_values_follow_the_fewest_train_spaces():
    board = load_board("italy")
    to_areas = [t for t in board.tickets if board.is_dead_end(t.a) or board.is_dead_end(t.b)]
    assert len(to_areas) >= 10
    for t in board.tickets:
        spaces = fewest_spaces(board, t.a, t.b)
        assert t.points == spaces + (spaces >= 15) + (spaces >= 20), (t.a, t.b)
    assert len({(t.a, t.b) for t in board.tickets}) == 56


@pytest.mark.parametrize("breakage, message", [
    (lambda d: d["cities"][0].pop("region"), "has no region"),
    (lambda d: d["cities"][0].update(region="Padania"), "unknown region 'Padania'"),
    (lambda d: next(c for c in d["cities"] if c["name"] == "Monaco").update(region="Liguria"),
     "its region must be its own name"),
    (lambda d: d["regions"].append("Molise"), "region 'Molise' has no city"),
    (lambda d: d["regions"].append("Lazio"), "listed twice"),
    (lambda d: d["double_regions"].append("Atlantide"), "double region 'Atlantide'"),
    (lambda d: d.update(regions="Lazio"), "'regions' must be a non-empty list"),
    (lambda d: d["cities"][0].update(name="Ao#sta"), "must not contain '#'"),
    (lambda d: next(t for t in d["tracks"] if t["color"] != GRAY).update(ferries=1),
     "is a ferry but not gray"),
    (lambda d: next(t for t in d["tracks"] if t.get("ferries")).update(ferries=9),
     "impossible ferries count 9"),
    (lambda d: d["tracks"].append(dict(
        next(t for t in d["tracks"] if t["id"] == "bologna--firenze-1"),
        id="bologna--firenze-4", color="green")), "4 parallel tracks"),
])
def test_validator_checks_the_italy_fields(breakage, message):
    data = copy.deepcopy(italy_data())
    breakage(data)
    problems = validate_map(data)
    assert any(message in p for p in problems), problems


def test_validator_refuses_a_ticket_that_only_an_area_would_join():
    # Sardegna cut off from everything but a make-believe track into Francia,
    # with Torino also reaching Francia: Francia is no way through.
    data = copy.deepcopy(italy_data())
    island = {"Olbia", "Sassari", "Cagliari"}
    data["tracks"] = [t for t in data["tracks"]
                      if (t["a"] in island) == (t["b"] in island)]
    data["tracks"].append({"id": "olbia--francia", "a": "Olbia", "b": "Francia",
                           "length": 4, "color": GRAY, "ferries": 2})
    data["tickets"] = [t for t in data["tickets"]
                       if t["a"] not in island and t["b"] not in island]
    assert validate_map(data) == []
    data["tickets"].append({"a": "Cagliari", "b": "Torino", "points": 20})
    assert any("Cagliari-Torino cannot be completed" in p for p in validate_map(data))
    # while a ticket into the area itself is fine
    data["tickets"][-1] = {"a": "Cagliari", "b": "Francia", "points": 10}
    assert validate_map(data) == []


def test_regions_are_optional_for_other_boards():
    data = copy.deepcopy(italy_data())
    del data["regions"], data["double_regions"]
    for city in data["cities"]:
        del city["region"]
    assert validate_map(data) == []
    data["double_regions"] = ["Sicilia"]
    assert any("needs the 'regions' list" in p for p in validate_map(data))


# --- setup ------------------------------------------------------------------------


def test_registered_as_rail_routes_italia_for_two_to_five():
    info = GAMES[GAME]
    assert (info.name, info.min_players, info.max_players) == ("Rail Routes: Italia", 2, 5)
    with pytest.raises(ValueError):
        create(GAME, 6)
    with pytest.raises(ValueError):
        create(GAME, 1)


def test_setup_deals_five_tickets_keep_three_and_a_pile_of_ten_ferry_cards():
    state = create(GAME, 3, seed=4)
    assert state.ferry_pile == 10
    assert len(state.ticket_deck) == 56 - 15
    for seat in range(3):
        view = state.view(seat)
        assert len(view["private"]["pending"]["options"]) == 5
        assert view["private"]["pending"]["min"] == 3
        keeps = [a["keep"] for a in state.legal_actions(seat)]
        assert min(len(k) for k in keeps) == 3
        assert len(keeps) == 10 + 5 + 1  # 5 choose 3, 4 and 5
        assert view["ferry_pile"] == 10
        assert view["players"][seat]["ferries"] == 0
    with pytest.raises(IllegalAction, match="keep at least 3"):
        state.apply(0, {"type": "keep_tickets", "keep": sorted(state.pending[0])[:2]})


def test_unkept_first_tickets_are_shuffled_together_under_the_pile():
    state = create(GAME, 3, seed=11)
    undealt = list(state.ticket_deck)
    returned = []
    for seat in range(3):
        offer = sorted(state.pending[seat])
        returned += offer[3:]
        state.apply(seat, {"type": "keep_tickets", "keep": offer[:3]})
    assert state.ticket_deck[:len(undealt)] == undealt
    tail = state.ticket_deck[len(undealt):]
    assert sorted(tail) == sorted(returned) and len(tail) == 6
    # over many seeds the first return is not always at the front of the block
    firsts = set()
    for seed in range(20):
        s = create(GAME, 2, seed=seed)
        base = len(s.ticket_deck)
        first = sorted(s.pending[0])
        for seat in range(2):
            offer = sorted(s.pending[seat])
            s.apply(seat, {"type": "keep_tickets", "keep": offer[:3]})
        firsts.add(s.ticket_deck[base:].index(first[3]))
    assert len(firsts) > 2


def test_usa_setup_and_result_are_unchanged():
    state = create("routes-usa", 2, seed=1)
    view = state.view(0)
    assert "ferry_pile" not in view and "ferries" not in view["players"][0]
    assert view["private"]["pending"]["min"] == 2
    breakdown = state.result()["breakdown"][0]
    assert "region_bonus" not in breakdown and "regions" not in breakdown


# --- the ferry card action ------------------------------------------------------------


def test_draw_ferry_takes_a_whole_turn_and_shows_in_the_views():
    state = position(2, hands=[{"red": 2}, {"blue": 1}])
    assert {"type": "draw_ferry"} in state.legal_actions(0)
    events = state.apply(0, {"type": "draw_ferry"})
    assert [e["type"] for e in events] == ["ferry_drawn", "turn_started"]
    assert state.current == 1
    assert state.hands[0] == {"red": 2, FERRY: 1}
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["ferry_pile"] == 9
        assert view["players"][0]["ferries"] == 1
        assert view["players"][0]["cards"] == 2  # train cards only
    assert state.view(0)["private"]["hand"] == {FERRY: 1, "red": 2}
    assert state.view(1)["private"]["hand"] == {"blue": 1}


def test_nobody_may_hold_three_ferry_cards():
    state = position(2, hands=[{FERRY: 1}, {}])
    state.apply(0, {"type": "draw_ferry"})
    state.apply(1, {"type": "draw_deck"})
    state.apply(1, {"type": "draw_deck"})
    assert state.hands[0][FERRY] == 2
    assert {"type": "draw_ferry"} not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="2 ferry cards, the most allowed"):
        state.apply(0, {"type": "draw_ferry"})
    assert state.ferry_pile == 8


def test_no_ferry_card_as_a_second_card_or_from_an_empty_pile():
    state = position(2, hands=[{}, {}], cards_drawn=1)
    assert {"type": "draw_ferry"} not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="take your second card"):
        state.apply(0, {"type": "draw_ferry"})
    state = position(2, hands=[{}, {}], ferry_pile=0)
    assert {"type": "draw_ferry"} not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="no ferry cards are left"):
        state.apply(0, {"type": "draw_ferry"})


# --- ferry payments ----------------------------------------------------------------------


def test_ferry_route_offers_every_mix_of_locomotives_and_ferry_cards():
    # Olbia-Roma: 5 spaces, 3 of them waves. The 2 plain spaces take one
    # colour (any, it is gray) or locomotives; each wave a locomotive, or a
    # ferry card for up to two waves.
    state = position(2, hands=[{LOCO: 3, "red": 2, FERRY: 2}, {}])
    assert state.board.track_by_id["olbia--roma"].ferries == 3
    assert claims_for(state, 0, "olbia--roma") == pays(
        {"red": 2, LOCO: 3},                     # every wave a locomotive
        {"red": 2, LOCO: 1, FERRY: 1},           # a ferry card for two waves
        {"red": 1, LOCO: 2, FERRY: 1},
        {LOCO: 3, FERRY: 1},
        {"red": 2, FERRY: 2},                    # two ferry cards for three waves
        {"red": 1, LOCO: 1, FERRY: 2},
        {LOCO: 2, FERRY: 2},
    )


def test_one_wave_strait_takes_a_locomotive_or_a_ferry_card():
    state = position(2, hands=[{LOCO: 1, FERRY: 1, "green": 3}, {}])
    track = state.board.track_by_id["reggio-calabria--messina-1"]
    assert (track.length, track.ferries) == (1, 1)
    assert claims_for(state, 0, track.id) == pays({LOCO: 1}, {FERRY: 1})
    state = position(2, hands=[{"green": 3}, {}])
    assert claims_for(state, 0, track.id) == set()


def test_long_ferry_with_four_waves():
    # Napoli-Palermo: 6 spaces, 4 waves. One ferry card covers two waves,
    # the other two take locomotives; two ferry cards cover all four.
    state = position(2, hands=[{LOCO: 2, FERRY: 1, "yellow": 2}, {}])
    assert claims_for(state, 0, "napoli--palermo") == pays({"yellow": 2, LOCO: 2, FERRY: 1})
    state = position(2, hands=[{FERRY: 2, "yellow": 1, "black": 2}, {}])
    assert claims_for(state, 0, "napoli--palermo") == pays({"black": 2, FERRY: 2})


def test_claiming_a_ferry_returns_the_ferry_cards_to_their_pile():
    state = position(2, hands=[{LOCO: 2, FERRY: 2, "red": 2}, {}])
    assert state.ferry_pile == 8
    discard = len(state.discard)
    events = state.apply(0, {"type": "claim", "track": "olbia--roma",
                             "cards": {"red": 1, LOCO: 1, FERRY: 2}})
    claim = next(e for e in events if e["type"] == "route_claimed")
    assert claim["points"] == 10 and claim["trains_left"] == 40
    assert state.hands[0] == {"red": 1, LOCO: 1}
    assert state.ferry_pile == 10
    assert len(state.discard) == discard + 2
    assert FERRY not in state.discard


@pytest.mark.parametrize("track_id, cards, message", [
    ("torino--genova", {"pink": 2, FERRY: 1}, "ferry cards pay only for the wave spaces"),
    ("olbia--roma", {"red": 2, FERRY: 2, LOCO: 1}, "do not cover it exactly"),
    ("napoli--palermo", {"red": 2, FERRY: 3}, "more than it needs"),
    ("olbia--roma", {"red": 2, LOCO: 2}, "need a locomotive each"),
    ("olbia--roma", {"red": 1, "blue": 1, LOCO: 3}, "one colour"),
])
def test_wrong_ferry_payments_are_refused(track_id, cards, message):
    hand = {LOCO: 3, FERRY: 2, "red": 3, "blue": 2, "pink": 3}
    state = position(2, hands=[hand, {}])
    if cards.get(FERRY, 0) > 2:
        state.hands[0][FERRY] = 3  # only to reach the payment check
    before = (dict(state.hands[0]), state.ferry_pile, dict(state.claimed))
    with pytest.raises(IllegalAction, match=message):
        state.apply(0, {"type": "claim", "track": track_id, "cards": cards})
    assert (dict(state.hands[0]), state.ferry_pile, dict(state.claimed)) == before


# --- double and triple routes -------------------------------------------------------------


def test_triple_route_with_three_players_is_one_track():
    hands = [{"blue": 2}, {"red": 2, "black": 2}, {"black": 2}]
    state = position(3, hands=hands, current=1)
    state.apply(1, {"type": "claim", "track": "bologna--firenze-1", "cards": {"red": 2}})
    state.apply(2, {"type": "draw_deck"})
    state.apply(2, {"type": "draw_deck"})
    for track_id in ("bologna--firenze-2", "bologna--firenze-3"):
        assert not claims_for(state, 0, track_id)
    with pytest.raises(IllegalAction, match="with 3 players only one track"):
        state.apply(0, {"type": "claim", "track": "bologna--firenze-2", "cards": {"blue": 2}})


def test_triple_route_with_five_players_one_track_each():
    hands = [{"blue": 2}, {"red": 2, "black": 2}, {"black": 2}, {}, {}]
    state = position(5, hands=hands, current=1)
    state.apply(1, {"type": "claim", "track": "bologna--firenze-1", "cards": {"red": 2}})
    for seat in (2, 3, 4):
        state.apply(seat, {"type": "draw_deck"})
        state.apply(seat, {"type": "draw_deck"})
    assert claims_for(state, 0, "bologna--firenze-2") == pays({"blue": 2})
    state.apply(0, {"type": "claim", "track": "bologna--firenze-2", "cards": {"blue": 2}})
    # seat 1 already holds a track of the set; seat 2 may take the third
    assert not claims_for(state, 1, "bologna--firenze-3")
    with pytest.raises(IllegalAction, match="you already hold a track"):
        state.apply(1, {"type": "claim", "track": "bologna--firenze-3", "cards": {"black": 2}})
    state.apply(1, {"type": "draw_deck"})
    state.apply(1, {"type": "draw_deck"})
    assert claims_for(state, 2, "bologna--firenze-3") == pays({"black": 2})
    state.apply(2, {"type": "claim", "track": "bologna--firenze-3", "cards": {"black": 2}})
    owners = {state.board.tracks[i].id: s for i, s in state.claimed.items()}
    assert owners == {"bologna--firenze-1": 1, "bologna--firenze-2": 0,
                      "bologna--firenze-3": 2}


def test_double_ferry_with_two_players_is_one_track():
    state = position(2, hands=[{FERRY: 1}, {LOCO: 1}], current=1)
    state.apply(1, {"type": "claim", "track": "reggio-calabria--messina-1",
                    "cards": {LOCO: 1}})
    assert not claims_for(state, 0, "reggio-calabria--messina-2")


# --- tickets -----------------------------------------------------------------------------


def test_drawing_tickets_offers_four_keep_at_least_one():
    state = position(2, hands=[{}, {}])
    state.apply(0, {"type": "draw_tickets"})
    view = state.view(0)
    assert len(view["private"]["pending"]["options"]) == 4
    assert view["private"]["pending"]["min"] == 1
    keeps = [a["keep"] for a in state.legal_actions(0)]
    assert len(keeps) == 15 and min(len(k) for k in keeps) == 1
    with pytest.raises(IllegalAction, match="keep at least 1"):
        state.apply(0, {"type": "keep_tickets", "keep": []})


def tickets_done(state, seat: int) -> dict[tuple[str, str], bool]:
    return {(t["a"], t["b"]): t["done"] for t in state.view(seat)["private"]["tickets"]}


def test_different_tracks_into_one_area_do_not_connect():
    state = setup_done(2)
    ticket = ticket_id(state, "Cuneo", "Firenze")
    coast = {"cuneo--monaco": 0, "sanremo--monaco": 0, "sanremo--genova": 0,
             "genova--la-spezia-1": 0, "la-spezia--pisa": 0, "pisa--firenze-1": 0}
    state = position(2, claimed=coast, tickets=[[ticket], []])
    assert tickets_done(state, 0) == {("Cuneo", "Firenze"): False}
    assert state.result()["breakdown"][0]["regions"] == [2, 1]  # Liguria+Toscana; Piemonte
    # joined on the Italian side of the border, it is done
    state = position(2, claimed={**coast, "torino--cuneo": 0, "torino--genova": 0},
                     tickets=[[ticket], []])
    assert tickets_done(state, 0) == {("Cuneo", "Firenze"): True}
    assert state.result()["breakdown"][0]["regions"] == [3]


def test_a_ticket_to_an_area_is_done_through_any_one_track_into_it():
    state = setup_done(2)
    tickets = [ticket_id(state, "Monaco", "Milano"), ticket_id(state, "Francia", "Slovenia")]
    claimed = {"cuneo--monaco": 0, "torino--cuneo": 0, "torino--milano-1": 0,
               "torino--francia": 0, "milano--brescia-1": 0, "brescia--verona": 0,
               "verona--padova-1": 0, "padova--venezia-1": 0, "venezia--udine": 0}
    state = position(2, claimed=claimed, tickets=[tickets, []])
    assert tickets_done(state, 0) == {("Monaco", "Milano"): True,
                                      ("Francia", "Slovenia"): False}
    state = position(2, claimed={**claimed, "udine--slovenia": 0}, tickets=[tickets, []])
    assert tickets_done(state, 0) == {("Monaco", "Milano"): True,
                                      ("Francia", "Slovenia"): True}
    # the other seat's track into the same area does not help
    state = position(2, claimed={**claimed, "trieste--slovenia": 1}, tickets=[tickets, []])
    assert tickets_done(state, 0)[("Francia", "Slovenia")] is False


# --- the region bonus ---------------------------------------------------------------------

NORTH = [("Torino", "Milano"), ("Torino", "Genova"), ("Milano", "Parma"),
         ("Genova", "La Spezia"), ("La Spezia", "Pisa")]
SOUTH = [("Firenze", "Perugia"), ("Perugia", "Ancona"), ("Perugia", "Roma"),
         ("Roma", "Napoli")]


def test_region_table_of_the_seed():
    assert [region_points(n) for n in range(0, 17)] == [
        0, 0, 0, 0, 0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56, 56]
    assert dict(ITALY_REGION_TABLE)[15] == 56


def test_seed_example_two_networks_of_five_then_one_of_nine():
    board = load_board("italy")
    for a, b in NORTH + SOUTH + [("Firenze", "Pisa")]:
        track_between(board, a, b)
    # North: Piemonte, Lombardia, Liguria, Emilia-Romagna, Toscana (Pisa).
    # South: Toscana (Firenze), Umbria, Marche, Lazio, Campania.
    assert region_bonus(board, NORTH + SOUTH) == (2, [5, 5])
    # Firenze-Pisa joins them; Toscana is counted once: 9 regions, 11 points.
    assert region_bonus(board, NORTH + SOUTH + [("Firenze", "Pisa")]) == (11, [9])


def test_islands_and_puglia_count_twice_only_when_whole():
    board = load_board("italy")
    sicily = [("Messina", "Catania"), ("Catania", "Palermo")]
    assert region_networks(board, sicily) == [2]
    assert region_networks(board, [("Messina", "Palermo")]) == [1]
    assert region_networks(board, [("Napoli", "Palermo"), ("Messina", "Palermo")]) == [2]
    puglia = [("Foggia", "Bari"), ("Bari", "Taranto"), ("Taranto", "Lecce")]
    assert region_networks(board, puglia) == [2]
    assert region_networks(board, puglia[:2]) == [1]
    sardinia = [("Olbia", "Sassari"), ("Sassari", "Cagliari")]
    assert region_networks(board, sardinia) == [2]
    # the three whole and joined: 2 + 2 + 2 + Campania + Calabria = 8 regions
    joined = sicily + puglia + sardinia + [
        ("Reggio Calabria", "Messina"), ("Cosenza", "Reggio Calabria"),
        ("Taranto", "Cosenza"), ("Cagliari", "Napoli"), ("Napoli", "Foggia")]
    assert region_bonus(board, joined) == (7, [8])


def test_areas_are_not_regions_and_split_networks():
    board = load_board("italy")
    assert region_networks(board, [("Aosta", "Francia"), ("Torino", "Francia")]) == [1, 1]
    assert region_networks(board, [("Milano", "Svizzera")]) == [1]
    assert region_bonus(board, []) == (0, [])


def test_a_network_of_fifteen_or_more_regions_scores_56():
    board = load_board("italy")
    spine = [("Aosta", "Torino"), ("Torino", "Genova"), ("Genova", "La Spezia"),
             ("Torino", "Milano"), ("Milano", "Brescia"), ("Brescia", "Trento"),
             ("Brescia", "Verona"), ("Verona", "Padova"), ("Padova", "Venezia"),
             ("Venezia", "Udine"), ("Padova", "Bologna"), ("Bologna", "Firenze"),
             ("Firenze", "Perugia"), ("Perugia", "Ancona"), ("Perugia", "Roma"),
             ("L'Aquila", "Roma"), ("Roma", "Napoli"), ("Napoli", "Foggia"),
             ("Salerno", "Cosenza"), ("Napoli", "Salerno")]
    bonus, counts = region_bonus(board, spine)
    assert counts == [15] and bonus == 56
    bonus, counts = region_bonus(board, spine + [("Napoli", "Palermo")])
    assert counts == [16] and bonus == 56


def test_result_adds_the_region_bonus_and_no_longest_route_bonus():
    state = setup_done(2)
    claimed = {}
    for a, b in NORTH + SOUTH:
        claimed[track_between(state.board, a, b).id] = 0
    claimed["pisa--livorno"] = 1
    state = position(2, claimed=claimed)
    result = state.result()
    mine, theirs = result["breakdown"]
    assert mine["region_bonus"] == 2
    assert mine["regions"] == [5, 5] and mine["region_points"] == [1, 1]
    assert theirs["region_bonus"] == 0 and theirs["regions"] == [1]
    for b in result["breakdown"]:
        assert b["longest_bonus"] == 0
        assert b["total"] == b["route_points"] + b["ticket_points"] + b["region_bonus"]
    assert mine["longest"] > theirs["longest"]
    assert result["scores"] == [b["total"] for b in result["breakdown"]]
    joined = position(2, claimed={**claimed, "pisa--firenze-1": 0}).result()["breakdown"][0]
    assert joined["region_bonus"] == 11 and joined["regions"] == [9]


# --- bots and the simulator --------------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_bots_play_legal_italy_games_to_the_end(name, players):
    from botkit import play_legally_to_the_end

    play_legally_to_the_end(GAME, [name] * players, players * 7, 5000)


def test_greedy_beats_random_in_at_least_95_percent_of_40_italy_games():
    from botkit import wins_against_random

    wins = wins_against_random(GAME, "greedy", 2, 40, 0, shared_counts=False)
    assert wins >= 38, f"greedy won {wins} of 40"


def test_greedy_self_play_completes_most_tickets_and_earns_region_bonus():
    from game.bots import make_bot

    done = held = bonus = 0
    for seed in range(3):
        state = create(GAME, players=4, seed=seed)
        bots = [make_bot("greedy", 10 * seed + s) for s in range(4)]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        for b in state.result()["breakdown"]:
            done += b["tickets_done"]
            held += len(b["tickets"])
            bonus += b["region_bonus"]
    assert done >= 0.7 * held
    assert bonus > 0


def test_simulator_accepts_routes_italy():
    from game.tables.simulate import simulate

    records = list(simulate(GAME, ["greedy", "random", "greedy"], 2, seed=3))
    summary = records[-1]
    assert summary["summary"] is True and summary["game"] == GAME
    assert [r["seed"] for r in records[:-1]] == [3, 4]
    assert summary["games_per_second"] > 0
