"""Doors that stay open for honest players: a flood of connections that never say
hello cannot keep a newcomer out, one client cannot squat every seat, the host can
free a seat, and a latecomer can take a seat a bot is playing. Real sockets on
loopback; 127.0.0.2... are other loopback addresses (other machines) on Linux."""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading

import pytest
from netkit import LOOPBACK, Raw, isolate, start_host, wait_until

from net import protocol as P
from net.host import Host
from net.host.doors import NEW_PER_ADDRESS_BURST, NEW_PER_ADDRESS_PER_SECOND


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


class ReopeningCrowd:
    """From each address, connections that never say hello, each reopened as soon
    as the host closes it (one thread, non-blocking sockets)."""

    def __init__(self, port: int, sources: list[str], width: int):
        self.port, self.sources, self.width = port, sources, width
        self.stop = threading.Event()
        self.opened = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        sel = selectors.DefaultSelector()
        live: dict[str, set[socket.socket]] = {s: set() for s in self.sources}
        while not self.stop.is_set():
            for source, socks in live.items():
                while len(socks) < self.width:
                    sock = socket.socket()
                    sock.setblocking(False)
                    try:
                        sock.bind((source, 0))
                        sock.connect_ex((LOOPBACK, self.port))
                    except OSError:
                        sock.close()
                        break
                    socks.add(sock)
                    sel.register(sock, selectors.EVENT_READ, source)
                    self.opened += 1
            for key, _ in sel.select(0.02):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    sel.unregister(key.fileobj)
                    live[key.data].discard(key.fileobj)
                    key.fileobj.close()
        for socks in live.values():
            for sock in socks:
                sock.close()
        sel.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)


FLOODERS = [f"127.0.0.{i}" for i in range(2, 10)]


def test_a_newcomer_is_seated_while_eight_addresses_flood_the_host_with_silent_connections():
    host = start_host(seats=2, hello_timeout=5.0)
    crowd = ReopeningCrowd(host.port, FLOODERS, width=24)
    try:
        wait_until(lambda: crowd.opened > 8 * 24 * 3, "the flood to get going")
        wait_until(lambda: len(host._handshaking) >= P.MAX_HANDSHAKING, "every place taken")
        for attempt in range(5):
            newcomer = Raw(host.port, source="127.0.0.11")
            reply = newcomer.hello("player", name=f"Newcomer {attempt}")
            assert reply["type"] == "welcome", reply
            newcomer.send({"type": "bye", "reason": "next one"})
            newcomer.close()
            wait_until(lambda: host.status()["free"] == 2, "the seat freed")
        # every address holds its fair share of the places, within one (a moment
        # after a place is freed, its address has one fewer until it reconnects)
        def fair() -> bool:
            held: dict[str, int] = {}
            for peer in list(host._handshaking.values()):
                held[peer.ip] = held.get(peer.ip, 0) + 1
            return len(held) == len(FLOODERS) and max(held.values()) - min(held.values()) <= 1
        wait_until(fair, "the places shared fairly")
    finally:
        crowd.close()
    wait_until(lambda: host.status()["connections"] == 0, "the flood's connections closed")
    assert not host._handshaking
    host.stop()


def test_a_loop_without_readers_still_accepts_and_refuses(monkeypatch):
    """Windows' proactor loop has no add_reader: the host awaits its accepts."""
    import asyncio.selector_events

    def no_readers(*args, **kwargs):
        raise NotImplementedError
    monkeypatch.setattr(asyncio.selector_events.BaseSelectorEventLoop, "add_reader",
                        no_readers)
    host = start_host(seats=2)
    try:
        assert host._acceptor is not None              # the awaiting acceptor runs
        player = Raw(host.port, source="127.0.0.2")
        assert player.hello("player", name="Proactor")["type"] == "welcome"
        crowd = [Raw(host.port, source="127.0.0.3") for _ in range(P.MAX_HANDSHAKING_PER_ADDRESS)]
        extra = Raw(host.port, source="127.0.0.3")
        extra.host_hello()
        refused = extra.recv_until(lambda m: m["type"] == "reject")
        assert refused["code"] == P.R_BUSY
        for raw in crowd:
            raw.close()
    finally:
        host.stop()


# --- lobby squat ----------------------------------------------------------------------------

def seat_from(host, source: str, name: str) -> tuple[Raw, dict]:
    raw = Raw(host.port, source=source)
    return raw, raw.hello("player", name=name)


