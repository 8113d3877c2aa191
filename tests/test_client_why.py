"""A click that cannot be carried out says why, in the action panel; a middle
building's tooltip says that only a row's ends can be built."""

from __future__ import annotations

from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.table.canvas import building_tooltip
from havana_game.client.table.staging import mode
from havana_game.client.ui.i18n import tr

from .seeds import HOST_SEED
from .test_client_support import act_once, make_app, play_to_step, until


def test_clicks_that_do_nothing_say_why(tmp_path):
    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(table)
    play_to_step(app, table, "act")
    app.frame(0.0, [])
    view = table.view
    hand = view["hand"][0]
    table.input.click_target(f"hand:{hand}")
    assert table.model.error == tr("why.hand.act") and table.staging.empty
    ends = [name for name in (t.name for t in table.input.targets()) if name.startswith("end:")]
    table.input.click_target(ends[0])  # no card staged that could remove it: not now
    assert table.model.error == tr("why.row.not_now")
    card = next(d["card"] for d in view["legal"] if d["kind"] == "act")
    table.input.click_target(f"faceup:{card}")
    assert table.staging.act_card == card  # a click that does something says nothing new
    table.close()


def test_a_middle_building_says_only_the_ends_are_built():
    from havana_game.client.table import edition
    ident = edition.rules().buildings[0].id
    assert tr("tooltip.middle") in building_tooltip(ident, None, middle=True)
    assert tr("tooltip.middle") not in building_tooltip(ident, True)


def test_tab_starts_at_the_decision_and_the_mouse_hides_the_ring(tmp_path):
    import pygame

    from .test_client_support import click, key, step

    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(table)
    until(app, lambda: table.flow.deciding() and not table.model.has_pending)
    app.frame(0.0, [])
    assert mode(table.view) == "choose"
    step(app, key(pygame.K_TAB))
    assert table.focus is not None and table.focus.startswith("hand:")
    order = table.focus_order()
    panel = [n for n in order if table.layout_.actions.contains(table.controls()[n])]
    hand = [n for n in order if n.startswith("hand:")]
    assert order[:len(hand) + len(panel)] == hand + panel  # then the panel's buttons
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)])
    assert table.focus is None  # the mouse is in use
    hovered = table.controls()[hand[0]].center
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=hovered, rel=(0, 0),
                                  buttons=(0, 0, 0))])
    assert table.mouse == hovered
    step(app, key(pygame.K_ESCAPE))
    step(app, click(table.controls()["rules"]))
    step(app, key(pygame.K_ESCAPE))  # back from the rules
    assert app.scene is table and not table.paused
    assert table.mouse == (-1, -1)  # the old tooltip does not come back
    table.close()


def test_new_game_names_are_placeholders_and_the_seat_kind_is_a_choice(tmp_path):
    import pygame

    from havana_game.client.scenes.newgame import ai_levels

    from .test_client_support import click, step

    app, scene = _new_game_screen(tmp_path)
    name = next(f for f in scene.fields if f.name == "name:1")
    assert name.value == "" and name.placeholder == "Benito"  # nothing to backspace
    assert scene.kinds[1] == ai_levels()[0]
    step(app, click(scene.controls()["kind_prev:1"]))
    assert scene.kinds[1] == "human"
    step(app, click(scene.controls()["kind_prev:1"]))
    assert scene.kinds[1] == ai_levels()[-1]  # round to the last AI level
    step(app, click(scene.controls()["kind_next:1"]))
    assert scene.kinds[1] == "human"
    field = next(f for f in scene.fields if f.name == "name:0")
    step(app, click(field.rect))
    step(app, [pygame.event.Event(pygame.TEXTINPUT, text="Zoé")])
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL,
                                  unicode="")])
    step(app, [pygame.event.Event(pygame.TEXTINPUT, text="Li")])  # replaces the selection
    assert field.value == "Li"
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL,
                                  unicode="")])
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")])
    assert field.value == ""
    step(app, click(scene.controls()["players:2"]))
    step(app, click(scene.controls()["start"]))
    table = app.scene
    assert table.link.names == [app.settings.shown_name(), "Benito"]  # the placeholders
    table.close()


