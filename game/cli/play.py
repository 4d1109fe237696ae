"""Subcommands that open the window: `play` (the default) and `demo`."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from game.cli.numbers import refused
from game.words.i18n import N_, _


def register(sub: argparse._SubParsersAction) -> None:
    from game.cli.numbers import positive, seconds, seed
    from game.cli.think_arg import add_bot_workers, think_ms
    from game.rules import GAMES

    play = sub.add_parser("play", help=_("open the game (the default command)"),
                          description=_("Open Rail Party on the title screen."))
    play.add_argument("--fullscreen", action="store_true")
    play.add_argument("--resume", type=Path, metavar="FILE", help=_("resume a saved game"))
    play.add_argument("--game", choices=sorted(GAMES), default=None,
                      help=_("start a game of this at once (with --seats)"))
    play.add_argument("--seats", type=_seat_kinds, default=None, metavar="KIND,KIND,...",
                      help=_("one per seat: 'hot' (plays on this screen), 'phone' (plays on a "
                             "phone that scans the TV's code) or a bot (easy, normal, hard); "
                             "for example hot,phone,normal"))
    play.add_argument("--no-hints", action="store_true",
                      help=_("no Hint for the players (games started in this window)"))
    add_bot_workers(play, N_("the cores less one, at least 1"))
    play.set_defaults(func=cmd_play, play_parser=play)

    demo = sub.add_parser("demo", help=_("bots play through the real screens"),
                          description=_("Bots play a game through the real scenes."))
    demo.add_argument("--game", default="routes-usa", choices=sorted(GAMES))
    demo.add_argument("--players", type=positive, default=4)
    demo.add_argument("--seed", type=seed, default=1)
    demo.add_argument("--headless", action="store_true", help=_("no window (dummy video driver)"))
    demo.add_argument("--frames", type=positive, default=None,
                      help=_("stop after this many frames"))
    demo.add_argument("--screenshot", type=png_path, help=_("save the last frame as PNG"))
    demo.add_argument("--stats", action="store_true",
                      help=_("print frame-time figures (ms) as JSON on the last line"))
    demo.add_argument("--bot-pace", type=seconds(0, 60), default=0.4,
                      help=_("seconds a bot waits before acting"))
    demo.add_argument("--bots", default=None,
                      help=_("comma-separated bot per seat, or one for all, as simulate "
                           "takes it (default: greedy)"))
    demo.add_argument("--think-ms", type=think_ms, default=None, metavar="MS",
                      help=_("the search (Hard) bot's think time per move, on average "
                             "(default 500)"))
    add_bot_workers(demo, N_("the cores less one, at least 1"))
    demo.set_defaults(func=cmd_demo, demo_parser=demo)

    kiosk = sub.add_parser("kiosk", help=_("TV display: follow a LAN game, or a bot demo"),
                           description=_("Fullscreen public board of a LAN game (as a "
                           "spectator), or a bot demo while no game runs. Quit: Ctrl+Shift+Q."))
    where = kiosk.add_mutually_exclusive_group()
    where.add_argument("--discover", metavar="NAME", help=_("follow the game of this host name"))
    where.add_argument("--address", metavar="HOST:PORT", type=_address,
                       help=_("follow the game at this address"))
    kiosk.add_argument("--host-key", type=_fingerprint, default=None, metavar="FP",
                       help=_("follow only the game whose host proves this key fingerprint"))
    kiosk.add_argument("--windowed", action="store_true", help=_("not fullscreen (testing)"))
    kiosk.add_argument("--frames", type=positive, default=None,
                       help=_("stop after this many frames"))
    kiosk.add_argument("--screenshot", type=png_path, help=_("save the last frame as PNG"))
    kiosk.set_defaults(func=cmd_kiosk)


# a seat's kind as --seats takes it: a player here, on a phone, or a bot by its level
SEAT_KINDS = {"hot": None, "phone": None, "easy": "random", "normal": "greedy", "hard": "search",
              "random": "random", "greedy": "greedy", "search": "search"}


def _seat_kinds(text: str) -> list[str]:
    kinds = [k.strip().lower() for k in text.split(",")]
    unknown = [k for k in kinds if k not in SEAT_KINDS]
    if not kinds or unknown:
        raise refused(N_("{kinds}: each seat is hot, phone, easy, normal or hard"),
                      kinds=", ".join(repr(k) for k in unknown) or _("nothing"))
    return kinds


def play_seats(game_id: str, kinds: list[str]) -> tuple[list, set[int]]:
    """The seats --seats names for a game, and which of them play on phones;
    ValueError with the reason when the game cannot seat them."""
    from game.bots import level_name
    from game.rules import GAMES
    from game.tables.match import Seat
    from game.tables.seats import default_color, default_name

    info = GAMES[game_id]
    if not info.min_players <= len(kinds) <= info.max_players:
        raise ValueError(f"{info.name} takes {info.min_players}-{info.max_players} players; "
                         f"--seats names {len(kinds)}")
    if not any(k in ("hot", "phone") for k in kinds):
        raise ValueError("--seats names no player (hot or phone); to watch bots play, "
                         "use railparty demo")
    seats, phones = [], set()
    for i, kind in enumerate(kinds):
        bot = SEAT_KINDS[kind]
        if bot is not None and bot not in info.bots:
            raise ValueError(f"{info.name} has no {kind} bot; it offers "
                             f"{', '.join(level_name(b) for b in info.bots)}")
        name = default_name(i) if bot is None else f"{level_name(bot)} bot {i + 1}"
        seats.append(Seat(name=name, color=default_color(i), bot=bot))
        if kind == "phone":
            phones.add(i)
    return seats, phones


def png_path(text: str) -> Path:
    """A file to save a picture in, checked before anything runs."""
    path = Path(text)
    if not path.parent.is_dir():
        raise refused(N_("the folder {folder!r} does not exist"), folder=str(path.parent))
    if path.suffix.lower() != ".png":
        raise refused(N_("{text!r} should end in .png"), text=text)
    return path


def _fingerprint(text: str) -> str:
    from game.cli.lan import fingerprint_arg

    return fingerprint_arg(text)


def _address(text: str) -> str:
    """HOST:PORT, both given (a kiosk follows one exact host)."""
    from net.client import parse_address

    if ":" not in text:
        raise refused(N_("{text!r} is not HOST:PORT (for example 192.168.1.20:47474)"),
                      text=text)
    try:
        parse_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


NO_DISPLAY = N_("railparty: no window can open here: there is no display. Run it on a "
                "desktop, or without a window: railparty demo --headless, railparty host "
                "--headless, railparty join --bot greedy --headless, railparty simulate.")


def open_app(**kwargs):
    """The window, or None with a clear message when no display can be opened
    (SDL's invisible fallbacks count as none: a window nobody sees is no window).

    When SDL chooses the video driver, the display is looked for first, with the
    C libraries' noise kept off the terminal, so that with no display our
    message is the first and only thing a player reads."""
    import pygame

    from game.app import App
    from game.system.quiet_init import quiet_stderr

    if not kwargs.get("headless") and not os.environ.get("SDL_VIDEODRIVER"):
        with quiet_stderr():
            try:
                pygame.display.init()
                driver = pygame.display.get_driver()
            except pygame.error:
                driver = None
        if driver in (None, "offscreen", "dummy"):
            pygame.display.quit()
            print(_(NO_DISPLAY), file=sys.stderr, flush=True)
            return None
    try:
        app = App(**kwargs)
    except pygame.error as exc:
        print(f"{_(NO_DISPLAY)} ({exc})", file=sys.stderr, flush=True)
        return None
    return app


def start_bot_workers(workers: int | None) -> None:
    """Start the bots' worker processes now, warm, so no bot's first move waits
    for them (game/bots/pool.py)."""
    from game.bots.pool import start_shared

    start_shared(workers)


def cmd_play(args: argparse.Namespace) -> int:
    from game.scenes.flow import continue_game, new_game, new_phone_game
    from game.scenes.nav import to_title

    seats, phones = [], set()
    if (args.game is None) != (args.seats is None):
        args.play_parser.error("--game and --seats go together")
    if args.game is not None and args.resume is not None:
        args.play_parser.error("--resume continues a game; --game and --seats start one")
    if args.game is not None:
        try:
            seats, phones = play_seats(args.game, args.seats)
        except ValueError as exc:
            args.play_parser.error(str(exc))
    app = open_app(fullscreen=True if args.fullscreen else None)
    if app is None:
        return 2
    start_bot_workers(args.bot_workers)
    app.hints = not args.no_hints       # the setup screens' Hints row starts from this
    to_title(app)
    if args.resume is not None and not continue_game(app, args.resume):
        print(_("railparty: cannot resume {path}: {problem}").format(
            path=args.resume, problem=app.toasts[-1][0]), file=sys.stderr)
    if args.game is not None and phones:
        try:
            new_phone_game(app, args.game, seats, phones, hints=app.hints)
        except OSError as exc:
            print(_("railparty: cannot serve the phone page: {problem}").format(
                problem=exc.strerror or exc), file=sys.stderr)
            app.close()
            return 1
    elif args.game is not None:
        new_game(app, args.game, seats, hints=app.hints)
    app.run()
    app.close()
    return 0


def cmd_kiosk(args: argparse.Namespace) -> int:
    from game.scenes.kiosk import KioskScene
    from game.system.settings import Settings

    settings = Settings.load()
    settings.animation = settings.animation or 1.0  # a display is there to be watched
    app = open_app(settings=settings, fullscreen=not args.windowed, kiosk=True)
    if app is None:
        return 2
    start_bot_workers(None)  # the attract mode's bots
    kiosk = KioskScene(app, discover=args.discover, address=args.address,
                       host_key=args.host_key)
    app.push(kiosk)
    following = (_("the game at {address}").format(address=args.address) if args.address
                 else _("the game '{name}' on the LAN").format(name=args.discover)
                 if args.discover else _("the first game that starts on the LAN"))
    print(_("railparty kiosk: following {game}; a bot demo plays until it answers. "
            "Quit: Ctrl+Shift+Q.").format(game=following), file=sys.stderr, flush=True)
    try:
        app.run(max_frames=args.frames)
        if args.screenshot:
            import pygame
            pygame.image.save(app.surface, str(args.screenshot))
    finally:
        kiosk.shutdown()
        app.close()
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from game.rules import GAMES

    info = GAMES[args.game]
    if not info.min_players <= args.players <= info.max_players:
        args.demo_parser.error(f"{info.name} takes {info.min_players}-{info.max_players} players")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    seats = _demo_seats(args)
    from game.scenes.nav import board_scene
    from game.system.settings import Settings
    from game.tables.match import Match
    from game.tables.session import LocalSession

    settings = Settings(bot_pace=args.bot_pace)  # the demo ignores the player's settings
    app = open_app(settings=settings, headless=args.headless)
    if app is None:
        return 2
    start_bot_workers(args.bot_workers)
    match = Match(args.game, seats, args.seed, think_ms=args.think_ms)
    app.push(board_scene(app, LocalSession(match), on_exit=app.quit))
    app.run(max_frames=args.frames)
    if args.screenshot:
        import pygame
        pygame.image.save(app.surface, str(args.screenshot))
        print(_("screenshot saved to {path}").format(path=args.screenshot), file=sys.stderr,
              flush=True)
    app.close()
    if args.stats:  # the last line of stdout, alone: a script reads it
        print(json.dumps(app.frame_stats()), flush=True)
    return 0


def _demo_seats(args: argparse.Namespace) -> list:
    """One bot seat per player, from --bots (as simulate reads it)."""
    from game.bots import bot_names, level_name
    from game.rules import GAMES
    from game.tables.match import Seat, default_seats
    from game.tables.seats import default_color

    if args.bots is None:
        return default_seats(args.game, 0, args.players)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    offered = GAMES[args.game].bots
    unknown = [b for b in bots if b not in bot_names() or b not in offered]
    if not bots or unknown:
        args.demo_parser.error(f"--bots: {', '.join(unknown) or '(none given)'} cannot play "
                               f"{GAMES[args.game].name}; it offers {', '.join(offered)}")
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        args.demo_parser.error(f"--bots names {len(bots)} bot(s) for {args.players} players")
    return [Seat(name=f"{level_name(b)} bot {i + 1}", color=default_color(i), bot=b)
            for i, b in enumerate(bots)]