def test_one_connection_holds_one_seat():
    host = start_host(seats=3)
    try:
        raw, welcome = seat_from(host, "127.0.0.2", "Squatter")
        assert welcome["seat"] == 0
        raw.send(raw.hello_message("player", name="Again"))
        raw.send(raw.hello_message("player", name="And again"))
        errors = [raw.recv_until(lambda m: m["type"] == "error") for _ in range(2)]
        assert all(e["code"] == P.E_BAD_MESSAGE for e in errors)
        assert host.status()["free"] == 2
    finally:
        host.stop()


def test_one_address_holds_at_most_its_seats_even_after_leaving_without_goodbye():
    host = start_host(seats=4, seats_per_address=2, peer_timeout=30.0)   # seats kept
    try:
        for n in range(2):                   # hello, then gone without a bye
            raw, welcome = seat_from(host, "127.0.0.2", f"Squat {n}")
            assert welcome["type"] == "welcome"
            raw.close()
        raw, refused = seat_from(host, "127.0.0.2", "Squat 3")
        assert refused["type"] == "reject" and refused["code"] == P.R_ADDRESS
        assert refused["limit"] == 2
        assert "2 seats" in refused["reason"]
        latecomer, welcome = seat_from(host, "127.0.0.3", "Latecomer")
        assert welcome["type"] == "welcome"
        wait_until(lambda: host.status()["free"] == 1, "three seats taken")
        spectator = Raw(host.port, source="127.0.0.2")      # watching is always open
        assert spectator.hello("spectator")["type"] == "welcome"
    finally:
        host.stop()


def test_the_seats_per_address_default_is_two_and_the_flag_reaches_the_host(tmp_path):
    from netkit import Proc
    assert Host("routes-usa", 4).seats_per_address == 2
    proc = Proc("host", "--headless", "--bind", LOOPBACK, "--port", "0", "--no-advertise",
                "--seats", "4", "--seats-per-address", "1")
    try:
        port = proc.port()
        first = Raw(port, source="127.0.0.2")
        assert first.hello("player", name="One")["type"] == "welcome"
        second = Raw(port, source="127.0.0.2")
        assert second.hello("player", name="Two")["code"] == P.R_ADDRESS
    finally:
        proc.kill()


def test_the_host_can_free_a_lobby_seat():
    host = start_host(seats=3)
    try:
        squatter, welcome = seat_from(host, "127.0.0.2", "Squatter")
        other, _ = seat_from(host, "127.0.0.3", "Other")
        wait_until(lambda: host.status()["free"] == 1, "two seats taken")
        host.kick(welcome["seat"])
        bye = squatter.recv_until(lambda m: m["type"] == "bye")
        assert bye["code"] == P.BYE_KICKED and "host" in bye["reason"]
        assert squatter.closed()
        wait_until(lambda: host.status()["free"] == 2, "the seat freed")
        seats = other.recv_until(lambda m: m["type"] == "seats" and m["free"] == 2)
        assert seats["seats"][welcome["seat"]]["kind"] == "open"
        latecomer, welcome = seat_from(host, "127.0.0.4", "Latecomer")
        assert welcome["type"] == "welcome"
    finally:
        host.stop()


def test_a_latecomer_takes_over_a_seat_a_bot_is_playing():
    host = start_host(seats=3, game="railway-tricks", bot_delay=0.05)
    try:
        first, _ = seat_from(host, "127.0.0.2", "First")
        host.start_game()
        wait_until(lambda: host.status()["phase"] == "playing", "the start")
        assert [s["kind"] for s in host.status()["seats"]] == ["human", "bot", "bot"]
        # the join list and the announcement offer the bots' seats, not 'full'
        assert host.status()["free"] == 2
        latecomer, welcome = seat_from(host, "127.0.0.3", "Latecomer")
        assert welcome["type"] == "welcome" and welcome["token"]
        seat = welcome["seat"]
        assert seat in (1, 2)
        sync = latecomer.recv_until(lambda m: m["type"] == "sync")
        assert sync["you"] == seat and sync["phase"] == "playing"
        # the status is a snapshot the host refreshes once its messages are out
        wait_until(lambda: host.status()["seats"][seat]["kind"] == "human",
                   "the seat to be the latecomer's in the host's status")
        assert host.status()["seats"][seat]["name"] == "Latecomer"
        wait_until(lambda: host.status()["free"] == 1, "one bot seat left to take")
        assert host.match is not None and seat not in host.match.bots
        assert host.match.seats[seat].name == "Latecomer"
        # the seat is theirs: on their turn the game waits for them, and they play it
        turn = latecomer.recv_until(lambda m: m["type"] in ("sync", "update")
                                    and seat in m["to_act"])
        legal = turn["legal"]
        latecomer.send({"type": "action", "seat": seat, "version": turn["version"],
                        "action": legal[0]})
        done = latecomer.recv_until(lambda m: m["type"] in ("update", "error"))
        assert done["type"] == "update" and done["version"] == turn["version"] + 1
    finally:
        host.stop()


