"""Where text, buttons and panels land on the screen, recorded on request.

Every line of text the program draws goes through `text()` (theme.blit_text
calls it; the few places that blit a rendered line themselves call it too),
and widgets.panel and Button record their boxes through `box()`. Nothing is
kept unless a test switches recording on (`recording()`): then each mark
carries its rectangle on the screen, its draw order, the scene (layer) that
drew it and its owner (a button owns its label), which is what
game/ui/layout_check.py needs to decide whether two texts overlap, a text
sits on a button it does not belong to, or a text runs out of its panel.
Drawing into an off-screen surface is not recorded (its coordinates are not
the screen's), except into a subsurface of the screen, which is shifted, and
into a cached picture the screen later blits whole (a board's static layer):
`keep(layer)` keeps the text and boxes drawn on it with the picture, always
(it may be drawn before a test records), and `blit_layer` replays them where
the picture lands. A redrawn mark replaces its twin; `forget` drops the marks
of a part of the picture that is painted over.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from typing import Any

import pygame


@dataclass
class Mark:
    """One drawn thing: a line of text, or a box ("panel", "button", "shade")."""

    kind: str                 # "text", "panel", "button", "shade" or "picture"
    rect: pygame.Rect         # on the screen; for text, where its ink is
    order: int                # draw order within the frame
    layer: int                # which scene drew it (higher: drawn over)
    owner: Any = None         # the button a label belongs to, if any
    content: str = ""         # the text, for messages
    size: int = 0             # the font size asked for
    line_height: int = 0      # the rendered line's height in pixels
    part: str = ""            # what it shows ("status", "players", "log"), when named


@dataclass
class Frame:
    """The marks of one drawn frame."""

    marks: list[Mark] = field(default_factory=list)

    @property
    def texts(self) -> list[Mark]:
        return [m for m in self.marks if m.kind == "text"]

    @property
    def boxes(self) -> list[Mark]:
        return [m for m in self.marks if m.kind != "text"]


class Recorder:
    def __init__(self) -> None:
        self.frame = Frame()
        self.target: pygame.Surface | None = None
        self.layer = 0
        self.owners: list[Any] = []
        self.parts: list[str] = []

    def begin(self, target: pygame.Surface) -> None:
        """A new frame is drawn on `target` (the screen)."""
        self.frame = Frame()
        self.target = target
        self.layer = 0

    def _on_screen(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
        """`rect` drawn on `surface`, in screen coordinates and clipped; None
        when the surface is not the screen (nor a part of it)."""
        if self.target is None:
            return None
        clip = surface.get_clip()
        if clip != surface.get_rect():  # a clip set on purpose (a scrolled list, a
            rect = rect.clip(clip)     # picture): the rest is not drawn. Text past
        if surface is self.target:     # the screen's own edge is, and is a problem.
            return rect
        if surface.get_abs_parent() is self.target:
            return rect.move(surface.get_abs_offset())
        return None

    def add(self, surface: pygame.Surface, kind: str, rect: pygame.Rect, **extra: Any) -> None:
        where = self._on_screen(surface, pygame.Rect(rect))
        if where is None or (kind == "text" and not where.width):
            return
        owner = self.owners[-1] if self.owners else None
        part = self.parts[-1] if self.parts else ""
        self.frame.marks.append(Mark(kind, where, len(self.frame.marks), self.layer, owner,
                                     part=part, **extra))


_recorder: Recorder | None = None
# cached pictures blitted whole onto the screen, with what was drawn on them
_kept: weakref.WeakKeyDictionary[pygame.Surface, list[Mark]] = weakref.WeakKeyDictionary()


def _keep_mark(surface: pygame.Surface, kind: str, rect: pygame.Rect, **extra: Any) -> None:
    marks = _kept.get(surface)
    if marks is None:
        return
    mark = Mark(kind, pygame.Rect(rect), 0, 0, **extra)
    marks[:] = [m for m in marks if (m.kind, m.rect, m.content) != (kind, mark.rect,
                                                                        mark.content)]
    marks.append(mark)


def keep(layer: pygame.Surface, source: pygame.Surface | None = None,
         at: tuple[int, int] = (0, 0)) -> None:
    """`layer` is a cached picture blitted whole onto the screen later: keep
    what is drawn on it. With `source`, the marks of a picture copied or
    blitted into it (at `at`) come along."""
    marks = _kept.setdefault(layer, [])
    for m in _kept.get(source, []) if source is not None else []:
        marks.append(Mark(m.kind, m.rect.move(at), 0, 0, content=m.content, size=m.size,
                          line_height=m.line_height))


def forget(layer: pygame.Surface, area: pygame.Rect) -> None:
    """The part `area` of a kept picture is painted over: its marks go."""
    if layer in _kept:
        _kept[layer] = [m for m in _kept[layer] if not area.contains(m.rect)]


def blit_layer(target: pygame.Surface, layer: pygame.Surface,
               at: tuple[int, int] = (0, 0)) -> None:
    """Blit a kept picture, and record what is drawn on it where it lands."""
    target.blit(layer, at)
    if _recorder is not None:
        for m in _kept.get(layer, []):
            _recorder.add(target, m.kind, m.rect.move(at), content=m.content, size=m.size,
                          line_height=m.line_height)


@contextlib.contextmanager
def recording() -> Iterator[Recorder]:
    """Record what is drawn while the block runs (tests only)."""
    global _recorder
    previous, _recorder = _recorder, Recorder()
    try:
        yield _recorder
    finally:
        _recorder = previous


def begin_frame(target: pygame.Surface) -> None:
    if _recorder is not None:
        _recorder.begin(target)


def begin_layer(layer: int) -> None:
    """The scene at `layer` in the stack draws next (overlays draw over)."""
    if _recorder is not None:
        _recorder.layer = layer


def text(surface: pygame.Surface, rect: pygame.Rect, content: str, size: int,
         image: pygame.Surface | None = None) -> None:
    """A line of text was blitted at `rect`; `image` (the rendered line) gives
    where its ink is, so the line's empty margins do not count as overlap."""
    kept = surface in _kept
    if _recorder is None and not kept:
        return
    ink = pygame.Rect(rect)
    if image is not None:
        bounds = image.get_bounding_rect()
        ink = bounds.move(rect.topleft) if bounds.width else pygame.Rect(rect.topleft, (0, 0))
    if kept:
        _keep_mark(surface, "text", ink, content=content, size=size, line_height=rect.height)
    elif _recorder is not None:
        _recorder.add(surface, "text", ink, content=content, size=size,
                      line_height=rect.height)


def box(surface: pygame.Surface, rect: pygame.Rect, kind: str = "panel") -> None:
    """A panel, a button, a shade over everything drawn before it, or a
    picture (a token) that must not cover text."""
    if surface in _kept:
        _keep_mark(surface, kind, rect)
    elif _recorder is not None:
        _recorder.add(surface, kind, rect)


@contextlib.contextmanager
def owned_by(owner: Any) -> Iterator[None]:
    """What is drawn inside belongs to `owner` (a button and its label)."""
    if _recorder is None:
        yield
        return
    _recorder.owners.append(owner)
    try:
        yield
    finally:
        _recorder.owners.pop()


@contextlib.contextmanager
def part(name: str) -> Iterator[None]:
    """What is drawn inside shows `name` (whose turn, the scores, the log):
    tests ask for a part's text by name, e.g. the kiosk's sizes."""
    if _recorder is None:
        yield
        return
    _recorder.parts.append(name)
    try:
        yield
    finally:
        _recorder.parts.pop()


def drawn_as(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A drawing method whose text is all `name` (see `part`)."""
    def decorate(method: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(method)
        def drawing(*args: Any, **kwargs: Any) -> Any:
            with part(name):
                return method(*args, **kwargs)
        return drawing
    return decorate
