"""Hotseat curtain: a full-screen cover shown whenever the human at the screen
changes. While it is up the table (hands, face-down cards) is not drawn at all."""

from __future__ import annotations

import pygame

from . import art, fonts
from .i18n import tr


def draw_curtain(surface: pygame.Surface, name: str, color: art.Color, scale: float) -> None:
    """An opaque velvet curtain with "Pass to <name>"."""
    w, h = surface.get_size()
    surface.fill((90, 20, 28))
    fold = max(8, int(60 * scale))
    for x in range(0, w, fold):
        shade = pygame.Rect(x, 0, fold // 2, h)
        pygame.draw.rect(surface, (110, 28, 36), shade)
    pygame.draw.rect(surface, art.GOLD, (0, 0, w, max(4, int(26 * scale))))
    title = fonts.text(tr("curtain.pass", name=name), max(12, int(48 * scale)), art.TEXT_LIGHT,
                       True)
    box = title.get_rect(center=(w // 2, h // 2 - int(20 * scale))).inflate(int(80 * scale),
                                                                            int(60 * scale))
    pygame.draw.rect(surface, (40, 10, 14), box, border_radius=int(16 * scale))
    pygame.draw.rect(surface, color, box, max(2, int(4 * scale)), border_radius=int(16 * scale))
    surface.blit(title, title.get_rect(center=box.center))
    hint = fonts.text(tr("curtain.click"), max(10, int(20 * scale)), art.TEXT_DIM)
    surface.blit(hint, hint.get_rect(midtop=(w // 2, box.bottom + int(24 * scale))))
