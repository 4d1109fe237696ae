"""A couch game with phones seen through the table's session interface.

The game runs on the LAN host in this process (net/host/couch.py). The TV
follows it as a spectator (public views and publicly redacted events), and
each hot-seat seat has its own in-process client, whose view and moves the
table shows after that seat's hand-off. Phone seats are played on phones:
they are not among `humans`, so the table never hands the screen to them and
never shows their secrets; their turns are the host's business.

The host sends each update to the seats before the spectators, so when the
TV's update of a version has arrived, every hot-seat client holds its own
update of that version: the table shows a seat's hand of exactly the version
whose events it has animated, and those events carry the hot-seat seats' own
secrets (from their clients' copies) for it to animate.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from game.rules.base import Action, Event, View
from game.tables.remote_session import RemoteSession
from game.words.host_words import host_said
from game.words.i18n import _

Frame = tuple[View, list[Action], tuple[int, ...]]   # a seat's view, legal actions, to_act
KEPT_FRAMES = 32   # versions of a seat's view kept while the TV's events catch up


class SeatFeed:
    """One hot-seat seat's in-process client: its views by version."""

    def __init__(self, client: Any):
        self.client = client
        self.frames: OrderedDict[int, Frame] = OrderedDict()
        self.events: OrderedDict[int, list[Event]] = OrderedDict()   # as redacted for this seat
        self.errors: list[str] = []

    def pump(self) -> None:
        for message in self.client.poll():
            kind = message.get("type")
            if kind in ("update", "sync") and message.get("view") is not None:
                if kind == "sync":      # a new game (a rematch) counts versions anew
                    self.frames.clear()
                    self.events.clear()
                self.frames[message.get("version", 0)] = (
                    message["view"], list(message.get("legal") or []),
                    tuple(message.get("to_act") or ()))
                if kind == "update":
                    self.events[message.get("version", 0)] = list(message.get("events") or [])
                for kept in (self.frames, self.events):
                    while len(kept) > KEPT_FRAMES:
                        kept.popitem(last=False)
            elif kind == "error":
                self.errors.append(host_said(message, _("The host refused.")))

    def at(self, version: int | None) -> tuple[int, Frame] | None:
        """The seat's frame of `version` (else its newest): (version, frame)."""
        self.pump()
        if version in self.frames:
            return version, self.frames[version]
        if self.frames:
            newest = next(reversed(self.frames))
            return newest, self.frames[newest]
        return None


class CouchSession(RemoteSession):
    """The TV's session of a couch game with phones (see the module docstring)."""

    def __init__(self, game: Any):
        super().__init__(game.tv, game.host)
        self.game = game
        self.feeds = {seat: SeatFeed(client) for seat, client in sorted(game.seats.items())}
        self.phone_seats = game.phones
        seats = self._snap()["seats"]
        # a resumed game's phone seats held by phones that are not back yet
        self._away_at_resume = {s for s in self.phone_seats if s < len(seats)
                                and seats[s].get("kind") == "human"
                                and not seats[s].get("connected")}
        self._chosen_on: dict[int, int] = {}   # seat -> the version its shown view is of

    @property
    def humans(self) -> list[int]:
        """The hot-seat seats: the ones played on this screen."""
        return list(self.feeds)

    def waiting_phones(self) -> list[int]:
        """Phone seats the TV shows how to join for: those no phone has taken
        yet, and in a resumed game those whose phone has not come back since
        (a phone that sleeps later is a dropped player, not awaited here: its
        page comes back by itself)."""
        seats = self._snap()["seats"]
        for s in list(self._away_at_resume):
            if s < len(seats) and seats[s].get("connected"):
                self._away_at_resume.discard(s)
        return [s for s in sorted(self.phone_seats) if s < len(seats) and (
            seats[s].get("kind") == "open" or s in self._away_at_resume)]

    def bots_on_waiting_phones(self) -> bool:
        """Bots play every phone seat still waiting (the Esc menu asked them to)."""
        seats = self._snap()["seats"]
        return all(seats[s].get("bot") for s in self.waiting_phones())

    def _shown_version(self) -> int | None:
        if self._polled is not None:
            return self._polled.get("version")
        return self._snap().get("version")

    def observe(self, seat: int | None) -> tuple[View, tuple[int, ...], list[Action]]:
        feed = self.feeds.get(seat) if seat is not None else None
        if feed is None:
            return super().observe(None)
        found = feed.at(self._shown_version())
        if found is None:
            return super().observe(None)
        version, (view, legal, to_act) = found
        self._chosen_on[seat] = version
        return view, to_act, legal if seat in to_act else []

    def view(self, seat: int | None) -> View:
        return self.observe(seat)[0]

    def submit(self, seat: int, action: Action) -> list[Event]:
        feed = self.feeds.get(seat)
        if feed is None:
            self._notices.append((_("That seat is not played on this screen"), "error"))
            return []
        feed.client.send_action(action, self._chosen_on.get(seat))
        return []

    @property
    def awaiting(self) -> bool:
        return self.status == "connected" and any(f.client.awaiting for f in self.feeds.values())

    def poll(self) -> list[list[Event]]:
        """The TV's event batches, each with the hot-seat seats' own secrets put
        back (a card one of them drew): the table redacts them for whoever it
        shows, as it does a hot-seat Match's events. A phone seat's secrets are
        in no batch here: only its phone gets them."""
        self.pump()
        batches, self._events = self._events, []
        versions, self._event_versions = self._event_versions, []
        for feed in self.feeds.values():
            feed.pump()
            self._notices.extend((text, "error") for text in feed.errors)
            feed.errors.clear()
        return [self._with_secrets(batch, version)
                for batch, version in zip(batches, versions, strict=True)]

    def _with_secrets(self, batch: list[Event], version: int | None) -> list[Event]:
        out = list(batch)
        for seat, feed in self.feeds.items():
            own = feed.events.get(version) if version is not None else None
            if own is None or len(own) != len(out):
                continue
            for i, event in enumerate(own):
                if "private" in event and event.get("private_to") == seat:
                    out[i] = event
        return out

    def _on_status(self, message: dict[str, Any]) -> None:
        """The host is in this process: only its end is news on the TV."""
        said = len(self._notices)
        super()._on_status(message)
        if self.status != "closed":
            del self._notices[said:]

    def stop(self) -> None:
        """Stop the host and its clients (leaving the game)."""
        self.game.stop()
