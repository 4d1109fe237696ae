"""`railparty host`, `railparty join` and `railparty spectate` (LAN play), headless.

The window modes of `host` and `join` belong to the program (game/cli/lan_window.py),
which passes them in: net/ never imports window code."""

from __future__ import annotations

import argparse
import json
import logging
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

from game.cli.numbers import count, port, positive, refused, seconds, seed
from game.cli.think_arg import add_bot_workers, think_ms
from game.tables.seats import SEAT_COLORS, machine_player_name
from game.words.host_words import closed_words, host_said
from game.words.host_words import said as error_words
from game.words.i18n import N_, _, ngettext
from net import protocol as P


def fingerprint_arg(text: str) -> str:
    """A host key fingerprint on the command line, in its plain form."""
    from net.identity import parse_fingerprint

    plain = parse_fingerprint(text)
    if plain is None:
        raise refused(N_("{text!r} is not a key fingerprint (16 letters and digits, as the "
                         "host shows it, like ABCD-EFGH-JKLM-NPQR)"), text=text)
    return plain


def _unwritable(save: str) -> str | None:
    """Why the host could not keep its game in `save` (None: it can), checked
    before anything starts: a host that cannot save loses the game to a crash."""
    import os
    from pathlib import Path

    folder = Path(save).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"the folder {str(folder)!r} cannot be made ({exc.strerror or exc})"
    if Path(save).is_dir():
        return "that is a folder"
    if not os.access(folder, os.W_OK):
        return f"the folder {str(folder)!r} cannot be written to"
    return None


def _unresolvable(address: tuple[str, int]) -> str | None:
    """Why a host name cannot be reached at all (None: it resolves): said at
    once, not after the client has retried it for minutes."""
    try:
        socket.getaddrinfo(address[0], address[1], type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, socket.gaierror) and exc.strerror else str(exc)
        return (f"railparty: the host {address[0]!r} cannot be found ({reason}); check the "
                "name, or give its address as numbers (like 192.168.1.20:47474)")
    return None


def _default_name() -> str:
    return machine_player_name()[:P.MAX_NAME_CHARS]


