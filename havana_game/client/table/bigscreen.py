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

from dataclasses import dataclass

import pygame

from ...rules import View
from ..ui import art, fonts, qr
from ..ui.i18n import tr, tr_name, trn
from ..ui.tween import Animator
from .animations import BuildingFace
from .bigboard import MIN_TEXT, Board, fitted, name_of, px, scale_of, text_size
from .bigseats import join_text, seat_panel, seat_places
from .canvas import Canvas, draw_label, room_building
from .layout import TableLayout
from .logpanel import LOG_TEXT, draw_log
from .market import draw_market, market_lacks
from .reactions import draw_bubble, reaction_text
from .rows import Face, draw_rows

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


def _rect(scale: float, x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x * scale), round(y * scale), round(w * scale), round(h * scale))


def _layout(size: tuple[int, int], scale: float, **panels: pygame.Rect) -> _FitLayout:
    def part(name: str) -> pygame.Rect:
        return panels.get(name, pygame.Rect(0, 0, 0, 0))
    return _FitLayout(size, scale, part("top"), part("rows"), part("market"), part("log"),
                      part("hand"), part("actions"))


def panels(size: tuple[int, int], players: int, turn: float = 0.0,
           wide_turn: bool = False) -> dict[str, pygame.Rect]:
    """The display's panels for a window of `size`: the top bar, a seat column on
    the left, the rows right of it across the rest of the screen (six cards a row
    whose longest word of a name fits at `MIN_TEXT`), under them the market
    (higher where its captions take two lines, `_market_growth`) with the turn
    under it, and the log. Where the turn's lines need it (`_turn_room`) the turn
    panel runs under the log too (`wide_turn`, the log that much shorter), and
    is `turn` design pixels higher, taken from the market's foot. A seat's panel
    is higher for a larger text where the column has room (fewer than three seats)."""
    s = scale_of(size)
    grow = _market_growth(size, turn)
    log_h = 398 + grow - ((TURN_H + turn + 10) if wide_turn else 0)
    out = {"top": _rect(s, 0, 0, 1920, 76), "rows": _rect(s, 504, 88, 1404, ROWS_H - grow),
           "market": _rect(s, 504, 670 - grow, 860, MARKET_H + grow - turn),
           "turn": _rect(s, 504, 970 - turn, 1404 if wide_turn else 860, TURN_H + turn),
           "log": _rect(s, 1376, 670 - grow, 532, log_h)}
    count = max(1, players)
    slot = min(320.0 * fonts.text_scale(), (980 - 10 * (count - 1)) / count)
    for seat in range(count):
        out[f"seat{seat}"] = _rect(s, 12, 88 + seat * (slot + 10), SEAT_W, slot)
    return out


def board_panels(size: tuple[int, int], board: Board) -> dict[str, pygame.Rect]:
    """The display's panels for `board` (`panels`), the turn panel as wide and
    high as its lines need (`_turn_room`)."""
    return panels(size, len(board.seats), *_turn_room(size, board))


TURN_H = 98
"""The turn panel's design height where its lines fit it."""


ROWS_H, MARKET_H = 572, 290
"""The design heights of the rows and the market where the market's captions
take one line."""


def _market_growth(size: tuple[int, int], turn: float = 0.0) -> float:
    """The design pixels the market takes from the rows above it: what its
    captions on two lines lack (`market_lacks`: a caption too wide for its slot,
    in French or at a larger text), its foot's `turn` design pixels given to
    the turn panel under it (three players' long names choosing, `_turn_room`)."""
    s = scale_of(size)
    market = _rect(s, 504, 670, 860, MARKET_H - turn)
    return market_lacks(_market_layout(size, {"market": market})) / s


