"""The history of the table: per player name, games played and won, best
scores and a rating across every game kept on this machine.

The rating is openskill's Plackett-Luce model (a maintained Bayesian rating
library for many-player games with ties), not a formula of our own: each
finished game ranks its seats by the engine's own scores (fewer days is better
in Eighty Days) and updates everyone who played. Unfinished games count as
played, never as won or rated. A LAN guest's record (what it was shown)
counts when its game finished; the same game also hosted here counts once.
A name is the key: the same person under two names is two players. A game
in which someone was shown a hint may be left out of the ratings
(`rate_hinted=False`, `railparty history --no-hinted`): it then counts as
played only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from game.rules import GAMES
from game.story.history import Record


@dataclass
class PlayerRecord:
    name: str
    bot: bool = False
    played: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    best: dict[str, float] = field(default_factory=dict)
    mu: float = 25.0
    sigma: float = 25.0 / 3
    rated_games: int = 0

    @property
    def rating(self) -> float:
        """The cautious figure to sort by: mu - 3 sigma (openskill's ordinal)."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot,
                "played": dict(self.played), "won": dict(self.won),
                "games_played": sum(self.played.values()),
                "games_won": sum(self.won.values()),
                "best": dict(self.best), "rating": round(self.rating, 2),
                "mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
                "rated_games": self.rated_games}


@dataclass
class Played:
    """One game as the history counts it, wherever it was kept (a record this
    machine can replay, or what a LAN guest on it was shown)."""

    game: str
    names: list[str]
    bots: list[bool]
    over: bool
    scores: list[float]
    winners: list[int]
    saved_at: float = 0.0
    hinted: bool = False      # someone at the table was shown a hint

    def same_game(self, other: Played) -> bool:
        """The one game kept twice on this machine (it hosted and a window of it
        also joined as a guest): same game, names and final scores, saved within
        an hour of each other."""
        return (self.over and other.over and self.game == other.game
                and self.names == other.names and self.scores == other.scores
                and abs(self.saved_at - other.saved_at) <= 3600)


def played_of_record(record: Record) -> Played:
    match = record.match
    over = match.state.is_over
    result = match.state.result() if over else {}
    return Played(match.game_id, [s.name for s in match.seats],
                  [s.bot is not None for s in match.seats], over,
                  list(result.get("scores", [])), list(result.get("winners", [])),
                  record.saved_at, any(match.hints_used))


def played_of_guest(summary: dict[str, Any]) -> Played | None:
    """A guest's record (view_record.summary_of), when its game finished and
    its result is whole; None otherwise (an unfinished guest game is a replay,
    not a figure: the guest cannot tell it from the host's own record of it)."""
    names, scores = summary.get("players") or [], summary.get("scores")
    if (not summary.get("over") or summary.get("game") not in GAMES
            or not isinstance(scores, list) or len(scores) != len(names)):
        return None
    winners = [names.index(w) for w in summary.get("winners") or [] if w in names]
    saved_at = summary.get("saved_at")
    bots = summary.get("bots")
    if not isinstance(bots, list) or len(bots) != len(names):
        bots = [None] * len(names)
    return Played(summary["game"], list(names), [bool(b) for b in bots], True,
                  list(scores), winners,
                  float(saved_at) if isinstance(saved_at, (int, float)) else 0.0)


def table_history(records: list[Record], guests: list[dict[str, Any]] | None = None,
                  rate_hinted: bool = True) -> list[PlayerRecord]:
    """Every player name in `records` and the finished `guests` games (oldest
    first; a guest record of a game this machine also hosted counts once),
    best rating first. `rate_hinted=False`: a game with a hint shown counts as
    played, never as won or rated."""
    games = [played_of_record(r) for r in records]
    for summary in guests or []:
        played = played_of_guest(summary)
        if played is not None and not any(played.same_game(g) for g in games):
            games.append(played)
    games.sort(key=lambda g: g.saved_at)
    model = PlackettLuce()
    players: dict[str, PlayerRecord] = {}
    ratings: dict[str, Any] = {}
    for played in games:
        game, names = played.game, played.names
        info = GAMES[game]
        for name, bot in zip(names, played.bots, strict=True):
            player = players.setdefault(name, PlayerRecord(name, bot=bot))
            player.played[game] = player.played.get(game, 0) + 1
        if not played.over or len(set(names)) != len(names):
            continue                    # unfinished, or one name in two seats: not rated
        if played.hinted and not rate_hinted:
            continue                    # a hint was shown: left out, as asked
        scores, winners = played.scores, played.winners
        for i in winners:
            players[names[i]].won[game] = players[names[i]].won.get(game, 0) + 1
        for name, score in zip(names, scores, strict=True):
            player = players[name]
            if game not in player.best or info.better(score, player.best[game]):
                player.best[game] = score
        # rank 1 is first; the engine's winners share first place (tie-breaks included)
        keys = [info.rank_key(s) for s in scores]
        ranks = []
        for i in range(len(names)):
            if i in winners:
                ranks.append(1)
            else:
                ranks.append(max(2, 1 + sum(1 for k in keys if k < keys[i])))
        teams = [[ratings.get(n) or model.rating(name=n)] for n in names]
        rated = model.rate(teams, ranks=ranks)
        for name, (new,) in zip(names, rated, strict=True):
            ratings[name] = new
            players[name].mu, players[name].sigma = new.mu, new.sigma
            players[name].rated_games += 1
    return sorted(players.values(), key=lambda p: (-p.rating, p.name))
