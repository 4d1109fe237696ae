"""The phone page's sealed channel (net/page_seal.py, net/host/web_seal.py): a
page that knows the table's secret or its code gets in and everything it reads
crossed the wire sealed; a wrong secret, a garbage handshake, a tampered,
replayed or plain frame is refused with its close code, the host logs no
traceback and the table goes on."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from netkit import LOOPBACK, isolate, start_host
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from net import page_seal as seal
from net import protocol as P
from net.host.web_seal import WRONG_SECRETS_PER_WINDOW

WAIT = 10.0


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def host(caplog):
    caplog.set_level(logging.INFO, logger="railparty")
    h = start_host(seats=2, web_port=0)
    yield h
    h.stop()
    broken = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not broken, [r.getMessage() for r in broken]


def address(host: Any) -> str:
    return f"ws://{LOOPBACK}:{host.web_port}/ws"


OPTIONS = dict(open_timeout=WAIT, max_size=2**22)


def sealed(host: Any, secret: str | None = "table", code: str | None = None
           ) -> seal.SealedSocket:
    origin = {"Origin": f"http://{LOOPBACK}:{host.web_port}"}
    return seal.SealedSocket(address(host), host.page_secret if secret == "table" else secret,
                             code, additional_headers=origin, **OPTIONS)


def recv_until(sock: seal.SealedSocket, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(sock.recv(timeout=WAIT))
        if message["type"] == kind:
            return message


def join(sock: seal.SealedSocket, name: str = "Ann") -> dict[str, Any]:
    sock.send({"type": "hello", "magic": P.MAGIC, "version": P.PROTOCOL_VERSION,
               "role": "player", "name": name, "client": "test"})
    return recv_until(sock, "welcome")


def closed_with(sock: Any) -> int:
    try:
        while True:
            sock.recv(timeout=WAIT)
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else -1


def still_answers(host: Any) -> bool:
    sock = sealed(host)
    sock.send({"type": "hello", "magic": P.MAGIC, "version": P.PROTOCOL_VERSION,
               "role": "spectator"})
    recv_until(sock, "welcome")
    sock.send({"type": "ping", "n": 5})
    ok = recv_until(sock, "pong")["n"] == 5
    sock.close()
    return ok


def test_the_table_has_fresh_secrets_and_the_tv_shows_the_code_never_the_secret(host):
    other = start_host(seats=2, web_port=0)
    try:
        assert host.page_secret != other.page_secret and host.page_code != other.page_code
    finally:
        other.stop()
    status = host.status()
    assert status["web_link"] == f"{status['web']}#{host.page_secret}"
    assert len(host.page_secret) == 22                   # 128 bits, base64url
    assert seal.plain_code(status["table_code"]) == host.page_code
    assert len(status["table_code"]) == 19 and status["table_code"].count("-") == 3
    from game.ui.phone_join import shown_address

    assert host.page_secret not in shown_address(status["web_link"])
    assert seal.plain_code(" q3ya-n5mr-58oo-4ryl ") == "Q3YAN5MR58004RY1"
    assert seal.plain_code("Q3YA-N5MR-5800") is None and seal.plain_code("U" * 16) is None


def test_a_page_with_the_secret_or_the_code_plays_and_only_ciphertext_crossed(host):
    page = sealed(host)
    raw: list[bytes] = []
    read = page.ws.recv
    page.ws.recv = lambda timeout=None: raw.append(read(timeout)) or raw[-1]
    welcome = join(page)
    host.start_game()
    sync = recv_until(page, "sync")
    while sync["phase"] != "playing":
        sync = recv_until(page, "sync")
    assert sync["view"] and sync["legal"]
    assert raw and all(isinstance(frame, bytes) for frame in raw)
    for secret in (b'"view"', b'"legal"', b'"token"', b'"sync"', welcome["token"].encode()):
        assert not any(secret in frame for frame in raw), secret
    typed = sealed(host, secret=None, code=host.status()["table_code"].lower())
    assert join(typed, "Bo")["type"] == "welcome"


@pytest.mark.parametrize("secret, code", [("A" * 22, None), (None, "0000-0000-0000-0000")])
def test_a_wrong_secret_or_code_is_refused_with_its_close_code(host, secret, code):
    with pytest.raises(ConnectionClosed) as err:
        sealed(host, secret, code)
    assert err.value.rcvd is not None and err.value.rcvd.code == seal.CLOSE_WRONG_SECRET
    assert not [p for p in host.peers if p.role is None] and still_answers(host)


def test_wrong_codes_from_one_address_are_limited(host):
    for _ in range(WRONG_SECRETS_PER_WINDOW):
        with pytest.raises(ConnectionClosed):
            sealed(host, None, "0000-0000-0000-0000")
    with pytest.raises(ConnectionClosed) as err:
        sealed(host, None, host.page_code)          # the right code, too late
    assert err.value.rcvd is not None and err.value.rcvd.code == seal.CLOSE_TOO_MANY_TRIES


@pytest.mark.parametrize("garbage", [
    "hello", b"", b"RPS1\x01" + b"\x00" * 32, b"RPS1\x09" + bytes(range(32)),
    b"XXXX\x01" + bytes(range(32)), b"RPS1\x01" + b"\x01" * 20, b"\xff" * 5000])
def test_a_garbage_handshake_is_closed_without_a_traceback(host, garbage):
    ws = ws_connect(address(host), additional_headers={
        "Origin": f"http://{LOOPBACK}:{host.web_port}"}, **OPTIONS)
    ws.send(garbage)
    assert closed_with(ws) == seal.CLOSE_GARBAGE
    assert still_answers(host)


def test_a_page_that_never_starts_its_handshake_is_closed(host):
    host.hello_timeout = 0.5
    ws = ws_connect(address(host), additional_headers={
        "Origin": f"http://{LOOPBACK}:{host.web_port}"}, **OPTIONS)
    assert closed_with(ws) == seal.CLOSE_GARBAGE


def _tampered(frame: bytes) -> bytes:
    return frame[:-1] + bytes([frame[-1] ^ 1])


@pytest.mark.parametrize("how", ["tampered", "replayed", "plain", "skipped"])
def test_a_tampered_replayed_plain_or_skipped_frame_drops_that_page_only(host, how):
    calm = sealed(host)
    join(calm, "Calm")
    page = sealed(host)
    join(page, "Bad")
    frame = page.channel.seal(json.dumps({"type": "ping", "n": 1}))
    if how == "tampered":
        page.send_raw(_tampered(frame))
    elif how == "replayed":
        page.send_raw(frame)
        assert recv_until(page, "pong")["n"] == 1
        page.send_raw(frame)
    elif how == "plain":
        page.send_raw(json.dumps({"type": "ping", "n": 1}))
    else:
        page.send({"type": "ping", "n": 2})         # sealed under the next number
    assert closed_with(page) == seal.CLOSE_GARBAGE
    calm.send({"type": "ping", "n": 7})
    assert recv_until(calm, "pong")["n"] == 7


def test_a_frame_the_host_sealed_opens_once_and_in_order_only():
    keys = seal.Keys(b"s" * 32, seal.secret_key(seal.KIND_LINK, "x"), b"p" * 32, b"h" * 32)
    host_side = seal.Channel(keys.to_page, keys.to_host)
    page_side = seal.Channel(keys.to_host, keys.to_page)
    first, second = host_side.seal("one"), host_side.seal("two")
    with pytest.raises(seal.SealError):
        page_side.open(second)                      # out of order
    assert page_side.open(first) == "one"
    with pytest.raises(seal.SealError):
        page_side.open(first)                       # replayed
    with pytest.raises(seal.SealError):
        page_side.open(_tampered(second))
    assert page_side.open(second) == "two"
    assert len({keys.page_proof, keys.host_proof, keys.to_host, keys.to_page}) == 4
    other = seal.Keys(b"s" * 32, seal.secret_key(seal.KIND_CODE, "x"), b"p" * 32, b"h" * 32)
    assert other.to_page != keys.to_page            # the secret's kind is bound in too


def test_a_page_over_its_addresss_budget_is_told_busy_before_any_exchange(host, monkeypatch):
    first = sealed(host)
    join(first, "First")
    monkeypatch.setattr(host, "_admit", lambda ip: False)     # its address's budget spent
    with pytest.raises(ConnectionClosed) as err:
        sealed(host)
    assert err.value.rcvd is not None and err.value.rcvd.code == 1013
    monkeypatch.undo()
    assert still_answers(host)
