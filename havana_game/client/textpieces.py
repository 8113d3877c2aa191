"""The texts no still screen of the audit shows at once (`shots.every_scene`): each
drawn where the game draws it, piece by piece, onto a traced surface
(`ui.textaudit`), without drawing whole screens: the action panel with every
prompt and every refusal under it, the recap with every log line, every
question over the table, the hint line with every hint, every tooltip, each
lesson step's box. `TEXT_FAMILIES` names the catalog keys each piece draws: every key of
those families, as the catalogs have them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pygame

from ..catalogs import read_po
from ..i18n import FALLBACK, LOCALE_DIR
from ..presentation import decision_prompt, event_keys
from .table import overlays
from .table.layout import TableLayout, table_layout
from .table.panel import CONTROLS_ROOM, draw_panel, text_height
from .table.recap import Recap
from .ui import fonts, widgets
from .ui.i18n import tr, trn
from .ui.textaudit import TextLog, problems, traced

LONGEST_NAMES = ("Maximiliano Wolfgang Hohenbergen", "Максимилиан Вольфгангович Шишков")
"""Player names as long as a name may be (32 characters, `net.NAME_MAX`), of wide
letters in both alphabets: the pixel baseline's games (`shots`) seat them beside
short ones, so that every place a name is shown is seen to give it room."""
NAME = LONGEST_NAMES[1]
"""A player's name as long as one may be, in the wider alphabet."""
TEXT_FAMILIES: dict[str, tuple[str, ...]] = {
    "panel": ("prompt.", "error.", "why."),
    "recap": ("log.", "recap."),
    "hint": ("hint.",),
    "question": ("leave.", "concede.", "takeback.", "closed.", "unreachable."),
    "tooltip": (".tooltip", "_hint", "replay.start", "replay.back", "replay.play",
                "replay.forward", "replay.end"),
}
"""The catalog keys each piece draws, by the start of the key (or its end)."""
NOT_ON_THEIR_OWN = ("hint.line", "hint.button", "hint.thinking", "hint.tooltip", "log.newer",
                    "log.story", "takeback.button", "concede.confirm", "concede.stay",
                    "leave.confirm", "leave.stay", "closed.menu", "unreachable.leave",
                    "edition.hint")
"""Keys of those families that are words inside another (the hint line's frame,
an answer's button) or drawn by a still screen already."""


@cache
def catalog_keys() -> tuple[tuple[str, bool], ...]:
    """Every message key of the catalogs, and whether it has plural forms."""
    path = LOCALE_DIR / FALLBACK / "LC_MESSAGES" / "havana.po"
    return tuple((m.msgid, m.plural is not None) for m in read_po(path) if m.msgid)


def family(piece: str) -> list[tuple[str, bool]]:
    """The keys `piece` draws."""
    marks = TEXT_FAMILIES[piece]
    return [(key, plural) for key, plural in catalog_keys() if key not in NOT_ON_THEIR_OWN
            and any(key.startswith(m) or key.endswith(m) for m in marks)]


def longest(texts: list[str]) -> str:
    """The widest of `texts` in the current language."""
    face = fonts.font(14)
    return max(texts, key=lambda t: face.size(t)[0])


def samples() -> dict[str, object]:
    """Every placeholder a message may have, filled long (in the current language)."""
    from .table.edition import rules
    from .table.logtext import amounts_text, building_name, card_name
    cards = longest([card_name(card) for card in range(len(rules().cards))])
    built = longest([building_name(b.id) for b in rules().buildings])
    amounts = amounts_text({"red": 2, "brown": 2, "gray": 13, "pesos": 13, "workers": 2})
    values: dict[str, object] = {
        "name": NAME, "victim": NAME, "names": f"{NAME}, {NAME}, {NAME}", "card": cards,
        "covered": cards, "taken": cards, "put": cards, "cards": f"{cards}, {cards}",
        "building": built, "materials": amounts, "amounts": amounts, "what": cards,
        "text": tr("hint.cover_later", covered=cards, card=cards, was=37, number=73),
        "reason": tr("error.cannot_afford"), "ai": NAME,
        "move": tr(event_keys("action")[0], name=NAME, card=cards), "time": "1:29", "seconds": 89,
        "problem": "/home/maximiliano/.config/havana/saves/game-2026-11-28.json",
        "path": "/home/maximiliano/.config/havana/exports"}
    values.update({k: 88 for k in ("count", "n", "i", "vp", "target", "number", "was", "row",
                                   "round", "rounds", "level", "players", "version", "port")})
    return values


