"""The big screen for a room (the table display), drawn on real surfaces: every
text measured at 1920x1080 (the building cards' names, VP and costs among them,
each name in whole words in every language, and the market's captions in
every language at 100 % and 150 %) renders at least as tall as `MIN_TEXT`
pixels' text, nothing is cut, overlapping or off the window at
1280x720 (waiting room, games of 3 and 4 seats with a free one, seats with
two-digit counts, the moment before the host tells the seats, a reaction
shown), nor at 115 %, 130 % and 150 % text in every language with the longest
names (four seats at 1280x720 among them, all four so named too, with two-digit
numbers, late in the game, three choosing in the opening), where the seat
panels' texts are as large as their room allows; each number says what it
counts; the seat column is never blank; a free seat's QR code carries the link
that takes that seat; the moves fly (a building from its row to its new owner,
from where it is drawn) in the display's own time, and a reaction's bubble
shows by its seat and goes."""

from __future__ import annotations

import copy
import random
from typing import Any

import pygame
import pytest

from havana_game.client.scenes.display import DisplayScene
from havana_game.client.table import bigscreen, bigseats, edition
from havana_game.client.table.logbook import LogBook
from havana_game.client.table.logtext import building_name
from havana_game.client.table.market import CAPTIONS
from havana_game.client.table.reactions import BUBBLE_FILL, SHOWN
from havana_game.client.ui import fonts, qr, textaudit
from havana_game.client.ui.buildings import room_parts
from havana_game.client.ui.i18n import set_language, tr, tr_name
from havana_game.content import classic_rules, find_edition
from havana_game.game import Game
from havana_game.rules import View, from_json, view_for
from net.host.web import seat_url, web_url

from .test_client_support import make_app, step

BIG, SMALL = (1920, 1080), (1280, 720)
WEB = web_url("192.168.1.20", 7733, "K7QP2-M3XYZ")
NAMES = ("Ana", "Alma", "Bruno", "Carmen")


def _steps(players: int, seed: int = 7, until: str = "",
           rounds: int = 3) -> list[tuple[View, View, list[dict[str, Any]]]]:
    """A seeded game of random decisions to round `rounds` (or to the first event
    of kind `until`), as a spectator sees it: (the view before, the view after,
    the events between) for each decision."""
    game = Game.new(classic_rules(), players, seed, None)
    rng = random.Random(seed)
    out: list[tuple[View, View, list[dict[str, Any]]]] = []
    while (view_for(game.state, None)["round"] < rounds if not until
           else not any(e["kind"] == until for _, _, events in out[-1:] for e in events)):
        before = view_for(game.state, None)
        seat = game.state.deciders()[0]
        choice = rng.choice(view_for(game.state, seat)["legal"])
        events = game.play(seat, from_json(choice, game.rules.names))
        out.append((before, view_for(game.state, None),
                    [{"kind": e.kind, "data": e.data} for e in events if e.visible_to(None)]))
    return out


def _seats(players: int, free: tuple[int, ...]) -> list[dict[str, Any]]:
    return [{"seat": s, "kind": "open", "name": "", "level": None, "connected": False}
            if s in free else
            {"seat": s, "kind": "bot" if s % 2 else "human", "name": NAMES[s],
             "level": "medium" if s % 2 else None, "connected": True}
            for s in range(players)]


def _game(players: int, free: tuple[int, ...] = (), round_: int = 2) -> bigscreen.Board:
    """A board in round `round_`'s actions, the log of the game so far in it."""
    steps = _steps(players, rounds=round_ + 1)
    at = next(i for i, (_, after, _) in enumerate(steps)
              if after["round"] == round_ and after["phase"] == "actions")
    view = steps[at][1]
    edition.follow(view)
    board = bigscreen.Board(seats=_seats(players, free), view=view, web=WEB, code="K7QP2-M3XYZ")
    book = LogBook(lambda seat: bigscreen.name_of(board, seat))
    board.log = book.lines([e for _, _, events in steps[:at + 1] for e in events], fresh=True)
    return board


