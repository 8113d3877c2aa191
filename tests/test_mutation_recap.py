"""`havana_game/client/table/recap.py` where its other tests let mutants live
(issue 47): which events a seat's recap tells (from the start of the game when
the seat never decided, never the seat's own, whoever's step they came in),
what `Recap.of` keeps (the newest lines, how long it stays, each robbery's
arrow once), how tall the panel is, and the robbery arrow itself, measured on
a real surface: drawn between two seats one above the other (seats 1 and 2 of
three), at four times the design size so that a design pixel is four."""

from __future__ import annotations

import pygame
import pytest

from havana_game.client.table.layout import table_layout
from havana_game.client.table.logtext import names_text
from havana_game.client.table.recap import (
    LONGEST,
    MOST_LINES,
    PER_LINE,
    SECONDS,
    TEXT,
    Recap,
    Step,
    decider,
    retold_steps,
    since_last_decision,
)
from havana_game.client.ui import art, fonts
from havana_game.client.ui.i18n import tr

from .test_client_support import make_app

NAME = ["Ana", "Bo", "Caro"].__getitem__


def _event(kind: str, **data) -> dict:
    return {"kind": kind, "data": data}


def test_a_seat_that_never_decided_is_told_everything_from_the_start():
    first = _event("pesos_taken", seat=1, source="bank", count=2)
    second = _event("action", seat=1, card=0)
    steps = [Step(1, [first]), Step(None, [_event("round_started", round=1, order=[1, 0])]),
             Step(1, [second])]
    assert since_last_decision(steps, 0) == [first, steps[1].events[0], second]


def test_a_round_the_seats_own_move_began_is_told_as_when_retold():
    """Ana covers the last card: her update brings the next round's start. Her
    recap tells it, as it does from the same history retold after a resume."""
    covered = _event("card_covered", seat=0, card=3)
    begun = _event("round_started", round=4, order=[1, 0])
    taken = _event("pesos_taken", seat=1, source="market", count=2)
    live = [Step(0, [covered, begun]), Step(1, [_event("action", seat=1, card=2), taken])]
    assert since_last_decision(live, 0) == [begun, live[1].events[0], taken]
    assert since_last_decision(retold_steps([covered, begun, *live[1].events]), 0) == \
        since_last_decision(live, 0)
    assert since_last_decision(live, 1) == []


def test_the_recap_leaves_out_the_seats_own_events_whoever_decided_their_step():
    """Bo's robbery tells Ana's loss to the others; Ana's own events (a taking
    back of her discards that Bo's step brought) are not told to her."""
    mine = _event("discards_taken_back", seat=0, count=3)
    theirs = _event("pesos_stolen", seat=1, victim=0, count=2)
    steps = [Step(0, [_event("action", seat=0, card=1)]), Step(1, [theirs, mine])]
    assert since_last_decision(steps, 0) == [theirs]
    assert since_last_decision(steps, 2) == [steps[0].events[0], theirs, mine]


def test_a_recap_keeps_the_newest_lines_and_stays_longer_for_more_of_them():
    events = [_event("pesos_taken", seat=1, source="market", count=n + 1)
              for n in range(MOST_LINES + 3)]
    recap = Recap.of(events, 0, NAME)
    assert recap is not None
    assert len(recap.lines) == MOST_LINES
    assert recap.lines == Recap.of(events[3:], 0, NAME).lines  # the newest, in order
    assert recap.left == LONGEST
    short = Recap.of(events[:2], 0, NAME)
    assert short is not None and short.left == pytest.approx(SECONDS + 2 * PER_LINE)
    assert short.lines[0][1] == 1 and short.arrows == []


def test_a_recap_draws_each_robbery_once_in_order_and_tells_a_round_with_no_actor():
    robbed = [_event("pesos_stolen", seat=2, victim=0, count=1),
              _event("taxed", seat=1, victim=2, take="pesos"),
              _event("pesos_stolen", seat=2, victim=0, count=2)]
    order = _event("round_started", round=3, order=[2, 1, 0])
    recap = Recap.of([order, *robbed], 0, NAME)
    assert recap is not None and recap.arrows == [(2, 0), (1, 2)] and recap.seat == 0
    assert recap.lines[0] == (tr("recap.order", n=3, names=names_text(["Caro", "Bo", "Ana"])),
                              None)
    assert Recap.of([], 0, NAME) is None and Recap.of([order], 0, NAME) is None


