"""The big screen's seat column: every seat's panel (its name, kind and VP over
its public state in large type, `bigstate`), all panels' texts alike, the
column shared by need; and a free seat's QR code, whose link takes that seat on
the web seat page (`join_text` also tells the waiting room's link)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from net.host.web import seat_url

from ..ui import art, fonts, qr
from ..ui.i18n import tr, tr_name
from .bigboard import (
    MIN_SHRUNK,
    MIN_TEXT,
    Board,
    draw_lines,
    name_of,
    px,
    shrunk,
    text_size,
    text_width,
)
from .bigstate import beside, print_scale, public_state
from .canvas import draw_label


def _kind(info: dict[str, Any]) -> str:
    if info.get("kind") == "bot":
        return tr_name("ai_level", level=info.get("level"))
    return tr("human") if info.get("kind") == "human" else tr("lobby.empty")


def seat_panel(surface: pygame.Surface, board: Board, seat: int, rect: pygame.Rect,
               s: float, look: float) -> None:
    """One seat: name, kind and VP; then its public state, or a free seat's QR
    code; its texts `look` times as large as the text-size setting makes them
    (`seat_look`)."""
    view = board.view
    deciding = view is not None and seat in view["to_decide"]
    surface.blit(art.panel(rect.size, deciding), rect)
    pad = px(s, 14)
    pygame.draw.rect(surface, art.SEAT_COLORS[seat],
                     (rect.left + pad, rect.top + pad, px(s, 10), px(s, 44)))
    if board.seats[seat].get("kind") == "open":
        _free_seat(surface, board, seat, rect, _seat_code(board, rect, s), s, look)
        return
    head = _head(board, seat, rect, s, look)
    if head.vp:
        draw_label(surface, head.vp, head.size, (rect.right - pad, head.vp_top), art.ACCENT,
                   True, "topright")
    _draw_lines(surface, head.name, (rect.left + pad + px(s, 22), rect.top + pad - px(s, 2)),
                art.TEXT_LIGHT, True)
    _draw_lines(surface, head.tags, (rect.left + pad + px(s, 22), head.tags_top),
                art.HIGHLIGHT if deciding else art.TEXT_DIM, False)
    if view is not None:
        public_state(surface, view["seats"][seat], _body(rect, head.body_top, s), s, look)


def seat_look(board: Board, rects: list[pygame.Rect], s: float) -> float:
    """How large the seat panels' texts are, all alike: as the text-size setting
    makes them where every seat's panel in `rects` holds it all, else smaller,
    down to what 100 % shows (`shrunk`)."""
    low = 1 / fonts.text_scale()
    look = 1.0
    while look > low and any(_needed(board, seat, rect, s, look) > rect.bottom
                             for seat, rect in enumerate(rects)):
        look = max(low, look - LOOK_STEP)
    return look


def seat_places(board: Board, rects: list[pygame.Rect],
                s: float) -> tuple[list[pygame.Rect], float]:
    """The seat panels and how large their texts are (`seat_look`): `rects` where
    every panel holds its texts; else the column's height shared by need: each
    panel as high as its texts need, the gaps between them narrower (down to
    `TIGHT_GAP`) where that is short of it, what is left to those that had more
    than they need (a free seat's QR code as large as before: its modules keep
    their whole pixels)."""
    look = seat_look(board, rects, s)
    needs = [_needed(board, seat, rect, s, look) - rect.top for seat, rect in enumerate(rects)]
    if len(rects) < 2 or all(need <= rect.h for need, rect in zip(needs, rects, strict=True)):
        return rects, look
    span, gaps = rects[-1].bottom - rects[0].top, len(rects) - 1
    gap = max(min(rects[1].top - rects[0].bottom, px(s, TIGHT_GAP)),
              min(rects[1].top - rects[0].bottom, (span - sum(needs)) // gaps))
    left = span - gaps * gap - sum(needs)
    shares = [max(0, rect.h - need) for need, rect in zip(needs, rects, strict=True)]
    shares = shares if left >= 0 and any(shares) else needs
    top, out = rects[0].top, []
    for rect, need, share in zip(rects, needs, shares, strict=True):
        high = need + left * share // sum(shares) if rect is not rects[-1] \
            else rects[-1].bottom - top
        out.append(pygame.Rect(rect.left, top, rect.w, high))
        top += high + gap
    return out, look


TIGHT_GAP = 4
"""The design pixels between seat panels where the column has no room for more."""


LOOK_STEP = 0.05
"""How much smaller `seat_look` tries the seat panels' texts each time."""


@dataclass(frozen=True)
class _Lines:
    """A text drawn on lines of its own: their size, step and words."""

    size: int
    step: int
    lines: tuple[str, ...]
    bold: bool = False

    @property
    def height(self) -> int:
        return (len(self.lines) - 1) * self.step + fonts.font(self.size, self.bold).get_height()


