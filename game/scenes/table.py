"""The table every board scene builds on: what all games share on screen.

The table holds what is shown (the view, whose secrets show, the focus) and
decides whose secrets show, with a hand-off between two humans on one screen;
it opens the shared choice overlay for a pending decision, and leaves or
follows a LAN rematch. Its bases each hold one concern: `TableInput` (intents
to actions, the buttons, Undo), `TableFeed` (the update tick: events,
animations, the log, the bots, the results), `TableHooks` (what a game's
scene supplies, with defaults), `TablePanels` (the top bar, players
panel, log, buttons and tooltips drawn for every game), `TableSpotlight`
(lighting what an action acts on, for a hint or the coach) and `TableHint`
(the Hint key and button).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

from game.anim.tween import Animator
from game.bots import preload
from game.rules import game_info
from game.rules.base import Action, Event, View
from game.scenes import nav
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.scenes.handoff import HandoffScene
from game.scenes.table_feed import BotPacer, TableFeed
from game.scenes.table_hint import TableHint
from game.scenes.table_hooks import TableHooks
from game.scenes.table_input import TableInput
from game.scenes.table_panels import KIOSK_LOG_CHARS, EventLog, TablePanels
from game.scenes.table_spotlight import TableSpotlight
from game.tables.seat_names import shown_name
from game.tables.seats import seat_rgb
from game.words.i18n import N_


class TableScene(TableInput, TableFeed, TableHint, TableSpotlight, TableHooks, TablePanels,
                 Scene):
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
        self.bot_pacer = BotPacer(app, session)
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

    def _refresh_view(self) -> None:
        if self.session.remote:
            self.seat_info = self.session.seats()  # names, connections may change
        self.shown, self.shown_to_act, self.legal = self.session.observe(self.viewer)
        self._build_focus()

    def _build_focus(self) -> None:
        """The focus order: what can be played, then the buttons (Hint, End turn...),
        then the tokens that only explain themselves."""
        targets = self.focus_targets()
        buttons = [("button", i) for i in range(len(self.shown_buttons()))]
        playable = [item for item in targets if self.selectable(item)]
        items = playable + buttons + [item for item in targets if item not in playable]
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

    # --- leaving and rematches ----------------------------------------------------------

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
        self.draw_spotlight_layer(surface)
        self.draw_tooltip(surface, focus_item)