def said(key: str, plural: bool) -> str:
    """Message `key` with every placeholder filled long (`samples`)."""
    values = samples()
    if plural:
        return trn(key, 88, **{k: v for k, v in values.items() if k != "count"})
    return tr(key, **values)


Piece = tuple[str, Callable[[pygame.Surface], list[pygame.Rect]]]
"""A piece's name, and how it draws onto a surface (its buttons' rects)."""


def pieces(size: tuple[int, int]) -> Iterator[Piece]:
    """Every piece at window `size`, in the current language and text size."""
    layout = table_layout(size, 4, 0)
    scale = min(size[0] / 1280, size[1] / 720)

    def px(value: float) -> int:
        return max(1, round(value * scale))

    short = tr(decision_prompt("act"))
    for key, plural in family("panel"):
        text = said(key, plural)
        prompt, error = (short, text) if key.split(".")[0] in ("error", "why") else (text, None)
        yield f"panel {key}", _panel(layout, prompt, error)
    lines: list[tuple[str, int | None]] = [(said(key, plural), 1)
                                           for key, plural in family("recap")]
    for start in range(0, len(lines), 5):
        yield f"recap {start // 5}", _recap(layout, lines[start:start + 5])
    for key, plural in family("hint"):
        yield f"hint {key}", _hint_line(layout, tr("hint.line", text=said(key, plural)))
    questions = [("leave.title", f"leave.{k}", "leave.confirm", "leave.stay")
                 for k in ("hosting", "lan", "lesson", "local")]
    questions += [("concede.title", "concede.note", "concede.confirm", "concede.stay"),
                  ("takeback.title", "takeback.note", "takeback.confirm", "concede.stay"),
                  ("closed.title", "closed.note", "closed.menu", ""),
                  ("unreachable.title", "unreachable.hosted", "unreachable.leave", ""),
                  ("unreachable.title", "unreachable.note", "unreachable.leave", "")]
    for question in questions:
        yield f"question {question[1]}", _question(size, px, question)
    yield "pause menu", _pause(size, px)
    for key, plural in family("tooltip"):
        yield f"tooltip {key}", _tooltip(size, px, said(key, plural))


def _panel(layout: TableLayout, prompt: str, error: str | None) -> Callable[
        [pygame.Surface], list[pygame.Rect]]:
    """The action panel with `prompt` and `error`, and the room its controls get
    under them (`problems` says "no room" when less than a button's height)."""
    def draw(surface: pygame.Surface) -> list[pygame.Rect]:
        draw_panel(surface, layout, prompt, error, True, None, False)
        px = layout.px
        area = layout.actions.inflate(-px(16), -px(12))
        bottom = pygame.Rect(area.left, area.bottom - px(32), area.w, px(32))
        half = (bottom.w - px(8)) // 2
        body = bottom.top - px(6) - (area.top + text_height(layout, prompt, error))
        if body < px(CONTROLS_ROOM):
            raise NoRoom(f"{body} px for the controls under {prompt!r} / {error!r}")
        return [pygame.Rect(bottom.left, bottom.top, half, bottom.h),
                pygame.Rect(bottom.right - half, bottom.top, half, bottom.h)]
    return draw


class NoRoom(Exception):
    """A piece leaves a part of it no room (said as a problem)."""


def _recap(layout: TableLayout, lines: list[tuple[str, int | None]]) -> Callable[
        [pygame.Surface], list[pygame.Rect]]:
    def draw(surface: pygame.Surface) -> list[pygame.Rect]:
        Recap(0, lines, 5.0).draw(surface, layout)
        return []
    return draw


