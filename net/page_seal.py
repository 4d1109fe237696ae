"""The phone page's sealed channel: the table secret, the key exchange and the
sealed frames both ends of a page's WebSocket speak (the page's half is
net/host/page/core/seal.js; the host's is net/host/web_seal.py).

A page served over plain http on a LAN address has no Web Crypto and a
self-signed https page frightens its player, so the page's WebSocket is sealed
with audited primitives only (PyNaCl here, tweetnacl-js on the page): X25519,
SHA-512 and XSalsa20-Poly1305; no primitive is written here.

Each connection:
1. page -> host  MAGIC, kind (1 the QR link's secret, 2 the typed code), page's
   ephemeral X25519 public key;
2. host -> page  host's ephemeral X25519 public key;
3. page -> host  the page's proof (it knows the table's secret);
4. host -> page  the host's proof; then every message both ways is one binary
   frame, an XSalsa20-Poly1305 secretbox under that direction's key with a
   nonce that is the direction's message counter (never sent: a replayed,
   dropped or reordered frame does not open).

The keys come from SHA-512 over the X25519 output, the secret's key and both
public keys, then one label per use. The page proves first, so a stranger who
only connects to the host learns nothing to guess the code against; only a man
in the middle who poses as the host gets one page proof to try codes against
offline (docs/phone.md sizes the code for it).

`SealedSocket` is a page in Python (the tests and tools/bench_doors.py speak to
the host through it).
"""

from __future__ import annotations

import base64
import json
import re
import secrets
from typing import Any

from nacl.bindings import (
    crypto_hash_sha512,
    crypto_scalarmult,
    crypto_scalarmult_base,
    crypto_secretbox,
    crypto_secretbox_open,
    sodium_memcmp,
)
from nacl.exceptions import CryptoError

MAGIC = b"RPS1"
KIND_LINK = 1                   # the secret in the QR code's link (its fragment)
KIND_CODE = 2                   # the code the TV shows, typed by hand
KEY_BYTES = 32
HELLO_BYTES = len(MAGIC) + 1 + KEY_BYTES
LINK_SECRET_BYTES = 16          # 128 bits
CODE_CHARS = 16                 # 16 Crockford base32 characters: 80 bits
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
NONCE_BYTES = 24
BOX_OVERHEAD = 16               # a sealed frame's tag (Poly1305)
LABEL = b"railparty page seal 1"
# close codes a page reads (an application's own range, 4000-4999)
CLOSE_WRONG_SECRET = 4403
CLOSE_TOO_MANY_TRIES = 4429
CLOSE_GARBAGE = 4400


class SealError(Exception):
    """A handshake message or a sealed frame that is not what the channel allows."""


def new_link_secret() -> str:
    """A fresh table secret for the QR code's link: 128 random bits, base64url."""
    return base64.urlsafe_b64encode(secrets.token_bytes(LINK_SECRET_BYTES)).decode().rstrip("=")


def new_table_code() -> str:
    """A fresh code for the TV, typed by hand: 80 random bits in Crockford base32."""
    return "".join(secrets.choice(CROCKFORD) for _ in range(CODE_CHARS))


