"""The authoritative LAN host: one Match, many peers, one asyncio loop.

Embedded in the game program (`Host(...).start()` runs the loop in a
background thread; every public method is thread-safe and returns at once)
or headless (`Host(...).run()` in the main thread, until the game is over).

Everything that touches the Match or the seats runs on the loop thread, one
message at a time, so there are no races: a message is validated (shape,
role, seat, phase, version, turn, legality), applied to the Match (which
saves), and every peer gets its own redacted `update`.

The host's own player plays in-process: `join_local(name, colour)` returns a
`LocalClient` (net/session.py) with the same API as a network `Client`.

After a game, `rematch()` starts a new one with the same seats (names, colours,
tokens, bots) and a new seed; every peer gets it as a fresh `sync`.

One job per file: server.py (the Host class: settings, loop, thread-safe
controls), admission.py (connections, budgets, routing), lobby.py (hellos,
seats, proofs), table.py (actions, start, rematch, updates), standins.py
(bots, stand-ins), turn_timer.py (the turn timer and its countdown),
saving.py (journal and save), peers.py (a connection and a seat as the host
sees them).
"""

from net.host.peers import LocalPeer, Peer, SeatSlot, clean_name
from net.host.saving import PRIVATE_FILE_MODE, HostSave, journal_path, load_hosted
from net.host.server import DROP_POLICIES, Host

__all__ = ["DROP_POLICIES", "PRIVATE_FILE_MODE", "Host", "HostSave", "LocalPeer", "Peer",
           "SeatSlot", "clean_name", "journal_path", "load_hosted"]
