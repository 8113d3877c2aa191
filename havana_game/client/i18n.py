"""Interface text for the client: the short names its screens use for the
gettext catalogs of `havana_game.i18n` (`tr(key, **values)`, `trn(key, count,
**values)` for messages with plural forms)."""

from __future__ import annotations

from ..i18n import current_language, has_message, set_language
from ..i18n import gettext as tr
from ..i18n import ngettext as trn

__all__ = ["current_language", "has_message", "set_language", "tr", "trn"]
