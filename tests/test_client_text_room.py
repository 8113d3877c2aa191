"""Every screen in every language at every text size from 100 % to 150 %, at
1280x720 and 1920x1080 (issues #21, #46): no text is cut short (an ellipsis, or a
wrapped text drawn without all its lines), runs off the window, into another
text, or across the edge of a button or a picture (an icon, a card, a panel).
Besides the still screens, the lesson chooser, the code note of a picked LAN
host, the results' charts, Statistics with a game counted,
every lesson step's box, and every prompt, refusal, log line, hint, question and
tooltip of the catalogs drawn where the game draws them (`textpieces`): 24
renders, about a second of work each; `tools/text_audit.py` prints what it finds."""

from __future__ import annotations

from typing import Any

import pytest

from havana_game.client.profile.settings import TEXT_SIZES
from havana_game.client.shots import text_problems
from havana_game.i18n import LANGUAGES
from tests.test_client_support import make_app

SIZES = ((1280, 720), (1920, 1080))
AUDITED_TEXT_SIZES = (1.0, 1.3, 1.5)


def test_the_largest_text_size_is_150_percent() -> None:
    assert max(TEXT_SIZES) == 1.5 and set(AUDITED_TEXT_SIZES) <= set(TEXT_SIZES)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", AUDITED_TEXT_SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_has_room(tmp_path: Any, language: str, text_size: float,
                             size: tuple[int, int]) -> None:
    make_app(tmp_path, size)  # (an empty profile in tmp_path)
    found = {name: problems for name, problems in
             text_problems(size, language, text_size).items() if problems}
    assert not found, "\n".join(f"{name}: {p}" for name, ps in found.items() for p in ps)


def test_the_audit_finds_a_text_cut_short_or_with_lines_left_out() -> None:
    """The audit can fail: a name overrunning the room its card gives it, and a
    wrapped text drawn without its last line (as the action panel's prompt was,
    three lines at the most), are found."""
    import pygame

    from havana_game.client.ui import fonts
    from havana_game.client.ui.textaudit import TextLog, problems, recording, traced

    pygame.init()
    log = TextLog()
    size = (400, 300)
    text = "Choose which face-up card to cover and the card from your hand to lay on it"
    with recording(log):
        surface = traced(size, log)
        lines = fonts.wrap(text, 14, 150)
        for i, line in enumerate(lines[:2]):
            surface.blit(fonts.text(line, 14), (10, 10 + 20 * i))
        fonts.fit_block(text, 14, 12, 150, 40, True)  # (a name on a card, in two lines)
    found = problems(log, pygame.Rect((0, 0), size), [])
    assert f"lines left out: {text!r}" in found and f"cut on a card: {text!r}" in found
    log.clear()
    with recording(log):
        surface = traced(size, log)
        for i, line in enumerate(fonts.wrap(text, 14, 150)):
            surface.blit(fonts.text(line, 14), (10, 10 + 20 * i))
    assert problems(log, pygame.Rect((0, 0), size), []) == []


