"""The market: each material's supply, the bank, the bag and the pile."""

from __future__ import annotations

import pygame

from ...rules import View
from ..ui import art, fonts, tokens
from ..ui.cards import card_back
from ..ui.i18n import tr, tr_name
from .canvas import Canvas, draw_label
from .edition import materials
from .logtext import amounts_text

CAPTIONS = {"pesos": "caption.pesos", "workers": "caption.bank", "bag": "caption.bag",
            "pile": "caption.pile"}
EMPTY_SHADE = (140, 140, 140)
"""A market slot with none left shows its icon multiplied by this: darker, same hue."""


def draw_market(surface: pygame.Surface, canvas: Canvas, view: View) -> None:
    """Materials and pesos in the market, the worker bank, bag and draw pile."""
    layout = canvas.layout
    surface.blit(art.panel(layout.market.size), layout.market)
    draw_label(surface, tr("market"), canvas.px(14), (layout.market.left + canvas.px(10),
                                                       layout.market.top + canvas.px(6)),
               art.ACCENT, True)
    icon = canvas.px(34)
    # a number and a caption under each picture: smaller if large text needs it
    room = layout.market.bottom - canvas.px(3) - (layout.market_slot("pesos").top
                                                   + canvas.px(40))
    needed = fonts.font(canvas.px(17), True).get_linesize() + \
        fonts.font(canvas.px(11)).get_linesize()
    shrink = min(1.0, room / needed)
    count_size, caption_size = int(canvas.px(17) * shrink), int(canvas.px(11) * shrink)
    counts: dict[str, tuple[int, str]] = {m: (view["market"][m], tr_name("material", material=m))
                                          for m in materials()}
    counts["pesos"] = (view["market"]["pesos"], tr("pesos"))
    counts["workers"] = (view["workers_in_bank"], tr("workers"))
    content = amounts_text(view["bag_content"]) if view["bag_size"] else tr("nothing")
    counts["bag"] = (view["bag_size"], tr("bag", n=view["bag_size"]) + "\n" + content)
    counts["pile"] = (view["pile_size"], tr("pile", n=view["pile_size"]))
    for name, (count, tip) in counts.items():
        slot = layout.market_slot(name)
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
        number = draw_label(surface, f"{count}", count_size,
                            (slot.centerx, slot.top + canvas.px(40)),
                            art.TEXT_LIGHT if count else art.TEXT_DIM, True, "midtop")
        caption = CAPTIONS.get(name)
        if caption:  # under the number, however large the text, no wider than its slot
            words = tr(caption)
            draw_label(surface, words, fonts.fit_size(words, caption_size, slot.w, 1, False),
                       (slot.centerx, max(slot.top + canvas.px(60), number.bottom)),
                       art.TEXT_DIM, False, "midtop")
        canvas.hovers.append((slot, f"{tip}: {count}"))


def _bag(surface: pygame.Surface, rect: pygame.Rect) -> None:
    body = rect.inflate(-rect.w // 6, -rect.h // 8).move(0, rect.h // 16)
    pygame.draw.ellipse(surface, (150, 110, 70), body)
    pygame.draw.ellipse(surface, (90, 60, 35), body, max(1, rect.w // 16))
    neck = pygame.Rect(0, 0, rect.w // 3, rect.h // 5)
    neck.midbottom = (body.centerx, body.top + rect.h // 10)
    pygame.draw.rect(surface, (120, 85, 50), neck, border_radius=neck.h // 3)
