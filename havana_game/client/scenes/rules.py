"""The rules in brief, and every action card with its effect."""

from __future__ import annotations

import pygame

from ...content import classic_rules
from .. import art
from ..i18n import tr
from ..tabledraw import card_face
from ..widgets import Button
from .base import Scene


class RulesScene(Scene):
    """A one-page summary; the full rulebook is RULES.md."""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.buttons = [Button("back", pygame.Rect(self.px(40), size[1] - self.px(70),
                                                   self.px(160), self.px(44)), tr("back"),
                               self.on_escape, primary=True)]

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("rules.title"), 24)
        self.note(surface, tr("rules.text"), 80, art.TEXT_LIGHT, 16)
        w, h = self.px(88), self.px(128)
        cards = classic_rules().cards
        left = (self.size[0] - len(cards) * (w + self.px(6))) // 2
        for i in range(len(cards)):
            surface.blit(card_face(i, (w, h)), (left + i * (w + self.px(6)), self.px(420)))
