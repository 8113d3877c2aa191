"""Learn to play: a script that follows the lesson's instructions reaches its
end (every step reachable, no dead end), a wrong click is explained and not
carried out, the lesson resumes where it was left, the game after it does not
tell again the first-game guide's hints it taught; its words are in every
language."""

from __future__ import annotations

import time

import pytest

from havana_game.client.scenes.tutorial import TutorialScene
from havana_game.client.table.lesson import LESSONS, Lesson
from havana_game.client.ui.i18n import set_language, tr, tr_name
from havana_game.i18n import LANGUAGES, translations

from .test_client_support import click, key, make_app, settle, step, until


@pytest.mark.parametrize("edition", LESSONS)
def test_every_word_of_the_lesson_is_in_every_catalog(edition):
    keys = Lesson.load(edition).text_keys()
    for language in LANGUAGES:
        missing = [k for k in keys if translations(language).gettext(k) == k]
        assert not missing, (language, missing)


def follow(app, scene: TutorialScene, stop_at: int | None = None) -> int:
    """Do what each step says until the lesson ends (or step `stop_at`); the
    number of wrong clicks explained."""
    explained = 0
    tried: set[int] = set()
    deadline = time.monotonic() + 60
    while scene.current is not None and scene.step_index != stop_at:
        assert time.monotonic() < deadline, f"stuck at step {scene.current}"
        settle(app, 0.01)
        lesson_step = scene.current
        assert lesson_step is not None
        assert tr(lesson_step.text) != lesson_step.text
        controls = scene.controls()
        if not lesson_step.until:
            step(app, click(controls["lesson_next"]))
            continue
        if not scene.flow.deciding():
            continue
        legal = scene.view["legal"]
        if scene.waiting_here():
            rings = scene.box.target_rects()
            box = scene.box.rect()
            outside = [r for r in scene.input.targets().values()
                       if r.collidelist(rings) < 0 and not r.colliderect(box)]
            if outside and scene.step_index not in tried:
                tried.add(scene.step_index)
                staged = scene.staging.cards
                step(app, click(outside[0]))
                assert scene.lesson_note == tr(lesson_step.wrong)
                assert scene.staging.cards == staged  # explained, not carried out
                explained += 1
                continue
            wanted = sorted((d for d in legal if d["kind"] in lesson_step.until),
                            key=lambda d: d["kind"] != "build")  # build when it can
            decision = lesson_step.suggest if lesson_step.suggest in legal else \
                next((d for d in wanted if d.get("card") == (lesson_step.suggest or {})
                      .get("card")), wanted[0])
        else:
            decision = next((d for d in legal if d["kind"] == "build"), legal[0])
        scene.flow.send_decision(scene.viewer, decision)
    return explained


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("edition", LESSONS)
def test_a_script_following_the_lesson_reaches_its_end(tmp_path, language, edition):
    app = make_app(tmp_path)
    app.settings.language = language
    set_language(language)
    try:
        scene = app.show("tutorial", edition)
        assert isinstance(scene, TutorialScene)
        assert follow(app, scene) >= 3
        assert scene.current is None
        assert app.settings.tutorial_step == 0 and app.settings.tutorial_moves == []
        other = scene.button("lesson_other")  # the other edition's lesson is offered
        assert other is not None and other.enabled
        assert other.label == tr({"classic": "tutorial.other",
                                  "edition2024": "tutorial.classic"}[edition])
        step(app, click(scene.controls()["lesson_close"]))  # the game goes on against easy
        assert not [name for name in scene.controls() if name.startswith("lesson_")]
        view = scene.view
        assert view is not None and view["phase"] != "over"
        built = [e for e in scene.flow.log_events if e["kind"] == "building_built"]
        assert built, "the lesson's deal lets the player build in the first rounds"
        kinds = {e["kind"] for e in scene.flow.log_events}
        assert {"materials_stolen", "pesos_stolen"} & kinds, "the bot's thief comes up"
        if edition == "edition2024":  # its lesson shows Reciclaje
            assert "card_recycled" in kinds
        other.action()
        assert isinstance(app.scene, TutorialScene) and app.scene.lesson.edition != edition
    finally:
        set_language("en")


def test_the_lesson_resumes_where_it_was_left(tmp_path):
    app = make_app(tmp_path)
    scene = app.show("tutorial")
    follow(app, scene, stop_at=4)
    version, moves = scene.view["version"], list(app.settings.tutorial_moves)
    assert moves and app.settings.tutorial_step == 4
    app.show_menu()
    step(app, click(app.scene.controls()["learn"]))
    step(app, click(app.scene.controls()["lesson_classic"]))
    again = app.scene
    assert isinstance(again, TutorialScene) and again is not scene
    settle(app, 0.05)
    assert again.step_index == 4 and again.view["version"] == version
    step(app, click(again.controls()["lesson_restart"]))
    assert app.scene.step_index == 0 and app.settings.tutorial_moves == []


