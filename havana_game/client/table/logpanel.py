"""The game log's panel: the newest lines, scrolled back on request, with a scroll bar."""

from __future__ import annotations

import pygame

from ..ui import art, fonts
from ..ui.i18n import tr
from .canvas import Canvas, draw_label

LOG_TEXT = 12
"""Design size of the log's lines."""
BAR = 5
"""Design width of the seat color bar before a player's line."""


def draw_log(surface: pygame.Surface, canvas: Canvas, lines: list[str], scroll: int,
             area: pygame.Rect | None = None) -> None:
    """The last lines of the game log, newest at the bottom; `scroll` lines back;
    a scroll bar when older (or newer) lines are out of sight. A player's lines
    (`LogLine`) follow a bar in their seat's color, and the line opening their
    turn is in it, bold: the log reads turn by turn. `area`: where (by
    default the whole log panel)."""
    area = canvas.layout.log if area is None else area
    px = canvas.px
    if area.h < 2 * fonts.line_step(px(14), 1.3):
        return  # (a first game's hint in large text left no room under it)
    surface.blit(art.panel(area.size), area)
    draw_label(surface, tr("log"), px(14), (area.left + px(10), area.top + px(6)), art.ACCENT, True)
    size = px(LOG_TEXT)
    step = fonts.line_step(size, 1.3)
    wrapped: list[tuple[str, int | None, bool]] = []
    """Each wrapped line, the seat whose move it tells, whether it opens a turn."""
    firsts: set[int] = set()
    """The wrapped lines that begin a log line."""
    for line in lines[-120:]:
        seat, turn = getattr(line, "seat", None), getattr(line, "turn", False)
        firsts.add(len(wrapped))
        wrapped.extend((piece, seat, turn)
                       for piece in fonts.wrap(line, size, area.w - px(28) - px(BAR), turn))
    top = area.top + px(8) + fonts.line_step(px(14), 1.3)
    room = max(0, (area.bottom - px(6) - top) // step)
    end = max(min(room, len(wrapped)), len(wrapped) - scroll)
    start = max(0, end - room)
    firsts.add(len(wrapped))
    while end not in firsts and end > start + 1:  # no log line shown in part:
        end -= 1
    kept = start
    while start not in firsts and start < end - 1:  # the one at either edge goes
        start += 1
    first = top + (start - kept) * step  # (the others stay where they were)
    for i, (line, seat, turn) in enumerate(wrapped[start:end]):
        y = first + i * step
        color = art.ACCENT if line.startswith("—") else art.TEXT_LIGHT
        if seat is not None and seat < len(art.SEAT_COLORS):
            pygame.draw.rect(surface, art.SEAT_COLORS[seat],
                             (area.left + px(8), y + px(1), px(BAR) - px(3), step - px(2)))
            if turn:
                color = art.SEAT_COLORS[seat]
        surface.blit(fonts.text(line, size, color, turn), (area.left + px(10) + px(BAR), y))
    if start > 0 or end < len(wrapped):
        track = pygame.Rect(area.right - px(12), top, px(4), room * step)
        _scroll_bar(surface, track, start, end, len(wrapped))


def _scroll_bar(surface: pygame.Surface, track: pygame.Rect, start: int, end: int,
                total: int) -> None:
    """A thin bar: the track, and the thumb where lines `start`..`end` of `total` are."""
    pygame.draw.rect(surface, (28, 40, 36), track, border_radius=track.w // 2)
    thumb = track.copy()
    thumb.h = max(track.w * 2, track.h * (end - start) // max(1, total))
    thumb.top = track.top + (track.h - thumb.h) * start // max(1, total - (end - start))
    pygame.draw.rect(surface, art.TEXT_DIM, thumb, border_radius=track.w // 2)