def _boards() -> dict[str, bigscreen.Board]:
    waiting = bigscreen.Board(seats=_seats(4, (0, 1, 2)), web=WEB, code="K7QP2-M3XYZ",
                              autostart=True)
    reacting = _game(3, free=(2,))
    reacting.bubbles.add(0, "well_played")
    return {"waiting": waiting, "game-4": _game(4, free=(1,)), "game-3": _game(3, free=(2,)),
            "opening": bigscreen.Board(autostart=True), "reacting": reacting,
            "rich": _rich(_game(4, free=(1,)))}


def _rich(board: bigscreen.Board) -> bigscreen.Board:
    """`board` with two-digit numbers in every seat (the face-up cards give way to them)."""
    assert board.view is not None
    board.view = copy.deepcopy(board.view)
    for seat in board.view["seats"]:
        seat["materials"]["gray"], seat["pesos"], seat["workers"] = 11, 15, 12
    return board


class HeightLog(textaudit.TextLog):
    """The texts placed, with the height of each one's rendered image."""

    def __init__(self) -> None:
        super().__init__()
        self.heights: list[tuple[str, int]] = []

    def record(self, source: pygame.Surface, where: pygame.Rect) -> None:
        known = self.rendered.get(id(source))
        if known is not None and known[0] is source and known[1].strip():
            self.heights.append((known[1], source.get_height()))
        super().record(source, where)


def _drawn(board: bigscreen.Board, size: tuple[int, int]) -> HeightLog:
    log = HeightLog()
    with textaudit.recording(log):
        bigscreen.draw(textaudit.traced(size, log), board)
    return log


@pytest.fixture(scope="module")
def boards() -> dict[str, bigscreen.Board]:
    pygame.init()
    return _boards()


def test_every_text_at_1920x1080_renders_at_least_as_tall_as_28_px_text(boards):
    """What the display draws as text on the screen (the print on card faces
    and tokens is part of their pictures, as on the table)."""
    floor = fonts.text("Hg", bigscreen.MIN_TEXT).get_height()
    for name, board in boards.items():
        heights = _drawn(board, BIG).heights
        assert len(heights) > 3, name
        small = [(text, height) for text, height in heights if height < floor]
        assert not small, (name, floor, small)


def test_nothing_is_cut_overlapping_or_off_the_window_at_1280x720(boards):
    """(A reaction's bubble lies over its seat's panel for a while, on purpose:
    only that it is whole and on the window is asked of it.)"""
    for size in (SMALL, BIG):
        window = pygame.Rect((0, 0), size)
        for name, board in boards.items():
            log = _drawn(board, size)
            if board.bubbles.shown:
                words = tr("reaction.well_played")
                assert [window.contains(p.ink) for p in log.placed if p.value == words] == [True]
                continue
            assert textaudit.problems(log, window, []) == [], (name, size)


def test_every_number_says_what_it_counts(boards):
    board = boards["game-4"]
    view = board.view
    texts = {p.value for p in _drawn(board, BIG).placed}
    for seat in (0, 2, 3):
        info = view["seats"][seat]
        assert tr("display.number", number=f"{info['number']:02d}") in texts
        assert tr("display.vp", vp=info["vp"]) in texts
    assert not any(text.startswith("·") or " · " in text and text.split(" · ")[-1].isdigit()
                   for text in texts)  # no bare "· 24" after a label


def test_the_seat_column_says_the_table_is_opening_before_the_host_tells_its_seats(boards):
    placed = _drawn(boards["opening"], BIG).placed
    column = bigscreen.panels(BIG, 1)["seat0"]
    assert any(p.value.startswith(tr("display.opening")[:8]) and column.colliderect(p.ink)
               for p in placed)


