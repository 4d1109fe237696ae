"""Pooled bot strength from the files of `railparty simulate --json` runs.

A strength figure at a second a move takes hours (a North America game is a
minute), so it is gathered in pieces: runs over different seeds, some cut
short. This reads the game records of every file and prints, for one bot
(`--bot`, Hard by default), its win rate with the Wilson 95% interval and its
mean score beside the other seats' mean, per file and pooled per game and
player count. A shared win counts as a share, as in `simulate`. A game played
twice (same game, seed and seating, in two files) counts once. Records do not
carry the think time: give it files of one think time. Asserts nothing. Usage:
    python tools/strength_tally.py runs/usa1000*.jsonl runs/italy1000*.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tables.simulate import wilson, win_share  # noqa: E402

FIELDS = ("game", "seed", "bots", "scores", "winners")


class TallyError(ValueError):
    """A file this tool cannot read, with where and why."""


@dataclass
class Tally:
    """One bot's results over some games."""

    games: int = 0
    seats: int = 0
    wins: float = 0.0
    score: float = 0.0
    others: float = 0.0
    seeds: list[int] = field(default_factory=list)

    def add(self, record: dict[str, Any], bot: str) -> None:
        seats = [i for i, name in enumerate(record["bots"]) if name == bot]
        if not seats:
            return
        self.games += 1
        self.seeds.append(record["seed"])
        scores = record["scores"]
        for seat in seats:
            self.seats += 1
            self.wins += win_share(record, seat)
            self.score += scores[seat]
            rest = [s for i, s in enumerate(scores) if i != seat]
            self.others += sum(rest) / max(len(rest), 1)

    def line(self) -> str:
        if not self.seats:
            return "no games with this bot"
        low, high = wilson(self.wins, self.seats)
        return (f"{self.wins:g}/{self.seats} = {self.wins / self.seats:.1%} "
                f"({low:.0%}-{high:.0%}); mean score {self.score / self.seats:.1f} "
                f"vs {self.others / self.seats:.1f}; seeds {_ranges(self.seeds)}")


def read_records(path: Path) -> list[dict[str, Any]]:
    """The game records of one `simulate --json` file (its summary skipped).

    A last line cut off without its newline (a run stopped mid-write) is left
    out; any other line that is not a game record is an error."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TallyError(f"{path}: cannot read it ({error})") from None
    lines = text.split("\n")
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):      # the unfinished last line of a stopped run
                print(f"{path}: line {number} is cut short; left out", file=sys.stderr)
                continue
            raise TallyError(f"{path}: line {number} is not JSON") from None
        if not isinstance(record, dict):
            raise TallyError(f"{path}: line {number} is not a game record")
        if record.get("summary"):
            continue
        missing = [name for name in FIELDS if name not in record]
        if missing:
            raise TallyError(f"{path}: line {number} has no {', '.join(missing)}")
        records.append(record)
    return records


def tally(paths: list[Path], bot: str) -> tuple[list[tuple[Path, Tally]],
                                                  dict[tuple[str, int], Tally], list[str]]:
    """Per-file tallies, pooled tallies per (game, players), and the repeats
    left out of the pool."""
    per_file: list[tuple[Path, Tally]] = []
    pooled: dict[tuple[str, int], Tally] = {}
    seen: dict[tuple[str, int, tuple[str, ...]], Path] = {}
    repeats = []
    for path in paths:
        own = Tally()
        for record in read_records(path):
            own.add(record, bot)
            key = (record["game"], record["seed"], tuple(record["bots"]))
            if key in seen:
                repeats.append(f"{record['game']} seed {record['seed']} is in "
                               f"{seen[key]} and {path}; counted once")
                continue
            seen[key] = path
            pooled.setdefault((record["game"], len(record["bots"])), Tally()).add(record, bot)
        per_file.append((path, own))
    return per_file, pooled, repeats


def _ranges(seeds: list[int]) -> str:
    """Seeds as compact ranges: 1-39, 41-159."""
    spans: list[list[int]] = []
    for seed in sorted(set(seeds)):
        if spans and seed == spans[-1][1] + 1:
            spans[-1][1] = seed
        else:
            spans.append([seed, seed])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in spans) or "none"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="simulate --json output files")
    parser.add_argument("--bot", default="search", help="the bot to tally (default: search)")
    args = parser.parse_args(argv)
    try:
        per_file, pooled, repeats = tally(args.files, args.bot)
    except TallyError as error:
        parser.error(str(error))
    for path, own in per_file:
        print(f"{path}: {args.bot} {own.line()}")
    for note in repeats:
        print(note, file=sys.stderr)
    for (game, players), pool in sorted(pooled.items()):
        print(f"{game}, {players} players, {pool.games} games: {args.bot} {pool.line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
