"""LAN screens: find or type a host (Join), host a game, and the lobby."""

from __future__ import annotations

import pygame

from game.bots import bot_for_game, level_name
from game.i18n import N_, _
from game.rules import GAMES
from game.scenes import nav
from game.scenes.base import Scene
from game.scenes.confirm import ConfirmScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel

MAX_FIELD = 40


# A game's phase and a connection's state as the network names them, marked for
# the catalogs (the screens translate them as they draw them).
STATE_WORDS = (N_("lobby"), N_("playing"), N_("over"), N_("connecting"), N_("connected"),
               N_("reconnecting"), N_("closed"))

class TextField:
    """A one-line text box edited with the keyboard."""

    def __init__(self, label: str, value: str = "", limit: int = MAX_FIELD):
        self.label, self.value, self.limit = label, value, limit

    def key(self, intent: Intent) -> bool:
        if intent.kind == "key" and intent.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        if intent.kind == "back" and intent.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        if intent.kind == "key" and intent.text and intent.text.isprintable():
            if len(self.value) < self.limit:
                self.value += intent.text
            return True
        if intent.kind == "select" and intent.key == pygame.K_SPACE:
            if len(self.value) < self.limit:
                self.value += " "
            return True
        return False


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
            self.app.toast(_("LAN search unavailable: {reason}").format(reason=exc), theme.ACCENT)
        self.name = TextField(N_("Your name"), name, 16)
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
            self.app.toast(str(exc))
            return
        name = self.name.value.strip() or "Player"
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
                self.app.toast("Type the host's address first, like 192.168.1.20:47474",
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
            self.app.toast(f"{game.name} runs another version of Rail Party")
            return
        if not game.fingerprint:
            self.app.toast(f"{game.name} announces no host key; type its address to join "
                           "it if you trust it")
            return
        known = self._known_host(game.name)
        if known is not None and known.fingerprint != game.fingerprint:
            self.app.push(ConfirmScene(
                self.app, "Not the host you played with",
                f"You played '{known.name}' with key {shown(known.fingerprint)}; this one "
                f"has key {shown(game.fingerprint)}. Join only if its host shows that key.",
                lambda: self.connect(game.address, game.fingerprint), yes="Join it",
                no="Back"))
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


class HostSetupScene(Scene):
    """Host a LAN game: which game, how many seats, your name."""

    def __init__(self, app):
        super().__init__(app)
        self.games = list(GAMES)
        self.game = 0
        self.seats = 4
        self.name = TextField(N_("Your name"), "Host", 16)
        self.drop = "bot"  # what happens to a player who drops: a bot plays, or a pause
        # index into TURN_TIMERS: how long a connected player may think; the
        # game's own length until the host picks another
        self.timer = self._game_timer()
        self.timer_chosen = False
        self.bot = "greedy"  # the level of the bots that fill open seats and stand in
        self.focus = 0
        self.key: str | None = None   # this computer's host key fingerprint
        try:
            from net.identity import HostIdentity
            self.key = HostIdentity.load_or_create().fingerprint
        except Exception:   # no key can be read or made here: the host makes one itself
            self.key = None

    ROWS = 7
    # seconds before the stand-in plays a turn a connected player leaves too long
    TURN_TIMERS = (0, 30, 60, 90, 120, 180)

    def _rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(260, 200 + i * 96, 1400, 80)

    def _game_timer(self) -> int:
        """The TURN_TIMERS index nearest the game's own turn length."""
        wanted = GAMES[self.games[self.game]].turn_seconds
        return min(range(1, len(self.TURN_TIMERS)),
                   key=lambda i: abs(self.TURN_TIMERS[i] - wanted))

    def _change(self, step: int) -> None:
        info = GAMES[self.games[self.game]]
        if self.focus == 0:
            self.game = (self.game + step) % len(self.games)
            info = GAMES[self.games[self.game]]
            if not self.timer_chosen:
                self.timer = self._game_timer()
        elif self.focus == 1:
            self.seats += step
        elif self.focus == 3:
            self.drop = "pause" if self.drop == "bot" else "bot"
        elif self.focus == 4:
            self.timer = (self.timer + step) % len(self.TURN_TIMERS)
            self.timer_chosen = True
        elif self.focus == 5:
            levels = list(info.bots)
            here = levels.index(self.bot) if self.bot in levels else len(levels) - 1
            self.bot = levels[(here + step) % len(levels)]
        self.seats = max(info.min_players, min(info.max_players, self.seats))

    def start(self) -> None:
        from game.paths import data_dir
        from net.host import Host

        name = self.name.value.strip() or "Host"
        from net.host.web import pick_web_port
        from net.protocol import DEFAULT_PORT

        host = None
        # the well-known port first (people can type it; clients retry it after
        # a restart), any free port when another program holds it
        for port in (DEFAULT_PORT, 0):
            try:
                host = Host(self.games[self.game], self.seats, f"{name}'s table", port=port,
                            save_path=data_dir() / "lan-host-save.json", on_drop=self.drop,
                            turn_timeout=self.TURN_TIMERS[self.timer],
                            fill_bot=self.bot, standin_bot=self.bot,
                            think_ms=self.app.settings.bot_think_ms,
                            bot_delay=self.app.settings.bot_pace,
                            keep_history=self.app.settings.keep_history,
                            web_port=pick_web_port("0.0.0.0")).start()
                break
            except OSError as exc:
                error = exc
            except ValueError as exc:
                self.app.toast(_("Cannot host: {reason}").format(reason=exc))
                return
        if host is None:
            self.app.toast(_("Cannot host: {reason}").format(reason=error))
            return
        client = host.join_local(name)
        self.app.replace(LobbyScene(self.app, client, host))

    def handle(self, intent: Intent) -> bool:
        if self.focus == 2 and self.name.key(intent):
            return True
        if intent.kind == "back":
            self.app.pop(self)
        elif intent.kind in ("down", "next"):
            self.focus = (self.focus + 1) % self.ROWS
        elif intent.kind in ("up", "prev"):
            self.focus = (self.focus - 1) % self.ROWS
        elif intent.kind in ("left", "right"):
            self._change(1 if intent.kind == "right" else -1)
        elif intent.kind == "select":
            if self.focus == self.ROWS - 1:
                self.start()
            else:
                self._change(1)
        elif intent.kind == "click" and intent.pos:
            for i in range(self.ROWS):
                if self._rect(i).collidepoint(intent.pos):
                    self.focus = i
                    if i == self.ROWS - 1:
                        self.start()
                    else:
                        self._change(1)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Host a LAN game"), (theme.SCREEN_W // 2, 110), 90,
                        theme.ACCENT, True, "center")
        info = GAMES[self.games[self.game]]
        timer = self.TURN_TIMERS[self.timer]
        rows = [(_("Game"), f"<  {_(info.name)}  >"), (_("Seats"), f"<  {self.seats}  >"),
                (_("Your name"), self.name.value + ("_" if self.focus == 2 else "")),
                (_("If a player drops"), _("<  a bot plays until they return  >") if
                 self.drop == "bot" else _("<  the game pauses for them  >")),
                (_("Turn timer"), _("<  off  >") if not timer else
                 _("<  a bot plays a turn left {seconds} s  >").format(seconds=timer)),
                (_("Bots"), f"<  {_(level_name(bot_for_game(info.id, self.bot)))}  >"),
                (_("Open the lobby"), "")]
        for i, (label, value) in enumerate(rows):
            rect = self._rect(i)
            panel(surface, rect)
            theme.blit_text(surface, label, (rect.x + 24, rect.centery), 42,
                            theme.ACCENT if i == self.ROWS - 1 else theme.TEXT, True, "midleft")
            theme.blit_text(surface, value, (rect.right - 24, rect.centery), 40, theme.ACCENT,
                            anchor="midright")
            if i == self.focus:
                focus_ring(surface, rect)
        theme.blit_text(surface, _("Players join from Join on their own screens; bots fill "
                                  "the empty seats when you start"),
                        (theme.SCREEN_W // 2, self._rect(self.ROWS - 1).bottom + 44), 32,
                        theme.TEXT_DIM, anchor="center")
        if self.key is not None:
            from net.identity import shown
            theme.blit_text(surface, _("Your host key: {key}  (players see it beside your game "
                                      "when they join)").format(key=shown(self.key)),
                            (theme.SCREEN_W // 2, self._rect(self.ROWS - 1).bottom + 90), 30,
                            theme.TEXT_DIM, anchor="center")


class LobbyScene(Scene):
    """Seats filling up; the host starts; then the board of the game."""

    def __init__(self, app, client, host=None):
        super().__init__(app)
        from game.remote_session import RemoteSession

        self.client = client
        self.host = host
        self.session = RemoteSession(client, host)
        if host is None and app.settings.keep_history:
            from game.view_record import ViewRecorder
            # a guest keeps what it was shown (the host keeps the whole game)
            self.session.recorder = ViewRecorder()
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
            from game.seats import SEAT_COLORS
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
            reason or N_("Another connection holds your seat now."), self.client.reclaim_seat,
            yes=N_("Take my seat back"), no=N_("Leave"), on_no=self.leave))

    def _tell_new_key(self) -> None:
        """A host joined by address whose name was played with under another key."""
        old = getattr(self.client, "replaced_key", None)
        if old is None or self.key_told:
            return
        from net.identity import shown

        self.key_told = True
        self.app.toast(f"'{old.name}' had the key {shown(old.fingerprint)} when you played "
                       "before; this host has another. Check the key on the host's screen.",
                       theme.ERROR, seconds=8)

    def _draw_phone_join(self, surface: pygame.Surface) -> None:
        """The phone page's address as a QR code and text, with the join code
        the page shows too (net/host/web.py)."""
        status = self.host.status()
        web = status.get("web")
        if not web:
            return
        from game.ui.qr import qr_surface

        code = qr_surface(web, 340)
        rect = code.get_rect(midtop=(1690, 280))
        surface.blit(code, rect)
        theme.blit_text(surface, "Phones: scan or open", (rect.centerx, rect.bottom + 30), 30,
                        theme.TEXT_DIM, anchor="center")
        theme.blit_text(surface, web.removeprefix("http://").rstrip("/"),
                        (rect.centerx, rect.bottom + 70), 32, theme.TEXT, True, "center")
        theme.blit_text(surface, f"code {status.get('join_code', '')}",
                        (rect.centerx, rect.bottom + 110), 30, theme.ACCENT, anchor="center")

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
            self.app.toast(snap["reason"] or _("The connection closed"), seconds=5)
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
        theme.blit_text(surface, (_(info.name) if info else "")
                        + f"  |  {_(snap['status'])}{proven}",
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
            label = seat.get("name") or (_("open seat") if kind == "open" else "")
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
