"""Loopback traffic captured with tcpdump, and what a listener could read in it.

`Capture` records every TCP segment to and from the given ports while a test
plays (tcpdump needs root, as the LAN rig's namespaces do; CI runs as root);
`streams` puts each direction of each connection back together from the pcap
file; `readable` finds, in those bytes, anything a listener on the Wi-Fi could
read: the protocol's keys and a seat's private names, whether sent as plain
msgpack frames (packed fields inflated), or as WebSocket frames of JSON
(client frames unmasked). The page's own files (HTTP answers before a
WebSocket upgrade) are public and are not searched.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import struct
import subprocess
import zlib
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import msgpack

TCPDUMP = shutil.which("tcpdump")
MARKER = b"railparty-capture-end-marker"
PROTOCOL_KEYS = ("view", "legal", "events", "private", "to_act", "token", "proof")

Flow = tuple[str, int, str, int]          # source address, port, destination, port


def capture_problem() -> str | None:
    """Why this machine cannot capture (None: it can)."""
    if TCPDUMP is None:
        return "tcpdump is not installed (apt-get install tcpdump)"
    if os.geteuid() != 0:
        return "capturing loopback traffic needs root (tcpdump)"
    return None


@contextlib.contextmanager
def capture(ports: Iterable[int], path: Path) -> Iterator[Path]:
    """tcpdump on loopback for TCP to or from `ports` while the block runs; the
    file holds every segment sent before the block ended (a marker sent last
    is waited for in the file, never a fixed time)."""
    marker_server = socket.socket()
    marker_server.bind(("127.0.0.1", 0))
    marker_server.listen(1)
    marker_port = marker_server.getsockname()[1]
    ports = [*ports, marker_port]
    expression = "tcp and (" + " or ".join(f"port {p}" for p in ports) + ")"
    proc = subprocess.Popen([TCPDUMP, "-i", "lo", "-U", "-s", "0", "-n", "-Z", "root",
                             "-w", str(path), expression],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert proc.stderr is not None
        heard = b""
        while b"listening on" not in heard:
            line = proc.stderr.readline()
            if not line:
                raise RuntimeError(f"tcpdump did not start: {heard.decode(errors='replace')}")
            heard += line
        yield path
        with socket.create_connection(("127.0.0.1", marker_port)) as marker:
            marker.sendall(MARKER)
        _wait_for(lambda: path.exists() and MARKER in path.read_bytes(),
                  "the capture to hold the end marker")
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        marker_server.close()


def _wait_for(predicate: Any, what: str, timeout: float = 30.0) -> None:
    import time
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.01)


def streams(path: Path) -> dict[Flow, bytes]:
    """Each direction of each TCP connection in a pcap file, its payload in order
    (segments seen twice, as loopback can show them, counted once)."""
    data = path.read_bytes()
    if len(data) < 24:
        return {}
    magic = data[:4]
    endian = "<" if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    linktype = struct.unpack(endian + "I", data[20:24])[0]
    link_header = {1: 14, 0: 4, 113: 16, 276: 20, 101: 0, 12: 0}.get(linktype)
    if link_header is None:
        raise ValueError(f"pcap link type {linktype} is not one this reader knows")
    segments: dict[Flow, dict[int, bytes]] = defaultdict(dict)
    offset = 24
    while offset + 16 <= len(data):
        incl = struct.unpack(endian + "I", data[offset + 8:offset + 12])[0]
        packet = data[offset + 16:offset + 16 + incl]
        offset += 16 + incl
        ip = packet[link_header:]
        if len(ip) < 20 or ip[0] >> 4 != 4 or ip[9] != 6:
            continue
        ihl = (ip[0] & 0x0F) * 4
        total = struct.unpack(">H", ip[2:4])[0]
        tcp = ip[ihl:total]
        if len(tcp) < 20:
            continue
        sport, dport, seq = struct.unpack(">HHI", tcp[:8])
        payload = tcp[(tcp[12] >> 4) * 4:]
        if payload:
            flow = (socket.inet_ntoa(ip[12:16]), sport, socket.inet_ntoa(ip[16:20]), dport)
            segments[flow].setdefault(seq, payload)
    return {flow: b"".join(parts[seq] for seq in sorted(parts))
            for flow, parts in segments.items()}


def _msgpack_frames(data: bytes) -> list[Any]:
    """The protocol's frames (4-byte length, one msgpack map) while they parse."""
    found: list[Any] = []
    offset = 0
    while offset + 4 <= len(data):
        size = struct.unpack(">I", data[offset:offset + 4])[0]
        body = data[offset + 4:offset + 4 + size]
        if size == 0 or len(body) < size:
            break
        try:
            message = msgpack.unpackb(body, raw=False, strict_map_key=False)
        except Exception:
            break
        if isinstance(message, dict) and isinstance(message.get("z"), bytes):
            with contextlib.suppress(Exception):
                message = {**message, "z": msgpack.unpackb(zlib.decompress(message["z"]),
                                                           raw=False, strict_map_key=False)}
        found.append(message)
        offset += 4 + size
    return found


def _websocket_payloads(data: bytes) -> list[bytes]:
    """The payloads of the WebSocket frames after an HTTP upgrade (unmasked)."""
    head, sep, rest = data.partition(b"\r\n\r\n")
    if not sep or (b"websocket" not in head.lower() and b" 101 " not in head):
        return []
    payloads = []
    offset = 0
    while offset + 2 <= len(rest):
        b1 = rest[offset + 1]
        length = b1 & 0x7F
        offset += 2
        if length == 126:
            length = struct.unpack(">H", rest[offset:offset + 2])[0]
            offset += 2
        elif length == 127:
            length = struct.unpack(">Q", rest[offset:offset + 8])[0]
            offset += 8
        mask = b""
        if b1 & 0x80:
            mask = rest[offset:offset + 4]
            offset += 4
        payload = rest[offset:offset + length]
        offset += length
        if mask:
            payload = bytes(c ^ mask[i % 4] for i, c in enumerate(payload))
        payloads.append(payload)
    return payloads


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, str):
        yield value


def readable(data: bytes, secrets: Iterable[str], web: bool = False) -> list[str]:
    """What a listener reads in one direction of a connection: each protocol key
    and each secret found, as plain msgpack or JSON, or in the raw bytes. `web`:
    a connection to the page's port, of which only a WebSocket's frames count
    (the page's files are the same for everyone)."""
    secrets = [s for s in secrets if len(s) >= 5]
    texts: set[str] = set()
    for message in [] if web else _msgpack_frames(data):
        texts.update(_texts(message))
    head, _sep, rest = data.partition(b"\r\n\r\n")
    if web and not (b"websocket" in head.lower() or head.startswith(b"HTTP/1.1 101")):
        return []
    blobs = [rest if web else data]
    for payload in _websocket_payloads(data):
        blobs.append(payload)
        with contextlib.suppress(Exception):
            import json
            texts.update(_texts(json.loads(payload)))
    found = [f"key {key!r}" for key in PROTOCOL_KEYS if key in texts]
    for blob in blobs:
        found += [f"key {key!r}" for key in PROTOCOL_KEYS
                  if msgpack.packb(key) in blob or f'"{key}":'.encode() in blob]
        found += [f"secret {s!r}" for s in secrets if s.encode() in blob]
    found += [f"secret {s!r}" for s in secrets if s in texts]
    return sorted(set(found))
