"""The table display's drawing: the public table for a big screen, readable from
a couch (no text under `MIN_TEXT` pixels at 1920x1080). The rows, the market and
the log are the table screen's own parts drawn at a larger scale; the seat
panels are the display's own: every seat's public state in large type, and a
free seat's QR code for the web seat page with its link and join code.
Nothing here can show a secret: it draws a spectator's view (no hand, no
face-down card)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from ...rules import SeatView, View
from ..ui import art, fonts, qr, tokens
from ..ui.cards import card_back
from ..ui.i18n import tr, tr_name, trn
from ..ui.tween import Animator
from .canvas import Canvas, card_face, draw_label
from .edition import materials
from .layout import TableLayout
from .logpanel import LOG_TEXT, draw_log
from .market import draw_market
from .rows import draw_rows

BASE_W, BASE_H = 1920, 1080
"""The display's design size."""
MIN_TEXT = 28
"""The smallest text on the display at 1920x1080, in pixels."""
MIN_SHRUNK = 12
"""The smallest text a free seat's link and code shrink to in a small window."""
ROW_LABEL, MARKET_CAPTION = 18, 11
"""The smallest design text sizes of the table's rows and market (their scale
makes these `MIN_TEXT`)."""


@dataclass
class _FitLayout(TableLayout):
    """A table layout whose building cards fit the display's rows panel."""

    card: tuple[int, int] = (1, 1)

    def card_size(self) -> tuple[int, int]:
        return self.card


@dataclass
class Board:
    """What the display shows, as its scene keeps it."""

    seats: list[dict[str, Any]] = field(default_factory=list)
    """The host's seats (`table` message): name, kind ("human", "bot", "open"), level."""
    view: View | None = None
    """The latest spectator view (None before the game starts)."""
    log: list[str] = field(default_factory=list)
    web: str = ""
    """The web seat page's link (with the join code)."""
    code: str = ""
    autostart: bool = False
    """The game starts by itself once every seat is taken (said in the waiting room)."""
    status: str = ""
    """Connection trouble or a refusal, shown in the top bar; "" when fine."""


def scale_of(size: tuple[int, int]) -> float:
    return min(size[0] / BASE_W, size[1] / BASE_H)


def _rect(scale: float, x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x * scale), round(y * scale), round(w * scale), round(h * scale))


def _layout(size: tuple[int, int], scale: float, **panels: pygame.Rect) -> _FitLayout:
    def part(name: str) -> pygame.Rect:
        return panels.get(name, pygame.Rect(0, 0, 0, 0))
    return _FitLayout(size, scale, part("top"), part("rows"), part("market"), part("log"),
                      part("hand"), part("actions"))


def panels(size: tuple[int, int], players: int) -> dict[str, pygame.Rect]:
    """The display's panels for a window of `size`: the top bar, a seat column on
    the left, the rows, market and turn in the middle, the log on the right."""
    s = scale_of(size)
    out = {"top": _rect(s, 0, 0, 1920, 76), "rows": _rect(s, 624, 88, 860, 500),
           "market": _rect(s, 624, 598, 860, 290), "turn": _rect(s, 624, 898, 860, 170),
           "log": _rect(s, 1496, 88, 412, 980)}
    count = max(1, players)
    slot = min(320.0, (980 - 10 * (count - 1)) / count)
    for seat in range(count):
        out[f"seat{seat}"] = _rect(s, 12, 88 + seat * (slot + 10), 600, slot)
    return out


def draw(surface: pygame.Surface, board: Board) -> None:
    """The whole display for `board`."""
    size = surface.get_size()
    s = scale_of(size)
    places = panels(size, len(board.seats))
    surface.blit(art.table_background(size), (0, 0))
    _top(surface, board, places["top"], s)
    for seat in range(len(board.seats)):
        _seat(surface, board, seat, places[f"seat{seat}"], s)
    if board.view is None:
        _waiting(surface, board, places["rows"].union(places["turn"]), s)
    else:
        _rows_and_market(surface, board.view, places, s)
        _turn(surface, board, places["turn"], s)
    log_scale = s * MIN_TEXT / LOG_TEXT
    draw_log(surface, Canvas(_layout(size, log_scale, log=places["log"]), Animator()),
             board.log, 0)


def _px(s: float, value: float) -> int:
    return max(1, round(value * s))


def _text(s: float, value: float) -> int:
    """A text size of the design, never under `MIN_TEXT` at 1920x1080."""
    return _px(s, max(MIN_TEXT, value))


