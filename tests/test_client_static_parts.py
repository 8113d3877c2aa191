"""The static table is drawn in parts (top bar, rows, market, log, seats, hand,
action panel, status line, guide, buttons), each redrawn only when what it shows
changes: a part draws nowhere but inside its bounds, and an animation that moves
only some seats' numbers and cards redraws those seats and nothing else."""

from __future__ import annotations

import pygame

from .test_client_frames import animating_table

MARK = (255, 0, 255)


def test_each_part_draws_only_inside_its_bounds(tmp_path):
    app, table = animating_table(tmp_path)
    checked = set()
    for i in range(200):
        app.frame(1 / 60, [])
        if i % 20:
            continue
        parts = table.drawing.plan()
        assert parts is not None
        for part in parts:
            surface = pygame.Surface(app.screen.get_size())
            surface.fill(MARK)
            part.draw(surface, table.drawing.canvas)  # type: ignore[arg-type]
            outside = surface.copy()
            for rect in part.bounds:
                outside.fill(MARK, rect)
            drawn = pygame.mask.from_threshold(outside, MARK, (1, 1, 1, 255))
            drawn.invert()
            assert not drawn.get_bounding_rects(), (part.name, part.bounds, i)
            checked.add(part.name.partition(":")[0])
    assert {"top", "rows", "market", "log", "seat", "hand", "panel", "buttons"} <= checked


def test_an_animation_redraws_only_the_seats_it_moves(tmp_path):
    """While only numbers count and cards flip (the frames of most animations),
    the rows, market, log, hand, top bar and action panel are not drawn again."""
    app, table = animating_table(tmp_path)
    drawing = table.drawing
    quiet = 0
    for _ in range(400):
        before = dict(drawing.parts)
        moving = drawing.part_draws.copy()
        app.frame(1 / 60, [])
        after = drawing.parts
        if before.keys() != after.keys():
            continue
        changed = {name for name, part in after.items() if before[name].key != part.key}
        if not changed or not all(name.startswith("seat:") for name in changed):
            continue
        quiet += 1
        drawn = drawing.part_draws - moving
        assert drawn["seat"] == len(changed), (changed, drawn)
        assert set(drawn) == {"seat"}, drawn
    assert quiet > 20  # enough frames where only seats moved
