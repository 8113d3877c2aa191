"""Screens lay out without overlapping panels from 1280x720 to 3840x2160, and
the table's parts fit their room: turn-order chips, seat titles, the hand, the
opponents' column, tooltips, building cards, the join screen's fields."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pygame
import pytest

from havana_game import i18n
from havana_game.client.profile.settings import TEXT_SIZES
from havana_game.client.scenes.join import JoinScene
from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.newgame import NewGameScene
from havana_game.client.scenes.saved import SavedGamesScene
from havana_game.client.scenes.settings import SettingsScene
from havana_game.client.shots import LONGEST_NAMES, table_scene
from havana_game.client.table import hand, seats
from havana_game.client.table.canvas import Canvas
from havana_game.client.table.layout import table_layout
from havana_game.client.table.topbar import top_bar
from havana_game.client.ui import buildings, fonts, widgets
from havana_game.client.ui.tween import Animator
from havana_game.content import classic_rules

from .test_client_support import make_app

SIZES = [(1280, 720), (3840, 2160), (1920, 1080), (1280, 1024)]


def _no_overlap(rects: dict) -> None:
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_panels_do_not_overlap(size, players):
    for you in (0, players - 1, None):
        layout = table_layout(size, players, you)
        panels = layout.panels()
        _no_overlap(panels)
        for rect in panels.values():
            assert pygame.Rect((0, 0), size).contains(rect)
        for row in (0, 1):
            cards = {i: layout.row_card(row, i, 6) for i in range(6)}
            _no_overlap(cards)
            assert all(layout.rows.contains(c) for c in cards.values())
        assert all(layout.market.contains(layout.market_slot(n)) for n in
                   ("red", "gray", "pesos", "workers", "bag", "pile"))


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_screens_controls_do_not_overlap(tmp_path, size):
    app = make_app(tmp_path, size)
    for scene in (MenuScene(app), NewGameScene(app), SettingsScene(app), SavedGamesScene(app)):
        app.switch(scene)
        app.frame(0.0, [])
        _no_overlap(scene.controls())
    scene = table_scene(app, 4, 11, 3)
    app.frame(0.0, [])
    buttons = {b.name: b.rect for b in scene.buttons}
    _no_overlap(buttons)
    homes = {"menu": scene.layout_.top, "guide": scene.layout_.log}
    for name, rect in buttons.items():
        assert homes.get(name, scene.layout_.actions).contains(rect), name


LONG_NAMES = ["Maximiliano Fernánde", "Александра Петровна", "Jean-Christophe Dupo",
              "Maria da Conceição S"]


@pytest.fixture
def language_and_text_size() -> Iterator[Callable[[str, float], None]]:
    """Switch language and text size for a test; back to English at 100 % after."""
    def switch(language: str, text_size: float) -> None:
        i18n.set_language(language)
        fonts.set_text_scale(text_size)
    yield switch
    switch("en", 1.0)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1280, 1024)])
@pytest.mark.parametrize("language", ["ru", "pt"])
@pytest.mark.parametrize("text_size", [1.0, 1.3])
@pytest.mark.parametrize("buttons", [1, 2, 3])
def test_turn_order_chips_fit_between_the_title_and_the_goal(tmp_path, size, language,
                                                              text_size, buttons,
                                                              language_and_text_size):
    """The goal stays clear of the bar's buttons: Menu, Hint and Take back where allowed."""
    language_and_text_size(language, text_size)
    app = make_app(tmp_path, size)
    scene = table_scene(app, 4, 1, 3)
    layout = scene.layout_
    title, chips, goal = top_bar(layout, scene.view, LONG_NAMES, buttons)
    assert len(chips) == 4
    row = [title.rect, *(chip.rect for chip in chips), goal.rect]
    for left, right in itertools.pairwise(row):
        assert left.right < right.left, f"{left} runs into {right}"
    assert goal.rect.right < layout.top_button(buttons - 1).left
    assert scene.button("menu").rect == layout.top_button(0)
    for chip in chips:
        assert layout.top.contains(chip.rect)
        assert fonts.font(chip.size, True).size(chip.text)[0] < chip.rect.w
        assert chip.tip == "" or any(name in chip.tip for name in LONG_NAMES)
        named = [name for name in LONG_NAMES if name in chip.text]
        assert "…" not in chip.text and (named or chip.tip), "a name whole, or none"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_own_seat_title_wraps_a_long_name_whole_with_its_status(tmp_path, monkeypatch, language,
                                                                language_and_text_size):
    """A name as long as a name may be is set smaller, then wraps onto more lines
    if need be (the header grows): never cut, the status after it whole."""
    language_and_text_size(language, 1.3)
    app = make_app(tmp_path)
    scene = table_scene(app, 4, 1, 3)
    view = dict(scene.view, active=scene.view["you"], phase="actions")
    drawn: list[str] = []
    real = seats.draw_label

    def label(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(seats, "draw_label", label)
    canvas = Canvas(scene.layout_, Animator())
    name = LONGEST_NAMES[1]  # (32 wide letters)
    seats.draw_seat(app.screen, canvas, view, view["you"], name, True, True)
    title = " ".join(i18n.gettext("seat.turn", name=name).split())  # (as wrapped)
    at = next(i for i, text in enumerate(drawn) if text in title)
    shown = [text for text in drawn[at:at + 4] if text in title]
    assert " ".join(shown) == title, drawn


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1280, 1024)])
def test_hand_cards_overlap_only_when_they_must(tmp_path, size):
    layout = table_layout(size, 4, 0)
    canvas = Canvas(layout, Animator())
    for count in range(1, 14):
        rects = hand.hand_rects(canvas, list(range(count)), set())
        assert all(layout.hand.contains(r) for r in rects)
        room = layout.hand.w - layout.px(20)
        apart = sum(r.w for r in rects) + layout.px(hand.HAND_GAP) * (count - 1) <= room
        if count <= 5:
            assert apart, f"{count} cards overlap"
        for left, right in itertools.pairwise(rects):
            visible = right.left - left.left
            assert visible >= min(left.w, layout.px(30)), f"{count} cards: {visible} px shown"
            if apart:
                assert not left.colliderect(right)


