"""The phone page's doors: which requests are this host's own, and how many page
connections may be under way.

DNS rebinding: a web page a guest opens on the Wi-Fi can have its own name point
at the host's address, and then its script's requests carry that name in both Host
and Origin. So a request is served only when its Host header names one of the
host's own addresses (the one the connection reached, the ones it listens on or
announces, and localhost's names for a loopback connection) with the page's port,
and a WebSocket only when its Origin, scheme included, is exactly that page's
(`http://` and the same Host).

Page requests under way (an HTTP request not yet answered, or a WebSocket whose
opening, its sealed channel's exchange included, is not done) are capped per
address and shared fairly (net/host/doors.py), and each new connection is
charged to its address's budget at the door, before the `websockets` library
reads a byte of it: a flood of half-sent requests holds a few sockets, never the
host's open files.

A part of Host (net/host/server.py), which holds the state these methods use.
"""

from __future__ import annotations

import http
import ipaddress
import re
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from net import protocol as P
from net.host.doors import make_room

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
HOST_HEADER = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::([0-9]{1,5}))?")
BUSY_ANSWER = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 2\r\n"
               b"Content-Type: text/plain; charset=utf-8\r\nContent-Length: 40\r\n"
               b"Connection: close\r\n\r\nthe game is busy; try again in a moment\n")


def plain_name(name: str) -> str:
    """A host name or address as compared: lower case, no brackets, no trailing dot,
    an address in its one written form (an IPv4 address inside IPv6 as IPv4)."""
    name = name.strip().lower().strip("[]").rstrip(".").split("%", 1)[0]
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return name
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return str(address)


def is_loopback(name: str) -> bool:
    try:
        return ipaddress.ip_address(plain_name(name)).is_loopback
    except ValueError:
        return False


def host_is_ours(header: str | None, names: set[str], port: int) -> bool:
    """Whether a Host header names one of `names` at `port` (no port: 80)."""
    if not header:
        return False
    match = HOST_HEADER.fullmatch(header.strip())
    if match is None:
        return False
    asked_port = int(match.group(2)) if match.group(2) else 80
    return asked_port == port and plain_name(match.group(1)) in names


def origin_is_ours(origin: str | None, host_header: str) -> bool:
    """A WebSocket's Origin must be this page's own, whole: `http://` and the very
    Host it asked. No Origin: not a browser (a browser always sends one)."""
    return origin is None or origin.strip().lower() == "http://" + host_header.strip().lower()


class PageConnection(ServerConnection):
    """A connection to the page's port, admitted (or refused) as soon as it is made."""

    def __init__(self, *args: Any, gate: PageDoors, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.gate = gate
        self.ip = "?"
        self.since = time.monotonic()
        self.admitted = False

    def connection_made(self, transport: Any) -> None:
        peer = transport.get_extra_info("peername")
        self.ip = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.gate._page_door_open(self):
            transport.write(BUSY_ANSWER)
            transport.close()           # never handed to websockets: it reads nothing
            return
        self.admitted = True
        super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.admitted:
            return
        self.admitted = False
        self.gate._page_door_closed(self)
        super().connection_lost(exc)


class PageDoors:
    """Who may reach the page, and how many at once (a part of Host)."""

    def _page_door_open(self, conn: PageConnection) -> bool:
        """A new connection to the page's port: room for it? An address's oldest
        request gives way when every place is taken by addresses holding more."""
        if not self._room_at_door(conn.ip):
            return False
        admit, victim = make_room(list(self._page_requests), lambda c: c.ip, lambda c: c.since,
                                  conn.ip, P.PAGE_REQUESTS_PER_ADDRESS, P.MAX_PAGE_REQUESTS,
                                  P.HANDSHAKE_GRACE_SECONDS, time.monotonic())
        if victim is not None:
            self._page_requests.discard(victim)
            victim.transport.abort()
        if admit:
            self._page_requests.add(conn)
            self._open_sockets += 1
        return admit

    def _page_door_closed(self, conn: PageConnection) -> None:
        self._page_requests.discard(conn)
        self._open_sockets -= 1

    def _page_opened(self, conn: ServerConnection) -> None:
        """Its WebSocket is open and sealed: from now on a peer, counted as one."""
        self._page_requests.discard(conn)

    def _own_page_names(self, addresses: list[str]) -> set[str]:
        """The names a request to this host's page may carry besides the address
        its connection reached: the addresses it listens on and announces."""
        names = {plain_name(a) for a in addresses}
        if self.bind not in ("", "0.0.0.0", "::"):
            names.add(plain_name(self.bind))
        return names

    def _not_for_us(self, connection: ServerConnection, request: Request) -> Response | None:
        """A refusal for a request that does not name this host (or, for the
        WebSocket, does not come from its own page); None when it does."""
        local = connection.local_address
        reached = plain_name(str(local[0])) if local else ""
        names = set(self._page_names) | {reached}
        if is_loopback(reached):
            names |= LOOPBACK_NAMES
        host = request.headers.get("Host")
        if not host_is_ours(host, names, local[1] if local else self.web_port):
            return refusal(http.HTTPStatus.FORBIDDEN if host else
                           http.HTTPStatus.BAD_REQUEST,
                           "this is a Rail Party host: open its page at the address "
                           "its screen shows")
        upgrading = "websocket" in request.headers.get("Upgrade", "").lower()
        if upgrading and not origin_is_ours(request.headers.get("Origin"), host or ""):
            return refusal(http.HTTPStatus.FORBIDDEN,
                           "only this game's own page may connect here")
        return None


# Every plain answer ends its connection ("Connection: close"): the host answers one
# request a connection, and a browser that kept the socket for another would hold
# one of its address's page places (PAGE_REQUESTS_PER_ADDRESS) for nothing while
# it fetches the page's other modules.
SECURITY_HEADERS = [("Connection", "close"),
                    ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
                    ("Referrer-Policy", "no-referrer"),
                    ("Content-Security-Policy",
                     "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:")]


def refusal(status: http.HTTPStatus, text: str) -> Response:
    """A short plain-text answer."""
    body = (text + "\n").encode()
    headers = Headers([("Content-Type", "text/plain; charset=utf-8"),
                       ("Content-Length", str(len(body))), *SECURITY_HEADERS])
    return Response(status.value, status.phrase, headers, body)
