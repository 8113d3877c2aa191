"""Smaller things players met (issue 21): each with the fix's own test."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from havana_game.ai.hint import hint_for
from havana_game.client.profile.settings import Settings
from havana_game.client.scenes.newgame import NewGameScene
from havana_game.client.scenes.replay import ReplayScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.headless import advanced_game
from havana_game.client.session.netlink import NetLink
from havana_game.client.session.replay import Replay
from havana_game.client.table import hand as hand_panel
from havana_game.client.table import rows
from havana_game.client.table.canvas import Canvas
from havana_game.client.table.hints import HintService
from havana_game.client.table.layout import table_layout
from havana_game.client.table.logtext import log_line
from havana_game.client.table.model import TableModel
from havana_game.client.table.targets import RowEnd
from havana_game.client.ui import art, tokens
from havana_game.client.ui.i18n import set_language, tr, trn
from havana_game.client.ui.tween import Animator
from havana_game.saves import game_to_document

from .seeds import HOST_SEED
from .test_client_support import (
    act_once,
    click,
    key,
    local_table,
    make_app,
    settle,
    step,
    until,
    until_asked_alone,
)


def table_message(kinds: list[str]) -> dict[str, Any]:
    return {"type": "table", "names": ["Ana", "Benito", "Carmen"], "status": "playing",
            "seats": [{"seat": s, "kind": kind, "name": n, "connected": kind == "human"}
                      for s, (kind, n) in enumerate(zip(kinds, ["Ana", "Benito", "Carmen"],
                                                        strict=True))]}


def test_hotseat_players_taking_their_own_seats_is_not_logged():
    model = TableModel([0, 1])
    # each hotseat connection sees the seats fill in, in its own order
    model.feed([table_message(["human", "open", "open"]),
                table_message(["human", "human", "open"]),
                table_message(["human", "open", "open"]),
                table_message(["human", "human", "open"])])
    assert model.notices == []
    set_language("en")
    names = ["Ana", "Benito", "Carmen"].__getitem__
    # who sits down is the host's `seated` event: the first players' go unsaid,
    # a newcomer during the game is news
    assert log_line({"kind": "seated", "data": {"seat": 1, "name": "Benito", "version": 0}},
                    names) is None
    assert log_line({"kind": "seated", "data": {"seat": 2, "name": "Carmen", "version": 9}},
                    names) == tr("log.seat_taken", name="Carmen")


def test_the_tax_collectors_log_says_where_the_worker_goes():
    set_language("en")
    names = ["Ana", "Benito"].__getitem__
    worker = log_line({"kind": "taxed", "data": {"seat": 0, "victim": 1, "take": "worker"}},
                      names)
    assert worker == tr("log.taxed.worker", name="Ana", victim="Benito")
    assert "bank" in worker and "from Benito" not in worker
    brick = log_line({"kind": "taxed", "data": {"seat": 0, "victim": 1, "take": "brown"}}, names)
    assert brick is not None and "box" in brick and "from Benito" not in brick


def test_the_hint_line_goes_with_the_pause_menu_and_with_its_suggestion(tmp_path):
    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    table.asks.hints = HintService(lambda view: hint_for(view, budget_ms=30))
    app.switch(table)
    try:
        until_asked_alone(app, table)  # no bot's choice will change the question
        assert "hint" in table.controls()
        step(app, key(pygame.K_h))
        until(app, lambda: table.asks.hint_text not in ("", tr("hint.thinking")))
        assert table.panel.hint_line() == table.asks.hint_text
        table.input.toggle_pause()  # the pause menu (its dim layer) is up
        table.relayout()
        step(app)
        assert table.panel.hint_line() == "" and table.drawing.static_key.hint == ""
        table.input.toggle_pause()
        table.relayout()
        step(app)
        assert table.panel.hint_line() == table.asks.hint_text
        table.controller.undo()  # the player clears the suggestion
        step(app)
        assert table.panel.hint_line() == "" and table.drawing.static_key.hint == ""
    finally:
        table.close()


def test_a_scrolled_log_says_new_lines_came_and_follows_again(tmp_path):
    app = make_app(tmp_path, (1600, 900))
    with local_table(app) as table:
        until_asked_alone(app, table)
        assert table.layout_ is not None
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
        table.mouse = table.layout_.log.center
        step(app, [wheel])
        assert table.flow.log_scroll == 2 and "log_newest" not in table.controls()
        act_once(app, table)  # a decision, then the bot's moves: new lines while scrolled back
        until(app, lambda: table.flow.log_unread > 0)
        until_asked_alone(app, table)
        before = table.flow.log_unread
        assert "log_newest" in table.controls()
        shown = table.button("log_newest")
        assert shown is not None and shown.label == trn("log.newer", before)
        step(app, click(table.controls()["log_newest"]))
        assert table.flow.log_scroll == 0 and table.flow.log_unread == 0
        assert "log_newest" not in table.controls()
        table.flow.log_scroll, table.flow.log_unread = 3, 4  # scrolled back, with news again
        act_once(app, table)  # the player plays: the log follows the game again
        assert table.flow.log_scroll == 0 and table.flow.log_unread == 0


def test_the_can_build_outline_shows_only_in_the_build_step(tmp_path, monkeypatch):
    with local_table(make_app(tmp_path)) as table:
        view = table.view
    layout = table_layout((1600, 900), 2, 0)
    monkeypatch.setattr(rows, "can_afford", lambda view, ident: True)
    colors = {}
    for highlight in ("", "build"):
        surface = pygame.Surface((1600, 900))
        drawn = Canvas(layout, Animator())
        rows.draw_rows(surface, drawn, view, highlight, None, set())
        end = drawn.targets[RowEnd(0, "left")]
        colors[highlight] = tuple(surface.get_at((end.left - drawn.px(3), end.centery)))[:3]
    assert colors["build"] == art.HIGHLIGHT
    assert colors[""] == rows.END_OUTLINE  # covering a card, say: nothing to build yet


def test_a_replay_names_the_watched_player_instead_of_you(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    set_language("en")
    game = advanced_game(2, 5, 3).game
    replay = Replay(game_to_document(game), ["Ana", "Benito"])
    scene = ReplayScene(app, replay, index=replay.length // 2, seat=1)
    app.switch(scene)
    drawn: list[str] = []
    label = hand_panel.draw_label
    monkeypatch.setattr(hand_panel, "draw_label", lambda surface, text, *rest, **kw: (
        drawn.append(text), label(surface, text, *rest, **kw))[1])
    settle(app, 0.05)
    scene.flow.fast_forward(99)
    scene.drawing.static = None  # drawn again from scratch
    step(app)
    hand = next(text for text in drawn if text.startswith("Hand of "))
    assert hand.startswith("Hand of Benito")
    assert not any(text.startswith(("Your hand", "Your turn")) or "Your turn" in text
                   for text in drawn)


def test_new_game_remembers_the_player_count_and_ai_levels(tmp_path):
    app = make_app(tmp_path)
    first = NewGameScene(app)
    app.switch(first)
    step(app, click(first.controls()["players:3"]))
    while first.kinds[1] != "hard":
        step(app, click(first.controls()["kind:1"]))
    step(app, click(first.controls()["edition"]))
    chosen = (first.players, first.kinds[:3], first.edition)
    step(app, click(first.controls()["start"]))
    table = app.scene
    assert isinstance(table, TableScene)
    table.close()

    app.settings = Settings.load()  # as the next start of the program reads them
    again = NewGameScene(app)
    assert (again.players, again.kinds[:again.players], again.edition) == chosen


def test_a_stale_remembered_setup_is_ignored(tmp_path):
    app = make_app(tmp_path)
    app.settings.last_seats = ["human", "no-such-level"]
    assert NewGameScene(app).players == 4


def test_f11_goes_back_to_where_the_window_was_and_never_off_screen(tmp_path):
    from havana_game.client.app import place_window, window_position

    from .test_client_support import make_app
    app = make_app(tmp_path)
    if window_position() is None:
        pytest.skip("this video driver cannot place windows")
    place_window((40, 30))
    before = window_position()  # (x moved in if the desktop is narrower than the window)
    assert before is not None and before[1] == 30
    for _ in range(2):
        app.toggle_fullscreen()
        assert app.fullscreen
        app.toggle_fullscreen()
        assert not app.fullscreen and window_position() == before
    place_window((9000, 9000))  # never off the desktop
    x, y = window_position()
    w, h = app.screen.get_size()
    desk_w = sum(d[0] for d in pygame.display.get_desktop_sizes())
    desk_h = max(d[1] for d in pygame.display.get_desktop_sizes())
    assert 0 <= x <= max(0, desk_w - w) and 0 <= y <= max(0, desk_h - h)


def test_the_2024_white_material_stands_out_on_a_cream_card(tmp_path):
    from havana_game.client.ui import art

    from .test_client_support import make_app
    make_app(tmp_path)

    def luminance(color: tuple[int, ...]) -> float:
        linear = [(c / 255 / 12.92) if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4
                  for c in color[:3]]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    for size in (14, 20, 34):
        token = tokens.material("white", size)
        pixels = [token.get_at((x, y)) for x in range(size) for y in range(size)]
        opaque = [p for p in pixels if p.a == 255]
        darkest = min(luminance(p) for p in opaque)
        contrast = (luminance(art.PAPER) + 0.05) / (darkest + 0.05)
        assert contrast >= 4.5, (size, contrast)
        edge = sum(1 for p in opaque if luminance(p) < 0.1)
        assert edge >= 2 * size, "a visible outline, not a hairline"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_2024_cards_keep_their_spanish_names_with_the_player_s_words_under_them(
        tmp_path, language):
    from havana_game.client.table import edition
    from havana_game.client.table.canvas import card_tooltip
    from havana_game.client.ui.i18n import card_meaning, set_language
    from havana_game.content import find_edition

    from .test_client_support import make_app
    make_app(tmp_path)
    set_language(language)
    before = edition._current[0]
    try:
        edition._current[0] = find_edition("edition2024")
        index = next(i for i in range(13) if edition.card(i).name == "arquitecto")
        title, meaning = card_tooltip(index).split("\n")[:2]
        assert "Arquitecto" in title
        assert meaning == f"({card_meaning('arquitecto')})"
        assert card_meaning("arquitecto") == {"en": "Architect", "ru": "Архитектор"}[language]
        assert card_meaning("siesta") is None  # the same word: nothing to add
    finally:
        edition._current[0] = before
        set_language("en")
