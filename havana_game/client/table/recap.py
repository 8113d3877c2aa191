"""What happened since a player's last decision: the other players' moves (who
took what from the market, who built what, who robbed or taxed whom) and the new
turn order, shown over the table for a few seconds when that player's turn comes
(or the hotseat curtain lifts on them). Skipped by a click or a key; a setting
turns it off.

The table keeps the events of each host update (one decision each) as a `Step`
with the seat that decided it; the recap of a seat is the steps after its own
last one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..ui import art, fonts
from ..ui.i18n import tr
from .layout import TableLayout
from .logtext import log_line, names_text

Event = dict[str, Any]

RECAP_KINDS = ("action", "materials_taken", "pesos_taken", "workers_taken", "building_built",
               "building_removed", "taxed", "pesos_stolen", "materials_stolen",
               "card_taken_back", "card_recycled", "discards_taken_back", "round_started")
"""Events a recap tells: another player's moves, and a new round's turn order."""
NOT_DECIDING = ("turn_started", "seated", "seat_left", "seat_standin", "seat_back",
                "seat_opened")
"""Events whose seat is not the one who decided the step they open."""
SECONDS, PER_LINE, LONGEST = 3.0, 0.5, 9.0
"""How long a recap stays: a base, more per line, at the most."""
TEXT = 14
"""Design size of a recap's lines."""
ROBBING = ("pesos_stolen", "materials_stolen", "taxed")
"""Events with a victim: drawn as an arrow from the actor's seat to the victim's."""
MOST_LINES = 14
"""Lines shown at the most (the newest; older ones are in the log)."""


@dataclass
class Step:
    """The public events one host update brought, and the seat whose decision
    led to it (None: not known, as for the deal)."""

    seat: int | None
    events: list[Event] = field(default_factory=list)


def decider(events: Sequence[Event]) -> int | None:
    """The seat whose decision caused `events`: the first event naming a seat
    (None for an end of turn, which names none: its events are no one's moves)."""
    for event in events:
        if event["kind"] not in NOT_DECIDING and "seat" in event["data"]:
            return int(event["data"]["seat"])
    return None


def retold_steps(events: Sequence[Event]) -> list[Step]:
    """A history told at once (on joining, rejoining or resuming a game), whose
    events came without the host updates that brought them: each event is a step,
    decided by the seat it names as the actor (`decider`), so a seat's recap tells
    what happened after its own last move, not the whole game."""
    return [Step(decider([event]), [event]) for event in events]


def since_last_decision(steps: Sequence[Step], seat: int) -> list[Event]:
    """The events a recap for `seat` tells: those of the steps after its last
    decision that another player made (or that began a round), in order. A round
    that the seat's own last move began (the last card covered) is told too: the
    step of that move brought it live, while a history retold brings it as a step
    of its own (`retold_steps`), and both tell the same."""
    last = max((i for i, step in enumerate(steps) if step.seat == seat), default=-1)
    begun = [event for event in steps[last].events
             if event["kind"] == "round_started"] if last >= 0 else []
    return begun + [event for step in steps[last + 1:] for event in step.events
                    if event["kind"] in RECAP_KINDS and event["data"].get("seat") != seat]


