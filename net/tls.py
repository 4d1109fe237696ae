"""The LAN protocol's seal: TLS 1.3 contexts for the host and its clients, the
host's self-signed certificate made from its Ed25519 identity key, and what a
client reads from the certificate it was shown (docs/lan-seal.md).

Why: every seat's hand, tickets and cards cross the Wi-Fi, and anyone on it can
capture them. TLS 1.3 (Python's `ssl`, no hand-made crypto) seals them, and the
certificate's key is the host's identity key, so the handshake itself proves
the host holds the key whose fingerprint the client chose: no certificate
authority is asked, the fingerprint is the trust (announcement, known hosts,
`--host-key`, or first use of a typed address).

The host never speaks first (a TLS server waits for the ClientHello), and a
Rail Party before protocol 6 waited for the host's plain hello: so the host
reads the first byte of a connection before any TLS (`first_byte`): 0x16 is a
TLS handshake record; silence, or the 0 that starts a plain frame's length,
is an older Rail Party, answered with a plain `reject` it can print.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import datetime
import os
import socket
import ssl
import tempfile
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)
from cryptography.x509.oid import NameOID

from net import protocol as P
from net.identity import IdentityError, fingerprint_of

TLS_RECORD_HANDSHAKE = 0x16          # the first byte of a TLS ClientHello
PLAIN_FRAME_START = 0x00             # a plain frame's length starts with 0 (< 16 MiB)
HANDSHAKE_SECONDS = 5.0              # a TLS handshake must finish within this
FIRST_BYTE_SECONDS = 1.5             # silence this long: an older client awaiting our hello
CERTIFICATE_YEARS = 20               # the host's certificate is made afresh each run
_CERT_NAME = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Rail Party host")])


def certificate_pem(private: Ed25519PrivateKey) -> bytes:
    """A self-signed certificate for the host's Ed25519 key (PEM): the key is all
    a client checks; the name and dates are what X.509 requires."""
    now = datetime.datetime.now(datetime.timezone.utc)
    public = private.public_key()
    cert = (x509.CertificateBuilder().subject_name(_CERT_NAME).issuer_name(_CERT_NAME)
            .public_key(public).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=2))
            .not_valid_after(now + datetime.timedelta(days=365 * CERTIFICATE_YEARS))
            .sign(private, None))
    return cert.public_bytes(Encoding.PEM)


def _tls13_only(context: ssl.SSLContext) -> ssl.SSLContext:
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.maximum_version = ssl.TLSVersion.TLSv1_3
    return context


def host_context(private: Ed25519PrivateKey, cert_pem: bytes | None = None) -> ssl.SSLContext:
    """The host's TLS 1.3 server context with its certificate (`cert_pem`, made from
    the key when not given: tests hand in expired or odd ones). `ssl` loads keys
    from files only: they are written to a private temporary folder and removed."""
    context = _tls13_only(ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER))
    context.num_tickets = 0       # no session resumption: no tickets to make and send
    cert_pem = cert_pem if cert_pem is not None else certificate_pem(private)
    key_pem = private.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    with tempfile.TemporaryDirectory(prefix="railparty-tls-") as folder:
        cert_path, key_path = Path(folder, "cert.pem"), Path(folder, "key.pem")
        for path, data in ((cert_path, cert_pem), (key_path, key_pem)):
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        context.load_cert_chain(cert_path, key_path)
    return context


_CLIENT_CONTEXT: ssl.SSLContext | None = None


def client_context() -> ssl.SSLContext:
    """The clients' TLS 1.3 context. No certificate authority and no name is
    checked: the certificate's key is compared with the chosen fingerprint
    afterwards (`host_key`), which is the whole of the trust."""
    global _CLIENT_CONTEXT
    if _CLIENT_CONTEXT is None:
        context = _tls13_only(ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT))
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        _CLIENT_CONTEXT = context
    return _CLIENT_CONTEXT


def host_key(der: bytes | None,
             now: datetime.datetime | None = None) -> tuple[str, str]:
    """(public key in base64, fingerprint) of the certificate a host showed (DER);
    IdentityError, in words for a person, when there is none, it cannot be read,
    its key is not Ed25519, or it has expired. TLS has already proved that the
    host holds the certificate's private key."""
    if not der:
        raise IdentityError("the host showed no certificate")
    try:
        cert = x509.load_der_x509_certificate(der)
        public = cert.public_key()
    except Exception:      # cryptography raises several kinds for a garbled certificate
        raise IdentityError("the host's certificate cannot be read") from None
    if not isinstance(public, Ed25519PublicKey):
        raise IdentityError("the host's certificate does not hold an Ed25519 key")
    now = now or datetime.datetime.now(datetime.timezone.utc)
    if cert.not_valid_after_utc < now:
        raise IdentityError("the host's certificate has expired")
    raw = public.public_bytes(Encoding.Raw, PublicFormat.Raw)
    return base64.b64encode(raw).decode("ascii"), fingerprint_of(raw)


