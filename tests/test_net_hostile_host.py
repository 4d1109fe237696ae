"""Clients that never crash, whatever a host sends (issue 25).

A fake host on 127.0.0.1 speaks the real framing and sends an honest game's
messages with one field spoiled: removed, of a wrong type, huge, deeply
nested, negative, text with a NUL, an unknown name. Every client kind meets
it: the `--bot` client and the spectator (run_bot / run_spectator, as the
headless commands use them), the window client (the lobby and table scenes
stepped tick by tick) and the kiosk. No exception may escape, and a client
given something this version cannot read must end in the clear-message
state: the connection closed with cause "unreadable", the window back at the
join list saying so, the kiosk back on its demo, the headless commands
printing the message and exiting non-zero.
"""

from __future__ import annotations

import functools
import importlib
import time

import pytest
from hostilekit import HOSTILE, MISSING, FakeHost, game_script, mutations, spoil, unreadable
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netkit import BOUND, FAST_CLIENT, LOOPBACK, Proc, wait_until

from game.bots import make_bot
from game.rules import GAMES
from net.client import Client, ClientClosed, run_bot, run_spectator
from net.inbound import CANNOT_READ

GAME_IDS = sorted(GAMES)
POLL = 0.002           # how long the window loop waits for the client between frames
HOSTILE_SETTINGS = dict(deadline=None, derandomize=True, database=None,
                        suppress_health_check=[HealthCheck.too_slow,
                                               HealthCheck.function_scoped_fixture])


@functools.cache
def _honest(game_id: str, seat: int | None, ending: bool) -> list[dict]:
    return game_script(game_id, seat, ending)


@st.composite
def hostile_scripts(draw: st.DrawFn, seat: int | None) -> tuple[list[dict], str]:
    """(a spoiled script, what was spoiled) for any game, place and hostile value."""
    game_id = draw(st.sampled_from(GAME_IDS))
    ending = draw(st.booleans())
    script = _honest(game_id, seat, ending)
    index, path = draw(st.sampled_from(mutations(script)))
    label, value = draw(st.sampled_from(HOSTILE))
    what = f"{game_id} {'end' if ending else 'start'}: message {index} " \
           f"({script[index]['type']}) {'/'.join(map(str, path))} <- {label}"
    return spoil(script, index, path, value), what


def _client(port: int, seat: int | None) -> Client:
    # limits longer than FAST_CLIENT's (a window's first frames can hold this
    # process up a while) and well inside BOUND, the tests' hang guard: what is
    # tested is what the client makes of what it reads, not how soon it calls a
    # host silent or unreachable
    options = dict(FAST_CLIENT, retry_for=2.0, peer_timeout=10.0, connect_timeout=10.0)
    return Client((LOOPBACK, port), role="player" if seat is not None else "spectator",
                  name="Guest" if seat is not None else None, token_store=False, **options)


def _headless(script: list[dict], seat: int | None, what: str) -> None:
    host = FakeHost(script, bye_after=True)
    client = _client(host.port, seat).start()
    try:
        try:
            if seat is None:
                run_spectator(client, timeout=20)
            else:
                run_bot(client, make_bot("random", 1), timeout=20)
            ended = "over"
        except ClientClosed as exc:
            ended = str(exc)
        if unreadable(script):
            assert CANNOT_READ in ended, f"{what}: ended with {ended!r}"
            assert client.cause == "unreadable" and host.connections == 1, what
        else:
            assert CANNOT_READ not in ended, f"{what}: refused a readable script"
    finally:
        client.stop()
        host.close()


@settings(max_examples=40, **HOSTILE_SETTINGS)
@given(case=hostile_scripts(seat=0))
def test_a_bot_client_survives_any_host(case) -> None:
    _headless(*case[:1], 0, case[1])


@settings(max_examples=30, **HOSTILE_SETTINGS)
@given(case=hostile_scripts(seat=None))
def test_a_spectator_survives_any_host(case) -> None:
    _headless(case[0], None, case[1])


# --- the window client ------------------------------------------------------------------

@pytest.fixture(scope="module")
def app():
    from game.app import App
    from game.system.settings import Settings

    application = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    for family in ("routes", "race", "tricks"):     # imported before any connection
        importlib.import_module(f"game.scenes.boards.{family}")
    importlib.import_module("game.scenes.lan")
    importlib.import_module("game.scenes.results")
    yield application
    application.close()


def _last_version(script: list[dict]) -> int:
    """The version the honest messages of a script end at."""
    versions = [m.get("version") for m in script if m["type"] in ("sync", "update")]
    return max((v for v in versions if type(v) is int and 0 <= v < 2 ** 53), default=0)


def _window(app, script: list[dict], what: str) -> None:
    from game.scenes import nav
    from game.scenes.lan import JoinScene, LobbyScene

    host = FakeHost(script)
    client = _client(host.port, 0).start()
    try:
        nav.to_title(app)
        app.push(LobbyScene(app, client))
        target = _last_version(script)
        deadline, after = time.monotonic() + BOUND, 0
        while not isinstance(app.top, JoinScene) and after < 40:
            app.step(4)           # the lobby, then the table: events animate, frames draw
            if client.status == "closed" or client.snapshot()["version"] >= target:
                after += 1
            else:   # a real wait: a loop that never sleeps starves the client's thread
                time.sleep(POLL)    # of the interpreter lock (only app.run paces frames)
            assert time.monotonic() < deadline, f"{what}: the window never settled"
        if unreadable(script):
            wait_until(lambda: client.status == "closed", what)
            for _ in range(10):
                if isinstance(app.top, JoinScene):
                    break
                app.step(2)
            assert isinstance(app.top, JoinScene), f"{what}: on {type(app.top).__name__}"
            assert "cannot read" in (app.top.notice or ""), what
            app.step(2)                       # and it draws
        else:
            assert not isinstance(app.top, JoinScene) or client.status == "closed", what
    finally:
        client.stop()
        host.close()


