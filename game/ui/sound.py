"""Sound effects synthesised at start-up (the project ships no audio files).

Each effect is a few hundred milliseconds of generated samples: a card's
flick, the chug of cars rolling onto a route, a chime for a new turn, a horn
for the final round. No audio device means silence, never an error.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

_cache: dict[str, pygame.mixer.Sound] = {}


def _render(kind: str, rate: int) -> list[float]:
    rng = random.Random(kind)
    out: list[float] = []
    if kind == "card":
        n = int(rate * 0.07)
        out = [rng.uniform(-1, 1) * (1 - i / n) ** 3 * 0.5 for i in range(n)]
    elif kind == "claim":
        for pulse in range(3):
            n = int(rate * 0.09)
            f = 90 + pulse * 10
            out += [math.sin(2 * math.pi * f * i / rate) * (1 - i / n) ** 2 * 0.6
                    + rng.uniform(-1, 1) * 0.15 * (1 - i / n) for i in range(n)]
            out += [0.0] * int(rate * 0.03)
    elif kind == "chime":
        n = int(rate * 0.35)
        out = [(math.sin(2 * math.pi * 880 * i / rate) + 0.5 * math.sin(
            2 * math.pi * 1320 * i / rate)) * math.exp(-6 * i / n) * 0.3 for i in range(n)]
    elif kind == "horn":
        n = int(rate * 0.6)
        out = [(math.sin(2 * math.pi * 311 * i / rate) + math.sin(2 * math.pi * 370 * i / rate))
               * min(1.0, i / (rate * 0.05)) * min(1.0, (n - i) / (rate * 0.1)) * 0.25
               for i in range(n)]
    return out


KINDS = ("card", "claim", "chime", "horn")


def prepare() -> None:
    """Synthesise every effect now (at start-up), not in the frame that first
    plays one: a tenth of a second of Python arithmetic would show as a hitch."""
    for kind in KINDS:
        _sound(kind)


def play(kind: str, volume: float) -> None:
    """Play an effect at `volume` (0..1); silently nothing without a mixer."""
    if volume <= 0:
        return
    sound = _sound(kind)
    if sound is not None:
        sound.set_volume(volume)
        sound.play()


def _sound(kind: str) -> pygame.mixer.Sound | None:
    init = pygame.mixer.get_init()
    if not init:
        return None
    rate, size, channels = init
    sound = _cache.get(kind)
    if sound is None:
        samples = _render(kind, rate)
        if not samples or abs(size) != 16:
            return None
        data = array("h")
        for s in samples:
            value = int(max(-1.0, min(1.0, s)) * 32000)
            data.extend([value] * channels)
        try:
            sound = pygame.mixer.Sound(buffer=data.tobytes())
        except pygame.error:
            return None
        _cache[kind] = sound
    return sound
