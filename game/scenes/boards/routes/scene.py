"""The route games on the shared table: targets, actions, animations, words.

Drawing lives in `drawing.py` (a mixin); the shared table does the rest
(sessions, hand-off, bots, focus, players panel, log, results).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.anim.tween import Tween, ease_in_out_cubic, ease_out_back, linear, scaled
from game.narration.routes import card_word
from game.narration.routes import describe as narrate
from game.rules.base import Action, Event
from game.rules.routes import load_board
from game.rules.routes.board import GRAY, LOCOMOTIVE
from game.rules.routes.geometry import PARALLEL_OFFSET, SPACE_WIDTH, BoardGeometry
from game.rules.routes.scoring import longest_trail
from game.scenes.boards.routes import layout as L
from game.scenes.boards.routes.drawing import RoutesDrawing
from game.scenes.choice import ChoiceScene
from game.scenes.table import TableScene
from game.ui import theme
from game.words import i18n
from game.words.i18n import N_, _, ngettext
from game.words.places import pair, place

SOUNDS = {"card_drawn": "card", "route_claimed": "claim", "final_round": "horn",
          "tickets_offered": "card", "ferry_drawn": "card"}


class RoutesBoardScene(RoutesDrawing, TableScene):
    players_rect = L.PLAYERS_RECT
    player_row = L.PLAYER_ROW

    @property
    def log_rect(self) -> pygame.Rect:
        """A spectator (and a hidden hot-seat screen) has no tickets to list: the
        log grows into their room."""
        return L.SPECTATOR_LOG_RECT if self.viewer is None else L.LOG_RECT

    def setup_board(self) -> None:
        self.board = load_board(self.shown["board"])
        bw, bh = self.board.size
        self.portrait = bw / bh < 1.2
        self.board_rect = L.PORTRAIT_BOARD_RECT if self.portrait else L.BOARD_RECT
        self.geo = BoardGeometry(self.board, self.board_rect)
        self.static: pygame.Surface | None = None
        self.static_key: Any = None
        self.claims_layer: pygame.Surface | None = None
        self.claims_key: Any = None
        self.highlight_tracks: set[str] = set()
        # at the end: every seat's tickets on the map, (a, b, done, seat) each
        self.ticket_arcs: list[tuple[str, str, bool, int]] = []
        self._regions_key: Any = None
        self._regions_cache: dict[int, list[int]] = {}
        self._board_layer(set())  # draw the static map now, not in the first frame

    # --- targets ------------------------------------------------------------------

    def focus_targets(self) -> list[tuple[str, Any]]:
        items: list[tuple[str, Any]] = []
        for slot, card in enumerate(self.shown["face_up"]):
            if card is not None:
                items.append(("face_up", slot))
        items += [("deck", None), ("tickets", None)]
        if "ferry_pile" in self.shown:
            items.append(("ferry", None))
        claimable = {a["track"] for a in self.legal if a["type"] == "claim"}
        shapes = sorted((self.geo.tracks[t].middle, t) for t in claimable)
        items += [("track", t) for _unused, t in shapes]
        if self.viewer is not None:
            items += [("ticket", i) for i in range(len(self.shown["private"].get("tickets", [])))]
        return items

    def selectable(self, item: tuple[str, Any]) -> bool:
        # a ticket only lights its cities when focused; a claimed route only explains itself
        return item[0] not in ("ticket", "claimed")

    def item_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        for slot in range(len(self.shown["face_up"])):
            if L.face_up_rect(slot).collidepoint(pos):
                return ("face_up", slot)
        for item, rect in (("deck", L.DECK_RECT), ("tickets", L.TICKET_PILE_RECT)):
            if rect.collidepoint(pos):
                return (item, None)
        if "ferry_pile" in self.shown and L.FERRY_PILE_RECT.collidepoint(pos):
            return ("ferry", None)
        if self.viewer is not None:
            for slot, i in enumerate(self.visible_tickets()):
                if L.ticket_rect(slot).collidepoint(pos):
                    return ("ticket", i)
        if pygame.Rect(self.board_rect).collidepoint(pos):
            tid = self.geo.track_at(pos)  # the route nearest the mouse, claimed or free
            if tid:
                tid = self._claimable_beside(tid, pos)
                return ("claimed" if tid in self.shown["routes"] else "track", tid)
        return None

    def _claimable_beside(self, tid: str, pos: tuple[int, int]) -> str:
        """A double route is one target: where the player can claim only one
        of its tracks, a point on or near either is that one (a claimed track
        pointed at on its own cars still says whose it is)."""
        claimable = {a["track"] for a in self.legal if a["type"] == "claim"}
        siblings = {self.board.tracks[i].id for i in self.board.parallel[tid]}
        if tid in claimable or not claimable & siblings:
            return tid
        if tid in self.shown["routes"] and self.geo.tracks[tid].distance(pos) <= (
                SPACE_WIDTH * self.geo.scale / 2):
            return tid
        return self.geo.track_at(pos, among=claimable & siblings,
                                 tolerance=3 * PARALLEL_OFFSET) or tid

    # --- tooltips -------------------------------------------------------------------

    def tooltip_anchor(self, item: tuple[str, Any]) -> pygame.Rect | None:
        kind, value = item
        if kind in ("track", "claimed"):
            spaces = self.geo.tracks[value].spaces
            xs = [x for space in spaces for x, _unused in space.corners]
            ys = [y for space in spaces for _unused, y in space.corners]
            return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        rects = {"face_up": lambda: L.face_up_rect(value), "deck": lambda: L.DECK_RECT,
                 "tickets": lambda: L.TICKET_PILE_RECT, "ferry": lambda: L.FERRY_PILE_RECT}
        return rects[kind]() if kind in rects else None

    def tooltip(self, item: tuple[str, Any]) -> str | None:
        kind, value = item
        view = self.shown
        if kind in ("track", "claimed"):
            track = self.board.track_by_id[value]
            points = self.board.route_points[track.length]
            spaces = ngettext("{count} {color} space", "{count} {color} spaces",
                              track.length).format(count=track.length,
                                                   color=card_word(track.color))
            if track.ferries:
                spaces = ngettext("{spaces}, {count} of them a ferry space",
                                  "{spaces}, {count} of them ferry spaces",
                                  track.ferries).format(spaces=spaces, count=track.ferries)
            what = ngettext("{a} - {b}: {spaces}, {points} point.",
                            "{a} - {b}: {spaces}, {points} points.", points).format(
                a=place(track.a), b=place(track.b), spaces=spaces, points=points)
            owner = view["routes"].get(value)
            if owner is not None:
                return _("{route} Claimed by {name}.").format(route=what,
                                                              name=self.seat_name(owner))
            claimable = any(a["type"] == "claim" and a["track"] == value for a in self.legal)
            if claimable:
                return _("{route} You can claim it now.").format(route=what)
            if track.color == GRAY:
                return _("{route} Pay with any one colour (locomotives are any colour).").format(
                    route=what)
            return _("{route} Pay with {color} cards (locomotives are any colour).").format(
                route=what, color=card_word(track.color))
        if kind == "face_up":
            card = view["face_up"][value] if value < len(view["face_up"]) else None
            if card is None:
                return None
            if card == LOCOMOTIVE:
                return _("A face-up locomotive: any colour. Taken as your first card it is "
                         "your whole draw; it cannot be your second.")
            return _("A face-up {color} card: take it as one of your two cards.").format(
                color=card_word(card))
        if kind == "deck":
            return ngettext("The deck ({count} card): draw its top card, unseen.",
                            "The deck ({count} cards): draw its top card, unseen.",
                            view["deck"]).format(count=view["deck"])
        if kind == "tickets":
            return _("Destination tickets ({count} left): draw some and keep "
                     "at least one; this is your whole turn.").format(count=view["tickets_deck"])
        if kind == "ferry":
            return _("Ferry cards ({count} left): one pays two wave "
                     "spaces of a ferry. Drawing one is your whole turn.").format(
                         count=view.get("ferry_pile", 0))
        return None

    ticket_scroll = 0

    def visible_tickets(self) -> range:
        count = len(self.shown["private"].get("tickets", [])) if self.viewer is not None else 0
        self.ticket_scroll = max(0, min(self.ticket_scroll, count - L.TICKET_ROWS))
        return range(self.ticket_scroll, min(count, self.ticket_scroll + L.TICKET_ROWS))

    def on_wheel(self, step: int, pos: tuple[int, int]) -> bool:
        if not L.TICKETS_RECT.collidepoint(pos):
            return False
        self.ticket_scroll -= step
        self.visible_tickets()
        return True

    def show_ticket(self, index: int) -> None:
        """Scroll the ticket list so that ticket `index` shows (keyboard focus)."""
        if index < self.ticket_scroll:
            self.ticket_scroll = index
        elif index >= self.ticket_scroll + L.TICKET_ROWS:
            self.ticket_scroll = index - L.TICKET_ROWS + 1

    def ticket_progress(self) -> list[str]:
        """Per ticket of the viewer: "done", the spaces still to claim on the cheapest
        way left, or "blocked" (cached until a route is claimed)."""
        tickets = self.shown["private"].get("tickets", []) if self.viewer is not None else []
        key = (self.viewer, len(self.shown["routes"]), len(tickets), i18n.language())
        if getattr(self, "_progress_key", None) != key:
            from game.bots.families.routes_graph import INF
            from game.bots.families.routes_planner import RoutesPlanner
            planner = RoutesPlanner(self.shown) if tickets else None
            out = []
            for t in tickets:
                if t["done"]:
                    out.append(_("done"))
                    continue
                cost, tracks = planner.path(t["a"], t["b"], set())
                out.append(_("blocked") if cost >= INF else
                           _("{count} to go").format(count=sum(tr.length for tr in tracks)))
            self._progress_key, self._progress = key, out
        return self._progress

    def button_rect(self, index: int) -> pygame.Rect:
        return L.BUTTON_RECT.move(0, index * 64)

    # --- acting -------------------------------------------------------------------

    def activate(self, item: tuple[str, Any]) -> None:
        kind, value = item
        simple = {"face_up": {"type": "draw_face_up", "slot": value},
                  "deck": {"type": "draw_deck"}, "tickets": {"type": "draw_tickets"},
                  "ferry": {"type": "draw_ferry"}}
        if kind in simple:
            self.try_action(simple[kind])
        elif kind == "track":
            self.claim(value)

    def action_items(self, action: Action) -> list[tuple[str, Any]]:
        """What a hint or the coach lights for `action`: the route, the card, the pile."""
        kind = action.get("type")
        piles = {"draw_deck": "deck", "draw_tickets": "tickets", "draw_ferry": "ferry"}
        if kind == "draw_face_up":
            return [("face_up", action.get("slot"))]
        if kind in piles:
            return [(piles[kind], None)]
        if kind == "claim" and action.get("track") in self.geo.tracks:
            return [("track", action["track"])]
        return []

    def lights_itself(self, item: tuple[str, Any]) -> bool:
        return item[0] in ("track", "claimed")    # a slanted route: its own spaces, lit

    def draw_spotlight(self, surface: pygame.Surface, item: tuple[str, Any]) -> None:
        from game.ui import route_drawing as rd

        rd.outline_track(surface, self.geo, item[1], (16, 18, 24), 9)
        rd.outline_track(surface, self.geo, item[1], theme.FOCUS, 5)
        track = self.board.track_by_id[item[1]]
        for city in (track.a, track.b):
            rd.ring_city(surface, self.geo, city)

    def claim(self, track_id: str) -> None:
        """Claim a route: with "confirm first" (and always on a LAN) the route and its
        payment show before anything is spent; with one click it is claimed at once
        and can be taken back for a few seconds."""
        options = [a for a in self.legal if a["type"] == "claim" and a["track"] == track_id]
        track = self.board.track_by_id[track_id]
        if not options:
            color = track.color if track.color != GRAY else self.board.colors[0]
            self.try_action({"type": "claim", "track": track_id,
                             "cards": {color: track.length}})
            return
        confirm = self.app.settings.confirm_moves or self.session.remote
        if len(options) == 1 and not confirm:
            self._claim_now(options[0])
            return
        points = self.board.route_points[track.length]
        self.app.push(ChoiceScene(
            self.app, _("Claim {a} - {b}?").format(a=place(track.a), b=place(track.b)),
            options[:8],
            lambda chosen: self._claim_now(options[chosen[0]]), on_cancel=lambda: None,
            subtitle=_("{spaces} spaces, {points} points: pay with").format(
                spaces=track.length, points=points),
            draw_row=self._draw_payment_row, chosen=[0], confirm=True,
            preview=lambda surface, _unused: self._outline(surface, track_id), row_height=56))

    def _claim_now(self, action: Action) -> None:
        if self.act(action) and not (self.app.settings.confirm_moves or self.session.remote):
            self.offer_undo()

    # what the log and each hand-off recap held before a move that may be taken back
    _before_move: tuple[int, dict[int, int]] = (0, {})

    def offer_undo(self, seconds: float = 3.0) -> None:
        """Undo for a few seconds; what the log and the recaps hold now is kept
        aside, so an undo also takes the move's lines back out of them."""
        self._before_move = (len(self.log.entries),
                             {seat: len(events) for seat, events in self.unseen.items()})
        super().offer_undo(seconds)

    def undo(self) -> None:
        """Take the move back, and its lines in the log and in the other players'
        recaps (their hand-off would name it and their board light its route)."""
        taken_back = self.session.can_undo(self.undo_seat)
        super().undo()
        if not taken_back:
            return
        entries, unseen = self._before_move
        self.log.keep_first(entries)
        for seat, events in self.unseen.items():
            del events[unseen.get(seat, 0):]

    def choice_for(self, pending: dict[str, Any]) -> ChoiceScene | None:
        if pending.get("kind") != "keep_tickets":
            return None
        tickets = pending["options"]
        return ChoiceScene(
            self.app, _("Destination tickets"), tickets,
            lambda chosen: self.answer({"type": "keep_tickets",
                                        "keep": [tickets[i]["id"] for i in chosen]}),
            low=pending["min"], high=pending["max"], chosen=range(len(tickets)),
            subtitle=_("Keep at least {count}; the rest go under the pile").format(
                count=pending["min"]),
            draw_row=self._draw_ticket_row, preview=self._preview_ticket)

    # --- words --------------------------------------------------------------------

    def status(self) -> str:
        view = self.shown
        if view["phase"] == "setup":
            return _("Everyone chooses their first destination tickets")
        if view["phase"] == "over":
            return _("Game over")
        status = _("{name}'s turn").format(name=self.seat_name(view["current"]))
        if view["cards_drawn"]:
            status = _("{status} - one more train card").format(status=status)
        if view["final_round"]:
            status = ngettext("{status}  |  FINAL ROUND ({count} turn left)",
                              "{status}  |  FINAL ROUND ({count} turns left)",
                              view["final_turns"]).format(status=status,
                                                          count=view["final_turns"])
        return status

    def describe(self, event: Event) -> str | None:
        return narrate(event, self.seat_name, self.shown)

    def player_columns(self) -> list[tuple[str, int]]:
        wide = "ferry_pile" not in self.shown
        width = 64 if wide else 56
        columns = [(N_("score"), width), (N_("trains"), width), (N_("cards"), width),
                   (N_("tickets"), width)]
        if not wide:
            columns.append((N_("ferries"), width))
        return columns

    def player_values(self, seat: int, player: dict[str, Any]) -> list[str]:
        values = [player["score"], player["trains"], player["cards"], player["tickets"]]
        if "ferries" in player:
            values.append(player["ferries"])
        return [str(v) for v in values]

    def player_note(self, seat: int) -> str | None:
        regions = self._regions_by_seat().get(seat)
        if not regions:
            return None
        return _("regions {counts}").format(counts=" + ".join(map(str, regions[:4])))

    def _regions_by_seat(self) -> dict[int, list[int]]:
        """Each seat's regions per network (boards with regions), from public routes."""
        if not getattr(self.board, "regions", None):
            return {}
        key = tuple(sorted(self.shown["routes"].items()))
        if self._regions_key != key:
            from game.rules.routes.scoring import region_networks
            by_seat: dict[int, list[tuple[str, str]]] = {}
            for tid, seat in self.shown["routes"].items():
                t = self.board.track_by_id[tid]
                by_seat.setdefault(seat, []).append((t.a, t.b))
            self._regions_cache = {s: [n for n in region_networks(self.board, pairs) if n]
                                   for s, pairs in by_seat.items()}
            self._regions_key = key
        return self._regions_cache

    # --- results hooks --------------------------------------------------------------

    def results_reveal(self, result: dict[str, Any]) -> tuple[int, str]:
        """Light the longest route on the board; (ticks to show it, its banner)."""
        board, routes = self.board, self.shown["routes"]
        holders = [b for b in result["breakdown"] if b.get("longest_bonus")]
        lit: set[str] = set()
        for b in holders:
            mine = [board.track_by_id[t] for t, s in routes.items() if s == b["seat"]]
            _unused, used = longest_trail([(board.node(t.a, t), board.node(t.b, t), t.length)
                                     for t in mine])
            lit.update(mine[i].id for i in used)
        self.highlight_tracks = lit
        self.ticket_arcs = [(t["a"], t["b"], bool(t["done"]), b["seat"])
                            for b in result["breakdown"] for t in b.get("tickets", [])]
        if not holders:
            return 0, ""
        names = _(" and ").join(self.seat_name(b["seat"]) for b in holders)
        return 150, ngettext("Longest route: {names}, {count} car (+{bonus})",
                             "Longest route: {names}, {count} cars (+{bonus})",
                             holders[0]["longest"]).format(
            names=names, count=holders[0]["longest"], bonus=holders[0]["longest_bonus"])

    def race_measure(self, result: dict[str, Any], over: bool) -> list[float]:
        """Points for claimed routes as the table saw them; the final score
        (tickets and bonuses revealed) at the end."""
        if over:
            return list(result["scores"])
        return [b["route_points"] for b in result["breakdown"]]

    def race_label(self) -> str:
        return N_("Route points, then the final score")

    def results_lines(self, entry: dict[str, Any]) -> list[str]:
        lines = [_("Routes: {points}").format(points=entry["route_points"])]
        if "longest" in entry and "region_bonus" not in entry:
            bonus = f" +{entry['longest_bonus']}" if entry.get("longest_bonus") else ""
            lines.append(_("Longest route: {count}{bonus}").format(count=entry["longest"],
                                                                  bonus=bonus))
        if "region_bonus" in entry:
            regions = ", ".join(str(r) for r in entry.get("regions", []))
            lines.append(_("Regions: {counts} +{bonus}").format(counts=regions or "-",
                                                               bonus=entry["region_bonus"]))
        return lines

    def results_items(self, entry: dict[str, Any]) -> list[tuple[str, str, bool]]:
        return [(pair(t['a'], t['b']), f"{'+' if t['done'] else '-'}{t['points']}",
                 bool(t["done"])) for t in entry["tickets"]]

    # --- events to animations -------------------------------------------------------

    def sounds(self, events: list[Event]) -> list[str]:
        found = [SOUNDS[e["type"]] for e in events if e["type"] in SOUNDS]
        return found + super().sounds(events)

    def _hand_target(self, seat: int, card: str | None) -> tuple[float, float]:
        if seat == self.viewer and card is not None:
            return self._hand_slot_rect(card).center
        return (L.PANEL_X + 40, L.PLAYERS_Y + seat * L.PLAYER_ROW + L.PLAYER_ROW // 2)

    def start_animation(self) -> None:
        """The deal: four cards to every seat, the viewer's face up."""
        if self.shown["turn"] != 0 or self.shown["phase"] != "setup" or self.speed <= 0:
            return
        hand = self.shown["private"].get("hand", {}) if self.viewer is not None else {}
        viewer_cards = [c for c, n in sorted(hand.items()) for _i in range(n)]
        tweens, k = [], 0
        for round_ in range(4):
            for seat in range(len(self.shown["players"])):
                card = None
                if seat == self.viewer and round_ < len(viewer_cards):
                    card = viewer_cards[round_]
                tweens.append(Tween(scaled(16, self.speed), delay=k * scaled(3, self.speed),
                                    easing=ease_in_out_cubic, data={
                    "kind": "fly", "card": card, "from": L.DECK_RECT.center,
                    "to": self._hand_target(seat, card)}))
                k += 1
        self.animator.add_batch(tweens)

    def animate(self, events: list[Event]) -> None:
        speed, anim = self.speed, self.animator
        for event in events:
            kind = event["type"]
            if kind == "card_drawn":
                seat = event["seat"]
                if event["source"] == "face_up":
                    card, start = event["card"], L.face_up_rect(event["slot"]).center
                else:
                    card, start = event.get("private", {}).get("card"), L.DECK_RECT.center
                anim.add_batch([Tween(scaled(22, speed), easing=ease_in_out_cubic, data={
                    "kind": "fly", "card": card, "from": start,
                    "to": self._hand_target(seat, card), "hide_slot": event.get("slot")})])
            elif kind == "face_up_refilled" and event["card"] is not None:
                anim.add_batch([Tween(scaled(14, speed), easing=ease_out_back, data={
                    "kind": "fly", "card": event["card"], "from": L.DECK_RECT.center,
                    "to": L.face_up_rect(event["slot"]).center, "hide_slot": event["slot"]})])
            elif kind == "face_up_reset":
                self._animate_reset(event)
            elif kind == "route_claimed":
                shape = self.geo.tracks[event["track"]]
                hops = [Tween(scaled(16, speed), delay=i * scaled(7, speed), easing=linear,
                              data={"kind": "car", "track": event["track"], "space": i,
                                    "seat": event["seat"]})
                        for i in range(len(shape.spaces))]
                hops.append(Tween(scaled(50, speed), easing=linear, data={
                    "kind": "points", "text": f"+{event['points']}", "at": shape.middle,
                    "seat": event["seat"]}))
                anim.add_batch(hops)
            elif kind == "tickets_offered":
                target = self._hand_target(event["seat"], None)
                anim.add_batch([Tween(scaled(18, speed), delay=i * scaled(4, speed), data={
                    "kind": "ticket", "from": L.TICKET_PILE_RECT.center, "to": target})
                    for i in range(event["count"])])
            elif kind == "ferry_drawn":
                anim.add_batch([Tween(scaled(20, speed), data={
                    "kind": "fly", "card": L.FERRY, "from": L.FERRY_PILE_RECT.center,
                    "to": self._hand_target(event["seat"], L.FERRY)})])
            elif kind == "final_round":
                anim.add_batch([Tween(scaled(90, speed), easing=linear, data={
                    "kind": "banner", "text": _("Final round! Everyone plays one more turn")})])
            elif kind == "deck_reshuffled":
                self.app.toast(_("The discard is shuffled into a new deck"), theme.ACCENT, 2)

    def _animate_reset(self, event: Event) -> None:
        speed = self.speed
        self.animator.add_batch([Tween(scaled(18, speed), delay=i * scaled(3, speed), data={
            "kind": "fly", "card": c, "from": L.face_up_rect(i).center,
            "to": L.DISCARD_POS, "hide_slot": i}) for i, c in enumerate(event["discarded"])])
        self.animator.add_batch([Tween(scaled(14, speed), delay=i * scaled(4, speed),
                                       easing=ease_out_back, data={
            "kind": "fly", "card": c, "from": L.DECK_RECT.center,
            "to": L.face_up_rect(i).center, "hide_slot": i, "hide_all": True})
            for i, c in enumerate(event["face_up"]) if c is not None])
        self.app.toast(_("Three locomotives face up: the row is replaced"), theme.ACCENT)

    def _hand_cards(self) -> list[str]:
        return list(self.board.colors) + [LOCOMOTIVE] + (
            [L.FERRY] if "ferry_pile" in self.shown else [])

    recap_tracks: frozenset[str] = frozenset()
    recap_ticks = 0

    def show_recap(self, events: list[Event]) -> None:
        """Routes claimed since this player's last turn glow for a few seconds."""
        self.recap_tracks = frozenset(e["track"] for e in events
                                      if e.get("type") == "route_claimed")
        self.recap_ticks = 180 if self.recap_tracks else 0

    def update(self) -> None:
        super().update()
        if self.recap_ticks:
            self.recap_ticks -= 1

    def act(self, action: Action) -> bool:
        self.highlight_tracks = set()
        self.ticket_arcs = []
        self.recap_ticks = 0
        return super().act(action)
