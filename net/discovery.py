"""Finding games on the LAN: zeroconf (mDNS/DNS-SD) service `_railparty._tcp.local.`.

A host advertises one service whose TXT record says the protocol version
(`proto`), the game id (`game`), seats in all and free (`seats`, `free`),
the lobby phase (`phase`), the host's display name (`host`) and the short
fingerprint of its identity key (`fp`, net/identity.py). Anyone can copy a
fingerprint into an announcement: a client checks it on connection (the host
proves its key), and `net/choosing.py` decides which of several games of one
name to join. The service's instance name is the game's name with the key's
first characters and the port (`Friday rails [V5C2 47474]`), so two hosts of one
name never claim one instance name: two that start at the same moment would
otherwise probe for it together, and mDNS's name-change rule does not always
settle that (one of them stayed unseen). `allow_name_change=True` still covers
the rest; players see the `host` field, never the instance name. The service is
unregistered when the host stops.

`Browser` runs in its own thread and keeps a live list of `FoundGame`s for the
Join screen: read `games()` every frame (it never blocks), redraw when
`changes` moves. `Browser.matches(name, timeout)` blocks: for the command line.

`interfaces`: a list of IPv4 addresses to use, or None. None means the
environment variable RAILPARTY_MDNS_INTERFACES (comma-separated addresses,
the tests set it to 127.0.0.1) or, without it, every interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net.identity import parse_fingerprint
from net.protocol import PROTOCOL_VERSION, SERVICE_TYPE

ENV_INTERFACES = "RAILPARTY_MDNS_INTERFACES"
RESOLVE_TIMEOUT_MS = 3000
SETTLE_SECONDS = 1.5      # after the first game of a name, how long to wait for others


def resolve_interfaces(interfaces: Sequence[str] | None) -> list[str] | InterfaceChoice:
    if interfaces:
        return list(interfaces)
    env = os.environ.get(ENV_INTERFACES, "").strip()
    if env:
        return [part.strip() for part in env.split(",") if part.strip()]
    return InterfaceChoice.All


def local_ipv4_addresses() -> list[str]:
    """This machine's IPv4 addresses, loopback last."""
    import ifaddr

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and ip.ip not in found:
                found.append(ip.ip)
    return sorted(found, key=lambda a: a.startswith("127."))


def advertised_addresses(bind: str, interfaces: Sequence[str] | None) -> list[str]:
    """The addresses a host puts in its service record."""
    if bind not in ("", "0.0.0.0"):
        return [bind]
    chosen = resolve_interfaces(interfaces)
    if isinstance(chosen, list):
        return chosen
    addresses = [a for a in local_ipv4_addresses() if not a.startswith("127.")]
    return addresses or ["127.0.0.1"]


def _txt(value: object) -> str:
    return str(value)[:200]


@dataclass(frozen=True)
class FoundGame:
    """One game seen on the LAN."""

    name: str            # the host's display name ("Friday rails")
    service: str         # the zeroconf instance name (unique on the LAN)
    game: str            # game id, e.g. "routes-usa"
    seats: int
    free: int
    phase: str           # "lobby", "playing" or "over"
    host: str            # an IPv4 address to connect to
    port: int
    version: int         # the host's protocol version
    fingerprint: str = ""  # its key's fingerprint as announced ("" if none): unproven
    web_port: int = 0      # the port of its phone page (net/host/web.py); 0: none

    @property
    def web_address(self) -> str | None:
        """The phone page's address, for a TV to show as a QR code; None if none."""
        return f"http://{self.host}:{self.web_port}/" if self.web_port else None

    def named(self, wanted: str) -> bool:
        """Whether this game answers to the name `wanted` (its host or instance name)."""
        wanted = wanted.strip().lower()
        return wanted in (self.name.lower(), self.service.lower())

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def compatible(self) -> bool:
        return self.version == PROTOCOL_VERSION