def test_one_opponent_gets_the_whole_column():
    two = table_layout((1280, 720), 2, 0)
    four = table_layout((1280, 720), 4, 0)
    assert two.seats[1].h > 2 * four.seats[1].h
    three = table_layout((1280, 720), 3, 0)
    assert three.seats[1].h == three.seats[2].h > four.seats[1].h
    assert three.seats[2].bottom == four.seats[3].bottom


def test_tooltips_are_as_wide_as_their_text():
    short = widgets.tooltip_surface("red: 1", 13)
    long = widgets.tooltip_surface("Take half (rounded up) of the market's colored materials, "
                                   "colors of your choice, and half of its gray.", 13)
    assert short.get_width() < 13 * 8 < long.get_width() <= 13 * 23


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("text_size", [1.0, 1.3])
def test_building_cards_keep_their_cost_icons_and_names_apart(language, text_size,
                                                              language_and_text_size):
    """Every building's name ends above its cost, and the cost icons keep their
    size even for five kinds of cost (three rows)."""
    language_and_text_size(language, text_size)
    layout = table_layout((1280, 720), 4, 0)
    w, h = layout.card_size()
    for b in classic_rules().buildings:
        parts = buildings.building_parts(i18n.gettext(f"building.{b.id}"), b.cost, (w, h))
        assert parts.name_bottom <= parts.cost_top, b.id
        assert parts.icon_size >= int(w * 0.2) * 0.85, b.id
        assert parts.picture.h >= h * 0.2, b.id


def test_line_spacing_grows_with_the_text_size(language_and_text_size):
    for text_size in TEXT_SIZES:
        language_and_text_size("en", text_size)
        for size in (12, 14, 16):
            assert fonts.line_step(size, 1.2) >= fonts.font(size).get_height()


def test_join_fields_are_centered_and_named(tmp_path):
    app = make_app(tmp_path)
    scene = JoinScene(app)
    app.switch(scene)
    app.frame(0.0, [])
    center = app.screen.get_width() // 2
    for text_field in scene.fields:
        assert text_field.rect.centerx == center and text_field.label
    labelled = {f.name: f.rect.inflate(0, 22).move(0, -11) for f in scene.fields}
    _no_overlap(labelled)
    name = scene.fields[-1]
    assert (name.value or name.placeholder) == app.settings.shown_name()