@dataclass(frozen=True)
class _Head:
    """A taken seat's panel above its public state: the VP, its text size and
    top, the name and the tags (kind, whose turn) on as many lines as they take."""

    vp: str
    size: int
    vp_top: int
    name: _Lines
    tags: _Lines
    tags_top: int
    body_top: int


def _head(board: Board, seat: int, rect: pygame.Rect, s: float, look: float) -> _Head:
    """Where a taken seat's name, VP and tags go: the name beside the VP on one
    line, else on two (smaller, down to `MIN_TEXT`, before a third; the VP then
    as small, clear of its second line), or across the panel on two with the VP
    beside the tags; the tags under it, wrapped between tags."""
    view = board.view
    pad, size = px(s, 14), shrunk(s, 36, look)
    left, top = rect.left + pad + px(s, 22), rect.top + pad - px(s, 2)
    vp = tr("display.vp", vp=board.animator.value(f"vp:{seat}", view["seats"][seat]["vp"])) \
        if view is not None else ""
    across = rect.right - pad - left
    by_vp = across - (text_width(vp, size, True) + pad if vp else 0)
    reach = across + pad // 2  # (a line with nothing right of it, half into the pad)
    player = name_of(board, seat)
    floors = fonts.readable(text_size(s, 36)), fonts.readable(text_size(s, MIN_TEXT))
    name = _name_lines(player, size, *floors, by_vp, reach)
    wide = _name_lines(player, size, *floors, reach, reach) if len(name.lines) > 2 else name
    vp_low = len(wide.lines) < len(name.lines)
    name = wide
    size = size if len(name.lines) == 1 else name.size
    line = max(rect.top + pad + px(s, 48), top + name.height,
               top + fonts.font(size, True).get_height())  # (larger text)
    tags = [_kind(board.seats[seat])]
    if view is not None and seat in view["to_decide"]:
        tags.append(tr("display.choosing_tag" if view["phase"] in ("setup", "cover")
                       else "display.turn_tag"))
    small = shrunk(s, 28, look)
    tagged = _Lines(small, fonts.line_step(small, 1.15),
                    _tag_lines(tags, small, by_vp if vp_low else across))
    under = max(tagged.height, fonts.font(size, True).get_height() if vp_low else 0)
    body_top = max(line + px(s, 42), line + under + px(s, 4))
    return _Head(vp, size, line if vp_low else top, name, tagged, line, body_top)


def _name_lines(name: str, size: int, one_line: int, floor: int, first: int,
                rest: int) -> _Lines:
    """A seat's name beside its VP (`first` pixels wide), its further lines under
    the VP too (`rest` wide): on one line, smaller down to `one_line` if need be;
    else on two lines, smaller down to `floor`; else on as many as it takes."""
    def fits(size: int, lines: tuple[str, ...]) -> bool:
        return all(text_width(line, size, True) <= (rest if i else first)
                   for i, line in enumerate(lines))
    for fitted in range(size, min(size, one_line) - 1, -1):
        if fits(fitted, (name,)):
            return _Lines(fitted, fonts.line_step(fitted, 1.1), (name,), True)
    for fitted in range(size, min(size, floor) - 1, -1):
        lines = _split(name, fitted, first, rest)
        if len(lines) <= 2 and fits(fitted, lines):
            return _Lines(fitted, fonts.line_step(fitted, 1.1), lines, True)
    fitted = min(size, floor)
    return _Lines(fitted, fonts.line_step(fitted, 1.1), _split(name, fitted, first, rest), True)


def _split(name: str, size: int, first: int, rest: int) -> tuple[str, ...]:
    """`name` on lines: as many of its words as fit `first` on the first, the
    others wrapped to `rest`; all wrapped to `first` if its first word is wider."""
    words = name.split()
    count = next((n for n in range(len(words), 0, -1)
                  if text_width(" ".join(words[:n]), size, True) <= first), 0)
    if not count:
        return fonts.wrap(name, size, first, True)
    tail = " ".join(words[count:])
    return (" ".join(words[:count]), *(fonts.wrap(tail, size, rest, True) if tail else ()))


def _tag_lines(tags: list[str], size: int, width: int) -> tuple[str, ...]:
    """A seat's tags ("AI · medium · their turn") on lines of `width`, broken
    between tags (and within one only if it alone is wider)."""
    lines: list[str] = []
    for tag in tags:
        joined = f"{lines[-1]} · {tag}" if lines else tag
        if lines and text_width(joined, size, False) <= width:
            lines[-1] = joined
        else:
            lines.extend(fonts.wrap(tag, size, width))
    return tuple(lines)


def _draw_lines(surface: pygame.Surface, text: _Lines, topleft: tuple[int, int],
                color: art.Color, bold: bool) -> None:
    x, y = topleft
    for line in text.lines:
        draw_label(surface, line, text.size, (x, y), color, bold)
        y += text.step


