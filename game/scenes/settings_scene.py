"""Settings: language, animation speed, fullscreen, volume, colour-blind aids,
bot pace. Each change is saved at once to the user's config folder; a new
language shows from the next frame (every label is translated as it is drawn)."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.system.settings import ANIMATION_SPEEDS, SPEED_NAMES, THINK_TIMES, Settings
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import focus_ring, panel
from game.words import i18n
from game.words.i18n import N_, _

ROWS = ["animation", "fullscreen", "volume", "colorblind", "bot_pace", "bot_think_ms",
        "confirm_moves", "keep_history", "language", "back"]
LABELS = {"language": N_("Language"), "animation": N_("Animation speed"),
          "fullscreen": N_("Fullscreen"), "volume": N_("Volume"),
          "colorblind": N_("Colour-blind aids"), "bot_pace": N_("Bot thinking time"),
          "bot_think_ms": N_("Hard bot think time"),
          "confirm_moves": N_("Claiming a route"), "keep_history": N_("Game history"),
          "back": N_("Back")}
PACES = (0.0, 0.3, 0.6, 1.0, 1.5)


class SettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.focus = 0

    def _rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(theme.SCREEN_W // 2 - 650, 200 + i * 78, 1300, 70)

    def _value(self, key: str) -> str:
        s = self.app.settings
        if key == "language":
            return i18n.LANGUAGES[i18n.language()]
        if key == "animation":
            return _(SPEED_NAMES.get(s.animation, "Normal"))
        if key == "fullscreen":
            return _("On") if self.app.fullscreen else _("Off")
        if key == "volume":
            return _("{percent}%").format(percent=round(s.volume * 100))
        if key == "colorblind":
            return _("Letters on cards and routes") if s.colorblind else _("Off")
        if key == "bot_pace":
            return _("{seconds} s").format(seconds=i18n.number(s.bot_pace, 1))
        if key == "bot_think_ms":
            return _("{seconds} s").format(seconds=f"{s.bot_think_ms / 1000:g}")
        if key == "confirm_moves":
            return _("Confirm first") if s.confirm_moves else _("One click, with undo")
        if key == "keep_history":
            return _("Keep every game (replays)") if s.keep_history else _("Off")
        return ""

    def _change(self, key: str, step: int) -> None:
        s = self.app.settings
        if key == "language":
            codes = list(i18n.LANGUAGES)
            lang = codes[(codes.index(i18n.language()) + step) % len(codes)]
            i18n.pin(None)  # the player's choice wins over --lang from now on
            i18n.set_language(lang)
            s.language = lang
        elif key == "animation":
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
        elif key == "keep_history":
            s.keep_history = not s.keep_history
        elif key == "bot_pace":
            i = min(range(len(PACES)), key=lambda k: abs(PACES[k] - s.bot_pace))
            s.bot_pace = PACES[(i + step) % len(PACES)]
        elif key == "bot_think_ms":
            i = THINK_TIMES.index(s.bot_think_ms if s.bot_think_ms in THINK_TIMES
                                  else Settings.bot_think_ms)
            s.bot_think_ms = THINK_TIMES[(i + step) % len(THINK_TIMES)]
        elif key == "back":
            self.app.pop(self)
            return
        try:
            s.save()
        except OSError as exc:
            from game.words.host_words import words_of
            from game.words.os_words import os_reason

            self.app.toast(_("Settings not saved: {reason}").format(
                reason=words_of(os_reason(exc))))

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
        theme.blit_text(surface, _("Settings"), (theme.SCREEN_W // 2, 140), 100, theme.ACCENT,
                        True, "center")
        for i, key in enumerate(ROWS):
            rect = self._rect(i)
            panel(surface, rect)
            theme.blit_text(surface, _(LABELS[key]), (rect.x + 30, rect.centery), 44, theme.TEXT,
                            True, "midleft")
            value = self._value(key)
            if value:
                theme.blit_text(surface, f"<  {value}  >", (rect.right - 30, rect.centery), 44,
                                theme.ACCENT, anchor="midright")
            if i == self.focus:
                focus_ring(surface, rect)
        theme.blit_text(surface, _("Left/right change a setting; changes are saved at once"),
                        (theme.SCREEN_W // 2, theme.SCREEN_H - 40), 30, theme.TEXT_DIM,
                        anchor="center")
