"""The web seat page shows the game as the desktop does, from one source: its
presentation.js and presentation.css are what tools/web_presentation.py writes
from havana_game/data/presentation.json, its stylesheet types no material color,
and it orders payments by the same weights."""

from __future__ import annotations

import re

from havana_game import presentation
from havana_game.client.table.staging import payment_cost
from havana_game.content import find_edition
from tools import web_presentation


def test_the_pages_copy_of_the_vocabulary_is_up_to_date() -> None:
    for path, text in web_presentation.files().items():
        assert path.read_text("utf-8") == text, \
            f"{path.name} is out of date: python tools/web_presentation.py"


def test_the_stylesheet_leaves_the_materials_colors_to_the_vocabulary() -> None:
    style = (web_presentation.WEB / "style.css").read_text("utf-8")
    for name in presentation.material_colors():
        assert not re.search(rf"--{name}\s*:", style), name
    index = (web_presentation.WEB / "index.html").read_text("utf-8")
    assert index.index("presentation.css") < index.index("style.css")


def test_the_desktop_orders_payments_as_the_pages_node_test_expects() -> None:
    """tests/web/staging.test.mjs's case, on the desktop's side."""
    payments = [{"pay": {"gray": 4, "workers": 1}}, {"pay": {"gray": 5, "pesos": 5}},
                {"pay": {"red": 1, "pesos": 5}}, {"pay": {"red": 1, "yellow": 1}}]
    order = sorted(payments, key=payment_cost)
    assert order == [payments[3], payments[0], payments[2], payments[1]]
    assert presentation.payment_weights(find_edition("classic").names.costs) == (
        4, 4, 4, 4, 1, 1, 4)
