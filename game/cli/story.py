"""Subcommands about games already played: `replay` and `history`."""

from __future__ import annotations

import argparse
import json
import sys

from game.words.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    from game.cli.numbers import count, positive
    from game.cli.play import png_path

    rep = sub.add_parser("replay", help=_("watch a kept game (a history file or a save)"),
                         description=_("Watch a kept game move by move: Space plays/pauses, "
                                     "Left/Right step, PgUp/PgDn jump a round, Up/Down "
                                     "speed, V whose view, Esc leaves."))
    rep.add_argument("file", metavar="FILE", help=_("a file that `railparty history` lists"))
    rep.add_argument("--at", type=count, default=0, metavar="MOVE",
                     help=_("start after this many moves (more than the game has: its end)"))
    rep.add_argument("--view", type=positive, default=None, metavar="SEAT",
                     help=_("show this seat's own view (1 = first seat; finished hot-seat "
                          "games of this machine only)"))
    rep.add_argument("--paused", action="store_true", help=_("start paused"))
    rep.add_argument("--headless", action="store_true", help=_("no window (dummy video driver)"))
    rep.add_argument("--frames", type=positive, default=None,
                     help=_("stop after this many frames"))
    rep.add_argument("--screenshot", type=png_path, help=_("save the last frame as PNG"))
    rep.add_argument("--stats", action="store_true",
                     help=_("print frame-time figures (ms) as JSON on the last line"))
    rep.set_defaults(func=cmd_replay)

    hist = sub.add_parser("history", help=_("games kept on this machine and each player's record"),
                          description=_("Each player name's games played and won, best scores "
                                      "and rating (openskill), then the kept games."))
    hist.add_argument("--json", action="store_true",
                      help=_("one JSON object a line: the players, then the games"))
    hist.add_argument("--no-hinted", action="store_true",
                      help=_("leave games in which a hint was shown out of the ratings "
                             "(they still count as played)"))
    hist.set_defaults(func=cmd_history)


def cmd_replay(args: argparse.Namespace) -> int:
    import os

    from game.story.replay_session import open_session
    from game.tables.save_check import SaveError
    from game.words.host_words import said

    try:
        session = open_session(args.file)    # a clear message before any window opens
    except SaveError as exc:
        print("railparty: " + _("cannot replay: {reason}").format(reason=said(exc)),
              file=sys.stderr)
        return 2
    if args.view is not None and args.view > session.players:
        print(f"railparty: --view {args.view}: the game has {session.players} seats "
              f"(1-{session.players})", file=sys.stderr)
        return 2
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.cli.play import open_app
    from game.scenes.replay import open_replay

    app = open_app(headless=args.headless)
    if app is None:
        return 2
    if not open_replay(app, args.file, on_exit=app.quit, playing=not args.paused):
        app.close()
        return 2
    controls = app.top
    session = controls.session
    if args.view is not None and not session.watch(args.view - 1):
        print("railparty: that seat's view is not shown: only a finished hot-seat game "
              "of this machine shows a seat's own cards", file=sys.stderr)
    if args.at:
        controls.seek(args.at)
    app.run(max_frames=args.frames)
    if args.screenshot:
        import pygame
        pygame.image.save(app.surface, str(args.screenshot))
        print(f"screenshot saved to {args.screenshot}", file=sys.stderr, flush=True)
    app.close()
    if args.stats:
        print(json.dumps(app.frame_stats()), flush=True)
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from game.story.history import history_dir, list_records
    from game.story.ratings import table_history
    from game.story.view_record import list_view_records

    records, problems = list_records()
    guests, guest_problems = list_view_records()
    problems += guest_problems
    players = table_history(records, guests, rate_hinted=not args.no_hinted)
    for path, why in problems:
        print("railparty: " + _("skipping {path}: {why}").format(path=path, why=why),
              file=sys.stderr)
    if args.json:
        for player in players:
            print(json.dumps({"player": player.to_json()}, ensure_ascii=False))
        for record in records:
            print(json.dumps(record.summary(), ensure_ascii=False))
        for guest in guests:
            print(json.dumps(guest, ensure_ascii=False))
        return 0
    if not records and not guests:
        print(_("No games kept yet (the history folder is {path}).").format(path=history_dir()))
        return 0
    print_history(players, [record.summary() for record in records] + guests)
    return 0


def print_history(players: list, games: list[dict]) -> None:
    """The players' table, then one line per kept game, in the current language
    (columns padded by terminal cells: a Japanese name is twice as wide)."""
    from game.cli.columns import cells, clip, left, right
    from game.rules import GAMES
    from game.words.i18n import joined, ngettext

    heads = [_("Player"), _("Played"), _("Won"), _("Rating")]
    widths = [24] + [max(cells(h), n) for h, n in zip(heads[1:], (6, 4, 7), strict=True)]
    print(" ".join([left(heads[0], widths[0])]
                   + [right(h, w) for h, w in zip(heads[1:], widths[1:], strict=True)]))
    for p in players:
        values = (str(sum(p.played.values())), str(sum(p.won.values())), f"{p.rating:.1f}")
        print(" ".join([left(clip(p.name, 24), widths[0])]
                       + [right(v, w) for v, w in zip(values, widths[1:], strict=True)]))
    print()
    names = [_(GAMES[s["game"]].name) if s["game"] in GAMES else s["game"] for s in games]
    column = max((cells(n) for n in names), default=0)
    for s, name in zip(games, names, strict=True):
        state = _("over") if s["over"] else ngettext(
            "unfinished after {count} move", "unfinished after {count} moves",
            s["actions"]).format(count=s["actions"])
        if s["origin"] == "lan-guest":
            state = _("{state}, seen as a LAN guest").format(state=state)
        print(_("{game}  {players}: {state}; won by {winners}").format(
            game=left(name, column), players=joined(s["players"]), state=state,
            winners=joined(s["winners"]) or "-"))
        print(f"    {s['file']}")