def boxes(app, scene: TutorialScene):
    """Each step's box (and the closing words'), with a wrong click's note up
    when the step waits for a decision: (step, box, its buttons, the height its
    words and buttons need)."""
    for index in range(len(scene.lesson.steps) + 1):
        scene.step_index = index
        lesson_step = scene.current
        scene.lesson_note = tr(lesson_step.wrong) if lesson_step and lesson_step.until else ""
        scene.refresh()
        box = scene.box.rect()
        buttons = [b.rect for b in scene.buttons if b.name.startswith("lesson_")]
        yield lesson_step, box, buttons, scene.box.height(box.w)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("edition", LESSONS)
def test_every_step_box_holds_its_words_and_hides_nothing_it_is_about(tmp_path, edition,
                                                                      size):
    from havana_game.client.profile.settings import TEXT_SIZES
    from havana_game.client.ui import fonts

    app = make_app(tmp_path, size)
    scene = app.show("tutorial", edition)
    settle(app, 0.05)
    try:
        for language in LANGUAGES:
            set_language(language)
            for text_size in TEXT_SIZES:
                fonts.set_text_scale(text_size)
                for lesson_step, box, buttons, needed in boxes(app, scene):
                    where = (language, text_size, lesson_step and lesson_step.id)
                    assert needed <= box.h, where  # no line of its words is cut off
                    assert box.top >= scene.layout_.top.bottom and box.bottom <= size[1], where
                    assert box.collidelist(scene.box.target_rects()) < 0, where
                    assert all(box.contains(b) for b in buttons), where
                    assert all(b.collidelist([o for o in buttons if o is not b]) < 0
                               for b in buttons), where
                    if language == "en" and text_size == 1.0:  # over the log, not the table
                        assert scene.layout_.log.contains(box), where
    finally:
        set_language("en")
        fonts.set_text_scale(1.0)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("edition", LESSONS)
def test_every_text_of_every_step_box_has_room(tmp_path, edition, size):
    """The box's title, words and buttons in every language at 100 %, 130 % and
    150 % text: none cut short, out of the box, over another or across a button's
    edge (`textaudit.problems`, the box as the window), and none left out."""
    from havana_game.client.table.lessonbox import TEXT
    from havana_game.client.ui import fonts
    from havana_game.client.ui.textaudit import TextLog, problems, recording, traced

    app = make_app(tmp_path, size)
    scene = app.show("tutorial", edition)
    settle(app, 0.05)
    px = scene.layout_.px
    log = TextLog()
    found = []
    try:
        with recording(log):
            for language in LANGUAGES:
                set_language(language)
                for text_size in (1.0, 1.3, 1.5):
                    fonts.set_text_scale(text_size)
                    for lesson_step, box, buttons, _ in boxes(app, scene):
                        log.clear()
                        scene.drawing.draw_overlays(traced(size, log))
                        found += [(language, text_size, lesson_step and lesson_step.id, p)
                                  for p in problems(log, box, buttons)]
                        shown = {placed.value for placed in log.placed}
                        lines = [line for words, _ in scene.box.words() for line in
                                 fonts.wrap(words, px(TEXT), box.w - px(28))]
                        assert set(lines) <= shown, (language, text_size, lesson_step)
    finally:
        set_language("en")
        fonts.set_text_scale(1.0)
    assert not found, "\n".join(map(str, found))


def test_the_log_goes_on_below_the_box_over_it(tmp_path):
    app = make_app(tmp_path)
    scene = app.show("tutorial")
    settle(app, 0.05)
    area = scene.drawing.log_area()
    assert area is not None and area.top >= scene.box.rect().bottom
    assert area.bottom == scene.layout_.log.bottom
    step(app, click(scene.controls()["lesson_skip"]))
    moved = scene.drawing.frame_key().log_area
    assert moved is not None and moved[1] >= scene.box.rect().bottom  # redrawn with the box


def test_a_button_moved_by_a_new_step_redraws_the_table_under_it():
    """The table's picture (which draws the buttons) is redrawn when a button
    moves, as a step's box of another size moves its buttons."""
    import pygame

    from havana_game.client.table.framekey import buttons_key
    from havana_game.client.ui.widgets import Button

    here = Button("lesson_skip", pygame.Rect(10, 10, 150, 30), "Skip step", lambda: None)
    there = Button("lesson_skip", pygame.Rect(10, 60, 150, 30), "Skip step", lambda: None)
    assert buttons_key([here]) != buttons_key([there])
    assert buttons_key([here]) == buttons_key([here])


