"""Per-board tables for the engine's hot paths: small ints and bitmasks.

The rules read best with names (cities, track ids, colours), but the scan
for legal claims, the parallel-set checks and the final scoring run thousands
of times a game. They read these tables instead, built once per board and
kept with it (a loaded board never changes).

A set of tracks is an int with bit `i` set for track index `i`; a graph node
is an int (a dead-end area has one node per track into it, as in
`Board.node`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.routes.board import GRAY, LOCOMOTIVE, Board
from game.rules.routes.payments import FERRY


@dataclass(frozen=True)
class ClaimGroup:
    """The tracks of one colour and one length: they share the cards that pay for them."""

    length: int
    mask: int                                   # the bits of every member
    members: tuple[tuple[int, str, int], ...]   # (index, id, wave spaces), board order


@dataclass(frozen=True)
class BoardTables:
    colors: tuple[str, ...]
    # Per track colour, in the board's order of first appearance: the colour's
    # place in `colors` (-1 for gray) and its groups, shortest first, so the
    # scan stops at the first length a hand cannot pay for.
    claim_colors: tuple[tuple[int, tuple[ClaimGroup, ...]], ...]
    set_masks: tuple[int, ...]        # track index -> bits of its whole parallel set
    points: tuple[int, ...]           # track index -> route points
    ends: tuple[tuple[int, int], ...]  # track index -> graph nodes of its two ends
    city_ends: dict[str, tuple[int, ...]]  # city -> nodes a ticket to it may end at
    card_names: frozenset[str]        # every card a payment may name


def tables_for(board: Board) -> BoardTables:
    """The board's tables, built on first use and kept on the board."""
    tables = board.__dict__.get("_engine_tables")
    if tables is None:
        tables = board.__dict__["_engine_tables"] = _build(board)
    return tables


def _build(board: Board) -> BoardTables:
    colors = tuple(board.colors)
    by_color: dict[str, dict[int, list[tuple[int, str, int]]]] = {}
    for t in board.tracks:
        by_color.setdefault(t.color, {}).setdefault(t.length, []).append(
            (t.index, t.id, t.ferries))
    claim_colors = []
    for color, lengths in by_color.items():
        groups = tuple(
            ClaimGroup(length, sum(1 << i for i, _, _ in members), tuple(members))
            for length, members in sorted(lengths.items()))
        claim_colors.append((-1 if color == GRAY else colors.index(color), groups))

    set_masks = tuple(sum(1 << i for i in board.parallel[t.id]) for t in board.tracks)

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
        claim_colors=tuple(claim_colors),
        set_masks=set_masks,
        points=tuple(board.route_points[t.length] for t in board.tracks),
        ends=tuple(ends),
        city_ends=city_ends,
        card_names=frozenset(colors) | {LOCOMOTIVE, FERRY},
    )