def test_a_text_too_long_for_its_box_comes_back_whole_never_with_an_ellipsis() -> None:
    """`fonts.fit_block` gives every line of a text that does not fit its box even
    at its floor (its caller makes room); `fit_lines` sets a name smaller on one
    line, then on as many lines as it takes, at the largest size that allows."""
    import pygame

    from havana_game.client.shots import LONGEST_NAMES
    from havana_game.client.ui import fonts

    pygame.init()
    text = "Palace of the Captains General"
    block = fonts.fit_block(text, 12, 9, 60, 20, True)
    assert block.height > 20 and block.size == 9
    assert "".join(block.lines).replace("-", "").replace(" ", "") == text.replace(" ", "")
    for name in LONGEST_NAMES:
        wide = fonts.font(20, True).size(name)[0]
        one = fonts.fit_lines(name, 20, 16, wide * 17 // 20, True)
        assert one.lines == (name,) and one.size < 20
        two = fonts.fit_lines(name, 20, 16, wide * 2 // 3, True)
        assert len(two.lines) == 2 and " ".join(two.lines) == name and two.size == 20
    assert not any("…" in line for line in block.lines + one.lines + two.lines)


def test_a_text_field_shows_the_end_of_a_long_value_where_the_caret_is() -> None:
    import pygame

    from havana_game.client.shots import LONGEST_NAMES
    from havana_game.client.ui import fonts, widgets
    from havana_game.client.ui.textaudit import TextLog, recording, traced

    pygame.init()
    log = TextLog()
    field = widgets.TextField("name", pygame.Rect(10, 10, 160, 36), LONGEST_NAMES[0],
                              active=True, max_length=32)
    with recording(log):
        field.draw(traced((200, 60), log))
    shown = [p.value for p in log.placed]
    assert shown[0].endswith("Hohenbergen|") and LONGEST_NAMES[0].endswith(shown[0][:-1])
    assert fonts.font(fonts.fit_size(shown[0], 16, 150, 1)).size(shown[0])[0] <= 150


def test_the_pieces_draw_every_key_of_their_families() -> None:
    """Every prompt, refusal, log line, hint, question and tooltip of the catalogs
    is drawn by a piece (`textpieces`), in each language, so a new one is audited."""
    import pygame

    from havana_game.client.textpieces import catalog_keys, family, pieces

    pygame.init()
    names = {name for name, _ in pieces((1280, 720))}
    keys = [key for key, _ in catalog_keys()]
    for prefix in ("prompt.", "error.", "why.", "hint.cover_", "takeback.", "leave."):
        assert any(k.startswith(prefix) for k in keys)
    for piece in ("panel", "hint"):
        assert {f"{piece} {key}" for key, _ in family(piece)} <= names
    assert {"prompt.cover", "prompt.pay", "takeback.note", "closed.note"} <= \
        {key for piece in ("panel", "question") for key, _ in family(piece)}
    assert sum(name.startswith("recap ") for name in names) * 5 >= len(family("recap"))


def test_the_log_never_shows_a_line_in_part_however_far_it_is_scrolled() -> None:
    """A log line wrapped over several lines shows whole or not at all, at the top
    of the panel as at its bottom, at every scroll position."""
    import pygame

    from havana_game.client.table.canvas import Canvas
    from havana_game.client.table.layout import table_layout
    from havana_game.client.table.logpanel import draw_log
    from havana_game.client.ui.textaudit import TextLog, problems, recording, traced
    from havana_game.client.ui.tween import Animator

    pygame.init()
    size = (1280, 720)
    layout = table_layout(size, 2, 0)
    lines = [f"{n}: Benito takes 2 yellow, 1 brown, 2 gray and 3 pesos in turn {n}"
             if n % 3 else f"{n}: Ana plays Mama" for n in range(40)]  # (no two lines alike)
    log = TextLog()
    with recording(log):
        for scroll in range(0, 60, 1):
            surface = traced(size, log)
            draw_log(surface, Canvas(layout, Animator()), lines, scroll)
            shown = [p.value for p in sorted(log.placed, key=lambda p: p.ink.top)][1:]
            assert problems(log, pygame.Rect((0, 0), size), []) == [], scroll  # (the last)
            assert shown[0][0].isdigit(), (scroll, shown[0])  # the first line begins one
            log.clear()


def test_the_audit_finds_a_button_whose_words_shrink_back_at_a_larger_text_size() -> None:
    import pygame

    from havana_game.client.ui import fonts
    from havana_game.client.ui.textaudit import shrunk_labels
    from havana_game.client.ui.widgets import Button, grown

    pygame.init()
    try:
        fonts.set_text_scale(1.5)
        narrow = Button("new", pygame.Rect(0, 0, 170, 46), "Nouvelle partie locale", print)
        wide = Button("new", pygame.Rect(0, 0, grown(340), 46), "Nouvelle partie locale",
                      print)
        assert shrunk_labels([narrow]) and shrunk_labels([wide]) == []
    finally:
        fonts.set_text_scale(1.0)
