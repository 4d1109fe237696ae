"""Which of the games announced under one name to join: never one chosen silently.

`choose` is pure (the tests drive it with made-up announcements): a key asked
for (`--host-key`) or remembered for that name (net/known_hosts.py) picks the
announcements carrying that fingerprint; otherwise a name must be unique.
Several announcements claiming one fingerprint (a copied one) are told apart by
`probe_key`, which asks each host to prove its key; the connection made to
join proves it again in any case (net/client.py).
"""

from __future__ import annotations

import socket
from dataclasses import dataclass, field

from game.words.i18n import _
from net import protocol as P
from net.discovery import FoundGame
from net.identity import IdentityError, shown
from net.known_hosts import KnownHost
from net.tls import client_context, shown_key

PROBE_TIMEOUT_SECONDS = 3.0


@dataclass
class Choice:
    """The game to join, or why there is none (`problem`, words for a person)."""

    game: FoundGame | None
    problem: str | None = None
    notes: list[str] = field(default_factory=list)     # said alongside a choice
    listed: list[FoundGame] = field(default_factory=list)
    # the listed games all claim the one key wanted: only a connection (the host's
    # proof) tells which holds it (probe_key, or a client with expect_key)
    proof_decides: bool = False


def describe(game: FoundGame) -> str:
    """One line of a list of games: address, key, phase."""
    key = shown(game.fingerprint) or _("no key announced")
    return "  " + _("{address}  key {key}  ({phase}, {free}/{seats} seats free)").format(
        address=game.address, key=key, phase=_(game.phase), free=game.free, seats=game.seats)


def choose(found: list[FoundGame], name: str, *, host_key: str | None = None,
           known: KnownHost | None = None,
           proven: dict[str, str | None] | None = None) -> Choice:
    """The game called `name` to join among `found`.

    `host_key`: the fingerprint asked for; `known`: the host remembered under this
    name; `proven`: address -> the fingerprint its host proved (None: it proved
    none), for announcements already probed."""
    matches = [g for g in found if g.named(name)]
    if not matches:
        seen = ", ".join(sorted({repr(g.name) for g in found})) or _("none")
        return Choice(None, _("no game called '{name}' found (games seen: {seen})").format(
            name=name, seen=seen))
    compatible = [g for g in matches if g.compatible]
    if not compatible:
        other = matches[0]
        return Choice(None, _("{name} runs network protocol {version}; this copy speaks "
                              "{ours}. Install the same Rail Party version everywhere.").format(
            name=other.name, version=other.version, ours=P.PROTOCOL_VERSION))
    notes: list[str] = []
    for game in (g for g in compatible if not g.fingerprint):
        notes.append(_("ignored an announcement of '{name}' at {address}: it announces no "
                       "key (join it with --address if you trust that address)").format(
            name=name, address=game.address))
    compatible = [g for g in compatible if g.fingerprint]
    if not compatible:
        return Choice(None, _("no game called '{name}' announces a host key").format(
            name=name), notes)
    if proven is not None:
        liars = [g for g in compatible if g.address in proven
                 and proven[g.address] != g.fingerprint]
        for game in liars:
            notes.append(_("ignored an announcement of '{name}' at {address}: it claims "
                           "key {key} but could not prove it").format(
                name=name, address=game.address, key=shown(game.fingerprint) or "-"))
        compatible = [g for g in compatible if g not in liars]
        if not compatible:
            return Choice(None, _("no game called '{name}' could prove its key").format(
                name=name), notes)
    wanted = host_key or (known.fingerprint if known else None)
    candidates = [g for g in compatible if g.fingerprint == wanted] if wanted else compatible
    listing = "\n".join(describe(g) for g in compatible)
    if not candidates:
        if host_key:
            problem = _("no game called '{name}' has the key {key}; the games of that "
                        "name:\n{listing}").format(name=name, key=shown(host_key),
                                                   listing=listing)
        else:
            problem = _("a game called '{name}' is on the LAN, but not with the key of the "
                        "host you played with before ({key}):\n{listing}\nIt may be someone "
                        "else's game under the same name. If that host has a new key, join "
                        "it with --host-key FINGERPRINT (or --address HOST:PORT).").format(
                name=name, key=shown(wanted or ""), listing=listing)
        return Choice(None, problem, notes, compatible)
    if len(candidates) > 1:
        one_key = len({g.fingerprint for g in candidates}) == 1
        listing = "\n".join(describe(g) for g in candidates)
        if wanted and one_key:
            problem = _("{count} games on the LAN announce the key {key}; several of them "
                        "cannot all be its host, so none is chosen for you:\n{listing}\n"
                        "Join one with --address HOST:PORT or --host-key FINGERPRINT.")
        else:
            problem = _("{count} games on the LAN are called that, so none is chosen for "
                        "you:\n{listing}\nJoin one with --address HOST:PORT or --host-key "
                        "FINGERPRINT.")
        problem = problem.format(count=len(candidates), key=shown(wanted or ""),
                                 listing=listing)
        return Choice(None, problem, notes, candidates, proof_decides=one_key)
    chosen = candidates[0]
    others = [g for g in compatible if g is not chosen]
    reason = (_("the key you asked for") if host_key else
              _("the host you played with before") if known else "")
    for game in others:
        notes.append(_("another game is also called '{name}' ({address}, key {key}); chose "
                       "key {chosen}, {reason}").format(
            name=name, address=game.address, key=shown(game.fingerprint) or _("none"),
            chosen=shown(chosen.fingerprint), reason=reason))
    return Choice(chosen, None, notes)


def needs_probe(found: list[FoundGame], name: str) -> list[FoundGame]:
    """The announcements of `name` that share a fingerprint with another one:
    only a connection tells which of them (if any) holds that key."""
    matches = [g for g in found if g.named(name) and g.compatible and g.fingerprint]
    return [g for g in matches
            if sum(1 for other in matches if other.fingerprint == g.fingerprint) > 1]


def probe_key(game: FoundGame, timeout: float = PROBE_TIMEOUT_SECONDS) -> str | None:
    """The fingerprint of the key the host at `game.address` proves in its TLS
    handshake (net/tls.py), or None: connect, seal, read the certificate, leave
    (nothing is read or said inside)."""
    try:
        with socket.create_connection((game.host, game.port), timeout=timeout) as sock, \
                client_context().wrap_socket(sock) as sealed:
            return shown_key(sealed)[1]
    except (OSError, IdentityError, TimeoutError):
        return None
