"""Interface text for the client: the short names its screens use for the
gettext catalogs of `havana_game.i18n` (`tr(key, **values)`, `trn(key, count,
**values)` for messages with plural forms; `tr_name(kind, **fields)` for the names
the presentation vocabulary keys: cards, buildings, materials, AI levels, ...),
and the language switch, which also
tells `LANGUAGE_LISTENERS` (`cards` and `buildings` drop the card faces drawn
in the previous language)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ... import i18n
from ...i18n import current_language, has_message
from ...i18n import gettext as tr
from ...i18n import ngettext as trn
from ...presentation import text_key

__all__ = ["LANGUAGE_LISTENERS", "card_meaning", "current_language", "has_message",
           "set_language", "tr", "tr_name", "trn"]


LANGUAGE_LISTENERS: list[Callable[[], None]] = []
"""Called after every language switch: whatever caches drawn text (card faces)
registers here to drop it."""


def set_language(language: str) -> None:
    """Show all text in `language` from the next frame on."""
    i18n.set_language(language)
    for forget in LANGUAGE_LISTENERS:
        forget()


def tr_name(kind: str, **fields: Any) -> str:
    """A name in the current language, by its kind in the presentation vocabulary
    (`presentation.text_key`): `tr_name("card", name="siesta")`."""
    return tr(text_key(kind, **fields))


def card_meaning(name: str) -> str | None:
    """What a card's printed Spanish name (a 2024 card's, `name` as printed:
    "arquitecto") means in the current language, if that reads differently."""
    key = f"card.meaning.{name}"
    if not has_message(key):
        return None
    meaning = tr(key)
    return None if meaning.casefold() == tr_name("card", name=name).casefold() else meaning