def test_a_taken_over_seat_is_in_the_save_so_its_new_player_can_come_back(tmp_path):
    from game.tables.match import Match

    save = tmp_path / "hosted.json"
    host = start_host(seats=3, game="railway-tricks", bot_delay=0.05, save_path=save)
    try:
        seat_from(host, "127.0.0.2", "First")
        host.start_game()
        wait_until(lambda: host.status()["phase"] == "playing", "the start")
        _, welcome = seat_from(host, "127.0.0.3", "Latecomer")
        seat, token = welcome["seat"], welcome["token"]

        def saved() -> bool:
            try:
                seats = Match.load(save, keep_saving=False).seats
            except Exception:
                return False
            return seats[seat].name == "Latecomer" and seats[seat].token == token
        wait_until(saved, "the new seat in the save")
        assert Match.load(save, keep_saving=False).seats[seat].bot is None
    finally:
        host.stop()


# --- floods of new connections ---------------------------------------------------------------

def knock(host, source: str, role: str = "spectator", **kw) -> dict:
    """One connection's answer: welcome, or reject (a busy host may close at once)."""
    raw = Raw(host.port, source=source)
    try:
        raw.host_hello()
        with contextlib.suppress(OSError):
            raw.send(raw.hello_message(role, **kw))
        reply = raw.recv_until(lambda m: m["type"] in ("welcome", "reject"))
        return reply or {"type": "closed"}
    finally:
        raw.close()


def test_an_address_reconnecting_fast_is_held_to_its_budget_and_no_one_else_is():
    """A reconnect flood (join, leave, join again) is refused at the door once its
    address has spent its budget of new connections, while a guest from another
    address watches at once and a dropped phone retakes its seat with its proof."""
    host = start_host(seats=2, door_rate=NEW_PER_ADDRESS_PER_SECOND)
    try:
        owner = Raw(host.port, source="127.0.0.3")
        token = owner.hello("player", name="Owner")["token"]
        answers = [knock(host, "127.0.0.2") for _ in range(2 * NEW_PER_ADDRESS_BURST)]
        busy = [a for a in answers if a["type"] == "reject" and a["code"] == P.R_BUSY]
        assert len(busy) >= NEW_PER_ADDRESS_BURST // 2, answers
        assert knock(host, "127.0.0.4")["type"] == "welcome"
        owner.close()
        wait_until(lambda: not host.slots[0].connected, "the host to see the phone drop")
        back = knock(host, "127.0.0.3", "player", token=token)
        assert back["type"] == "welcome" and back["seat"] == 0
    finally:
        host.stop()


def somaxconn() -> int:
    try:
        with open("/proc/sys/net/core/somaxconn") as f:
            return int(f.read())
    except (OSError, ValueError):
        return 0


@pytest.mark.skipif(somaxconn() < 1024, reason="the kernel caps listen queues under 1024")
def test_a_newcomer_gets_into_the_accept_queue_while_a_flood_waits_in_it():
    """While the host's loop is busy for a moment, eight addresses open 600
    connections: the listen queue holds them all and the newcomer's too (a queue
    of 512 dropped the newest), and once the loop turns the host sheds the
    flood's excess and seats the newcomer."""
    host = start_host(seats=2, hello_timeout=5.0)
    busy, release = threading.Event(), threading.Event()

    def stall() -> None:
        busy.set()
        release.wait(10)
    crowd: list[socket.socket] = []
    try:
        host._loop.call_soon_threadsafe(stall)
        wait_until(busy.is_set, "the host's loop to be busy")
        for n in range(600):
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((FLOODERS[n % len(FLOODERS)], 0))
            sock.connect_ex((LOOPBACK, host.port))
            crowd.append(sock)
        wait_until(lambda: all(_connected(s) for s in crowd), "the flood in the queue", 10.0)
        newcomer = Raw(host.port, source="127.0.0.11", connect_timeout=1.0)
        release.set()
        assert newcomer.hello("player", name="Newcomer")["type"] == "welcome"
    finally:
        release.set()
        for sock in crowd:
            sock.close()
        host.stop()


def _connected(sock: socket.socket) -> bool:
    try:
        sock.getpeername()
        return True
    except OSError:
        return False
