"""The host's picture of a connection (Peer, LocalPeer) and of a seat (SeatSlot).

A Peer carries its own budgets (bytes, frames, handling time, counted by
arrival) so the admission code can refuse a flood before it costs the loop.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from game.tables import seats
from net import protocol as P
from net.protocol import encode
from net.session import LocalClient

log = logging.getLogger("railparty.net.host")


def clean_name(value: Any, fallback: str) -> str:
    """A display name: printable characters only, trimmed to MAX_NAME_CHARS
    (the same cleaning a save's names get on load)."""
    return seats.clean_name(value, fallback, P.MAX_NAME_CHARS)


@dataclass
class SeatSlot:
    """One seat as the host sees it, in the lobby and during play."""

    kind: str = "open"              # "open" (lobby, or a couch game's phone seat), "human", "bot"
    name: str | None = None
    color: str | None = None
    bot: str | None = None          # the bot playing it (also a stand-in for a human)
    token: str | None = None
    connected: bool = False
    local: bool = False
    ip: str | None = None            # the address that took it (seats per address)
    peer: Peer | None = None
    # set aside for a phone in a couch game (net/host/couch.py): open until a phone
    # takes it, the game waiting on its turns meanwhile; only such seats are
    # given to newcomers once that game has started
    phone: bool = False
    drop_handle: asyncio.TimerHandle | None = field(default=None, repr=False)

    def public(self, index: int) -> dict[str, Any]:
        return {"seat": index, "name": self.name, "color": self.color, "kind": self.kind,
                "bot": self.bot, "connected": self.connected if self.kind == "human"
                else self.kind == "bot"}


class Peer:
    """One connection (network or in-process)."""

    _ids = 0

    def __init__(self, addr: str, writer: asyncio.StreamWriter | None = None):
        Peer._ids += 1
        self.id = Peer._ids
        self.addr = addr
        self.writer = writer
        self.role: str | None = None      # None until its hello is accepted
        self.seat: int | None = None
        self.closed = False
        self.writing_done = False         # half closed: see stop_writing
        self.said_bye = False
        self.retired = False              # its seat was taken over: ignored until closed
        self.bad_frames = 0
        self.bucket = float(P.FRAME_BURST)
        self.byte_bucket = float(P.PEER_BYTE_BURST)
        self.cpu_bucket = P.PEER_CPU_BURST
        self.bucket_at = time.monotonic()
        self.ip = addr.rsplit(":", 1)[0]
        self.connected_at = time.monotonic()
        self.last_heard = time.monotonic()   # when its last frame arrived
        self.nonce = P.new_nonce()           # the challenge its seat proof answers
        self.bytes_sent = 0
        self.task: asyncio.Task | None = None

    def arrived(self, now: float, size: int, silence_limit: float) -> bool:
        """Bytes arrived at `now`: refill the budgets by arrival time; False when the
        peer sends more bytes than allowed. After a silence the frame budget may
        hold what an honest peer queued meanwhile (see protocol.FRAME_BURST)."""
        silence = min(max(0.0, now - self.last_heard), silence_limit)
        cap = P.FRAME_BURST + silence * P.MAX_FRAMES_PER_SECOND
        elapsed = max(0.0, now - self.bucket_at)
        self.bucket = min(cap, self.bucket + elapsed * P.MAX_FRAMES_PER_SECOND)
        self.byte_bucket = min(float(P.PEER_BYTE_BURST),
                               self.byte_bucket + elapsed * P.PEER_BYTES_PER_SECOND) - size
        self.cpu_bucket = min(P.PEER_CPU_BURST, self.cpu_bucket + elapsed * P.PEER_CPU_SHARE)
        self.bucket_at = self.last_heard = now
        return self.byte_bucket >= 0

    def take_frame(self) -> bool:
        """One frame of what arrived: False when the peer sends faster than allowed."""
        if self.bucket < 1.0:
            return False
        self.bucket -= 1.0
        return True

    def spend_cpu(self, seconds: float) -> bool:
        """Time spent decoding and handling its frames: False when over its share."""
        self.cpu_bucket -= seconds
        return self.cpu_bucket >= 0

    def send_frame(self, frame: bytes) -> None:
        writer = self.writer
        if (self.closed or self.writing_done or writer is None
                or writer.transport.is_closing()):
            return
        try:
            writer.write(frame)
        except (RuntimeError, OSError) as exc:
            # one broken connection must never stop a broadcast to everyone else
            log.info("cannot write to %s (%s); dropping it", self.addr, exc)
            self.abort()
            return
        self.bytes_sent += len(frame)
        if writer.transport.get_write_buffer_size() > P.MAX_SEND_BUFFER_BYTES:
            log.info("peer %s does not read its messages; dropping it", self.addr)
            self.abort()

    def send(self, message: dict[str, Any]) -> None:
        self.send_frame(encode(message))

    def stop_writing(self) -> None:
        """Half close: what was written is sent, then EOF; nothing more is written
        (updates and pings skip it) while its last data is read and dropped."""
        self.writing_done = True
        writer = self.writer
        if writer is not None and not writer.transport.is_closing() and writer.can_write_eof():
            writer.write_eof()

    def close(self) -> None:
        """Close after what was written is sent."""
        if not self.closed:
            self.closed = True
            if self.writer is not None:
                self.writer.close()

    def abort(self) -> None:
        self.closed = True
        if self.writer is not None:
            self.writer.transport.abort()


class LocalPeer(Peer):
    """The host's own player: messages go straight to a LocalClient's queue."""

    def __init__(self, client: LocalClient):
        super().__init__("in-process")
        self.client = client

    def send_frame(self, frame: bytes) -> None:
        if not self.closed:
            self.client._deliver(P.unpack(P.decode_body(frame[P.HEADER.size:])))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.client._closed_by_host()

    abort = close