def test_new_game_names_each_ai_level_it_seats_in_one_line(tmp_path):
    from havana_game.client.scenes.newgame import NewGameScene
    from havana_game.client.ui.i18n import tr

    app = make_app(tmp_path)
    scene = NewGameScene(app)
    scene.kinds = ["human", "hard", "easy", "hard"]
    app.switch(scene)
    assert scene.levels_playing() == ["hard", "easy"]
    assert scene.button("kind:1").tooltip == tr("ai.about.hard")
    scene.players = 2
    assert scene.levels_playing() == ["hard"]


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_replay_controls_fit_the_action_panel(tmp_path, size, language,
                                              language_and_text_size):
    import random

    from havana_game.client.scenes.replay import ReplayScene
    from havana_game.client.session.replay import Replay
    from havana_game.game import Game
    from havana_game.rules import legal_decisions
    from havana_game.saves import game_to_document

    language_and_text_size(language, 1.3)
    game = Game.new(classic_rules(), 3, 17)
    rng = random.Random(17)
    while game.state.outcome() is None:
        seat = game.state.deciders()[0]
        game.play(seat, rng.choice(legal_decisions(game.state, seat)))
    app = make_app(tmp_path, size)
    scene = ReplayScene(app, Replay(game_to_document(game), ["Ana", "Bo", "Cy"]), 20, 1)
    app.switch(scene)
    app.frame(0.0, [])
    controls = {b.name: b.rect for b in scene.buttons}
    _no_overlap(controls)
    for name, rect in controls.items():
        home = scene.layout_.top if name == "menu" else scene.layout_.actions
        assert home.contains(rect), name


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_dozen_buildings_fit_every_seat_panel(tmp_path, size):
    """Twelve buildings: the player's own as whole cards (in two rows if need be),
    each opponent's as VP tiles, none dropped, none covering another."""
    from havana_game.client.table import edition
    from havana_game.client.table.canvas import building_tooltip

    app = make_app(tmp_path, size)
    scene = table_scene(app, 4, 8, 3)
    view = scene.view
    ids = [b.id for b in edition.rules().buildings][:12]
    scene.model.views[scene.viewer] = dict(view, seats=[dict(s, built=ids) for s in view["seats"]])
    app.frame(0.0, [])
    tips = {building_tooltip(ident) for ident in ids}
    for seat, panel in scene.layout_.seats.items():
        rects = [rect for rect, tip in scene.drawing.canvas.hovers
                 if tip in tips and panel.contains(rect)]
        assert len(rects) == 12, seat
        _no_overlap(dict(enumerate(rects)))
    scene.close()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("text_size", [1.0, 1.3])
def test_buttons_shown_together_share_one_text_size(tmp_path, language, text_size,
                                                    language_and_text_size):
    """A button with a long label ("New local game", "Players use their phones") would
    fit its label by a smaller text than its neighbours: the menu's labels, and the
    new game screen's Back, phones and Start, take the smallest size any of them
    needs, and each still fits its button."""
    app = make_app(tmp_path)  # it takes its profile's language and text size: switch after
    language_and_text_size(language, text_size)
    menu, new_game = MenuScene(app), NewGameScene(app)
    app.switch(menu)
    app.frame(0.0, [])
    app.switch(new_game)
    app.frame(0.0, [])
    row = [b for b in new_game.buttons if b.name in ("back", "phones", "start")]
    assert len(row) == 3
    for group in (menu.buttons, row):
        sizes = {button.name: button.label_size() for button in group}
        assert len(set(sizes.values())) == 1, sizes
    for button in [*menu.buttons, *row]:
        width = fonts.font(button.label_size(), True).size(button.label)[0]
        assert width <= button.rect.w, button.name


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_new_game_screen_is_centered(tmp_path, size):
    """The seats' rows (kind, name, age) and the row of Back, phones and Start
    are centered on the screen."""
    app = make_app(tmp_path, size)
    scene = NewGameScene(app)
    app.switch(scene)
    app.frame(0.0, [])
    controls = scene.controls()
    rows = [rect for name, rect in controls.items() if name.split(":")[0] in
            ("kind_prev", "kind", "kind_next", "name", "age")]
    bottom = [controls[name] for name in ("back", "phones", "start")]
    for group in (rows, bottom):
        assert abs(group[0].unionall(group[1:]).centerx - size[0] // 2) <= 2


def test_a_button_label_too_long_for_one_line_wraps_whole():
    """A label that does not fit its button even set smaller takes two lines (the
    button's owner gives them room), never an ellipsis."""
    from havana_game.client.ui.textaudit import TextLog, recording, traced

    pygame.init()
    log = TextLog()
    label = "Maximiliano Wolfgang Hohenbergen"
    button = widgets.Button("seat", pygame.Rect(10, 10, 300, 70), label, lambda: None)
    with recording(log):
        button.draw(traced((400, 100), log))
    lines = [placed.value for placed in log.placed]
    assert len(lines) == 2 and " ".join(lines) == label
    assert all(button.rect.contains(placed.ink) for placed in log.placed)
