"""Easing functions, tweens and a queue of animations played in order.

Durations are in ticks (60 per second). A speed factor of 0 makes every
tween finish on its first tick (the "instant" animation setting).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1, c3 = 1.70158, 2.70158
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def hop(t: float) -> float:
    """0 -> 1 -> 0: the height of a little jump."""
    return math.sin(math.pi * min(max(t, 0.0), 1.0))


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """Progress 0..1 over `ticks` ticks after `delay` ticks, eased."""

    ticks: int
    delay: int = 0
    easing: Easing = ease_out_cubic
    data: dict[str, Any] = field(default_factory=dict)
    elapsed: int = 0

    def step(self, n: int = 1) -> None:
        self.elapsed += n

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def raw(self) -> float:
        if self.ticks <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.ticks))

    @property
    def value(self) -> float:
        return self.easing(self.raw)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.ticks


def scaled(ticks: float, speed: float) -> int:
    """A duration under the animation-speed setting (0 = instant)."""
    return max(0, round(ticks * speed))


class Animator:
    """Animations grouped in batches: a batch plays together, batches in order.

    Each animation is a Tween whose `data["kind"]` the scene draws. The board
    scene adds one batch per engine event group and asks `active()` what to
    draw on top of the authoritative view.
    """

    def __init__(self) -> None:
        self.batches: list[list[Tween]] = []

    def add_batch(self, tweens: list[Tween]) -> None:
        tweens = [t for t in tweens if t is not None]
        if tweens:
            self.batches.append(tweens)

    def add(self, tween: Tween) -> None:
        if self.batches:
            self.batches[-1].append(tween)
        else:
            self.batches.append([tween])

    def update(self, ticks: int = 1) -> None:
        while self.batches:
            batch = self.batches[0]
            for t in batch:
                t.step(ticks)
            if all(t.done for t in batch):
                self.batches.pop(0)
                ticks = 0  # the next batch starts on the next tick
                if not self.batches:
                    return
                continue
            return

    def active(self) -> list[Tween]:
        return list(self.batches[0]) if self.batches else []

    def pending(self) -> list[Tween]:
        """Every tween not yet finished, the current batch first."""
        return [t for batch in self.batches for t in batch]

    @property
    def busy(self) -> bool:
        return bool(self.batches)

    def finish(self) -> None:
        self.batches.clear()