def _a_position(app, wanted, games: int = 60):
    """A table (played by `act_once` against a random bot, game after game) at
    the first act step where `wanted(view)` gives something; that table and it."""
    from havana_game.client.session.link import LocalLink

    from .test_client_support import step

    for seed in range(games):
        table = TableScene(app, LocalLink(["human", "random"], ["Ana", "Bo"], seed=seed))
        app.switch(table)
        for _ in range(400):
            step(app)
            view = table.view
            if view is None or view["phase"] == "over":
                break
            if not table.flow.deciding():
                continue
            found = wanted(view) if mode(view) == "act" else None
            if found:
                return table, found
            act_once(app, table)
    raise AssertionError(f"no such position in {games} games")


def test_option_pages_go_back_as_well_as_on(tmp_path):
    from havana_game.client.table.edition import card_key
    from havana_game.client.table.targets import FaceUpCard

    from .test_client_support import click, step

    def many_options(view):
        return [d["card"] for d in view["legal"] if d["kind"] == "act"
                and sum(e["card"] == d["card"] for e in view["legal"]) > 8
                and card_key(d["card"]) != "refreshment"]  # (its cards: no pages)

    app = make_app(tmp_path)
    table, many = _a_position(app, many_options)
    table.controller.pick(FaceUpCard(many[0]))
    step(app)
    controls = table.controls()
    assert "page" in controls and "page_back" in controls
    pages = int(table.button("page").label.split("/")[1].split()[0])
    step(app, click(controls["page_back"]))
    assert table.controller.option_page % pages == pages - 1  # round to the last
    step(app, click(table.controls()["page"]))
    assert table.controller.option_page % pages == 0


def test_refreshment_shows_the_discard_pile_as_cards(tmp_path):
    from havana_game.client.table.edition import card_key
    from havana_game.client.table.targets import FaceUpCard

    from .test_client_support import click, step

    def two_to_take_back(view):
        taking = [d for d in view["legal"] if d["kind"] == "act"
                  and card_key(d["card"]) == "refreshment" and d.get("target") is not None]
        return taking if len(taking) >= 2 else None

    app = make_app(tmp_path)
    table, taking = _a_position(app, two_to_take_back)
    view = table.view
    table.controller.pick(FaceUpCard(taking[0]["card"]))
    step(app)
    shown = sorted(int(n.split(":")[1]) for n in table.controls() if n.startswith("discard:"))
    assert shown == sorted(d["target"] for d in taking)  # the pile, as cards
    assert not any(n.startswith("hand:") for n in table.controls())
    options = [n for n in table.controls() if n.startswith("option:")]
    assert len(options) == 1  # only "take nothing" stays a button
    step(app, click(table.controls()[f"discard:{taking[1]['target']}"]))
    assert table.staging.decision(view) == taking[1] and not table.model.error
    table.controller.confirm()


def test_only_one_new_game_field_shows_a_caret(tmp_path):
    import pygame

    from .test_client_support import click, key, step

    app, scene = _new_game_screen(tmp_path)
    moves = [click(scene.controls()["name:0"]), click(scene.controls()["age:0"]),
             key(pygame.K_TAB), key(pygame.K_TAB), click(scene.controls()["name:1"]),
             click(scene.controls()["kind:2"]), key(pygame.K_TAB)]
    for events in moves:
        step(app, events)
        assert sum(f.active for f in scene.fields) <= 1, [f.name for f in scene.fields
                                                          if f.active]


def _new_game_screen(tmp_path):
    """The app showing a fresh New game screen, drawn once."""
    from havana_game.client.scenes.newgame import NewGameScene

    from .test_client_support import step

    app = make_app(tmp_path)
    scene = NewGameScene(app)
    app.switch(scene)
    step(app)
    return app, scene
