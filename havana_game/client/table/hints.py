"""The Hint button's thinking: the hard bot on the player's own view, searched in
the worker processes (a background thread only waits for them, so frames stay
smooth), and the one line that says what the suggestion gains."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...ai import hint as ai_hint
from ...ai import parallel
from ...ai.hint import Hint, hint_for
from ...presentation import effect
from ...rules import View
from ..ui.i18n import tr
from ..wake import nudge
from .edition import card_key, rules
from .logtext import amounts_text, building_name, building_vp, card_name


class HintService(ai_hint.HintService):
    """The Hint button's `ai.hint.HintService`, waking the main loop when a hint
    is ready so the table shows it at once.

    `searching` says whether searches may run for this table (hints offered: a
    local game with a bot, whose searches share the pool, or a LAN table whose
    host allows them). The search processes start (`parallel.warm`) as soon as it
    turns true, so the first hint or bot move finds them up; a table where it
    stays false (a LAN guest without hints, hotseat) starts none. Once they ended
    idle (`parallel.IDLE_TIMEOUT_S`), the next search starts them again."""

    def __init__(self, think: Callable[[View], Hint] = hint_for,
                 searching: Callable[[], bool] = lambda: False) -> None:
        super().__init__(think, on_done=nudge)
        self._searching = searching
        self._searched = False
        """`searching()` at the last frame."""

    def take(self, deciding: View | None = None) -> Hint | None:
        """The finished hint, if any. Called at every frame, it also warms the
        search processes when `searching` turns true, and searches the question
        of `deciding` (the seat's view while it decides, when the player uses
        hints) before the press, so that a press after a moment's thought shows
        the hint at once (`prepare`; the search processes run below the window's
        priority, this thread only waits). It waits until the seat decides alone:
        a bot still choosing at the same time (the cards of a round) searches on
        the same processes, and the hint would get half of them."""
        searching = self._searching()
        if searching and not self._searched and not parallel.pool_running():
            parallel.warm()
        self._searched = searching
        if searching and deciding is not None and len(deciding.get("legal") or ()) > 1 \
                and deciding.get("to_decide") == [deciding.get("you")]:
            self.prepare(deciding)
        return super().take()


def hint_line(hint: Hint, view: View, name: Callable[[int], str]) -> str:
    """One line: what the suggestion is (the very option it stages), what this
    decision gains by itself (a chance told as a chance) and why ("build
    Lighthouse: +3 VP", "Mama: 2 yellow, 1 gray toward Capitolio", "cover Pesos
    with Mama: your number 58 becomes 39, you play earlier", "pass: no building
    here is worth what it costs")."""
    d: dict[str, Any] = hint.decision
    kind = d["kind"]
    seat = view["you"]
    assert seat is not None
    if kind == "choose":
        low, high = sorted(d["cards"], key=lambda c: _number(view, c))
        what = tr("hint.choose", cards=f"{card_name(low)} + {card_name(high)}",
                  number=f"{_number(view, low)}{_number(view, high)}")
    elif kind == "cover":
        what = _cover_text(d, view, seat)
    elif kind == "act":
        what = _act_text(hint, view, name)
    elif kind == "tax":
        take = "workers" if d["take"] == "worker" else d["take"]
        what = tr("hint.tax_take", victim=name(d["victim"]), amounts=amounts_text({take: 1}))
    elif kind == "build":
        row = view["rows"][d["row"]]
        ident = row[0] if d["side"] == "left" else row[-1]
        vp = hint.gains.get("vp", building_vp(ident))
        ways = [o for o in hint.question if o["kind"] == "build"
                and (o["row"], o["side"]) == (d["row"], d["side"])]
        what = tr("hint.build_pay", building=building_name(ident), vp=vp,
                  amounts=amounts_text(d.get("pay", {}))) if len(ways) > 1 \
            else tr("hint.build_vp", building=building_name(ident), vp=vp)
    elif any(option["kind"] == "build" for option in hint.question):
        what = tr("hint.pass_save", building=building_name(hint.toward)) if hint.toward \
            else tr("hint.pass")
    else:
        what = tr("hint.end_turn_for", building=building_name(hint.toward)) if hint.toward \
            else tr("hint.end_turn")
    return tr("hint.line", text=what)


def _cover_text(d: dict[str, Any], view: View, seat: int) -> str:
    """Cover: which card goes, and why: the new number plays earlier or later in
    the turn (lower numbers play first), or the same, with the new card's action
    in place of the covered one's."""
    face_up = view["seats"][seat]["face_up"]
    kept = next(c for c in face_up if c != d["covered"])
    pair = sorted((kept, d["card"]), key=lambda c: _number(view, c))
    new = "".join(str(_number(view, c)) for c in pair)
    old = "".join(str(n) for n in sorted(_number(view, c) for c in face_up))
    key = "hint.cover_earlier" if int(new) < int(old) else \
        "hint.cover_later" if int(new) > int(old) else "hint.cover_same"
    return tr(key, card=card_name(d["card"]), covered=card_name(d["covered"]), number=new,
              was=old)


def _act_text(hint: Hint, view: View, name: Callable[[int], str]) -> str:
    """Carrying out a card: the option the hint stages (Refreshment's card taken
    back or not using it, Conservation's building, a thief's victim, Reciclaje's
    cards) and what it gains: "may give" when the gain is drawn at random."""
    d: dict[str, Any] = hint.decision
    card = d["card"]
    look = effect(card_key(card))
    target: Any = d.get("target")
    plain = False
    if look.choice in ("take_back", "remove_end", "recycle") and target is None:
        return tr("hint.decline", card=card_name(card))
    if look.choice == "take_back":
        what = tr("hint.take_back", card=card_name(card), taken=card_name(target))
    elif look.choice == "remove_end":
        row = view["rows"][target >> 1]
        what = tr("hint.remove_end", card=card_name(card),
                  building=building_name(row[-1] if target & 1 else row[0]))
    elif look.choice == "recycle":
        put = d.get("put")
        what = tr("hint.recycle", card=card_name(card), taken=card_name(target)) \
            if put is None else tr("hint.recycle_put", card=card_name(card),
                                   put=card_name(put), taken=card_name(target))
    elif target is not None and look.robs:
        what = tr("hint.steal", card=card_name(card), victim=name(target))
    else:
        what, plain = tr("hint.act", card=card_name(card)), True
    gained = {k: n for k, n in hint.gains.items() if n > 0 and k != "vp"}
    head = card_name(card) if plain else what
    if hint.drawn:
        what = tr("hint.act_draw_may", what=head, count=hint.drawn,
                  amounts=amounts_text(gained)) if gained \
            else tr("hint.act_draw", what=head, count=hint.drawn)
    elif gained:
        what = tr("hint.act_may" if hint.chance else "hint.act_gains", what=head,
                  amounts=amounts_text(gained))
    if gained and hint.toward:
        what = tr("hint.toward", text=what, building=building_name(hint.toward))
    return what


def _number(view: View, card: int) -> int:
    """A card's printed number."""
    return rules().cards[card].number
