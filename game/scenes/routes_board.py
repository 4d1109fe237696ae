"""The board scene of the route-building games (North America, Italia).

It draws the authoritative view it was last given and animates the events
that lead to the next one (cards flying, cars hopping onto a route), then
snaps to the new view. Humans act with mouse, keyboard or controller; bots
act at a pace people can follow; in hot-seat games a hand-off screen comes
before any player's secrets show.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame

from game.anim.tween import (
    Animator,
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    hop,
    lerp2,
    linear,
    scaled,
)
from game.rules.base import Action, Event, View
from game.rules.routes.board import GRAY, LOCOMOTIVE, load_board
from game.scenes.base import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.route_geometry import BoardGeometry
from game.ui.widgets import draw_card, focus_ring, panel

BOARD_RECT = (10, 62, 1420, 896)
# A portrait board (Italy) takes the full height; the hand becomes a column
# in the space its narrow map leaves on the left.
HAND_COLUMN_W = 200
PORTRAIT_BOARD_RECT = (10 + HAND_COLUMN_W + 10, 62, 1420 - HAND_COLUMN_W - 10, 1008)
PANEL_X, PANEL_W = 1444, 466
CARD_W, CARD_H = 82, 112
FACE_UP_Y = 96
PILES_Y = 242
PLAYERS_Y = 428
PLAYER_ROW = 50
TICKETS_Y = 690
TICKET_ROW = 27
LOG_Y = 902
HAND_Y, HAND_H = 966, 106
FERRY = "ferry"


_POOL = None


def _bot_pool():
    """One worker thread for bots' thinking, shared by every board scene."""
    global _POOL
    if _POOL is None:
        from concurrent.futures import ThreadPoolExecutor
        _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="railparty-bot")
    return _POOL


def face_up_rect(slot: int) -> pygame.Rect:
    return pygame.Rect(PANEL_X + slot * (CARD_W + 10), FACE_UP_Y, CARD_W, CARD_H)


DECK_RECT = pygame.Rect(PANEL_X, PILES_Y, CARD_W, CARD_H)
TICKET_PILE_RECT = pygame.Rect(PANEL_X + CARD_W + 10, PILES_Y, CARD_W, CARD_H)
FERRY_PILE_RECT = pygame.Rect(PANEL_X + 2 * (CARD_W + 10), PILES_Y, CARD_W, CARD_H)
DISCARD_POS = (PANEL_X + 3 * (CARD_W + 10) + 10, PILES_Y + 20)