def test_a_free_seats_qr_code_takes_that_seat(boards):
    board = boards["game-4"]
    surface = pygame.Surface(BIG)
    bigscreen.draw(surface, board)
    rect = bigscreen.panels(BIG, 4)["seat1"]
    link = seat_url(WEB, 1)
    assert link == f"{WEB}&seat=1"
    side = min(rect.h - 2 * 14, 240)  # (the panel's full height, at 1920x1080)
    image = qr.surface(link, side)
    assert image.get_width() >= 5 * qr.modules(link)  # 5 px a module: a phone reads it
    spot = image.get_rect(center=(rect.right - 14 - side // 2, rect.top + 14 + side // 2))
    shown = surface.subsurface(spot)
    assert all(shown.get_at((x, y)) == image.get_at((x, y))
               for x in range(0, spot.w, 2) for y in range(0, spot.h, 2))


class Watching:
    """A spectator connection's place: the messages it will give the display."""

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.messages = messages

    def poll(self) -> list[dict[str, Any]]:
        out, self.messages = self.messages, []
        return out

    def close(self) -> None:
        """Nothing to let go of."""


def test_a_building_flies_to_its_owner_and_a_reaction_shows_by_its_seat(tmp_path):
    app = make_app(tmp_path, BIG)
    app.settings.animation_speed = 1.0
    before, after, events = _steps(3, until="building_built")[-1]
    built = next(x["data"] for x in events if x["kind"] == "building_built")
    seats = _seats(3, ())
    conn = Watching([{"type": "table", "seats": seats},
                     {"type": "view", "view": before, "events": []}])
    display = app.show("display", conn, code="K7QP2-M3XYZ")
    assert isinstance(display, DisplayScene)
    step(app)
    assert display.board.view == before and not display.board.animator.busy
    conn.messages = [{"type": "view", "view": after, "events": events},
                     {"type": "reaction", "seat": built["seat"], "reaction": "wow"}]
    step(app)
    animator = display.board.animator
    assert animator.busy and display.wake_in() == 0.0
    layout = bigscreen.motion_layout(BIG, display.board)
    home = layout.seat_anchor(built["seat"])
    flown = next(flight for flight in animator.flights if flight.end == home)
    drawn = bigscreen.motion_layout(BIG, bigscreen.Board(seats=seats, view=before))
    row = next(r for r, cards in enumerate(before["rows"]) if built["building"] in cards)
    cards = before["rows"][row]
    start = drawn.row_card(row, cards.index(built["building"]), len(cards))
    assert flown.start == start.center and flown.surface.get_size() == start.size
    app.frame(2.0, [])  # the display's own time: every move has landed
    assert not animator.busy and not display.board.hidden
    left = display.wake_in()
    assert left is not None and 0 < left <= SHOWN  # the bubble's going wakes it
    panel = bigscreen.panels(BIG, 3)[f"seat{built['seat']}"]
    box = bigscreen.draw_bubble(pygame.Surface(BIG), tr("reaction.wow"), 32,
                                (panel.right - bigscreen.BUBBLE_RIGHT, panel.top + 8), False)
    step(app)
    assert app.screen.get_at((box.right - 10, box.centery))[:3] == BUBBLE_FILL
    app.frame(SHOWN, [])
    step(app)
    assert display.wake_in() is None
    assert app.screen.get_at((box.right - 10, box.centery))[:3] != BUBBLE_FILL


def test_the_building_cards_texts_are_measured_and_whole(boards):
    """The building cards in the rows are drawn on the screen itself (their
    names, VP and cost numbers among the texts measured at 28 px above), each
    name on whole words inside its card."""
    board = boards["game-4"]
    view = board.view
    log = _drawn(board, BIG)
    measured = {text for text, _ in log.heights}
    rows = bigscreen.motion_layout(BIG, board)
    for r, row in enumerate(view["rows"]):
        for i, ident in enumerate(row):
            b = edition.building(ident)
            card = rows.row_card(r, i, len(row))
            parts = room_parts(building_name(ident), b.cost, card.size, bigscreen.MIN_TEXT)
            assert parts.size == bigscreen.MIN_TEXT and set(parts.lines) <= measured
            assert str(b.vp) in measured
            assert {str(n) for n in b.cost if n} <= measured
            inside = [p for p in log.placed if p.value in parts.lines]
            assert inside and all(card.contains(p.ink) for p in inside), ident


@pytest.mark.parametrize("language", ["en", "fr", "pt", "ru"])
def test_every_building_name_fits_its_big_screen_card_at_28_px_in_whole_words(boards,
                                                                               language):
    """Every building of both editions, in every language: its name at `MIN_TEXT`
    on at most three lines, each no wider than the card, its words whole (a line
    breaks between words or after a hyphen of the word's own), over its cost."""
    board = boards["game-4"]
    card = bigscreen.motion_layout(BIG, board).card_size()
    set_language(language)
    try:
        for ruleset in (find_edition("classic"), find_edition("edition2024")):
            for b in ruleset.buildings:
                name = tr_name("building", id=b.id)
                parts = room_parts(name, b.cost, card, bigscreen.MIN_TEXT)
                assert parts.size == bigscreen.MIN_TEXT, (name, parts)
                assert 1 <= len(parts.lines) <= 3, (name, parts.lines)
                assert " ".join(parts.lines).replace("- ", "-").split() == name.split()
                assert all(fonts.font(parts.size).size(line)[0] <= card[0] - 8
                           for line in parts.lines), name
                assert parts.name_bottom <= parts.cost_top, name
    finally:
        set_language("en")


@pytest.mark.parametrize("text_size", [1.0, 1.5])
@pytest.mark.parametrize("language", ["en", "fr", "pt", "ru"])
def test_the_markets_captions_are_28_px_whole_and_apart_in_every_language(boards, language,
                                                                          text_size):
    """The captions under the pesos, the worker bank, the bag and the pile, in
    every language, at 100 % and 150 % (set smaller to fit their slots, French,
    Portuguese and Russian ones fell under `MIN_TEXT`): at least `MIN_TEXT`
    pixels' high at 1920x1080, whole, inside the market, on no other text."""
    floor = fonts.text("Hg", bigscreen.MIN_TEXT).get_height()
    set_language(language)
    try:
        fonts.set_text_scale(text_size)
        log = _drawn(boards["game-4"], BIG)
        words = {tr(key) for key in CAPTIONS.values()}
        heights = [height for text, height in log.heights if text in words]
        assert len(heights) == len(CAPTIONS) and min(heights) >= floor, (floor, heights)
        market = bigscreen.panels(BIG, 4)["market"]
        assert all(market.contains(p.ink) for p in log.placed if p.value in words)
        assert textaudit.problems(log, pygame.Rect((0, 0), BIG), []) == []
    finally:
        fonts.set_text_scale(1.0)
        set_language("en")


LONGEST = ("Maximiliano Wolfgang Hohenbergen", "Максимилиан Вольфгангович Шишков")
"""Names as long as a player's may be (32 characters), in both alphabets."""


def _long_named(board: bigscreen.Board, seats: int = 2) -> bigscreen.Board:
    """`board` with its first `seats` taken seats named as long as a name may be."""
    taken = [seat for seat, info in enumerate(board.seats) if info["kind"] != "open"]
    for i, seat in enumerate(taken[:seats]):
        board.seats[seat]["name"] = LONGEST[i % 2]
    return board


def _choosing() -> bigscreen.Board:
    """The opening of a game of three, all three still choosing their first cards."""
    view = _steps(3)[0][0]
    edition.follow(view)
    assert len(view["to_decide"]) == 3
    return bigscreen.Board(seats=_seats(3, ()), view=view, web=WEB, code="K7QP2-M3XYZ")


@pytest.fixture(scope="module")
def long_named() -> dict[str, bigscreen.Board]:
    """Boards whose first two seats have the longest names: three seats and four
    (one free, or none) in round 2, four with two-digit numbers, four late in the
    game (round 12: many buildings built), three choosing in the opening; and four
    seats all with the longest names (their panels lowest)."""
    pygame.init()
    return {name: _long_named(board) for name, board in (
        ("game-3", _game(3, (2,))), ("game-4", _game(4, (1,))), ("full-4", _game(4)),
        ("rich-4", _rich(_game(4, (1,)))), ("late-4", _game(4, (1,), round_=12)),
        ("choosing", _choosing()))} | {"all-4": _long_named(_game(4), seats=4)}


@pytest.mark.parametrize("text_size", [1.15, 1.3, 1.5])
@pytest.mark.parametrize("language", ["en", "fr", "pt", "ru"])
def test_at_a_larger_text_size_every_text_has_room_and_none_is_smaller(long_named, language,
                                                                       text_size):
    """At 115 %, 130 % and 150 %, in every language, the building cards give their
    names more lines, the seat panels their texts more room (wrapped, set smaller
    down to what 100 % shows, the column's height shared by need), the turn
    panel as many lines as three long names choosing take, the longest names on
    two lines or more: nothing cut, overlapping or off the window at 1280x720 and
    1920x1080 (four seats at 1280x720 among them), and every text at 1920x1080
    still at least `MIN_TEXT` pixels' high."""
    floor = fonts.text("Hg", bigscreen.MIN_TEXT).get_height()
    set_language(language)
    try:
        fonts.set_text_scale(text_size)
        for size in (SMALL, BIG):
            for name, board in long_named.items():
                log = _drawn(board, size)
                assert textaudit.problems(log, pygame.Rect((0, 0), size), []) == [], \
                    (name, size)
                assert any(p.value in LONGEST[0] and p.value != LONGEST[0] for p in log.placed)
                if size == BIG:
                    small = {text for text, height in log.heights if height < floor}
                    assert small <= NO_SIZE_FITS.get((language, text_size), set()), (name, small)
    finally:
        fonts.set_text_scale(1.0)
        set_language("en")


NO_SIZE_FITS = {(language, size): {"Отель", "„Инглатерра“"} for language, size in
                (("ru", 1.15), ("ru", 1.3))}
"""A building's name a word of which no text size at least `MIN_TEXT` high fits
in its card at 1920x1080 with four seats (its card 214 pixels wide: the word is
205 at 28 pixels, 212 at 29, and at 115 % and 130 % no design size gives 28), so
set a pixel smaller, whole."""


def test_the_seat_panels_texts_are_as_large_as_the_setting_where_there_is_room(boards):
    """With two seats the panels grow to hold their texts at 150 %; with four
    they are set smaller, never below 100 %."""
    two, four = _game(2), _game(4, free=(1,))
    try:
        fonts.set_text_scale(1.5)
        looks = {n: bigseats.seat_look(board, [bigscreen.panels(BIG, n)[f"seat{seat}"]
                                               for seat in range(n)], 1.0)
                 for n, board in ((2, two), (4, four))}
    finally:
        fonts.set_text_scale(1.0)
    assert looks[2] == 1.0 and 1 / 1.5 <= looks[4] < 1.0


def test_a_shared_seat_column_keeps_its_span_and_a_free_seats_qr_code(long_named):
    """Where the seat panels share the column by need (four seats at 1280x720 at
    150 %, two-digit numbers, the longest names), they stay within it, and the free
    seat gives only room its QR code does not use: the code as large as before."""
    board = long_named["rich-4"]
    s = bigscreen.scale_of(SMALL)
    set_language("pt")
    try:
        fonts.set_text_scale(1.5)
        places = bigscreen.board_panels(SMALL, board)
        rects = [places[f"seat{seat}"] for seat in range(4)]
        shared, _ = bigseats.seat_places(board, rects, s)
        codes = [bigseats._seat_code(board, rect, s) for rect in (rects[1], shared[1])]
    finally:
        fonts.set_text_scale(1.0)
        set_language("en")
    assert shared != rects and shared[1].h < rects[1].h
    assert shared[0].top == rects[0].top and shared[-1].bottom == rects[-1].bottom
    assert all(a.bottom < b.top for a, b in zip(shared, shared[1:], strict=False))
    link = seat_url(WEB, 1)
    assert None not in codes
    assert len({qr.surface(link, code.w).get_size() for code in codes if code}) == 1
