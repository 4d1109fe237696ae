"""Hot-seat hand-off: hides every secret until the next player confirms."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.scenes.base import Scene
from game.ui import layout_record, theme
from game.ui.input import Intent
from game.ui.widgets import panel
from game.words.i18n import _


class HandoffScene(Scene):
    overlay = True  # the public board may show around it; the hand never does

    # where `corner` draws (a couch game's phone card: the way to join stays in view)
    CORNER = pygame.Rect(1444, 868, 466, 196)

    def __init__(self, app, name: str, color: str, on_ready: Callable[[], None],
                 recap: list[str] | None = None,
                 corner: Callable[[pygame.Surface, pygame.Rect], None] | None = None):
        super().__init__(app)
        self.corner = corner
        self.name = name
        self.color = theme.PLAYER_COLORS.get(color, theme.ACCENT)
        self.on_ready = on_ready
        self.recap = list(recap or [])[-6:]  # what happened since their last turn
        self.ticks = 0

    def handle(self, intent: Intent) -> bool:
        # a short grace period so a key held by the previous player does not confirm
        if self.ticks > 12 and intent.kind in ("select", "click"):
            self.app.pop(self)
            self.on_ready()
        return True  # nothing reaches the board while the screen is handed over

    def update(self) -> None:
        self.ticks += 1

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((12, 14, 20))
        layout_record.box(surface, surface.get_rect(), "shade")  # the board is hidden
        if self.corner is not None:
            self.corner(surface, self.CORNER)
        box = pygame.Rect(0, 0, 1100, 420 + (60 + 40 * len(self.recap) if self.recap else 0))
        box.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)
        panel(surface, box, theme.PANEL, self.color, 24, 6)
        theme.blit_text(surface, _("Pass to {name}").format(name=self.name),
                        (box.centerx, box.y + 110), 96,
                        self.color, True, "center")
        theme.blit_text(surface, _("Everyone else, look away: secret cards come next."),
                        (box.centerx, box.y + 220), 40, theme.TEXT, anchor="center")
        theme.blit_text(surface, _("Press Enter, click, or press A when ready"),
                        (box.centerx, box.y + 320), 40, theme.ACCENT, anchor="center")
        if self.recap:
            theme.blit_text(surface, _("Since your last turn:"), (box.x + 80, box.y + 400), 34,
                            theme.TEXT, True)
            for i, line in enumerate(self.recap):
                theme.blit_text(surface, theme.fit_text(line, 32, box.width - 160),
                                (box.x + 100, box.y + 446 + i * 40), 32, theme.TEXT_DIM)
