"""What a host's refusal, error, goodbye or notice says, in this window's language.

The host's `reason` is English words for logs and old clients; what crosses the
wire that a screen can trust is the message's `code` (net/protocol.py). A code
known here is shown as this window's own sentence; an unknown code (a newer
host) falls back to the host's reason, so the player is still told something.
A rules' refusal (IllegalAction, or an `illegal` error's `why` from a host)
is a catalog sentence with named values: it is worded here in this window's
language, values included (card colours and event names from the catalog,
places from the place table, lists joined as the language joins them). A
sentence this version cannot word (a newer host's, a broken one) falls back
to the `code`'s sentence.
"""

from __future__ import annotations

import string
from typing import Any

from game.words.i18n import N_, _, language, ngettext
from game.words.places import place

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
    ("error", "hints_off"): N_("Hints are off at this table"),
    ("error", "hint_busy"): N_("Your hint is on its way."),
    ("error", "hint_stale"): N_("The game moved on before your hint came: ask again."),
    ("reject", "version"): N_("This program's version does not match the host's."),
    ("reject", "magic"): N_("That is not a Rail Party host."),
    ("reject", "bad_hello"): N_("The host did not accept this program's greeting."),
    ("reject", "full"): N_("This game has no room left."),
    ("reject", "started"): N_("This game has already started."),
    ("reject", "spectators_full"): N_("There is no room for another spectator from your "
                                      "address."),
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
    limit = message.get("limit")
    if kind == "reject" and code == "address_full" and isinstance(limit, int) \
            and not isinstance(limit, bool) and limit > 0:
        return ngettext("Your address already plays the {count} seat the host allows for one "
                        "address; you can watch as a spectator.",
                        "Your address already plays the {count} seats the host allows for "
                        "one address; you can watch as a spectator.", limit).format(count=limit)
    if kind == "error" and code == "illegal":    # the rules' refusal, with its detail
        why = message.get("why")
        if isinstance(why, dict):
            worded = refusal_words(why.get("text"), why.get("data"))
            if worded is not None:
                return worded
        if language() == "en" and message.get("reason"):
            return message["reason"]
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
    """An IllegalAction for the screen: the rules' sentence and detail in this
    window's language (the `code`'s sentence if it cannot be worded)."""
    if language() == "en":
        return str(exc)
    worded = refusal_words(getattr(exc, "template", None), getattr(exc, "data", None))
    if worded is not None:
        return worded
    code = getattr(exc, "code", "illegal")
    return _(_SENTENCES.get(("illegal", code), _SENTENCES[("illegal", "illegal")]))


def said(exc: BaseException) -> str:
    """Any error for a person in this window's language: a WordedError's
    sentence and values; other errors' own words (the program's own checks
    raise WordedErrors wherever a player can see the message)."""
    worded = refusal_words(getattr(exc, "template", None), getattr(exc, "data", None))
    return worded if worded is not None else str(exc)


def words_of(value: Any) -> str:
    """A value (a phrase, a number, a word) in this window's language."""
    try:
        return _value_words(value)
    except (TypeError, ValueError):
        return str(value)


_SCALARS = (str, int, float)


def refusal_words(template: Any, data: Any) -> str | None:
    """A refusal's catalog sentence filled with its values, in this window's
    language; None unless the catalog knows the sentence and every
    placeholder is a plain name the data fills (a host's `why` is untrusted)."""
    if not isinstance(data, dict):
        return None
    if isinstance(template, (list, tuple)):           # a counted sentence (Nn_)
        count = data.get("count")
        if (len(template) != 2 or not all(isinstance(t, str) and t for t in template)
                or not isinstance(count, int) or isinstance(count, bool)):
            return None
        english = template[0] if count == 1 else template[1]
        sentence = ngettext(template[0], template[1], count)
    elif isinstance(template, str) and template:
        english = template
        sentence = _(template)
    else:
        return None
    if sentence == english and language() != "en":
        return None                          # not in this catalog: a newer host's words
    try:
        fields = list(string.Formatter().parse(sentence))
    except ValueError:
        return None
    for _text, name, spec, conversion in fields:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion or name not in data:
            return None
    try:
        values = {name: _value_words(data[name]) for _t, name, _s, _c in fields if name}
    except (TypeError, ValueError):
        return None
    return sentence.format(**values)


def _value_words(value: Any, depth: int = 0) -> str:
    """One refusal value as words: a number as written, a word the catalog
    or the place table knows in this language, a list joined."""
    if isinstance(value, bool):
        raise TypeError("a refusal value is never a bool")
    if hasattr(value, "template") and hasattr(value, "data") and depth < 3:
        worded = refusal_words(value.template, value.data)   # a phrase (Words, an error)
        if worded is None:
            raise ValueError("a phrase this catalog cannot word")
        return worded
    if isinstance(value, _SCALARS):
        if not isinstance(value, str):
            return str(value)
        translated = place(value)
        return translated if translated != value else _(value)
    if isinstance(value, list) and depth < 2 and len(value) <= 40:
        words = [_value_words(item, depth + 1) for item in value]
        if depth:
            return " + ".join(words)
        return ("、" if language() == "ja" else ", ").join(words)
    raise TypeError("not a refusal value")


_HOST_CAUSES = ("rejected", "seat_taken", "over", "host_closed")
# causes a client words itself (net/client.py), each with its sentence without detail
_OWN_CAUSES = {
    "host_gone": N_("Lost the connection to the host."),
    "wrong_host": N_("That host does not hold the key of the game you chose."),
    "older_host": N_("That host runs an older Rail Party; install the same version on "
                     "every computer."),
}


def closed_words(snap: dict[str, Any], fallback: str = "") -> str:
    """Why a closed connection closed, from a client's snapshot: the host's code
    when the host said why, else this window's words for the cause."""
    said = snap.get("said")
    if said and snap.get("cause") in _HOST_CAUSES:
        return host_said(said, snap.get("reason") or fallback)
    if snap.get("cause") in _OWN_CAUSES:   # this client's own words, with their detail
        if language() == "en" and snap.get("reason"):   # (which address, which cause)
            return snap["reason"]
        why = snap.get("why")
        worded = refusal_words(getattr(why, "template", None), getattr(why, "data", None))
        return worded if worded is not None else _(_OWN_CAUSES[snap["cause"]])
    if snap.get("cause") == "unreadable":
        return _("The host sent something this version cannot read, so the connection "
                 "was closed.")
    return snap.get("reason") or fallback