def shown_code(code: str) -> str:
    """The code as the TV shows it: four groups of four."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def plain_code(typed: str) -> str | None:
    """A typed code in its one form (capitals, no dashes or spaces, O as 0, I and L
    as 1), or None when it cannot be a code."""
    text = re.sub(r"[\s-]", "", typed).upper().translate(str.maketrans("OIL", "011"))
    if len(text) != CODE_CHARS or any(ch not in CROCKFORD for ch in text):
        return None
    return text


def _hash(*parts: bytes) -> bytes:
    return crypto_hash_sha512(b"".join(parts))


def secret_key(kind: int, secret: str) -> bytes:
    """The key a secret (the link's or the typed code) authenticates the exchange with."""
    return _hash(LABEL, b" secret", bytes([kind]), secret.encode())[:KEY_BYTES]


def nonce(counter: int) -> bytes:
    """The nonce of a direction's message number `counter` (little-endian)."""
    return counter.to_bytes(NONCE_BYTES, "little")


class Keys:
    """The four keys of one connection, from its exchange and the table's secret."""

    def __init__(self, shared: bytes, secret: bytes, page_public: bytes, host_public: bytes):
        master = _hash(LABEL, b" master", shared, secret, page_public, host_public)

        def key(use: bytes) -> bytes:
            return _hash(master, use)[:KEY_BYTES]
        self.page_proof = key(b"page proof")
        self.host_proof = key(b"host proof")
        self.to_host = key(b"page to host")
        self.to_page = key(b"host to page")


def exchange(private: bytes, public: bytes) -> bytes:
    """X25519; SealError for a public key that gives the all-zero output."""
    if len(public) != KEY_BYTES:
        raise SealError("a public key has 32 bytes")
    try:
        return crypto_scalarmult(private, public)
    except Exception as exc:       # libsodium refuses a low-order point
        raise SealError("a public key of low order") from exc


def same(a: bytes, b: bytes) -> bool:
    """Constant-time comparison of two proofs."""
    return len(a) == len(b) and sodium_memcmp(a, b)


class Channel:
    """One direction's key and counter each way: seals what is sent, opens what
    comes in the one order it was sent."""

    def __init__(self, send_key: bytes, receive_key: bytes):
        self.send_key, self.receive_key = send_key, receive_key
        self.sent = 0
        self.received = 0

    def seal(self, text: str) -> bytes:
        box = crypto_secretbox(text.encode(), nonce(self.sent), self.send_key)
        self.sent += 1
        return box

    def open(self, box: bytes | str) -> str:
        """The text of the next frame; SealError when it is not that frame, untouched."""
        if not isinstance(box, bytes):
            raise SealError("a sealed frame is binary")
        try:
            plain = crypto_secretbox_open(box, nonce(self.received), self.receive_key)
        except CryptoError:
            raise SealError("a frame that does not open (changed, replayed or out of order)"
                            ) from None
        self.received += 1
        try:
            return plain.decode()
        except UnicodeDecodeError:
            raise SealError("a sealed frame that is no UTF-8 text") from None


def page_keypair() -> tuple[bytes, bytes]:
    """An ephemeral X25519 key pair (private, public)."""
    private = secrets.token_bytes(KEY_BYTES)
    return private, crypto_scalarmult_base(private)


class SealedSocket:
    """A page in Python: a `websockets.sync` connection to the host's /ws, sealed
    with `secret` (the link's) or `code` (typed). send() and recv() carry the
    page's JSON text as the page's own code does."""

    def __init__(self, url: str, secret: str | None = None, code: str | None = None,
                 **connect_options: Any):
        from websockets.sync.client import connect

        # entered as a context manager would be (closed by close(), not a `with`)
        self.ws = connect(url, **connect_options).__enter__()
        if secret is not None:
            kind, text = KIND_LINK, secret
        else:
            kind, text = KIND_CODE, plain_code(code or "") or ""
        private, public = page_keypair()
        self.ws.send(MAGIC + bytes([kind]) + public)
        timeout = connect_options.get("open_timeout", 10)
        host_public = self.ws.recv(timeout=timeout)
        if not isinstance(host_public, bytes):
            raise SealError("the host's key is binary")
        keys = Keys(exchange(private, host_public), secret_key(kind, text), public,
                    host_public)
        self.ws.send(keys.page_proof)
        proof = self.ws.recv(timeout=timeout)
        if not isinstance(proof, bytes) or not same(proof, keys.host_proof):
            raise SealError("the host does not know the table's secret")
        self.channel = Channel(keys.to_host, keys.to_page)

    def send(self, message: str | dict[str, Any]) -> None:
        """One message, sealed (a dict is written as JSON)."""
        text = message if isinstance(message, str) else json.dumps(message)
        self.ws.send(self.channel.seal(text))

    def send_raw(self, data: bytes | str) -> None:
        """A frame as it is (the tests' tampered and replayed frames)."""
        self.ws.send(data)

    def recv(self, timeout: float | None = None) -> str:
        """The next message's JSON text (TimeoutError when none comes in time)."""
        return self.channel.open(self.ws.recv(timeout=timeout))

    def close(self) -> None:
        self.ws.close()

    @property
    def socket(self) -> Any:
        return self.ws.socket

    @property
    def close_code(self) -> int | None:
        return self.ws.close_code
