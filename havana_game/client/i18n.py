"""Interface text for the client: the short names its screens use for the
gettext catalogs of `havana_game.i18n` (`tr(key, **values)`, `trn(key, count,
**values)` for messages with plural forms), and the language switch, which also
drops the card faces drawn in the previous language."""

from __future__ import annotations

from .. import i18n
from ..i18n import current_language, has_message
from ..i18n import gettext as tr
from ..i18n import ngettext as trn

__all__ = ["current_language", "has_message", "set_language", "tr", "trn"]


def set_language(language: str) -> None:
    """Show all text in `language` from the next frame on."""
    from . import art  # art draws with this module's `tr`
    i18n.set_language(language)
    art.forget_text()
