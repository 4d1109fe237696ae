"""Kiosk / TV display: the public board of a LAN game, or a bot demo.

It follows the named (or first) game found on the LAN, or a fixed address,
as a spectator: public views only, the same animations as a player sees.
With no game to show it plays a bot demo (attract mode) and switches to a
real game as soon as one is playing. It reconnects by itself, ignores Esc,
and quits only on its key chord (Ctrl+Shift+Q).
"""

from __future__ import annotations

import pygame

from game.rules import GAMES
from game.scenes import nav
from game.scenes.base import Scene
from game.ui import layout_record, theme
from game.ui.input import Intent

LOOK_EVERY_TICKS = 120      # how often to look for a game to show (2 s)
RESULTS_TICKS = 60 * 20     # how long a finished game's results stay up
QUIT_CHORD = (pygame.K_q, pygame.KMOD_CTRL, pygame.KMOD_SHIFT)


class KioskScene(Scene):
    """Sits at the bottom of the stack and swaps what is shown above it."""

    def __init__(self, app, discover: str | None = None, address: str | None = None,
                 interfaces: list[str] | None = None, demo_games: list[str] | None = None):
        super().__init__(app)
        self.discover, self.address = discover, address
        self.interfaces = interfaces
        # the attract mode plays every registered game in turn
        self.demo_games = list(demo_games or GAMES)
        self.demos_played = 0
        self.browser = None
        self.client = None
        self.showing: str | None = None  # "demo" or "live"
        self.wait = 0
        self.over_ticks = 0
        if address is None:
            try:
                from net.discovery import Browser
                self.browser = Browser(interfaces).start()
            except Exception:
                self.browser = None  # no multicast: demo until an address is given

    # the kiosk intercepts its chord before any scene above it sees input
    def intercept(self, intent: Intent) -> bool:
        if intent.kind == "key" and intent.key == QUIT_CHORD[0] and (
                intent.mod & QUIT_CHORD[1]) and (intent.mod & QUIT_CHORD[2]):
            self.shutdown()
            self.app.quit()
        return True  # nothing else: a kiosk takes no input

    def shutdown(self) -> None:
        client, browser, self.client, self.browser = self.client, self.browser, None, None
        if client is not None:
            client.stop()
        if browser is not None:
            browser.stop()

    def _target(self) -> str | None:
        if self.address:
            return self.address
        if self.browser is None:
            return None
        games = [g for g in self.browser.games() if g.compatible]
        if self.discover:
            wanted = self.discover.strip().lower()
            games = [g for g in games if wanted in (g.name.lower(), g.service.lower())]
        playing = [g for g in games if g.phase == "playing"]
        pick = (playing or games)[:1]
        return pick[0].address if pick else None

    @property
    def demo_game(self) -> str:
        """The game the attract mode plays next."""
        return self.demo_games[self.demos_played % len(self.demo_games)]

    def _show_demo(self) -> None:
        from game.match import Match, default_seats, new_seed
        from game.session import LocalSession

        info = GAMES[self.demo_game]
        players = info.demo_players or info.min_players
        match = Match(info.id, default_seats(info.id, 0, players), new_seed())
        self.demos_played += 1
        self._swap(nav.board_scene(self.app, LocalSession(match), on_exit=lambda: None,
                                   kiosk=True))
        self.showing = "demo"
        self.over_ticks = 0

    def _connect(self, address: str) -> None:
        from net.client import Client, parse_address

        try:
            target = parse_address(address)
        except ValueError:
            self.address = None
            return
        self.client = Client(target, role="spectator").start()

    def _show_live(self) -> None:
        from game.remote_session import RemoteSession

        self._swap(nav.board_scene(self.app, RemoteSession(self.client), on_exit=lambda: None,
                                   kiosk=True))
        self.showing = "live"
        self.over_ticks = 0

    def _swap(self, scene: Scene) -> None:
        for gone in reversed(self.app.stack[1:]):
            gone.exit()
        del self.app.stack[1:]
        self.app.stack.append(scene)
        scene.enter()

    def exit(self) -> None:
        self.shutdown()

    def update(self) -> None:
        if self.showing is None:
            self._show_demo()
        self.wait += 1
        client = self.client
        if client is not None:
            snap = client.snapshot()
            if snap["status"] == "closed":
                client.stop()
                self.client = None
                if self.showing == "live":
                    self._show_demo()
            elif self.showing != "live" and snap["view"] is not None and snap["phase"] in (
                    "playing", "over") and snap["result"] is None:
                self._show_live()
        elif self.wait >= LOOK_EVERY_TICKS:
            self.wait = 0
            target = self._target()
            if target is not None:
                self._connect(target)
        board = self.app.stack[1] if len(self.app.stack) > 1 else None
        if board is not None and getattr(board, "session", None) is not None \
                and board.session.is_over:
            self.over_ticks += 1
            if self.over_ticks > RESULTS_TICKS:
                if self.client is not None:
                    self.client.stop()
                    self.client = None
                self._show_demo()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)

    def draw_badge(self, surface: pygame.Surface) -> None:
        label = "LIVE" if self.showing == "live" else "DEMO - start a LAN game to show it here"
        color = theme.ERROR if self.showing == "live" else theme.ACCENT
        img = theme.text(label, 30, (255, 255, 255), True)
        box = img.get_rect(bottomright=(theme.SCREEN_W - 28, theme.SCREEN_H - 18)).inflate(24,
                                                                                           12)
        pygame.draw.rect(surface, color, box, border_radius=8)
        surface.blit(img, img.get_rect(center=box.center))
        layout_record.box(surface, box)  # a panel: it must hide no text
        layout_record.text(surface, img.get_rect(center=box.center), label, 30, img)
