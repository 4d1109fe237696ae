"""`railparty learn`: a game's guided first game, in the window or headless.

Headless with --autoplay it plays every step with the coach's own suggested
action and prints one JSON line per step, then a last line saying it was
completed and which rules it covered: the tests and anyone checking a
lesson read that.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.words.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    from game.cli.numbers import positive
    from game.cli.play import png_path
    from game.rules import GAMES

    learn = sub.add_parser(
        "learn", help=_("a guided first game: the coach walks you through every rule"),
        description=_("Play a game's guided first game, in which a coach says what to do "
                      "now and why."))
    learn.add_argument("--game", default="routes-usa", choices=sorted(GAMES))
    learn.add_argument("--headless", action="store_true",
                       help=_("no window: print the coach's steps (with --autoplay)"))
    learn.add_argument("--autoplay", action="store_true",
                       help=_("play every step with the coach's own suggested action"))
    learn.add_argument("--restart", action="store_true",
                       help=_("start the guided game from its first step"))
    learn.add_argument("--phone", action="store_true",
                       help=_("play the learner's seat on a phone: the TV shows how to join"))
    learn.add_argument("--screenshot", type=png_path, default=None, metavar="PNG",
                       help=_("save a picture of the window at step --at, then stop"))
    learn.add_argument("--at", type=positive, default=1, metavar="N",
                       help=_("the step the picture shows (1 = the first)"))
    learn.set_defaults(func=cmd_learn)


def cmd_learn(args: argparse.Namespace) -> int:
    from game.learn import lesson_for

    try:
        lesson = lesson_for(args.game)
    except KeyError:
        print(_("railparty learn: {game} has no guided game yet").format(game=args.game),
              file=sys.stderr)
        return 2
    if args.headless and not args.screenshot:     # a step's picture is drawn headless anyway
        if not args.autoplay:
            print(_("railparty learn: --headless needs --autoplay (nobody is there to "
                    "play)"), file=sys.stderr)
            return 2
        return autoplay(lesson)
    from game.cli.learn_window import open_lesson
    return open_lesson(args, lesson)


def autoplay(lesson) -> int:
    """Play the lesson through with the coach's suggestions, one JSON line a step."""
    from game.learn.coach import Coach

    coach = Coach(lesson)
    while not coach.completed:
        number = coach.step_index + 1
        step = coach.step
        print(json.dumps({"step": number, "rule": step.rule, "said": coach.said()},
                         ensure_ascii=False), flush=True)
        if step.waits_for_action and coach.legal():
            suggested = coach.suggested()
            outcome = coach.act(suggested) if suggested is not None else None
            if outcome is None or outcome.kind != "done":
                why = outcome.words if outcome is not None else _("no suggested move")
                print(json.dumps({"completed": False, "step": number, "problem": why},
                                 ensure_ascii=False))
                return 1
        else:
            coach.next()
    taught = []
    for step in lesson.steps:
        if step.rule not in taught:
            taught.append(step.rule)
    print(json.dumps({"completed": True, "steps": len(lesson.steps), "rules": taught},
                     ensure_ascii=False))
    return 0
