"""The LAN protocol: framing, limits, messages (docs/lan-protocol.md).

A frame is a 4-byte big-endian length, then one msgpack map with a str
"type". The length is checked against MAX_FRAME_BYTES before a single byte of
the body is read. Bodies are decoded with `unpackb(raw=False,
strict_map_key=True)`; ext types are refused.

Since version 6 every connection is TLS 1.3 (net/tls.py): the frames travel
inside it, and the host's certificate is its identity key. The first frame each
way is `hello` (magic + protocol version). Messages:

client -> host
    hello   {magic, version, role: "player"|"spectator", name?, color?, proof?, client?}
    seat    {name?, color?}                      lobby only: change name or colour
    action  {seat, version, action}              version = the update the action answers
    ping    {n}            pong {n}              heartbeat (either side), answered by pong
    bye     {reason?}                            leaving (in the lobby this frees the seat)

host -> client
    hello   {magic, version, server, name, game, nonce}      sent first, on connect
    welcome {role, seat, token?, game, host_name, players, heartbeat, timeout}
    reject  {code, reason, limit?}               then the host closes the connection
                                                 (limit: the number the code names,
                                                 e.g. the seats one address may hold)
    sync    {phase, game, version, mark, you, seats, view, legal, to_act, over, result,
             game_number}                        full state (game_number: a rematch
                                                 starts game 2 on the same table)
    update  {version, mark, events, view, legal, to_act, over, result}   after each action
            (to_act: the seats that may act now; over: the game has ended)
            (since version 5, a sync or update whose body would be longer than
            PACK_BYTES carries its events, view, legal and result as one `z`:
            zlib-compressed msgpack of a map of those fields; `unpack` restores
            them, and every reader does so before it checks the message)
    seats   {phase, seats, free}                 the seat table changed
    error   {code, reason, version?}             the connection stays open
    notice  {code, reason, seat?}                something a player should be told
    ping/pong, bye {reason, code?}               code: "stopped" (the host closed the
                                                 game), "over", "taken" (another
                                                 connection took this seat)

Identity: every host has an Ed25519 key; its announcement carries the key's
fingerprint (`fp`), and its TLS certificate holds the key (since version 6; 3 to
5 had a challenge/identity exchange in the clear). A client checks the key the
handshake proved before it reads or says anything: so nothing (not even a seat
proof) goes to a host that only copied an announcement.

Seats and tokens: a new player gets its seat's token in its first `welcome`,
the only time a token crosses the wire. To take its seat back later it answers
the host's hello `nonce` with `proof` = HMAC-SHA256(key=token, "railparty-seat:"
+ nonce) in hex (`seat_proof`): a fresh nonce per connection, so a proof seen
on the LAN cannot be replayed and does not reveal the token. A seat whose
connection is still answering is not handed to a second hello (reject
"in_use"); only a holder silent for TAKEOVER_HEARTBEATS heartbeats loses it.

`to_act` is the seats that may act now and `over` whether the game has ended
(`result` is set then), so a client never reads a game's view to know whose
turn it is. `mark` is the version at which the receiver's own seat last
changed (its legal actions or private view, or it acted): an action is stale
only if it answers a version older than its seat's mark, so seats choosing at
once (to_act holding several seats) never make each other's answers stale.
A client keeps an action "in flight" until an update with a newer mark, an
error, a new sync or a reconnect.

`seats` entries: {seat, name, color, kind: "open"|"human"|"bot", bot, connected}.
`legal` holds the receiver's legal actions when it is in `to_act`, else [].
Views and events are redacted per receiver (spectators: `view(None)`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import struct
import zlib
from typing import Any

import msgpack

PROTOCOL_VERSION = 6    # 6: every connection inside TLS 1.3; no challenge/identity
                        # 5: a sync or update's bulky fields may travel packed as `z`
                        # 4: an illegal move's error carries its refusal (`why`)
                        # 3: the host identity challenge (challenge / identity)
MAGIC = "railparty-lan"
SERVICE_TYPE = "_railparty._tcp.local."
DEFAULT_PORT = 47474

# --- limits (the host enforces them per connection) ---------------------------
MAX_FRAME_BYTES = 256 * 1024          # a longer frame is refused before its body is read
# What a client may send is small: the host refuses a longer frame from the header
# alone, then holds each decoded type to its own size, and decodes with bounds.
MAX_CLIENT_FRAME_BYTES = 16 * 1024
CLIENT_TYPE_BYTES = {"hello": 1024, "seat": 512, "action": MAX_CLIENT_FRAME_BYTES,
                     "hint": 64, "hint_shown": 64, "coach_press": 64, "ping": 64, "pong": 64,
                     "bye": 512}
CLIENT_DECODE_LIMITS = dict(max_str_len=1024, max_bin_len=0, max_array_len=256,
                            max_map_len=64, max_ext_len=0)
# per peer budgets, by arrival (token buckets: sustained rate, burst)
PEER_BYTES_PER_SECOND = 32 * 1024
PEER_BYTE_BURST = 128 * 1024
PEER_CPU_SHARE = 0.05                 # seconds of decoding and handling per second ...
PEER_CPU_BURST = 0.5                  # ... with this much burst
MAX_HANDSHAKING_PER_ADDRESS = 8       # connections from one address that have not said hello
HANDSHAKE_GRACE_SECONDS = 2.0         # a newer stranger never evicts one younger than this
HEADER = struct.Struct(">I")
MAX_CONNECTIONS = 128                 # open sockets of every kind, in total
MAX_HANDSHAKING = 32                  # connected, no hello yet (net/host/admission.py)
MAX_SPECTATORS = 64
SPECTATORS_PER_ADDRESS = 4            # a fair share: when all are taken, the most held give way
MAX_PAGE_REQUESTS = 64                # page requests under way, before a WebSocket's hello ...
PAGE_REQUESTS_PER_ADDRESS = 16        # ... and from one address: a browser fetches six at once,
                                      # and a busy host closes them late (net/host/web_doors.py)
MAX_FRAMES_PER_SECOND = 40            # sustained, per peer (token bucket, by arrival) ...
FRAME_BURST = 80                      # ... with this much burst; beyond: error and close.
# A peer silent for S seconds may then deliver MAX_FRAMES_PER_SECOND * S more at
# once (up to its timeout): what it queued honestly during a stall.
MAX_BAD_FRAMES = 8                    # undecodable/ill-shaped frames before the host closes
MAX_SEND_BUFFER_BYTES = 2 * 1024 * 1024   # a peer that stops reading is dropped
MAX_NAME_CHARS = 24
MAX_TOKEN_CHARS = 64
NONCE_BYTES = 16
PROOF_CHARS = 64                      # hex of an HMAC-SHA256
TAKEOVER_HEARTBEATS = 3               # a seat's holder silent this many heartbeats may be replaced
MAX_REASON_CHARS = 200
PACK_BYTES = 3 * 1024                 # a longer sync/update travels with its bulky fields as z
PACKED_FIELDS = ("events", "view", "legal", "result")
MAX_UNPACKED_BYTES = MAX_FRAME_BYTES  # what `z` may inflate to

# --- timing (defaults; hosts and clients take their own values for tests) -----
HEARTBEAT_SECONDS = 2.0               # ping interval, both ways
PEER_TIMEOUT_SECONDS = 15.0           # a peer silent this long is dropped
HELLO_TIMEOUT_SECONDS = 5.0           # a new connection must say hello within this
FRAME_TIMEOUT_SECONDS = 10.0          # a frame whose header arrived must finish within this
DROP_TIMEOUT_SECONDS = 60.0           # a dropped player's seat waits this long for a stand-in

ROLES = ("player", "spectator")

# error codes (the connection stays open)
E_BAD_FRAME = "bad_frame"
E_BAD_MESSAGE = "bad_message"
E_UNKNOWN_TYPE = "unknown_type"
E_TOO_BIG = "too_big"
E_FLOOD = "flood"
E_NOT_PLAYING = "not_playing"
E_SPECTATOR = "spectator"
E_NOT_YOUR_SEAT = "not_your_seat"
E_NOT_YOUR_TURN = "not_your_turn"
E_STALE = "stale"
E_ILLEGAL = "illegal"
E_LOBBY = "lobby"
E_INTERNAL = "internal"
# reject codes (the connection closes)
R_VERSION = "version"
R_MAGIC = "magic"
R_BAD_HELLO = "bad_hello"
R_FULL = "full"                       # every seat is taken
R_ADDRESS = "address_full"            # this address holds the seats it may (limit)
R_SPECTATORS = "spectators_full"      # no room for another spectator
R_STARTED = "started"
R_BUSY = "busy"
R_TIMEOUT = "timeout"
R_IN_USE = "in_use"
# bye codes
BYE_STOPPED = "stopped"
BYE_OVER = "over"
BYE_TAKEN = "taken"
BYE_KICKED = "kicked"                  # the host freed the seat (lobby)
# notice codes
N_TURN_TIMEOUT = "turn_timeout"
N_TURN_CLOCK = "turn_clock"           # a seat's turn has `seconds` left (0: clock stopped)


class ProtocolError(ValueError):
    """A frame or message that breaks the protocol; `code` is an error code."""

    def __init__(self, reason: str, code: str = E_BAD_MESSAGE):
        super().__init__(reason)
        self.code = code
        self.reason = reason


class FrameTooLarge(ProtocolError):
    def __init__(self, size: int, limit: int = MAX_FRAME_BYTES):
        super().__init__(f"a frame of {size} bytes is over the limit of {limit} bytes",
                         E_TOO_BIG)
        self.size = size


# --- framing ------------------------------------------------------------------

def _refuse_ext(code: int, data: bytes) -> Any:
    raise ProtocolError(f"msgpack extension type {code} is not allowed", E_BAD_FRAME)


def encode(message: dict[str, Any]) -> bytes:
    """One frame: the length header and the msgpack body."""
    body = msgpack.packb(message, use_bin_type=True)
    if len(body) > MAX_FRAME_BYTES:
        raise FrameTooLarge(len(body))
    return HEADER.pack(len(body)) + body


def decode_body(body: bytes, limits: dict[str, int] | None = None) -> dict[str, Any]:
    """The message in a frame body; ProtocolError for anything that is not a typed map.
    `limits`: msgpack's max_*_len bounds (the host uses CLIENT_DECODE_LIMITS)."""
    try:
        message = msgpack.unpackb(body, raw=False, strict_map_key=True, ext_hook=_refuse_ext,
                                  use_list=True, **(limits or {}))
    except ProtocolError:
        raise
    except Exception as exc:  # msgpack raises several kinds (ExtraData, ValueError, ...)
        raise ProtocolError(f"the frame is not valid msgpack ({type(exc).__name__})",
                            E_BAD_FRAME) from None
    if not isinstance(message, dict):
        raise ProtocolError("a message must be a msgpack map", E_BAD_MESSAGE)
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("a message needs a str 'type'", E_BAD_MESSAGE)
    return message


