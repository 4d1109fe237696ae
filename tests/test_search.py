"""The search bot (Hard): legal and complete in every game, blind to what its
seat cannot see, instant on a forced move, and never in the host's way.

Every search here runs a fixed number of rollouts, not a wall-clock budget,
so nothing depends on the machine's speed.
"""

from __future__ import annotations

import json
import random

import pytest

from game.bots import dealer, make_bot
from game.bots.search import Budget, SearchPlayer
from game.cli.main import main
from game.rules import GAMES, create
from game.tables.simulate import play_game, wilson
from tests.netkit import BOUND, Raw, start_host, wait_until

ITERATIONS = 3


def _advance(game_id: str, players: int, seed: int, steps: int):
    rng = random.Random(seed)
    state = create(game_id, players, seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(list(state.to_act))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_offers_search_and_it_plays_a_whole_game(game_id):
    info = GAMES[game_id]
    assert "search" in info.bots and info.bots[-1] == "search"
    bots = ["search"] + ["random"] * (info.min_players - 1)
    record = play_game(game_id, bots, seed=3, iterations=ITERATIONS)
    assert record["winners"] and len(record["scores"]) == info.min_players


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_decision_does_not_depend_on_what_the_seat_cannot_see(game_id):
    """Two real states that differ only in hidden cards (and the seed and the
    record of secret choices) give the same move for the same bot seed."""
    players = GAMES[game_id].min_players
    checked = 0
    for seed in range(8):
        state = _advance(game_id, players, seed, 6 + 9 * seed)
        if state.is_over:
            continue
        me = state.to_act[0]
        legal = state.legal_actions(me)
        if len(legal) < 2:
            continue
        twin = state.determinize(me, random.Random(500 + seed))
        twin.seed, twin.history = state.seed ^ 0xBEEF, list(state.history)
        assert twin.view(me) == state.view(me)
        if all(twin.view(s) == state.view(s) for s in range(players)):
            continue            # nothing hidden was re-dealt here: no test
        a = make_bot("search", 42, iterations=12).choose(state.view(me), legal,
                                                          dealer(state, me))
        b = make_bot("search", 42, iterations=12).choose(twin.view(me), twin.legal_actions(me),
                                                          dealer(twin, me))
        assert a == b, (game_id, seed)
        checked += 1
    assert checked >= 2, f"{game_id}: too few positions with hidden cards"


def test_a_forced_move_is_answered_at_once_without_searching():
    state = create("routes-usa", 2, 1)
    seat = state.to_act[0]
    only = state.legal_actions(seat)[:1]

    def no_deal(rng):
        raise AssertionError("a forced move must not search")
    # "at once" without a clock: the deal would raise, and no rollout ran
    bot = SearchPlayer(random.Random(1), budget=Budget(think_ms=60_000))
    assert bot.choose(state.view(seat), only, no_deal) == only[0]
    assert bot.last_iterations == 0 and bot.rollouts == 0
    assert make_bot("search", 1, think_ms=60_000).choose(state.view(seat), only,
                                                         no_deal) == only[0]


def test_without_a_deal_the_search_bot_searches_from_its_view_or_plays_its_familys_move():
    """No deal: the bot rebuilds the game from its view and searches; a view
    it cannot rebuild costs it the search, not the move."""
    state = create("railway-tricks", 3, 2)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    bot = SearchPlayer(random.Random(5), _hooks("railway-tricks"), Budget(iterations=6))
    assert bot.choose(state.view(seat), legal) in legal and bot.rollouts == 6
    state = _advance("routes-usa", 2, 3, 40)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    view = state.view(seat)
    del view["discard_cards"]          # not a view the world builder can read
    bot = SearchPlayer(random.Random(5), _hooks("routes-usa"), Budget(iterations=6))
    assert bot.choose(view, legal) in legal and bot.rollouts == 0


def _hooks(game_id: str):
    import importlib
    return importlib.import_module(f"game.bots.families.{GAMES[game_id].family}").SEARCH


def test_a_fixed_budget_is_deterministic():
    state = _advance("eighty-days", 3, 4, 20)
    seat = state.to_act[0]
    picks = {json.dumps(make_bot("search", 9, iterations=10).choose(
        state.view(seat), state.legal_actions(seat), dealer(state, seat)), sort_keys=True)
        for _ in range(2)}
    assert len(picks) == 1


def test_simulate_takes_think_ms_and_refuses_bad_values(capsys):
    for bad, words in (("abc", "not a whole number of milliseconds"), ("0", "from 10 to"),
                       ("99999999", "from 10 to"), ("-5", "from 10 to")):
        with pytest.raises(SystemExit) as exc:
            main(["simulate", "--think-ms", bad])
        assert exc.value.code == 2
        assert words in capsys.readouterr().err
    assert main(["simulate", "--game", "railway-tricks", "--bots", "search,greedy,greedy",
                 "--think-ms", "10", "--games", "1", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    summary = lines[-1]
    assert summary["summary"] and summary["think_ms"] == 10
    low, high = summary["win_interval"]["search"]
    assert 0 <= low <= summary["win_rate"]["search"] <= high <= 1


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(130, 200)
    assert 0.58 < low < 0.59 and 0.71 < high < 0.72
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.27 < high < 0.31


def test_the_host_answers_pings_while_a_search_bot_thinks():
    """Two search bots play each other; a spectator's ping is answered while one
    thinks (before that think ends), not after: no wall-clock bound."""
    # the spectator reads (and so answers the host's pings) only around its
    # own pings: while it waits out a bot's move on a loaded machine it would
    # be dropped as gone after the test hosts' 3 s; liveness is not this test's
    host = start_host(seats=2, game="eighty-days", auto_start=True, start_after=0.05,
                      fill_bot="search", think_ms=2000, peer_timeout=BOUND)

    def long_think() -> int | None:
        """The version a bot is thinking on with a real choice (a forced move is
        answered at once), plus one so that version 0 counts as found."""
        if not host._bot_thinking:
            return None
        state = host.match.state
        if state.is_over or len(state.legal_actions(state.to_act[0])) < 2:
            return None
        return host.match.version + 1
    try:
        a = Raw(host.port)
        a.hello("spectator", name="S")
        for n in range(3):
            version = wait_until(long_think, "a bot to think") - 1
            a.send({"type": "ping", "n": 100 + n})
            pong = a.recv_until(lambda m, n=n: m["type"] == "pong" and m["n"] == 100 + n)
            assert pong is not None
            assert host._bot_thinking and host.match.version == version, \
                "the pong came only after the bot had finished thinking"
            wait_until(lambda v=version: host.match.version > v, "the bot's move")
    finally:
        host.stop()


def test_moves_are_compared_on_the_same_deals_with_the_same_random_numbers():
    """The same move twice gets exactly the same value in every round (common
    random numbers): only a move's own effect can tell two moves apart."""
    state = _advance("eighty-days", 3, 4, 20)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    from game.bots.families.race_search import RaceSearch
    player = SearchPlayer(random.Random(3), RaceSearch, Budget(iterations=24))
    move = legal[0]
    best = player._search(seat, [move, dict(move)], dealer(state, seat), has_prior=True)
    assert best == 0 and player.last_rounds == 12
    assert player.last_means[0] == player.last_means[1]


def test_a_paired_lead_needs_both_the_margin_and_the_standard_errors():
    from game.bots.rounds import paired_lead as _paired_lead
    steady = [0.6, 0.62, 0.61, 0.6, 0.61]
    base = [0.5, 0.52, 0.51, 0.5, 0.51]
    assert _paired_lead(steady, base, 5, lead=0.02, z=2.0)
    assert not _paired_lead(steady, base, 5, lead=0.2, z=2.0)       # lead too small
    noisy = [0.9, 0.1, 0.9, 0.2, 0.9]
    assert not _paired_lead(noisy, base, 5, lead=0.02, z=2.0)       # too unsure
    assert not _paired_lead(steady, base, 1, lead=0.0, z=0.0)       # one round is none


def test_the_route_search_weighs_every_ticket_choice():
    """Which tickets to keep is searched like any move (the planner's choice
    first, kept unless another clearly beats it): every way to keep is rolled
    out on the same deals."""
    state = create("routes-usa", 2, 4)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert {a["type"] for a in legal} == {"keep_tickets"} and len(legal) == 4
    bot = SearchPlayer(random.Random(3), _hooks("routes-usa"), Budget(iterations=4 * 4))
    assert bot.choose(state.view(seat), legal, dealer(state, seat)) in legal
    assert bot.last_rounds == 4 and len(bot.last_means) == 4
    assert all(mean is not None for mean in bot.last_means)


def test_a_wide_ticket_offer_is_narrowed_to_the_planners_best_ways_to_keep():
    """Italy's opening offer has sixteen ways to keep; a second of thinking
    rolls out only a few rounds of sixteen, too few to overrule anything.
    The search weighs the planner's best four (its own choice first)."""
    state = create("routes-italy", 2, 5)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert len(legal) == 16
    hooks = _hooks("routes-italy")(random.Random(1))
    view = state.view(seat)
    narrowed = hooks.candidates(view, legal)
    assert len(narrowed) == hooks.widest_keep == 4
    assert narrowed[0] == hooks.prior(view, legal)
    assert all(a in legal for a in narrowed) and len({str(a) for a in narrowed}) == 4
    bot = SearchPlayer(random.Random(3), _hooks("routes-italy"), Budget(iterations=4 * 4))
    assert bot.choose(view, legal, dealer(state, seat)) in narrowed
    assert bot.last_rounds == 4
    usa = create("routes-usa", 2, 5)          # seven ways to keep one of three
    for _ in range(2):
        usa.apply(usa.to_act[0], usa.legal_actions(usa.to_act[0])[0])
    usa.apply(usa.to_act[0], {"type": "draw_tickets"})
    legal = usa.legal_actions(usa.to_act[0])
    assert len(legal) == 7 and hooks.candidates(usa.view(usa.to_act[0]), legal) == legal


def test_remembered_route_plans_are_the_plans_worked_out_afresh():
    """The planner keeps graphs and plans between moves, and carries a plan
    over claims that cannot change it; a kept or carried one must be what
    planning from scratch gives, through whole games of claims (rollouts
    from one position, as the search plays them, so plans are carried from
    one rollout's moves into the next's), at a small table and a big one."""
    from game.bots.families import routes_planner

    carried = 0
    real_carry = routes_planner.RoutesPlanner._carried

    def counting_carry(self, same):
        nonlocal carried
        known = real_carry(self, same)
        carried += known is not None
        return known

    stores = (routes_planner._GRAPHS, routes_planner._PLANS, routes_planner._LATEST,
              routes_planner._BASES)
    routes_planner.RoutesPlanner._carried = counting_carry
    try:
        for game_id, players in (("routes-usa", 2), ("routes-italy", 2), ("routes-usa", 4)):
            start = create(game_id, players, 8)
            normal = [make_bot("greedy", s) for s in range(players)]
            for _ in range(30):      # into the game: tickets kept, a few claims
                seat = start.to_act[0]
                start.apply(seat, normal[seat].choose(start.view(seat),
                                                      start.legal_actions(seat)))
            for rollout in range(3):
                state = start.clone()
                normal = [make_bot("greedy", 10 * rollout + s) for s in range(players)]
                while not state.is_over:
                    seat = state.to_act[0]
                    view = state.view(seat)
                    tickets = view["private"].get("tickets", [])
                    kept = routes_planner.RoutesPlanner(view)
                    remembered = (kept.plan(tickets), kept.adjacency)
                    saved = [dict(store) for store in stores]
                    for store in stores:
                        store.clear()
                    fresh = routes_planner.RoutesPlanner(view)
                    assert remembered == (fresh.plan(tickets), fresh.adjacency)
                    for store, copy in zip(stores, saved, strict=True):
                        store.clear()
                        store.update(copy)
                    legal = state.legal_actions(seat)
                    state.apply(seat, normal[seat].choose(view, legal))
    finally:
        routes_planner.RoutesPlanner._carried = real_carry
    assert carried > 40       # the carrying was put to the test (83 times)


def _claimable(planner, track) -> bool:
    """The rules' own test: nobody holds the track, and no track beside it is
    this seat's, nor anyone's at a table of two or three."""
    if track.index in planner.owner:
        return False
    return not any(planner.owner.get(sib) == planner.seat
                   or (sib in planner.owner and planner.players < 4)
                   for sib in planner.board.parallel[track.id])


def _cheapest_join(planner, a: str, b: str, free: set[int]) -> int:
    """The test's own cheapest way to join two cities, on names: a track of
    this seat's costs nothing, one it may still claim costs its trains (none
    if planned already, in `free`), any other is cut."""
    import heapq

    board = planner.board
    graph: dict[str, list[tuple[str, int]]] = {}
    for t in board.tracks:
        if planner.owner.get(t.index) == planner.seat:
            cost = 0
        elif _claimable(planner, t):
            cost = 0 if t.index in free else t.length + (1 if t.ferries else 0)
        else:
            continue
        x, y = board.node(t.a, t), board.node(t.b, t)
        graph.setdefault(x, []).append((y, cost))
        graph.setdefault(y, []).append((x, cost))

    def nodes(city: str) -> list[str]:
        return [n for n in graph if n.split("#", 1)[0] == city]

    targets = set(nodes(b))
    heap = [(0, n) for n in nodes(a)]
    seen: set[str] = set()
    while heap:
        d, node = heapq.heappop(heap)
        if node in targets:
            return d
        if node in seen:
            continue
        seen.add(node)
        heap.extend((d + c, n) for n, c in graph[node] if n not in seen)
        heapq.heapify(heap)
    return 10**9


def test_the_route_planner_finds_the_cheapest_join_between_two_cities():
    """Paths come from a numbered graph built for speed; each must cost what a
    plain search over the board's own tracks finds, and its tracks must be
    ones the seat may claim and that make up that cost."""
    from game.bots.families import routes

    rng = random.Random(4)
    for game_id in ("routes-usa", "routes-italy"):
        for players in (2, 4):
            state = create(game_id, players, 21)
            normal = [make_bot("greedy", s) for s in range(players)]
            while not state.is_over:
                seat = state.to_act[0]
                view = state.view(seat)
                planner = routes.RoutesPlanner(view)
                if len(state.history) % 5 == 0:
                    for _ in range(4):
                        a, b, c, d = rng.sample(sorted(planner.board.cities), 4)
                        # as a plan does: the tracks of a path planned before are free
                        free = {t.index for t in planner.path(c, d, set())[1]}
                        cost, tracks = planner.path(a, b, free)
                        assert cost == _cheapest_join(planner, a, b, free), (game_id, a, b)
                        assert all(_claimable(planner, t) for t in tracks)
                        if cost < routes.INF:
                            assert cost == sum(t.length + (1 if t.ferries else 0)
                                               for t in tracks if t.index not in free)
                legal = state.legal_actions(seat)
                state.apply(seat, normal[seat].choose(view, legal))


def test_the_decision_probe_prints_its_figures_and_refuses_bad_flags():
    import subprocess
    import sys
    from pathlib import Path
    tool = Path(__file__).resolve().parents[1] / "tools" / "probe_decisions.py"
    done = subprocess.run([sys.executable, str(tool), "--game", "railway-tricks",
                           "--positions", "3", "--iterations", "6"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "of 3 decisions; mean gain per decision" in done.stdout.splitlines()[-1]
    keeps = subprocess.run([sys.executable, str(tool), "--only", "keep_tickets",
                            "--positions", "2", "--iterations", "8"],
                           capture_output=True, text=True, timeout=300)
    assert keeps.returncode == 0, keeps.stderr
    assert "of 2 decisions; mean gain per decision" in keeps.stdout.splitlines()[-1]
    for flags, words in ((["--players", "9"], "takes 2-5 players"),
                         (["--only", "fly"], "offered an action of type 'fly'")):
        bad = subprocess.run([sys.executable, str(tool), *flags],
                             capture_output=True, text=True, timeout=300)
        assert bad.returncode == 2 and words in bad.stderr
        assert "Traceback" not in bad.stderr


def test_the_strength_tally_pools_runs_and_refuses_what_it_cannot_read(tmp_path):
    """Runs in pieces pool into one figure: a repeated game counts once, a
    shared win a share, a summary line and a cut-off last line are left out;
    a damaged file gets a message naming its line, not a traceback."""
    import subprocess
    import sys
    from pathlib import Path
    tool = Path(__file__).resolve().parents[1] / "tools" / "strength_tally.py"

    def game(seed, bots, scores, winners):
        return json.dumps({"game": "routes-usa", "seed": seed, "bots": bots,
                           "scores": scores, "winners": winners, "turns": 90})
    first = tmp_path / "a.jsonl"
    first.write_text("\n".join([
        game(1, ["search", "greedy"], [100, 80], [0]),
        game(2, ["greedy", "search"], [90, 90], [0, 1]),
        json.dumps({"summary": True, "game": "routes-usa"}), '{"game": "rou']))
    second = tmp_path / "b.jsonl"
    second.write_text("\n".join([game(2, ["greedy", "search"], [95, 90], [0]),
                                 game(3, ["search", "greedy"], [70, 110], [1])]) + "\n")
    done = subprocess.run([sys.executable, str(tool), str(first), str(second)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("search 1.5/2 = 75.0% (20%-97%); mean score 95.0 vs 85.0; seeds 1-2")
    assert "search 0/2 = 0.0%" in lines[1]
    assert lines[2] == ("routes-usa, 2 players, 3 games: search 1.5/3 = 50.0% (13%-87%); "
                        "mean score 86.7 vs 93.3; seeds 1-3")
    assert "cut short" in done.stderr and "seed 2 is in" in done.stderr
    damaged = tmp_path / "c.jsonl"
    damaged.write_text(game(1, ["search", "greedy"], [1, 0], [0]) + "\nnot json\n{}\n")
    gone = tmp_path / "gone.jsonl"
    for path, words in ((damaged, "line 2 is not JSON"), (gone, "cannot read it")):
        bad = subprocess.run([sys.executable, str(tool), str(path)],
                             capture_output=True, text=True, timeout=60)
        assert bad.returncode == 2 and words in bad.stderr
        assert "Traceback" not in bad.stderr


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_search_bot_joining_over_the_lan_searches_from_its_own_view(game_id):
    """A client holds only views: its Hard bot rebuilds the game from its view
    and deals its guesses from that, and plays a whole game at the table."""
    from tests.netkit import Player, connect, host_record
    players = GAMES[game_id].min_players
    host = start_host(seats=players, game=game_id, auto_start=True, start_after=0.3,
                      fill_bot="greedy")
    try:
        me = Player(connect(host, name="Hard"), bot="search", seed=4, think_ms=10)
        record = me.outcome()
        assert record == host_record(host)
        searched = me.player._players[game_id]
        assert searched.rollouts > 0, "the joining search bot never searched"
    finally:
        host.stop()


def test_a_cpu_budget_reads_the_clock_it_is_given():
    """The book stops at the deadline of its own clock (a search on a CPU
    budget passes the thread's CPU time), not the wall clock's."""
    from game.bots.rounds import RoundBook

    now = [0.0]
    book = RoundBook(3, False, None, deadline=1.0, clock=lambda: now[0])
    assert book.next_unit() == (0, 0)
    now[0] = 2.0
    assert book.next_unit() is None
    bot = make_bot("search", 1, think_ms=20, cpu=True)
    state = create("routes-usa", players=2, seed=3)
    seat = state.to_act[0]
    assert bot.budget == Budget(20, None, True)
    assert bot.choose(state.view(seat), state.legal_actions(seat),
                      dealer(state, seat)) in state.legal_actions(seat)


def test_a_timed_search_ends_once_one_move_is_left_in_the_running():
    """When every move but one is clearly behind, no rollout could change the
    choice: a search on a time budget stops there instead of thinking on to
    its deadline (the players wait less); one on a fixed number of rollouts
    plays them all (tests and tuning count on it)."""
    from game.bots.rounds import PRUNE_AFTER_ROUNDS, RoundBook

    def settle(book: RoundBook) -> int:
        played = 0
        while (unit := book.next_unit()) is not None:
            r, k = unit
            # the prior (move 0) wins every deal by far, with a little noise
            book.record(r, k, (1.0 if k == 0 else 0.0) + 0.01 * ((r * 7 + k) % 3))
            played += 1
            assert played < 1000, "the search never ended"
        return played

    timed = RoundBook(3, True, None, deadline=float("inf"), clock=lambda: 0.0)
    assert settle(timed) == 3 * PRUNE_AFTER_ROUNDS
    assert timed.alive == [0] and timed.choice() == 0
    counted = RoundBook(3, True, 40, deadline=float("inf"), clock=lambda: 0.0)
    assert settle(counted) == 40 and counted.choice() == 0
    # close moves keep it thinking to the deadline
    now = [0.0]
    close = RoundBook(3, True, None, deadline=1.0, clock=lambda: now[0])
    for _ in range(30):
        r, k = close.next_unit()
        close.record(r, k, 0.5 + 0.01 * ((r + k) % 2))
    assert len(close.alive) == 3 and close.next_unit() is not None
    now[0] = 2.0
    assert close.next_unit() is None


@pytest.mark.parametrize("game_id", ["routes-usa", "routes-italy", "eighty-days"])
def test_the_planning_view_is_the_part_of_the_view_the_planner_reads(game_id):
    """Rollouts hand the planner `planning_view`: each of its fields must be
    the view's (the route games' players show only their trains, the race's
    all but the cards known in each hand), and the Normal player must choose
    from it as from the whole view."""
    state = create(game_id, 3, 5)
    normal = [make_bot("greedy", s) for s in range(3)]
    twin = [make_bot("greedy", s) for s in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        view, brief = state.view(seat), state.planning_view(seat)
        for key, value in brief.items():
            if key == "players" and game_id.startswith("routes"):
                assert [p["trains"] for p in value] == [p["trains"] for p in view["players"]]
            elif key == "players":
                assert value == [{k: v for k, v in p.items() if k != "known"}
                                 for p in view["players"]]
            elif key == "region_table":
                assert [list(row) for row in value] == view["region_table"]
            elif key == "planning":
                assert value is True
            else:
                assert value == view[key], key
        legal = state.legal_actions(seat)
        action = normal[seat].choose(view, legal)
        assert twin[seat].choose(brief, legal) == action
        state.apply(seat, action)


def test_hard_thinks_half_a_second_by_default_everywhere():
    """The players' setting and the search's own default agree: 500 ms."""
    from game.bots.search import DEFAULT_THINK_MS
    from game.system.settings import THINK_TIMES, Settings

    assert DEFAULT_THINK_MS == Settings().bot_think_ms == 500
    assert 500 in THINK_TIMES
    assert make_bot("search", 1, iterations=3).budget.think_ms == 500


def test_remembered_region_gains_are_the_gains_worked_out_afresh():
    """Italy's claim choice remembers what each claim adds to the region
    bonus per tracks held; a remembered gain must be the one from scratch."""
    from game.bots.families import routes
    from game.rules.routes.scoring import region_bonus

    state = create("routes-italy", 2, 4)
    normal = [make_bot("greedy", s) for s in range(2)]
    greedy = routes.RoutesGreedy(random.Random(0))
    checked = 0
    while not state.is_over:
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        claims = [a for a in legal if a["type"] == "claim"]
        if claims:
            planner = routes.RoutesPlanner(view)
            board, table = planner.board, view["region_table"]
            mine = [(t.a, t.b) for t in board.tracks if planner.owner.get(t.index) == seat]
            now = region_bonus(board, mine, table)[0]
            afresh = {a["track"]: region_bonus(board, mine + [(board.track_by_id[a["track"]].a,
                                                                board.track_by_id[a["track"]].b)],
                                               table)[0] - now for a in claims}
            assert greedy._region_gain(planner, claims) == afresh
            assert greedy._region_gain(planner, claims) == afresh     # remembered
            checked += any(afresh.values())
        state.apply(seat, normal[seat].choose(view, legal))
    assert checked > 5


def test_the_remembered_cheapest_race_payment_is_the_one_worked_out_afresh():
    """Eighty Days' planner remembers the cheapest payment per leg and hand
    (in any order of the hand); it must be the one card_sets and
    payment_days give."""
    from game.bots.families import race_legs
    from game.rules.race.data import load_race
    from game.rules.race.days import card_sets, payment_days

    data = load_race()
    rng = random.Random(2)
    for _ in range(300):
        leg = rng.choice([leg for leg in data.legs if leg.options])
        hand = rng.sample(list(data.travel_cards), rng.randint(0, 7))
        fresh = None
        for cards in card_sets(leg.options, hand):
            if fresh is None or payment_days(cards) < fresh[0]:
                fresh = (float(payment_days(cards)), tuple(cards))
        assert race_legs.cheapest_payment(leg.options, hand) == fresh
        rng.shuffle(hand)
        assert race_legs.cheapest_payment(leg.options, hand) == fresh     # remembered


def test_a_remembered_line_worth_is_the_one_worked_out_afresh():
    """Railway Tricks' planner remembers a line's worth over the locomotives
    to come, or with its locomotive; a remembered one must be the average (or
    the best run less the cost) worked out afresh."""
    from game.bots.families import tricks_worths
    from game.rules.tricks.scoring import best_stretch

    rng = random.Random(4)
    for _ in range(500):
        values = [rng.randint(0, 9) for _ in range(rng.randint(0, 12))]
        coming = [(rng.choice([None, 2, 3, 4, 5, 6]), rng.randint(0, 8))
                  for _ in range(rng.randint(1, 4))]
        fresh = sum(max(0, best_stretch(values, d)[0] - c) for d, c in coming) / len(coming)
        assert tricks_worths.worth(values, None, coming) == fresh
        assert tricks_worths.worth(list(values), None, list(coming)) == fresh     # remembered
        # with a locomotive: its best run less its cost (remembered too)
        loco = coming[0]
        fresh = max(0, best_stretch(values, loco[0])[0] - loco[1])
        assert tricks_worths.worth(values, loco, coming) == fresh
        assert tricks_worths.worth(list(values), loco, []) == fresh


@pytest.mark.parametrize("game_id,players", [("routes-usa", 2), ("routes-italy", 3),
                                             ("routes-usa", 4), ("routes-italy", 2)])
def test_the_route_rollout_move_is_the_planners_move_from_every_legal_action(game_id, players):
    """A route rollout reads its planner from the engine state, keeps it
    while the seat's plan cannot change, and lists only the claims the
    planner would look at: its move must be the one the planner picks from
    a planning view and the whole list of legal actions, all through
    rollouts (one set of hooks plays them all, as a search does)."""
    from game.bots.families.routes import RoutesSearch
    from game.bots.search import SearchHooks

    rng = random.Random(1)
    hooks = RoutesSearch(rng)
    start = create(game_id, players, 12)
    shortened = 0
    for _ in range(3):
        state = start.clone()
        while not state.is_over:
            seat = state.to_act[0]
            luck = rng.getstate()
            whole = SearchHooks.act(hooks, state.clone(), seat)
            rng.setstate(luck)
            fast_state = state.clone()
            fast = hooks.act(fast_state, seat)
            assert fast == whole
            shortened += fast_state._legal.get(seat) is None
            state.apply(seat, whole)
    assert shortened > 50      # the short list was put to the test


def test_the_short_list_of_legal_claims_is_the_whole_list_less_other_claims():
    """legal_claiming_only(seat, tracks) is legal_actions(seat) less the
    claims of other tracks, in the same order, at every position of a game;
    legal_claims(seat, tracks) its claims alone, and legal_claims(seat)
    every claim of legal_actions(seat)."""
    state = create("routes-usa", 3, 6)
    normal = [make_bot("greedy", s) for s in range(3)]
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        tracks = rng.sample(state.board.tracks, rng.randint(0, 12))
        ids = {t.id for t in tracks}
        fresh = state.clone()
        assert fresh.legal_claiming_only(seat, tracks) == [
            a for a in legal if a["type"] != "claim" or a["track"] in ids]
        assert state.clone().legal_claims(seat, tracks) == [
            a for a in legal if a["type"] == "claim" and a["track"] in ids]
        assert state.clone().legal_claims(seat) == [a for a in legal if a["type"] == "claim"]
        assert fresh.legal_actions(seat) == legal
        state.apply(seat, normal[seat].choose(state.view(seat), legal))


@pytest.mark.parametrize("game_id,players", [("routes-usa", 2), ("routes-italy", 3),
                                             ("routes-usa", 4)])
def test_a_kept_route_plan_is_the_plan_worked_out_afresh(game_id, players):
    """A route rollout keeps a seat's plan over other seats' claims that
    touch none of its tracks (_SeatPlan.carry) and works out what follows
    from it once: at every move of whole rollouts the kept plan must be the
    one planned afresh from the view (no memo, a graph built anew), its
    colour need the greedy player's, and its quick test must never say no
    to a claim the engine lists."""
    from game.bots.families import routes

    rng = random.Random(5)
    hooks = routes.RoutesSearch(rng)
    greedy = routes.RoutesGreedy(random.Random(0))
    start = create(game_id, players, 21)
    carried = checked = 0
    for _ in range(3):
        state = start.clone()
        while not state.is_over:
            seat = state.to_act[0]
            before = hooks._seat_plans.get(seat)
            version = before.version if before is not None else None
            action = hooks.act(state, seat)
            known = hooks._seat_plans.get(seat)
            if known is not None and state.phase == "play" and seat == state.current \
                    and state.pending[seat] is None:
                carried += known is before and version != known.version
                planner = routes.RoutesPlanner(state.planning_view(seat))
                planner._adjacency = planner._graph()
                tickets = planner.private["tickets"]
                assert known.targets == list(planner._plan(tickets, planner.trains)[0])
                assert known.colour_need(state.hands[seat], state.board.colors) \
                    == greedy.colour_need(planner, known.targets)
                if not known.may_claim(state.hands[seat]):
                    assert state.legal_claims(seat, known.targets) == []
                checked += 1
            state.apply(seat, action)
    assert checked > 100 and carried > 10
