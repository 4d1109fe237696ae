"""What a seat may do now: its legal actions, the claims it can pay for,
and why a claim it tried is not allowed.

`Choices` is a mixin of the route state (engine.RoutesState): it reads the
state's fields and changes nothing. Listing the claims is the heart of a
rollout's work, so their payments are memoized per claim group (tables.py).
"""

from __future__ import annotations

from itertools import combinations

from game.rules.base import Action, IllegalAction
from game.rules.routes.board import LOCOMOTIVE, Track
from game.rules.routes.payments import FERRY, payment_options
from game.rules.routes.tables import ClaimGroup
from game.rules.words import N_

# Shared action dicts for the draws and the pass (legal lists are read-only).
_DRAW_DECK: Action = {"type": "draw_deck"}
_DRAW_TICKETS: Action = {"type": "draw_tickets"}
_DRAW_FERRY: Action = {"type": "draw_ferry"}
_PASS: Action = {"type": "pass"}
_FACE_UP_DRAWS: dict[int, tuple[Action, ...]] = {}


def _face_up_draws(slots: int) -> tuple[Action, ...]:
    """The draw action of each face-up slot, for a row of `slots` cards."""
    draws = _FACE_UP_DRAWS.get(slots)
    if draws is None:
        draws = _FACE_UP_DRAWS[slots] = tuple(
            {"type": "draw_face_up", "slot": slot} for slot in range(slots))
    return draws


