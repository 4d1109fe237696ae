"""The host's doors: how places are shared between addresses, how fast one address
may open connections, and how many connections the open-file limit allows.

Why: a flood from one address (or a few) must never lock out an honest newcomer,
the TV's kiosk or a phone retaking its seat, must never eat the loop's time that
honest moves need, and must never take the file descriptors a save needs. Every
place that a stranger can hold (a connection that has not said hello, a page
request under way, a spectator's place) is capped per address and shared fairly
(`make_room`); every address has a budget of new connections (`AddressRates`);
and the connections held in all are bounded well under RLIMIT_NOFILE
(`connection_budget`), with a reserve for saves, logs and the bots' pipes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import TypeVar

log = logging.getLogger("railparty.net.host")

T = TypeVar("T")

# new connections (either port) one address may open: a burst, then so many a second.
# A phone loading the page opens a connection for each of its files (the host
# answers one request a connection: about 40 with its modules, info.json,
# board.json and the WebSocket), so the burst holds a load and a reload; a flood
# of reconnecting spectators from a few addresses is held to a few joins a second.
NEW_PER_ADDRESS_BURST = 96
NEW_PER_ADDRESS_PER_SECOND = 4.0
RATES_KEPT = 4096             # addresses remembered at most (full buckets are forgotten first)

# open files the host keeps free of connections: saves and their temp files, the
# journal, logs, the bots' worker pipes, the page's accept batch, zeroconf
DESCRIPTOR_RESERVE = 256
MOST_CONNECTIONS = 2048       # never more, whatever the limit
FEWEST_CONNECTIONS = 32
DESCRIPTOR_TARGET = 8192      # the soft limit is raised toward the hard one, up to this
QUIET_SECONDS = 10.0          # a refusal for lack of room is logged at most this often


def make_room(holders: Iterable[T], ip_of: Callable[[T], str], since_of: Callable[[T], float],
              ip: str, per_address: int, total: int, grace: float | None,
              now: float) -> tuple[bool, T | None]:
    """May a newcomer from `ip` have one of `total` places, one address holding at
    most `per_address`? When every place is taken, the oldest holder of the address
    holding the most gives way to a newcomer whose address holds fewer: at a
    difference of one only a holder older than `grace` seconds (never when grace is
    None), so equal addresses do not push each other out in turn. Returns (admit,
    the holder to push out or None). An honest newcomer's address holds one place
    at most while a flood's hold several, so it always gets in."""
    held: dict[str, list[T]] = {}
    count = 0
    for holder in holders:
        held.setdefault(ip_of(holder), []).append(holder)
        count += 1
    mine = len(held.get(ip, ()))
    if mine >= per_address:
        return False, None
    if count < total:
        return True, None
    most = max((len(group) for group in held.values()), default=0)
    if most <= mine:
        return False, None
    victim = min((h for group in held.values() if len(group) == most for h in group),
                 key=since_of)
    if most == mine + 1 and (grace is None or now - since_of(victim) < grace):
        return False, None
    return True, victim


class AddressRates:
    """A token bucket of new connections per address (0 per second: no limit)."""

    def __init__(self, per_second: float = NEW_PER_ADDRESS_PER_SECOND,
                 burst: int = NEW_PER_ADDRESS_BURST):
        self.per_second, self.burst = per_second, float(burst)
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, ip: str, now: float | None = None) -> bool:
        """One new connection from `ip`: False when its address is over its budget."""
        if self.per_second <= 0:
            return True
        now = time.monotonic() if now is None else now
        tokens, at = self._buckets.get(ip, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.per_second)
        if tokens < 1.0:
            self._buckets[ip] = (tokens, now)
            return False
        self._buckets[ip] = (tokens - 1.0, now)
        if len(self._buckets) > RATES_KEPT:
            self._forget_full(now)
        return True

    def _forget_full(self, now: float) -> None:
        full = self.burst - 1.0
        for key, (tokens, at) in list(self._buckets.items()):
            if tokens + (now - at) * self.per_second >= full:
                del self._buckets[key]
        while len(self._buckets) > RATES_KEPT:          # many busy addresses: oldest out
            del self._buckets[next(iter(self._buckets))]


def open_file_limit() -> tuple[int, int] | None:
    """The process's (soft, hard) RLIMIT_NOFILE after raising the soft limit toward
    the hard one (up to DESCRIPTOR_TARGET) where allowed; None where the system
    has no such limit (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = DESCRIPTOR_TARGET if hard == resource.RLIM_INFINITY else min(hard,
                                                                            DESCRIPTOR_TARGET)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
            soft = ceiling
        except (ValueError, OSError) as exc:
            log.info("cannot raise the open-file limit from %s: %s", soft, exc)
    return soft, hard


def connection_budget(soft: int | None) -> int:
    """How many connections the host holds at most with `soft` open files allowed:
    the limit less DESCRIPTOR_RESERVE (at most half of a small limit), within
    FEWEST_CONNECTIONS..MOST_CONNECTIONS."""
    if soft is None or soft <= 0:
        return MOST_CONNECTIONS
    reserve = min(DESCRIPTOR_RESERVE, soft // 2)
    return max(FEWEST_CONNECTIONS, min(MOST_CONNECTIONS, soft - reserve))


class QuietLog:
    """A warning said at most once every QUIET_SECONDS (with how often it happened),
    so a flood cannot fill the log."""

    def __init__(self, seconds: float = QUIET_SECONDS):
        self.seconds = seconds
        self._said_at: float | None = None
        self._unsaid = 0

    def warning(self, message: str, *args: object) -> None:
        now = time.monotonic()
        if self._said_at is not None and now - self._said_at < self.seconds:
            self._unsaid += 1
            return
        if self._unsaid:
            message += f" (and {self._unsaid} more times since)"
        self._said_at, self._unsaid = now, 0
        log.warning(message, *args)
