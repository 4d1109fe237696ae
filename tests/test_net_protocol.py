"""Framing, limits and message shapes of the LAN protocol (no sockets)."""

from __future__ import annotations

import asyncio
import zlib

import msgpack
import pytest

from net import protocol as P
from net.client import TokenStore, parse_address
from net.protocol import FrameTooLarge, ProtocolError


def frame_of(obj) -> bytes:
    body = msgpack.packb(obj, use_bin_type=True)
    return P.HEADER.pack(len(body)) + body


def test_a_frame_is_a_length_then_a_msgpack_map():
    frame = P.encode({"type": "ping", "n": 3})
    assert P.HEADER.unpack(frame[:4])[0] == len(frame) - 4
    assert P.decode_body(frame[4:]) == {"type": "ping", "n": 3}


def test_every_constructor_makes_a_message_of_its_side():
    assert P.check_client_message(P.hello_from_client("player", "Ada", "blue", "tok")) == "hello"
    assert P.check_client_message(P.action(1, 5, {"type": "draw_deck"})) == "action"
    assert P.check_client_message(P.bye("leaving")) == "bye"
    assert P.check_host_message(P.hello_from_host("Friday", "routes-usa")) == "hello"
    assert P.check_host_message(P.reject(P.R_FULL, "full")) == "reject"
    assert P.check_host_message(P.error(P.E_STALE, "old", 4)) == "error"


def test_oversized_frames_are_refused_from_the_header_alone():
    async def scenario():
        reader = asyncio.StreamReader()
        reader.feed_data(P.HEADER.pack(P.MAX_FRAME_BYTES + 1))   # and no body at all
        with pytest.raises(FrameTooLarge) as info:
            await asyncio.wait_for(P.read_frame(reader, 5, 60), 10)  # hang guard only
        return info.value
    exc = asyncio.run(scenario())
    assert exc.code == P.E_TOO_BIG and str(P.MAX_FRAME_BYTES) in exc.reason


def test_a_frame_at_the_limit_is_read():
    async def scenario():
        reader = asyncio.StreamReader()
        body = msgpack.packb({"type": "ping", "pad": "x" * (P.MAX_FRAME_BYTES - 30)})
        assert len(body) <= P.MAX_FRAME_BYTES
        reader.feed_data(P.HEADER.pack(len(body)) + body)
        return await asyncio.wait_for(P.read_frame(reader, 5, 5), 10)
    assert asyncio.run(scenario())["type"] == "ping"


def test_encode_refuses_what_the_other_side_would_refuse():
    with pytest.raises(FrameTooLarge):
        P.encode({"type": "ping", "pad": "x" * P.MAX_FRAME_BYTES})


@pytest.mark.parametrize("body", [
    b"", b"\xc1", b"\x92\x01",                                     # empty, never-used, short
    msgpack.packb({"type": "ping"}) + b"\x00",                     # extra data
    msgpack.packb(msgpack.ExtType(5, b"boom")),                    # ext type
    msgpack.packb({"type": "ping", "x": msgpack.ExtType(1, b"")}),
    msgpack.packb({1: 2}),                                         # non-str key
    msgpack.packb([1, 2, 3]), msgpack.packb("hello"), msgpack.packb(None),
    msgpack.packb({"kind": "ping"}), msgpack.packb({"type": 5}),
    b"\x91" * 5000, b"\x91" * 5000 + b"\xc0",                     # deep nesting
])
def test_bodies_that_are_not_typed_maps_are_protocol_errors(body):
    with pytest.raises(ProtocolError):
        P.decode_body(body)


@pytest.mark.parametrize("message,code", [
    ({"type": "launch"}, P.E_UNKNOWN_TYPE),
    ({"type": "x" * 1000}, P.E_UNKNOWN_TYPE),
    ({"type": "action", "seat": 0, "version": 1}, P.E_BAD_MESSAGE),
    ({"type": "action", "seat": True, "version": 1, "action": {}}, P.E_BAD_MESSAGE),
    ({"type": "action", "seat": 0, "version": "1", "action": {}}, P.E_BAD_MESSAGE),
    ({"type": "action", "seat": 0, "version": 1, "action": []}, P.E_BAD_MESSAGE),
    ({"type": "hello", "version": 1}, P.E_BAD_MESSAGE),
    ({"type": "hello", "magic": P.MAGIC, "version": 1, "proof": 7}, P.E_BAD_MESSAGE),
    ({"type": "seat", "color": ["red"]}, P.E_BAD_MESSAGE),
])
def test_messages_of_the_wrong_shape_are_named(message, code):
    with pytest.raises(ProtocolError) as info:
        P.check_client_message(message)
    assert info.value.code == code
    assert len(info.value.reason) < 100