@pytest.fixture
def big(tmp_path):
    """A window four times the design size, with three seats (1 and 2 one above
    the other), its layout and a black surface."""
    make_app(tmp_path)  # (pygame and the fonts, as the game sets them up)
    layout = table_layout((5120, 2880), 3, 0)
    assert layout.scale == 4
    start, end = layout.seat_anchor(1), layout.seat_anchor(2)
    assert start[0] == end[0] and start[1] < end[1]  # one above the other
    return layout, pygame.Surface(layout.size)


def _colored(surface: pygame.Surface, x: int, y: int) -> bool:
    return surface.get_at((x, y))[:3] == art.SEAT_COLORS[1][:3]


def test_the_robbery_arrow_runs_from_the_actor_to_short_of_the_victim(big):
    """Seat 1 robbed seat 2, below it: a shaft 6 design pixels wide from seat 1's
    anchor, then a head 22 long and 2 x 0.6 x 22 wide, its tip 20 short of seat
    2's anchor, all in seat 1's color."""
    layout, surface = big
    (x, top), (_, bottom) = layout.seat_anchor(1), layout.seat_anchor(2)
    drawn = Recap._arrow(surface, layout, 1, 2)
    tip = bottom - layout.px(20)
    base = tip - layout.px(22)
    half = 0.6 * layout.px(22)
    middle = (top + base) // 2
    row = [nx for nx in range(x - 100, x + 100) if _colored(surface, nx, middle)]
    assert len(row) == layout.px(6) and abs(sum(row) / len(row) - x) <= 1  # the shaft
    assert _colored(surface, x, top + 2) and not _colored(surface, x, top - 3)
    assert _colored(surface, x, tip - 3) and not _colored(surface, x, tip + 3)  # the tip
    assert not _colored(surface, x, (tip + bottom) // 2)
    for side in (-1, 1):  # near the tip only the head's point: the shaft ends at its base
        assert not _colored(surface, x + side * (layout.px(6) // 2 - 2), tip - 8)
    for side in (-1, 1):  # the head: as wide as it should be at its base, and no wider
        assert _colored(surface, round(x + side * (half - 5)), base + 3)
        assert not _colored(surface, round(x + side * (half + 5)), base + 3)
        assert not _colored(surface, round(x + side * (half - 5)), base - 3)
    assert drawn.top <= top and drawn.bottom >= tip and drawn.w >= 2 * half - 2
    assert drawn.centerx in range(x - 1, x + 2)


def test_an_arrow_from_a_seat_to_itself_is_nothing_and_draw_returns_every_arrow(big):
    layout, surface = big
    (x, y) = layout.seat_anchor(1)
    assert Recap._arrow(surface, layout, 1, 1) == pygame.Rect(x, y, 0, 0)
    assert not any(_colored(surface, x + dx, y + dy) for dx in (-5, 0, 5) for dy in (-5, 0, 5))
    recap = Recap(0, [("Bo robs Caro", 1)], 5.0, [(1, 2), (1, 7)])  # (no seat 7: no arrow)
    drawn = recap.draw(surface, layout)
    assert drawn.contains(Recap._arrow(pygame.Surface(layout.size), layout, 1, 2))
    assert drawn.contains(recap.rect(layout))


def test_the_panel_grows_by_one_line_step_a_line_and_has_room_around_its_text(tmp_path):
    make_app(tmp_path)
    layout = table_layout((1280, 720), 2, 0)
    px = layout.px
    step = fonts.line_step(px(TEXT), 1.35)
    heights = [Recap(0, [("Bo takes 1 peso", 1)] * n, 5.0).rect(layout).h for n in (1, 2, 3)]
    assert heights[1] - heights[0] == heights[2] - heights[1] == step
    text = fonts.line_step(px(18), 1.3) + step + fonts.line_step(px(12), 1.3)
    assert heights[0] >= text + px(20)  # margins above the title and below the skip note
    box = Recap(0, [("Bo takes 1 peso", 1)], 5.0).rect(layout)
    assert box.w == layout.rows.w - px(40) and box.centerx == layout.rows.centerx
    assert box.top == layout.rows.top + px(14)


def test_decider_is_the_first_seat_that_acted_and_a_retold_history_is_a_step_an_event():
    turn = _event("turn_started", seat=1)
    took = _event("pesos_taken", seat=2, source="bank", count=1)
    assert decider([turn, took, _event("action", seat=0, card=1)]) == 2
    assert decider([turn, _event("market_supplied", materials=[], pesos=3)]) is None
    assert decider([_event("action", seat="1", card=1)]) == 1
    steps = retold_steps([turn, took])
    assert [(step.seat, step.events) for step in steps] == [(None, [turn]), (2, [took])]


def _color_in(surface: pygame.Surface, area: pygame.Rect, color) -> bool:
    """Some pixel of `area` has exactly `color` (a glyph's inside, a filled shape)."""
    area = area.clip(surface.get_rect())
    return any(surface.get_at((x, y))[:3] == tuple(color)[:3]
               for y in range(area.top, area.bottom) for x in range(area.left, area.right))


def test_the_panel_shows_its_title_each_line_after_its_actors_color_and_how_to_skip(tmp_path):
    make_app(tmp_path)
    layout = table_layout((1280, 720), 3, 0)
    px = layout.px
    surface = pygame.Surface(layout.size)
    recap = Recap(0, [("Bo takes 1 peso", 1), ("Round 2", None), ("Caro takes 2 pesos", 2)], 5.0)
    box = recap.rect(layout)
    assert recap.draw(surface, layout) == box  # (no robbery: no arrow)
    above = px(12) + fonts.line_step(px(18), 1.3)
    step = fonts.line_step(px(TEXT), 1.35)
    title = pygame.Rect(box.left + px(16), box.top + px(12), px(200), px(18))
    assert _color_in(surface, title, art.ACCENT)
    for row, actor in enumerate((1, None, 2)):
        y = box.top + above + row * step
        swatch = pygame.Rect(box.left + px(16), y + px(3), px(14), step - px(6))
        if actor is None:
            assert not any(_color_in(surface, swatch, color) for color in art.SEAT_COLORS)
        else:
            assert surface.get_at(swatch.center)[:3] == tuple(art.SEAT_COLORS[actor])[:3]
            assert surface.get_at((swatch.right + px(2), swatch.centery))[:3] != \
                tuple(art.SEAT_COLORS[actor])[:3]
        assert _color_in(surface, pygame.Rect(box.left + px(40), y, px(150), step),
                         art.TEXT_LIGHT)
    assert not _color_in(surface, pygame.Rect(box.left, box.top + above + 3 * step,
                                              box.w, px(4)), art.TEXT_LIGHT)
    skip = pygame.Rect(box.right - px(14) - px(200), box.bottom - px(8) - px(14), px(200), px(14))
    assert _color_in(surface, skip, art.TEXT_DIM)
    margins = [pygame.Rect(box.right - px(13), box.top, px(13), box.h),  # right and below it
               pygame.Rect(box.left, box.bottom - px(7), box.w, px(7))]
    assert not any(_color_in(surface, margin, art.TEXT_DIM) for margin in margins)


def test_a_long_recap_shows_the_newest_lines_that_fit_the_window_whole(tmp_path):
    make_app(tmp_path)
    layout = table_layout((1280, 720), 2, 0)
    px = layout.px
    step = fonts.line_step(px(TEXT), 1.35)
    lines = [(f"Bo takes {n} pesos", 1) for n in range(60)]
    shown = Recap(0, lines, 5.0).shown(layout)
    assert [wrapped for wrapped, _ in shown] == [(text,) for text, _ in lines[-len(shown):]]
    box = Recap(0, lines, 5.0).rect(layout)
    room = layout.size[1] - px(80)
    assert box.h <= room < box.h + step  # one line more would not fit
    long = [("Bo " + "takes 1 peso and " * 30 + "more", 1)] * 3
    wrapped = Recap(0, long, 5.0).shown(layout)
    assert len(wrapped[-1][0]) > 1  # wrapped to the panel's width
    assert Recap(0, long, 5.0).rect(layout).h <= room
