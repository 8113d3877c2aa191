"""The market: each material's supply, the bank, the bag and the pile, a
number under each picture and a caption under some (on the big screen on two
lines where one is too wide for its slot)."""

from __future__ import annotations

import pygame

from ...rules import View
from ..ui import art, fonts, tokens
from ..ui.cards import card_back
from ..ui.i18n import tr, tr_name
from .canvas import Canvas, draw_label
from .edition import materials
from .layout import TableLayout
from .logtext import amounts_text

CAPTIONS = {"pesos": "caption.pesos", "workers": "caption.bank", "bag": "caption.bag",
            "pile": "caption.pile"}
"""The slots with a caption under their number, left to right, and its words' key."""
COUNT, CAPTION = 17, 11
"""The design sizes of the numbers under the market's pictures and of their captions."""
EMPTY_SHADE = (140, 140, 140)
"""A market slot with none left shows its icon multiplied by this: darker, same hue."""


def draw_market(surface: pygame.Surface, canvas: Canvas, view: View,
                staggered: bool = False) -> None:
    """Materials and pesos in the market, the worker bank, bag and draw pile.
    `staggered` (the big screen, whose panel makes the room, `market_lacks`):
    captions too wide for their slots go on two lines rather than smaller."""
    layout = canvas.layout
    surface.blit(art.panel(layout.market.size), layout.market)
    draw_label(surface, tr("market"), canvas.px(14), (layout.market.left + canvas.px(10),
                                                       layout.market.top + canvas.px(6)),
               art.ACCENT, True)
    counts = _counts(view)
    lines = _caption_lines(layout, staggered)
    # (two digits at least, as `market_lacks` measures them)
    widest = max(("00", *(f"{count}" for count, _ in counts.values())), key=len)
    count_size, caption_size = _figure_sizes(layout, lines, widest)
    captions = _captions(layout, caption_size, lines)
    caption_step = fonts.font(caption_size).get_linesize()
    for name, (count, tip) in counts.items():
        slot = layout.market_slot(name)
        _picture(surface, canvas, name, count, slot)
        number = draw_label(surface, f"{count}", count_size,
                            (slot.centerx, slot.top + canvas.px(40)),
                            art.TEXT_LIGHT if count else art.TEXT_DIM, True, "midtop")
        if name in captions:  # under the number, on its line
            words, size, line = captions[name]
            top = max(slot.top + canvas.px(60), number.bottom) + line * caption_step
            draw_label(surface, words, size, (slot.centerx, top), art.TEXT_DIM, False, "midtop")
        canvas.hovers.append((slot, f"{tip}: {count}"))


def _counts(view: View) -> dict[str, tuple[int, str]]:
    """Each slot's count and its tooltip's words, left to right."""
    counts = {m: (view["market"][m], tr_name("material", material=m)) for m in materials()}
    counts["pesos"] = (view["market"]["pesos"], tr("pesos"))
    counts["workers"] = (view["workers_in_bank"], tr("workers"))
    content = amounts_text(view["bag_content"]) if view["bag_size"] else tr("nothing")
    counts["bag"] = (view["bag_size"], tr("bag", n=view["bag_size"]) + "\n" + content)
    counts["pile"] = (view["pile_size"], tr("pile", n=view["pile_size"]))
    return counts


def _picture(surface: pygame.Surface, canvas: Canvas, name: str, count: int,
             slot: pygame.Rect) -> None:
    """The slot's picture at its top: a material's or the pesos' token (darker
    with none left), a worker, the bag, the pile's card back."""
    icon = canvas.px(34)
    spot = pygame.Rect(0, 0, icon, icon)
    spot.midtop = (slot.centerx, slot.top + canvas.px(4))
    if name == "bag":
        _bag(surface, spot)
    elif name == "pile":
        back = card_back((canvas.px(28), canvas.px(40)))
        surface.blit(back, back.get_rect(midtop=(slot.centerx, slot.top)))
    else:
        image = tokens.resource_icon(name, icon, canvas.letters)
        if count == 0:  # darker, same hue: an empty red still reads as red
            image = image.copy()
            image.fill(EMPTY_SHADE, special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(image, spot)


def market_lacks(layout: TableLayout) -> int:
    """The pixels the market panel of `layout` lacks to show its numbers and its
    captions on two lines (`draw_market`'s `staggered`, where they take two) as
    large as the text size asks (0: none); without them the two shrink."""
    room, needed = _figure_room(layout, _caption_lines(layout, True), "00")
    return max(0, needed - room)


def _caption_lines(layout: TableLayout, staggered: bool) -> int:
    """2 where staggered captions are asked for and one is too wide for its slot
    at its full size, else 1."""
    size = fonts.font(layout.px(CAPTION))
    wide = any(size.size(tr(key))[0] > layout.market_slot(name).w
               for name, key in CAPTIONS.items())
    return 2 if staggered and wide else 1


def _figure_room(layout: TableLayout, lines: int, widest: str) -> tuple[int, int]:
    """(room, needed): the pixels under the pictures, and those their number (as
    wide as `widest`) and `lines` lines of caption take at full size."""
    room = layout.market.bottom - layout.px(3) - (layout.market_slot("pesos").top
                                                  + layout.px(40))
    needed = fonts.font(_count_size(layout, widest), True).get_linesize() + \
        lines * fonts.font(layout.px(CAPTION)).get_linesize()
    return room, needed


def _count_size(layout: TableLayout, widest: str) -> int:
    """The numbers' full size: the design's, smaller where a number as wide as
    `widest` would touch its neighbours' (a large text on the big screen)."""
    return fonts.fit_size(widest, layout.px(COUNT), layout.market_slot("pesos").w - layout.px(8),
                          1, True)


def _figure_sizes(layout: TableLayout, lines: int, widest: str) -> tuple[int, int]:
    """The sizes of the numbers and the captions: smaller if large text needs it."""
    room, needed = _figure_room(layout, lines, widest)
    shrink = min(1.0, room / needed)
    return int(_count_size(layout, widest) * shrink), int(layout.px(CAPTION) * shrink)


def _captions(layout: TableLayout, size: int, lines: int) -> dict[str, tuple[str, int, int]]:
    """Each caption's words, size and line (0 or 1): on one line each no wider
    than its slot; on two, every other slot's on the second line, each centred
    under its slot and as wide as half the way to its neighbours on its line and
    the panel's edge allow."""
    out = {}
    edge = layout.market.inflate(-layout.px(8), 0)
    for i, (name, key) in enumerate(CAPTIONS.items()):
        words, slot = tr(key), layout.market_slot(name)
        room = slot.w if lines == 1 else \
            2 * min(slot.w - layout.px(2), slot.centerx - edge.left, edge.right - slot.centerx)
        out[name] = (words, fonts.fit_size(words, size, room, 1, False), i % lines)
    return out


def _bag(surface: pygame.Surface, rect: pygame.Rect) -> None:
    body = rect.inflate(-rect.w // 6, -rect.h // 8).move(0, rect.h // 16)
    pygame.draw.ellipse(surface, (150, 110, 70), body)
    pygame.draw.ellipse(surface, (90, 60, 35), body, max(1, rect.w // 16))
    neck = pygame.Rect(0, 0, rect.w // 3, rect.h // 5)
    neck.midbottom = (body.centerx, body.top + rect.h // 10)
    pygame.draw.rect(surface, (120, 85, 50), neck, border_radius=neck.h // 3)