class Advertiser:
    """The host's service record. Use from the host's asyncio loop."""

    def __init__(self, name: str, port: int, game: str, seats: int, free: int,
                 phase: str = "lobby", *, bind: str = "0.0.0.0",
                 interfaces: Sequence[str] | None = None, fingerprint: str = "",
                 web_port: int = 0):
        self.name = name
        self.port = port
        self.fields = {"proto": PROTOCOL_VERSION, "game": game, "seats": seats, "free": free,
                       "phase": phase, "host": name, "fp": fingerprint}
        if web_port:
            self.fields["web"] = web_port    # the phone page's port, for a kiosk's QR code
        self.addresses = advertised_addresses(bind, interfaces)
        self.interfaces = resolve_interfaces(interfaces if interfaces else None)
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._lock = asyncio.Lock()

    def instance_name(self) -> str:
        """The game's name made unique on the LAN by its key and port."""
        name = "".join(ch if ch.isprintable() and ch != "." else " " for ch in self.name)
        key = "".join(ch for ch in self.fields.get("fp", "") if ch.isalnum())[:4]
        suffix = f" [{key} {self.port}]" if key else f" [{self.port}]"
        return (name.strip()[:60 - len(suffix)] or "Rail Party") + suffix

    def _make_info(self, instance: str) -> AsyncServiceInfo:
        label = "".join(ch if ch.isprintable() and ch != "." else " " for ch in instance)
        label = label.strip()[:60] or "Rail Party"
        return AsyncServiceInfo(
            SERVICE_TYPE, f"{label}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            properties={k: _txt(v) for k, v in self.fields.items()},
            server=f"railparty-{secrets.token_hex(4)}.local.")

    async def start(self) -> str:
        """Register; returns the instance name actually used (it may have a suffix)."""
        async with self._lock:
            self._zc = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
            self._info = self._make_info(self.instance_name())
            await (await self._zc.async_register_service(self._info, allow_name_change=True))
            return self._info.name

    async def update(self, **fields: object) -> None:
        """Change TXT fields (free seats, phase) and announce them."""
        async with self._lock:
            changed = {k: v for k, v in fields.items() if self.fields.get(k) != v}
            if not changed:
                return
            self.fields.update(changed)
            if self._zc is None or self._info is None:
                return
            info = AsyncServiceInfo(
                SERVICE_TYPE, self._info.name, addresses=self._info.addresses,
                port=self.port, properties={k: _txt(v) for k, v in self.fields.items()},
                server=self._info.server)
            self._info = info
            await (await self._zc.async_update_service(info))

    async def close(self) -> None:
        async with self._lock:
            zc, info, self._zc, self._info = self._zc, self._info, None, None
            if zc is None:
                return
            try:
                if info is not None:
                    with contextlib.suppress(Exception):
                        await (await zc.async_unregister_service(info))
            finally:
                await zc.async_close()


def _parse(info: AsyncServiceInfo) -> FoundGame | None:
    props = {}
    for key, value in (info.properties or {}).items():
        if isinstance(key, bytes) and isinstance(value, bytes):
            props[key.decode("utf-8", "replace")] = value.decode("utf-8", "replace")
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port:
        return None
    try:
        version = int(props.get("proto", "0"))
        seats = int(props.get("seats", "0"))
        free = int(props.get("free", "0"))
    except ValueError:
        return None
    web = props.get("web", "")
    web_port = int(web) if web.isdigit() and 0 < int(web) < 65536 else 0
    instance = info.name[:-len(SERVICE_TYPE) - 1] if info.name.endswith(
        "." + SERVICE_TYPE) else info.name
    return FoundGame(name=props.get("host") or instance, service=instance,
                     game=props.get("game", "?"), seats=seats, free=free,
                     phase=props.get("phase", "?"), host=addresses[0], port=info.port,
                     version=version,
                     fingerprint=parse_fingerprint(props.get("fp", "")) or "",
                     web_port=web_port)


