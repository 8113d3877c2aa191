"""A seat's choices before it confirms them, checked against the legal
decisions the host sent. Pure logic: the table scene draws it, tests drive it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...presentation import decision_mode, effect, payment_weights
from ...rules import View
from .edition import card_key, costs

Decision = dict[str, Any]

def mode(view: View | None) -> str:
    """What the seat is asked now: choose, act, tax, build, cover, wait or over."""
    if view is None:
        return "wait"
    if view["phase"] == "over":
        return "over"
    legal = view.get("legal") or []
    if not legal:
        return "wait"
    kind = legal[0]["kind"]
    return decision_mode(kind)


def payment_cost(decision: Decision) -> tuple[int, int]:
    pay = decision.get("pay", {})
    weights = dict(zip(costs(), payment_weights(costs()), strict=True))
    return sum(weights[k] * n for k, n in pay.items()), sum(pay.values())


@dataclass
class Staging:
    """The staged, unconfirmed choice of the seat at the screen."""

    cards: list[int] = field(default_factory=list)
    """Hand cards picked (two at the opening, one in phase 3)."""
    covered: int | None = None
    act_card: int | None = None
    option: int | None = None
    """Index into `options()` when a card or the tax asks for a choice."""
    put: int | None = None
    """Reciclaje's hand card to put down, picked before the card to take back
    (the phone page's `put`, `web/staging.js`)."""
    end: tuple[int, str] | None = None
    pay_index: int = 0

    def clear(self) -> None:
        self.cards.clear()
        self.covered = self.act_card = self.option = self.put = self.end = None
        self.pay_index = 0

    @property
    def empty(self) -> bool:
        return not (self.cards or self.covered is not None or self.act_card is not None
                    or self.option is not None or self.end)

    def toggle_card(self, view: View, card: int) -> None:
        """Pick or unpick a hand card (the oldest pick drops out when full)."""
        limit = 2 if mode(view) == "choose" else 1
        if card in self.cards:
            self.cards.remove(card)
        else:
            self.cards.append(card)
            del self.cards[:-limit]

    def options(self, view: View) -> list[Decision]:
        """The legal decisions left to pick from once a card is chosen (act), or
        all tax picks (tax); empty when nothing needs picking."""
        legal = view.get("legal") or []
        current = mode(view)
        if current == "tax":
            return legal
        if current == "act" and self.act_card is not None:
            found = [d for d in legal if d["card"] == self.act_card]
            return found if len(found) > 1 else []
        return []

    def puts(self, view: View) -> list[int]:
        """The hand cards the staged card may put down first (Reciclaje), in the
        order of its options; empty for any other card."""
        return list(dict.fromkeys(d["put"] for d in self.options(view)
                                  if d.get("put") is not None))

    def put_down(self, view: View) -> int | None:
        """The card Reciclaje puts down: the one picked, else that of the option
        staged (a hint's); None until then, and for any other card."""
        if self.put is not None:
            return self.put
        staged = self.decision(view) if self.option is not None else None
        return staged.get("put") if staged is not None else None

    def payments(self, view: View) -> list[Decision]:
        """Legal builds of the staged end, cheapest first."""
        if self.end is None:
            return []
        row, side = self.end
        found = [d for d in view.get("legal") or [] if d["kind"] == "build"
                 and d["row"] == row and d["side"] == side]
        return sorted(found, key=payment_cost)

    def adopt(self, view: View, decision: Decision) -> None:
        """Stage `decision` (an element of the view's legal decisions, e.g. a
        hint), as the player's own picks would: the table shows it, Confirm sends it."""
        self.clear()
        kind = decision["kind"]
        if kind == "choose":
            self.cards = list(decision["cards"])
        elif kind == "cover":
            self.cards, self.covered = [decision["card"]], decision["covered"]
        elif kind == "act":
            self.act_card = decision["card"]
            options = self.options(view)
            self.option = options.index(decision) if decision in options else None
        elif kind == "tax":
            self.option = (view.get("legal") or []).index(decision)
        elif kind == "build":
            self.end = (decision["row"], decision["side"])
            payments = self.payments(view)
            self.pay_index = payments.index(decision) if decision in payments else 0

    def taking_back(self, view: View) -> list[int] | None:
        """With a card staged that takes a discarded card back (Refreshment: its
        effect's choice is take_back): the cards it may take (shown as cards), else None."""
        if self.act_card is None or effect(card_key(self.act_card)).choice != "take_back":
            return None
        return [d["target"] for d in self.options(view) if d.get("target") is not None]

    def take_back_card(self, view: View, card: int) -> None:
        """Stage Refreshment's option of taking `card` back (one of `taking_back`)."""
        self.option = next(index for index, d in enumerate(self.options(view))
                           if d.get("target") == card)

    def decision(self, view: View) -> Decision | None:
        """The complete legal decision staged now, or None if something is missing."""
        legal = view.get("legal") or []
        current = mode(view)
        found: Decision | None = None
        if current == "choose" and len(self.cards) == 2:
            found = {"kind": "choose", "cards": sorted(self.cards)}
        elif current == "cover" and self.cards and self.covered is not None:
            found = {"kind": "cover", "covered": self.covered, "card": self.cards[0]}
        elif current == "act" and self.act_card is not None:
            options = self.options(view)
            if options:
                found = options[self.option] if self.option is not None \
                    and self.option < len(options) else None
            else:
                found = next((d for d in legal if d["card"] == self.act_card), None)
        elif current == "tax" and self.option is not None and self.option < len(legal):
            found = legal[self.option]
        elif current == "build":
            payments = self.payments(view)
            if payments:
                found = payments[self.pay_index % len(payments)]
        return found if found in legal else None
