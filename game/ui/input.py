"""Keyboard, mouse and game controllers mapped to the same intents.

Scenes handle `Intent`s, not raw events, so every action works from any
device: arrows/Tab/d-pad/stick move the focus, Enter/Space/A act, Esc/B go
back. Mouse intents carry the position in logical (1920x1080) coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

STICK_DEADZONE = 0.55


@dataclass(frozen=True)
class Intent:
    kind: str  # up down left right next prev select back menu click move wheel key
    pos: tuple[int, int] | None = None
    button: int = 0
    key: int = 0
    mod: int = 0
    text: str = ""


KEY_INTENTS = {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_RETURN: "select", pygame.K_KP_ENTER: "select", pygame.K_SPACE: "select",
    pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back",
}
# SDL game controller buttons (pygame.CONTROLLER_BUTTON_*), as plain ints so
# that joystick events from unmapped pads work too.
# The shoulders move like Shift+Tab and Tab (a replay jumps a round with them);
# X and Y are the pad's own (a replay hides its bar and changes the view).
PAD_BUTTONS = {0: "select", 1: "back", 2: "pad_x", 3: "pad_y", 6: "menu", 7: "menu",
               9: "prev", 10: "next", 11: "up", 12: "down", 13: "left", 14: "right"}
HAT_INTENTS = {(0, 1): "up", (0, -1): "down", (-1, 0): "left", (1, 0): "right"}


class InputMapper:
    """Turns pygame events into intents; keeps controller state (stick edges)."""

    def __init__(self) -> None:
        self.stick_held: dict[tuple[int, int], str | None] = {}
        self.pads: dict[int, object] = {}

    def connect_pads(self) -> None:
        """Open every controller plugged in now (and on hot-plug events)."""
        try:
            if not pygame.joystick.get_init():
                pygame.joystick.init()
            for i in range(pygame.joystick.get_count()):
                pad = pygame.joystick.Joystick(i)
                self.pads[pad.get_instance_id()] = pad
        except pygame.error:
            pass

    def map(self, event: pygame.event.Event) -> list[Intent]:
        et = event.type
        if et == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                back = event.mod & pygame.KMOD_SHIFT
                return [Intent("prev" if back else "next", key=event.key, mod=event.mod)]
            kind = KEY_INTENTS.get(event.key)
            if kind:
                return [Intent(kind, key=event.key, mod=event.mod)]
            return [Intent("key", key=event.key, mod=event.mod,
                           text=getattr(event, "unicode", "") or "")]
        if et == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return [Intent("click", pos=tuple(event.pos), button=event.button)]
        if et == pygame.MOUSEMOTION:
            return [Intent("move", pos=tuple(event.pos))]
        if et == pygame.MOUSEWHEEL:
            return [Intent("wheel", button=event.y)]
        if et == pygame.JOYBUTTONDOWN:
            kind = PAD_BUTTONS.get(event.button)
            return [Intent(kind)] if kind else []
        if et == pygame.JOYHATMOTION:
            kind = HAT_INTENTS.get(tuple(event.value))
            return [Intent(kind)] if kind else []
        if et == pygame.JOYAXISMOTION and event.axis in (0, 1):
            key = (event.instance_id, event.axis)
            kind = None
            if event.value < -STICK_DEADZONE:
                kind = "left" if event.axis == 0 else "up"
            elif event.value > STICK_DEADZONE:
                kind = "right" if event.axis == 0 else "down"
            was = self.stick_held.get(key)
            self.stick_held[key] = kind
            return [Intent(kind)] if kind and kind != was else []
        if et in (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED):
            if et == pygame.JOYDEVICEREMOVED:
                self.pads.pop(getattr(event, "instance_id", -1), None)
            else:
                self.connect_pads()
            return []
        return []