def register(subparsers: Any, host_window: Callable[..., int] | None = None,
             join_window: Callable[[Any], int] | None = None) -> None:
    """Add `host`, `join` and `spectate`. The window modes (no --headless) are
    given by the program's window layer: net/ itself never opens a window."""
    from game.bots import bot_names
    from game.rules import GAMES

    host = subparsers.add_parser(
        "host", help=_("host a LAN game"),
        description=_("Host a game on the LAN: advertise it, seat players, run the match."))
    host.add_argument("--game", default="routes-usa", choices=sorted(GAMES))
    host.add_argument("--seats", type=positive, default=4, help=_("number of seats (default 4)"))
    host.add_argument("--name", default=None, help=_("the game's name on the LAN"))
    host.add_argument("--port", type=port, default=P.DEFAULT_PORT,
                      help=_("TCP port (default {port}; 0 picks a free one)").format(
                          port=P.DEFAULT_PORT))
    host.add_argument("--bind", default="0.0.0.0", help=_("address to listen on"))
    host.add_argument("--headless", action="store_true",
                      help=_("no window: start when the seats are full, print the result"))
    host.add_argument("--player", default=None, metavar="NAME",
                      help=_("with a window: your name at the table (you play a seat)"))
    host.add_argument("--save", metavar="FILE", help=_("save file (written after every action)"))
    host.add_argument("--no-history", action="store_true",
                      help=_("keep no record of this game in the history folder (replays, "
                           "the table's history)"))
    host.add_argument("--resume", metavar="FILE", help=_("continue the game saved in FILE"))
    host.add_argument("--force-resume", action="store_true",
                      help=_("with --resume: if the journal is damaged, resume before the "
                           "damage (losing the actions after it)"))
    host.add_argument("--fsync", action="store_true",
                      help=_("flush each action to disk before its update goes out (slower; "
                           "by default the flush follows within half a second)"))
    host.add_argument("--option", action="append", default=[], metavar="NAME",
                      help=_("switch a game option on, as the setup screen does (repeatable): ")
                           + _options_help(GAMES))
    host.add_argument("--seed", type=seed, default=None)
    host.add_argument("--start-after", type=seconds(), default=None, metavar="S",
                      help=_("headless: after S seconds, bots fill the open seats and play starts"))
    host.add_argument("--bot", default="greedy", choices=bot_names(),
                      help=_("the bot that fills open seats and stands in for dropped players"))
    host.add_argument("--think-ms", type=think_ms, default=None, metavar="MS",
                      help=_("the search (Hard) bot's think time per move (default 500); "
                           "it thinks off the network loop"))
    add_bot_workers(host, N_("the cores less one, at least 1"))
    host.add_argument("--no-hints", action="store_true",
                      help=_("no Hint for the players at this table"))
    host.add_argument("--on-drop", default="bot", choices=("bot", "pause"),
                      help=_("when a player has been gone --drop-timeout seconds: a bot plays "
                           "the seat, or the game waits (default bot)"))
    beat = seconds(zero=False)  # a timeout or a beat of 0 s would mean nothing
    host.add_argument("--drop-timeout", type=beat, default=P.DROP_TIMEOUT_SECONDS,
                      metavar="S")
    host.add_argument("--turn-timeout", type=seconds(), default=None, metavar="S",
                      help=_("a player who has not acted after S seconds has that turn played "
                           "by the stand-in bot, who plays for them until they act (default: "
                           "the game's own length, 60-120 s; 0: no timer)"))
    host.add_argument("--seats-per-address", type=count, default=2, metavar="N",
                      help=_("seats one address (one machine) may hold, so one guest cannot "
                           "take every seat (default 2; 0: no limit)"))
    host.add_argument("--bot-delay", type=seconds(), default=0.0, metavar="S",
                      help=_("pause before each bot move"))
    host.add_argument("--no-advertise", action="store_true",
                      help=_("do not announce the game with zeroconf (join by address)"))
    host.add_argument("--interface", action="append", metavar="ADDR",
                      help=_("IPv4 address of an interface to announce on (repeatable)"))
    host.add_argument("--heartbeat", type=beat, default=P.HEARTBEAT_SECONDS,
                      help=argparse.SUPPRESS)
    host.add_argument("--peer-timeout", type=beat, default=P.PEER_TIMEOUT_SECONDS,
                      help=argparse.SUPPRESS)
    host.add_argument("--hello-timeout", type=beat, default=P.HELLO_TIMEOUT_SECONDS,
                      help=argparse.SUPPRESS)
    host.add_argument("--frame-timeout", type=beat, default=P.FRAME_TIMEOUT_SECONDS,
                      help=argparse.SUPPRESS)
    host.add_argument("--web-port", type=port, default=None, metavar="N",
                      help=_("port of the phone page (default 47475, or any free port "
                           "when that one is taken)"))
    host.add_argument("--no-web", action="store_true",
                      help=_("serve no phone page (players join with the program only)"))
    host.add_argument("-v", "--verbose", action="store_true", help=_("log to stderr"))
    host.set_defaults(func=lambda args: cmd_host(args, host, host_window))

    for command in ("join", "spectate"):
        watching = command == "spectate"
        sub = subparsers.add_parser(
            command, help=_("watch a LAN game") if watching else _("play a seat in a LAN game"),
            description=(_("Follow a LAN game as a spectator (public view only).") if watching
                         else _("Join a LAN game found by name or by address.")))
        where = sub.add_mutually_exclusive_group(required=True)
        where.add_argument("--discover", metavar="NAME", help=_("find the game NAME on the LAN"))
        where.add_argument("--address", metavar="HOST:PORT", help=_("connect to HOST:PORT"))
        if not watching:
            sub.add_argument("--name", default=None, help=_("your name at the table"))
            sub.add_argument("--color", default=None, choices=SEAT_COLORS,
                             help=_("the colour you would like"))
            sub.add_argument("--bot", choices=bot_names(), default=None,
                             help=_("a bot plays the seat (with --headless)"))
            sub.add_argument("--think", type=seconds(0, 60), default=0.0, metavar="S",
                             help=_("the bot pauses S seconds before each action"))
            sub.add_argument("--think-ms", type=think_ms, default=None, metavar="MS",
                             help=_("the search (Hard) bot's think time per move (default "
                                  "500); it deals its guesses from its own view"))
            add_bot_workers(sub, N_("the cores less one, at least 1"))
            sub.add_argument("--spectate", action="store_true", help=_("watch instead of play"))
        sub.add_argument("--headless", action="store_true",
                         help=_("no window; print the final result as JSON"))
        sub.add_argument("--interface", action="append", metavar="ADDR",
                         help=_("IPv4 address of an interface to search on (repeatable)"))
        sub.add_argument("--host-key", type=fingerprint_arg, default=None, metavar="FP",
                         help=_("only the game whose host proves this key fingerprint (shown "
                              "on the host's screen, e.g. ABCD-EFGH-JKLM-NPQR)"))
        sub.add_argument("--discover-timeout", type=seconds(zero=False), default=10.0,
                         metavar="S")
        sub.add_argument("--retry-for", type=seconds(), default=120.0, metavar="S",
                         help=_("how long to keep retrying a lost host (default 120)"))
        sub.add_argument("--timeout", type=seconds(zero=False), default=None, metavar="S",
                         help=_("give up if the game has not ended after S seconds"))
        sub.add_argument("-v", "--verbose", action="store_true", help=_("log to stderr"))
        sub.set_defaults(func=lambda args, sub=sub, watching=watching:
                         cmd_join(args, sub, watching, join_window))


