"""The route-building games' bots: the family's entry, as game.bots loads
it (`BOTS`, `SEARCH`). Normal is RoutesGreedy (routes_greedy.py) over the
planner (routes_planner.py and its parts); Hard's search hooks are RoutesSearch
(routes_search.py).
"""

from game.bots.families.routes_graph import INF
from game.bots.families.routes_greedy import RoutesGreedy
from game.bots.families.routes_planner import RoutesPlanner
from game.bots.families.routes_search import RoutesSearch

__all__ = ["BOTS", "INF", "SEARCH", "RoutesGreedy", "RoutesPlanner", "RoutesSearch"]

# The bots this family offers beyond the generic random one, by name.
BOTS = {"greedy": RoutesGreedy}
SEARCH = RoutesSearch
