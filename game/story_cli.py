"""Subcommands about games already played: `history` (the table's history)."""

from __future__ import annotations

import argparse
import json
import sys


def register(sub: argparse._SubParsersAction) -> None:
    hist = sub.add_parser("history", help="games kept on this machine and each player's record",
                          description="Each player name's games played and won, best scores "
                                      "and rating (openskill), then the kept games.")
    hist.add_argument("--json", action="store_true",
                      help="one JSON object a line: the players, then the games")
    hist.set_defaults(func=cmd_history)


def cmd_history(args: argparse.Namespace) -> int:
    from game.history import history_dir, list_records
    from game.ratings import table_history

    records, problems = list_records()
    players = table_history(records)
    for path, why in problems:
        print(f"railparty: skipping {path}: {why}", file=sys.stderr)
    if args.json:
        for player in players:
            print(json.dumps({"player": player.to_json()}, ensure_ascii=False))
        for record in records:
            print(json.dumps(record.summary(), ensure_ascii=False))
        return 0
    if not records:
        print(f"No games kept yet (the history folder is {history_dir()}).")
        return 0
    print(f"{'player':<24} {'played':>6} {'won':>4} {'rating':>7}")
    for p in players:
        print(f"{p.name[:24]:<24} {sum(p.played.values()):>6} {sum(p.won.values()):>4} "
              f"{p.rating:>7.1f}")
    print()
    for record in records:
        s = record.summary()
        state = "over" if s["over"] else f"unfinished after {s['actions']} moves"
        winners = ", ".join(s["winners"]) or "-"
        print(f"{s['game']:<14} {', '.join(s['players'])}: {state}; won by {winners}\n"
              f"    {s['file']}")
    return 0
