"""The Hint button's thinking: the hard bot on the player's own view, searched in
the worker processes (a background thread only waits for them, so frames stay
smooth), and the one line that says what the suggestion gains."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...ai import hint as ai_hint
from ...ai import parallel
from ...ai.hint import Hint, hint_for
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

    def take(self) -> Hint | None:
        """The finished hint, if any. Called at every frame, it also warms the
        search processes when `searching` turns true."""
        searching = self._searching()
        if searching and not self._searched and not parallel.pool_running():
            parallel.warm()
        self._searched = searching
        return super().take()


def hint_line(hint: Hint, view: View, name: Callable[[int], str]) -> str:
    """One line: what the suggestion is, what this decision gains by itself, and
    why ("build Lighthouse: +3 VP", "Mama: 2 yellow, 1 gray toward Capitolio",
    "pass: no building here is worth what it costs")."""
    d: dict[str, Any] = hint.decision
    kind = d["kind"]
    seat = view["you"]
    assert seat is not None
    if kind == "choose":
        low, high = sorted(d["cards"], key=lambda c: _number(view, c))
        what = tr("hint.choose", cards=f"{card_name(low)} + {card_name(high)}",
                  number=f"{_number(view, low)}{_number(view, high)}")
    elif kind == "cover":
        kept = next(c for c in view["seats"][seat]["face_up"] if c != d["covered"])
        pair = sorted((kept, d["card"]), key=lambda c: _number(view, c))
        what = tr("hint.cover", card=card_name(d["card"]), covered=card_name(d["covered"]),
                  number="".join(str(_number(view, c)) for c in pair))
    elif kind == "act":
        what = tr("hint.act", card=card_name(d["card"]))
        if "target" in d and card_key(d["card"]).endswith("thief"):
            what = tr("hint.steal", card=card_name(d["card"]), victim=name(d["target"]))
        gained = {k: n for k, n in hint.gains.items() if n > 0 and k != "vp"}
        if gained:
            card = what if "target" in d else card_name(d["card"])
            what = tr("hint.act_gains", what=card, amounts=amounts_text(gained))
            if hint.toward:
                what = tr("hint.toward", text=what, building=building_name(hint.toward))
    elif kind == "tax":
        what = tr("hint.tax", victim=name(d["victim"]))
    elif kind == "build":
        row = view["rows"][d["row"]]
        ident = row[0] if d["side"] == "left" else row[-1]
        what = tr("hint.build_vp", building=building_name(ident),
                  vp=hint.gains.get("vp", building_vp(ident)))
    elif any(option["kind"] == "build" for option in hint.question):
        what = tr("hint.pass_save", building=building_name(hint.toward)) if hint.toward \
            else tr("hint.pass")
    else:
        what = tr("hint.end_turn_for", building=building_name(hint.toward)) if hint.toward \
            else tr("hint.end_turn")
    return tr("hint.line", text=what)


def _number(view: View, card: int) -> int:
    """A card's printed number."""
    return rules().cards[card].number
