"""The whole shape of a save, checked before anything in it is used.

A save (or a host's journal) may have been damaged or crafted: deep nesting,
huge numbers, a token that is a number, a name that is a map. Everything is
checked here with plain loops and bounded recursion, and any problem becomes a
`SaveError` whose message names the place, never a traceback. A hand-written
checker: the shape is small, and no dependency is needed for it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.rules.words import N_, WordedError, Words
from game.words.os_words import os_reason  # noqa: F401 - the callers' wording of an OSError

# a save or a journal: a whole game is 5-15 kB, so 4 MB is hundreds of games' worth
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 8                 # of an action inside a save (routes actions are depth 3)
MAX_ITEMS = 512               # elements of one list or map inside an action
MAX_TEXT = 256                # characters of one string inside an action
MAX_INT = 2**53               # ints inside actions and options
MAX_SEED_BITS = 256
MAX_HISTORY = 200_000
MAX_NAME = 64
SAVE_KEYS = {"magic", "format", "game", "seed", "options", "seats", "history", "saved_at",
             "hints", "hints_used"}
SEAT_KEYS = {"name", "color", "bot", "token", "connected", "phone"}


class SaveError(WordedError):
    """A save that cannot be loaded: a sentence and its values saying why (a
    WordedError, so each screen words it in its own language)."""


def read_bounded(path: Path, what: Words | str) -> bytes:
    """The bytes of a save or journal, reading no more than the bound allows:
    a bigger file is a SaveError after MAX_SAVE_BYTES + 1 bytes, however big it
    is (OSError, such as a missing file, is the caller's to word)."""
    limit = MAX_SAVE_BYTES
    with Path(path).open("rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise SaveError(N_("{what} is too big to be a save (more than {mb} MB; a whole game "
                           "takes a few kB)"), what=what, mb=limit // 1024 ** 2)
    return raw


def parse_json(raw: bytes, what: Words | str) -> Any:
    """JSON text -> data; SaveError (never RecursionError or ValueError) if it is not."""
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(N_("{what} is too big to be a save ({size} bytes)"), what=what,
                        size=len(raw))
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise SaveError(N_("{what} is corrupt (nested too deeply)"), what=what) from None
    except (UnicodeDecodeError, ValueError):   # JSONDecodeError, and ints too long to read
        raise SaveError(N_("{what} is corrupt (not valid JSON)"), what=what) from None


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_plain(value: Any, where: Words | str, depth: int = 0) -> None:
    """An action (or option) value: str-keyed maps, lists, small ints, short strs,
    bools and None, nested at most MAX_DEPTH."""
    if depth > MAX_DEPTH:
        raise SaveError(N_("{where} is nested too deeply"), where=where)
    if value is None or isinstance(value, bool):
        return
    if is_int(value):
        if abs(value) > MAX_INT:
            raise SaveError(N_("{where} holds a number that is too large"), where=where)
        return
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise SaveError(N_("{where} holds a text that is too long"), where=where)
        return
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise SaveError(N_("{where} holds a list that is too long"), where=where)
        for item in value:
            check_plain(item, where, depth + 1)
        return
    if isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            raise SaveError(N_("{where} holds a map that is too big"), where=where)
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > MAX_TEXT:
                raise SaveError(N_("{where} holds a bad key"), where=where)
            check_plain(item, where, depth + 1)
        return
    raise SaveError(N_("{where} holds a {type}"), where=where, type=type(value).__name__)


def check_action(step: Any, where: Words | str, players: int) -> tuple[int, dict[str, Any]]:
    """A [seat, action] pair -> (seat, action)."""
    if not (isinstance(step, list) and len(step) == 2):
        raise SaveError(N_("{where} is not a [seat, action] pair"), where=where)
    seat, action = step
    if not is_int(seat) or not 0 <= seat < players:
        raise SaveError(N_("{where} names no seat of this game"), where=where)
    if not isinstance(action, dict):
        raise SaveError(N_("{where}: the action is not a map"), where=where)
    check_plain(action, where)
    return seat, action


def check_save(data: Any, magic: str, fmt: int) -> None:
    """The whole save's shape (SaveError names the first problem)."""
    from game.bots import bot_names
    from game.rules import GAMES

    if not isinstance(data, dict) or data.get("magic") != magic:
        raise SaveError(N_("this is not a Rail Party save"))
    if data.get("format") != fmt:
        shown = data.get("format")
        shown = shown if is_int(shown) and abs(shown) < 10**6 else "?"
        raise SaveError(N_("save format {format} is not one this version reads"), format=shown)
    extra = sorted(k for k in data if k not in SAVE_KEYS)
    if extra:
        raise SaveError(N_("the save has unknown fields ({fields})"),
                        fields=", ".join(map(str, extra))[:80])
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise SaveError(N_("the save is of an unknown game ({game})"), game=repr(str(game)[:40]))
    info = GAMES[game]
    seed = data.get("seed")
    if not is_int(seed) or seed < 0 or seed.bit_length() > MAX_SEED_BITS:
        raise SaveError(N_("the save's seed is damaged"))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError(N_("the save's options are damaged"))
    for name, value in options.items():
        if name not in info.options:
            raise SaveError(N_("the save has an unknown option {option}"),
                              option=repr(str(name)[:40]))
        if isinstance(value, (dict, list)):
            raise SaveError(N_("the save's option {option} is damaged"), option=repr(name))
        check_plain(value, Words(N_("the save's option {option}"), option=repr(name)))
    seats = data.get("seats")
    if not isinstance(seats, list) or not info.min_players <= len(seats) <= info.max_players:
        raise SaveError(N_("the save's seats are damaged ({game} takes {low}-{high} "
                           "players)"), game=info.name, low=info.min_players,
                        high=info.max_players)
    for n, seat in enumerate(seats, 1):
        check_seat(seat, n, bot_names())
    saved_at = data.get("saved_at", 0)
    if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool):
        raise SaveError(N_("the save's time is damaged"))
    if not isinstance(data.get("hints", True), bool):
        raise SaveError(N_("the save's hints setting is damaged"))
    used = data.get("hints_used", [0] * len(seats))
    if not isinstance(used, list) or len(used) != len(seats) or not all(
            is_int(n) and 0 <= n <= MAX_HISTORY for n in used):
        raise SaveError(N_("the save's count of hints is damaged"))
    history = data.get("history")
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        raise SaveError(N_("the save's list of actions is damaged"))
    for i, step in enumerate(history, 1):
        check_action(step, Words(N_("the save's action {number}"), number=i), len(seats))


def check_seat(seat: Any, n: int, bots: tuple[str, ...]) -> None:
    where = Words(N_("the save's seat {number}"), number=n)
    if not isinstance(seat, dict) or any(k not in SEAT_KEYS for k in seat):
        raise SaveError(N_("{where} is damaged"), where=where)
    for key in ("name", "color"):
        value = seat.get(key)
        if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
            raise SaveError(N_("{where} has a damaged {field}"), where=where, field=key)
    bot = seat.get("bot")
    if bot is not None and (not isinstance(bot, str) or bot not in bots):
        raise SaveError(N_("{where} names an unknown bot {bot}"), where=where,
                        bot=repr(str(bot)[:40]))
    token = seat.get("token")
    if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 64):
        raise SaveError(N_("{where} has a damaged seat token"), where=where)
    if not isinstance(seat.get("connected", True), bool) or not isinstance(
            seat.get("phone", False), bool):
        raise SaveError(N_("{where} is damaged"), where=where)
