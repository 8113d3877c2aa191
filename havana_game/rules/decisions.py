"""The decisions a seat can make, and their JSON form.

Each kind is its own NamedTuple type: cheap to build, hashable, and compared by
value, so the engine checks a decision by looking it up among the legal ones.
Card fields are indexes into the ruleset's card set; `end` numbers the four
buildable end positions as row * 2 + side (side 0 = left, 1 = right).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import IllegalDecision
from .materials import WORKER_TAKE
from .ruleset import CLASSIC_NAMES, Names


class Choose(NamedTuple):
    """Setup: the two cards a seat puts face down (indexes, ascending)."""

    cards: tuple[int, int]


class Act(NamedTuple):
    """Phase 1: carry out the action of one of the seat's two face-up cards.

    `target` is what the card acts on: a victim seat (thieves), an end position
    (Conservation), a card from the discard pile (Refreshment, Recycling); -1 means
    none or "decline" for the optional cards. `take` lists the materials chosen
    (Mama's colors, a thief's loot, Smuggling's chosen kind), ascending. `put` is
    the hand card Recycling puts face down onto the discard pile, else -1.
    """

    card: int
    target: int = -1
    take: tuple[int, ...] = ()
    put: int = -1


class Tax(NamedTuple):
    """Tax Collector: what to remove from one later player (a material or a worker)."""

    victim: int
    take: int
    """A material index, or `WORKER_TAKE` for a worker."""


class Build(NamedTuple):
    """Build the card at an end position, paying exactly `payment`."""

    end: int
    payment: tuple[int, int, int, int, int, int, int]
    """The four colors, gray, pesos, workers actually handed over (`Names.costs`)."""


class EndTurn(NamedTuple):
    """Finish building; the phase-1 turn ends."""


class Cover(NamedTuple):
    """Phase 3: put `card` from hand face down on the face-up card `covered`."""

    covered: int
    card: int


Decision = Choose | Act | Tax | Build | EndTurn | Cover

END_TURN = EndTurn()

_KIND_OF = {Choose: "choose", Act: "act", Tax: "tax", Build: "build", EndTurn: "end_turn",
            Cover: "cover"}


def kind_of(decision: Decision) -> str:
    return _KIND_OF[type(decision)]


def to_json(decision: Decision, names: Names = CLASSIC_NAMES) -> dict[str, Any]:
    """The JSON (and msgpack) form of a decision; materials are named with the
    edition's words (`Ruleset.names`)."""
    kind = _KIND_OF[type(decision)]
    if isinstance(decision, Choose):
        return {"kind": kind, "cards": list(decision.cards)}
    if isinstance(decision, Act):
        out: dict[str, Any] = {"kind": kind, "card": decision.card}
        if decision.target != -1:
            out["target"] = decision.target
        if decision.take:
            out["take"] = [names.materials[m] for m in decision.take]
        if decision.put != -1:
            out["put"] = decision.put
        return out
    if isinstance(decision, Tax):
        return {"kind": kind, "victim": decision.victim, "take": names.tax_takes[decision.take]}
    if isinstance(decision, Build):
        return {"kind": kind, "row": decision.end >> 1, "side": ("left", "right")[decision.end & 1],
                "pay": {name: n for name, n in zip(names.costs, decision.payment, strict=True)
                        if n}}
    if isinstance(decision, Cover):
        return {"kind": kind, "covered": decision.covered, "card": decision.card}
    return {"kind": kind}


def _malformed(message: str) -> IllegalDecision:
    return IllegalDecision("malformed", message)


def _int(obj: dict[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    value = obj.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise _malformed(f"'{key}' must be an integer from {low} to {high}")
    return value


def _allowed_keys(obj: dict[str, Any], *keys: str) -> None:
    extra = set(obj) - {"kind", *keys}
    if extra:
        raise _malformed(f"unexpected fields {sorted(extra)}")


def from_json(obj: Any, names: Names = CLASSIC_NAMES) -> Decision:
    """Parse the JSON form (materials in the edition's words); raises
    `IllegalDecision` with reason "malformed"."""
    if not isinstance(obj, dict):
        raise _malformed("a decision must be a JSON object")
    kind = obj.get("kind")
    if kind == "choose":
        _allowed_keys(obj, "cards")
        cards = obj.get("cards")
        if (not isinstance(cards, list) or len(cards) != 2
                or not all(type(c) is int and 0 <= c < 64 for c in cards)):
            raise _malformed("'cards' must be a list of two card indexes")
        low, high = sorted(cards)
        return Choose((low, high))
    if kind == "act":
        _allowed_keys(obj, "card", "target", "take", "put")
        take = obj.get("take", [])
        if (not isinstance(take, list) or len(take) > 64
                or not all(isinstance(t, str) and t in names.materials for t in take)):
            raise _malformed(f"'take' must be a list of material names {list(names.materials)}")
        return Act(_int(obj, "card", 0, 63), _int(obj, "target", -1, 63, -1),
                   tuple(sorted(names.materials.index(t) for t in take)),
                   _int(obj, "put", -1, 63, -1))
    if kind == "tax":
        _allowed_keys(obj, "victim", "take")
        take = obj.get("take")
        if take not in names.tax_takes:
            raise _malformed(f"'take' must be one of {list(names.tax_takes)}")
        return Tax(_int(obj, "victim", 0, 63), names.tax_takes.index(take))
    if kind == "build":
        _allowed_keys(obj, "row", "side", "pay")
        side, pay = obj.get("side"), obj.get("pay")
        if side not in ("left", "right"):
            raise _malformed("'side' must be 'left' or 'right'")
        if not isinstance(pay, dict) or set(pay) - set(names.costs):
            raise _malformed(f"'pay' must be an object with keys from {list(names.costs)}")
        payment = tuple(pay.get(name, 0) for name in names.costs)
        if not all(type(n) is int and 0 <= n <= 1000 for n in payment):
            raise _malformed("payment amounts must be integers from 0 to 1000")
        end = _int(obj, "row", 0, 1) * 2 + (side == "right")
        return Build(end, payment)
    if kind == "end_turn":
        _allowed_keys(obj)
        return END_TURN
    if kind == "cover":
        _allowed_keys(obj, "covered", "card")
        return Cover(_int(obj, "covered", 0, 63), _int(obj, "card", 0, 63))
    raise _malformed(f"unknown decision kind {kind!r}")


__all__ = ["Act", "Build", "Choose", "Cover", "Decision", "END_TURN", "EndTurn", "Tax",
           "WORKER_TAKE", "from_json", "kind_of", "to_json"]
