"""Railway Tricks computer players: always legal, and greedy clearly better than random."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest
from botkit import play_legally_to_the_end, wins_against_random

import game.bots.families.tricks as tricks_bot
from game.bots.families import tricks_position, tricks_public, tricks_reading, tricks_worths
from game.bots.families.tricks_worlds import WorldBuilder
from game.rules import GAMES, create
from game.rules.tricks.data import tricks_data_from_dict
from game.tables.simulate import simulate

GAME = "railway-tricks"
THRESHOLD = 54


def test_registry_entry():
    info = GAMES[GAME]
    assert (info.min_players, info.max_players, info.family) == (3, 5, "tricks")
    assert info.bots == ("random", "greedy", "search")
    assert dict(info.options) == {"expert": False, "teams": False}


@pytest.mark.parametrize("players,options", [
    (3, {}), (4, {"teams": True}), (5, {"expert": True}), (4, {"expert": True})])
def test_bots_only_choose_legal_actions_and_finish(players, options):
    names = ["greedy" if seat % 2 == 0 else "random" for seat in range(players)]
    play_legally_to_the_end(GAME, names, players * 13, 500, **options)


def test_greedy_beats_random_in_most_three_player_games():
    # about 92% over 1000 games (58 of these 60); a shared win counts as a win
    wins = wins_against_random(GAME, "greedy", 3, 60, 1000, shared_counts=True)
    assert wins >= THRESHOLD, f"greedy won {wins} of 60"


def searching_turn(seed: int, endgame: bool):
    """A seat's turn (state, seat) where the greedy bot searches: a share trick
    in mid-game, or any trick among the last SEARCH_TRICKS."""
    state = create(GAME, players=3, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if view["phase"] == "play" and len(legal) > 1 and view["tricks_played"] >= 3:
            share = view["lane"][0].get("kind") not in ("city", "locomotive")
            last = view["tricks_left"] <= tricks_bot.SEARCH_TRICKS
            if last if endgame else share:
                return state, seat
        state.apply(seat, rng.choice(legal))
    raise AssertionError(f"seed {seed} has no searching turn")


@pytest.mark.parametrize("endgame", [False, True])
@pytest.mark.parametrize("seed", [3, 8])
def test_search_decisions_do_not_depend_on_hidden_hands(seed, endgame):
    """Same view for the bot, other seats' hands re-dealt: the same choice."""
    state, seat = searching_turn(seed, endgame)
    choices, hands = set(), set()
    for i in range(4):
        world = state if i == 0 else state.determinize(seat, random.Random(i))
        assert world.view(seat) == state.view(seat)
        hands.add(tuple(tuple(h) for s, h in enumerate(world.hands) if s != seat))
        bot = tricks_bot.GreedyTricksBot(random.Random(77))
        action = bot.choose(world.view(seat), world.legal_actions(seat))
        choices.add(repr(action))
    assert len(hands) > 1, "the re-deals should differ"
    assert len(choices) == 1


@pytest.mark.parametrize("players,options", [
    (3, {}), (4, {"teams": True}), (5, {"expert": True}), (4, {"expert": True})])
