"""Quick reactions on the desktop table: the React button (or R) opens a row of
reactions over the hand, Enter on one sends it; the host tells the table, and a
bubble shows by the seat's panel until its seconds (the table's own time,
given to each frame) run out, the table waking for its going and resting after."""

from __future__ import annotations

import pygame

from havana_game.client.table.reactions import BUBBLE_FILL, SHOWN, Bubbles, Reactions
from havana_game.content import reactions

from .test_client_support import click, key, local_table, make_app, step, until, until_asked_alone


def _layer(table) -> Reactions:
    layer = table.layers.find(Reactions)
    assert layer is not None
    return layer


def _inside(box: pygame.Rect) -> tuple[int, int]:
    """A point of a bubble's fill: inside its right margin, halfway down."""
    return box.right - 4, box.centery


def test_a_reaction_sent_by_keyboard_shows_by_the_seat_and_goes_after_its_seconds(tmp_path):
    app = make_app(tmp_path)
    with local_table(app, ("human", "random")) as table:
        until_asked_alone(app, table)
        layer = _layer(table)
        assert table.link.reactions == reactions()
        assert "react" in table.controls() and "react:nice" not in table.controls()
        step(app, key(pygame.K_r))
        assert [name for name in table.controls() if name.startswith("react:")] == \
            [f"react:{r}" for r in reactions()]
        assert table.focus == "react:nice"
        step(app, key(pygame.K_ESCAPE))  # closes the row, and nothing else
        assert "react:nice" not in table.controls() and not table.paused
        step(app, key(pygame.K_r))
        step(app, key(pygame.K_RETURN))  # Enter on the focused reaction sends it
        assert "react:nice" not in table.controls()
        until(app, lambda: 0 in layer.bubbles.shown)
        assert layer.bubbles.shown[0][0] == "nice"
        step(app)
        assert 0 < table.wake_in() <= SHOWN  # the table wakes for the bubble's going
        box = layer.draw(pygame.Surface(app.screen.get_size()))[0]
        assert table.layout_.seats[0].colliderect(box)
        assert app.screen.get_at(_inside(box))[:3] == BUBBLE_FILL
        app.frame(SHOWN, [])  # the table's time moves on by the bubble's seconds
        step(app)
        assert not layer.bubbles.shown and layer.wake_in() is None
        rest = table.wake_in()  # (the table rests: nothing is due within the bubble's time)
        assert rest is None or rest > SHOWN
        assert app.screen.get_at(_inside(box))[:3] != BUBBLE_FILL


def test_the_row_opens_from_its_button_and_a_click_sends_one(tmp_path):
    app = make_app(tmp_path, (1920, 1080))
    with local_table(app, ("human", "random", "random")) as table:
        until_asked_alone(app, table)
        layer = _layer(table)
        step(app, click(table.controls()["react"]))
        assert layer.open
        step(app, click(table.controls()["react:well_played"]))
        assert not layer.open
        until(app, lambda: layer.bubbles.shown.get(0, ("", 0))[0] == "well_played")


def test_a_reaction_this_client_has_no_words_for_is_not_shown():
    bubbles = Bubbles()
    bubbles.add(1, "moonwalk")
    assert bubbles.shown == {} and bubbles.wake_in() is None
    bubbles.add(1, "wow")
    bubbles.age(SHOWN - 0.5)
    assert bubbles.wake_in() == 0.5
    bubbles.add(1, "ouch")  # a newer one of the same seat takes its place, afresh
    assert bubbles.shown == {1: ("ouch", SHOWN)}
    assert bubbles.age(SHOWN) and bubbles.shown == {}


def test_a_table_whose_host_relays_no_reactions_offers_none(tmp_path):
    """The engine in this process (no host, as the screenshots' tables): no React
    button, and R does nothing."""
    from havana_game.client.scenes.table import TableScene
    from havana_game.client.session.link import LocalLink

    app = make_app(tmp_path)
    table = TableScene(app, LocalLink(["human", "random"], ["Ana", "Bo"], seed=3))
    app.switch(table)
    until(app, lambda: table.view is not None)
    step(app, key(pygame.K_r))
    assert table.link.reactions == () and not _layer(table).open
    assert not any(name.startswith("react") for name in table.controls())
