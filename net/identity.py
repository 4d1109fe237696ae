"""A host's identity: an Ed25519 key kept in the user data folder and its short
fingerprint (what announcements and screens show; docs/lan-protocol.md, "Host
identity").

A fingerprint in an announcement can be copied by anyone on the LAN, so a
client never trusts it alone: the key is the key of the host's TLS certificate
(net/tls.py), so the TLS 1.3 handshake proves the host holds it, and the client
checks that the key's fingerprint is the one it chose.

The fingerprint is the first 80 bits of SHA-256 of the raw public key, in
base32 (16 letters and digits, shown in groups of four). Forging a key with a
given fingerprint takes about 2^80 key generations.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
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
_BASE32 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


class IdentityError(ValueError):
    """A host's certificate that does not prove what it claims (words for a person)."""


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

    @property
    def private_key(self) -> Ed25519PrivateKey:
        """The private key, for the host's TLS certificate (net/tls.py)."""
        return self._private
