"""The race game's bots: the family's entry, as game.bots loads it (`BOTS`,
`SEARCH`). Normal is GreedyBot (race_greedy.py) over the planner
(race_planner.py, with the legs' payments in race_legs.py); Hard's search
hooks are RaceSearch (race_search.py), which rebuilds states from a view
with race_worlds.py.
"""

from game.bots.families.race_greedy import GreedyBot
from game.bots.families.race_search import RaceSearch

# The bots this family offers beyond the generic random one, by name.
BOTS = {"greedy": GreedyBot}
SEARCH = RaceSearch