def _body(rect: pygame.Rect, top: int, s: float) -> pygame.Rect:
    """A taken seat's public state's room in its panel `rect`, from `top` down."""
    pad = px(s, 14)
    return pygame.Rect(rect.left + pad, top, rect.w - 2 * pad, rect.bottom - pad - top)


def _needed(board: Board, seat: int, rect: pygame.Rect, s: float, look: float) -> int:
    """The lowest pixel a seat's panel draws on at `look` (its pad under it)."""
    if board.seats[seat].get("kind") == "open":
        code = _seat_code(board, rect, s)
        _, area, lines = _free_texts(board, rect, code, s, look)
        step = fonts.line_step(shrunk(s, 28, look), 1.25)
        foot = area.top + len(lines) * step - step // 4
        if code is not None:  # (its QR code as large as drawn: whole pixels a module)
            count = _modules(seat_url(board.web, seat))
            foot = max(foot, code.top + code.w // count * count)
        return foot + px(s, 14)
    head = _head(board, seat, rect, s, look)
    if board.view is None:
        return head.tags_top + head.tags.height + px(s, 14)
    body = _body(rect, head.body_top, s)
    body.h = max(body.h, px(s, 100 * print_scale()))  # (the cards at their highest)
    info = board.view["seats"][seat]
    _, high, state = beside(info, body, s, look)
    return body.top + max(high, state.height) + px(s, 14)


@lru_cache(maxsize=32)
def _modules(link: str) -> int:
    """How many modules wide a free seat's QR code is (`qr.modules`, asked each frame)."""
    return qr.modules(link)


def _seat_code(board: Board, rect: pygame.Rect, s: float) -> pygame.Rect | None:
    """Where a free seat's QR code goes: the panel's full height at its right (as
    large as it holds, for a phone across the room, but leaving the longest word
    of "Free seat" room at `MIN_TEXT` left of it), if the link is known."""
    if not board.web:
        return None
    pad = px(s, 14)
    word = max(text_width(w, fonts.readable(text_size(s, MIN_TEXT)), True)
               for w in tr("display.free").split())
    side = min(rect.h - 2 * pad, px(s, 240), rect.w - 3 * pad - px(s, 22) - word)
    return pygame.Rect(rect.right - pad - side, rect.top + pad, side, side)


def _free_seat(surface: pygame.Surface, board: Board, seat: int, rect: pygame.Rect,
               code: pygame.Rect | None, s: float, look: float) -> None:
    """A free seat: in `code` the QR code of the link that takes this very seat
    (`seat_url`); to its left "Free seat" (on two lines if need be), "Scan to take
    this seat" and the join code (`_free_texts`)."""
    if code is not None:
        image = qr.surface(seat_url(board.web, seat), code.w)
        surface.blit(image, image.get_rect(center=code.center))
    title, area, lines = _free_texts(board, rect, code, s, look)
    top = rect.top + px(s, 14) - px(s, 2)
    _draw_lines(surface, title, (area.left, top), art.TEXT_LIGHT, True)
    draw_lines(surface, lines, shrunk(s, 28, look), area, s)


def _free_texts(board: Board, rect: pygame.Rect, code: pygame.Rect | None, s: float,
                look: float) -> tuple[_Lines, pygame.Rect, list[tuple[str, art.Color, bool]]]:
    """A free seat's title ("Free seat", on one line down to `MIN_TEXT`, else on
    two), the room under it left of its QR code, and the lines there: "Scan to
    take this seat" and the join code (a short panel leaves "Scan to take this
    seat" to the QR code, as `join_text` does)."""
    pad = px(s, 14)
    right = code.left - pad if code is not None else rect.right - pad
    left = rect.left + pad + px(s, 22)
    free = tr("display.free")
    one_line = fonts.fit_size(free, shrunk(s, 36, look), right - left, 1, True)
    big, title = fonts.fit_whole(free, max(one_line, fonts.readable(text_size(s, MIN_TEXT))),
                                 right - left, True)
    under = max(rect.top + pad - px(s, 2) + len(title) * fonts.line_step(big, 1.1) + px(s, 4),
                rect.top + pad + px(s, 48))
    size = shrunk(s, 28, look)
    step = fonts.line_step(size, 1.25)
    width = right - left
    lines = [(line, art.TEXT_LIGHT, False) for line in fonts.wrap(tr("display.scan_seat"), size,
                                                                    width)]
    lines += [(line, art.ACCENT, True)
              for line in fonts.wrap_whole(tr("display.code", code=board.code), size, width,
                                           True)]  # (the code broken only at its hyphens)
    area = pygame.Rect(left, under, width, rect.bottom - pad - under)
    if len(lines) * step > area.h + step // 4:
        lines = [line for line in lines if line[1] != art.TEXT_LIGHT]
    return _Lines(big, fonts.line_step(big, 1.1), title, True), area, lines


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


