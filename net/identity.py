"""A host's identity: an Ed25519 key kept in the user data folder, its short
fingerprint (what announcements and screens show), and the proof a client asks
for on connection (docs/lan-protocol.md, "Host identity").

A fingerprint in an announcement can be copied by anyone on the LAN, so a
client never trusts it alone: it sends a fresh `challenge` nonce and the host
answers with its public key and a signature of the challenge and of this
connection's nonce. The client checks that the key's fingerprint is the one it
chose and that the signature holds (`verify_identity`).

The fingerprint is the first 80 bits of SHA-256 of the raw public key, in
base32 (16 letters and digits, shown in groups of four). Forging a key with a
given fingerprint takes about 2^80 key generations.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import logging
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
    load_pem_private_key,
)

from net.paths import data_dir, write_private

log = logging.getLogger("railparty.net.identity")

KEY_FILE = "host-key.pem"
FINGERPRINT_CHARS = 16
PUBLIC_KEY_BYTES = 32
SIGNATURE_BYTES = 64
_BASE32 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


class IdentityError(ValueError):
    """A host's answer to the key challenge that does not prove what it claims."""


def fingerprint_of(public: bytes) -> str:
    """The short fingerprint of a raw public key: 16 base32 characters."""
    return base64.b32encode(hashlib.sha256(public).digest()).decode("ascii")[:FINGERPRINT_CHARS]


def shown(fingerprint: str) -> str:
    """A fingerprint as people read it: ABCD-EFGH-IJKL-MNOP ("" stays "")."""
    return "-".join(fingerprint[i:i + 4] for i in range(0, len(fingerprint), 4))


def parse_fingerprint(text: str) -> str | None:
    """A fingerprint typed or announced (any case, dashes and spaces allowed) in
    its plain form, or None when it is not one."""
    plain = "".join(ch for ch in str(text) if ch not in "- ").upper()
    if len(plain) != FINGERPRINT_CHARS or not set(plain) <= _BASE32:
        return None
    return plain


def signed_text(challenge: str, nonce: str) -> bytes:
    """What a host signs: the client's challenge and this connection's nonce."""
    return f"railparty-host:{challenge}:{nonce}".encode()


class HostIdentity:
    """A host's key pair."""

    def __init__(self, private: Ed25519PrivateKey):
        self._private = private
        self.public = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public_text = base64.b64encode(self.public).decode("ascii")
        self.fingerprint = fingerprint_of(self.public)

    @classmethod
    def generate(cls) -> HostIdentity:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def load_or_create(cls, path: str | Path | None = None) -> HostIdentity:
        """The key kept at `path` (default: host-key.pem in the user data folder),
        made on first use and kept readable by its owner only (0600). A file that
        cannot be read as a key is moved aside (…pem.bad) and a new key made:
        clients that knew the old one then see the change flagged."""
        path = Path(path) if path is not None else data_dir() / KEY_FILE
        try:
            private = load_pem_private_key(path.read_bytes(), password=None)
        except FileNotFoundError:
            private = None
        except (OSError, ValueError, TypeError) as exc:
            log.warning("the host key %s cannot be read (%s); a new one is made", path, exc)
            with contextlib.suppress(OSError):
                os.replace(path, path.with_name(path.name + ".bad"))
            private = None
        if private is not None and not isinstance(private, Ed25519PrivateKey):
            log.warning("the host key %s is not an Ed25519 key; a new one is made", path)
            private = None
        if private is None:
            private = Ed25519PrivateKey.generate()
            pem = private.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
            try:
                write_private(path, pem.decode("ascii"))
            except OSError as exc:     # the game still runs, with a key for this run only
                log.warning("cannot keep the host key in %s: %s", path, exc)
        else:
            with contextlib.suppress(OSError):
                if path.stat().st_mode & 0o077:
                    path.chmod(0o600)
        return cls(private)

    def answer(self, challenge: str, nonce: str) -> dict[str, str]:
        """The `identity` message answering a client's challenge on this connection."""
        signature = self._private.sign(signed_text(challenge, nonce))
        return {"type": "identity", "key": self.public_text,
                "signature": base64.b64encode(signature).decode("ascii")}


def verify_identity(message: dict, challenge: str, nonce: str) -> tuple[str, str]:
    """(public key text, fingerprint) that an `identity` message proves for this
    challenge and connection nonce; IdentityError when it proves nothing."""
    try:
        public = base64.b64decode(str(message.get("key", "")), validate=True)
        signature = base64.b64decode(str(message.get("signature", "")), validate=True)
    except (binascii.Error, ValueError):
        raise IdentityError("the host's key or signature is not valid base64") from None
    if len(public) != PUBLIC_KEY_BYTES or len(signature) != SIGNATURE_BYTES:
        raise IdentityError("the host's key or signature has the wrong length")
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature,
                                                          signed_text(challenge, nonce))
    except (InvalidSignature, ValueError):
        raise IdentityError("the host's signature does not hold for its key") from None
    return base64.b64encode(public).decode("ascii"), fingerprint_of(public)