class Browser:
    """A live list of games on the LAN, kept by a background thread.

    Thread-safe: `games()`, `changes`, `find()` may be called from any thread.
    """

    def __init__(self, interfaces: Sequence[str] | None = None):
        self.interfaces = resolve_interfaces(interfaces)
        self._games: dict[str, FoundGame] = {}
        self._reading: set[str] = set()   # announced, their records still being read
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self.changes = 0
        self.error: str | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._started = threading.Event()

    # --- control ------------------------------------------------------------

    def start(self) -> Browser:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="railparty-browser",
                                            daemon=True)
            self._thread.start()
            self._started.wait(5.0)
        return self

    def stop(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(5.0)
            self._thread = None

    def __enter__(self) -> Browser:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- reading --------------------------------------------------------------

    def games(self) -> list[FoundGame]:
        """The games found now, by name (a copy; never blocks for long)."""
        with self._lock:
            return sorted(self._games.values(), key=lambda g: (g.name.lower(), g.service))

    def wait_for(self, predicate: Callable[[list[FoundGame]], object],
                 timeout: float) -> object:
        """Block until predicate(games) is truthy (returned) or the timeout (None)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                games = sorted(self._games.values(), key=lambda g: (g.name.lower(), g.service))
                value = predicate(games)
                if value:
                    return value
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._changed.wait(left)

    def find(self, name: str, timeout: float = 10.0) -> FoundGame | None:
        """The first game whose host name (or instance name) is `name`, waiting up to
        `timeout`. Several games may share a name: choose with `matches`."""
        found = self.matches(name, timeout, settle=0.0)
        return found[0] if found else None

    def matches(self, name: str, timeout: float = 10.0,
                settle: float = SETTLE_SECONDS) -> list[FoundGame]:
        """Every game called `name`, once the first has been seen, no other has
        come for `settle` seconds (answers to one query arrive over a moment) and
        no announcement heard is still being read; or what there is after
        `timeout`."""
        deadline = time.monotonic() + timeout
        if not self.wait_for(lambda games: [g for g in games if g.named(name)], timeout):
            return []
        def count(games: list[FoundGame]) -> int:
            return len([g for g in games if g.named(name)])

        seen = count(self.games())
        while True:
            quiet_until = min(deadline, time.monotonic() + settle)
            more = self.wait_for(lambda games, before=seen: count(games) > before,
                                 max(0.0, quiet_until - time.monotonic()))
            if not more:
                # an announcement heard but not yet read may be another game of
                # this name (on a busy machine reading one took longer than the
                # settle time, and the game first read was taken alone)
                self.wait_for(lambda games: not self._reading,
                              max(0.0, deadline - time.monotonic()))
                more = count(self.games()) > seen
            found = [g for g in self.games() if g.named(name)]
            if not more or time.monotonic() >= deadline:
                return found
            seen = len(found)

    # --- the thread -------------------------------------------------------------

    def _set(self, key: str, game: FoundGame | None) -> None:
        with self._lock:
            if game is None:
                if self._games.pop(key, None) is None:
                    return
            elif self._games.get(key) == game:
                return
            else:
                self._games[key] = game
            self.changes += 1
            self._changed.notify_all()

    def _read(self, name: str) -> None:
        """`name`'s records are read (or could not be): nobody waits on it now."""
        with self._lock:
            self._reading.discard(name)
            self._changed.notify_all()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # reported to the UI (self.error), never raised there
            self.error = f"network discovery failed: {exc}"
            self._started.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        zc = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        pending: set[asyncio.Task] = set()

        async def resolve(name: str) -> None:
            try:
                info = AsyncServiceInfo(SERVICE_TYPE, name)
                if await info.async_request(zc.zeroconf, RESOLVE_TIMEOUT_MS):
                    game = _parse(info)
                    if game is not None:
                        self._set(name, game)
            finally:
                self._read(name)

        def on_change(zeroconf: object, service_type: str, name: str,
                      state_change: ServiceStateChange) -> None:
            if state_change is ServiceStateChange.Removed:
                self._set(name, None)
                return
            with self._lock:
                self._reading.add(name)
            task = asyncio.ensure_future(resolve(name))
            pending.add(task)
            task.add_done_callback(pending.discard)

        browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[on_change])
        self._started.set()
        try:
            await self._stop.wait()
        finally:
            for task in list(pending):
                task.cancel()
            await browser.async_cancel()
            await zc.async_close()
