"""The story of games: the history folder, ratings, a guest's records, replays
and the race chart."""
