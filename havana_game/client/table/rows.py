"""The two building rows, with the ends that can be built (or removed) outlined."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from ...rules import View
from ..ui import art
from .canvas import Canvas, building_face, building_tooltip, can_afford, draw_label
from .targets import RowEnd, Side

END_OUTLINE = (150, 140, 125)
"""A row end's outline when it is not one the seat can build now."""

Face = Callable[[pygame.Surface, pygame.Rect, str], None]
"""Draws building `ident` into a rect of a surface (another face than the table's)."""


def draw_rows(surface: pygame.Surface, canvas: Canvas, view: View, highlight: str,
              staged_end: tuple[int, str] | None, hidden: set[str],
              face: Face | None = None) -> None:
    """The two building rows; the buildable ends are outlined, during the seat's
    build step (`highlight` "build") green when it can pay now; `highlight`
    "build" or "remove" marks them clickable. Buildings in `hidden` are in flight
    and not drawn. The cards are the table's (`building_face`) unless `face`
    draws them."""
    layout = canvas.layout
    surface.blit(art.panel(layout.rows.size), layout.rows)
    w, h = layout.card_size()
    for row_index, row in enumerate(view["rows"]):
        first = layout.row_card(row_index, 0, max(1, len(row)))
        draw_label(surface, str(row_index + 1), canvas.px(18),
                   (layout.rows.left + canvas.px(20), first.centery), art.TEXT_DIM, True, "center")
        for i, ident in enumerate(row):
            rect = layout.row_card(row_index, i, len(row))
            if ident in hidden:
                continue
            if face is None:
                surface.blit(building_face(ident, (w, h), canvas.letters), rect)
            else:
                face(surface, rect, ident)
            sides: list[Side] = []
            if i == 0:
                sides.append("left")
            if i == len(row) - 1:
                sides.append("right")
            canvas.hovers.append((rect, building_tooltip(
                ident, can_afford(view, ident) if sides else None, middle=not sides)))
            for side in sides:
                _outline_end(surface, canvas, view, rect, ident, highlight,
                             staged_end == (row_index, side))
                canvas.targets[RowEnd(row_index, side)] = rect
            if not sides:
                surface.blit(_shade(rect.size), rect)


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    """The veil over a building in a row's middle (only the ends can be built)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 60))
    return shade


def _outline_end(surface: pygame.Surface, canvas: Canvas, view: View, rect: pygame.Rect,
                 ident: str, highlight: str, staged: bool) -> None:
    if highlight == "remove":
        color = art.DANGER
    elif highlight == "build" and can_afford(view, ident):
        color = art.HIGHLIGHT  # "you can build this", only while the seat may build
    else:
        color = END_OUTLINE
    width = canvas.px(4) if staged else canvas.px(2)
    pygame.draw.rect(surface, (255, 255, 255) if staged else color, rect.inflate(canvas.px(6),
                     canvas.px(6)), width, border_radius=canvas.px(8))
    if highlight and not staged:
        glow = pygame.Rect(rect.left, rect.bottom + canvas.px(2), rect.w, canvas.px(3))
        pygame.draw.rect(surface, color, glow, border_radius=canvas.px(2))