def shown_key(ssl_object: ssl.SSLObject | ssl.SSLSocket | None) -> tuple[str, str]:
    """`host_key` of the certificate on an open TLS connection."""
    if ssl_object is None:
        raise IdentityError("the connection is not sealed")
    return host_key(ssl_object.getpeercert(binary_form=True))


async def first_byte(loop: asyncio.AbstractEventLoop, sock: socket.socket,
                     wait: float = FIRST_BYTE_SECONDS) -> int | None:
    """The first byte a new connection sent, left unread (peeked); -1 at its end;
    None after `wait` seconds of silence or where the loop cannot watch a socket
    (then the host goes straight to TLS)."""
    ready = loop.create_future()
    try:
        loop.add_reader(sock.fileno(), lambda: ready.done() or ready.set_result(None))
    except NotImplementedError:
        return TLS_RECORD_HANDSHAKE
    try:
        await asyncio.wait_for(ready, wait)
    except (asyncio.TimeoutError, TimeoutError):
        return None
    finally:
        with contextlib.suppress(Exception):
            loop.remove_reader(sock.fileno())
    try:
        data = sock.recv(1, socket.MSG_PEEK)
    except (BlockingIOError, InterruptedError):
        return None
    except OSError:
        return -1
    return data[0] if data else -1


def is_handshake_failure(exc: BaseException) -> bool:
    """Whether `exc` is a TLS handshake that failed (garbage, a wrong protocol, a
    stall, a peer gone mid-way): an expected refusal, never a traceback."""
    return isinstance(exc, (ssl.SSLError, ConnectionError, asyncio.TimeoutError,
                            TimeoutError, EOFError, OSError))


async def plain_greeting(host: str, port: int,
                         timeout: float) -> tuple[dict | None, dict | None]:
    """What a host says in the clear to a connection that says nothing, asked after
    a TLS handshake with it failed: (its hello, its reject), either None. A Rail
    Party before protocol 6 speaks its hello first (its version tells); a busy
    door of protocol 6 says a hello of this version, then its reject; a protocol
    6 host answers silence with a reject alone after FIRST_BYTE_SECONDS."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    except (OSError, asyncio.TimeoutError, TimeoutError):
        return None, None
    hello = None
    try:
        first = await asyncio.wait_for(P.read_frame(reader, timeout, timeout), timeout)
        if first.get("type") == "reject":
            return None, first
        if first.get("type") != "hello":
            return None, None
        hello = first
        if first.get("version") != P.PROTOCOL_VERSION:
            return hello, None
        second = await asyncio.wait_for(P.read_frame(reader, timeout, timeout), timeout)
        return hello, second if second.get("type") == "reject" else None
    except (OSError, EOFError, asyncio.IncompleteReadError, asyncio.TimeoutError,
            TimeoutError, P.ProtocolError):
        return hello, None
    finally:
        writer.close()
