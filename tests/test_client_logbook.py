"""The log says what single events cannot: a thief who found no one to rob, and
the moment a player reaches the goal; the prompt says the goal is reached."""

from __future__ import annotations

from havana_game.client.table import edition
from havana_game.client.table.logbook import LogBook
from havana_game.client.table.prompt import prompt
from havana_game.client.table.staging import Staging
from havana_game.client.ui.i18n import tr

NAMES = ["Ana", "Bo"]


def _card(key: str) -> int:
    return edition.rules().keys.index(key)


def _event(kind: str, **data) -> dict:
    return {"kind": kind, "data": data}


def test_a_thief_who_robs_no_one_says_so():
    book = LogBook(NAMES.__getitem__)
    for key in ("pesos_thief", "materials_thief"):
        lines = book.lines([_event("action", seat=0, card=_card(key)),
                            _event("turn_started", seat=1)])
        assert tr("log.no_victim", name="Ana") in lines
    robbed = book.lines([_event("action", seat=0, card=_card("pesos_thief")),
                         _event("pesos_stolen", seat=0, victim=1, count=3)])
    assert tr("log.no_victim", name="Ana") not in robbed and len(robbed) == 2
    pesos = edition.rules().cards[_card("pesos")].name
    assert book.lines([_event("action", seat=0, card=_card("pesos"))]) == \
        [tr("log.action", name="Ana", card=tr(f"card.{pesos}"))]


def test_reaching_the_goal_is_logged_once_when_it_happens():
    buildings = sorted(edition.rules().buildings, key=lambda b: b.vp)
    big, small = buildings[-1], buildings[0]
    book = LogBook(NAMES.__getitem__)
    book.target = big.vp + small.vp
    built = [_event("building_built", seat=0, building=big.id)]
    assert not any("goal" in line for line in book.lines(built))
    lines = book.lines([_event("building_built", seat=1, building=big.id),
                        _event("building_built", seat=0, building=small.id),
                        _event("building_built", seat=0, building=small.id)])
    goal = tr("log.goal", name="Ana", vp=big.vp + small.vp, target=book.target)
    assert lines.count(goal) == 1 and lines.index(goal) == 2
    again = book.lines(built + [_event("building_built", seat=0, building=small.id)],
                       fresh=True)
    assert again.count(goal) == 1  # a rebuilt log says it again, once


def test_the_prompt_says_the_goal_is_reached():
    view = {"phase": "actions", "you": 0, "active": 0, "target_vp": 25, "legal": [],
            "seats": [{"vp": 28}, {"vp": 10}]}
    assert prompt(view, "build", Staging(), NAMES.__getitem__) == \
        tr("prompt.build_goal", vp=28, target=25)
    view["you"] = 1
    assert prompt(view, "wait", Staging(), NAMES.__getitem__) == \
        tr("prompt.wait_goal", name="Ana", vp=28, target=25)
    view["seats"][0]["vp"] = 20
    assert prompt(view, "wait", Staging(), NAMES.__getitem__) == tr("prompt.wait", name="Ana")



def test_an_empty_market_slot_keeps_its_hue(tmp_path):
    """A material with none left is darker, not another color (red must not turn brown)."""
    import colorsys

    from havana_game.client.shots import table_scene
    from havana_game.client.ui import tokens

    from .test_client_support import make_app

    def hue_and_saturation(color) -> tuple[float, float]:
        return colorsys.rgb_to_hsv(*(c / 255 for c in color[:3]))[:2]

    app = make_app(tmp_path)
    scene = table_scene(app, 2, 5, 2)
    slot = scene.layout_.market_slot("red")
    icon = tokens.resource_icon("red", scene.layout_.px(34))
    middle = (slot.centerx, slot.top + scene.layout_.px(4) + icon.get_height() // 2)
    shown = []
    for count in (2, 0):
        view = scene.view
        scene.model.views[scene.viewer] = dict(view, market=dict(view["market"], red=count))
        app.frame(0.0, [])
        shown.append(app.screen.get_at(middle))
    full, empty = shown
    (hue, saturation), (empty_hue, empty_saturation) = map(hue_and_saturation, shown)
    assert abs(empty_hue - hue) < 0.02 and empty_saturation > 0.9 * saturation
    assert sum(empty[:3]) < sum(full[:3])  # darker
    scene.close()


def test_the_card_taken_back_is_named_to_its_owner_only():
    from havana_game.client.table.model import shown

    public = _event("card_taken_back", seat=0)
    private = _event("card_taken_back", seat=0, card=_card("pesos"))
    events = [_event("action", seat=0, card=_card("refreshment")), public, private]
    assert shown(events, 0)[1:] == [private]  # the one player here sees which card
    assert shown(events, 1)[1:] == [public]  # another seat's screen does not
    assert shown(events, None)[1:] == [public]  # nor a hotseat screen
    book = LogBook(NAMES.__getitem__)
    pesos = tr(f"card.{edition.rules().cards[_card('pesos')].name}")
    assert book.lines(shown(events, 0))[-1] == tr("log.took_back_card", name="Ana", card=pesos)
    assert book.lines(shown(events, None))[-1] == tr("log.took_back", name="Ana")


def test_a_local_games_log_and_record_call_its_bots_by_the_names_chosen(tmp_path):
    """The in-process host seats the bots under the names chosen in New game, so
    the log (which names each move after who sat down) says what the table shows."""
    from havana_game.client.scenes.table import TableScene
    from havana_game.client.session.netlink import NetLink
    from havana_game.content import bot_names

    from .seeds import HOST_SEED
    from .test_client_support import act_once, make_app, until

    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Benito"],
                                          seed=HOST_SEED))
    app.switch(table)

    def benito_has_played() -> bool:
        act_once(app, table)
        return any(line.startswith("Benito") for line in table.flow.log_lines)

    until(app, benito_has_played)
    seated = [e["data"]["name"] for e in table.flow.log_events if e["kind"] == "seated"]
    assert seated == ["Ana", "Benito"]
    assert not any(name in line for line in table.flow.log_lines for name in bot_names())
    table.close()


def test_a_forced_step_is_a_mark_on_the_move_it_plays():
    """"Ana has no other choice here, so the game plays it for them:" before every
    such move made the log long: the move's own line says it."""
    book = LogBook(NAMES.__getitem__)
    pesos = edition.rules().cards[_card("pesos")].name
    played = tr("log.action", name="Ana", card=tr(f"card.{pesos}"))
    lines = book.lines([_event("forced", seat=0, end_turn=False),
                        _event("action", seat=0, card=_card("pesos")),
                        _event("forced", seat=1, end_turn=True)])
    assert lines == [tr("log.forced_move", move=played), tr("log.forced_end", name="Bo")]
    alone = book.lines([_event("forced", seat=1, end_turn=False)])
    assert alone == [tr("log.forced", name="Bo")]  # (nothing after it to mark)
