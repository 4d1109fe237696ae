"""The LAN lobby: seats, bots, phones and the start of a hosted or joined game."""

from __future__ import annotations

import pygame

from game.bots import level_name
from game.rules import GAMES
from game.scenes import nav
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.tables.seat_names import shown_name
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel
from game.words.host_words import closed_words
from game.words.i18n import N_, _


class LobbyScene(Scene):
    """Seats filling up; the host starts; then the board of the game."""

    def __init__(self, app, client, host=None):
        super().__init__(app)
        from game.tables.remote_session import RemoteSession

        self.client = client
        self.host = host
        self.session = RemoteSession(client, host)
        if host is None:
            from game.story.view_record import ViewRecorder
            # a guest keeps what it was shown (the host keeps the whole game): in
            # its history if it keeps one, and in memory for its results chart
            self.session.recorder = ViewRecorder(keep=app.settings.keep_history)
        self.started = False
        self.reclaim_asked = False
        self.key_told = False
        self.pick: int | None = None   # the hosting window: the seat up/down points at

    def leave(self) -> None:
        """Back to the title; a hosting window stops its host (and its advert)."""
        self.client.stop()
        if self.host is not None:
            self.host.stop()
        nav.to_title(self.app)

    def _freeable(self) -> list[int]:
        """Seats the hosting window may free: other players' seats in the lobby."""
        snap = self.client.snapshot()
        if self.host is None or snap["phase"] not in (None, "lobby"):
            return []
        return [s["seat"] for s in snap["seats"]
                if s.get("kind") == "human" and s.get("seat") != snap["seat"]]

    def _seat_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(460, 280 + i * 100, 1000, 84)

    def _free_rect(self, i: int) -> pygame.Rect:
        rect = self._seat_rect(i)
        return pygame.Rect(rect.right - 370, rect.y + 14, 200, 56)

    def _move_pick(self, step: int) -> None:
        seats = self._freeable()
        if not seats:
            self.pick = None
            return
        here = seats.index(self.pick) if self.pick in seats else (-1 if step > 0 else 0)
        self.pick = seats[(here + step) % len(seats)]

    def _free(self, seat: int | None) -> None:
        if self.host is not None and seat in self._freeable():
            self.host.kick(seat)
            self.pick = None

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "back":
            self.leave()
        elif intent.kind == "select" and self.host is not None:
            self.host.start_game()
        elif intent.kind in ("up", "down") and self.host is not None:
            self._move_pick(1 if intent.kind == "down" else -1)
        elif (intent.kind == "key" and self.host is not None
              and intent.key in (pygame.K_DELETE, pygame.K_x)):
            self._free(self.pick)
        elif intent.kind == "click" and intent.pos and self.host is not None:
            if self._start_rect().collidepoint(intent.pos):
                self.host.start_game()
            for seat in self._freeable():
                if self._free_rect(seat).collidepoint(intent.pos):
                    self._free(seat)
        elif intent.kind in ("left", "right") and self.host is None:
            from game.tables.seats import SEAT_COLORS
            snap = self.client.snapshot()
            mine = next((s for s in snap["seats"] if s.get("seat") == snap["seat"]), None)
            if mine:
                i = SEAT_COLORS.index(mine["color"]) if mine.get("color") in SEAT_COLORS else 0
                step = 1 if intent.kind == "right" else -1
                self.client.change_seat(color=SEAT_COLORS[(i + step) % len(SEAT_COLORS)])
        return True

    def _offer_reclaim(self, reason: str | None) -> None:
        """Another window took this seat: say so, and offer it back (or leave)."""
        if self.reclaim_asked:
            return
        self.reclaim_asked = True
        self.app.push(ConfirmScene(
            self.app, N_("Your seat is played from another window"),
            N_("Another connection holds your seat now."), self.client.reclaim_seat,
            yes=N_("Take my seat back"), no=N_("Leave"), on_no=self.leave))

    def _tell_new_key(self) -> None:
        """A host joined by address whose name was played with under another key."""
        old = getattr(self.client, "replaced_key", None)
        if old is None or self.key_told:
            return
        from net.identity import shown

        self.key_told = True
        self.app.toast(_("'{name}' had the key {key} when you played before; this host has "
                         "another. Check the key on the host's screen.").format(
                             name=old.name, key=shown(old.fingerprint)),
                       theme.ERROR, seconds=8)

    def _draw_phone_join(self, surface: pygame.Surface) -> None:
        """The phone page's link as a QR code (the table's secret in its
        fragment) and its address as text, with the code a page opened by hand
        asks for (net/host/web_seal.py)."""
        status = self.host.status()
        web = status.get("web_link")
        if not web:
            return
        from game.ui.phone_join import draw_phone_join

        draw_phone_join(surface, web, status.get("table_code", ""), (1690, 280))

    def _start_rect(self) -> pygame.Rect:
        return pygame.Rect(theme.SCREEN_W // 2 - 250, 880, 500, 80)

    def update(self) -> None:
        self.session.pump()
        for text, kind in self.session.notices():
            self.app.toast(text, theme.ERROR if kind == "error" else theme.ACCENT)
        snap = self.client.snapshot()
        if self.session.unreadable:
            self.client.stop()
            nav.to_join_list(self.app, self.client.name, self.session.close_reason)
            return
        if snap["status"] == "closed" and snap["view"] is None:
            if snap.get("cause") == "seat_taken":
                self._offer_reclaim(snap["reason"])
                return
            self.app.toast(closed_words(snap, _("The connection closed")), seconds=5)
            self.leave()
            return
        self.reclaim_asked = False
        self._tell_new_key()
        if not self.started and snap["view"] is not None and snap["phase"] in (
                "playing", "over"):
            self.started = True
            self.app.replace(nav.board_scene(self.app, self.session, on_exit=self.leave))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        snap = self.client.snapshot()
        info = GAMES.get(snap["game"] or "")
        title = snap["host_name"] or _("Connecting...")
        theme.blit_text(surface, title, (theme.SCREEN_W // 2, 100), 80, theme.ACCENT, True,
                        "center")
        from net.identity import shown

        key = (self.host.identity.fingerprint if self.host is not None
               else getattr(self.client, "host_fingerprint", None))
        # the host's key: players compare it with the key shown on the host's screen
        proven = _("  |  host key {key}").format(key=shown(key)) if key else ""
        theme.blit_text(surface, _("{left}  |  {right}").format(
                            left=_(info.name) if info else "", right=_(snap["status"])) + proven,
                        (theme.SCREEN_W // 2, 170), 36, theme.TEXT_DIM, anchor="center")
        if self.host is not None:
            from net.discovery import local_ipv4_addresses
            addresses = ", ".join(f"{a}:{self.host.port}" for a in local_ipv4_addresses()[:3])
            theme.blit_text(surface, _("Others join from Join, or by address {addresses}").format(
                                addresses=addresses),
                            (theme.SCREEN_W // 2, 220), 32, theme.TEXT_DIM, anchor="center")
        if self.host is not None:
            self._draw_phone_join(surface)
        freeable = self._freeable()
        if self.pick not in freeable:
            self.pick = None
        for i, seat in enumerate(snap["seats"]):
            rect = self._seat_rect(i)
            panel(surface, rect, theme.PANEL, theme.ACCENT if seat.get("seat") == snap["seat"]
                  else theme.PANEL_EDGE)
            color = theme.PLAYER_COLORS.get(seat.get("color") or "", (90, 90, 100))
            pygame.draw.rect(surface, color, (rect.x + 14, rect.y + 14, 56, 56),
                             border_radius=8)
            kind = seat.get("kind")
            label = shown_name(seat.get("name") or "") or (_("open seat") if kind == "open"
                                                           else "")
            if kind == "bot":
                label += f" ({_(level_name(seat.get('bot') or 'greedy'))})"
            theme.blit_text(surface, label, (rect.x + 90, rect.centery), 44, theme.TEXT, True,
                            "midleft")
            if kind == "human":
                theme.blit_text(surface, _("here") if seat.get("connected") else _("away"),
                                (rect.right - 24, rect.centery), 34, theme.GOOD if
                                seat.get("connected") else theme.ERROR, anchor="midright")
            if seat.get("seat") in freeable:
                button = self._free_rect(i)
                panel(surface, button, (110, 64, 64), theme.PANEL_EDGE)
                theme.blit_text(surface, _("Free seat"), button.center, 32, theme.TEXT,
                                anchor="center")
                if seat.get("seat") == self.pick:
                    focus_ring(surface, rect)
        if self.host is not None:
            rect = self._start_rect()
            panel(surface, rect, (64, 110, 70), theme.ACCENT)
            theme.blit_text(surface, _("Start (bots fill open seats)"), rect.center, 40,
                            theme.TEXT, True, "center")
            if freeable:
                theme.blit_text(surface, _("Up/down: pick a player  |  Delete: free their seat"
                                          "  |  Enter: start"), (theme.SCREEN_W // 2, 850), 30,
                                theme.TEXT_DIM, anchor="center")
        else:
            theme.blit_text(surface, _("Waiting for the host to start  |  left/right: your "
                                      "colour  |  Esc: leave"), (theme.SCREEN_W // 2, 940), 34,
                            theme.TEXT_DIM,
                            anchor="center")
