"""The sound effects are synthesised once and kept in the program's cache
folder: a later start reads them back instead of computing them again, and a
change to the generator makes new ones."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import sound  # noqa: E402


@pytest.fixture
def mixer():
    pygame.mixer.quit()
    try:
        pygame.mixer.init(frequency=44100, size=-16, channels=2)
    except pygame.error:
        pytest.skip("no mixer, even a dummy one")
    sound._cache.clear()
    yield
    sound._cache.clear()


def test_sounds_are_made_once_and_read_back_from_the_cache(mixer, monkeypatch):
    from game.system.paths import cache_dir

    sound.prepare()
    made = {kind: sound._cache[kind].get_raw() for kind in sound.KINDS}
    kept = list((cache_dir() / "sounds").iterdir())
    assert len(kept) == len(sound.KINDS)
    sound._cache.clear()

    def never(kind: str, rate: int) -> list[float]:
        raise AssertionError("a cached sound was synthesised again")
    monkeypatch.setattr(sound, "_render", never)
    sound.prepare()
    assert {kind: sound._cache[kind].get_raw() for kind in sound.KINDS} == made


def test_another_generator_or_a_damaged_file_makes_the_sound_anew(mixer, monkeypatch):
    from game.system.paths import cache_dir

    sound.prepare()
    first = sound._cache["chime"].get_raw()
    for path in (cache_dir() / "sounds").iterdir():
        path.write_bytes(b"\x00")                       # damaged: too short to be it
    sound._cache.clear()
    sound.prepare()
    assert sound._cache["chime"].get_raw() == first
    sound._cache.clear()
    monkeypatch.setattr(sound, "GENERATOR", "another")  # a new generator: a new key
    calls = []
    real = sound._render
    monkeypatch.setattr(sound, "_render", lambda kind, rate: calls.append(kind) or real(kind,
                                                                                         rate))
    sound.prepare()
    assert sorted(calls) == sorted(sound.KINDS)
