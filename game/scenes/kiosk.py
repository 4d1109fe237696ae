"""Kiosk / TV display: the public board of a LAN game, or a bot demo.

It follows the named (or first) game found on the LAN, or a fixed address,
as a spectator: public views only, the same animations as a player sees.
With no game to show it plays a bot demo (attract mode) and switches to a
real game as soon as one is playing. A game is followed only once its host
proves the key it announces (net/identity.py); of several games of one name
it follows the one it watched before (known hosts) or the one asked for
(`host_key`), and otherwise none, saying so (net/choosing.py). It never leaves
the game it follows for another one unless that game ended or stopped
answering. It reconnects by itself, ignores Esc,
and quits only on its key chord (Ctrl+Shift+Q).
"""

from __future__ import annotations

import pygame

from game.rules import GAMES
from game.scenes import nav
from game.scenes.base import Scene
from game.ui import layout_record, theme
from game.ui.input import Intent
from game.words.i18n import _, ngettext

LOOK_EVERY_TICKS = 120      # how often to look for a game to show (2 s)
SHUN_TICKS = 60 * 60        # a host that sent what we cannot read is left alone (1 min)
RESULTS_TICKS = 60 * 20     # how long a finished game's results stay up
QUIT_CHORD = (pygame.K_q, pygame.KMOD_CTRL, pygame.KMOD_SHIFT)


class KioskScene(Scene):
    """Sits at the bottom of the stack and swaps what is shown above it."""

    def __init__(self, app, discover: str | None = None, address: str | None = None,
                 interfaces: list[str] | None = None, demo_games: list[str] | None = None,
                 host_key: str | None = None):
        super().__init__(app)
        self.discover, self.address = discover, address
        self.host_key = host_key          # a fingerprint the followed host must prove
        self.target_key: str | None = None  # the key the game about to be followed announced
        self.followed_key: str | None = None  # the key of the last game followed
        self.notice: str | None = None    # why no game is followed (shown on the badge)
        self.interfaces = interfaces
        # the attract mode plays every registered game in turn
        self.demo_games = list(demo_games or GAMES)
        self.demos_played = 0
        self.browser = None
        self.client = None
        self.showing: str | None = None  # "demo" or "live"
        self.wait = 0
        self.over_ticks = 0
        self.ticks = 0
        self.shunned: dict[str, int] = {}   # address -> tick until which it is left alone
        self.following: str | None = None   # the address of the client's host
        # the phone page of the game about to be followed / followed (its
        # announcement carries the page's port): shown as a QR code while live
        self.target_web: str | None = None
        self.web: str | None = None
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
        self.target_key = self.host_key
        self.target_web = None
        if self.address:
            return self.address
        if self.browser is None:
            return None
        games = [g for g in self.browser.games() if g.compatible and g.fingerprint
                 and self.shunned.get(g.address, 0) <= self.ticks]
        if self.discover:
            from net.choosing import choose
            from net.known_hosts import KnownHosts

            choice = choose(games, self.discover, host_key=self.host_key,
                            known=KnownHosts().get(self.discover))
            pick = choice.game
            if choice.proof_decides:
                pick = choice.listed[0]   # one key claimed by several: the proof decides
            self.notice = None if pick is not None or not choice.listed else (
                ngettext("{count} game is called '{name}': none followed (kiosk --host-key FP)",
                         "{count} games are called '{name}': none followed "
                         "(kiosk --host-key FP)", len(choice.listed)).format(
                    count=len(choice.listed), name=self.discover)
                if len(choice.listed) > 1 else
                _("'{name}' is back with a new key: not followed (kiosk --host-key FP)").format(
                    name=self.discover))
        else:
            # any game: the one followed before first, then one being played
            pick = min(games, default=None, key=lambda g: (
                g.fingerprint != self.followed_key, g.phase != "playing", g.name.lower()))
        if pick is None:
            return None
        self.target_key = pick.fingerprint
        self.target_web = pick.web_address
        return pick.address

    @property
    def demo_game(self) -> str:
        """The game the attract mode plays next."""
        return self.demo_games[self.demos_played % len(self.demo_games)]

    def _show_demo(self) -> None:
        from game.tables.match import Match, default_seats, new_seed
        from game.tables.session import LocalSession

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
        self.client = Client(target, role="spectator", expect_key=self.target_key).start()
        self.following = address
        self.web = self.target_web

    def _show_live(self) -> None:
        from game.tables.remote_session import RemoteSession

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
        self.ticks += 1
        client = self.client
        if client is not None:
            snap = client.snapshot()
            if getattr(client, "host_fingerprint", None):
                self.followed_key, self.notice = client.host_fingerprint, None
            if snap["status"] == "closed":
                client.stop()
                self.client = None
                if snap["cause"] in ("wrong_host", "unreadable", "older_host") and self.following:
                    self.shunned[self.following] = self.ticks + SHUN_TICKS
                if snap["cause"] == "wrong_host" and self.following:
                    self.notice = _("{address} could not prove its key: skipped").format(
                        address=self.following)
                if self.showing == "live":
                    self._show_demo()
            elif self.showing != "live" and snap["view"] is not None and snap["phase"] in (
                    "playing", "over") and snap["result"] is None:
                self._show_live()
        elif self.wait >= LOOK_EVERY_TICKS:
            self.wait = 0
            target = self._target()
            if target is not None and self.shunned.get(target, 0) <= self.ticks:
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
        label = _("LIVE") if self.showing == "live" else (
            _("DEMO - {notice}").format(notice=_clip(self.notice, 100)) if self.notice else
            _("DEMO - start a LAN game to show it here"))
        color = theme.ERROR if self.showing == "live" else theme.ACCENT
        img = theme.text(label, 30, (255, 255, 255), True)
        box = img.get_rect(bottomright=(theme.SCREEN_W - 28, theme.SCREEN_H - 18)).inflate(24,
                                                                                           12)
        pygame.draw.rect(surface, color, box, border_radius=8)
        surface.blit(img, img.get_rect(center=box.center))
        layout_record.box(surface, box)  # a panel: it must hide no text
        layout_record.text(surface, img.get_rect(center=box.center), label, 30, img)
        board = self.app.stack[1] if len(self.app.stack) > 1 else None
        over = board is not None and getattr(getattr(board, "session", None), "is_over", False)
        if self.showing == "live" and not over:   # nobody joins a finished game
            self.draw_phone_join(surface, 1420)   # under the map, clear of the side log

    def draw_phone_join(self, surface: pygame.Surface, right: int) -> None:
        """The followed game's phone page as a small QR code in the strip under
        the map, with its address, so players on the couch can take a seat from
        their phones. The kiosk does not know the table's secret: the link has
        none, and the page asks for the code the hosting window shows (a host
        key's code here would be taken for it)."""
        if not self.web:
            return
        from game.ui.phone_join import draw_phone_join_line

        draw_phone_join_line(surface, self.web, "", (right, theme.SCREEN_H - 8))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."
