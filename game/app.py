"""The pygame-ce program: one window, a fixed 60 Hz tick, a scene stack.

Logic runs on a fixed tick with an accumulator on `time.perf_counter()`;
catch-up after a stall is capped (the ticks beyond the cap are dropped and
counted), and drawing happens once per frame. The window is a logical
1920x1080 surface scaled to whatever size the window has (pygame's SCALED),
opened at a size that fits the screen (game/ui/window.py), resizable, F11
toggling fullscreen. Tests drive it without a clock:
`app.step(ticks)` runs ticks and draws a frame.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.system.quiet_init import quiet_stderr
from game.system.settings import Settings
from game.ui import layout_record, theme, window
from game.ui.input import InputMapper, Intent
from game.words import i18n

if TYPE_CHECKING:  # scenes receive the app; the app never imports a scene
    from game.scenes.base import Scene

TICK_RATE = 60
TICK = 1.0 / TICK_RATE
MAX_CATCH_UP = 5  # ticks run at most per frame; more are dropped


class App:
    def __init__(self, settings: Settings | None = None, fullscreen: bool | None = None,
                 kiosk: bool = False, headless: bool | None = None):
        if headless is None:
            headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        self.headless = headless
        self.settings = settings or Settings.load()
        self.kiosk = kiosk
        i18n.set_language(i18n.pinned() or self.settings.language or i18n.system_language())
        self.running = True
        self._signal_before = self._stop_on_sigterm()   # before SDL takes it for a close
        with quiet_stderr():  # no ALSA or Wayland chatter on the player's terminal
            pygame.init()
            with contextlib.suppress(pygame.error):  # no audio device: play silently
                pygame.mixer.init()
        from game.ui import sound
        sound.prepare()
        pygame.display.set_caption("Rail Party")
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.screen = self._open_window()
        self.input = InputMapper()
        self.input.connect_pads()
        self.stack: list[Scene] = []
        self.realtime = False  # True inside run(); tests step ticks by hand
        self.hints = True      # new tables offer hints (`railparty play --no-hints`: not)
        self.ticks = 0
        self.dropped_ticks = 0
        self.frame_times: list[float] = []  # wall time of each frame's ticks + draw
        self.frame_cpu: list[float] = []    # the same work in this thread's CPU time
        self.frame_tags: list[str] = []
        self.frame_tag = ""  # a scene may tag the frame it draws (e.g. "claim")
        self.on_tick: list[Callable[[], None]] = []
        self.toasts: list[tuple[str, int, tuple[int, int, int]]] = []

    # --- window -------------------------------------------------------------

    @property
    def surface(self) -> pygame.Surface:
        """The logical 1920x1080 surface scenes draw on (SCALED makes the
        display surface itself logical-sized, so there is no extra copy)."""
        return self.screen

    def _open_window(self) -> pygame.Surface:
        # With no display (dummy driver) there is nothing to scale to, and
        # SCALED would only add a software scaling pass to every frame.
        flags = 0 if self.headless else pygame.SCALED | pygame.RESIZABLE
        if self.fullscreen:
            flags |= pygame.FULLSCREEN
        desktop = None if self.headless else window.desktop_size()
        if not self.headless:
            window.prepare_scaling(desktop)
        try:
            screen = pygame.display.set_mode((theme.SCREEN_W, theme.SCREEN_H), flags)
        except pygame.error:
            screen = pygame.display.set_mode((theme.SCREEN_W, theme.SCREEN_H))
        if not self.headless and not self.fullscreen:
            window.fit_window(desktop)
        if self.kiosk:
            pygame.mouse.set_visible(False)
        return screen

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        try:
            pygame.display.toggle_fullscreen()
            self.screen = pygame.display.get_surface()
            if not self.fullscreen and not self.headless:
                # back in a window, pygame makes it 1920x1080 again: fit it anew
                window.fit_window(window.desktop_size())
        except pygame.error:
            self.screen = self._open_window()
        for scene in self.stack:
            scene.on_resize()

    # --- scenes -------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> None:
        if not self.stack:
            return
        if scene is not None and scene in self.stack:
            was_top = scene is self.stack[-1]
            self.stack.remove(scene)
        else:
            was_top, scene = True, self.stack.pop()
        scene.exit()
        if self.stack and was_top:
            self.stack[-1].enter()
        elif not self.stack:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """A new screen alone on the stack (toasts of the old screens go too)."""
        old, self.stack = self.stack, []
        for gone in reversed(old):
            gone.exit()
        self.toasts.clear()
        self.push(scene)

    def toast(self, message: str, color: tuple[int, int, int] = theme.ERROR,
              seconds: float = 3.0) -> None:
        """A short message over everything (an illegal move's reason, an error)."""
        self.toasts.append((message, round(seconds * TICK_RATE), color))
        self.toasts = self.toasts[-theme.MAX_TOASTS:]

    def quit(self) -> None:
        self.running = False

    # --- the loop -----------------------------------------------------------

    def feed(self, event: pygame.event.Event) -> None:
        """One pygame event: window events here, the rest as intents to the scenes."""
        if event.type == pygame.QUIT:
            # closing the window mid-game asks first (the game is saved either way)
            if self.top is not None and self.top.is_question:
                self.running = False  # closed again while asking: go
                return
            if not any(s.request_quit(to_desktop=True) for s in reversed(self.stack)):
                self.running = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            for scene in self.stack:
                scene.on_resize()
            return
        for intent in self.input.map(event):
            self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        # a scene at the bottom may take every intent first (the kiosk does)
        if self.stack and self.stack[0].intercept(intent):
            return
        for scene in reversed(list(self.stack)):
            if scene.handle(intent):
                return
            if not scene.overlay:
                return

    def tick(self) -> None:
        self.ticks += 1
        for scene in list(self.stack):
            if scene in self.stack:
                scene.update()
        for hook in list(self.on_tick):
            hook()
        self.toasts = [(m, t - 1, c) for m, t, c in self.toasts if t > 1]

    def draw(self) -> None:
        surface = self.surface
        # draw from the last opaque scene up
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if not self.stack[i].overlay:
                start = i
                break
        layout_record.begin_frame(surface)
        if not self.stack:
            surface.fill(theme.BG)
        for layer, scene in enumerate(self.stack[start:], start):
            layout_record.begin_layer(layer)
            scene.draw(surface)
        if self.stack:
            self.stack[0].draw_badge(surface)
        # the badge and the toasts count as the top screen's own boxes: they
        # must find a free place on it, not hide its words
        self._draw_toasts(surface)
        pygame.display.flip()

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        """Toasts stack from where the top scene keeps free of headings: a screen's
        bottom edge by default, just under a table's top bar."""
        top = self.top
        y = top.toast_y if top is not None else theme.SCREEN_H - 70
        step = 1 if y < theme.SCREEN_H // 2 else -1
        for message, _, color in self.toasts:
            img = theme.text(message, theme.TOAST_TEXT, theme.TEXT)
            box = img.get_rect(midtop=(theme.SCREEN_W // 2, y)).inflate(40, theme.TOAST_PAD)
            pygame.draw.rect(surface, (20, 20, 28), box, border_radius=10)
            pygame.draw.rect(surface, color, box, 3, border_radius=10)
            surface.blit(img, img.get_rect(center=box.center))
            layout_record.box(surface, box)
            layout_record.text(surface, img.get_rect(center=box.center), message,
                               theme.TOAST_TEXT, img)
            y += step * (box.height + theme.TOAST_GAP)

    def step(self, ticks: int = 1, events: list[pygame.event.Event] | None = None) -> None:
        """Feed events, run `ticks` ticks and draw one frame (tests, headless demos)."""
        for event in events or ():
            self.feed(event)
        for _ in range(ticks):
            self.tick()
        self.draw()

    def run(self, max_frames: int | None = None, timed: bool = True) -> None:
        """The real loop. `max_frames` ends it after that many frames (demos)."""
        clock = pygame.time.Clock()
        self.realtime = True
        previous = time.perf_counter()
        accumulator = 0.0
        frames = 0
        while self.running and self.stack:
            now = time.perf_counter()
            accumulator += now - previous if timed else TICK
            previous = now
            for event in pygame.event.get():
                self.feed(event)
            work_start = time.perf_counter()
            cpu_start = time.thread_time()
            ran = 0
            while accumulator >= TICK:
                if ran >= MAX_CATCH_UP:
                    dropped = int(accumulator / TICK)
                    self.dropped_ticks += dropped
                    accumulator -= dropped * TICK
                    break
                self.tick()
                accumulator -= TICK
                ran += 1
            self.draw()
            self.frame_times.append(time.perf_counter() - work_start)
            self.frame_cpu.append(time.thread_time() - cpu_start)
            self.frame_tags.append(self.frame_tag)
            self.frame_tag = ""
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
            if timed:
                clock.tick(TICK_RATE)  # frames paced at 60 Hz; logic is fixed at 60

    def close(self) -> None:
        pygame.display.quit()
        if self._signal_before is not None:
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGTERM, self._signal_before)
            self._signal_before = None

    def _stop_on_sigterm(self) -> Any:
        """SIGTERM (a logout, a service stop, `kill`) ends the program at once,
        saved as at any close; left to SDL it would be a window close, which asks
        first mid-game, so a headless demo or a kiosk nobody answers never ended.
        Returns the handler it replaced (None off the main thread: tests)."""
        def stop(signum: int, frame: object) -> None:
            self.running = False
        try:
            return signal.signal(signal.SIGTERM, stop)
        except ValueError:
            return None

    def frame_stats(self) -> dict[str, float]:
        """Update+draw time per frame in ms; `claim_*` over frames tagged "claim".

        The plain figures are wall time; `cpu_*` count only this thread's CPU
        time, which other programs on a busy machine do not inflate.
        """
        stats: dict[str, float] = {}
        for prefix, times in (("", self.frame_times), ("cpu_", self.frame_cpu)):
            stats.update(_percentiles(times, prefix))
            tagged = [t for t, tag in zip(times, self.frame_tags, strict=False)
                      if tag == "claim"]
            stats.update(_percentiles(tagged, prefix + "claim_"))
        stats["dropped_ticks"] = self.dropped_ticks
        return stats


def _percentiles(times: list[float], prefix: str) -> dict[str, float]:
    ordered = sorted(times) or [0.0]
    n = len(ordered)
    return {
        f"{prefix}frames": len(times),
        f"{prefix}median": round(ordered[n // 2] * 1000, 3),
        f"{prefix}p99": round(ordered[min(n - 1, int(n * 0.99))] * 1000, 3),
        f"{prefix}max": round(ordered[-1] * 1000, 3),
    }
