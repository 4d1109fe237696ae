"""What a host's refusal, error, goodbye or notice says, in this window's language.

The host's `reason` is English words for logs and old clients; what crosses the
wire that a screen can trust is the message's `code` (net/protocol.py). A code
known here is shown as this window's own sentence; an unknown code (a newer
host) falls back to the host's reason, so the player is still told something.
The rules' IllegalAction is treated the same way: its `code` picks the sentence,
its English words are shown only in English.
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _, language

# one sentence per (message type, code); "*" matches any type
_SENTENCES: dict[tuple[str, str], str] = {
    ("error", "bad_frame"): N_("The host could not read a message from this program."),
    ("error", "bad_message"): N_("The host could not read that message."),
    ("error", "unknown_type"): N_("The host could not read that message."),
    ("error", "too_big"): N_("That message was too big for the host."),
    ("error", "flood"): N_("Too much traffic: the host is closing this connection."),
    ("error", "not_playing"): N_("That cannot be done at this point of the game."),
    ("error", "spectator"): N_("Spectators watch the game; they cannot play."),
    ("error", "not_your_seat"): N_("That is not your seat."),
    ("error", "not_your_turn"): N_("It is not your turn."),
    ("error", "stale"): N_("The choices changed before your move arrived; choose again."),
    ("error", "illegal"): N_("That move is not allowed now."),
    ("error", "lobby"): N_("That colour cannot be chosen."),
    ("error", "internal"): N_("The host could not handle that message."),
    ("error", "offline"): N_("Not connected to the host."),
    ("reject", "version"): N_("This program's version does not match the host's."),
    ("reject", "magic"): N_("That is not a Rail Party host."),
    ("reject", "bad_hello"): N_("The host did not accept this program's greeting."),
    ("reject", "full"): N_("This game has no room left."),
    ("reject", "started"): N_("This game has already started."),
    ("reject", "busy"): N_("The host is busy; try again in a moment."),
    ("reject", "timeout"): N_("The host heard no greeting in time."),
    ("reject", "in_use"): N_("Another connection holds your seat now."),
    ("bye", "stopped"): N_("The host stopped the game."),
    ("bye", "over"): N_("The game is over."),
    ("bye", "taken"): N_("Your seat was taken over by a new connection."),
    ("bye", "kicked"): N_("The host freed your seat."),
    ("illegal", "over"): N_("The game is over."),
    ("illegal", "not_your_turn"): N_("It is not your turn."),
    ("illegal", "bot_seat"): N_("That seat is played by a bot."),
    ("illegal", "undo_own"): N_("Only your own last move can be taken back."),
    ("illegal", "illegal"): N_("That move is not allowed now."),
}


def known(kind: str, code: str | None) -> bool:
    return (kind, code or "") in _SENTENCES


def host_said(message: dict[str, Any], fallback: str = "") -> str:
    """The sentence to show for a reject/error/bye/notice `message`."""
    kind, code = message.get("type") or "", message.get("code")
    if kind == "notice" and code == "turn_timeout":
        return _turn_timeout(message)
    sentence = _SENTENCES.get((kind, code or ""))
    if sentence is not None:
        return _(sentence)
    return message.get("reason") or fallback


def _turn_timeout(message: dict[str, Any]) -> str:
    if message.get("mine"):
        return _("The stand-in played your turn: act to take your seat back.")
    name = message.get("name")
    if name:
        return _("{name} took too long: the stand-in played that turn.").format(name=name)
    return _("A player took too long: the stand-in played that turn.")


def illegal_said(exc: BaseException) -> str:
    """An IllegalAction for the screen: the engine's English words in English,
    the sentence its `code` names otherwise (every code has one: 'illegal')."""
    if language() == "en":
        return str(exc)
    code = getattr(exc, "code", "illegal")
    return _(_SENTENCES.get(("illegal", code), _SENTENCES[("illegal", "illegal")]))


_HOST_CAUSES = ("rejected", "seat_taken", "over", "host_closed")


def closed_words(snap: dict[str, Any], fallback: str = "") -> str:
    """Why a closed connection closed, from a client's snapshot: the host's code
    when the host said why, else this window's words for the cause."""
    said = snap.get("said")
    if said and snap.get("cause") in _HOST_CAUSES:
        return host_said(said, snap.get("reason") or fallback)
    if snap.get("cause") == "host_gone":     # this client's own words: English keeps
        if language() == "en" and snap.get("reason"):   # their detail (which address...)
            return snap["reason"]
        return _("Lost the connection to the host.")
    if snap.get("cause") == "unreadable":
        return _("The host sent something this version cannot read, so the connection "
                 "was closed.")
    return snap.get("reason") or fallback