def _hint_line(layout: TableLayout, text: str) -> Callable[[pygame.Surface], list[pygame.Rect]]:
    """The gold line under the top bar, as the table draws it (`drawing.status_lines`)."""
    from .table.drawing import status_box

    def draw(surface: pygame.Surface) -> list[pygame.Rect]:
        lines, box, top = status_box(layout, text)
        size = layout.px(14)
        for i, line in enumerate(lines):
            label = fonts.text(line, size, (0, 0, 0), True)
            surface.blit(label, label.get_rect(midtop=(box.centerx,
                                                       top + i * fonts.line_step(size, 1.2))))
        return [layout.top]
    return draw


def _question(size: tuple[int, int], px: Callable[[float], int],
              keys: tuple[str, str, str, str]) -> Callable[[pygame.Surface], list[pygame.Rect]]:
    def draw(surface: pygame.Surface) -> list[pygame.Rect]:
        title, note, yes, no = keys
        buttons = overlays.confirm_buttons(size, px, _nothing, _nothing, (yes, no or yes))
        if not no:  # (one answer: the notice's own button)
            buttons = [overlays.unreachable_button(size, px, _nothing)]
            buttons[0].label = tr(yes)
        overlays.draw_pause(surface, buttons, (tr(title), said(note, False)), px)
        return [b.rect for b in buttons]
    return draw


def _pause(size: tuple[int, int], px: Callable[[float], int]) -> Callable[
        [pygame.Surface], list[pygame.Rect]]:
    def draw(surface: pygame.Surface) -> list[pygame.Rect]:
        actions = dict.fromkeys(overlays.PAUSE_BUTTONS, _nothing)
        buttons = overlays.pause_buttons(size, px, actions, {2: NAME, 3: NAME},
                                         lambda seat: None, paused=False)
        overlays.draw_pause(surface, buttons)
        return [b.rect for b in buttons]
    return draw


def _tooltip(size: tuple[int, int], px: Callable[[float], int], text: str) -> Callable[
        [pygame.Surface], list[pygame.Rect]]:
    def draw(surface: pygame.Surface) -> list[pygame.Rect]:
        box = widgets.tooltip_surface(text, px(13))
        if box.get_width() > size[0] or box.get_height() > size[1]:
            raise NoRoom(f"a tooltip of {box.get_size()} for {text!r}")
        widgets.draw_tooltip(surface, text, (size[0] // 2, size[1] // 2), px(13))
        return []
    return draw


def _nothing() -> None:
    """(a button's action, never pressed here)"""


def piece_problems(size: tuple[int, int], log: TextLog) -> dict[str, list[str]]:
    """Each piece's problems (`textaudit.problems`), recorded into `log`."""
    found: dict[str, list[str]] = {}
    window = pygame.Rect((0, 0), size)
    for name, draw in pieces(size):
        surface = traced(size, log)
        try:
            buttons = draw(surface)
        except NoRoom as error:
            found[name] = [f"no room: {error}"]
        else:
            found[name] = problems(log, window, buttons)
        log.clear()
    return found


def lesson_problems(app: Any, size: tuple[int, int], log: TextLog) -> dict[str, list[str]]:
    """Each step of each edition's lesson: its box over the lesson's table (the
    table drawn once; each step's box, with its wrong-click note, drawn alone),
    recorded into `log`."""
    from .screens import screen_class
    from .table.lesson import LESSONS

    found: dict[str, list[str]] = {}
    window = pygame.Rect((0, 0), size)
    for edition in LESSONS:
        tutorial: Any = screen_class("tutorial")
        scene = tutorial(app, edition, restart=True)
        app.switch(scene)
        app.frame(0.0, [])
        log.clear()
        for index, step in enumerate([*scene.lesson.steps, None]):
            scene.step_index = index
            scene.lesson_note = tr(step.wrong) if step is not None and step.until else ""
            scene.refresh()
            scene.relayout()
            surface = traced(size, log)
            scene.box.draw(surface)
            buttons = [b.rect for b in scene.buttons if b.name.startswith("lesson_")]
            found[f"lesson {edition} {index + 1}"] = problems(log, window, buttons)
            log.clear()
    return found
