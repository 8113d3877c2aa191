"""What the seat at the screen means by a pick: table things and buttons stage a
choice against the view's legal decisions (`staging.Staging`); confirming sends
it. The table scene draws; this decides what input does."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ...rules import View
from ..ui.i18n import tr
from .choices import removes_a_building
from .staging import Staging, mode
from .targets import DiscardCard, FaceUpCard, HandCard, RowEnd, Target

DRAG_DISTANCE = 20
"""Design pixels a hand card must move to count as dragged, not clicked."""


class Table(Protocol):
    """What the controller needs of the table (`flow.TableFlow`)."""

    @property
    def viewer(self) -> int | None: ...

    @property
    def view(self) -> View | None: ...

    def deciding(self) -> bool: ...

    def send_decision(self, seat: int, decision: dict[str, Any]) -> None: ...

    def refresh(self) -> None: ...

    def play_sound(self, name: str) -> None: ...

    def explain(self, text: str) -> None: ...


class TableController:
    """The staged choice, its option page, and a hand card being dragged."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.staging = Staging()
        self.option_page = 0
        self.drag: tuple[int, tuple[int, int]] | None = None
        """A hand card being dragged, and where the drag started."""

    def _view(self) -> View:
        view = self.table.view
        assert view is not None
        return view

    # -- confirming ------------------------------------------------------------
    def confirm(self) -> None:
        """Send the staged decision, if complete."""
        view = self.table.view
        if view is None or not self.table.deciding():
            return
        decision = self.staging.decision(view)
        if decision is not None:
            self.send(decision)

    def send(self, decision: dict[str, Any]) -> None:
        """Send `decision` for the seat at the screen (while it decides)."""
        viewer = self.table.viewer
        if viewer is not None and self.table.view is not None and self.table.deciding():
            self.table.send_decision(viewer, decision)
            self.staging.clear()
            self.table.refresh()

    def undo(self) -> None:
        self.staging.clear()
        self.option_page = 0
        self.table.refresh()

    def new_question(self) -> None:
        """The legal decisions changed: what was staged no longer applies."""
        self.staging.clear()
        self.option_page = 0

    # -- picking things on the table ---------------------------------------------
    def refusal(self, target: Target) -> str:
        """Why a pick of `target` cannot be carried out now (a message key), or ""
        if it can: what the arrow keys skip and a click explains."""
        view = self._view()
        current = mode(view)
        viewer = self.table.viewer
        if isinstance(target, HandCard):
            return "" if current in ("choose", "cover") or target.card in self.staging.puts(view) \
                else f"why.hand.{current}"
        if isinstance(target, FaceUpCard):
            if viewer is None or target.card not in view["seats"][viewer]["face_up"]:
                return "why.not_yours"
            if current == "cover" or (current == "act" and any(
                    d["card"] == target.card for d in view["legal"])):
                return ""
            return "why.face_up.done" if current in ("act", "build") else f"why.face_up.{current}"
        if isinstance(target, DiscardCard):
            return ""
        if current == "build":
            payable = any(d["kind"] == "build" and d["row"] == target.row
                          and d["side"] == target.side for d in view["legal"])
            return "" if payable else "why.row.cannot_pay"
        return "" if current == "act" and self._removing(view, target) else "why.row.not_now"

    def _removing(self, view: View, end: RowEnd) -> list[int]:
        """The staged card's options (by index) that remove the building at `end`."""
        position = end.row * 2 + (end.side == "right")
        return [i for i, d in enumerate(self.staging.options(view))
                if d.get("target") == position and removes_a_building(d["card"])]

    def pick(self, target: Target) -> None:
        """Stage the choice a click (or Space) on `target` means; a pick that
        cannot be carried out says why, in the action panel."""
        why = self.refusal(target)
        if why:
            self.table.explain(tr(why))
            return
        view = self._view()
        if isinstance(target, HandCard) and mode(view) == "act":
            self.choose_put(target.card)
            return
        if isinstance(target, HandCard):
            self.staging.toggle_card(view, target.card)
        elif isinstance(target, FaceUpCard):
            if mode(view) == "act":
                self.staging.act_card, self.staging.option, self.option_page = \
                    target.card, None, 0
                self.staging.put = None
            else:
                self.staging.covered = target.card
        elif isinstance(target, DiscardCard):
            self.staging.take_back_card(view, target.card)
        elif mode(view) == "build":
            self.staging.end, self.staging.pay_index = (target.row, target.side), 0
        else:
            self.staging.option = self._removing(view, target)[0]
        self.table.play_sound("click")
        self.table.refresh()

    # -- buttons ---------------------------------------------------------------------
    def pick_option(self, index: int) -> None:
        self.staging.option = index
        self.table.refresh()

    def choose_put(self, card: int | None) -> None:
        """Reciclaje: `card` is the one to put down (its button, or the card in the
        hand; None: pick it again); the card to take back is picked next."""
        self.staging.put, self.staging.option, self.option_page = card, None, 0
        self.table.play_sound("click")
        self.table.refresh()

    def next_page(self) -> None:
        self.option_page += 1
        self.table.refresh()

    def previous_page(self) -> None:
        """The option pages wrap round both ways (`_options` takes the page modulo)."""
        self.option_page -= 1
        self.table.refresh()

    def next_payment(self) -> None:
        self.staging.pay_index += 1
        self.table.refresh()

    # -- dragging a hand card ----------------------------------------------------------
    def drag_event(self, event: pygame.event.Event, targets: dict[Target, pygame.Rect],
                   own_panel: pygame.Rect | None, px: int) -> bool:
        """Drag a hand card onto your panel (or onto the face-up card to cover); True
        if the event ended a drag. `px` is `DRAG_DISTANCE` in screen pixels."""
        view = self.table.view
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.table.deciding() and mode(view) in ("choose", "cover"):
            hit = next((t for t, rect in targets.items()
                        if isinstance(t, HandCard) and rect.collidepoint(event.pos)), None)
            self.drag = (hit.card, event.pos) if hit else None
            return False
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or self.drag is None:
            return False
        card, start = self.drag
        self.drag = None
        if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) < px \
                or own_panel is None or view is None or not self.table.deciding():
            return False
        viewer = self.table.viewer
        assert viewer is not None  # deciding
        face_up = view["seats"][viewer]["face_up"]
        covered = next((t.card for t, rect in targets.items()
                        if isinstance(t, FaceUpCard) and rect.collidepoint(event.pos)
                        and t.card in face_up), None)
        if not own_panel.collidepoint(event.pos):
            return True
        if card not in self.staging.cards:
            self.staging.toggle_card(view, card)
        if covered is not None and mode(view) == "cover":
            self.staging.covered = covered
        self.table.play_sound("card")
        self.table.refresh()
        return True