def test_worlds_rebuilt_from_a_view_show_that_view(players, options):
    """In every phase, a world rebuilt from a seat's view shows the seat that view,
    offers the same actions and moves on in step with the real game."""
    for seed in range(3):
        state = create(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            world = WorldBuilder(state.view(seat)).sample(rng)
            assert world.view(seat) == state.view(seat)
            legal = state.legal_actions(seat)
            assert world.legal_actions(seat) == legal
            action = rng.choice(legal)
            world.apply(seat, action)
            state.apply(seat, action)
            assert (world.phase, world.to_act, world.lines) == (state.phase, state.to_act,
                                                               state.lines)


def test_simulate_runs_the_game():
    records = list(simulate(GAME, ["greedy", "random", "random", "random"], 3, seed=4))
    assert records[-1]["summary"] is True and len(records) == 4


@pytest.mark.parametrize("players,options", [
    (3, {}), (4, {"teams": True}), (5, {"expert": True}), (4, {"expert": True})])
def test_the_position_read_from_the_engine_is_the_one_read_from_the_view(players, options,
                                                                         monkeypatch):
    """Rollouts read the planner's position straight from the engine state
    (TricksPosition.of_state, the public cards remembered while they do not
    change) and play without listing the legal actions (TricksSearch.act): in
    every phase and for every seat the position must be the view's, and the
    rollout move and its random draws those of the greedy player choosing
    from the view and every legal action."""
    # A line's number stands for it until the store of numbers starts afresh
    # (then a line read anew gets a new one, the old one still meaning the
    # same line); earlier tests' games fill that store, so without this the
    # comparison of numbers below failed whenever it restarted mid-test
    monkeypatch.setattr(tricks_worths, "WORTHS_KEPT", 10**9)
    checked = set()
    for seed in range(2):
        state = create(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        hooks = tricks_bot.TricksSearch(random.Random(seed))
        while not state.is_over:
            # the public cards read afresh, and as remembered since the last move
            public = hooks.greedy.public_cards(state)
            fresh = tricks_public.PublicCards(state)
            assert vars(public).keys() == vars(fresh).keys()
            for key in vars(fresh):
                if key not in ("sides", "pending_ids", "lines_ahead"):  # what positions remembered
                    assert vars(public)[key] == vars(fresh)[key], key
            for seat in range(players):
                position = tricks_position.TricksPosition(state.view(seat))
                weights = position.weights()    # worked out when first asked
                slow = vars(position)
                for fast in (tricks_position.TricksPosition.of_state(state, seat),
                             tricks_position.TricksPosition.of_state(state, seat, public)):
                    assert fast.weights() == weights
                    assert vars(fast).keys() == slow.keys()
                    for key in slow:
                        if key not in ("_sides", "_ahead"):    # kept with the public cards
                            assert vars(fast)[key] == slow[key], key
            actor = state.to_act[0]
            legal = state.legal_actions(actor)
            luck = hooks.rng.getstate()
            # the greedy player from the view (with one legal move a rollout plays it)
            slow = hooks.greedy.greedy(state.view(actor), legal)
            greedy_after = hooks.rng.getstate()
            hooks.rng.setstate(luck)
            assert hooks.greedy.greedy_in(state, actor) == slow
            assert hooks.rng.getstate() == greedy_after
            hooks.rng.setstate(luck)
            whole = legal[0] if len(legal) == 1 else hooks.greedy.greedy(state.view(actor),
                                                                         legal)
            after = hooks.rng.getstate()
            hooks.rng.setstate(luck)
            assert hooks.act(state, actor) == whole
            assert hooks.rng.getstate() == after
            checked.add(state.phase)
            state.apply(actor, whole if rng.random() < 0.7 else rng.choice(legal))
    assert checked >= {"play", "locomotive", "lay"} | ({"city"} if players < 5 else set())


@pytest.mark.parametrize("players,options", [
    (3, {}), (4, {"teams": True}), (5, {"expert": True}), (4, {})])
def test_a_quick_lay_is_where_the_whole_position_lays(players, options):
    """Rollouts lay a card from the line's worths and the bounds of the
    company's weight when these tell the end (tricks_position.quick_lay): it must be
    the end the whole position's lay_gain picks, and it must tell most lays."""
    told = untold = 0
    for seed in range(6):
        state = create(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            if state.phase == "lay":
                public = tricks_public.PublicCards(state)
                end = tricks_position.quick_lay(state, seat, public)
                position = tricks_position.TricksPosition.of_state(state, seat, public)
                card = dict(state.trick)[seat]
                data = state.data
                whole = position.lay_gain(data.company_of(card), data.card_values[card])[1]
                if end is None:
                    untold += 1
                else:
                    assert end == whole
                    told += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert told > 2 * untold


def test_the_rollout_digest_is_the_same_run_after_run_and_refuses_bad_flags():
    """tools/rollout_digest.py is how a speed-up shows it changed no rollout:
    two runs print the same digests, a different budget different ones."""
    import subprocess
    import sys
    from pathlib import Path
    tool = Path(__file__).resolve().parents[1] / "tools" / "rollout_digest.py"

    def digests(*flags: str) -> list[str]:
        done = subprocess.run([sys.executable, str(tool), "--game", GAME, "--positions", "2",
                               "--games", "1", *flags],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert lines[0] == f"{GAME}: 2 positions, {2 * int(flags[-1])} rollouts"
        return [line.split()[-1] for line in lines[1:]]

    first = digests("--iterations", "12")
    assert len(first) == 3 and digests("--iterations", "12") == first
    other = digests("--iterations", "13")
    assert other[:2] != first[:2] and other[2] == first[2]     # Normal's games are the same
    bad = subprocess.run([sys.executable, str(tool), "--iterations", "0"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "at least 1" in bad.stderr and "Traceback" not in bad.stderr


def _line_figures(position: tricks_position.TricksPosition) -> list:
    """Every remembered line worth a position reads: as the lines are, with a
    station laid at either end, with each locomotive to come placed."""
    figures: list = [[line[0] for line in position._lines], position._worths]
    free = [c for c, loco in enumerate(position.locos) if loco is None]
    for company in range(len(position.companies)):
        figures.append([position.lay_worths(company, value) for value in (10, 20, 30, 40)])
    for loco in position.coming:
        figures.append([position._placed_worths(c, loco) for c in free])
    return figures


def test_line_worths_remembered_across_rollouts_are_those_worked_out_afresh():
    """The lines' worths are remembered by line number (line_id) across
    positions, rollouts and games: what a position reads with every memo
    filled by other games (four table sizes and options) must be what it reads
    with every memo emptied first."""
    memos = (tricks_worths._LINE_IDS, tricks_worths.LINE_WORTHS, tricks_reading._AHEAD,
             tricks_worths._WORTHS, tricks_worths._RUNS)
    # tables whose companies' station values differ in sum (the printed ones all
    # sum to 210), so a line's number must tell its company's cards apart
    raw = json.loads(resources.files("assets.tricks").joinpath("railway_tricks.json")
                     .read_text(encoding="utf-8"))
    for i, company in enumerate(raw["companies"]):
        company["values"] = [v + 10 * i * (k % 2) for k, v in enumerate(company["values"])]
    skewed = tricks_data_from_dict(raw)
    checked = 0
    for players, options, data in [(3, {}, None), (4, {"teams": True}, None),
                                   (5, {"expert": True}, None), (4, {}, None),
                                   (3, {}, skewed), (5, {}, skewed)]:
        for seed in range(2):
            state = create(GAME, players=players, seed=seed, **options)
            if data is not None:
                state._setup(GAME, players, seed, data, False, False)
            rng = random.Random(seed)
            bot = tricks_bot.GreedyTricksBot(random.Random(seed))
            while not state.is_over:
                seat = state.to_act[0]
                if rng.random() < 0.3:
                    public = bot.public_cards(state)
                    warm = [_line_figures(tricks_position.TricksPosition.of_state(state, s, public))
                            for s in range(players)]
                    kept = [dict(m) for m in memos]
                    for memo in memos:
                        memo.clear()
                    assert [_line_figures(tricks_position.TricksPosition.of_state(state, s))
                             for s in range(players)] == warm
                    for memo, entries in zip(memos, kept, strict=True):
                        memo.update(entries)
                    checked += 1
                state.apply(seat, bot.greedy_in(state, seat) if rng.random() < 0.7
                            else rng.choice(state.legal_actions(seat)))
    assert checked > 100


def test_best_runs_are_best_stretch_sums():
    """worth() averages over the locomotives to come with best_runs (running
    totals read once): each run must be best_stretch's sum."""
    from game.rules.tricks.scoring import best_stretch
    rng = random.Random(5)
    distances = [None, 1, 2, 3, 4, 5, 6, 9]
    for _ in range(2000):
        values = [rng.choice((10, 20, 30, 40)) for _ in range(rng.randrange(0, 14))]
        assert tricks_worths.best_runs(values, distances) == [best_stretch(values, d)[0]
                                                           for d in distances]
