"""A forged host for discovery tests: real framing on 127.0.0.1."""

from __future__ import annotations

import socket
import threading

from netkit import LOOPBACK

from net import protocol as P
from net.identity import HostIdentity


class Forger:
    """A fake host on 127.0.0.1: the real hello, then an identity signed by its own
    key; it records every message a client sends it."""

    def __init__(self):
        self.key = HostIdentity.generate()
        self.server = socket.create_server((LOOPBACK, 0))
        self.port = self.server.getsockname()[1]
        self.received: list[dict] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            nonce = P.new_nonce()
            conn.sendall(P.encode(P.hello_from_host("Friday rails", "routes-usa", nonce)))
            buf = b""
            conn.settimeout(10)
            try:
                while True:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    buf += chunk
                    while len(buf) >= 4 and len(buf) >= 4 + P.HEADER.unpack(buf[:4])[0]:
                        size = P.HEADER.unpack(buf[:4])[0]
                        message = P.decode_body(buf[4:4 + size])
                        buf = buf[4 + size:]
                        self.received.append(message)
                        if message["type"] == "challenge":
                            conn.sendall(P.encode(self.key.answer(message["nonce"], nonce)))
            except OSError:
                pass
            conn.close()

    def close(self) -> None:
        self.server.close()
