"""The hand at the screen: its cards fanned, picked ones lifted, the hovered one
large; and every face drawn once ahead of play (`warm_up`)."""

from __future__ import annotations

import pygame

from ...rules import View
from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.tween import Animator
from .canvas import Canvas, building_face, card_face, draw_label
from .edition import rules
from .layout import TableLayout
from .targets import DiscardCard, HandCard

HAND_GAP = 6
"""Design gap between two hand cards side by side."""
HAND_CARD = 0.7
"""A hand card's height at the most, as a share of the hand panel's."""
HAND_SMALLEST = 86
"""Design width a hand card may shrink to for more cards to lie side by side."""


def hand_rects(canvas: Canvas, hand: list[int], lifted: set[int]) -> list[pygame.Rect]:
    """Where each hand card lies, fanned in a gentle arc; picked cards lifted.
    Cards shrink (down to `HAND_SMALLEST`) to lie side by side in the panel's
    width, and overlap only as much as they still must."""
    area = canvas.layout.hand
    tallest = int(area.h * HAND_CARD)
    widest = int(tallest / 1.45)
    room = area.w - canvas.px(20)
    gap = canvas.px(HAND_GAP)
    n = max(1, len(hand))
    w = min(widest, max(canvas.px(HAND_SMALLEST), (room - gap * (n - 1)) // n))
    h = int(w * 1.45)
    top = area.top + canvas.px(34) + (tallest - h) // 2
    step = min(w + gap, (room - w) // max(1, n - 1))
    left = area.centerx - (step * (n - 1) + w) // 2
    rects = []
    for i, card in enumerate(hand):
        offset = (i - (n - 1) / 2) / max(1, n / 2)
        r = pygame.Rect(left + i * step, top + int(canvas.px(12) * offset * offset), w, h)
        if card in lifted:
            r.move_ip(0, -canvas.px(22))
        rects.append(r)
    return rects


def draw_hand(surface: pygame.Surface, canvas: Canvas, view: View, picked: list[int],
              hover: tuple[int, int] | None, discard: list[int] | None = None) -> None:
    """The seat's hand, fanned; picked cards lifted; the hovered card shown large.
    A card the next one overlaps by more than its margin has its name set in the
    strip left visible. With `discard`, those cards of the discard pile in the
    hand's place instead (Refreshment: which one to take back)."""
    you = view["you"]
    assert you is not None, "only a seat's view has a hand"
    area = canvas.layout.hand
    surface.blit(art.panel(area.size), area)
    hand = (view.get("hand") or []) if discard is None else discard
    if discard is not None:
        title = tr("refresh.title")
    elif canvas.watching is not None:
        title = tr("hand.watched", name=canvas.watching, n=len(hand))
    else:
        title = tr("hand", n=len(hand))
    size = canvas.px(14)  # (a long name set smaller, then wrapped: never cut)
    block = fonts.fit_lines(title, size, int(size * fonts.SHRINK_BEFORE_WRAP),
                            area.w - canvas.px(20), True)
    for i, line in enumerate(block.lines):
        draw_label(surface, line, block.size,
                   (area.left + canvas.px(10), area.top + canvas.px(6) + i * block.step),
                   art.ACCENT, True)
    rects = hand_rects(canvas, hand, set(picked))
    hovered = None
    for i, (card, r) in enumerate(zip(hand, rects, strict=True)):
        visible = r.copy()
        if i + 1 < len(rects):
            visible.w = min(r.w, rects[i + 1].left - r.left)
        hidden = r.w - visible.w > r.w // 12
        surface.blit(card_face(card, r.size, strip=visible.w if hidden else None), r)
        canvas.secrets.add(("hand" if discard is None else "discard", you, card))
        canvas.targets[HandCard(card) if discard is None else DiscardCard(card)] = visible
        if card in picked:
            pygame.draw.rect(surface, art.ACCENT, r, canvas.px(3), border_radius=canvas.px(6))
        if hover and visible.collidepoint(hover):
            hovered = (card, r)
    if hovered:
        card, r = hovered
        big = card_face(card, hover_card_size(canvas.layout))
        spot = big.get_rect(midbottom=(r.centerx, r.top + canvas.px(40)))
        spot.clamp_ip(surface.get_rect())
        surface.blit(big, spot)


def hover_card_size(layout: TableLayout) -> tuple[int, int]:
    """The hovered hand card, shown large enough for its whole effect text."""
    return layout.px(150), layout.px(218)



def warm_up(layout: TableLayout, letters: bool) -> None:
    """Draw every building and hand card once at this layout's sizes, so no frame
    pays for it during play."""
    w, h = layout.card_size()
    for b in rules().buildings:
        building_face(b.id, (w, h), letters)
    canvas = Canvas(layout, Animator(), letters)
    cards = range(len(rules().cards))
    for size in {hand_rects(canvas, list(cards)[:n], set())[0].size for n in range(1, 8)}:
        for card in cards:
            card_face(card, size)