def frame_length(header: bytes) -> int:
    """The body length a header announces; FrameTooLarge before any body is read."""
    (size,) = HEADER.unpack(header)
    if size > MAX_FRAME_BYTES:
        raise FrameTooLarge(size)
    return size


async def read_frame(reader: asyncio.StreamReader, idle_timeout: float | None,
                     body_timeout: float) -> dict[str, Any]:
    """Read one frame: wait up to `idle_timeout` for its header (None: forever), then
    up to `body_timeout` for its body. Raises asyncio.IncompleteReadError at EOF,
    TimeoutError, FrameTooLarge (nothing of the body read) or ProtocolError."""
    header = await asyncio.wait_for(reader.readexactly(HEADER.size), idle_timeout)
    size = frame_length(header)
    body = await asyncio.wait_for(reader.readexactly(size), body_timeout)
    return decode_body(body)


# --- message shapes -------------------------------------------------------------

_STR, _INT, _BOOL, _NUM = (str,), (int,), (bool,), (int, float)
_OPT_STR = (str, type(None))
_OPT_INT = (int, type(None))
# type -> {field: (allowed types, required)}
CLIENT_MESSAGES: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "hello": {"magic": (_STR, True), "version": (_INT, True), "role": (_STR, False),
              "name": (_OPT_STR, False), "color": (_OPT_STR, False),
              "proof": (_OPT_STR, False), "client": (_OPT_STR, False),
              "seat": (_OPT_INT, False)},
    "seat": {"name": (_OPT_STR, False), "color": (_OPT_STR, False)},
    "action": {"seat": (_INT, True), "version": (_INT, True), "action": ((dict,), True)},
    "hint": {},              # a phone page asks for a hint for its seat (net/host/hints.py)
    # a LAN window showed its own seat a hint it thought itself: the host counts it
    "hint_shown": {"seat": (_INT, True), "version": (_INT, True)},
    # a guided game's phone presses a coach button (net/host/coached_seat.py)
    "coach_press": {"name": (_STR, True)},
    "ping": {"n": (_INT, False)},
    "pong": {"n": (_INT, False)},
    "bye": {"reason": (_OPT_STR, False)},
}
HOST_MESSAGES: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "hello": {"magic": (_STR, True), "version": (_INT, True), "server": (_OPT_STR, False),
              "name": (_OPT_STR, False), "game": (_OPT_STR, False),
              "nonce": (_OPT_STR, False)},
    "welcome": {"role": (_STR, True), "seat": (_OPT_INT, True), "token": (_OPT_STR, False),
                "game": (_STR, True), "host_name": (_STR, False), "players": (_INT, True),
                "heartbeat": (_NUM, False), "timeout": (_NUM, False)},
    "reject": {"code": (_STR, True), "reason": (_STR, True), "limit": (_INT, False)},
    "sync": {"phase": (_STR, True), "game": (_STR, True), "version": (_INT, True),
             "mark": (_INT, False), "you": (_OPT_INT, True), "seats": ((list,), True),
             "view": ((dict, type(None)), True), "legal": ((list,), True),
             "to_act": ((list,), False),
             "over": (_BOOL, False), "result": ((dict, type(None)), False),
             "game_number": (_INT, False), "hints": (_BOOL, False)},
    "update": {"version": (_INT, True), "mark": (_INT, False), "events": ((list,), True),
               "view": ((dict,), True), "legal": ((list,), True),
               "to_act": ((list,), False),
               "over": (_BOOL, False), "result": ((dict, type(None)), False)},
    "seats": {"phase": (_STR, True), "seats": ((list,), True), "free": (_INT, True)},
    "error": {"code": (_STR, True), "reason": (_STR, True), "version": (_OPT_INT, False),
              "why": ((dict,), False)},
    "notice": {"code": (_STR, True), "reason": (_STR, True), "seat": (_OPT_INT, False),
               "seconds": (_INT, False)},
    "ping": {"n": (_INT, False)},
    "pong": {"n": (_INT, False)},
    "bye": {"reason": (_OPT_STR, False), "code": (_OPT_STR, False)},
    "hint": {"seat": (_INT, True), "version": (_INT, True), "action": ((dict,), True),
             "words": (_STR, True), "lines": ((list,), True)},
}