class RoutesBoardScene(Scene):
    def __init__(self, app, session, on_exit=None):
        super().__init__(app)
        self.session = session
        self.on_exit = on_exit
        public = session.view(None)
        self.board = load_board(public["board"])
        bw, bh = self.board.size
        self.portrait = bw / bh < 1.2
        self.board_rect = PORTRAIT_BOARD_RECT if self.portrait else BOARD_RECT
        self.geo = BoardGeometry(self.board, self.board_rect)
        self.seat_info = session.seats()
        self.viewer: int | None = None
        self.last_viewer: int | None = None
        self.handoff_for: int | None = None
        self.shown: View = public
        self.legal: list[Action] = []
        self.queue: deque[tuple[list[Event], View | None]] = deque()
        self.animator = Animator()
        self.static: pygame.Surface | None = None
        self.static_key: Any = None
        self.claims_layer: pygame.Surface | None = None
        self.claims_key: Any = None
        self.focus = 0
        self.focus_items: list[tuple[str, Any]] = []
        self.hover: tuple[str, Any] | None = None
        self.log: deque[str] = deque(maxlen=6)
        self.bot_wait = 0
        self.bot_future = None
        self.results_shown = False
        self.highlight_tracks: set[str] = set()
        self.overlay_open = False
        self._choose_viewer(initial=True)
        self._refresh_view()
        self._board_layer(set())  # draw the static map now, not in the first frame
        import game.bots.families.routes  # noqa: F401  (load now, not in a bot's first turn)
        self._deal_animation()

    # --- who is looking ---------------------------------------------------------

    @property
    def speed(self) -> float:
        return self.app.settings.animation

    def _human_to_act(self) -> int | None:
        humans = self.session.humans
        return next((s for s in self.session.to_act if s in humans), None)

    def _choose_viewer(self, initial: bool = False) -> None:
        """Decide whose secrets show; ask for a hand-off between two humans."""
        humans = self.session.humans
        if not humans:
            self.viewer = None
            return
        if len(humans) == 1:
            self.viewer = humans[0]
            return
        seat = self._human_to_act()
        if seat is None:
            self.viewer = None  # a bot plays: nobody's secrets on screen
            return
        if seat == self.viewer or self.handoff_for == seat:
            return
        if self.last_viewer is None or self.last_viewer == seat:
            self.viewer = self.last_viewer = seat
            return
        from game.scenes.handoff import HandoffScene

        self.viewer = None
        self.handoff_for = seat
        self.app.push(HandoffScene(self.app, self.seat_info[seat]["name"],
                                   self.seat_info[seat]["color"],
                                   lambda s=seat: self._handoff_done(s)))

    def _handoff_done(self, seat: int) -> None:
        self.handoff_for = None
        self.viewer = self.last_viewer = seat
        self._refresh_view()

    def _refresh_view(self) -> None:
        if getattr(self.session, "remote", False):
            self.seat_info = self.session.seats()  # names, connections may change
        self.shown = self.session.view(self.viewer)
        acting = self.viewer is not None and self.viewer in self.session.to_act
        self.legal = self.session.legal(self.viewer) if acting else []
        self._build_focus()

    def _offer_key(self, pending: dict) -> tuple:
        return (tuple(t["id"] for t in pending["options"]), self.shown["turn"], self.viewer)

    def answered(self, pending: dict) -> None:
        """The viewer answered this offer (a LAN view may show it a moment longer)."""
        self.answered_offer = self._offer_key(pending)

    answered_offer: tuple | None = None

    def _open_choices(self) -> None:
        """A pending ticket offer of the viewer opens its choice over the board."""
        acting = self.viewer is not None and self.viewer in self.session.to_act
        pending = self.shown["private"].get("pending") if acting else None
        if pending and self._offer_key(pending) == self.answered_offer:
            return  # answered already; the host's update is on its way
        if pending and not self.overlay_open:
            from game.scenes.routes_overlays import TicketChoiceScene
            self.overlay_open = True
            self.app.push(TicketChoiceScene(self.app, self, pending))

    # --- the update tick ------------------------------------------------------

    def update(self) -> None:
        for text, kind in self.session.notices():
            self.app.toast(text, theme.ERROR if kind == "error" else theme.ACCENT)
        for events in self.session.poll():
            self.queue.append((events, None))
            for event in events:
                line = self._describe(event)
                if line:
                    self.log.append(line)
        self.animator.update(1)
        if self.animator.busy:
            return
        if self.queue:
            events, _ = self.queue.popleft()
            self._animate(events)
            if self.animator.busy:
                return
        if self.queue:
            return
        if self._needs_snap:
            self._needs_snap = False
            self._choose_viewer()
            self._refresh_view()
        if self.session.is_over:
            self._show_results()
            return
        if self.app.top is not self:
            return
        self._open_choices()
        seat = self.session.bot_seat()
        if seat is None:
            return
        if self.bot_future is not None:
            if self.bot_future.done():
                future, self.bot_future = self.bot_future, None
                self.session.play_bot_action(seat, future.result())
            return
        self.bot_wait += 1
        if self.bot_wait >= scaled(60 * self.app.settings.bot_pace, max(self.speed, 0.25)):
            self.bot_wait = 0
            if self.app.realtime:
                # think on a worker thread: frames keep flowing while a bot plans
                self.bot_future = _bot_pool().submit(self.session.bot_job(seat))
            else:
                self.session.play_bot(seat)  # stepped by a test or a tool: stay in step

    _needs_snap = False

    def fast_forward(self) -> None:
        """Finish every animation now (a human acts; input is never locked)."""
        self.animator.finish()
        self.queue.clear()
        for events in self.session.poll():
            for event in events:
                line = self._describe(event)
                if line:
                    self.log.append(line)
        self._needs_snap = False
        self._choose_viewer()
        self._refresh_view()

    def _show_results(self) -> None:
        if self.results_shown:
            return
        self.results_shown = True
        from game.scenes.results import RoutesResultsScene
        self.shown = self.session.view(self.viewer)
        self.app.push(RoutesResultsScene(self.app, self, self.session.result()))

    # --- acting ---------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Submit a human action; an illegal one shows the engine's reason."""
        from game.rules import IllegalAction

        if self.viewer is None:
            return False
        try:
            self.session.submit(self.viewer, action)
        except IllegalAction as exc:
            self.app.toast(str(exc))
            return False
        self._needs_snap = True
        return True

    def try_action(self, action: Action) -> None:
        if action in self.legal or getattr(self.session, "remote", False):
            self.act(action)
            return
        reason = self.session.explain(self.viewer, action) if self.viewer is not None else None
        self.app.toast(reason or "You cannot do that now")

    def claim(self, track_id: str) -> None:
        options = [a for a in self.legal if a["type"] == "claim" and a["track"] == track_id]
        track = self.board.track_by_id[track_id]
        if not options:
            color = track.color if track.color != GRAY else self.board.colors[0]
            self.try_action({"type": "claim", "track": track_id,
                             "cards": {color: track.length}})
            return
        if len(options) == 1:
            self.act(options[0])
            return
        from game.scenes.routes_overlays import PaymentChoiceScene
        self.app.push(PaymentChoiceScene(self.app, self, track, options))

    def activate(self, item: tuple[str, Any]) -> None:
        kind, value = item
        if self.session.awaiting:
            return  # the host has not answered the last action yet
        if self.viewer is None or self.viewer not in self.session.to_act:
            self.app.toast("Wait for your turn", theme.ACCENT)
            return
        if kind == "face_up":
            self.try_action({"type": "draw_face_up", "slot": value})
        elif kind == "deck":
            self.try_action({"type": "draw_deck"})
        elif kind == "tickets":
            self.try_action({"type": "draw_tickets"})
        elif kind == "ferry":
            self.try_action({"type": "draw_ferry"})
        elif kind == "track":
            self.claim(value)
        elif kind == "pass":
            self.try_action({"type": "pass"})

    kiosk = False  # set by the kiosk: no input, nobody's secrets

    def handle(self, intent: Intent) -> bool:
        if self.kiosk:
            return True
        if intent.kind == "back" or intent.kind == "menu":
            self.request_quit()
            return True
        if intent.kind == "move" and intent.pos:
            self.hover = self._item_at(intent.pos)
            return True
        if self.animator.busy or self.queue:
            if intent.kind in ("click", "select"):
                self.fast_forward()
            elif intent.kind not in ("next", "prev", "left", "right", "up", "down"):
                return True
        if intent.kind == "click" and intent.pos:
            item = self._item_at(intent.pos)
            if item is not None and item[0] != "ticket":
                self.activate(item)
            return True
        if intent.kind in ("next", "right", "down") and self.focus_items:
            step = 5 if intent.kind == "down" else 1
            self.focus = (self.focus + step) % len(self.focus_items)
            return True
        if intent.kind in ("prev", "left", "up") and self.focus_items:
            step = 5 if intent.kind == "up" else 1
            self.focus = (self.focus - step) % len(self.focus_items)
            return True
        if intent.kind == "select" and self.focus_items:
            item = self.focus_items[self.focus % len(self.focus_items)]
            if item[0] != "ticket":
                self.activate(item)
            return True
        return False

    def request_quit(self, to_desktop: bool = False) -> None:
        """Ask before leaving (Esc, or closing the window: then the program ends)."""
        from game.scenes.confirm import ConfirmScene

        def leave() -> None:
            if to_desktop:
                self.app.quit()
            elif self.on_exit:
                self.on_exit()

        detail = ("It is saved: Continue on the title screen resumes it."
                  if not getattr(self.session, "remote", False) else
                  "Your seat is kept: join again to take it back.")
        self.app.push(ConfirmScene(
            self.app, "Quit Rail Party?" if to_desktop else "Leave this game?", detail, leave,
            yes="Quit" if to_desktop else "Leave"))

    def _build_focus(self) -> None:
        items: list[tuple[str, Any]] = []
        for slot, card in enumerate(self.shown["face_up"]):
            if card is not None:
                items.append(("face_up", slot))
        items.append(("deck", None))
        items.append(("tickets", None))
        if "ferry_pile" in self.shown:
            items.append(("ferry", None))
        claimable = {a["track"] for a in self.legal if a["type"] == "claim"}
        shapes = sorted((self.geo.tracks[t].middle, t) for t in claimable)
        items += [("track", t) for _, t in shapes]
        if any(a["type"] == "pass" for a in self.legal):
            items.append(("pass", None))
        if self.viewer is not None:
            items += [("ticket", i) for i in range(len(self.shown["private"].get("tickets", [])))]
        old = self.focus_items[self.focus] if self.focus_items else None
        self.focus_items = items
        self.focus = items.index(old) if old in items else 0

    def _item_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        for slot in range(len(self.shown["face_up"])):
            if face_up_rect(slot).collidepoint(pos):
                return ("face_up", slot)
        if DECK_RECT.collidepoint(pos):
            return ("deck", None)
        if TICKET_PILE_RECT.collidepoint(pos):
            return ("tickets", None)
        if "ferry_pile" in self.shown and FERRY_PILE_RECT.collidepoint(pos):
            return ("ferry", None)
        if self.viewer is not None:
            for i in range(len(self.shown["private"].get("tickets", []))):
                if self._ticket_rect(i).collidepoint(pos):
                    return ("ticket", i)
        if pygame.Rect(self.board_rect).collidepoint(pos):
            unclaimed = {t.id for t in self.board.tracks} - set(self.shown["routes"])
            tid = self.geo.track_at(pos, unclaimed)
            if tid:
                return ("track", tid)
        return None

    def _ticket_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(PANEL_X, TICKETS_Y + 30 + i * TICKET_ROW, PANEL_W, TICKET_ROW - 2)

    # --- events to animations -------------------------------------------------

    def _hand_target(self, seat: int, card: str | None) -> tuple[float, float]:
        if seat == self.viewer and card is not None:
            return self._hand_slot_rect(card).center
        return (PANEL_X + 40, PLAYERS_Y + seat * PLAYER_ROW + PLAYER_ROW // 2)

    def _sound(self, kind: str) -> None:
        from game.ui.sound import play
        play(kind, self.app.settings.volume)

    def _animate(self, events: list[Event]) -> None:
        from game.rules import redact_events

        sounds = {"card_drawn": "card", "route_claimed": "claim", "final_round": "horn",
                  "tickets_offered": "card", "ferry_drawn": "card"}
        for event in events:
            if event["type"] in sounds:
                self._sound(sounds[event["type"]])
            elif event["type"] == "turn_started" and event["seat"] in self.session.humans:
                self._sound("chime")
        speed = self.speed
        self._needs_snap = True
        if speed <= 0:
            return
        anim = self.animator
        for event in redact_events(events, self.viewer):
            kind = event["type"]
            if kind == "card_drawn":
                seat = event["seat"]
                if event["source"] == "face_up":
                    card = event["card"]
                    start = face_up_rect(event["slot"]).center
                else:
                    card = event.get("private", {}).get("card")
                    start = DECK_RECT.center
                anim.add_batch([Tween(scaled(22, speed), easing=ease_in_out_cubic, data={
                    "kind": "fly", "card": card, "from": start,
                    "to": self._hand_target(seat, card),
                    "hide_slot": event.get("slot")})])
            elif kind == "face_up_refilled" and event["card"] is not None:
                anim.add_batch([Tween(scaled(14, speed), easing=ease_out_back, data={
                    "kind": "fly", "card": event["card"], "from": DECK_RECT.center,
                    "to": face_up_rect(event["slot"]).center, "hide_slot": event["slot"]})])
            elif kind == "face_up_reset":
                anim.add_batch([Tween(scaled(18, speed), delay=i * scaled(3, speed), data={
                    "kind": "fly", "card": c, "from": face_up_rect(i).center,
                    "to": DISCARD_POS, "hide_slot": i})
                    for i, c in enumerate(event["discarded"])])
                anim.add_batch([Tween(scaled(14, speed), delay=i * scaled(4, speed),
                                      easing=ease_out_back, data={
                    "kind": "fly", "card": c, "from": DECK_RECT.center,
                    "to": face_up_rect(i).center, "hide_slot": i, "hide_all": True})
                    for i, c in enumerate(event["face_up"]) if c is not None])
                self.app.toast("Three locomotives face up: the row is replaced", theme.ACCENT)
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
                    "kind": "ticket", "from": TICKET_PILE_RECT.center, "to": target})
                    for i in range(event["count"])])
            elif kind == "ferry_drawn":
                anim.add_batch([Tween(scaled(20, speed), data={
                    "kind": "fly", "card": FERRY, "from": FERRY_PILE_RECT.center,
                    "to": self._hand_target(event["seat"], FERRY)})])
            elif kind == "final_round":
                anim.add_batch([Tween(scaled(90, speed), easing=linear, data={
                    "kind": "banner", "text": "Final round! Everyone plays one more turn"})])
            elif kind == "deck_reshuffled":
                self.app.toast("The discard is shuffled into a new deck", theme.ACCENT, 2)

    def _deal_animation(self) -> None:
        if self.shown["turn"] != 0 or self.shown["phase"] != "setup" or self.speed <= 0:
            return
        tweens = []
        hand = self.shown["private"].get("hand", {}) if self.viewer is not None else {}
        viewer_cards = [c for c, n in sorted(hand.items()) for _ in range(n)]
        k = 0
        for round_ in range(4):
            for seat in range(len(self.shown["players"])):
                card = None
                if seat == self.viewer and round_ < len(viewer_cards):
                    card = viewer_cards[round_]
                tweens.append(Tween(scaled(16, self.speed), delay=k * scaled(3, self.speed),
                                    easing=ease_in_out_cubic, data={
                    "kind": "fly", "card": card, "from": DECK_RECT.center,
                    "to": self._hand_target(seat, card)}))
                k += 1
        self.animator.add_batch(tweens)

    def _describe(self, event: Event) -> str | None:
        def name(seat: int) -> str:
            return self.seat_info[seat]["name"]

        kind = event["type"]
        if kind == "card_drawn":
            if event["source"] == "face_up":
                return f"{name(event['seat'])} took a face-up {event['card']}"
            return f"{name(event['seat'])} drew from the deck"
        if kind == "route_claimed":
            t = self.board.track_by_id[event["track"]]
            return f"{name(event['seat'])} claimed {t.a}-{t.b} (+{event['points']})"
        if kind == "tickets_kept":
            return f"{name(event['seat'])} kept {event['kept']} ticket(s)"
        if kind == "ferry_drawn":
            return f"{name(event['seat'])} took a ferry card"
        if kind == "passed":
            return f"{name(event['seat'])} could not act and passed"
        if kind == "final_round":
            return f"Final round: {name(event['seat'])} has {event['trains']} trains left"
        if kind == "face_up_reset":
            return "Three face-up locomotives: the row was replaced"
        if kind == "game_over":
            return "The game is over"
        return None

    # --- drawing --------------------------------------------------------------

    def _board_layer(self, hidden: set[str]) -> pygame.Surface:
        """The map with its claimed cars, as one opaque cached surface.

        Rebuilt only when the claimed routes (or the colour-blind setting)
        change, so a frame costs one opaque blit of the board.
        """
        from game.ui.route_drawing import draw_claims, draw_labels, draw_static_board

        cb = self.app.settings.colorblind
        if self.static is None or self.static_key != cb:
            static = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
            static.fill(theme.BG)
            static.blit(draw_static_board(self.geo, colorblind=cb), (0, 0))
            self.static = static.convert()
            self.static_key = cb
            self.claims_key = None
        routes = {t: s for t, s in self.shown["routes"].items() if t not in hidden}
        drawn = self.claims_key or {}
        if self.claims_layer is None or any(routes.get(t) != s for t, s in drawn.items()):
            self.claims_layer = self.static.copy()  # something vanished: start again
            drawn = {}
        added = {t: s for t, s in routes.items() if t not in drawn}
        if added:
            colors = [theme.PLAYER_COLORS.get(s["color"], (200, 200, 200))
                      for s in self.seat_info]
            draw_claims(self.claims_layer, self.geo, added, colors, marks=cb)
        if added or not drawn:
            draw_labels(self.claims_layer, self.geo)
        self.claims_key = routes
        return self.claims_layer

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui import route_drawing as rd

        active = self.animator.active()
        if any(t.data.get("kind") == "car" for t in active):
            self.app.frame_tag = "claim"
        animating_tracks = {t.data["track"] for t in self.animator.pending()
                            if t.data.get("kind") == "car"}
        surface.blit(self._board_layer(animating_tracks), (0, 0))
        acting = self.viewer is not None and self.viewer in self.shown["to_act"]
        focus_item = self.focus_items[self.focus] if self.focus_items and (
            acting or self.viewer is not None) else None
        for item in (self.hover, focus_item):
            if item and item[0] == "track":
                rd.outline_track(surface, self.geo, item[1], theme.FOCUS)
        ticket_item = next((i for i in (self.hover, focus_item) if i and i[0] == "ticket"), None)
        if ticket_item is not None:
            self._draw_ticket_highlight(surface, ticket_item[1])
        for tid in self.highlight_tracks:
            rd.outline_track(surface, self.geo, tid, (255, 255, 255), width=4)
        self._draw_top_bar(surface)
        self._draw_panel(surface, active, focus_item)
        self._draw_hand(surface)
        self._draw_animations(surface, active)
        if focus_item and focus_item[0] == "track":
            self._draw_track_tip(surface, focus_item[1])
        elif self.hover and self.hover[0] == "track":
            self._draw_track_tip(surface, self.hover[1])

    def _draw_ticket_highlight(self, surface: pygame.Surface, index: int) -> None:
        from game.ui import route_drawing as rd

        tickets = self.shown["private"].get("tickets", [])
        if index >= len(tickets):
            return
        ticket = tickets[index]
        mine = {t for t, s in self.shown["routes"].items() if s == self.viewer}
        for tid in rd.network_tracks(self.board, mine, {ticket["a"], ticket["b"]}):
            rd.outline_track(surface, self.geo, tid, (255, 255, 255), width=3)
        for city in (ticket["a"], ticket["b"]):
            rd.ring_city(surface, self.geo, city)

    def _draw_track_tip(self, surface: pygame.Surface, tid: str) -> None:
        track = self.board.track_by_id[tid]
        x, y = self.geo.tracks[tid].middle
        points = self.board.route_points[track.length]
        waves = f", {track.ferries} ferry" if track.ferries else ""
        label = f"{track.a} - {track.b}: {track.length} {track.color}{waves}, {points} pts"
        img = theme.text(label, 26, theme.TEXT)
        box = img.get_rect(midbottom=(x, y - 16)).inflate(16, 10)
        box.clamp_ip(pygame.Rect(self.board_rect))
        pygame.draw.rect(surface, (16, 18, 26), box, border_radius=6)
        surface.blit(img, img.get_rect(center=box.center))

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        from game.rules import GAMES

        pygame.draw.rect(surface, (18, 22, 32), (0, 0, theme.SCREEN_W, 56))
        theme.blit_text(surface, GAMES[self.session.game_id].name, (20, 12), 40, theme.ACCENT,
                        True)
        view = self.shown
        if view["phase"] == "setup":
            status = "Everyone chooses their first destination tickets"
        elif view["phase"] == "over":
            status = "Game over"
        else:
            seat = view["current"]
            who = self.seat_info[seat]["name"]
            status = f"{who}'s turn"
            if view["cards_drawn"]:
                status += " - one more train card"
            if view["final_round"]:
                status += f"  |  FINAL ROUND ({view['final_turns']} turns left)"
        theme.blit_text(surface, status, (560, 16), 34, theme.TEXT)
        if self.viewer is None and self.session.humans and len(self.session.humans) > 1:
            theme.blit_text(surface, "Cards hidden", (theme.SCREEN_W - 20, 16), 30,
                            theme.TEXT_DIM, anchor="topright")
        elif self.viewer is not None:
            name = self.seat_info[self.viewer]["name"]
            theme.blit_text(surface, f"You are {name}", (theme.SCREEN_W - 20, 16), 30,
                            theme.TEXT_DIM, anchor="topright")

    def _hidden_slots(self, active: list[Tween]) -> set[int]:
        hidden: set[int] = set()
        for t in self.animator.pending():
            if t.data.get("hide_all"):
                hidden.update(range(len(self.shown["face_up"])))
            slot = t.data.get("hide_slot")
            if slot is not None:
                hidden.add(slot)
        return hidden

    def _draw_panel(self, surface: pygame.Surface, active: list[Tween],
                    focus_item: tuple[str, Any] | None) -> None:
        cb = self.app.settings.colorblind
        view = self.shown
        theme.blit_text(surface, "Face-up cards", (PANEL_X, FACE_UP_Y - 30), 28, theme.TEXT_DIM)
        hidden = self._hidden_slots(active)
        second = bool(view["cards_drawn"])
        for slot, card in enumerate(view["face_up"]):
            rect = face_up_rect(slot)
            shown_card = None if slot in hidden else card
            draw_card(surface, rect, shown_card, cb,
                      dim=second and shown_card == LOCOMOTIVE)
            if self.hover == ("face_up", slot) and shown_card:
                pygame.draw.rect(surface, theme.TEXT, rect, 3, border_radius=8)
        draw_card(surface, DECK_RECT, None, face_down=view["deck"] > 0)
        theme.blit_text(surface, f"Deck {view['deck']}", (DECK_RECT.centerx, DECK_RECT.bottom + 6),
                        24, theme.TEXT, anchor="midtop")
        self._draw_ticket_back(surface, TICKET_PILE_RECT, view["tickets_deck"] > 0)
        theme.blit_text(surface, f"Tickets {view['tickets_deck']}",
                        (TICKET_PILE_RECT.centerx, TICKET_PILE_RECT.bottom + 6), 24, theme.TEXT,
                        anchor="midtop")
        if "ferry_pile" in view:
            draw_card(surface, FERRY_PILE_RECT, FERRY if view["ferry_pile"] else None, cb)
            theme.blit_text(surface, f"Ferries {view['ferry_pile']}",
                            (FERRY_PILE_RECT.centerx, FERRY_PILE_RECT.bottom + 6), 24,
                            theme.TEXT, anchor="midtop")
        theme.blit_text(surface, f"Discard {view['discard']}", DISCARD_POS, 26, theme.TEXT_DIM)
        for item, rect in (("deck", DECK_RECT), ("tickets", TICKET_PILE_RECT),
                           ("ferry", FERRY_PILE_RECT)):
            if self.hover == (item, None):
                pygame.draw.rect(surface, theme.TEXT, rect, 3, border_radius=8)
        if focus_item:
            rect = None
            if focus_item[0] == "face_up":
                rect = face_up_rect(focus_item[1])
            elif focus_item[0] == "deck":
                rect = DECK_RECT
            elif focus_item[0] == "tickets":
                rect = TICKET_PILE_RECT
            elif focus_item[0] == "ferry":
                rect = FERRY_PILE_RECT
            elif focus_item[0] == "ticket":
                rect = self._ticket_rect(focus_item[1])
            if rect is not None:
                focus_ring(surface, rect, 8)
        self._draw_players(surface)
        self._draw_tickets(surface)
        self._draw_log(surface)

    def _draw_ticket_back(self, surface: pygame.Surface, rect: pygame.Rect, full: bool) -> None:
        if not full:
            pygame.draw.rect(surface, (50, 58, 76), rect, 2, border_radius=8)
            return
        pygame.draw.rect(surface, (236, 222, 186), rect, border_radius=8)
        pygame.draw.rect(surface, (120, 90, 60), rect.inflate(-8, -8), 2, border_radius=6)
        theme.blit_text(surface, "TICKET", rect.center, 22, (110, 70, 40), True, "center")

    def _draw_players(self, surface: pygame.Surface) -> None:
        view = self.shown
        theme.blit_text(surface, "Players", (PANEL_X, PLAYERS_Y - 30), 28, theme.TEXT_DIM)
        theme.blit_text(surface, "score  trains  cards  tickets",
                        (PANEL_X + PANEL_W, PLAYERS_Y - 30), 22, theme.TEXT_DIM,
                        anchor="topright")
        for seat, p in enumerate(view["players"]):
            info = self.seat_info[seat]
            rect = pygame.Rect(PANEL_X, PLAYERS_Y + seat * PLAYER_ROW, PANEL_W, PLAYER_ROW - 6)
            current = seat in view["to_act"]
            panel(surface, rect, (56, 66, 90) if current else theme.PANEL,
                  theme.ACCENT if current else theme.PANEL_EDGE, 8)
            color = theme.PLAYER_COLORS.get(info["color"], (200, 200, 200))
            swatch = pygame.Rect(rect.x + 8, rect.y + 8, 26, rect.height - 16)
            pygame.draw.rect(surface, color, swatch, border_radius=4)
            if self.app.settings.colorblind:  # seat numbers match the marks on the map
                theme.blit_text(surface, str(seat + 1), swatch.center, 22,
                                theme.readable_on(color), True, "center")
            label = info["name"] + (" (bot)" if info.get("kind", "human") == "bot"
                                    or (info.get("bot") and "kind" not in info) else "")
            if not info.get("connected", True):
                label += " - away"
            elif info.get("kind") == "human" and info.get("bot"):
                label += " (bot stands in)"
            theme.blit_text(surface, label[:20], (rect.x + 44, rect.centery), 28, theme.TEXT,
                            anchor="midleft")
            stats = f"{p['score']:>3}   {p['trains']:>2}   {p['cards']:>2}   {p['tickets']}"
            if "ferries" in p:
                stats += f"  F{p['ferries']}"
            regions = self._regions_by_seat().get(seat)
            if regions:
                theme.blit_text(surface, "regions " + "+".join(map(str, regions[:4])),
                                (rect.x + 44, rect.bottom - 2), 20, theme.TEXT_DIM,
                                anchor="bottomleft")
            theme.blit_text(surface, stats, (rect.right - 10, rect.centery), 28, theme.TEXT,
                            anchor="midright")

    def _regions_by_seat(self) -> dict[int, list[int]]:
        """Each seat's regions per network (boards with regions), from public routes."""
        if not getattr(self.board, "regions", None):
            return {}
        key = tuple(sorted(self.shown["routes"].items()))
        if getattr(self, "_regions_key", None) != key:
            from game.rules.routes.scoring import region_networks
            by_seat: dict[int, list[tuple[str, str]]] = {}
            for tid, seat in self.shown["routes"].items():
                t = self.board.track_by_id[tid]
                by_seat.setdefault(seat, []).append((t.a, t.b))
            self._regions_cache = {s: [n for n in region_networks(self.board, pairs) if n]
                                   for s, pairs in by_seat.items()}
            self._regions_key = key
        return self._regions_cache

    def _draw_tickets(self, surface: pygame.Surface) -> None:
        if self.viewer is None:
            theme.blit_text(surface, "Tickets are secret", (PANEL_X, TICKETS_Y), 28,
                            theme.TEXT_DIM)
            return
        tickets = self.shown["private"].get("tickets", [])
        theme.blit_text(surface, f"Your tickets ({len(tickets)})", (PANEL_X, TICKETS_Y), 28,
                        theme.TEXT_DIM)
        limit = (LOG_Y - TICKETS_Y - 40) // TICKET_ROW
        for i, t in enumerate(tickets[:limit]):
            rect = self._ticket_rect(i)
            if self.hover == ("ticket", i):
                pygame.draw.rect(surface, (60, 70, 96), rect, border_radius=4)
            mark, color = ("done", theme.GOOD) if t["done"] else ("", theme.TEXT)
            theme.blit_text(surface, f"{t['a']} - {t['b']}", (rect.x + 6, rect.centery), 26,
                            color, anchor="midleft")
            theme.blit_text(surface, f"{mark} {t['points']:>2}", (rect.right - 6, rect.centery),
                            26, color, anchor="midright")
        if len(tickets) > limit:
            theme.blit_text(surface, f"+{len(tickets) - limit} more", (PANEL_X, LOG_Y - 26), 22,
                            theme.TEXT_DIM)

    def _draw_log(self, surface: pygame.Surface) -> None:
        pygame.draw.line(surface, theme.PANEL_EDGE, (PANEL_X, LOG_Y - 4),
                         (PANEL_X + PANEL_W, LOG_Y - 4), 1)
        for i, line in enumerate(list(self.log)[-6:]):
            theme.blit_text(surface, line[:44], (PANEL_X, LOG_Y + i * 28), 24, theme.TEXT_DIM)

    def _hand_cards(self) -> list[str]:
        return list(self.board.colors) + [LOCOMOTIVE] + (
            [FERRY] if "ferry_pile" in self.shown else [])

    def _hand_slot_rect(self, card: str) -> pygame.Rect:
        cards = self._hand_cards()
        i = cards.index(card) if card in cards else len(cards) - 1
        if self.portrait:
            height = min(110, (PORTRAIT_BOARD_RECT[3]) // len(cards))
            return pygame.Rect(10, 62 + i * height, HAND_COLUMN_W, height - 10)
        width = min(130, (BOARD_RECT[2] - 20) // len(cards))
        return pygame.Rect(BOARD_RECT[0] + 10 + i * width, HAND_Y + 4, width - 12, HAND_H - 8)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        if self.viewer is None:
            msg = "Spectating: every player's cards stay hidden"
            if len(self.session.humans) > 1:
                msg = "Cards hidden until the next player takes the screen"
            if self.portrait:
                for i, word in enumerate(msg.split(": ")[0].split()):
                    theme.blit_text(surface, word, (20, 90 + i * 36), 32, theme.TEXT_DIM)
            else:
                theme.blit_text(surface, msg, (BOARD_RECT[0] + 20, HAND_Y + HAND_H // 2), 32,
                                theme.TEXT_DIM, anchor="midleft")
            return
        hand = self.shown["private"].get("hand", {})
        cb = self.app.settings.colorblind
        for card in self._hand_cards():
            n = hand.get(card, 0)
            draw_card(surface, self._hand_slot_rect(card), card, cb, count=n, dim=n == 0)

    def _draw_animations(self, surface: pygame.Surface, active: list[Tween]) -> None:
        cb = self.app.settings.colorblind
        colors = [theme.PLAYER_COLORS.get(s["color"], (200, 200, 200)) for s in self.seat_info]
        from game.ui import route_drawing as rd

        for t in self.animator.pending():
            kind = t.data.get("kind")
            if kind == "car" and t in active and t.started:
                shape = self.geo.tracks[t.data["track"]]
                rd.draw_car(surface, shape.spaces[t.data["space"]], colors[t.data["seat"]],
                            lift=hop(t.raw) * 16, grow=t.value)
            elif kind == "car" and t not in active:
                continue
        for t in active:
            kind = t.data.get("kind")
            if not t.started and kind != "car":
                continue
            if kind == "fly":
                x, y = lerp2(t.data["from"], t.data["to"], t.value)
                rect = pygame.Rect(0, 0, CARD_W * 0.8, CARD_H * 0.8)
                rect.center = (round(x), round(y - hop(t.raw) * 30))
                card = t.data["card"]
                draw_card(surface, rect, card, cb, face_down=card is None)
            elif kind == "ticket":
                x, y = lerp2(t.data["from"], t.data["to"], t.value)
                rect = pygame.Rect(0, 0, CARD_W * 0.7, CARD_H * 0.7)
                rect.center = (round(x), round(y))
                self._draw_ticket_back(surface, rect, True)
            elif kind == "points":
                x, y = t.data["at"]
                theme.blit_text(surface, t.data["text"], (x, y - 20 - 40 * t.value), 44,
                                colors[t.data["seat"]], True, "center", shadow=True)
            elif kind == "banner":
                box = pygame.Rect(0, 0, 1100, 110)
                box.center = (self.board_rect[0] + self.board_rect[2] // 2, 420)
                panel(surface, box, (30, 20, 20), theme.ACCENT, 16, 4)
                theme.blit_text(surface, t.data["text"], box.center, 48, theme.ACCENT, True,
                                "center")