def _options_help(games: dict[str, Any]) -> str:
    """Each game's options for `--option`'s help, with the seats one needs."""
    said = []
    for game_id, info in sorted(games.items()):
        for name in info.options:
            counts = info.option_info[name].players if name in info.option_info else ()
            seats = _(", {counts} seats").format(counts="/".join(map(str, counts))) \
                if counts else ""
            said.append(f"{name} ({game_id}: {_(info.option_label(name))}{seats})")
    return "; ".join(said) or _("no game has options")


def game_options(names: list[str], info: Any, seats: int,
                 parser: argparse.ArgumentParser) -> dict[str, Any]:
    """The options `--option NAME` switches on, checked against the game and its
    seats (a usage error says what is wrong)."""
    if not names:
        return {}
    if not info.options:
        parser.error(f"--option: {info.name} has no options")
    unknown = [n for n in names if n not in info.options or not isinstance(info.options[n], bool)]
    if unknown:
        parser.error(f"--option: {info.name} has no option {', '.join(unknown)} "
                     f"(its options: {', '.join(info.options)})")
    options = {name: True for name in names}
    problem = info.option_problem(seats, options)
    if problem is not None:
        parser.error(f"--option: {problem}")
    return options


def _logging(verbose: bool) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(name)s: %(message)s")


# what a headless client prints before a host's words (translated where printed)
MESSAGE_KINDS = (N_("reject"), N_("bye"))


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _no_window(*_: Any) -> int:
    _say("no window is available in this program; use --headless")
    return 2


