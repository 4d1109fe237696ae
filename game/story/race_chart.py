"""The race over a game, for the results chart: each seat's standing after
every move and the moves that changed the lead, computed by replaying the
recorded actions from the seed (so the last point is the engine's own final
standing).

What is charted is the game's: `measure(result, over) -> [value per seat]`
(the table scene's `race_measure` hook: a route game's claimed points, then
its final score; the race's days) and `better(a, b)`; the leader is the
game's own first place where its breakdown gives places, else the best value.
Lead changes are named
with `describe(event)` on the events as the public saw them, never a seat's
secret.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.rules import create, redact_events
from game.rules.base import Action, Event


@dataclass
class LeadChange:
    move: int                  # after this many actions
    seat: int                  # the new leader
    gain: float                # what that move changed the leader's value by
    text: str                  # the move, as the log told it
    mover: int = -1            # the seat whose move it was (another seat may fall back)


@dataclass
class Race:
    series: list[list[float]]  # per seat: its value after 0, 1, ... moves
    changes: list[LeadChange] = field(default_factory=list)
    # per seat: the game's highlights of its journey, in order (the race: each leg)
    notes: list[list[str]] = field(default_factory=list)
    # things other than seats that race too (Railway Tricks: each company's value):
    # name -> its value after 0, 1, ... moves, and name -> its colour
    sides: dict[str, list[float]] = field(default_factory=dict)
    side_colors: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    # the end's count changed the standings beyond the last move's own (the route
    # games' tickets and longest route): a lead change there is named with it
    final_count: bool = False

    @property
    def moves(self) -> int:
        return len(self.series[0]) - 1 if self.series else 0


def leader(values: list[float], better: Callable[[float, float], bool]) -> int | None:
    """The one seat ahead of every other (None on a tie for the lead)."""
    best = [i for i, v in enumerate(values)
            if not any(better(w, v) for w in values)]
    return best[0] if len(best) == 1 else None


def places_of(result: dict[str, Any]) -> list[int] | None:
    """The game's own order where its breakdown gives one (the race: a traveller
    back home ahead of one with fewer days still on the way)."""
    places = [entry.get("place") for entry in result.get("breakdown") or []]
    if places and all(isinstance(p, int) and not isinstance(p, bool) for p in places):
        return places
    return None


def leader_of(result: dict[str, Any], values: list[float],
              better: Callable[[float, float], bool]) -> int | None:
    places = places_of(result)
    if places is not None:
        return leader(places, lambda a, b: a < b)
    return leader(values, better)


def race_of(game_id: str, players: int, seed: int, options: dict[str, Any],
            actions: list[tuple[int, Action]],
            measure: Callable[[dict[str, Any], bool], list[float]],
            better: Callable[[float, float], bool],
            describe: Callable[[Event], str | None] | None = None,
            note: Callable[[Event], tuple[int, str] | None] | None = None,
            sides: Callable[[dict[str, Any]], list[tuple[str, float, Any]] | None]
            | None = None) -> Race:
    """Replay `actions` and chart `measure` after each (see the module docstring)."""
    state = create(game_id, players, seed, **options)
    result = state.result()
    first = measure(result, state.is_over)
    series = [[v] for v in first]
    changes: list[LeadChange] = []
    ahead = leader_of(result, first, better)
    notes: list[list[str]] = [[] for _ in first]
    side_values: dict[str, list[float]] = {}
    side_colors: dict[str, Any] = {}

    def take_sides(result: dict[str, Any]) -> None:
        for name, value, color in (sides(result) or []) if sides is not None else []:
            side_values.setdefault(name, []).append(value)
            side_colors[name] = color
    take_sides(result)
    for n, (seat, action) in enumerate(actions, 1):
        events = state.apply(seat, action)
        if note is not None:
            for event in redact_events(events, None):
                found = note(event)
                if found is not None and 0 <= found[0] < len(notes):
                    notes[found[0]].append(found[1])
        result = state.result()
        take_sides(result)
        values = measure(result, state.is_over)
        for i, v in enumerate(values):
            series[i].append(v)
        now = leader_of(result, values, better)
        if now is not None and now != ahead:
            text = ""
            if describe is not None:
                lines = [describe(e) for e in redact_events(events, None)]
                text = next((line for line in lines if line), "")
            gain = values[now] - series[now][-2]
            changes.append(LeadChange(n, now, gain, text, seat))
        if now is not None:
            ahead = now
    final_count = bool(actions) and state.is_over and measure(result, False) != values
    return Race(series, changes, notes, side_values, side_colors, final_count)


def race_of_views(frames: list[list[Any]], final: dict[str, Any] | None,
                  measure_view: Callable[[dict[str, Any]], list[float] | None],
                  measure: Callable[[dict[str, Any], bool], list[float]],
                  better: Callable[[float, float], bool],
                  describe: Callable[[Event], str | None] | None = None,
                  note: Callable[[Event], tuple[int, str] | None] | None = None,
                  sides_view: Callable[[dict[str, Any]], list[tuple[str, float, Any]] | None]
                  | None = None) -> Race:
    """The race as a LAN guest saw it: it has no seed to replay, only what the
    host sent it (game/story/view_record.py: per update the events and the view).
    `measure_view(view)` reads each seat's standing off a view (None: the view
    shows none, the values hold); the last point is `measure(final, True)`, the
    result the guest was shown, so the chart ends on the scores. `sides_view`
    reads the other racers (companies) off a view, as `sides` does a result."""
    series: list[list[float]] = []
    side_values: dict[str, list[float]] = {}
    side_colors: dict[str, Any] = {}

    def take_sides(view: dict[str, Any]) -> None:
        for name, value, color in (sides_view(view) or []) if sides_view else []:
            side_values.setdefault(name, []).append(value)
            side_colors[name] = color
    changes: list[LeadChange] = []
    notes: list[list[str]] = []
    ahead: int | None = None
    last = len(frames) - 1
    final_count = False
    for n, frame in enumerate(frames):
        events, view = frame[0], frame[1]
        result = view.get("result") if isinstance(view.get("result"), dict) else None
        if n == last and final:
            result = final
        values = measure(result, True) if result else measure_view(view)
        if n == last and final:
            own = measure_view(view)
            final_count = own is not None and own != values
        if values is None:
            values = [s[-1] for s in series] if series else None
        if values is None:
            continue                 # nothing to chart yet (no standing shown)
        if not series:
            series = [[v] for v in values]
            notes = [[] for _ in values]
            ahead = leader(values, better)
            take_sides(view)
            continue
        if len(values) != len(series):
            continue                 # a view that does not fit the table: skip it
        take_sides(view)
        public = redact_events(events, None)
        if note is not None:
            for event in public:
                found = note(event)
                if found is not None and 0 <= found[0] < len(notes):
                    notes[found[0]].append(found[1])
        for i, v in enumerate(values):
            series[i].append(v)
        now = leader_of(result or {}, values, better)
        if now is not None and now != ahead:
            lines = [describe(e) for e in public] if describe is not None else []
            text = next((line for line in lines if line), "")
            mover = next((e["seat"] for e in public if isinstance(e.get("seat"), int)), -1)
            changes.append(LeadChange(len(series[0]) - 1, now, values[now] - series[now][-2],
                                      text, mover))
        if now is not None:
            ahead = now
    return Race(series, changes, notes, side_values, side_colors, final_count)