def check_message(message: dict[str, Any], schema: dict[str, dict]) -> str:
    """The message's type once its fields have the right types; ProtocolError if not.
    Unknown fields are refused (a newer peer speaks a newer protocol version)."""
    kind = message.get("type")
    fields = schema.get(kind) if isinstance(kind, str) else None
    if fields is None:
        shown = kind if isinstance(kind, str) and len(kind) <= 40 else "?"
        raise ProtocolError(f"unknown message type {shown!r}", E_UNKNOWN_TYPE)
    for name, (types, required) in fields.items():
        if name not in message:
            if required:
                raise ProtocolError(f"'{kind}' message without '{name}'")
            continue
        value = message[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ProtocolError(f"'{kind}' message: '{name}' has the wrong type")
    unknown = next((k for k in message if k != "type" and k not in fields), None)
    if unknown is not None:
        shown = unknown if len(unknown) <= 40 else "?"
        raise ProtocolError(f"'{kind}' message with an unknown field {shown!r}")
    return kind


def check_client_message(message: dict[str, Any]) -> str:
    return check_message(message, CLIENT_MESSAGES)


def check_host_message(message: dict[str, Any]) -> str:
    return check_message(message, HOST_MESSAGES)


# --- constructors ---------------------------------------------------------------

def hello_from_client(role: str = "player", name: str | None = None, color: str | None = None,
                      proof: str | None = None, client: str = "railparty") -> dict[str, Any]:
    """`proof`: seat_proof(token, the host hello's nonce), to take a seat back."""
    return {"type": "hello", "magic": MAGIC, "version": PROTOCOL_VERSION, "role": role,
            "name": name, "color": color, "proof": proof, "client": client}


def hello_from_host(name: str, game: str, nonce: str | None = None) -> dict[str, Any]:
    return {"type": "hello", "magic": MAGIC, "version": PROTOCOL_VERSION,
            "server": "railparty", "name": name, "game": game, "nonce": nonce}


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def seat_proof(token: str, nonce: str) -> str:
    """What a client sends instead of its token: HMAC-SHA256 of the nonce, keyed by it."""
    return hmac.new(token.encode("utf-8"), f"railparty-seat:{nonce}".encode(),
                    hashlib.sha256).hexdigest()


def reject(code: str, reason: str, limit: int | None = None) -> dict[str, Any]:
    """A refusal: its code (R_*) says why, `reason` in English words, `limit` the
    number the code names (R_ADDRESS: the seats one address may hold)."""
    message: dict[str, Any] = {"type": "reject", "code": code, "reason": reason}
    if limit is not None:
        message["limit"] = limit
    return message


def error(code: str, reason: str, version: int | None = None) -> dict[str, Any]:
    message = {"type": "error", "code": code, "reason": reason}
    if version is not None:
        message["version"] = version
    return message


def refusal_why(exc: BaseException) -> dict[str, Any] | None:
    """An IllegalAction as data for an `error`'s `why`: the catalog sentence
    (English, the catalogs' message id) and the values it names, so each
    client words it in its own language. None when it is too long to send."""
    template, data = getattr(exc, "template", None), getattr(exc, "data", None)
    if not isinstance(template, (str, tuple)) or not isinstance(data, dict):
        return None
    if len(str(exc)) > MAX_REASON_CHARS:
        return None                  # a forged action's echo: the reason alone will do
    return {"text": list(template) if isinstance(template, tuple) else template,
            "data": dict(data)}


def bye(reason: str, code: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "bye", "reason": reason}
    if code is not None:
        message["code"] = code
    return message


def action(seat: int, version: int, act: dict[str, Any]) -> dict[str, Any]:
    return {"type": "action", "seat": seat, "version": version, "action": act}


def hint_shown(seat: int, version: int) -> dict[str, Any]:
    """A guest's window showed `seat` (its own) a hint on the view of `version`."""
    return {"type": "hint_shown", "seat": seat, "version": version}


def hello_problem(message: dict[str, Any], checked_by: str) -> tuple[str, str] | None:
    """(reject code, words for a person) when the other side's hello does not match
    ours; `checked_by` is "host" (the hello came from a client) or "client"."""
    if message.get("type") != "hello" or message.get("magic") != MAGIC:
        other = "program" if checked_by == "host" else "host"
        return R_MAGIC, f"the other side is not a Rail Party {other}"
    version = message.get("version")
    if version != PROTOCOL_VERSION:
        theirs = version if isinstance(version, int) and not isinstance(version, bool) else "?"
        hosted, yours = ((PROTOCOL_VERSION, theirs) if checked_by == "host"
                         else (theirs, PROTOCOL_VERSION))
        return R_VERSION, (
            f"This game is hosted with Rail Party network protocol {hosted}, but your copy "
            f"speaks protocol {yours}. Install the same Rail Party version on every computer.")
    return None


def _with_z(message: dict[str, Any]) -> dict[str, Any]:
    bulky = {key: message[key] for key in PACKED_FIELDS if key in message}
    out = {key: value for key, value in message.items() if key not in bulky}
    out["z"] = zlib.compress(msgpack.packb(bulky, use_bin_type=True), 1)
    return out


def pack(message: dict[str, Any]) -> dict[str, Any]:
    """A sync or update as it goes on the wire: plain while its msgpack is at most
    PACK_BYTES (most of a game's updates: no work added), else with its bulky
    fields (events, view, legal, result) together as `z`, zlib-compressed
    msgpack of a map of them. One blob for all of them, so the final update,
    which holds the result in its events, its view and its own field, pays for
    it about once; whole views of a long game compress well too."""
    if len(msgpack.packb(message, use_bin_type=True)) <= PACK_BYTES:
        return message
    return _with_z(message)


def encode_state(message: dict[str, Any]) -> bytes:
    """`encode(pack(message))`, with a plain message packed by msgpack only once."""
    body = msgpack.packb(message, use_bin_type=True)
    if len(body) > PACK_BYTES:
        body = msgpack.packb(_with_z(message), use_bin_type=True)
    if len(body) > MAX_FRAME_BYTES:
        raise FrameTooLarge(len(body))
    return HEADER.pack(len(body)) + body


def unpack(message: dict[str, Any]) -> dict[str, Any]:
    """The message with `z` (if any) inflated back into its fields; ProtocolError
    when `z` is not bytes that inflate, within MAX_UNPACKED_BYTES, to a map of
    packed fields the message does not also carry. The fields are then checked
    as if they had come plain (check_host_message, net/inbound.py)."""
    if "z" not in message:
        return message
    packed = message["z"]
    if not isinstance(packed, bytes):
        raise ProtocolError("the packed fields ('z') are not bytes")
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_UNPACKED_BYTES)
        if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
            raise ProtocolError("the packed fields ('z') are too long, cut short or "
                                "followed by more")
        fields = msgpack.unpackb(raw, raw=False, strict_map_key=True, ext_hook=_refuse_ext)
    except ProtocolError:
        raise
    except Exception:
        raise ProtocolError("the packed fields ('z') are unreadable") from None
    if not isinstance(fields, dict) or not fields:
        raise ProtocolError("the packed fields ('z') are not a map of fields")
    stray = next((key for key in fields if key not in PACKED_FIELDS or key in message), None)
    if stray is not None:
        shown = stray if isinstance(stray, str) and len(stray) <= 40 else "?"
        raise ProtocolError(f"the packed fields ('z') hold {shown!r}, which is not a packed "
                            "field or is also sent plain")
    out = {key: value for key, value in message.items() if key != "z"}
    out.update(fields)
    return out


def result_record(game: str, version: int, result: dict[str, Any]) -> dict[str, Any]:
    """The line a headless host or client prints at the end (the same on every side)."""
    return {"game": game, "version": version, "scores": result.get("scores"),
            "winners": result.get("winners"), "breakdown": result.get("breakdown")}
