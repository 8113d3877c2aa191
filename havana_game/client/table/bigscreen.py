"""The table display's drawing: the public table for a big screen, readable from
a couch (no text under `MIN_TEXT` pixels at 1920x1080, nothing cut at 1280x720;
the print on the action cards' faces aside, as on the table). The rows, the
market and the log are the table screen's own parts drawn at a larger scale,
the rows across the screen with building cards of the display's own
(`room_face`: name, VP and cost in text of `MIN_TEXT`); the seat
panels are the display's own: every seat's public state in large type, each
number saying what it counts, and a free seat's QR code, whose link takes that
seat on the web seat page. The moves fly as on the table (`motion_layout` gives
the table's animations the display's places), and a seat's quick reaction shows
in a bubble by its panel. Nothing here can show a secret: it draws a
spectator's view (no hand, no face-down card)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from net.host.web import seat_url

from ...rules import SeatView, View
from ..ui import art, fonts, qr, tokens
from ..ui.cards import card_back
from ..ui.i18n import tr, tr_name, trn
from ..ui.tween import Animator
from .animations import BuildingFace
from .canvas import Canvas, card_face, draw_label, room_building
from .edition import materials
from .layout import TableLayout
from .logpanel import LOG_TEXT, draw_log
from .market import draw_market
from .reactions import Bubbles, draw_bubble, reaction_text
from .rows import Face, draw_rows

BASE_W, BASE_H = 1920, 1080
"""The display's design size."""
MIN_TEXT = 28
"""The smallest text on the display at 1920x1080, in pixels."""
MIN_SHRUNK = 12
"""The smallest text a free seat's link and code shrink to in a small window."""
SEAT_W = 480
"""The seat column's design width (the rest of the screen's width is the rows')."""
BUBBLE_RIGHT = 150
"""Design pixels from a seat panel's right edge to its reaction's bubble (room for the VP)."""
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
class _MotionLayout(_FitLayout):
    """The display's places for the table's animations: its rows as drawn, its
    market's slots as the market's own scale draws them, its seat panels."""

    market_at: TableLayout | None = None

    def market_slot(self, name: str) -> pygame.Rect:
        return self.market_at.market_slot(name) if self.market_at is not None \
            else super().market_slot(name)


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
    animator: Animator = field(default_factory=Animator)
    """The moves in flight (`motion_layout`), drawn over the board; VP count up."""
    hidden: set[str] = field(default_factory=set)
    """Buildings dealt into the rows and still in flight (not drawn there yet)."""
    bubbles: Bubbles = field(default_factory=Bubbles)
    """The seats' quick reactions shown."""


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
    the left, the rows right of it across the rest of the screen (six cards a row
    whose longest word of a name fits at `MIN_TEXT`), under them the market with
    the turn under it, and the log."""
    s = scale_of(size)
    out = {"top": _rect(s, 0, 0, 1920, 76), "rows": _rect(s, 504, 88, 1404, 572),
           "market": _rect(s, 504, 670, 860, 290), "turn": _rect(s, 504, 970, 860, 98),
           "log": _rect(s, 1376, 670, 532, 398)}
    count = max(1, players)
    slot = min(320.0, (980 - 10 * (count - 1)) / count)
    for seat in range(count):
        out[f"seat{seat}"] = _rect(s, 12, 88 + seat * (slot + 10), SEAT_W, slot)
    return out


def draw(surface: pygame.Surface, board: Board) -> list[pygame.Rect]:
    """The whole display for `board`, then what moves over it (the flights, the
    reactions' bubbles): where those went."""
    size = surface.get_size()
    s = scale_of(size)
    places = panels(size, len(board.seats))
    surface.blit(art.table_background(size), (0, 0))
    _top(surface, board, places["top"], s)
    for seat in range(len(board.seats)):
        _seat(surface, board, seat, places[f"seat{seat}"], s)
    if not board.seats:
        _opening(surface, board, places, s)
    log = places["log"]
    if board.view is None:  # (the log then as high as the waiting room, beside it)
        log = pygame.Rect(log.left, places["rows"].top, log.w, log.bottom - places["rows"].top)
        rows = places["rows"]
        _waiting(surface, board, pygame.Rect(rows.left, rows.top, places["market"].w,
                                             places["turn"].bottom - rows.top), s)
    else:
        _rows_and_market(surface, board, places, s)
        _turn(surface, board, places["turn"], s)
    log_scale = s * MIN_TEXT / LOG_TEXT
    draw_log(surface, Canvas(_layout(size, log_scale, log=log), Animator()), board.log, 0)
    return board.animator.draw(surface) + _bubbles(surface, board, places, s)


def motion_layout(size: tuple[int, int], board: Board) -> TableLayout:
    """Where the moves of the view shown fly on the display (the table's
    `animations.EventAnimator` takes it for the table's layout)."""
    places = panels(size, len(board.seats))
    rows = _rows_layout(size, board.view, places) if board.view is not None \
        else _layout(size, scale_of(size), rows=places["rows"])
    layout = _MotionLayout(size, rows.scale, places["top"], places["rows"], places["market"],
                           places["log"], pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0),
                           card=rows.card,
                           market_at=_market_layout(size, places))
    layout.seats = {seat: places[f"seat{seat}"] for seat in range(len(board.seats))}
    return layout