@dataclass
class Recap:
    """A recap on the screen: its lines (text, the actor's seat) and the seconds left."""

    seat: int
    lines: list[tuple[str, int | None]]
    left: float
    arrows: list[tuple[int, int]] = field(default_factory=list)
    """(thief or tax collector, victim): an arrow between their seats."""

    @classmethod
    def of(cls, events: Sequence[Event], seat: int, name: Callable[[int], str]) -> Recap | None:
        """The recap of `events` for `seat`, or None if there is nothing to tell
        but a new round's turn order (the top bar shows it: no panel to dismiss
        for that alone)."""
        if all(event["kind"] == "round_started" for event in events):
            return None
        lines: list[tuple[str, int | None]] = []
        for event in events:
            data = event["data"]
            if event["kind"] == "round_started":
                text: str | None = tr("recap.order", n=data["round"],
                                      names=names_text([name(s) for s in data["order"]]))
            else:
                text = log_line(event, name)
            if text:
                lines.append((text, data.get("seat")))
        if not lines:
            return None
        arrows = list(dict.fromkeys((e["data"]["seat"], e["data"]["victim"]) for e in events
                                    if e["kind"] in ROBBING))
        return cls(seat, lines[-MOST_LINES:], min(LONGEST, SECONDS + PER_LINE * len(lines)),
                   arrows)

    def _frame(self, layout: TableLayout) -> tuple[int, int]:
        """Design-scaled heights of the panel's parts besides its lines: above
        them (the title) and below them (the skip note)."""
        px = layout.px
        return px(12) + fonts.line_step(px(18), 1.3), fonts.line_step(px(12), 1.3) + px(14)

    def shown(self, layout: TableLayout) -> list[tuple[tuple[str, ...], int | None]]:
        """The lines shown, each wrapped to the panel's width: the newest that fit
        the window whole (the older ones are in the log)."""
        px = layout.px
        width = layout.rows.w - px(40) - px(60)
        step = fonts.line_step(px(TEXT), 1.35)
        above, below = self._frame(layout)
        room = layout.size[1] - px(80) - above - below
        shown: list[tuple[tuple[str, ...], int | None]] = []
        for text, actor in reversed(self.lines):
            wrapped = fonts.wrap(text, px(TEXT), width)
            room -= step * len(wrapped)
            if room < 0 and shown:
                break
            shown.insert(0, (wrapped, actor))
        return shown

    def rect(self, layout: TableLayout) -> pygame.Rect:
        """Where the panel goes: over the building rows, as tall as its lines."""
        px = layout.px
        step = fonts.line_step(px(TEXT), 1.35)
        above, below = self._frame(layout)
        lines = sum(len(wrapped) for wrapped, _ in self.shown(layout))
        box = pygame.Rect(0, 0, layout.rows.w - px(40), above + step * lines + below)
        box.midtop = (layout.rows.centerx, layout.rows.top + px(14))
        return box

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> pygame.Rect:
        """The panel: a title, each line after a swatch of its actor's seat color
        (a long one wrapped), and how to skip it; returns where it was drawn."""
        px = layout.px
        box = self.rect(layout)
        drawn = [self._arrow(surface, layout, actor, victim) for actor, victim in self.arrows
                 if actor in layout.seats and victim in layout.seats]
        surface.blit(art.panel(box.size, True), box)
        title = fonts.text(tr("recap.title"), px(18), art.ACCENT, True)
        surface.blit(title, (box.left + px(16), box.top + px(12)))
        y = box.top + self._frame(layout)[0]
        step = fonts.line_step(px(TEXT), 1.35)
        for wrapped, actor in self.shown(layout):
            if actor is not None and actor < len(art.SEAT_COLORS):
                swatch = pygame.Rect(box.left + px(16), y + px(3), px(14),
                                     step * len(wrapped) - px(6))
                pygame.draw.rect(surface, art.SEAT_COLORS[actor], swatch,
                                 border_radius=px(3))
            for line in wrapped:
                surface.blit(fonts.text(line, px(TEXT), art.TEXT_LIGHT), (box.left + px(40), y))
                y += step
        skip = fonts.text(tr("recap.skip"), px(12), art.TEXT_DIM)
        surface.blit(skip, skip.get_rect(bottomright=(box.right - px(14), box.bottom - px(8))))
        return box.unionall(drawn)

    @staticmethod
    def _arrow(surface: pygame.Surface, layout: TableLayout, actor: int,
               victim: int) -> pygame.Rect:
        """An arrow in the actor's seat color from their seat to the victim's; where."""
        start = pygame.Vector2(layout.seat_anchor(actor))
        end = pygame.Vector2(layout.seat_anchor(victim))
        if start == end:
            return pygame.Rect(start.x, start.y, 0, 0)
        color = art.SEAT_COLORS[actor % len(art.SEAT_COLORS)]
        way = (end - start).normalize()
        side = pygame.Vector2(-way.y, way.x)
        head = layout.px(22)
        tip = end - way * layout.px(20)
        line = pygame.draw.line(surface, color, start, tip - way * head, layout.px(6))
        points = [tip, tip - way * head + side * head * 0.6, tip - way * head - side * head * 0.6]
        return line.union(pygame.draw.polygon(surface, color, points))