def test_unknown_fields_are_refused_both_ways():
    with pytest.raises(P.ProtocolError, match="unknown field 'later'"):
        P.check_client_message({"type": "ping", "n": 1, "later": [1, 2]})
    with pytest.raises(P.ProtocolError, match="unknown field"):
        P.check_host_message({"type": "pong", "n": 1, "pad": "x" * 100})


def test_a_version_mismatch_is_explained_in_words_both_ways():
    theirs = dict(P.hello_from_client(), version=P.PROTOCOL_VERSION + 1)
    code, words = P.hello_problem(theirs, "host")
    assert code == P.R_VERSION
    assert f"protocol {P.PROTOCOL_VERSION}" in words
    assert f"protocol {P.PROTOCOL_VERSION + 1}" in words
    assert "same Rail Party version" in words
    assert P.hello_problem(P.hello_from_client(), "host") is None
    code, words = P.hello_problem({"type": "hello", "magic": "http", "version": 1}, "client")
    assert code == P.R_MAGIC and "not a Rail Party host" in words


def test_addresses_are_parsed_with_words_for_mistakes():
    assert parse_address("10.0.0.5:5000") == ("10.0.0.5", 5000)
    assert parse_address("myhost") == ("myhost", P.DEFAULT_PORT)
    assert parse_address("[::1]:80") == ("::1", 80)
    for bad in ("host:port", ":80", "host:70000"):
        with pytest.raises(ValueError):
            parse_address(bad)


def test_the_token_store_keeps_tokens_and_survives_a_damaged_file(tmp_path):
    store = TokenStore(tmp_path / "seats.json")
    key = TokenStore.key("10.0.0.5", 47474, "Ada")
    assert store.get(key) is None
    store.put(key, "abc")
    assert TokenStore(tmp_path / "seats.json").get(key) == "abc"
    (tmp_path / "seats.json").write_text("{not json")
    assert store.get(key) is None
    store.put(key, "def")
    assert store.get(key) == "def"


def test_limits_are_named_constants():
    assert P.MAX_FRAME_BYTES == 256 * 1024
    for name in ("MAX_CONNECTIONS", "MAX_HANDSHAKING", "MAX_SPECTATORS",
                 "MAX_FRAMES_PER_SECOND", "FRAME_BURST", "MAX_BAD_FRAMES",
                 "MAX_SEND_BUFFER_BYTES"):
        assert isinstance(getattr(P, name), int) and getattr(P, name) > 0


def test_long_updates_travel_packed_and_come_back_whole():
    legal = [{"type": "claim", "track": f"city-{i}--town-{i}", "cards": {"red": 3}}
             for i in range(200)]
    message = {"type": "update", "version": 3, "mark": 2, "events": [{"type": "x"}],
               "view": {"routes": legal}, "legal": legal, "to_act": [1], "over": False,
               "result": None}
    packed = P.pack(message)
    assert set(packed) == {"type", "version", "mark", "to_act", "over", "z"}
    assert len(P.encode(packed)) < len(P.encode(message)) // 4
    assert P.unpack(packed) == message
    assert P.check_host_message(P.unpack(packed)) == "update"
    short = {"type": "update", "version": 1, "events": [], "view": {}, "legal": []}
    assert P.pack(short) == short and P.unpack(short) == short


@pytest.mark.parametrize("z", [
    "text, not bytes",
    b"not zlib at all",
    zlib.compress(b"\x00" * (P.MAX_UNPACKED_BYTES + 10)),         # inflates past the limit
    zlib.compress(msgpack.packb([{"type": "draw_deck"}])),         # not a map
    zlib.compress(msgpack.packb({})),                              # no fields
    zlib.compress(msgpack.packb({"type": "welcome"})),             # not a packed field
    zlib.compress(msgpack.packb({"version": 9})),                  # nor this
    zlib.compress(msgpack.packb({"view": {}})),                    # also sent plain
    zlib.compress(msgpack.packb({"legal": []}))[:-3],              # cut short
    zlib.compress(msgpack.packb({"legal": []})) + b"more",         # more after the end
])
def test_bad_packed_fields_are_protocol_errors(z):
    with pytest.raises(ProtocolError):
        P.unpack({"type": "update", "version": 1, "view": {}, "z": z})
