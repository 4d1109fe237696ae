"""The host's half of the phone page's sealed channel (net/page_seal.py): the
table's two secrets, the key exchange that opens a page's WebSocket, and a
limit on wrong secrets per address.

The QR code's link carries the table's 128-bit secret in its fragment; the TV
shows an 80-bit code beside the address for a page opened by hand. A page
proves it knows one of them before the host proves it knows it too and before
any message of the game travels; an address that sends WRONG_SECRETS_PER_WINDOW
wrong proofs (or garbage handshakes) in WINDOW_SECONDS is refused at once
until the window passes, before any key is worked out (each refusal costs the
host a dictionary look-up; a handshake two X25519 operations, about 0.1 ms).

A part of Host (net/host/server.py), which holds the state these methods use.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from net import page_seal as seal

log = logging.getLogger("railparty.net.host")

WRONG_SECRETS_PER_WINDOW = 10
WINDOW_SECONDS = 600.0
TRIED_ADDRESSES = 4096          # addresses remembered at most (the oldest forgotten)


class PageSeal:
    """The page's secrets and handshakes (a part of Host)."""

    page_secret: str | None = None      # the QR link's secret (its fragment)
    page_code: str | None = None        # the code the TV shows, typed on a page

    def _new_page_secrets(self) -> None:
        """Fresh secrets for this hosted table (made when the page starts listening)."""
        self.page_secret = seal.new_link_secret()
        self.page_code = seal.new_table_code()
        self._wrong_secrets: dict[str, deque[float]] = {}

    def _page_link(self, address: str | None) -> str | None:
        """The page's address with the table's secret in its fragment (the QR code's)."""
        if address is None or self.page_secret is None:
            return None
        return f"{address}#{self.page_secret}"

    def _shown_page_code(self) -> str:
        return seal.shown_code(self.page_code) if self.page_code else ""

    def _too_many_wrong(self, ip: str, now: float) -> bool:
        tries = self._wrong_secrets.get(ip)
        while tries and now - tries[0] > WINDOW_SECONDS:
            tries.popleft()
        return bool(tries) and len(tries) >= WRONG_SECRETS_PER_WINDOW

    def _wrong_try(self, ip: str, now: float) -> None:
        tries = self._wrong_secrets.pop(ip, None) or deque(maxlen=WRONG_SECRETS_PER_WINDOW)
        tries.append(now)
        self._wrong_secrets[ip] = tries         # the newest last: the oldest go first
        while len(self._wrong_secrets) > TRIED_ADDRESSES:
            del self._wrong_secrets[next(iter(self._wrong_secrets))]

    async def _page_handshake(self, ws: ServerConnection, ip: str) -> seal.Channel | None:
        """Open a page's sealed channel: its channel, or None when it was refused
        (the page read why in the close code) or went away."""
        if self.page_secret is None or self.page_code is None:
            return None
        if self._too_many_wrong(ip, time.monotonic()):
            log.info("page %s: too many wrong table secrets; refused", ip)
            await self._seal_refuse(ws, seal.CLOSE_TOO_MANY_TRIES, "too many wrong codes")
            return None
        try:
            return await asyncio.wait_for(self._page_exchange(ws, ip), self.hello_timeout)
        except (asyncio.TimeoutError, TimeoutError):
            await self._seal_refuse(ws, seal.CLOSE_GARBAGE, "no key exchange in time")
        except seal.SealError as exc:
            log.info("page %s: refused its key exchange (%s)", ip, exc)
            self._wrong_try(ip, time.monotonic())
            await self._seal_refuse(ws, seal.CLOSE_GARBAGE, "not a Rail Party page")
        except ConnectionClosed:
            pass
        return None

    async def _page_exchange(self, ws: ServerConnection, ip: str) -> seal.Channel | None:
        hello = await ws.recv()
        if (not isinstance(hello, bytes) or len(hello) != seal.HELLO_BYTES
                or not hello.startswith(seal.MAGIC)
                or hello[len(seal.MAGIC)] not in (seal.KIND_LINK, seal.KIND_CODE)):
            raise seal.SealError("no key exchange of this page's kind")
        kind = hello[len(seal.MAGIC)]
        page_public = hello[len(seal.MAGIC) + 1:]
        private, public = seal.page_keypair()
        shared = seal.exchange(private, page_public)
        secret = self.page_secret if kind == seal.KIND_LINK else self.page_code
        keys = seal.Keys(shared, seal.secret_key(kind, secret or ""), page_public, public)
        await ws.send(public)
        proof = await ws.recv()
        if not isinstance(proof, bytes) or not seal.same(proof, keys.page_proof):
            self._wrong_try(ip, time.monotonic())
            log.info("page %s: a wrong table %s", ip, "code" if kind == seal.KIND_CODE
                     else "secret")
            await self._seal_refuse(ws, seal.CLOSE_WRONG_SECRET, "wrong code")
            return None
        await ws.send(keys.host_proof)
        return seal.Channel(keys.to_page, keys.to_host)

    async def _seal_refuse(self, ws: ServerConnection, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(code, reason), 2.0)
