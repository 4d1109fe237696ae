"""Per-board tables for the engine's hot paths: small ints and bitmasks.

The rules read best with names (cities, track ids, colours), but the scan
for legal claims, the parallel-set checks and the final scoring run thousands
of times a game. They read these tables instead, built once per board and
kept with it (a loaded board never changes).

Sets of tracks are ints in *scan order*: the tracks sorted by colour (in the
board's order of first appearance), then length, then board order, which is
the order legal claims are listed in. Bit `scan[i]` stands for track index
`i`, so walking a mask from its lowest bit up meets the tracks in listing
order. A graph node is an int (a dead-end area has one node per track into
it, as in `Board.node`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.routes.board import GRAY, LOCOMOTIVE, Board
from game.rules.routes.payments import FERRY

# Open-track masks memoized per gray group before its memo starts again.
GRAY_MEMO_CAP = 2048


class ClaimGroup:
    """The tracks of one colour and one length: the same cards pay for them.

    `claims` memoizes, for a coloured group, per (count of the colour and of
    locomotives, each capped at the length; the group's open tracks) the
    claim actions (at most 49 hands times the open sets a game goes
    through); for a gray group, per open tracks, their ids. The actions are
    shared by every state on the board: read-only.
    """

    __slots__ = ("slot", "length", "mask", "members", "same_waves", "claims")

    def __init__(self, slot: int, length: int, members: list[tuple[int, int, str, int]]):
        self.slot = slot               # the colour's place in the board's colours; -1: gray
        self.length = length
        self.mask = sum(bit for _, bit, _, _ in members)
        self.members = tuple(members)  # (index, scan bit, id, wave spaces), board order
        # every member has the same wave spaces, so the same payments
        self.same_waves = len({w for *_, w in members}) == 1
        self.claims: dict[object, tuple] = {}

    def __reduce__(self) -> tuple:
        """Copied or pickled without its memo: the memo is a cache, not data."""
        return ClaimGroup, (self.slot, self.length, list(self.members))

    def open_ids(self, open_bits: int) -> tuple[str, ...]:
        """The ids of the members in `open_bits` (memoized)."""
        ids = self.claims.get(open_bits)
        if ids is None:
            if len(self.claims) >= GRAY_MEMO_CAP:
                self.claims.clear()
            ids = self.claims[open_bits] = tuple(
                track_id for _, bit, track_id, _ in self.members if open_bits & bit)
        return ids


@dataclass(frozen=True)
class BoardTables:
    colors: tuple[str, ...]
    scan: tuple[int, ...]             # track index -> its bit in scan order
    group_at: tuple[ClaimGroup, ...]  # scan position -> the group of that track
    # per colour slot, and for gray: length limit -> the bits of the tracks
    # of that colour no longer than it (limits above `longest` use `longest`)
    color_reach: tuple[tuple[int, ...], ...]
    gray_reach: tuple[int, ...]
    longest: int                      # the longest track's length
    set_masks: tuple[int, ...]        # track index -> bits of its whole parallel set
    points: tuple[int, ...]           # track index -> route points
    ends: tuple[tuple[int, int], ...]  # track index -> graph nodes of its two ends
    city_ends: dict[str, tuple[int, ...]]  # city -> nodes a ticket to it may end at
    card_names: frozenset[str]        # every card a payment may name
    tickets: tuple[dict[str, object], ...]  # ticket index -> as_dict() (copy before use)
    # ticket index -> the nodes (city_ends) of its two cities
    ticket_ends: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    # payments (track index, then its (card, count) pairs in the payment's
    # order) found to pay exactly for the track: the engine checks each
    # claim's payment, the same few again and again
    fits: set[tuple] = field(default_factory=set, compare=False, hash=False)

    def __getstate__(self) -> dict[str, object]:
        """Pickled without `fits`: a cache, not data (a state sent to a bot
        worker would carry thousands of payments, and a state's fields
        would seem to change as the shared cache grows)."""
        state = dict(self.__dict__)
        state.pop("fits", None)
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self.__dict__["fits"] = set()


def tables_for(board: Board) -> BoardTables:
    """The board's tables, built on first use and kept on the board."""
    tables = board.__dict__.get("_engine_tables")
    if tables is None:
        tables = board.__dict__["_engine_tables"] = _build(board)
    return tables


def _build(board: Board) -> BoardTables:
    colors = tuple(board.colors)
    by_color: dict[str, dict[int, list[int]]] = {}
    for t in board.tracks:
        by_color.setdefault(t.color, {}).setdefault(t.length, []).append(t.index)
    order = [i for lengths in by_color.values() for _, members in sorted(lengths.items())
             for i in members]
    scan = [0] * len(board.tracks)
    for position, index in enumerate(order):
        scan[index] = 1 << position

    longest = max(t.length for t in board.tracks)
    group_at: list[ClaimGroup | None] = [None] * len(order)
    reach = {slot: [0] * (longest + 1) for slot in range(-1, len(colors))}
    for color, lengths in by_color.items():
        slot = -1 if color == GRAY else colors.index(color)
        for length, members in sorted(lengths.items()):
            group = ClaimGroup(slot, length, [
                (i, scan[i], board.tracks[i].id, board.tracks[i].ferries) for i in members])
            for i in members:
                group_at[scan[i].bit_length() - 1] = group
            for limit in range(length, longest + 1):
                reach[slot][limit] |= group.mask

    set_masks = tuple(sum(scan[i] for i in board.parallel[t.id]) for t in board.tracks)

    nodes: dict[str, int] = {}
    ends = []
    for t in board.tracks:
        pair = tuple(nodes.setdefault(board.node(city, t), len(nodes)) for city in (t.a, t.b))
        ends.append(pair)
    city_ends = {
        city: tuple(n for name, n in nodes.items() if name.split("#", 1)[0] == city)
        if board.is_dead_end(city) else ((nodes[city],) if city in nodes else ())
        for city in board.cities}

    return BoardTables(
        colors=colors,
        scan=tuple(scan),
        group_at=tuple(g for g in group_at if g is not None),
        color_reach=tuple(tuple(reach[slot]) for slot in range(len(colors))),
        gray_reach=tuple(reach[-1]),
        longest=longest,
        set_masks=set_masks,
        points=tuple(board.route_points[t.length] for t in board.tracks),
        ends=tuple(ends),
        city_ends=city_ends,
        card_names=frozenset(colors) | {LOCOMOTIVE, FERRY},
        tickets=tuple(t.as_dict() for t in board.tickets),
        ticket_ends=tuple((city_ends[t.a], city_ends[t.b]) for t in board.tickets),
    )

