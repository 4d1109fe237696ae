"""The history of the table: per player name, games played and won, best
scores and a rating across every game kept on this machine.

The rating is openskill's Plackett-Luce model (a maintained Bayesian rating
library for many-player games with ties), not a formula of our own: each
finished game ranks its seats by the engine's own scores (fewer days is better
in Eighty Days) and updates everyone who played. Unfinished games count as
played, never as won or rated. A name is the key: the same person under two
names is two players.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from game.history import Record
from game.rules import GAMES


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


def table_history(records: list[Record]) -> list[PlayerRecord]:
    """Every player name in `records` (oldest game first), best rating first."""
    model = PlackettLuce()
    players: dict[str, PlayerRecord] = {}
    ratings: dict[str, Any] = {}
    for record in records:
        match = record.match
        game = match.game_id
        info = GAMES[game]
        names = [s.name for s in match.seats]
        for seat, name in zip(match.seats, names, strict=True):
            player = players.setdefault(name, PlayerRecord(name, bot=seat.bot is not None))
            player.played[game] = player.played.get(game, 0) + 1
        if not match.state.is_over or len(set(names)) != len(names):
            continue                    # unfinished, or one name in two seats: not rated
        result = match.state.result()
        scores = result["scores"]
        for i in result["winners"]:
            players[names[i]].won[game] = players[names[i]].won.get(game, 0) + 1
        for name, score in zip(names, scores, strict=True):
            player = players[name]
            if game not in player.best or info.better(score, player.best[game]):
                player.best[game] = score
        # rank 1 is first; the engine's winners share first place (tie-breaks included)
        keys = [info.rank_key(s) for s in scores]
        ranks = []
        for i in range(len(names)):
            if i in result["winners"]:
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