def _top(surface: pygame.Surface, board: Board, rect: pygame.Rect, s: float) -> None:
    surface.blit(art.panel(rect.size), rect)
    draw_label(surface, tr("title"), _text(s, 40), (rect.left + _px(s, 24), rect.centery),
               art.ACCENT, True, "midleft")
    view = board.view
    if view is not None:
        phase = tr_name("phase", phase=view["phase"])
        about = phase if view["phase"] in ("setup", "over") else \
            f"{tr('round', n=view['round'])} · {phase}"
        draw_label(surface, about, _text(s, 34), rect.center, art.TEXT_LIGHT, True, "center")
    if board.status:
        shown = fonts.fit(board.status, _text(s, 28), rect.w // 3)
        draw_label(surface, shown, _text(s, 28), (rect.right - _px(s, 24), rect.centery),
                   art.DANGER, False, "midright")


def name_of(board: Board, seat: int) -> str:
    """The seat's player as the host names them ("free" for an open seat)."""
    info = board.seats[seat] if seat < len(board.seats) else {}
    return str(info.get("name") or tr("lobby.empty"))


def _kind(info: dict[str, Any]) -> str:
    if info.get("kind") == "bot":
        return tr_name("ai_level", level=info.get("level"))
    return tr("human") if info.get("kind") == "human" else tr("lobby.empty")


def _seat(surface: pygame.Surface, board: Board, seat: int, rect: pygame.Rect,
          s: float) -> None:
    """One seat: name, kind and VP; then its public state, or a free seat's QR code."""
    info = board.seats[seat]
    view = board.view
    deciding = view is not None and seat in view["to_decide"]
    surface.blit(art.panel(rect.size, deciding), rect)
    pad = _px(s, 14)
    pygame.draw.rect(surface, art.SEAT_COLORS[seat],
                     (rect.left + pad, rect.top + pad, _px(s, 10), _px(s, 44)))
    left = rect.left + pad + _px(s, 22)
    size = _text(s, 36)
    free = info.get("kind") == "open"
    vp = tr("display.vp", vp=view["seats"][seat]["vp"]) if view is not None and not free else ""
    vp_rect = draw_label(surface, vp, size, (rect.right - pad, rect.top + pad - _px(s, 2)),
                         art.ACCENT, True, "topright") if vp else pygame.Rect(rect.right, 0, 0, 0)
    name = fonts.fit(tr("display.free") if free else name_of(board, seat), size,
                     vp_rect.left - left - pad, True)
    named = draw_label(surface, name, size, (left, rect.top + pad - _px(s, 2)),
                       art.TEXT_LIGHT, True)
    if free:
        _free_seat(surface, board, rect, s)
        return
    line = max(rect.top + pad + _px(s, 48), named.bottom, vp_rect.bottom)  # (larger text)
    tags = [_kind(info)]
    if deciding and view is not None:
        tags.append(tr("display.choosing_tag" if view["phase"] in ("setup", "cover")
                       else "display.turn_tag"))
    tagged = draw_label(surface, " · ".join(tags), _text(s, 28), (left, line),
                        art.HIGHLIGHT if deciding else art.TEXT_DIM)
    if view is not None:
        top = max(line + _px(s, 42), tagged.bottom + _px(s, 4))
        body = pygame.Rect(rect.left + pad, top, rect.w - 2 * pad, rect.bottom - pad - top)
        _public_state(surface, view["seats"][seat], body, s)


def _public_state(surface: pygame.Surface, info: SeatView, body: pygame.Rect,
                  s: float) -> None:
    """Face-up cards (a back for a secret one), materials, pesos, workers, the
    number of buildings built and the seat's number."""
    card_h = max(1, min(body.h, _px(s, 130)))
    card_w = round(card_h / 1.45)
    cards = list(info["face_up"])
    x = body.left
    for i in range(2):
        slot = pygame.Rect(x + i * (card_w + _px(s, 6)), body.top, card_w, card_h)
        if i < len(cards):
            surface.blit(card_face(cards[i], slot.size, detail=False), slot)
        elif info["has_face_down"]:
            surface.blit(card_back(slot.size), slot)
        else:
            pygame.draw.rect(surface, art.PANEL_EDGE, slot, 1, border_radius=_px(s, 5))
    left = body.left + 2 * card_w + _px(s, 20)
    icon, size = _px(s, 30), _text(s, 28)
    step = max(_px(s, 40), fonts.line_step(size, 1.1))
    items = [(m, info["materials"][m]) for m in materials()]
    lines = [items, [("pesos", info["pesos"]), ("workers", info["workers"])]]
    for row, entries in enumerate(lines):
        x, y = left, body.top + row * step
        for name, count in entries:
            surface.blit(tokens.resource_icon(name, icon), (x, y))
            label = draw_label(surface, str(count), size, (x + icon + _px(s, 4), y + icon // 2),
                               art.TEXT_LIGHT, True, "midleft")
            x = label.right + _px(s, 12)
        if row == 1:
            built = trn("display.built", len(info["built"]))
            number = f" · {info['number']:02d}" if info["number"] is not None else ""
            room = body.right - x - _px(s, 8)  # (a small window: the line shrinks to fit)
            fitted = fonts.fit_size(built + number, size, room, 1, False)
            draw_label(surface, built + number, fitted, (x + _px(s, 8), y + icon // 2),
                       art.TEXT_LIGHT, False, "midleft")


def _free_seat(surface: pygame.Surface, board: Board, rect: pygame.Rect, s: float) -> None:
    """A free seat: its QR code on the right, and to its left the link and the code."""
    pad = _px(s, 14)
    top = rect.top + pad + _px(s, 48)
    room = rect.bottom - pad - top
    if board.web:
        image = qr.surface(board.web, min(room, _px(s, 200)))
        spot = image.get_rect(bottomright=(rect.right - pad, rect.bottom - pad))
        surface.blit(image, spot)
        right = spot.left - pad
    else:
        right = rect.right - pad
    _join_text(surface, board, pygame.Rect(rect.left + pad + _px(s, 22), top,
                                           right - rect.left - pad - _px(s, 22), room), s)


def _join_text(surface: pygame.Surface, board: Board, area: pygame.Rect, s: float,
               center: bool = False) -> None:
    """"Scan to join", the link (wrapped) and the join code, from the top of `area`
    (a short panel leaves "Scan to join" to the QR code beside it, and a smaller
    window's text shrinks until the link and code fit)."""
    size = _text(s, 28)
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
    y = area.top
    for text, color, bold in lines:
        anchor, x = ("midtop", area.centerx) if center else ("topleft", area.left)
        draw_label(surface, text, size, (x, y), color, bold, anchor)
        y += step



def _waiting(surface: pygame.Surface, board: Board, area: pygame.Rect, s: float) -> None:
    """Before the game: how many seats are taken, the big QR code, link and code."""
    surface.blit(art.panel(area.size), area)
    taken = sum(1 for seat in board.seats if seat.get("kind") != "open")
    top = area.top + _px(s, 20)
    head = tr("display.waiting", taken=taken, players=len(board.seats)) if board.seats \
        else tr("lobby.waiting")
    head = fonts.fit(head, _text(s, 40), area.w - _px(s, 40), True)
    draw_label(surface, head, _text(s, 40), (area.centerx, top), art.ACCENT, True, "midtop")
    top += _px(s, 64)
    if board.autostart:
        draw_label(surface, tr("display.autostart"), _text(s, 28), (area.centerx, top),
                   art.TEXT_LIGHT, False, "midtop")
        top += _px(s, 48)
    if board.web:
        image = qr.surface(board.web, _px(s, 520))
        surface.blit(image, image.get_rect(midtop=(area.centerx, top)))
        top += image.get_height() + _px(s, 16)
        _join_text(surface, board, pygame.Rect(area.left + _px(s, 20), top,
                                               area.w - _px(s, 40), area.bottom - top), s, True)


def _rows_and_market(surface: pygame.Surface, view: View, places: dict[str, pygame.Rect],
                     s: float) -> None:
    """The table's rows and market, each at the scale that makes its smallest text
    `MIN_TEXT` pixels high at 1920x1080; the building cards fit the rows panel."""
    size = surface.get_size()
    rows_scale = s * MIN_TEXT / ROW_LABEL
    layout = _layout(size, rows_scale, rows=places["rows"])
    longest = max(1, *(len(row) for row in view["rows"]))
    inner = places["rows"].inflate(-layout.px(12), -layout.px(12))
    width = (inner.w - layout.px(26) - layout.px(8) * (longest - 1)) // longest
    height = (inner.h - layout.px(8)) // 2 - layout.px(8)
    card_w = max(1, min(width, layout.px(92), round(height * 92 / 128)))
    layout.card = (card_w, round(card_w * 128 / 92))
    draw_rows(surface, Canvas(layout, Animator()), view, "", None, set())
    market = _layout(size, s * MIN_TEXT / MARKET_CAPTION, market=places["market"])
    draw_market(surface, Canvas(market, Animator()), view)


def _turn(surface: pygame.Surface, board: Board, rect: pygame.Rect, s: float) -> None:
    """Whose turn it is, who is still choosing, or who won."""
    view = board.view
    assert view is not None
    surface.blit(art.panel(rect.size), rect)
    names = [name_of(board, seat) for seat in view["to_decide"]]
    if view["phase"] == "over":
        winners = [name_of(board, seat) for seat in view["winners"]]
        text = trn("results.winner", len(winners), names=", ".join(winners))
    elif view["phase"] in ("setup", "cover"):
        text = tr("display.choosing", names=", ".join(names))
    elif view["active"] is not None:
        text = tr("display.turn", name=name_of(board, view["active"]))
    else:
        text = ""
    size = _text(s, 40)
    lines = fonts.wrap(text, size, rect.w - _px(s, 40), True)[:2]
    y = rect.centery - len(lines) * fonts.line_step(size, 1.2) // 2
    for line in lines:
        draw_label(surface, line, size, (rect.centerx, y), art.ACCENT, True, "midtop")
        y += fonts.line_step(size, 1.2)
