"""A forged host for discovery tests: real framing on 127.0.0.1."""

from __future__ import annotations

import socket
import threading

from netkit import LOOPBACK

from net import protocol as P
from net.identity import HostIdentity
from net.tls import host_context


class Forger:
    """A fake host on 127.0.0.1: TLS 1.3 with a certificate of its own key, then the
    real hello; it records every message a client sends it (a client that chose
    another key sends none)."""

    def __init__(self):
        self.key = HostIdentity.generate()
        self.tls = host_context(self.key.private_key)
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
            buf = b""
            conn.settimeout(10)
            try:
                conn = self.tls.wrap_socket(conn, server_side=True)
                conn.sendall(P.encode(P.hello_from_host("Friday rails", "routes-usa", nonce)))
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
            except OSError:
                pass
            conn.close()

    def close(self) -> None:
        self.server.close()