def test_the_box_buttons_are_reached_with_the_arrow_keys(tmp_path):
    """Over the log, the box's buttons are in the arrows' reach: Next, then Skip
    step, each carried out with Enter."""
    import pygame

    from .test_client_support import arrow_to, key

    app = make_app(tmp_path)
    scene = app.show("tutorial")
    settle(app, 0.05)
    step(app, click(scene.controls()["lesson_skip"]))  # on to "order", a Next step
    assert scene.current is not None and scene.current.id == "order"
    arrow_to(app, scene, "lesson_next")
    step(app, key(pygame.K_RETURN))
    assert scene.current.id == "act"
    arrow_to(app, scene, "lesson_skip")
    step(app, key(pygame.K_RETURN))
    assert scene.current.id == "market"


def test_learn_to_play_offers_both_editions(tmp_path):
    from havana_game.client.scenes.menu import MenuScene

    app = make_app(tmp_path)
    for edition in LESSONS:
        menu = MenuScene(app)
        app.switch(menu)
        step(app)
        step(app, click(menu.controls()["learn"]))
        assert {f"lesson_{e}" for e in LESSONS} | {"back"} == set(menu.controls())
        step(app, click(menu.controls()[f"lesson_{edition}"]))
        scene = app.scene
        assert isinstance(scene, TutorialScene) and scene.lesson.edition == edition
        assert scene.step_index == 0
    menu = MenuScene(app)
    app.switch(menu)
    step(app)
    step(app, click(menu.controls()["learn"]))
    step(app, click(menu.controls()["back"]))  # back to the menu's own buttons
    assert "learn" in menu.controls() and "new" in menu.controls()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("edition", LESSONS)
def test_the_box_buttons_keep_their_places_from_step_to_step(tmp_path, edition, size):
    """Next (greyed while the step waits), Skip step and Start over stay where they
    are at every step; at the end Close takes Next's place, the other lesson Skip's."""
    app = make_app(tmp_path, size)
    scene = app.show("tutorial", edition)
    settle(app, 0.05)
    places: dict[str, object] = {}
    for lesson_step, _box, _buttons, _ in boxes(app, scene):
        shown = {b.name: b for b in scene.buttons if b.name.startswith("lesson_")}
        if lesson_step is None:
            assert shown["lesson_close"].rect == places["lesson_next"]
            assert shown["lesson_other"].rect == places["lesson_skip"]
            continue
        assert set(shown) == {"lesson_next", "lesson_skip", "lesson_restart"}
        assert shown["lesson_next"].enabled == (not lesson_step.until)
        for name, button in shown.items():
            assert places.setdefault(name, button.rect) == button.rect, (lesson_step.id, name)


FACE_DOWN = {"en": "face down", "fr": "face cachée", "pt": "viradas para baixo",
             "ru": "рубашкой вверх"}
"""How each catalog says the chosen cards are played, in the prompt and the lesson."""


@pytest.mark.parametrize("edition", LESSONS)
def test_the_first_step_says_face_down_as_the_prompt_does(edition):
    first = Lesson.load(edition).steps[0]
    try:
        for language in LANGUAGES:
            set_language(language)
            assert FACE_DOWN[language] in tr("prompt.choose"), language
            assert FACE_DOWN[language] in tr(first.text), language
        set_language("en")
        assert "face up" not in tr(first.text)
    finally:
        set_language("en")


def test_a_tooltip_over_the_box_is_drawn_above_it(tmp_path):
    """A building's tooltip that reaches over the lesson's box is drawn over it."""
    import pygame

    from havana_game.client.ui.widgets import tooltip_surface

    app = make_app(tmp_path)
    scene = app.show("tutorial")
    settle(app, 0.05)
    box, canvas = scene.box.rect(), scene.drawing.canvas
    size = canvas.px(13)
    rect, text = next((r, t) for r, t in canvas.hovers if not r.colliderect(box)
                      and tooltip_surface(t, size).get_rect(
                          topleft=(r.centerx + size, r.centery + size)).colliderect(box))
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1),
                                  buttons=(0, 0, 0))])
    settle(app, 0.05)
    tip = tooltip_surface(text, size)
    spot = tip.get_rect(topleft=(rect.centerx + size, rect.centery + size))
    over = spot.clip(box)
    assert over.w > 4 and over.h > 4
    screen = pygame.display.get_surface()
    inside = pygame.Rect(over.left + 2, over.top + 2, over.w - 4, over.h - 4)
    drawn = screen.subsurface(inside).copy()
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(
        tip.subsurface(inside.move(-spot.left, -spot.top)), "RGB")


def _leave(app, table) -> None:
    """Esc, Leave, confirmed: back at the menu."""
    import pygame

    step(app, key(pygame.K_ESCAPE))
    step(app, click(table.controls()["leave"]))
    step(app, click(table.controls()["leave_confirm"]))


