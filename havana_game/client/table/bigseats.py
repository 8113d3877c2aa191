"""The big screen's seat column: every seat's public state in large type, each
number saying what it counts, and a free seat's QR code, whose link takes that
seat on the web seat page (`join_text` also tells the waiting room's link)."""

from __future__ import annotations

from typing import Any

import pygame

from net.host.web import seat_url

from ...rules import SeatView
from ..ui import art, fonts, qr, tokens
from ..ui.cards import card_back
from ..ui.i18n import tr, tr_name, trn
from .bigboard import MIN_SHRUNK, MIN_TEXT, Board, draw_lines, name_of, px, text_size
from .canvas import card_face, draw_label
from .edition import materials


def _kind(info: dict[str, Any]) -> str:
    if info.get("kind") == "bot":
        return tr_name("ai_level", level=info.get("level"))
    return tr("human") if info.get("kind") == "human" else tr("lobby.empty")


def seat_panel(surface: pygame.Surface, board: Board, seat: int, rect: pygame.Rect,
          s: float) -> None:
    """One seat: name, kind and VP; then its public state, or a free seat's QR code."""
    info = board.seats[seat]
    view = board.view
    deciding = view is not None and seat in view["to_decide"]
    surface.blit(art.panel(rect.size, deciding), rect)
    pad = px(s, 14)
    pygame.draw.rect(surface, art.SEAT_COLORS[seat],
                     (rect.left + pad, rect.top + pad, px(s, 10), px(s, 44)))
    left = rect.left + pad + px(s, 22)
    size = text_size(s, 36)
    if info.get("kind") == "open":
        _free_seat(surface, board, seat, rect, _seat_code(board, rect, s), s)
        return
    vp = tr("display.vp", vp=board.animator.value(f"vp:{seat}", view["seats"][seat]["vp"])) \
        if view is not None else ""
    vp_rect = draw_label(surface, vp, size, (rect.right - pad, rect.top + pad - px(s, 2)),
                         art.ACCENT, True, "topright") if vp else pygame.Rect(rect.right, 0, 0, 0)
    named = draw_label(surface, fonts.fit(name_of(board, seat), size,
                                          vp_rect.left - left - pad, True), size,
                       (left, rect.top + pad - px(s, 2)), art.TEXT_LIGHT, True)
    line = max(rect.top + pad + px(s, 48), named.bottom, vp_rect.bottom)  # (larger text)
    tags = [_kind(info)]
    if deciding and view is not None:
        tags.append(tr("display.choosing_tag" if view["phase"] in ("setup", "cover")
                       else "display.turn_tag"))
    tagged = draw_label(surface, " · ".join(tags), text_size(s, 28), (left, line),
                        art.HIGHLIGHT if deciding else art.TEXT_DIM)
    if view is not None:
        top = max(line + px(s, 42), tagged.bottom + px(s, 4))
        body = pygame.Rect(rect.left + pad, top, rect.w - 2 * pad, rect.bottom - pad - top)
        _public_state(surface, view["seats"][seat], body, s)