def draw(surface: pygame.Surface, board: Board) -> list[pygame.Rect]:
    """The whole display for `board`, then what moves over it (the flights, the
    reactions' bubbles): where those went."""
    size = surface.get_size()
    s = scale_of(size)
    places = board_panels(size, board)
    surface.blit(art.table_background(size), (0, 0))
    _top(surface, board, places["top"], s)
    seats, look = seat_places(board, [places[f"seat{seat}"] for seat in range(len(board.seats))],
                              s)
    for seat, rect in enumerate(seats):
        seat_panel(surface, board, seat, rect, s, look)
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
    places = board_panels(size, board)
    rows = _rows_layout(size, board.view, places) if board.view is not None \
        else _layout(size, scale_of(size), rows=places["rows"])
    layout = _MotionLayout(size, rows.scale, places["top"], places["rows"], places["market"],
                           places["log"], pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0),
                           card=rows.card,
                           market_at=_market_layout(size, places))
    seats, _ = seat_places(board, [places[f"seat{seat}"] for seat in range(len(board.seats))],
                           scale_of(size))
    layout.seats = dict(enumerate(seats))
    return layout


def _bubbles(surface: pygame.Surface, board: Board, places: dict[str, pygame.Rect],
             s: float) -> list[pygame.Rect]:
    """Each seat's reaction shown, on its panel's name line, left of the VP."""
    drawn = []
    for seat, (reaction, _) in sorted(board.bubbles.shown.items()):
        spot = places.get(f"seat{seat}")
        text = reaction_text(reaction)
        if spot is not None and text is not None:
            anchor = (spot.right - px(s, BUBBLE_RIGHT), spot.top + px(s, 8))
            drawn.append(draw_bubble(surface, text, text_size(s, 32), anchor, tail=False))
    return drawn


def _opening(surface: pygame.Surface, board: Board, places: dict[str, pygame.Rect],
             s: float) -> None:
    """Before the host told the seats (the table's host still starting): the seat
    column says so rather than standing empty."""
    column = pygame.Rect(places["top"].left + px(s, 12), places["rows"].top, px(s, SEAT_W),
                         places["turn"].bottom - places["rows"].top)
    surface.blit(art.panel(column.size), column)
    text = board.status or tr("display.opening")
    size, y = text_size(s, 28), column.top + px(s, 20)
    for line in fonts.wrap(text, size, column.w - px(s, 40)):
        draw_label(surface, line, size, (column.left + px(s, 20), y), art.TEXT_LIGHT)
        y += fonts.line_step(size, 1.25)


def _top(surface: pygame.Surface, board: Board, rect: pygame.Rect, s: float) -> None:
    """The title; in the middle the round and phase, or while there is one a
    connection trouble or a refusal (`_status`)."""
    surface.blit(art.panel(rect.size), rect)
    title = draw_label(surface, tr("title"), text_size(s, 40),
                       (rect.left + px(s, 24), rect.centery), art.ACCENT, True, "midleft")
    view = board.view
    if board.status:
        left, right = title.right + px(s, 24), rect.right - px(s, STATUS_RIGHT[view is None])
        _status(surface, board.status, pygame.Rect(left, rect.top, right - left, rect.h), s)
    elif view is not None:
        phase = tr_name("phase", phase=view["phase"])
        about = phase if view["phase"] in ("setup", "over") else \
            f"{tr('round', n=view['round'])} · {phase}"
        draw_label(surface, about, text_size(s, 34), rect.center, art.TEXT_LIGHT, True, "center")


STATUS_RIGHT = {False: 268, True: 552}
"""Design pixels from the top bar's right end to the status's, during the game
(left of Back) and before it (left of Start too)."""


def _status(surface: pygame.Surface, status: str, area: pygame.Rect, s: float) -> None:
    """The status in the middle of `area`, wrapped and smaller if need be."""
    size, lines = fitted(status, text_size(s, 28), fonts.readable(text_size(s, MIN_TEXT)),
                         area.w, area.h)
    step = fonts.line_step(size, 1.25)
    y = area.centery - len(lines) * step // 2
    for line in lines:
        draw_label(surface, line, size, (area.centerx, y), art.DANGER, False, "midtop")
        y += step