def _bubbles(surface: pygame.Surface, board: Board, places: dict[str, pygame.Rect],
             s: float) -> list[pygame.Rect]:
    """Each seat's reaction shown, on its panel's name line, left of the VP."""
    drawn = []
    for seat, (reaction, _) in sorted(board.bubbles.shown.items()):
        spot = places.get(f"seat{seat}")
        text = reaction_text(reaction)
        if spot is not None and text is not None:
            anchor = (spot.right - _px(s, BUBBLE_RIGHT), spot.top + _px(s, 8))
            drawn.append(draw_bubble(surface, text, _text(s, 32), anchor, tail=False))
    return drawn


def _opening(surface: pygame.Surface, board: Board, places: dict[str, pygame.Rect],
             s: float) -> None:
    """Before the host told the seats (the table's host still starting): the seat
    column says so rather than standing empty."""
    column = pygame.Rect(places["top"].left + _px(s, 12), places["rows"].top, _px(s, SEAT_W),
                         places["turn"].bottom - places["rows"].top)
    surface.blit(art.panel(column.size), column)
    text = board.status or tr("display.opening")
    size, y = _text(s, 28), column.top + _px(s, 20)
    for line in fonts.wrap(text, size, column.w - _px(s, 40)):
        draw_label(surface, line, size, (column.left + _px(s, 20), y), art.TEXT_LIGHT)
        y += fonts.line_step(size, 1.25)


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
    """The seat's player as the host names them ("Player 3" for a seat with no
    name: an open one, played meanwhile by a stand-in)."""
    info = board.seats[seat] if seat < len(board.seats) else {}
    return str(info.get("name") or f"{tr('player.default')} {seat + 1}")


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
    if info.get("kind") == "open":
        _free_seat(surface, board, seat, rect, _seat_code(board, rect, s), s)
        return
    vp = tr("display.vp", vp=board.animator.value(f"vp:{seat}", view["seats"][seat]["vp"])) \
        if view is not None else ""
    vp_rect = draw_label(surface, vp, size, (rect.right - pad, rect.top + pad - _px(s, 2)),
                         art.ACCENT, True, "topright") if vp else pygame.Rect(rect.right, 0, 0, 0)
    named = draw_label(surface, fonts.fit(name_of(board, seat), size,
                                          vp_rect.left - left - pad, True), size,
                       (left, rect.top + pad - _px(s, 2)), art.TEXT_LIGHT, True)
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
    """Face-up cards (a back for a secret one); materials; pesos, workers and the
    buildings built; the seat's number in the turn order, each number said what
    it counts (the materials' by their icons). The cards give way to the numbers
    (ten pesos or more, a dozen stones): no number is ever smaller."""
    icon, size = _px(s, 28), _text(s, 28)
    step = max(_px(s, 40), fonts.line_step(size, 1.1))
    items = [(m, info["materials"][m]) for m in materials()]
    lines = [items, [("pesos", info["pesos"]), ("workers", info["workers"])]]
    built = trn("display.built", len(info["built"]))
    number = tr("display.number", number=f"{info['number']:02d}") \
        if info["number"] is not None else ""

    def across(entries: list[tuple[str, int]]) -> int:
        return sum(icon + _px(s, 10) + fonts.font(size, True).size(str(count))[0]
                   for _, count in entries)
    words = max(across(items), across(lines[1]) + _px(s, 8) + fonts.font(size).size(built)[0],
                fonts.font(size).size(number)[0])
    card_w = max(1, min(round(min(body.h, _px(s, 100)) / 1.45),
                        (body.w - words - _px(s, 26)) // 2))
    card_h = round(card_w * 1.45)
    cards = list(info["face_up"])
    for i in range(2):
        slot = pygame.Rect(body.left + i * (card_w + _px(s, 6)), body.top, card_w, card_h)
        if i < len(cards):
            surface.blit(card_face(cards[i], slot.size, detail=False), slot)
        elif info["has_face_down"]:
            surface.blit(card_back(slot.size), slot)
        else:
            pygame.draw.rect(surface, art.PANEL_EDGE, slot, 1, border_radius=_px(s, 5))
    left = body.left + 2 * card_w + _px(s, 20)
    for row, entries in enumerate(lines):
        x, y = left, body.top + row * step
        for name, count in entries:
            surface.blit(tokens.resource_icon(name, icon), (x, y))
            label = draw_label(surface, str(count), size, (x + icon + _px(s, 4), y + icon // 2),
                               art.TEXT_LIGHT, True, "midleft")
            x = label.right + _px(s, 6)
        if row == 1:
            _words(surface, built, size,
                   pygame.Rect(x + _px(s, 8), y, body.right - x - _px(s, 8), icon))
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
    pad = _px(s, 14)
    side = min(rect.h - 2 * pad, _px(s, 240))
    return pygame.Rect(rect.right - pad - side, rect.top + pad, side, side)


def _free_seat(surface: pygame.Surface, board: Board, seat: int, rect: pygame.Rect,
               code: pygame.Rect | None, s: float) -> None:
    """A free seat: in `code` the QR code of the link that takes this very seat
    (`seat_url`); to its left "Free seat" (on two lines if need be), "Scan to take
    this seat" and the join code (a short panel leaves "Scan to take this seat"
    to the QR code, as `_join_text` does)."""
    pad = _px(s, 14)
    right = rect.right - pad
    if code is not None:
        image = qr.surface(seat_url(board.web, seat), code.w)
        surface.blit(image, image.get_rect(center=code.center))
        right = code.left - pad
    left = rect.left + pad + _px(s, 22)
    free = tr("display.free")  # (on one line down to `MIN_TEXT`, else on two)
    one_line = fonts.fit_size(free, _text(s, 36), right - left, 1, True)
    big, title = fonts.fit_whole(free, max(one_line, _text(s, MIN_TEXT)), right - left, True)
    top = rect.top + pad - _px(s, 2)
    for line in title:
        draw_label(surface, line, big, (left, top), art.TEXT_LIGHT, True)
        top += fonts.line_step(big, 1.1)
    top = max(top + _px(s, 4), rect.top + pad + _px(s, 48))
    area = pygame.Rect(left, top, right - left, rect.bottom - pad - top)
    size = _text(s, 28)
    lines = [(line, art.TEXT_LIGHT, False) for line in fonts.wrap(tr("display.scan_seat"), size,
                                                                    area.w)]
    lines += [(line, art.ACCENT, True)
              for line in fonts.wrap_whole(tr("display.code", code=board.code), size, area.w,
                                           True)]  # (the code broken only at its hyphens)
    if len(lines) * fonts.line_step(size, 1.25) > area.h + fonts.line_step(size, 1.25) // 4:
        lines = [line for line in lines if line[1] != art.TEXT_LIGHT]
    _lines(surface, lines, size, area, s)


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
    _lines(surface, lines, size, area, s, center)


def _lines(surface: pygame.Surface, lines: list[tuple[str, art.Color, bool]], size: int,
           area: pygame.Rect, s: float, center: bool = False) -> None:
    """Lines of (text, color, bold) from the top of `area`, as many as it holds."""
    step = fonts.line_step(size, 1.25)
    y = area.top
    for text, color, bold in lines:
        if y + step > area.bottom + step // 4:
            break
        anchor, x = ("midtop", area.centerx) if center else ("topleft", area.left)
        draw_label(surface, text, size, (x, y), color, bold, anchor)
        y += step


def _waiting(surface: pygame.Surface, board: Board, area: pygame.Rect, s: float) -> None:
    """Before the game: how many seats are taken (on two lines if need be), the
    big QR code (smaller in a small window), the link and the code under it."""
    surface.blit(art.panel(area.size), area)
    taken = sum(1 for seat in board.seats if seat.get("kind") != "open")
    head = tr("display.waiting", taken=taken, players=len(board.seats)) if board.seats \
        else tr("lobby.waiting")
    width = area.w - _px(s, 40)
    big, small = _text(s, 40), _text(s, 28)
    y = area.top + _px(s, 20)
    for line in fonts.wrap(head, big, width, True):
        draw_label(surface, line, big, (area.centerx, y), art.ACCENT, True, "midtop")
        y += fonts.line_step(big, 1.15)
    y += _px(s, 10)
    if board.autostart:
        for line in fonts.wrap(tr("display.autostart"), small, width):
            draw_label(surface, line, small, (area.centerx, y), art.TEXT_LIGHT, False, "midtop")
            y += fonts.line_step(small, 1.2)
    if board.web:
        under = 4 * fonts.line_step(small, 1.25)  # "Scan to join", the link (2 lines), the code
        image = qr.surface(board.web, max(1, min(_px(s, 520),
                                                 area.bottom - _px(s, 28) - under - y)))
        surface.blit(image, image.get_rect(midtop=(area.centerx, y + _px(s, 8))))
        y += image.get_height() + _px(s, 24)
        _join_text(surface, board, pygame.Rect(area.left + _px(s, 20), y,
                                               area.w - _px(s, 40), area.bottom - y), s, True)


def _rows_layout(size: tuple[int, int], view: View,
                 places: dict[str, pygame.Rect]) -> _FitLayout:
    """The rows at the scale that makes their labels `MIN_TEXT` pixels high at
    1920x1080, the building cards (`room_face`) filling the rows panel (a row of
    up to six as wide as it holds, as high as half the panel holds)."""
    rows_scale = scale_of(size) * MIN_TEXT / ROW_LABEL
    layout = _layout(size, rows_scale, rows=places["rows"])
    longest = max(6, *(len(row) for row in view["rows"]))
    inner = places["rows"].inflate(-layout.px(12), -layout.px(12))
    width = (inner.w - layout.px(26) - layout.px(8) * (longest - 1)) // longest
    height = (inner.h - layout.px(8)) // 2 - layout.px(8)
    layout.card = (max(1, width), max(1, height))
    return layout


def room_face(size: tuple[int, int], letters: bool = False) -> Face:
    """The display's building cards in a window of `size`: every text on them
    `MIN_TEXT` pixels high at 1920x1080 (`canvas.room_building`)."""
    text = _text(scale_of(size), MIN_TEXT)
    return lambda surface, rect, ident: room_building(surface, rect, ident, text, letters)


def flying_face(size: tuple[int, int]) -> BuildingFace:
    """The display's building card as a surface of its own (one in flight)."""
    def face(ident: str, card: tuple[int, int], letters: bool) -> pygame.Surface:
        surface = pygame.Surface(card, pygame.SRCALPHA)
        room_face(size, letters)(surface, surface.get_rect(), ident)
        return surface
    return face


def _market_layout(size: tuple[int, int], places: dict[str, pygame.Rect]) -> _FitLayout:
    """The market at the scale that makes its captions `MIN_TEXT` pixels high at 1920x1080."""
    return _layout(size, scale_of(size) * MIN_TEXT / MARKET_CAPTION, market=places["market"])


def _rows_and_market(surface: pygame.Surface, board: Board, places: dict[str, pygame.Rect],
                     s: float) -> None:
    """The table's rows (but the buildings still flying in) and market."""
    view = board.view
    assert view is not None
    size = surface.get_size()
    rows = _rows_layout(size, view, places)
    draw_rows(surface, Canvas(rows, Animator()), view, "", None, board.hidden,
              room_face(size))
    draw_market(surface, Canvas(_market_layout(size, places), Animator()), view)


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
