"""`railparty hint`: the move Hard would make for a seat of a saved game, and why."""

from __future__ import annotations

import argparse
import json
import sys

from game.words.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    from game.cli.numbers import positive, seed
    from game.cli.think_arg import think_ms

    hint = sub.add_parser(
        "hint", help=_("what Hard would play for a seat of a saved game, and why"),
        description=_("The move the Hard bot would make for the seat to act (or --seat) in a "
                      "saved game, from what that seat may know, with its reasons."))
    hint.add_argument("--resume", required=True, metavar="SAVE",
                      help=_("a saved game (the autosave, or a file `play --resume` takes)"))
    hint.add_argument("--seat", type=positive, default=None, metavar="K",
                      help=_("the seat to advise (1 = first seat; default: the seat to act)"))
    hint.add_argument("--json", action="store_true",
                      help=_("one JSON object: the action, its words and the reasons as data"))
    hint.add_argument("--think-ms", type=think_ms, default=None, metavar="MS",
                      help=_("Hard's thinking time for the hint (default 900)"))
    hint.add_argument("--seed", type=seed, default=1, help=_("the search's seed (default 1)"))
    hint.set_defaults(func=cmd_hint)


def cmd_hint(args: argparse.Namespace) -> int:
    from game.bots import dealer
    from game.bots.hint import HINT_THINK_MS, find_hint
    from game.narration.hints import hint_lines
    from game.tables.match import Match, SaveError
    from game.tables.seat_names import shown_name
    from game.words.host_words import said

    try:
        match = Match.load(args.resume, keep_saving=False)
        if any(seat.phone for seat in match.seats):
            # a couch game with phones: its host's journal holds the last moves,
            # read as Continue reads them
            from net.host.saving import load_hosted

            match = load_hosted(args.resume)
    except SaveError as exc:
        print(_("railparty hint: {problem}").format(problem=said(exc)), file=sys.stderr)
        return 1
    state = match.state
    if state.is_over:
        print(_("railparty hint: that game is over"), file=sys.stderr)
        return 1
    if args.seat is not None and args.seat > state.players:
        print(_("railparty hint: the game has {n} seats, not {seat}").format(
            n=state.players, seat=args.seat), file=sys.stderr)
        return 2
    seat = args.seat - 1 if args.seat is not None else state.to_act[0]
    legal = state.legal_actions(seat)
    if not legal:
        print(_("railparty hint: seat {seat} has no move now").format(seat=seat + 1),
              file=sys.stderr)
        return 1
    view = state.view(seat)
    hint = find_hint(view, legal, args.seed, dealer(state, seat),
                     think_ms=args.think_ms or HINT_THINK_MS)
    words, reasons = hint_lines(match.game_id, hint, view,
                                lambda s: shown_name(match.seats[s].name))
    if args.json:
        print(json.dumps({**hint.as_dict(), "words": words, "said": reasons},
                         ensure_ascii=False))
    else:
        print(_("Hint for {name}: {move}").format(name=shown_name(match.seats[seat].name),
                                                  move=words))
        for line in reasons:
            print(f"  - {line}")
    return 0
