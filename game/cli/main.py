"""The `railparty` command line (also `python -m game`)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
from collections.abc import Sequence

from game.cli.parser import Parser, requested_language
from game.words import i18n
from game.words.i18n import LANGUAGES, N_, _

# Modules that add subcommands: each has `register(subparsers)`, which adds its
# parsers with `set_defaults(func=handler)`; handler(args) returns the exit code.
COMMAND_MODULES: list[str] = ["game.cli.play", "game.cli.lan_window", "game.cli.story",
                              "game.cli.hint", "game.cli.learn"]


# Commands that open a window or tell a player something: they take --lang.
WINDOW_COMMANDS = ("play", "demo", "host", "join", "kiosk", "spectate", "replay", "history",
                   "hint", "learn")


def build_parser() -> argparse.ArgumentParser:
    from game.bots import bot_names
    from game.cli.numbers import positive, processes, seed
    from game.cli.think_arg import add_bot_workers, think_ms
    from game.rules import GAMES

    parser = Parser(
        prog="railparty", description=_("Rail Party: railway board games for one room."))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser("simulate", help=_("play bot-only games and print the results"),
                         description=_("Play bot-only games and print one line per game."))
    sim.add_argument("--game", default="routes-usa", choices=sorted(GAMES))
    sim.add_argument("--players", type=positive, default=None,
                     help=_("number of seats (default: as many as --bots names)"))
    sim.add_argument("--bots", default="greedy,random",
                     help=_("comma-separated bot per seat, or one for all ({bots})").format(
                         bots=", ".join(bot_names())))
    sim.add_argument("--games", type=positive, default=10)
    sim.add_argument("--seed", type=seed, default=1, help=_("seed of the first game"))
    sim.add_argument("--think-ms", type=think_ms, default=None, metavar="MS",
                     help=_("the search (Hard) bot's think time per move, on average "
                          "(default 500)"))
    sim.add_argument("--rotate", action="store_true",
                     help=_("move the bots round the seats game by game (fair for strength "
                          "figures: no bot keeps the first seat)"))
    sim.add_argument("--jobs", type=processes, default=1, metavar="N",
                     help=_("games played at once, one process each (default 1)"))
    add_bot_workers(sim, N_("none: each game thinks in its own process"))
    sim.add_argument("--json", action="store_true", help=_("JSON lines instead of text"))
    sim.set_defaults(func=lambda args: cmd_simulate(args, sim))

    val = sub.add_parser("validate-map", help=_("check map files and explain what is wrong"),
                         description=_("Check route-game map files."))
    val.add_argument("files", nargs="+", metavar="FILE")
    val.set_defaults(func=cmd_validate_map)
    for module in COMMAND_MODULES:
        importlib.import_module(module).register(sub)
    languages = sorted(LANGUAGES)
    parser.add_argument("--lang", dest="top_lang", choices=languages, default=None,
                        help=_("language of the window (default: the setting, else the "
                               "system's)"))
    for command in WINDOW_COMMANDS:
        if command in sub.choices:
            sub.choices[command].add_argument(
                "--lang", choices=languages, default=None,
                help=_("language of the window and of what the command tells a player "
                     "(default: the setting, else the system's)"))
    return parser


def cmd_simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from game.bots import bot_names
    from game.rules import GAMES
    from game.tables.simulate import simulate

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in bot_names()]
    if not bots or unknown:
        parser.error(f"--bots: unknown bot(s) {', '.join(unknown) or '(none given)'}; "
                     f"bots are {', '.join(bot_names())}")
    players = args.players or (len(bots) if len(bots) > 1 else None)
    info = GAMES[args.game]
    if players is None:
        players = info.min_players
    if not info.min_players <= players <= info.max_players:
        # the table's size is wrong whatever the bots: said first, with the flag that set it
        flag = "--players" if args.players else "--bots"
        parser.error(f"{flag}: {info.name} takes {info.min_players}-{info.max_players} "
                     f"players, not {players}")
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        parser.error(f"--bots names {len(bots)} bot(s) for {players} players")
    for record in simulate(args.game, bots, args.games, args.seed, think_ms=args.think_ms,
                           rotate=args.rotate, jobs=args.jobs,
                           bot_workers=args.bot_workers):
        if args.json:
            print(json.dumps(record), flush=True)
        elif record.get("summary"):
            print(f"{record['games']} games in {record['seconds']} s "
                  f"({record['games_per_second']} games/s)")
            for seat in record["seats"]:
                print(f"  seat {seat['seat']} {seat['bot'] or 'any':>8}: win rate "
                      f"{seat['win_rate']:.1%}, mean score {seat['mean_score']}")
            for name, rate in record["win_rate"].items():
                low, high = record["win_interval"][name]
                print(f"  {name:>8}: win rate {rate:.1%} (95% interval {low:.1%}-{high:.1%}, "
                      f"ties count a share)")
        else:
            seated = f" bots {','.join(record['bots'])}" if args.rotate else ""
            print(f"game {record['seed']}:{seated} scores {record['scores']} "
                  f"winners {record['winners']} turns {record['turns']}")
    return 0


def cmd_validate_map(args: argparse.Namespace) -> int:
    from game.rules.routes.board import MapError, read_map_file

    failed = 0
    for name in args.files:
        try:
            board = read_map_file(name)
        except MapError as exc:
            print(exc, file=sys.stderr)
            failed += 1
        else:
            print(f"{name}: ok ({len(board.cities)} cities, {len(board.tracks)} tracks, "
                  f"{sum(t.length for t in board.tracks)} spaces, {len(board.tickets)} tickets)")
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; Ctrl+C and a closed pipe (`... | head`) end it quietly."""
    # --lang first: the help is worded while the command line is read
    i18n.pin(requested_language(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        # no subcommand: open the game, with every default `play` has
        args = parser.parse_args([*(sys.argv[1:] if argv is None else argv), "play"])
    lang = getattr(args, "lang", None) or args.top_lang
    i18n.pin(lang)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("railparty: stopped (Ctrl+C)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (railparty simulate --json | head): stop writing, no noise
        import os
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
