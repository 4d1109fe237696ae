"""The LAN join screen: games found on the network, or any host by address."""

from __future__ import annotations

import pygame

from game.rules import GAMES
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.scenes.lan_field import TextField
from game.scenes.lan_lobby import LobbyScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel
from game.words.host_words import said, words_of
from game.words.i18n import N_, _


class JoinScene(Scene):
    """Games found on the LAN (live), and an address field for any host.

    Each game shows its address and the key its host announces; a game under a
    name played before is marked, and one under that name with another key is
    flagged and joined only after a question. Joining a listed game asks its
    host to prove the announced key (net/client.py)."""

    def __init__(self, app, name: str = "Player", notice: str | None = None):
        super().__init__(app)
        from net.discovery import Browser

        self.notice = notice   # why the player is back here (a host we could not read)
        self.browser = None
        try:
            self.browser = Browser().start()
        except Exception as exc:  # no multicast here: the address field still works
            from game.words.os_words import os_reason

            reason = words_of(os_reason(exc)) if isinstance(exc, OSError) else said(exc)
            self.app.toast(_("LAN search unavailable: {reason}").format(reason=reason),
                           theme.ACCENT)
        # the default name is the program's words: a Japanese window offers プレイヤー
        self.name = TextField(N_("Your name"), _("Player") if name == "Player" else name, 16)
        self.address = TextField(N_("Address (host:port)"), "")
        self.focus = 0  # 0 name, 1 address, 2.. games
        self._known: dict[str, object] = {}   # game name -> KnownHost (or None)
        self._known_at = -1                   # the browser's `changes` they were read at

    def _games(self):
        return self.browser.games() if self.browser else []

    def _known_host(self, name: str):
        """The host remembered for a game name (read again when the list changes)."""
        from net.known_hosts import KnownHosts

        changes = self.browser.changes if self.browser else 0
        if changes != self._known_at:
            self._known, self._known_at = {}, changes
        if name not in self._known:
            self._known[name] = KnownHosts().get(name)
        return self._known[name]

    def flag(self, game, games) -> tuple[str, tuple[int, int, int]] | None:
        """What a player should know about a listed game before joining it."""
        known = self._known_host(game.name)
        if not game.compatible:
            return _("another Rail Party version (network protocol {version})").format(
                version=game.version), \
                theme.ERROR
        if not game.fingerprint:
            return _("announces no key: join by address only if you trust it"), theme.ERROR
        if known is not None and known.fingerprint != game.fingerprint:
            return _("NEW KEY: not the host you played with under this name"), theme.ERROR
        twins = sum(1 for g in games if g.name.lower() == game.name.lower())
        copies = sum(1 for g in games if g.fingerprint == game.fingerprint)
        if copies > 1:        # one key announced twice: only its host can prove it
            return _("{count} games announce this key: joining checks which one holds it").format(
                count=copies), \
                theme.ERROR
        if known is not None:
            return _("the host you played with before"), theme.GOOD
        if twins > 1:
            return _("{count} games have this name: check the key on the host's screen").format(
                count=twins), \
                theme.ACCENT
        return None

    def _row(self, i: int) -> pygame.Rect:
        return pygame.Rect(260, 420 + i * 84, 1400, 74)

    def leave(self) -> None:
        self.app.pop(self)

    def connect(self, address: str, host_key: str | None = None) -> None:
        """Join `address`; `host_key`: the fingerprint its host must prove first."""
        from net.client import Client, parse_address

        try:
            target = parse_address(address)
        except ValueError as exc:
            self.app.toast(said(exc))
            return
        name = self.name.value.strip() or _("Player")
        client = Client(target, name=name, expect_key=host_key).start()
        self.app.replace(LobbyScene(self.app, client))

    def exit(self) -> None:
        if self.browser:
            self.browser.stop()
            self.browser = None

    def handle(self, intent: Intent) -> bool:
        games = self._games()
        count = 2 + len(games)
        self.focus = min(self.focus, count - 1)  # a focused game may have vanished
        field = self.name if self.focus == 0 else self.address if self.focus == 1 else None
        if intent.kind == "back" and intent.key != pygame.K_BACKSPACE:
            self.leave()
            return True
        if intent.kind in ("down", "next"):
            self.focus = (self.focus + 1) % count
            return True
        if intent.kind in ("up", "prev"):
            self.focus = (self.focus - 1) % count
            return True
        if intent.kind == "select" and intent.key != pygame.K_SPACE:
            if self.focus == 1 and self.address.value.strip():
                self.connect(self.address.value.strip())
            elif self.focus == 1:
                self.app.toast(_("Type the host's address first, like {example}").format(
                    example="192.168.1.20:47474"),
                               theme.ACCENT)
            elif self.focus >= 2:
                self._join(games[self.focus - 2])
            else:
                self.focus += 1
            return True
        if field is not None and field.key(intent):
            return True
        if intent.kind == "click" and intent.pos:
            for i, game in enumerate(games):
                if self._row(i).collidepoint(intent.pos):
                    self._join(game)
                    return True
            if pygame.Rect(260, 170, 1400, 74).collidepoint(intent.pos):
                self.focus = 0
            elif pygame.Rect(260, 260, 1400, 74).collidepoint(intent.pos):
                self.focus = 1
        return True

    def _join(self, game) -> None:
        from net.identity import shown

        if not game.compatible:
            self.app.toast(_("{name} runs another version of Rail Party").format(
                name=game.name))
            return
        if not game.fingerprint:
            self.app.toast(_("{name} announces no host key; type its address to join it "
                             "if you trust it").format(name=game.name))
            return
        known = self._known_host(game.name)
        if known is not None and known.fingerprint != game.fingerprint:
            self.app.push(ConfirmScene(
                self.app, N_("Not the host you played with"),
                _("You played '{name}' with key {old}; this one has key {new}. Join only if "
                  "its host shows that key.").format(name=known.name,
                                                     old=shown(known.fingerprint),
                                                     new=shown(game.fingerprint)),
                lambda: self.connect(game.address, game.fingerprint), yes=N_("Join it"),
                no=N_("Back")))
            return
        self.connect(game.address, game.fingerprint)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Join a LAN game"), (theme.SCREEN_W // 2, 90), 90,
                        theme.ACCENT, True, "center")
        if self.notice:
            theme.blit_text(surface, self.notice, (theme.SCREEN_W // 2, 150), 34, theme.ERROR,
                            anchor="center")
        for i, field in enumerate((self.name, self.address)):
            rect = pygame.Rect(260, 170 + i * 90, 1400, 74)
            panel(surface, rect)
            theme.blit_text(surface, _(field.label), (rect.x + 24, rect.centery), 38, theme.TEXT,
                            True, "midleft")
            cursor = "_" if self.focus == i else ""
            theme.blit_text(surface, field.value + cursor, (rect.x + 520, rect.centery), 40,
                            theme.ACCENT, anchor="midleft")
            if self.focus == i:
                focus_ring(surface, rect)
        games = self._games()
        theme.blit_text(surface, _("Games on this network") if games else
                        _("Looking for games on this network..."), (260, 370), 36,
                        theme.TEXT_DIM)
        from net.identity import shown

        for i, game in enumerate(games[:7]):
            rect = self._row(i)
            flag = self.flag(game, games)
            panel(surface, rect, edge=theme.ERROR if flag and flag[1] == theme.ERROR
                  else theme.PANEL_EDGE)
            info = GAMES.get(game.game)
            label = _(info.name) if info else game.game
            theme.blit_text(surface, game.name, (rect.x + 24, rect.y + 24), 36, theme.TEXT,
                            True, "midleft")
            theme.blit_text(surface, _("{game}  |  {free}/{seats} seats free  |  {phase}").format(
                                game=label, free=game.free, seats=game.seats,
                                phase=_(game.phase)), (rect.right - 24, rect.y + 24), 28,
                            theme.TEXT_DIM if game.compatible else theme.ERROR,
                            anchor="midright")
            theme.blit_text(surface, _("{address}  |  key {key}").format(
                                address=game.address, key=shown(game.fingerprint) or _("none")),
                            (rect.right - 24, rect.bottom - 20), 26, theme.TEXT_DIM,
                            anchor="midright")
            if flag is not None:
                theme.blit_text(surface, flag[0], (rect.x + 24, rect.bottom - 20), 26, flag[1],
                                anchor="midleft")
            if self.focus == i + 2:
                focus_ring(surface, rect)
        theme.blit_text(surface, _("Enter: join  |  type host:port in Address for networks "
                                  "without multicast  |  Esc: back"), (theme.SCREEN_W // 2,
                        theme.SCREEN_H - 40), 30, theme.TEXT_DIM, anchor="center")
