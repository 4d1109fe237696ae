"""Layout problems in one recorded frame (see game/ui/layout_record.py).

A frame is a list of marks in draw order. Four problems are found:

- two texts overlap or touch, and no box drawn after the first covers where
  they meet;
- a text sits on (or within 3 px of) a button it does not belong to (drawn
  over it, or hidden under it), and no box drawn between them covers where
  they meet;
- a text runs out of a panel drawn under it by the same screen: part of the
  text is on the panel and part off it, and the panel shows there;
- a text runs off the screen;
- a picture (a token on a board: a pawn, the detective) is drawn over a text
  of the same screen.

A box drawn after a mark covers it where the two meet: that is how an
overlay (a dialog, a shade over the whole screen) hides the board beneath
without the board's text counting against the dialog's. A box drawn by the
same screen over its own text hides that text, which is a problem too,
except for a box drawn on purpose over everything (a shade).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.ui.layout_record import Mark

SCREEN = pygame.Rect(0, 0, 1920, 1080)
# Text keeps this much room (at 1080p) from buttons not its own: letters that
# touch a frame read as part of it. Two texts may sit as close as the lines of
# a paragraph, but not touch.
CLEARANCE = 3
TEXT_GAP = 1


def _covered(area: pygame.Rect, boxes: Iterable[Mark], after: int, before: int,
             skip: tuple[Mark, ...] = ()) -> bool:
    """Whether a box drawn between orders `after` and `before` covers `area`."""
    return any(after < b.order < before and b not in skip and b.kind != "picture"
               and b.rect.contains(area) for b in boxes)


def _name(mark: Mark) -> str:
    return f"{mark.content!r}" if mark.kind == "text" else f"a {mark.kind}"


def problems(marks: list[Mark], screen: pygame.Rect = SCREEN,
             clearance: int = CLEARANCE) -> list[str]:
    """Every layout problem in a frame, as sentences (empty when clean)."""
    texts = [m for m in marks if m.kind == "text" and m.rect.width and m.rect.height]
    boxes = [m for m in marks if m.kind != "text"]
    found: list[str] = []
    for t in texts:
        if not screen.contains(t.rect):
            found.append(f"{_name(t)} runs off the screen at {tuple(t.rect)}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            meet = a.rect.inflate(2 * TEXT_GAP, 2 * TEXT_GAP).clip(b.rect)
            # a box drawn over the first hides it there (a dialog over the board)
            if meet.width and meet.height and not _covered(meet, boxes, a.order, len(marks)):
                found.append(f"{_name(a)} and {_name(b)} overlap at {tuple(meet)}")
    for t in texts:
        for box in boxes:
            meet = t.rect.clip(box.rect)
            if box.kind == "button" and box.owner is not t.owner:
                meet = t.rect.inflate(2 * clearance, 2 * clearance).clip(box.rect)
            if not (meet.width and meet.height):
                continue
            first, last = sorted((t, box), key=lambda m: m.order)
            if box.kind == "picture":
                if box.order > t.order and box.layer == t.layer and not _covered(
                        meet, boxes, t.order, box.order):
                    found.append(f"{_name(t)} is covered by a picture at {tuple(meet)}")
                continue
            if box.kind == "button" and box.owner is not t.owner:
                if box.order > t.order and box.layer != t.layer:
                    continue  # an overlay's button over the screen beneath
                if not _covered(meet, boxes, first.order, last.order, (box,)):
                    found.append(f"{_name(t)} overlaps a button it does not belong to "
                                 f"at {tuple(meet)}")
            elif box.kind == "button" and not box.rect.contains(t.rect):
                found.append(f"{_name(t)} runs out of its button {tuple(box.rect)}")
            elif box.kind == "panel" and box.layer == t.layer:
                if box.order > t.order:
                    if (box.owner is None or box.owner is not t.owner) and not _covered(
                            meet, boxes, t.order, box.order):
                        found.append(f"{_name(t)} is hidden under a panel at {tuple(meet)}")
                elif not box.rect.contains(t.rect) and not _covered(
                        meet, boxes, box.order, t.order):
                    found.append(f"{_name(t)} runs out of its panel {tuple(box.rect)}")
    return found