def cmd_host(args: argparse.Namespace, parser: argparse.ArgumentParser,
             host_window: Callable[..., int] | None = None) -> int:
    from game.rules import GAMES
    from game.tables.match import SaveError
    from net.client import data_dir
    from net.host import Host, load_hosted
    from net.identity import shown

    _logging(args.verbose)
    resume = None
    if args.resume:
        try:
            resume = load_hosted(args.resume, force=args.force_resume)
        except SaveError as exc:
            _say(_("cannot resume: {problem}").format(problem=error_words(exc)))
            return 2
    if args.name is not None and not args.name.strip():
        parser.error("--name: a game needs a name (leave --name out for the machine's)")
    info = GAMES[resume.game_id if resume else args.game]
    if resume is None and not info.min_players <= args.seats <= info.max_players:
        parser.error(f"--seats: {info.name} takes {info.min_players}-{info.max_players} players")
    if resume is not None and args.option:
        parser.error("--option: a resumed game keeps the options it was started with")
    options = game_options(args.option, info, args.seats, parser) if resume is None else None
    save = args.save or args.resume
    if save is None:
        save = str(data_dir() / "saves" / time.strftime("host-%Y%m%d-%H%M%S.json"))
    problem = _unwritable(save)
    if problem:
        _say(_("cannot save to {path}: {problem}").format(path=save, problem=problem))
        return 2
    name = args.name or f"{socket.gethostname()[:16]} rails"
    from game.bots.pool import start_shared

    start_shared(args.bot_workers)   # the bots' processes, warm before the first move
    from net.host.web import pick_web_port

    web_port = None if args.no_web else (
        args.web_port if args.web_port is not None else pick_web_port(args.bind))
    try:
        host = Host(info.id, args.seats, name, bind=args.bind, port=args.port, seed=args.seed,
                    options=options, save_path=save, resume=resume,
                    advertise=not args.no_advertise, interfaces=args.interface,
                    fill_bot=args.bot, standin_bot=args.bot,
                    on_drop=args.on_drop, drop_timeout=args.drop_timeout,
                    heartbeat=args.heartbeat, peer_timeout=args.peer_timeout,
                    hello_timeout=args.hello_timeout, frame_timeout=args.frame_timeout,
                    bot_delay=args.bot_delay, auto_start=args.headless,
                    start_after=args.start_after, exit_when_over=args.headless,
                    fsync=args.fsync, turn_timeout=args.turn_timeout,
                    think_ms=args.think_ms, seats_per_address=args.seats_per_address,
                    keep_history=not args.no_history, hints=not args.no_hints,
                    web_port=web_port, on_listening=lambda h: print(
                        f"listening on {h.bind}:{h.port}\nhost key "
                        f"{shown(h.identity.fingerprint)}"
                        + (f"\nweb: {h.status()['web_link']}\nphone code: "
                           f"{h.status()['table_code']}" if h.status().get("web") else ""),
                        flush=True))
    except ValueError as exc:
        parser.error(str(exc))
    _say(_("saving to {path}").format(path=save))
    if not args.headless:
        return (host_window or _no_window)(host, args.player or _default_name(), resume)
    try:
        result = host.run()
    except OSError:
        _say(host.startup_error or _("the host could not start"))
        return 2
    timings = sorted(host.action_seconds)
    if timings:
        _say(f"host: {len(timings)} player actions handled in median "
             f"{timings[len(timings) // 2] * 1000:.2f} ms, p99 "
             f"{timings[min(len(timings) - 1, round(0.99 * (len(timings) - 1)))] * 1000:.2f} ms "
             "(checks, rules, journal, every update)")
    if result is None or host.match is None:
        _say(_("stopped before the game was over"))
        return 1
    print(json.dumps(P.result_record(host.game, host.match.version, result), sort_keys=True),
          flush=True)
    return 0


def _discover(args: argparse.Namespace) -> Any:
    """The game `--discover NAME` means, or None after saying why (never one of
    several games of that name chosen silently: see net/choosing.py)."""
    from concurrent.futures import ThreadPoolExecutor

    from net.choosing import choose, needs_probe, probe_key
    from net.discovery import Browser
    from net.identity import shown
    from net.known_hosts import KnownHosts

    _say(_("looking for '{name}' on the LAN ...").format(name=args.discover))
    with Browser(interfaces=args.interface) as browser:
        found = browser.matches(args.discover, args.discover_timeout)
        if not found:
            found = browser.games()
    probing = needs_probe(found, args.discover)
    proven = None
    if probing:
        with ThreadPoolExecutor(max_workers=min(8, len(probing))) as pool:
            proven = dict(zip([g.address for g in probing], pool.map(probe_key, probing),
                              strict=True))
    known = KnownHosts().get(args.discover)
    choice = choose(found, args.discover, host_key=args.host_key, known=known, proven=proven)
    for note in choice.notes:
        _say(_("note: {note}").format(note=note))
    if choice.game is None:
        _say(choice.problem or _("no game chosen"))
        return None
    game = choice.game
    _say(ngettext("found '{name}' ({game}, {free} free seat) at {address}, host key {key}",
                  "found '{name}' ({game}, {free} free seats) at {address}, host key {key}",
                  game.free).format(name=game.name, game=game.game, free=game.free,
                                    address=game.address, key=shown(game.fingerprint)))
    return game


