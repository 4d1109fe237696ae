"""The table every board scene builds on: what all games share on screen.

It polls the session, queues the events and lets the game animate them,
snaps to the authoritative view when the animations end, decides whose
secrets show (with a hand-off between two humans on one screen), paces the
bots, moves the focus (keyboard, mouse, controller), opens the shared choice
overlay for a pending decision, and draws the top bar, the players panel,
the event log and the action buttons. A game's scene supplies its layout,
its drawing, its input targets, its event animations and descriptions.

Hooks a game's scene overrides (all optional but `draw_table`):
    draw_table(surface, active, focus_item)   the board, panels, hand
    focus_targets() -> [(kind, value)]        what focus can land on, in order
    item_at(pos) -> (kind, value) | None      what the mouse points at
    activate(item)                            the player chose that target
    animate(events)                           tweens for one update's events
    describe(event) -> str | None             a log line
    status() -> str                           the top bar's words
    player_columns() -> [(header, width)]     and player_values(seat, p) -> [str]
    player_note(seat) -> str | None           a small second line in a seat's row
    kiosk_column() -> int                     the column a kiosk shows, in sofa-sized text
    choice_for(pending) -> Scene | None       the overlay for a pending decision
    rules_options() -> dict                   the options the rules pages name as played
    tooltip(item) -> str | None               what a hovered or focused token is and does now
    tooltip_anchor(item) -> Rect | None       where that token is (the tip sits beside it)
    results_lines / results_items / results_reveal   see game.scenes.results
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

from game.anim.tween import Animator, Tween, scaled
from game.bots import preload
from game.bots.pool import shared as bot_workers
from game.rules import IllegalAction, game_info
from game.rules.base import Action, Event, View
from game.scenes import nav
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.scenes.handoff import HandoffScene
from game.scenes.table_panels import KIOSK_LOG_CHARS, EventLog, TablePanels
from game.tables.seat_names import shown_name
from game.tables.seats import seat_rgb
from game.ui import theme
from game.ui.input import Intent
from game.words.host_words import illegal_said
from game.words.i18n import N_, _

UNDO: Action = {"type": "undo"}  # the Undo button's marker; never sent to the rules


class TableScene(TablePanels, Scene):
    """The shared table. Subclasses set `panel_rect`, `log_rect`, `players_rect`."""

    toast_y = 64  # under the top bar: the bottom holds the hand
    players_rect = pygame.Rect(1444, 428, 466, 260)
    log_rect = pygame.Rect(1444, 902, 466, 170)
    player_row = 50

    def __init__(self, app: Any, session: Any, on_exit: Callable[[], None] | None = None,
                 kiosk: bool = False):
        super().__init__(app)
        self.session = session
        self.on_exit = on_exit
        self.kiosk = kiosk
        self.info = game_info(session.game_id)
        self.game_number = session.game_number
        self.seat_info = session.seats()
        self.viewer: int | None = None
        self.last_viewer: int | None = None
        self.handoff_for: int | None = None
        self.shown: View = session.view(None)
        # the seats to act in the shown view: the panel follows the board, not
        # the session, which may be moves ahead while animations play
        self.shown_to_act: tuple[int, ...] = tuple(session.to_act)
        self.legal: list[Action] = []
        self.queue: deque[list[Event]] = deque()
        self.animator = Animator()
        self.focus = 0
        self.focus_items: list[tuple[str, Any]] = []
        self.hover: tuple[str, Any] | None = None
        self.log = EventLog(KIOSK_LOG_CHARS if kiosk else 44)
        self.bot_wait = 0
        self.bot_future = None
        self.results_shown = False
        self.overlay_open = False
        self.needs_snap = False
        self.connection_asked = False
        self.unseen: dict[int, list[Event]] = {}  # per human: events since they last looked
        self.entered = False
        self.setup_board()
        if self._lone_human() and not kiosk:
            self.viewer = session.humans[0]  # a lone human's cards show from the first frame
        self._refresh_view()
        preload(session.game_id)  # a bot's first turn must not load modules mid-frame
        self.start_animation()

    def enter(self) -> None:
        if not self.entered:
            # On the stack now: a hand-off between humans can go on top of it.
            self.entered = True
            self._choose_viewer()
            self._refresh_view()

    # --- hooks a game's scene overrides -----------------------------------------------

    def setup_board(self) -> None:
        """Load the board and cache what only depends on it (before any view)."""

    def start_animation(self) -> None:
        """The opening animation (a deal), from the first view."""

    def focus_targets(self) -> list[tuple[str, Any]]:
        return []

    def item_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        return None

    def activate(self, item: tuple[str, Any]) -> None:
        """The player chose a focus target that is not a shared button."""

    def animate(self, events: list[Event]) -> None:
        """Tweens for one update's events (already redacted for the viewer)."""

    def describe(self, event: Event) -> str | None:
        return None

    def status(self) -> str:
        return ""

    def player_columns(self) -> list[tuple[str, int]]:
        return [("score", 70)]

    def player_values(self, seat: int, player: dict[str, Any]) -> list[str]:
        return [str(player.get("score", ""))]

    def player_note(self, seat: int) -> str | None:
        return None

    def choice_for(self, pending: dict[str, Any]) -> Scene | None:
        return None

    def results_reveal(self, result: dict[str, Any]) -> tuple[int, str]:
        """Something to show on the board before the scores: (ticks, banner)."""
        return 0, ""

    def results_lines(self, entry: dict[str, Any]) -> list[str]:
        return []

    def results_items(self, entry: dict[str, Any]) -> list[tuple[str, str, bool]]:
        return []

    def race_measure(self, result: dict[str, Any], over: bool) -> list[float]:
        """What the results chart follows per seat after each move (game/story/race_chart.py):
        by default the game's own score as it stands."""
        return list(result["scores"])

    def race_measure_view(self, view: dict[str, Any]) -> list[float] | None:
        """What the results chart follows per seat, read off a view as a LAN
        guest was shown it (it has no record to replay): by default each
        player's public score; None where the view shows none."""
        players = view.get("players")
        if not isinstance(players, list) or not all(
                isinstance(p, dict) and isinstance(p.get("score"), (int, float))
                for p in players) or not players:
            return None
        return [p["score"] for p in players]

    def race_sides_view(self, view: dict[str, Any]) -> list[tuple[str, float, Any]] | None:
        """`race_sides`, read off a view as a LAN guest was shown it."""
        return None

    def story_note(self, event: Event) -> tuple[int, str] | None:
        """A highlight of a seat's game for its results column: (seat, words)."""
        return None

    def race_sides(self, result: dict[str, Any]) -> list[tuple[str, float, Any]] | None:
        """Things besides the seats whose race the chart also draws: (name, value,
        rgb) each (Railway Tricks: the companies' values)."""
        return None

    def race_label(self) -> str:
        """The chart's words for what it follows (English, marked with N_)."""
        return N_("Score as it stood")

    def rules_options(self) -> dict[str, Any]:
        """The options this game was started with, for its rules pages (a
        variant played now is named as such)."""
        return dict(self.shown.get("options") or {})

    def draw_table(self, surface: pygame.Surface, active: list[Tween],
                   focus_item: tuple[str, Any] | None) -> None:
        raise NotImplementedError

    def tooltip(self, item: tuple[str, Any]) -> str | None:
        """What a token under the mouse or the focus is and what it does now."""
        return None

    def tooltip_anchor(self, item: tuple[str, Any]) -> pygame.Rect | None:
        """The token's rectangle on screen (None: the tip follows the mouse)."""
        return None

    def buttons(self) -> list[tuple[str, Action]]:
        """Labelled actions shown as buttons (Pass when it is the only move; Undo
        while a one-click move can still be taken back)."""
        if self.undo_ticks:
            return [(N_("Undo"), UNDO)]
        if self.legal and all(a.get("type") == "pass" for a in self.legal):
            return [(N_("Pass"), self.legal[0])]
        return []

    undo_ticks = 0
    undo_seat = -1

    def offer_undo(self, seconds: float = 3.0) -> None:
        """Played with one click: the player may take it back for a few seconds,
        until which the next player (a bot, or a hand-off) waits."""
        if self.viewer is not None and not self.session.remote:
            self.undo_seat = self.viewer
            self.undo_ticks = round(seconds * 60)
            self._build_focus()

    def undo(self) -> None:
        try:
            self.session.undo(self.undo_seat)
        except IllegalAction as exc:
            self.app.toast(illegal_said(exc))
        self.undo_ticks = 0
        self.animator.finish()
        self.queue.clear()
        self.session.poll()
        self.needs_snap = False
        self._refresh_view()

    def button_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.players_rect.x + index * 230, self.players_rect.y - 100, 220, 60)

    # --- who is looking ---------------------------------------------------------------

    @property
    def speed(self) -> float:
        return self.app.settings.animation

    @property
    def acting(self) -> bool:
        """The shown seat acts in the shown view (the one its hand and legal moves
        come from), not in a LAN update that landed since the last refresh."""
        return self.viewer is not None and self.viewer in self.shown_to_act

    def seat_name(self, seat: int) -> str:
        return shown_name(self.seat_info[seat]["name"])

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return seat_rgb(self.seat_info[seat].get("color"))

    def _lone_human(self) -> bool:
        """One person plays on this screen and nobody else looks at it: their
        cards may show without a hand-off. Not so in a couch game with phones
        (its phone players watch the TV)."""
        return len(self.session.humans) == 1 and not getattr(self.session, "phone_seats", None)

    def _human_to_act(self) -> int | None:
        humans = self.session.humans
        return next((s for s in self.session.to_act if s in humans), None)

    def _choose_viewer(self) -> None:
        """Decide whose secrets show; ask for a hand-off between two humans."""
        humans = self.session.humans
        if getattr(self.session, "replay", False):
            self.viewer = self.session.watching  # a replay's controls choose whose view
            return
        if self.kiosk or not humans:
            self.viewer = None
            return
        if self._lone_human():
            self.viewer = humans[0]
            return
        seat = self._human_to_act()
        if seat is None:
            self.viewer = None  # a bot plays: nobody's secrets on screen
            return
        if seat == self.viewer or self.handoff_for == seat:
            return
        # Two or more humans share this screen: the hand-off comes before anyone's
        # secrets, including the first player's of a new or continued game.
        self.viewer = None
        self.handoff_for = seat
        unseen = self.unseen.get(seat, [])
        recap = [line for line in map(self.describe, unseen) if line]
        self.app.push(HandoffScene(self.app, self.seat_name(seat),
                                   self.seat_info[seat].get("color"),
                                   lambda s=seat: self._handoff_done(s), recap=recap,
                                   corner=self.draw_phone_card))

    def _handoff_done(self, seat: int) -> None:
        self.handoff_for = None
        self.viewer = self.last_viewer = seat
        self._refresh_view()
        self.show_recap(self.unseen.pop(seat, []))

    def show_recap(self, events: list[Event]) -> None:
        """After a hand-off: light on the board what changed since this player's
        last turn (the hand-off screen has listed it in words)."""

    def _refresh_view(self) -> None:
        if self.session.remote:
            self.seat_info = self.session.seats()  # names, connections may change
        self.shown, self.shown_to_act, self.legal = self.session.observe(self.viewer)
        self._build_focus()

    def _build_focus(self) -> None:
        items = self.focus_targets()
        items += [("button", i) for i in range(len(self.buttons()))]
        old = self.focus_items[self.focus] if self.focus_items else None
        self.focus_items = items
        self.focus = items.index(old) if old in items else 0

    # --- pending decisions --------------------------------------------------------------

    def _open_choices(self) -> None:
        """A pending decision of the viewer opens its choice over the board (not
        while an answer is on its way to the host: it would be asked twice)."""
        pending = self.shown["private"].get("pending") if self.acting else None
        if getattr(self.session, "replay", False):
            return                      # a replay is watched, never answered
        if not pending or self.overlay_open or self.session.awaiting:
            return
        scene = self.choice_for(pending)
        if scene is not None:
            self.overlay_open = True
            self.app.push(scene)

    def choice_closed(self) -> None:
        """A choice overlay of this table closed (answered or cancelled)."""
        self.overlay_open = False

    def answer(self, action: Action) -> None:
        """Answer a pending decision; a refused answer lets the choice reopen."""
        self.overlay_open = False
        self.act(action)

    # --- the update tick ----------------------------------------------------------------

    def update(self) -> None:
        for text, kind in self.session.notices():
            self.app.toast(text, theme.ERROR if kind == "error" else theme.ACCENT)
        self._watch_connection()
        if self not in self.app.stack:
            return             # the connection's end took this table away
        if self.session.game_number != self.game_number:
            self._follow_new_game()
            return
        self.queue.extend(self.session.poll())
        self.animator.update(1)
        if self.animator.busy:
            return
        if self.queue:
            self._animate_next()
            if self.animator.busy or self.queue:
                return
        if self.undo_ticks:
            self.undo_ticks -= 1  # the next player waits while the move can be undone
            if self.undo_ticks and self.session.can_undo(self.undo_seat):
                if self.needs_snap:
                    self.needs_snap = False
                    self._refresh_view()
                return
            self.undo_ticks = 0
            self._build_focus()
        if self.needs_snap:
            self.needs_snap = False
            self._choose_viewer()
            self._refresh_view()
        if self.session.is_over:
            self._show_results()
            return
        if self.app.top is not self:
            return
        self._open_choices()
        self._pace_bots()

    def _animate_next(self) -> None:
        from game.rules import redact_events
        from game.ui.sound import play

        events = self.queue.popleft()
        self._log(events)  # the log tells what the board is showing now, not ahead of it
        self.needs_snap = True
        for sound in self.sounds(events):
            play(sound, self.app.settings.volume)
        if self.speed > 0:
            self.animate(redact_events(events, self.viewer))

    def _log(self, events: list[Event]) -> None:
        # humans who are not looking now get these in their recap at the next hand-off
        if not self._lone_human():
            for seat in self.session.humans:
                if seat != self.viewer:
                    self.unseen.setdefault(seat, []).extend(events)
        for event in events:
            line = self.describe(event)
            if line:
                self.log.add(line)

    def sounds(self, events: list[Event]) -> list[str]:
        """Sound names for one update (a chime when a human's turn starts)."""
        if self.session.to_act and set(self.session.to_act) & set(self.session.humans):
            return ["chime"] if any(e.get("type") == "turn_started" for e in events) else []
        return []

    def _pace_bots(self) -> None:
        seat = self.session.bot_seat()
        if seat is None:
            return
        if self.bot_future is not None:
            if self.bot_future.done():
                future, self.bot_future = self.bot_future, None
                if future.exception() is None:
                    self.session.play_bot_action(seat, future.result())
                else:               # the workers could not think it: think it here
                    self.session.play_bot(seat)
            return
        self.bot_wait += 1
        if self.bot_wait >= scaled(60 * self.app.settings.bot_pace, max(self.speed, 0.25)):
            self.bot_wait = 0
            if self.app.realtime:
                # think in the bot workers (other processes): frames keep flowing
                self.bot_future = bot_workers().submit(self.session.bot_job(seat))
            else:
                self.session.play_bot(seat)  # stepped by a test or a tool: stay in step

    def _watch_connection(self) -> None:
        """A LAN table whose host has gone says so and offers a way out."""
        if not self.session.remote or self.kiosk:
            return
        status = self.session.status
        if self.session.unreadable:
            # nothing it sent was kept: back to the join list, saying why
            self.session.client.stop()
            nav.to_join_list(self.app, self.session.client.name, self.session.close_reason)
            return
        if status == "closed" and not self.session.is_over and not self.connection_asked:
            self.connection_asked = True
            reason = self.session.close_reason or _("The connection to the host closed.")
            if self.session.seat_taken:
                self.app.push(ConfirmScene(
                    self.app, N_("Your seat is played from another window"), reason,
                    self.session.reclaim_seat, yes=N_("Take my seat back"), no=N_("Just watch")))
                return
            self.app.push(ConfirmScene(
                self.app, N_("The host has stopped the game"), reason, self.leave,
                yes=N_("Back to the title"), no=N_("Stay and look")))
        elif status == "connected":
            self.connection_asked = False

    def fast_forward(self) -> None:
        """Finish every animation now (a human acts; input is never locked)."""
        self.animator.finish()
        self.queue.extend(self.session.poll())
        while self.queue:
            self._log(self.queue.popleft())
        self.needs_snap = False
        self._choose_viewer()
        self._refresh_view()

    def _show_results(self) -> None:
        if self.results_shown:
            return
        self.results_shown = True
        self.shown = self.session.view(self.viewer)
        self.app.push(nav.screen("results", self.app, self, self.session.result()))

    # --- acting -------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Submit a human action; an illegal one shows the engine's reason."""
        if self.viewer is None:
            return False
        try:
            self.session.submit(self.viewer, action)
        except IllegalAction as exc:
            self.app.toast(illegal_said(exc))
            return False
        self.needs_snap = True
        self.focus_moved = False
        return True

    def try_action(self, action: Action) -> None:
        """Act if legal (or let the host judge); otherwise say why not."""
        if action in self.legal or self.session.remote:
            self.act(action)
            return
        if self.viewer is None:
            self.app.toast(_("You cannot do that now"))
            return
        reason = self.session.explain(self.viewer, action)
        if reason is None:
            self.act(action)  # legal, in a form the legal list spells differently
        else:
            self.app.toast(reason)

    def _activate(self, item: tuple[str, Any]) -> None:
        if self.session.awaiting:
            return  # the host has not answered the last action yet
        if item == ("button", 0) and self.undo_ticks:
            self.undo()
            return
        if not self.acting:
            self.app.toast(_("Wait for your turn"), theme.ACCENT)
            return
        if item[0] == "button":
            buttons = self.buttons()
            if item[1] < len(buttons):
                action = buttons[item[1]][1]
                self.undo() if action is UNDO else self.try_action(action)
            return
        self.activate(item)

    def _target_at(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        for i in range(len(self.buttons())):
            if self.button_rect(i).collidepoint(pos):
                return ("button", i)
        return self.item_at(pos)

    def handle(self, intent: Intent) -> bool:
        if self.kiosk:
            return True
        if intent.kind in ("back", "menu"):
            from game.scenes.game_menu import GameMenuScene
            self.app.push(GameMenuScene(self.app, self))
            return True
        if intent.kind == "move" and intent.pos:
            self.mouse = intent.pos
            self.hover = self._target_at(intent.pos)
            self.focus_moved = False  # the mouse is in use: tips follow it
            return True
        if intent.kind == "wheel":
            if not self.on_wheel(intent.button, self.mouse):
                self.log.scroll += intent.button
            return True
        if self.animator.busy or self.queue:
            if intent.kind in ("click", "select"):
                self.fast_forward()
            elif intent.kind not in ("next", "prev", "left", "right", "up", "down"):
                return True
        if intent.kind == "click" and intent.pos:
            item = self._target_at(intent.pos)
            if item is not None and self.selectable(item):
                self._activate(item)
            return True
        if intent.kind in ("next", "prev", "left", "right", "up", "down"):
            self.hover = None  # the focus moves: its tooltip shows, not the mouse's
            self.focus_moved = True
        if intent.kind in ("next", "right", "down") and self.focus_items:
            step = self.focus_step(intent.kind)
            self.focus = (self.focus + step) % len(self.focus_items)
            return True
        if intent.kind in ("prev", "left", "up") and self.focus_items:
            step = self.focus_step(intent.kind)
            self.focus = (self.focus - step) % len(self.focus_items)
            return True
        if intent.kind == "select" and self.focus_items:
            item = self.focus_items[self.focus % len(self.focus_items)]
            if self.selectable(item):
                self._activate(item)
            return True
        return False

    mouse: tuple[int, int] = (0, 0)

    def on_wheel(self, step: int, pos: tuple[int, int]) -> bool:
        """A game's own scrolling list under the mouse; False: the log scrolls."""
        return False

    def focus_step(self, kind: str) -> int:
        """How far one press moves the focus (up/down jump a row of targets)."""
        return 5 if kind in ("up", "down") else 1

    def selectable(self, item: tuple[str, Any]) -> bool:
        """Targets that only show something when focused (a ticket) return False."""
        return True

    def rematch(self) -> None:
        """The same seats again: a local game starts anew here; a LAN host starts
        one for every seat, and this table follows the new game's sync."""
        match = self.session.rematch()
        if match is not None:
            from game.scenes.flow import start_match
            start_match(self.app, match)

    def _follow_new_game(self) -> None:
        """A LAN host started a new game on this connection (a rematch): a new
        table takes this one's place (above a kiosk, if one is below)."""
        stack = self.app.stack
        if self not in stack:
            return
        table = nav.board_scene(self.app, self.session, on_exit=self.on_exit, kiosk=self.kiosk)
        for gone in reversed(stack[stack.index(self):]):
            gone.exit()
        del stack[stack.index(self):]
        self.app.push(table)

    def leave(self) -> None:
        if self.on_exit is not None:
            self.on_exit()
        else:
            nav.to_title(self.app)

    def request_quit(self, to_desktop: bool = False) -> bool:
        """Ask before leaving (Esc, or closing the window: then the program ends)."""
        if self.kiosk:
            return False
        leave = self.app.quit if to_desktop else self.leave
        detail = (N_("Your seat is kept: join again to take it back.")
                  if self.session.remote and not hasattr(self.session, "phone_seats")
                  else N_("It is saved: Continue on the title screen resumes it."))
        self.app.push(ConfirmScene(
            self.app, N_("Quit Rail Party?") if to_desktop else N_("Leave this game?"), detail,
            leave, yes=N_("Quit") if to_desktop else N_("Leave")))
        return True

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        active = self.animator.active()
        focus_item = self.focus_items[self.focus] if self.focus_items and (
            self.viewer is not None) else None
        self.draw_table(surface, active, focus_item)
        self.draw_top_bar(surface)
        self.draw_phone_card(surface)
        self.draw_turn_clocks(surface)
        self.draw_buttons(surface, focus_item)
        self.draw_tooltip(surface, focus_item)

    def draw_phone_card(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """A couch game with phones: until every phone seat is taken, how to
        join (QR code, address, code) and who is still awaited, over the log
        (nearly empty so early), so the board stays in view; the hand-off
        screen shows it in its corner (`area`)."""
        waiting = getattr(self.session, "waiting_phones", None)
        seats = waiting() if waiting is not None and not self.kiosk else []
        if not seats:
            return
        from game.scenes.game_menu import phone_page
        from game.ui.phone_join import draw_phone_card

        page = phone_page(self)
        if page is not None:
            draw_phone_card(surface, page[0], page[1], [self.seat_name(s) for s in seats],
                            area or self.log_rect)

    tip: tuple[str, pygame.Rect] | None = None  # the tooltip drawn last: (text, box)
    # The focus's tooltip shows once a key or the d-pad moved the focus (until the
    # next move is played): a focus nobody moved would cover the board for good.
    focus_moved = False

    def draw_tooltip(self, surface: pygame.Surface, focus_item: tuple[str, Any] | None) -> None:
        """The tooltip of the token under the mouse, else of the focused one."""
        from game.ui.tooltip import draw_tooltip

        self.tip = None
        item = self.hover or (focus_item if self.focus_moved else None)
        if item is None or item[0] == "button" or self.kiosk:
            return
        text = self.tooltip(item)
        if not text:
            return
        anchor = self.tooltip_anchor(item)
        if anchor is None:
            anchor = pygame.Rect(self.mouse[0] - 12, self.mouse[1] - 12, 24, 24)
        self.tip = (text, draw_tooltip(surface, text, anchor))
