"""Sound effects synthesised by the program (the project ships no audio files).

Each effect is a few hundred milliseconds of generated samples: a card's
flick, the chug of cars rolling onto a route, a chime for a new turn, a horn
for the final round. No audio device means silence, never an error.

Synthesising them in Python took a third of the start-up, so each is made
once and kept in the program's cache folder (game/system/paths.py), under
a key of the generator's code and the mixer's format: a later start reads
the samples back; a changed generator, another mixer format, or a missing
or damaged file makes them anew.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import math
import random
import sys
from array import array
from pathlib import Path

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
# the generator's version: a digest of `_render`'s code, so any change to it
# (a new sound, another pitch) keys new cache files
GENERATOR = hashlib.sha1(marshal.dumps(_render.__code__)).hexdigest()[:12]


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
        if abs(size) != 16:
            return None
        data = _samples(kind, rate, channels)
        if not data:
            return None
        try:
            sound = pygame.mixer.Sound(buffer=data)
        except pygame.error:
            return None
        _cache[kind] = sound
    return sound


def _samples(kind: str, rate: int, channels: int) -> bytes:
    """The effect as 16-bit samples for this mixer: from the cache folder,
    else synthesised now and kept there (b"" for an effect of no samples)."""
    path = _cache_path(kind, rate, channels)
    if path is not None:
        with contextlib.suppress(OSError):
            kept = _unpacked(path.read_bytes())
            if kept:
                return kept
    samples = _render(kind, rate)
    data = array("h", [int(max(-1.0, min(1.0, s)) * 32000) for s in samples])
    if channels > 1:
        wide = array("h", bytes(2 * channels * len(data)))
        for channel in range(channels):
            wide[channel::channels] = data
        data = wide
    out = data.tobytes()
    if path is not None and out:
        from game.system.atomic_file import write_atomic

        with contextlib.suppress(OSError):
            write_atomic(path, MAGIC + len(out).to_bytes(4, "little") + out)
    return out


# a kept file: these 4 bytes, the samples' length in bytes (4, little-endian), the samples
MAGIC = b"RPs1"


def _unpacked(kept: bytes) -> bytes:
    """The samples of a kept file, or b"" for a file cut short or not ours."""
    if kept[:4] != MAGIC or len(kept) < 8:
        return b""
    data = kept[8:]
    return data if data and len(data) == int.from_bytes(kept[4:8], "little") else b""


def _cache_path(kind: str, rate: int, channels: int) -> Path | None:
    """Where the effect's samples for this mixer format are kept (None: no
    cache folder can be had; the effect is then made every time)."""
    from game.system.paths import cache_dir

    try:
        folder = cache_dir() / "sounds"
    except OSError:
        return None
    return folder / f"{kind}-{GENERATOR}-{rate}-{channels}-{sys.byteorder}.s16"