def cmd_join(args: argparse.Namespace, parser: argparse.ArgumentParser, watching: bool,
             join_window: Callable[[Any], int] | None = None) -> int:
    from game.bots import bot_names, make_bot
    from net.client import Client, ClientClosed, parse_address, run_bot, run_spectator
    from net.identity import shown

    _logging(args.verbose)
    watching = watching or getattr(args, "spectate", False)
    bot = None if watching else args.bot
    if args.headless and not watching and bot is None:
        parser.error("--headless: without a window someone else must play the seat: add "
                     f"--bot NAME ({', '.join(bot_names())}), or --spectate to watch")
    if getattr(args, "name", None) is not None and not args.name.strip():
        parser.error("--name: a player needs a name (leave --name out for the machine's)")
    if args.address is not None:
        try:
            address = parse_address(args.address)
        except ValueError as exc:
            parser.error(f"--address: {exc}")
        problem = _unresolvable(address)
        if problem is not None:
            _say(problem)
            return 2
        expect = args.host_key
    else:
        found = _discover(args)
        if found is None:
            return 3
        address, expect = (found.host, found.port), found.fingerprint
    name = None if watching else (args.name or _default_name())
    client = Client(address, role="spectator" if watching else "player", name=name,
                    color=None if watching else args.color, retry_for=args.retry_for,
                    expect_key=expect)
    if not watching and bot is None:
        return (join_window or _no_window)(client)  # a person plays the seat, in the window

    def show(message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "status":
            why = message.get("reason") or ""
            if message.get("cause") and message["status"] != "connected":
                snap = dict(client.snapshot(), cause=message.get("cause"), reason=why)
                why = closed_words(snap, why)
            _say(f"[{_(message['status'])}] {why}".rstrip())
        elif kind == "welcome":
            key = shown(client.host_fingerprint or "") or _("not proved")
            if message["seat"] is None:
                said = _("joined '{name}' as a spectator (host key {key})")
            else:
                said = _("joined '{name}' in seat {seat} (host key {key})")
            _say(said.format(name=message.get("host_name"), seat=message["seat"], key=key))
            old = client.replaced_key
            if old is not None:
                _say(_("warning: '{name}' had the key {old} when you played before; this "
                       "host proved {key}. It is remembered now.").format(
                           name=old.name, old=shown(old.fingerprint), key=key))
        elif kind in ("reject", "bye"):
            _say(f"{_(kind)}: {host_said(message)}")
        elif kind == "error" and message.get("code") not in (P.E_STALE,):
            _say(_("error: {reason}").format(reason=host_said(message)))

    client.start()
    try:
        if watching:
            record = run_spectator(client, timeout=args.timeout, on_message=show)
        else:
            from game.bots.pool import PooledBot, start_shared

            pooled = PooledBot(make_bot(bot, think_ms=args.think_ms),
                               start_shared(args.bot_workers))
            record = run_bot(client, pooled, think=args.think,
                             timeout=args.timeout, on_message=show)
    except ClientClosed as exc:
        _say(_("the game ended for us: {reason}").format(
            reason=closed_words(client.snapshot(), str(exc))))
        rejected = client.snapshot()["seat"] is None and client.connections == 0
        return 2 if rejected else 3
    except TimeoutError:
        _say(_("the game did not end in time"))
        return 3
    except KeyboardInterrupt:
        return 130
    finally:
        client.stop()
    print(json.dumps(record, sort_keys=True), flush=True)
    return 0
