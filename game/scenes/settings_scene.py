"""Settings: animation speed, fullscreen, volume, colour-blind aids, bot pace.
Each change is saved at once to the user's config folder."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.settings import ANIMATION_SPEEDS, SPEED_NAMES, THINK_TIMES
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel

ROWS = ["animation", "fullscreen", "volume", "colorblind", "bot_pace", "bot_think_ms",
        "confirm_moves", "back"]
LABELS = {"animation": "Animation speed", "fullscreen": "Fullscreen", "volume": "Volume",
          "colorblind": "Colour-blind aids", "bot_pace": "Bot thinking time",
          "bot_think_ms": "Hard bot think time",
          "confirm_moves": "Claiming a route", "back": "Back"}
PACES = (0.0, 0.3, 0.6, 1.0, 1.5)


class SettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.focus = 0

    def _rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(theme.SCREEN_W // 2 - 650, 220 + i * 92, 1300, 80)

    def _value(self, key: str) -> str:
        s = self.app.settings
        if key == "animation":
            return SPEED_NAMES.get(s.animation, str(s.animation))
        if key == "fullscreen":
            return "On" if self.app.fullscreen else "Off"
        if key == "volume":
            return f"{round(s.volume * 100)}%"
        if key == "colorblind":
            return "Letters on cards and routes" if s.colorblind else "Off"
        if key == "bot_pace":
            return f"{s.bot_pace:.1f} s"
        if key == "bot_think_ms":
            return f"{s.bot_think_ms / 1000:g} s"
        if key == "confirm_moves":
            return "Confirm first" if s.confirm_moves else "One click, with undo"
        return ""

    def _change(self, key: str, step: int) -> None:
        s = self.app.settings
        if key == "animation":
            i = ANIMATION_SPEEDS.index(s.animation) if s.animation in ANIMATION_SPEEDS else 2
            s.animation = ANIMATION_SPEEDS[(i + step) % len(ANIMATION_SPEEDS)]
        elif key == "fullscreen":
            self.app.toggle_fullscreen()
            s.fullscreen = self.app.fullscreen
        elif key == "volume":
            s.volume = round(min(1.0, max(0.0, s.volume + 0.1 * step)), 2)
            if pygame.mixer.get_init():
                for channel in range(pygame.mixer.get_num_channels()):
                    pygame.mixer.Channel(channel).set_volume(s.volume)
        elif key == "colorblind":
            s.colorblind = not s.colorblind
        elif key == "confirm_moves":
            s.confirm_moves = not s.confirm_moves
        elif key == "bot_pace":
            i = min(range(len(PACES)), key=lambda k: abs(PACES[k] - s.bot_pace))
            s.bot_pace = PACES[(i + step) % len(PACES)]
        elif key == "bot_think_ms":
            i = THINK_TIMES.index(s.bot_think_ms) if s.bot_think_ms in THINK_TIMES else 2
            s.bot_think_ms = THINK_TIMES[(i + step) % len(THINK_TIMES)]
        elif key == "back":
            self.app.pop(self)
            return
        try:
            s.save()
        except OSError as exc:
            self.app.toast(f"Settings not saved: {exc.strerror}")

    def handle(self, intent: Intent) -> bool:
        key = ROWS[self.focus]
        if intent.kind == "back":
            self.app.pop(self)
        elif intent.kind in ("down", "next"):
            self.focus = (self.focus + 1) % len(ROWS)
        elif intent.kind in ("up", "prev"):
            self.focus = (self.focus - 1) % len(ROWS)
        elif intent.kind == "right":
            self._change(key, 1)
        elif intent.kind == "left":
            self._change(key, -1)
        elif intent.kind == "select":
            self._change(key, 1)
        elif intent.kind == "click" and intent.pos:
            for i, row in enumerate(ROWS):
                rect = self._rect(i)
                if rect.collidepoint(intent.pos):
                    self.focus = i
                    self._change(row, -1 if intent.pos[0] < rect.centerx - 200 else 1)
        elif intent.kind == "move" and intent.pos:
            for i in range(len(ROWS)):
                if self._rect(i).collidepoint(intent.pos):
                    self.focus = i
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, "Settings", (theme.SCREEN_W // 2, 140), 100, theme.ACCENT,
                        True, "center")
        for i, key in enumerate(ROWS):
            rect = self._rect(i)
            panel(surface, rect)
            theme.blit_text(surface, LABELS[key], (rect.x + 30, rect.centery), 44, theme.TEXT,
                            True, "midleft")
            value = self._value(key)
            if value:
                theme.blit_text(surface, f"<  {value}  >", (rect.right - 30, rect.centery), 44,
                                theme.ACCENT, anchor="midright")
            if i == self.focus:
                focus_ring(surface, rect)
        theme.blit_text(surface, "Left/right change a setting; changes are saved at once",
                        (theme.SCREEN_W // 2, theme.SCREEN_H - 40), 30, theme.TEXT_DIM,
                        anchor="center")