@settings(max_examples=25, **HOSTILE_SETTINGS)
@given(case=hostile_scripts(seat=0))
def test_the_window_client_survives_any_host(app, case) -> None:
    _window(app, *case)


def test_the_window_client_is_back_at_the_join_list_on_a_sync_without_its_board(app):
    """The report's case: a well-formed sync whose view lacks a key its game expects."""
    for game_id, key in (("routes-usa", "board"), ("eighty-days", "legs"),
                         ("railway-tricks", "companies"), ("routes-italy", "players")):
        script = _honest(game_id, 0, False)
        index = next(i for i, m in enumerate(script) if m.get("view"))
        _window(app, spoil(script, index, ("view", key), HOSTILE[0][1]),
                f"{game_id} sync without {key}")


# Spoils that passed an earlier, looser schema and crashed drawing (found by
# running every readable spoil through the window): each must now be refused.
FOUND = [
    ("eighty-days", False, "update", ("view", "current"), None),
    ("eighty-days", True, "update", ("result", "breakdown", 0), MISSING),
    ("eighty-days", True, "update", ("result", "scores"), []),
    ("eighty-days", False, "update", ("over",), True),
    ("railway-tricks", False, "update", ("view", "current"), None),
    ("railway-tricks", False, "update", ("view", "lane", 0, "name"), ""),
    ("railway-tricks", True, "update", ("result", "companies", "PRR", "stretch", 1), MISSING),
    ("routes-italy", False, "update", ("view", "board"), "zz"),
    ("routes-italy", False, "update", ("view", "board"), ""),
    ("routes-italy", False, "update", ("view", "current"), None),
    ("routes-italy", False, "update", ("view", "private", "tickets", 0, "done"), MISSING),
    ("routes-usa", True, "update", ("result", "breakdown", 0, "tickets", 0, "done"), MISSING),
]


@pytest.mark.parametrize("game_id, ending, kind, path, value", FOUND)
def test_spoils_that_once_crashed_the_window_are_refused(app, game_id, ending, kind, path,
                                                          value):
    script = _honest(game_id, 0, ending)
    index = max(i for i, m in enumerate(script) if m["type"] == kind)
    spoiled = spoil(script, index, _concrete(script[index], path), value)
    assert unreadable(spoiled)
    _window(app, spoiled, f"{game_id} {path} <- {value!r}")


def _concrete(message: dict, path: tuple) -> tuple:
    """The path with a lane index pointing at an entry that has a name."""
    if path[:2] == ("view", "lane"):
        lane = message["view"]["lane"]
        return ("view", "lane", next(i for i, e in enumerate(lane) if "name" in e), "name")
    return path


def test_the_window_client_survives_a_garbage_result(app):
    script = _honest("routes-usa", 0, True)
    for value in ("garbage", {"scores": "x"}, {"scores": [1], "winners": [9]}):
        _window(app, spoil(script, len(script) - 2, ("result",), value),
                f"a result of {value!r}")


# --- the kiosk ----------------------------------------------------------------------------

def _kiosk(app, script: list[dict], what: str) -> None:
    from game.scenes import kiosk as kiosk_module
    from game.scenes.kiosk import KioskScene

    host = FakeHost(script)
    scene = KioskScene(app, address=f"{LOOPBACK}:{host.port}", demo_games=["routes-usa"])
    app.reset(scene)
    try:
        scene.wait = kiosk_module.LOOK_EVERY_TICKS
        app.step(1)
        wait_until(lambda: scene.client is not None, f"{what}: the kiosk to connect")
        client = scene.client
        wait_until(lambda: client.status == "closed" or client.snapshot()["version"] > 0, what)
        for _ in range(30):
            app.step(4)
            if scene.client is None:
                break
        if unreadable(script):
            wait_until(lambda: client.status == "closed", what)
            app.step(2)
            assert scene.client is None and scene.showing == "demo", what
            assert scene.shunned, f"{what}: the kiosk would follow that host again at once"
    finally:
        scene.shutdown()
        host.close()


@settings(max_examples=15, **HOSTILE_SETTINGS)
@given(case=hostile_scripts(seat=None))
def test_the_kiosk_survives_any_host(app, case) -> None:
    _kiosk(app, *case)


# --- the headless commands ----------------------------------------------------------------

@pytest.mark.parametrize("command", [("join", "--bot", "random"), ("spectate",)])
def test_headless_commands_say_so_and_exit_nonzero_without_a_traceback(command):
    seat = None if command[0] == "spectate" else 0
    script = _honest("eighty-days", seat, False)
    index = next(i for i, m in enumerate(script) if m.get("view"))
    host = FakeHost(spoil(script, index, ("view", "legs"), HOSTILE[0][1]))
    try:
        proc = Proc(*command, "--address", f"{LOOPBACK}:{host.port}", "--headless",
                    "--retry-for", "2", "--timeout", "30")
        code, _ = proc.finish()
    finally:
        host.close()
    errors = "\n".join(proc.err)
    assert code != 0
    assert CANNOT_READ in errors.lower()   # worded by its code, as a sentence
    assert "Traceback" not in errors, errors


def test_a_real_host_is_still_read() -> None:
    """The honest scripts themselves are readable (the oracle is not just 'refuse')."""
    for game_id in GAME_IDS:
        for seat in (0, None):
            for ending in (False, True):
                assert not unreadable(_honest(game_id, seat, ending)), (game_id, seat, ending)