class Choices:
    """Legal actions of the route state (see engine.py for every action)."""

    # --- legal actions ------------------------------------------------------

    def legal_claiming_only(self, seat: int, tracks: list[Track]) -> list[Action]:
        """`legal_actions(seat)` less the claims of any track not in `tracks`,
        in the same order: for a planner in a rollout that will look at no
        other claim (working out every payment of every claim was a quarter
        of a North America rollout)."""
        if self._legal.get(seat) is None and type(seat) is int \
                and 0 <= seat < self.players and self._may_act(seat):
            scan = self.tables.scan
            only = 0
            for track in tracks:
                only |= scan[track.index]
            out = self._compute_legal(seat, only)
            if out[0] is not _PASS:  # else the claims left out may be all there is
                return out
        keep = {t.id for t in tracks}
        return [a for a in self.legal_actions(seat) if a["type"] != "claim" or a["track"] in keep]

    def legal_claims(self, seat: int, tracks: list[Track] | None = None) -> list[Action]:
        """The claims in `legal_actions(seat)` (of `tracks` only, when given),
        in the same order: a planner in a rollout picks its move without
        listing every legal action. Empty unless `seat` is starting its turn
        of play (only then may it claim)."""
        if (self.phase != "play" or type(seat) is not int or seat != self.current
                or self.cards_drawn or self.pending[seat] is not None):
            return []
        only = -1
        if tracks is not None:
            scan = self.tables.scan
            only = 0
            for track in tracks:
                only |= scan[track.index]
        out: list[Action] = []
        self._add_claims(seat, out, only)
        return out

    def may_draw_ferry(self, seat: int) -> bool:
        """Whether the rules let `seat` take a ferry card (when it may start a turn)."""
        return self._can_draw_ferry(seat)

    def _compute_legal(self, seat: int, only: int = -1) -> list[Action]:
        offer = self.pending[seat]
        if offer is not None:
            low = self._min_keep(seat)
            return [{"type": "keep_tickets", "keep": list(keep)}
                    for k in range(len(offer), low - 1, -1)
                    for keep in combinations(sorted(offer), k)]
        out: list[Action] = []
        second = self.cards_drawn == 1
        if self.deck or self.discard:  # else no train card may be drawn
            draws = _face_up_draws(len(self.face_up))
            for slot, card in enumerate(self.face_up):
                if card is not None and not (second and card == LOCOMOTIVE):
                    out.append(draws[slot])
            out.append(_DRAW_DECK)
        if second:
            return out
        if self.ticket_deck:
            out.append(_DRAW_TICKETS)
        if self._can_draw_ferry(seat):
            out.append(_DRAW_FERRY)
        self._add_claims(seat, out, only)
        return out or [_PASS]

    def _add_claims(self, seat: int, out: list[Action], only: int = -1) -> None:
        """Append every claim `seat` can make, with each payment it can make.

        First a bitmask of the tracks worth a look: per colour, those no
        longer than the seat's cards could cover (and its trains), less the
        tracks it may not claim. Its bits, lowest first, meet the tracks in
        listing order (tables: scan order), a group of one colour and length
        at a time. A coloured group's claims depend on two capped counts of
        the hand and on which of its tracks are open, so they are memoized
        per group; a gray group's payments depend on every colour, so they
        are worked out per call.
        """
        tables = self.tables
        get = self.hands[seat].get
        counts = [get(c, 0) for c in tables.colors]
        locos = get(LOCOMOTIVE, 0)
        ferry_cards = get(FERRY, 0)
        top = self.trains[seat]
        if top > tables.longest:
            top = tables.longest
        reach = 0
        for have, by_limit in zip(counts, tables.color_reach):  # noqa: B905 (same length)
            limit = have + locos  # a coloured track has no wave spaces for ferry cards
            reach |= by_limit[limit if limit < top else top]
        # a ferry card covers up to two wave spaces (only gray tracks have them)
        limit = max(counts) + locos + 2 * ferry_cards
        reach |= tables.gray_reach[limit if limit < top else top]
        todo = reach & ~(self._blocked_masks or self._blocked())[seat] & only
        group_at = tables.group_at
        while todo:
            group = group_at[(todo & -todo).bit_length() - 1]
            open_bits = todo & group.mask
            todo ^= open_bits
            if group.slot < 0:
                self._add_gray_claims(group, open_bits, counts, locos, ferry_cards, out)
                continue
            length = group.length
            have = counts[group.slot]
            key = (have if have < length else length, locos if locos < length else length,
                   open_bits)
            claims = group.claims.get(key)
            if claims is None:
                claims = self._group_claims(group, open_bits, counts, locos, key)
            out += claims

    def _group_claims(self, group: ClaimGroup, open_bits: int, counts: list[int], locos: int,
                      key: tuple[int, int, int]) -> tuple[Action, ...]:
        """Build and memoize the claims of a coloured group's open tracks for a hand.

        A coloured track has no wave spaces, so ferry cards play no part.
        """
        tracks, colors = self.board.tracks, self.tables.colors
        claims = tuple(
            {"type": "claim", "track": track_id, "cards": pay}
            for index, bit, track_id, _ in group.members if open_bits & bit
            for pay in payment_options(tracks[index], group.slot, counts, locos, 0, colors))
        group.claims[key] = claims
        return claims

    def _add_gray_claims(self, group: ClaimGroup, open_bits: int, counts: list[int],
                         locos: int, ferry_cards: int, out: list[Action]) -> None:
        tracks, colors = self.board.tracks, self.tables.colors
        if group.same_waves:  # one set of payments for the whole group
            options = payment_options(tracks[group.members[0][0]], -1, counts, locos,
                                      ferry_cards, colors)
            if options:
                out += [{"type": "claim", "track": track_id, "cards": pay}
                        for track_id in group.open_ids(open_bits) for pay in options]
            return
        for index, bit, track_id, _ in group.members:
            if open_bits & bit:
                out += [{"type": "claim", "track": track_id, "cards": pay}
                        for pay in payment_options(tracks[index], -1, counts, locos,
                                                   ferry_cards, colors)]

    def _min_keep(self, seat: int) -> int:
        offered = len(self.pending[seat] or ())
        wanted = self.rules.initial_keep if self.phase == "setup" else self.rules.draw_keep
        return min(wanted, offered)

    def _can_draw_ferry(self, seat: int) -> bool:
        return (self.rules.ferry_cards > 0 and self.ferry_pile > 0
                and self.hands[seat].get(FERRY, 0) < self.rules.ferry_hold_limit)

    def _claim_problem(self, seat: int, track: Track) -> IllegalAction | None:
        if track.index in self.claimed:
            return IllegalAction(N_("{a}-{b} is already claimed"), a=track.a, b=track.b)
        if self.trains[seat] < track.length:
            return IllegalAction(N_("{a}-{b} needs {length} trains; you have {left} left"),
                                 a=track.a, b=track.b, length=track.length,
                                 left=self.trains[seat])
        for sibling in self.board.parallel[track.id]:
            owner = self.claimed.get(sibling)
            if owner is None:
                continue
            if owner == seat:
                return IllegalAction(N_("you already hold a track between {a} and {b}"),
                                     a=track.a, b=track.b)
            if self.players < self.rules.all_parallel_from:
                return IllegalAction(N_("with {players} players only one track between {a} "
                                        "and {b} can be used, and it is taken"),
                                     players=self.players, a=track.a, b=track.b)
        return None
