"""Who holds which track, as the route planner's memos know it: a number
standing for every track's owner (OWNER_BITS per track index), each seat's
tracks as a number, read from a view's routes or an engine state's claims
(once per claim: the seats of a rollout share it), and which tracks' owners
differ between two such numbers.
"""

from __future__ import annotations

from game.rules.routes.board import Board
from game.rules.routes.engine import RoutesState

# the routes dict of the last planning view read, its owners by track index,
# the number standing for them and each seat's tracks (one tuple, replaced
# whole: safe between threads)
_LAST_ROUTES: tuple = (None, {}, 0, [])
# the same of the last engine state read, with its claims version first
# and its board's name and seat count last (state_owners)
_LAST_CLAIMS: tuple = (None, {}, 0, [], None, 0)
# the last question _changed answered and its answer (one tuple, replaced
# whole: safe between threads)
_LAST_CHANGED: tuple = (None, None, None, None)
# bits per track in the number standing for the owners of tracks: room for
# a seat number plus one
OWNER_BITS = 4


def view_owners(board: Board, routes: dict[str, int], planning: bool, players: int) -> tuple:
    """(routes, track index -> owner, the owners' number, each seat's
    tracks as a number) of a view's routes (see owners_number).

    A rollout's planning views hand every seat the engine's own routes dict
    until the next claim (never changed, replaced by a claim): its owners
    are read once."""
    global _LAST_ROUTES
    last = _LAST_ROUTES
    if last[0] is not routes or len(last[3]) != players:
        owner = {board.track_by_id[tid].index: s for tid, s in routes.items()}
        last = (routes, owner, *owners_number(owner, players))
        if planning:
            _LAST_ROUTES = last
    return last


def state_owners(state: RoutesState) -> tuple:
    """(claims version, track index -> owner, the owners' number, each
    seat's tracks as a number) of a state: read once per claim (the seats
    of a rollout share it), from the claims before it when the state just
    added one (a claim adds its track last to the state's dict)."""
    global _LAST_CLAIMS
    last = _LAST_CLAIMS
    version = state.claims_version
    if last[0] != version:
        claimed = state.claimed
        then = last[1]
        name, players = state.board.name, state.players
        if len(claimed) == len(then) + 1 and last[4] == name and last[5] == players \
                and then.items() <= claimed.items():
            index, holder = next(reversed(claimed.items()))
            held = list(last[3])
            held[holder] |= 1 << index
            last = (version, dict(claimed), last[2] + ((holder + 1) << (OWNER_BITS * index)),
                    held, name, players)
        else:
            last = (version, dict(claimed), *owners_number(claimed, players), name, players)
        _LAST_CLAIMS = last
    return last


def owners_number(owner: dict[int, int], players: int) -> tuple[int, list[int]]:
    """A number for the owners of tracks, OWNER_BITS per track index
    holding its owner's seat plus one (equal owners, equal numbers; the
    memos know a board's graphs and plans by it), and each seat's tracks
    as a number (a bit per track index)."""
    number = 0
    held = [0] * players
    for index, holder in owner.items():
        number += (holder + 1) << (OWNER_BITS * index)
        held[holder] |= 1 << index
    return number, held


def _changed(then: int, now: int, most: int) -> list[int] | None:
    """The indices of the tracks whose owners differ between two owners'
    numbers (owners_number), low to high; None when more than `most` do.
    The last answer is kept: after a seat's claim its graph is patched
    from, and its new plan lent paths by, the same graph most times."""
    global _LAST_CHANGED
    last = _LAST_CHANGED
    if last[0] == then and last[1] == now and last[2] == most:
        return last[3]
    differ = then ^ now
    out: list[int] | None = []
    base = 0
    while differ:
        at = ((differ & -differ).bit_length() - 1) // OWNER_BITS
        base += at
        out.append(base)
        if len(out) > most:
            out = None
            break
        differ >>= (at + 1) * OWNER_BITS
        base += 1
    _LAST_CHANGED = (then, now, most, out)
    return out


def touched_pairs(set_pairs: list[tuple[int, ...]], then: int, now: int,
                   most: int) -> set[int] | None:
    """The node pairs whose cheapest track two owners' numbers may differ
    on: those of the parallel sets of the tracks whose owners differ
    (`set_pairs` by track index); None when more than `most` tracks do."""
    changed = _changed(then, now, most)
    if changed is None:
        return None
    touched: set[int] = set()
    for index in changed:
        touched.update(set_pairs[index])
    return touched