def test_the_game_after_the_lesson_is_saved_and_continue_resumes_it(tmp_path):
    from havana_game.client.scenes.menu import MenuScene
    from havana_game.client.scenes.table import TableScene
    from havana_game.client.session import localgame

    app = make_app(tmp_path)
    scene = app.show("tutorial")
    follow(app, scene, stop_at=2)
    assert scene.link.leaving_note == "leave.lesson"  # the lesson is kept, not a saved game
    assert not localgame.saved_games()
    follow(app, scene)
    assert scene.link.leaving_note == "leave.local" and len(localgame.saved_games()) == 1
    step(app, click(scene.controls()["lesson_close"]))
    until(app, lambda: scene.flow.deciding() and not scene.model.has_pending)
    view = scene.view
    _leave(app, scene)
    assert isinstance(app.scene, MenuScene)
    menu = app.scene
    step(app)
    assert menu.button("resume").enabled and menu.button("saved").enabled
    step(app, click(menu.controls()["resume"]))
    table = app.scene
    assert isinstance(table, TableScene)
    until(app, lambda: table.view is not None and table.view["version"] == view["version"])
    same = ("phase", "round", "hand", "seats", "legal")
    assert {k: table.view.get(k) for k in same} == {k: view.get(k) for k in same}
    table.close()


@pytest.mark.parametrize("edition", LESSONS)
def test_the_game_after_the_lesson_does_not_tell_again_what_the_lesson_taught(tmp_path,
                                                                               edition):
    """Each step names the first-game guide's hints it says all of; once the lesson
    is followed, none of them shows in the game after it: the classic lesson
    teaches every decision's hint, the 2024 one also Contrabando's and Reciclaje's."""
    from havana_game.client.table.guide import HINTS, current_hint

    taught = [key for lesson_step in Lesson.load(edition).steps for key in lesson_step.teaches]
    assert taught and set(taught) <= {key for keys in HINTS.values() for key in keys}
    app = make_app(tmp_path)
    assert app.settings.guide and current_hint(app.settings, "choose") == "guide.choose"
    follow(app, app.show("tutorial", edition))
    modes = ["choose", "act", "build", "cover"] + \
        (["recycling", "smuggling"] if edition == "edition2024" else [])
    assert [current_hint(app.settings, mode) for mode in modes] == [None] * len(modes)


@pytest.mark.parametrize("size", [1.0, 1.5])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_reciclaje_asks_the_card_to_put_down_then_the_one_to_take_back(tmp_path, language,
                                                                        size):
    """Its options (a card down, a card back: over twenty) are picked in two steps,
    every label at a full button's text size (they were set a few pixels high): the
    card to put down by its button or in the hand, then the card to take back among
    those that put it down; the staged decision is the legal one of both."""
    from havana_game.client.table.targets import FaceUpCard, HandCard
    from havana_game.client.ui import fonts

    app = make_app(tmp_path)
    app.settings.language = language
    set_language(language)
    fonts.set_text_scale(size)
    try:
        scene = app.show("tutorial", "edition2024")
        follow(app, scene, stop_at=6)
        until(app, scene.waiting_here)
        legal = scene.view["legal"]
        card = next(d["card"] for d in legal if d.get("put") is not None)
        scene.controller.pick(FaceUpCard(card))
        step(app)

        def shown(prefix: str) -> list:
            return [b for b in scene.buttons if b.name.startswith(prefix)]
        assert shown("put:") and not shown("option:")
        assert not any(b.shrunk() for b in shown("put:") + shown("page"))
        said = scene.panel.prompt(scene.view, "act")
        assert said == tr("prompt.recycle_put", card=tr_name("card", name="reciclaje"))
        put = int(shown("put:")[-1].name.split(":")[1])
        step(app, click(scene.controls()[f"put:{put}"]))
        assert scene.panel.prompt(scene.view, "act") != said
        options = shown("option:")
        assert options and not any(b.shrunk() for b in options + shown("put_back"))
        step(app, click(scene.controls()[options[-1].name]))
        decision = scene.staging.decision(scene.view)
        assert decision in legal and decision["put"] == put
        hand = next(part.key for part in scene.drawing.plan() if part.name == "hand")
        assert hand[2] == (put,)  # the card put down is raised in the hand
        for _ in range(len(options) + 1):  # (on the last page, where the pages are many)
            if "put_back" in scene.controls():
                break
            step(app, click(scene.controls()["page"]))
        step(app, click(scene.controls()["put_back"]))
        assert shown("put:") and scene.staging.decision(scene.view) is None
        other = next(d["put"] for d in legal if d.get("put") not in (None, put))
        scene.controller.pick(HandCard(other))  # the card in the hand does it too
        step(app)
        assert {legal[int(b.name.split(":")[1])]["put"] for b in shown("option:")} == {other}
    finally:
        fonts.set_text_scale(1.0)
        set_language("en")
