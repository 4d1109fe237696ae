"""Which of a seat's tickets its tracks complete: the union-find of each
seat's networks, kept with the state and joined claim by claim, and the
tickets' status as the views and the planners read it.

`TicketNetworks` is a mixin of the route state (engine.RoutesState); the
state's derived data (engine.py) says when these are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any


class TicketNetworks:
    """The route state's networks per seat and its tickets done."""

    def _network_finder(self, seat: int) -> Callable[[int], int]:
        """The seat's networks, as a function from a graph node to a
        representative of its network (nodes as in tables.BoardTables; a
        node no track of the seat touches is its own). Its union-find is
        kept with the state and joined claim by claim (see `_networks`)."""
        parent = self._networks.get(seat)
        if parent is None:
            ends = self.tables.ends
            parent = self._networks[seat] = {}
            for index, owner in self.claimed.items():
                if owner == seat:
                    _join(parent, *ends[index])
        return partial(_root, parent)

    def _ticket_status(self, seat: int) -> list[dict[str, Any]]:
        """The seat's tickets as dicts, each with whether its tracks complete it."""
        return [dict(ticket) for ticket in self._ticket_dicts(seat)]

    def _ticket_dicts(self, seat: int) -> list[dict[str, Any]]:
        """`_ticket_status` as the state keeps it until the seat keeps
        tickets or a claim of its completes one (the same list until then:
        planners know it by identity): shared (planning views hand it out),
        never changed."""
        known = self._tickets_done.get(seat)
        if known is None:
            templates = self.tables.tickets
            known = self._tickets_done[seat] = [
                {**templates[t], "done": d}
                for t, d in zip(self.tickets[seat], self._tickets_completed(seat), strict=True)]
        return known

    def _tickets_completed(self, seat: int) -> list[bool]:
        self._network_finder(seat)
        parent = self._networks[seat]
        ticket_ends = self.tables.ticket_ends
        return [_connected(parent, *ticket_ends[t]) for t in self.tickets[seat]]

    def _join_claim(self, seat: int, index: int) -> None:
        """A claim of the seat's joins its networks (when kept) and brings its
        kept tickets' status up to date: a ticket done stays done, so only
        the others are looked at, and the list is replaced only when one of
        them is now done (planners know it by identity)."""
        networks = self._networks.get(seat)
        if networks is None:
            self._tickets_done.pop(seat, None)  # worked out afresh when asked
            return
        joined = _join(networks, *self.tables.ends[index])
        known = self._tickets_done.get(seat)
        if known is None:
            return
        if [ticket["id"] for ticket in known] != self.tickets[seat]:  # set from outside
            del self._tickets_done[seat]
            return
        # a ticket not done yet is done now only through the network the
        # claim is in: both its ends must be in it
        ticket_ends = self.tables.ticket_ends
        fresh = None
        for i, ticket in enumerate(known):
            if not ticket["done"]:
                ends_a, ends_b = ticket_ends[ticket["id"]]
                if _in_network(networks, joined, ends_a) and _in_network(networks, joined, ends_b):
                    if fresh is None:
                        fresh = self._tickets_done[seat] = list(known)
                    fresh[i] = {**ticket, "done": True}


def _root(parent: dict[int, int], x: int) -> int:
    """The representative of x's network in a union-find (halving its path)."""
    root = parent.get(x, x)
    while root != x:
        up = parent.get(root, root)
        parent[x] = up
        x, root = root, up
    return root


def _connected(parent: dict[int, int], ends_a: tuple[int, ...], ends_b: tuple[int, ...]
               ) -> bool:
    """Whether a ticket between cities with these nodes is done in a
    union-find. A dead-end area has a node per track into it, so a ticket
    to it counts through any one of them. An untouched node is its own
    network, and a node is never both ends: the cities differ."""
    if len(ends_a) == 1 and len(ends_b) == 1:
        return _root(parent, ends_a[0]) == _root(parent, ends_b[0])
    roots = {_root(parent, n) for n in ends_a}
    return any(_root(parent, n) in roots for n in ends_b)


def _in_network(parent: dict[int, int], root: int, ends: tuple[int, ...]) -> bool:
    """Whether a city with these nodes is in the network of `root` (a
    dead-end area through any one of its nodes)."""
    for node in ends:  # noqa: SIM110 (any() over a generator: 1% more rollout work)
        if _root(parent, node) == root:
            return True
    return False


def _join(parent: dict[int, int], a: int, b: int) -> int:
    """Join the networks of nodes a and b in a union-find; the joined
    network's root."""
    ra, rb = _root(parent, a), _root(parent, b)
    if ra != rb:
        parent[ra] = rb
    return rb
