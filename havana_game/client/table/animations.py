"""Turning host events into animations on the table: materials and pesos flying
between market, bank and players, buildings leaving the rows, the refill dealt
from the pile, cards flipping on the reveal, VP counting up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...rules import View
from ..ui import tokens
from ..ui.cards import card_back
from ..ui.tween import Animator
from .canvas import building_face
from .layout import TableLayout

BuildingFace = Callable[[str, tuple[int, int], bool], pygame.Surface]
"""A building's card (`ident`, size, letters on the materials) as a surface."""

MAX_TOKENS = 6
"""At most this many tokens fly for one event (10 pesos fly as 6 coins)."""


class EventAnimator:
    """Starts the animations for one host update, given the view before it; a
    building flies as `face` draws it (the table's card by default)."""

    def __init__(self, animator: Animator, layout: TableLayout, letters: bool,
                 face: BuildingFace = building_face) -> None:
        self.animator = animator
        self.layout = layout
        self.letters = letters
        self.face = face
        self.hidden: dict[str, float] = {}
        """Building ids not drawn in the rows yet (dealt cards still in flight)."""

    def _spot(self, name: str) -> tuple[int, int]:
        return self.layout.market_slot(name).move(0, -self.layout.px(14)).center

    def _seat(self, seat: int) -> tuple[int, int]:
        if seat in self.layout.seats:
            return self.layout.seat_anchor(seat)
        return self.layout.top.center

    def _tokens(self, names: list[str], start: tuple[int, int], end: tuple[int, int],
                delay: float = 0.0) -> None:
        size = self.layout.px(26)
        for i, name in enumerate(names[:MAX_TOKENS]):
            self.animator.fly(tokens.resource_icon(name, size, self.letters), start, end,
                              duration=0.5, delay=delay + 0.08 * i)

    def start(self, old: View | None, new: View, events: list[dict[str, Any]]) -> list[str]:
        """Animate `events`; returns the sound names to play."""
        sounds: list[str] = []
        for event in events:
            kind, d = event["kind"], event["data"]
            handler = getattr(self, "_" + kind, None)
            if handler is not None:
                sound = handler(old, new, d)
                if sound:
                    sounds.append(sound)
        return sounds

    def _materials_taken(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        names = [m for m, n in d["materials"].items() for _ in range(n)]
        source = self._spot("bag") if d["source"] == "bag" else None
        for m in dict.fromkeys(names):
            start = source or self._spot(m)
            self._tokens([x for x in names if x == m], start, self._seat(d["seat"]))
        return "material"

    def _pesos_taken(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        start = self._spot("pesos") if d["source"] == "market" else self._spot("workers")
        self._tokens(["pesos"] * d["count"], start, self._seat(d["seat"]))
        return "coin"

    def _workers_taken(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        self._tokens(["workers"] * d["count"], self._spot("workers"), self._seat(d["seat"]))
        return "material"

    def _pesos_stolen(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        self._tokens(["pesos"] * d["count"], self._seat(d["victim"]), self._seat(d["seat"]))
        return "coin"

    def _materials_stolen(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        names = [m for m, n in d["materials"].items() for _ in range(n)]
        self._tokens(names, self._seat(d["victim"]), self._seat(d["seat"]))
        return "material"

    def _taxed(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        take = "workers" if d["take"] == "worker" else d["take"]
        self._tokens([take], self._seat(d["victim"]), self._spot("bag" if take != "workers"
                                                                  else "workers"))
        return "material"

    def _market_supplied(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        for i, (m, n) in enumerate(d["materials"].items()):
            self._tokens([m] * n, self._spot("bag"), self._spot(m), delay=0.1 * i)
        self._tokens(["pesos"] * d["pesos"], self._spot("workers"), self._spot("pesos"))
        return "coin"

    def _row_card(self, view: View | None, ident: str) -> tuple[int, int] | None:
        if view is None:
            return None
        for r, row in enumerate(view["rows"]):
            if ident in row:
                return self.layout.row_card(r, row.index(ident), len(row)).center
        return None

    def _building_surface(self, ident: str, share: float = 1.0) -> Any:
        w, h = self.layout.card_size()
        return self.face(ident, (int(w * share), int(h * share)), self.letters)

    def _building_built(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        start = self._row_card(old, d["building"])
        if start:
            self.animator.fly(self._building_surface(d["building"]), start,
                              self._seat(d["seat"]), duration=0.7)
        seat = new["seats"][d["seat"]]
        before = old["seats"][d["seat"]]["vp"] if old else seat["vp"]
        self.animator.count(f"vp:{d['seat']}", before, seat["vp"], duration=0.9)
        return "build"

    def _building_removed(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        start = self._row_card(old, d["building"])
        if start:
            self.animator.fly(self._building_surface(d["building"], 0.8), start,
                              (start[0], -self.layout.px(150)), duration=0.6)
        return "card"

    def _row_refilled(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        card = card_back(self.layout.card_size())
        pile = self._spot("pile")
        for i, ident in enumerate(d["buildings"]):
            end = self._row_card(new, ident)
            if end and self.animator.speed > 0:
                delay = 0.5 + 0.12 * i
                self.animator.fly(card, pile, end, duration=0.45, delay=delay)
                self.hidden[ident] = delay + 0.45
        return "card"

    def _cards_revealed(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        for seat in range(new["players"]):
            for slot in (0, 1):
                self.animator.flip(f"reveal:{seat}:{slot}", delay=0.15 * seat + 0.08 * slot)
        return "card"

    def _card_covered(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        return "card"

    def _cards_chosen(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        return "card"

    def _turn_started(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        return "turn" if new.get("you") == d["seat"] else ""

    def _game_over(self, old: View | None, new: View, d: dict[str, Any]) -> str:
        return "win"

    def update(self, dt: float) -> None:
        step = dt * self.animator.speed
        self.hidden = {k: t - step for k, t in self.hidden.items() if t - step > 0}

    def skip(self) -> None:
        self.hidden.clear()
        self.animator.skip()