def _public_state(surface: pygame.Surface, info: SeatView, body: pygame.Rect,
                  s: float) -> None:
    """Face-up cards (a back for a secret one); materials; pesos, workers and the
    buildings built; the seat's number in the turn order, each number said what
    it counts (the materials' by their icons). The cards give way to the numbers
    (ten pesos or more, a dozen stones): no number is ever smaller."""
    icon, size = px(s, 28), text_size(s, 28)
    step = max(px(s, 40), fonts.line_step(size, 1.1))
    items = [(m, info["materials"][m]) for m in materials()]
    lines = [items, [("pesos", info["pesos"]), ("workers", info["workers"])]]
    built = trn("display.built", len(info["built"]))
    number = tr("display.number", number=f"{info['number']:02d}") \
        if info["number"] is not None else ""

    def across(entries: list[tuple[str, int]]) -> int:
        return sum(icon + px(s, 10) + fonts.font(size, True).size(str(count))[0]
                   for _, count in entries)
    words = max(across(items), across(lines[1]) + px(s, 8) + fonts.font(size).size(built)[0],
                fonts.font(size).size(number)[0])
    card_w = max(1, min(round(min(body.h, px(s, 100)) / 1.45),
                        (body.w - words - px(s, 26)) // 2))
    card_h = round(card_w * 1.45)
    cards = list(info["face_up"])
    for i in range(2):
        slot = pygame.Rect(body.left + i * (card_w + px(s, 6)), body.top, card_w, card_h)
        if i < len(cards):
            surface.blit(card_face(cards[i], slot.size, detail=False), slot)
        elif info["has_face_down"]:
            surface.blit(card_back(slot.size), slot)
        else:
            pygame.draw.rect(surface, art.PANEL_EDGE, slot, 1, border_radius=px(s, 5))
    left = body.left + 2 * card_w + px(s, 20)
    for row, entries in enumerate(lines):
        x, y = left, body.top + row * step
        for name, count in entries:
            surface.blit(tokens.resource_icon(name, icon), (x, y))
            label = draw_label(surface, str(count), size, (x + icon + px(s, 4), y + icon // 2),
                               art.TEXT_LIGHT, True, "midleft")
            x = label.right + px(s, 6)
        if row == 1:
            _words(surface, built, size,
                   pygame.Rect(x + px(s, 8), y, body.right - x - px(s, 8), icon))
    if number:
        _words(surface, number, size, pygame.Rect(left, body.top + 2 * step, body.right - left,
                                                  icon))


def _words(surface: pygame.Surface, text: str, size: int, room: pygame.Rect) -> None:
    """`text` at the left of `room`, middle high; smaller only where a small
    window leaves no room for it whole."""
    fitted = fonts.fit_size(text, size, room.w, 1, False)
    draw_label(surface, text, fitted, (room.left, room.centery), art.TEXT_LIGHT, False,
               "midleft")


def _seat_code(board: Board, rect: pygame.Rect, s: float) -> pygame.Rect | None:
    """Where a free seat's QR code goes: the panel's full height at its right (as
    large as it holds, for a phone across the room), if the link is known."""
    if not board.web:
        return None
    pad = px(s, 14)
    side = min(rect.h - 2 * pad, px(s, 240))
    return pygame.Rect(rect.right - pad - side, rect.top + pad, side, side)


def _free_seat(surface: pygame.Surface, board: Board, seat: int, rect: pygame.Rect,
               code: pygame.Rect | None, s: float) -> None:
    """A free seat: in `code` the QR code of the link that takes this very seat
    (`seat_url`); to its left "Free seat" (on two lines if need be), "Scan to take
    this seat" and the join code (a short panel leaves "Scan to take this seat"
    to the QR code, as `_join_text` does)."""
    pad = px(s, 14)
    right = rect.right - pad
    if code is not None:
        image = qr.surface(seat_url(board.web, seat), code.w)
        surface.blit(image, image.get_rect(center=code.center))
        right = code.left - pad
    left = rect.left + pad + px(s, 22)
    free = tr("display.free")  # (on one line down to `MIN_TEXT`, else on two)
    one_line = fonts.fit_size(free, text_size(s, 36), right - left, 1, True)
    big, title = fonts.fit_whole(free, max(one_line, text_size(s, MIN_TEXT)), right - left, True)
    top = rect.top + pad - px(s, 2)
    for line in title:
        draw_label(surface, line, big, (left, top), art.TEXT_LIGHT, True)
        top += fonts.line_step(big, 1.1)
    top = max(top + px(s, 4), rect.top + pad + px(s, 48))
    area = pygame.Rect(left, top, right - left, rect.bottom - pad - top)
    size = text_size(s, 28)
    lines = [(line, art.TEXT_LIGHT, False) for line in fonts.wrap(tr("display.scan_seat"), size,
                                                                    area.w)]
    lines += [(line, art.ACCENT, True)
              for line in fonts.wrap_whole(tr("display.code", code=board.code), size, area.w,
                                           True)]  # (the code broken only at its hyphens)
    if len(lines) * fonts.line_step(size, 1.25) > area.h + fonts.line_step(size, 1.25) // 4:
        lines = [line for line in lines if line[1] != art.TEXT_LIGHT]
    draw_lines(surface, lines, size, area, s)


def join_text(surface: pygame.Surface, board: Board, area: pygame.Rect, s: float,
               center: bool = False) -> None:
    """"Scan to join", the link (wrapped) and the join code, from the top of `area`
    (a short panel leaves "Scan to join" to the QR code beside it, and a smaller
    window's text shrinks until the link and code fit)."""
    size = text_size(s, 28)
    while True:
        lines = [(line, art.TEXT_LIGHT, False)
                 for line in fonts.wrap(tr("display.scan"), size, area.w)]
        lines += [(line, art.TEXT_DIM, False)
                  for line in qr.link_lines(board.web, size, area.w)]
        lines += [(line, art.ACCENT, True)
                  for line in fonts.wrap(tr("display.code", code=board.code), size, area.w, True)]
        step = fonts.line_step(size, 1.25)
        if len(lines) * step > area.h:
            lines = [line for line in lines if line[1] != art.TEXT_LIGHT]
        if len(lines) * step <= area.h or size <= MIN_SHRUNK:
            break
        size -= 1
    draw_lines(surface, lines, size, area, s, center)