def _waiting(surface: pygame.Surface, board: Board, area: pygame.Rect, s: float) -> None:
    """Before the game: how many seats are taken (on two lines if need be), the
    big QR code (smaller in a small window), the link and the code under it."""
    surface.blit(art.panel(area.size), area)
    taken = sum(1 for seat in board.seats if seat.get("kind") != "open")
    head = tr("display.waiting", taken=taken, players=len(board.seats)) if board.seats \
        else tr("lobby.waiting")
    width = area.w - px(s, 40)
    big, small = text_size(s, 40), text_size(s, 28)
    y = area.top + px(s, 20)
    for line in fonts.wrap(head, big, width, True):
        draw_label(surface, line, big, (area.centerx, y), art.ACCENT, True, "midtop")
        y += fonts.line_step(big, 1.15)
    y += px(s, 10)
    if board.autostart:
        for line in fonts.wrap(tr("display.autostart"), small, width):
            draw_label(surface, line, small, (area.centerx, y), art.TEXT_LIGHT, False, "midtop")
            y += fonts.line_step(small, 1.2)
    if board.web:
        under = 4 * fonts.line_step(small, 1.25)  # "Scan to join", the link (2 lines), the code
        image = qr.surface(board.web, max(1, min(px(s, 520),
                                                 area.bottom - px(s, 28) - under - y)))
        surface.blit(image, image.get_rect(midtop=(area.centerx, y + px(s, 8))))
        y += image.get_height() + px(s, 24)
        join_text(surface, board, pygame.Rect(area.left + px(s, 20), y,
                                               area.w - px(s, 40), area.bottom - y), s, True)


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
    text = text_size(scale_of(size), MIN_TEXT)
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
    draw_market(surface, Canvas(_market_layout(size, places), Animator()), view, True)


def _turn_text(board: Board) -> str:
    """Whose turn it is, who is still choosing, or who won ("" between turns)."""
    view = board.view
    assert view is not None
    if view["phase"] == "over":
        winners = [name_of(board, seat) for seat in view["winners"]]
        return trn("results.winner", len(winners), names=", ".join(winners))
    if view["phase"] in ("setup", "cover"):
        names = [name_of(board, seat) for seat in view["to_decide"]]
        return tr("display.choosing", names=", ".join(names))
    if view["active"] is not None:
        return tr("display.turn", name=name_of(board, view["active"]))
    return ""


def _turn_lines(board: Board, rect: pygame.Rect, s: float) -> tuple[int, tuple[str, ...]]:
    """(size, lines): the turn panel's text wrapped to `rect`, smaller (down to
    `MIN_TEXT`) where its lines do not fit it (at that size, all of them)."""
    return fitted(_turn_text(board), text_size(s, 40), fonts.readable(text_size(s, MIN_TEXT)),
                  rect.w - px(s, 40), rect.h, True, 1.2)


TURN_PAD = 6
"""Design pixels a grown turn panel keeps above and under its lines."""


def _turn_room(size: tuple[int, int], board: Board) -> tuple[float, bool]:
    """(higher, wide): where the turn's lines at `MIN_TEXT` are higher than the
    turn panel (three players' long names choosing, at a larger text), the panel
    runs under the log too, and is as many design pixels higher as they still
    need."""
    if board.view is None:
        return 0.0, False
    s = scale_of(size)
    for wide in (False, True):
        rect = panels(size, len(board.seats), 0.0, wide)["turn"]
        text, lines = _turn_lines(board, rect, s)
        high = len(lines) * fonts.line_step(text, 1.2)
        if high <= rect.h:
            return 0.0, wide
    return (high + px(s, 2 * TURN_PAD) - rect.h) / s, True


def _turn(surface: pygame.Surface, board: Board, rect: pygame.Rect, s: float) -> None:
    """Whose turn it is, who is still choosing, or who won: wrapped, and smaller
    (down to `MIN_TEXT`) where the lines do not fit the panel (which grows where
    they do not at that size, `_turn_room`)."""
    surface.blit(art.panel(rect.size), rect)
    size, lines = _turn_lines(board, rect, s)
    y = rect.centery - len(lines) * fonts.line_step(size, 1.2) // 2
    for line in lines:
        draw_label(surface, line, size, (rect.centerx, y), art.ACCENT, True, "midtop")
        y += fonts.line_step(size, 1.2)
